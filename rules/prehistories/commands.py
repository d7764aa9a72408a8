"""What players ask for in Prehistories. Random draws (tiles from the stacks) arrive as inputs."""
from __future__ import annotations

from dataclasses import dataclass

from .data import Colour


@dataclass(frozen=True)
class PlayerSetup:
    """A seat at the table: the player's name and colour (the colour fixes the cave and the deck)."""

    name: str
    colour: Colour


@dataclass(frozen=True)
class ZoneFill:
    """The tile drawn from its stack for hunting zone ``zone``."""

    zone: int
    tile: int


@dataclass(frozen=True)
class StartGame:
    """Set up: 2-5 players and the goal cards in play, each as its side's id ("A1"-"A9" Sun, "B1"-"B9" Moon).

    2-3 players use 4 cards, 4-5 players 5; the board side follows from the player count.
    """

    players: tuple[PlayerSetup, ...]
    goals: tuple[str, ...]


@dataclass(frozen=True)
class FillZones:
    """Start a round: the tiles drawn for the empty zones, in zone order (empty when nothing is drawn)."""

    tiles: tuple[ZoneFill, ...]


@dataclass(frozen=True)
class DrawTiles:
    """New tiles: the tiles drawn from the bag for some of this round's empty zones, told before they go
    on the board. ``by_cairn``: Cairn drew them for the table (its draw is this command's input, so a
    resume shows the same tiles); otherwise the players drew them and tapped each. A zone told again gets
    the new tile; ``FillZones`` then puts exactly the told tiles on the board."""

    tiles: tuple[ZoneFill, ...]
    by_cairn: bool = False


@dataclass(frozen=True)
class PlayHunters:
    """Planning: the speeds of the hunter cards a player reveals (none at all is allowed)."""

    colour: Colour
    speeds: tuple[int, ...]


@dataclass(frozen=True)
class Hunt:
    """Hunting: send some of the played hunters (by speed) to zone ``zone`` and take its tile."""

    colour: Colour
    zone: int
    hunters: tuple[int, ...]


@dataclass(frozen=True)
class EndHunt:
    """Hunting: the player is done; unspent hunters go back to the hand and cards are drawn."""

    colour: Colour


@dataclass(frozen=True)
class Paint:
    """Painting: place a tile taken this round on ``side`` with its anchor at (``row``, ``col``)."""

    colour: Colour
    tile: int
    side: int
    row: int
    col: int


COMMANDS: tuple[type, ...] = (PlayerSetup, ZoneFill, StartGame, DrawTiles, FillZones, PlayHunters, Hunt, EndHunt, Paint)
