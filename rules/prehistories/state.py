"""The state of a game of Prehistories as Cairn mirrors it, plus small queries the screens use.

Players are known by their colour (unique at the table). Cairn tracks what it can know about the
cards in front of each player: how many are in hand, which hunters lie in the discard pile, which
were played this round; the deck is what remains of the 12.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from .cave import Placement
from .commands import ZoneFill
from .data import (
    BASE_DRAW,
    DECK_SIZE,
    HUNTERS,
    NO_TILE_DRAW,
    STARTING_HAND,
    ZONES,
    BoardSide,
    Colour,
    Stack,
    Zone,
)
from .tiles import TILES


class Phase(str, enum.Enum):
    """Where the round stands. FILL: empty zones get new tiles (the round begins)."""

    FILL = "fill"
    PLANNING = "planning"
    HUNTING = "hunting"
    PAINTING = "painting"
    OVER = "over"


@dataclass(frozen=True)
class Award:
    """Totems placed on one objective: ``"row 3"``, ``"column 0"``, ``"legendary"`` or a goal id
    (``"A2"``)."""

    objective: str
    totems: int


@dataclass(frozen=True)
class Player:
    """One player: colour, cards, this round's hunt, the cave and the totems placed."""

    name: str
    colour: Colour
    hand: int = STARTING_HAND
    discard: frozenset[int] = frozenset()
    planned: bool = False
    played: tuple[int, ...] = ()
    taken: tuple[int, ...] = ()
    injuries: int = 0
    cave: tuple[Placement, ...] = ()
    awards: tuple[Award, ...] = ()

    @property
    def deck(self) -> int:
        """Cards left in the draw pile."""
        return DECK_SIZE - self.hand - len(self.discard) - len(self.played)

    @property
    def totems(self) -> int:
        """Totems placed so far (the first to place all 8 wins)."""
        return sum(a.totems for a in self.awards)

    @property
    def goals_met(self) -> frozenset[str]:
        """Goal cards this player has met (each can be met once)."""
        return frozenset(a.objective for a in self.awards if a.objective[0] in "AB")

    @property
    def power(self) -> int:
        """Total hunting value of the hunters played this round and not yet spent."""
        return sum(HUNTERS[s].power for s in self.played)


@dataclass(frozen=True)
class State:
    """The whole game. ``zones[i]`` is the tile id in hunting zone i or ``None`` when it is empty;
    ``stacks`` holds (tile id, copies left) for every tile id; ``order`` is this round's hunting and
    painting order and ``turn`` indexes the player acting in it; ``firsts`` pairs each goal card met so
    far with the player who met it first; ``drawn`` holds the tiles told for this round's empty zones
    (in zone order) that are not on the board yet."""

    players: tuple[Player, ...]
    goals: tuple[str, ...]
    side: BoardSide
    zones: tuple[int | None, ...]
    stacks: tuple[tuple[int, int], ...]
    phase: Phase = Phase.FILL
    round: int = 1
    order: tuple[Colour, ...] = ()
    turn: int = 0
    winner: Colour | None = None
    firsts: tuple[tuple[str, Colour], ...] = ()
    drawn: tuple[ZoneFill, ...] = ()

    def player(self, colour: Colour) -> Player:
        """The player of ``colour``; ``KeyError`` if no one plays it."""
        for p in self.players:
            if p.colour is colour:
                return p
        raise KeyError(colour)

    def replace_player(self, new: Player) -> State:
        """A copy with the player of ``new.colour`` replaced."""
        return replace(self, players=tuple(new if p.colour is new.colour else p for p in self.players))

    @property
    def zone_table(self) -> tuple[Zone, ...]:
        """The hunting zones of the board side in use."""
        return ZONES[self.side]

    @property
    def current(self) -> Colour | None:
        """Whose turn it is to hunt or paint; ``None`` in the other phases."""
        if self.phase in (Phase.HUNTING, Phase.PAINTING) and self.turn < len(self.order):
            return self.order[self.turn]
        return None

    def left_in_stack(self, stack: Stack) -> dict[int, int]:
        """Tile id -> copies still in ``stack`` (ids with none left are omitted): what a random draw
        for a zone of that stack picks from."""
        return {t: n for t, n in self.stacks if n > 0 and TILES[t].stack is stack}

    def first_to_meet(self, goal: str) -> Colour | None:
        """The player who met goal ``goal`` first, if anyone has (they placed the higher number of totems)."""
        return dict(self.firsts).get(goal)


def hunt_order(parties: dict[Colour, tuple[int, ...]]) -> tuple[Colour, ...]:
    """The order of play from the hunters each player revealed; players who played none are left out.

    Lowest total hunting value first; a tie goes to the player holding the highest single speed.
    """
    hunting = [(c, s) for c, s in parties.items() if s]
    hunting.sort(key=lambda cs: (sum(HUNTERS[x].power for x in cs[1]), -max(cs[1])))
    return tuple(c for c, _ in hunting)


def cards_after_hunt(tiles_taken: int, injuries: int) -> int:
    """Cards a player draws after hunting: 3 with no tile, else 2 less one per injury (never below 0)."""
    return NO_TILE_DRAW if tiles_taken == 0 else max(0, BASE_DRAW - injuries)


def start_state(players: tuple[Player, ...], goals: tuple[str, ...], side: BoardSide) -> State:
    """The state before the first zones are filled: full stacks, empty board."""
    return State(
        players=players,
        goals=goals,
        side=side,
        zones=(None,) * len(ZONES[side]),
        stacks=tuple((t.id, t.copies) for t in TILES.values()),
    )

