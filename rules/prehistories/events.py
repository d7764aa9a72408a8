"""The facts a game of Prehistories is made of. ``evolve`` applies them; they never fail."""
from __future__ import annotations

import enum
from dataclasses import dataclass

from .cave import Placement
from .commands import PlayerSetup, ZoneFill
from .data import BoardSide, Colour


class DrawReason(str, enum.Enum):
    """Why cards were drawn."""

    NO_HUNT = "no hunt"
    HUNT = "hunt"
    HAND_PRINT = "hand print"


@dataclass(frozen=True)
class GameStarted:
    """The players (in seating order), the goal cards in play and the board side."""

    players: tuple[PlayerSetup, ...]
    goals: tuple[str, ...]
    side: BoardSide


@dataclass(frozen=True)
class TilesDrawn:
    """Tiles drawn for these zones, not on the board yet (``by_cairn``: Cairn drew them for the table).

    Added after the first saved games: a log without it (the tiles given only by ``ZonesFilled``) replays
    as it always did."""

    tiles: tuple[ZoneFill, ...]
    by_cairn: bool = False


@dataclass(frozen=True)
class ZonesFilled:
    """A round begins: these tiles left their stacks for these zones."""

    tiles: tuple[ZoneFill, ...]


@dataclass(frozen=True)
class HuntersPlayed:
    """A player revealed these hunters (by speed) for this round."""

    colour: Colour
    speeds: tuple[int, ...]


@dataclass(frozen=True)
class TurnOrderSet:
    """Everyone revealed: the order of hunting and painting, and who played no hunter (and skips the hunt)."""

    order: tuple[Colour, ...]
    passed: tuple[Colour, ...]


@dataclass(frozen=True)
class CardsDrawn:
    """A player draws ``count`` cards (``owed`` by the rule, fewer when the cards run out).

    ``reshuffled``: the discard pile was shuffled under the deck first.
    """

    colour: Colour
    count: int
    owed: int
    reshuffled: bool
    reason: DrawReason


@dataclass(frozen=True)
class TileTaken:
    """A hunt succeeded: the tile of ``zone`` is taken, ``hunters`` are spent, with or without an injury."""

    colour: Colour
    zone: int
    tile: int
    hunters: tuple[int, ...]
    injured: bool


@dataclass(frozen=True)
class HuntEnded:
    """A player ended their hunt; the unspent hunters ``returned`` go back to the hand."""

    colour: Colour
    returned: tuple[int, ...]


@dataclass(frozen=True)
class TilePainted:
    """A taken tile is painted in the player's cave."""

    colour: Colour
    placement: Placement


@dataclass(frozen=True)
class TileDiscarded:
    """A taken tile could not be painted anywhere and is discarded."""

    colour: Colour
    tile: int


@dataclass(frozen=True)
class ObjectiveMet:
    """A player places ``totems`` totems on ``objective`` ("row 3", "column 0", "legendary" or a goal id).

    ``first``: nobody had met this goal card before (always ``False`` for the permanent objectives).
    """

    colour: Colour
    objective: str
    totems: int
    first: bool


@dataclass(frozen=True)
class GameWon:
    """A player placed all their totems: the game ends at once."""

    colour: Colour


EVENTS: tuple[type, ...] = (
    GameStarted, TilesDrawn, ZonesFilled, HuntersPlayed, TurnOrderSet, CardsDrawn, TileTaken, HuntEnded,
    TilePainted, TileDiscarded, ObjectiveMet, GameWon,
)
