"""Prehistories game data: colours, hunter cards, the five caves and the hunting zones.

Cells are ``(row, column)`` with row 0 at the top and column 0 at the left (the cave entrance).
Numbers follow the data reference (Game Park's digital edition, v1.2.0).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

#: The cave is SIZE x SIZE cells.
SIZE = 7
#: Totem tokens each player owns; the first to place them all wins.
TOTEMS = 8
#: Cards each player holds at the start, and the size of each hunter deck.
STARTING_HAND = 3
DECK_SIZE = 12

Cell = tuple[int, int]


class Colour(str, enum.Enum):
    """A player's colour; it fixes the cave layout and the hunter deck."""

    YELLOW = "yellow"
    BLUE = "blue"
    RED = "red"
    GREEN = "green"
    WHITE = "white"

    @property
    def label(self) -> str:
        """The colour as a player reads it ("Yellow")."""
        return self.value.capitalize()


#: Tribe (and totemic animal) of each colour.
TRIBES: dict[Colour, str] = {
    Colour.YELLOW: "lion",
    Colour.BLUE: "horse",
    Colour.RED: "bear",
    Colour.GREEN: "wolf",
    Colour.WHITE: "rhino",
}

# --- Hunter cards ----------------------------------------------------------------------------------

#: colour -> hunting value -> the two speeds printed on that colour's cards of that value.
_SPEEDS: dict[Colour, dict[int, tuple[int, int]]] = {
    Colour.YELLOW: {1: (51, 60), 2: (42, 49), 3: (33, 38), 4: (24, 27), 5: (15, 16), 6: (1, 10)},
    Colour.BLUE: {1: (52, 59), 2: (43, 48), 3: (34, 37), 4: (25, 26), 5: (11, 20), 6: (2, 9)},
    Colour.RED: {1: (53, 58), 2: (44, 47), 3: (35, 36), 4: (21, 30), 5: (12, 19), 6: (3, 8)},
    Colour.GREEN: {1: (54, 57), 2: (45, 46), 3: (31, 40), 4: (22, 29), 5: (13, 18), 6: (4, 7)},
    Colour.WHITE: {1: (55, 56), 2: (41, 50), 3: (32, 39), 4: (23, 28), 5: (14, 17), 6: (5, 6)},
}


@dataclass(frozen=True)
class Hunter:
    """One hunter card: its unique speed (1-60), its colour and its hunting value (1-6)."""

    speed: int
    colour: Colour
    power: int


#: speed -> the hunter card printed with it. Every speed 1-60 appears exactly once.
HUNTERS: dict[int, Hunter] = {
    speed: Hunter(speed, colour, power)
    for colour, by_power in _SPEEDS.items()
    for power, speeds in by_power.items()
    for speed in speeds
}


def deck(colour: Colour) -> frozenset[int]:
    """The speeds of the 12 hunter cards of ``colour``."""
    return frozenset(h.speed for h in HUNTERS.values() if h.colour is colour)


# --- Caves -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CaveLayout:
    """The printed cells of one colour's cave: the Hunter, two totemic animals and two hand prints."""

    hunter: Cell
    totems: tuple[Cell, Cell]
    one_hand: Cell
    two_hands: Cell

    @property
    def blocked(self) -> frozenset[Cell]:
        """Cells painted before the game starts (no tile may cover them; they count as painted)."""
        return frozenset((self.hunter, *self.totems))

    @property
    def hand_prints(self) -> dict[str, Cell]:
        """Hand-print cells keyed ``"1"`` (one hand, +1 card) and ``"2"`` (two hands, +2 cards)."""
        return {"1": self.one_hand, "2": self.two_hands}


CAVES: dict[Colour, CaveLayout] = {
    Colour.YELLOW: CaveLayout(hunter=(3, 2), totems=((1, 1), (5, 4)), one_hand=(4, 3), two_hands=(2, 5)),
    Colour.BLUE: CaveLayout(hunter=(4, 3), totems=((2, 5), (5, 1)), one_hand=(1, 2), two_hands=(3, 4)),
    Colour.RED: CaveLayout(hunter=(3, 3), totems=((1, 4), (5, 1)), one_hand=(0, 2), two_hands=(4, 5)),
    Colour.GREEN: CaveLayout(hunter=(3, 3), totems=((2, 5), (5, 1)), one_hand=(1, 2), two_hands=(6, 4)),
    Colour.WHITE: CaveLayout(hunter=(3, 4), totems=((1, 2), (5, 5)), one_hand=(5, 1), two_hands=(2, 3)),
}

#: Cards drawn for covering each hand print.
HAND_PRINT_CARDS: dict[str, int] = {"1": 1, "2": 2}


def layout_grid(colour: Colour) -> tuple[str, ...]:
    """The printed cave of ``colour`` as 7 strings of 7 symbols, row 0 first.

    ``H`` Hunter painting, ``T`` totemic animal, ``1``/``2`` hand prints, ``.`` empty wall.
    """
    cave = CAVES[colour]
    marks = {cave.hunter: "H", cave.totems[0]: "T", cave.totems[1]: "T",
             cave.one_hand: "1", cave.two_hands: "2"}
    return tuple("".join(marks.get((r, c), ".") for c in range(SIZE)) for r in range(SIZE))


# --- Hunting zones -----------------------------------------------------------------------------------


class Stack(int, enum.Enum):
    """The five stacks of animal tiles, by size."""

    SIZE_1 = 0
    SIZE_2 = 1
    SIZE_3 = 2
    SIZE_4 = 3
    LEGENDARY = 4

    @property
    def label(self) -> str:
        """The stack as a player reads it."""
        return "legendary" if self is Stack.LEGENDARY else f"size-{self.value + 1}"


@dataclass(frozen=True)
class Zone:
    """A hunting zone: the stack it is filled from and its two thresholds of hunting power.

    A party worth at least ``injury`` takes the tile with one injury; at least ``safe``, with none.
    """

    stack: Stack
    injury: int
    safe: int


class BoardSide(str, enum.Enum):
    """The side of the board, chosen by the number of players."""

    FEW = "2-3"
    MANY = "4-5"


ZONES: dict[BoardSide, tuple[Zone, ...]] = {
    BoardSide.FEW: (
        Zone(Stack.SIZE_1, 1, 4),
        Zone(Stack.SIZE_2, 4, 7),
        Zone(Stack.SIZE_3, 7, 10),
        Zone(Stack.SIZE_4, 10, 13),
        Zone(Stack.LEGENDARY, 13, 16),
    ),
    BoardSide.MANY: (
        Zone(Stack.SIZE_1, 2, 3),
        Zone(Stack.SIZE_1, 1, 4),
        Zone(Stack.SIZE_2, 4, 7),
        Zone(Stack.SIZE_2, 5, 8),
        Zone(Stack.SIZE_3, 7, 10),
        Zone(Stack.SIZE_4, 10, 13),
        Zone(Stack.LEGENDARY, 13, 16),
    ),
}

#: players -> (board side, goal cards in play)
PLAYER_COUNTS: dict[int, tuple[BoardSide, int]] = {
    2: (BoardSide.FEW, 4),
    3: (BoardSide.FEW, 4),
    4: (BoardSide.MANY, 5),
    5: (BoardSide.MANY, 5),
}

#: Cards drawn after a hunt: taking no tile draws NO_TILE_DRAW; otherwise BASE_DRAW minus injuries (>= 0).
NO_TILE_DRAW = 3
BASE_DRAW = 2
