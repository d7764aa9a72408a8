"""The 35 kinds of animal tile: animal, stack, copies and the printed shape of each side.

A shape is drawn as rows of ``#`` (covered) and ``.`` (not part of the tile). The anchor of a placed
tile is the top-left corner of the shape's bounding box, which may itself be a ``.``. Side 1 is not
always a mirror of side 0, so both sides are written out; tiles are never rotated.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

from .data import Cell, Stack


class Animal(str, enum.Enum):
    """The five standard animals, plus the Legendary tiles (each of which is its own kind)."""

    FISH = "fish"
    MAMMOTH = "mammoth"
    BUFFALO = "buffalo"
    IBEX = "ibex"
    BOAR = "boar"
    LEGENDARY = "legendary"


@dataclass(frozen=True)
class TileKind:
    """One tile id: its animal, stack, physical copies and the cells covered on each side."""

    id: int
    name: str
    animal: Animal
    stack: Stack
    copies: int
    shapes: tuple[tuple[Cell, ...], tuple[Cell, ...]]

    @property
    def size(self) -> int:
        """Cells covered by the tile."""
        return len(self.shapes[0])

    @property
    def paint(self) -> str:
        """The value the tile paints into the cave: the animal, or ``legendary-<id>`` (each is distinct)."""
        return f"legendary-{self.id}" if self.animal is Animal.LEGENDARY else self.animal.value


def _shape(drawing: str) -> tuple[Cell, ...]:
    """Cells of a drawing such as ``".#/##"`` (rows separated by ``/``), relative to the anchor."""
    return tuple(
        (r, c) for r, line in enumerate(drawing.split("/")) for c, ch in enumerate(line) if ch == "#"
    )


_ANIMALS = (Animal.FISH, Animal.MAMMOTH, Animal.BUFFALO, Animal.IBEX, Animal.BOAR)

#: (suffix, stack, copies, {animal: (side 0, side 1)}): the shape table of the data reference.
_FAMILIES: tuple[tuple[str, Stack, int, dict[Animal, tuple[str, str]]], ...] = (
    ("1", Stack.SIZE_1, 5, {a: ("#", "#") for a in _ANIMALS}),
    ("2", Stack.SIZE_2, 5, {a: ("##", "#/#") for a in _ANIMALS}),
    ("3A", Stack.SIZE_3, 1, {
        Animal.FISH: ("#./##", "##/#."), Animal.MAMMOTH: ("#./##", "##/#."),
        Animal.BUFFALO: ("#./##", "##/#."),
        Animal.IBEX: ("#./##", "##/.#"), Animal.BOAR: ("#./##", "##/.#"),
    }),
    ("3B", Stack.SIZE_3, 1, {
        Animal.FISH: (".#/##", "##/.#"), Animal.MAMMOTH: (".#/##", "##/.#"),
        Animal.BUFFALO: (".#/##", "##/.#"),
        Animal.IBEX: (".#/##", "##/#."), Animal.BOAR: (".#/##", "##/#."),
    }),
    ("4A", Stack.SIZE_4, 1, {
        Animal.FISH: ("##./.##", ".##/##."), Animal.IBEX: ("##./.##", ".##/##."),
        Animal.MAMMOTH: (".#/##/#.", "#./##/.#"), Animal.BUFFALO: (".#/##/#.", "#./##/.#"),
        Animal.BOAR: (".#/##/#.", "#./##/.#"),
    }),
    ("4B", Stack.SIZE_4, 1, {
        Animal.FISH: (".#/##/.#", "#./##/#."), Animal.MAMMOTH: (".#/##/.#", "#./##/#."),
        Animal.BUFFALO: ("###/.#.", ".#/##/.#"),
        Animal.IBEX: (".#./###", "###/.#."), Animal.BOAR: (".#./###", "###/.#."),
    }),
)


def _build() -> dict[int, TileKind]:
    """Number the tiles as the data reference does: animal by animal (6 ids each), then 31-35."""
    kinds: dict[int, TileKind] = {}
    for a_index, animal in enumerate(_ANIMALS):
        for f_index, (suffix, stack, copies, shapes) in enumerate(_FAMILIES):
            tile_id = a_index * 6 + f_index + 1
            side0, side1 = shapes[animal]
            name = f"{animal.value.capitalize()}{suffix}"
            kinds[tile_id] = TileKind(tile_id, name, animal, stack, copies, (_shape(side0), _shape(side1)))
    for n in range(1, 6):
        tile_id = 30 + n
        square = _shape("##/##")
        kinds[tile_id] = TileKind(
            tile_id, f"Legendary{n}", Animal.LEGENDARY, Stack.LEGENDARY, 1, (square, square))
    return kinds


#: tile id -> its kind. Ids 1-30: standard animals; 31-35: Legendary.
TILES: dict[int, TileKind] = _build()


def stack_contents(stack: Stack) -> dict[int, int]:
    """Tile id -> copies in a full ``stack`` at the start of the game."""
    return {k.id: k.copies for k in TILES.values() if k.stack is stack}


def tile_cells(tile: int, side: int, row: int, col: int) -> frozenset[Cell]:
    """The cave cells ``tile`` covers on ``side`` with its anchor at (``row``, ``col``).

    Cells may fall outside the cave; ``cave.check_placement`` says so. Raises ``KeyError`` for an
    unknown tile and ``IndexError`` for a side other than 0 or 1 (callers check both first).
    """
    if side not in (0, 1):
        raise IndexError(f"side {side} (a tile has sides 0 and 1)")
    return frozenset((row + dr, col + dc) for dr, dc in TILES[tile].shapes[side])
