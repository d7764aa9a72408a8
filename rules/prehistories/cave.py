"""A player's cave: placing animal tiles, what is painted, completed lines and covered hand prints.

Everything here is a pure function of a colour and the tiles placed in order, so the app can preview
a placement, explain a refusal, and the headless ``check-cave`` can judge a whole cave.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..text import Text
from .data import CAVES, SIZE, Cell, Colour
from .tile_words import tile_name
from .tiles import TILES, tile_cells

HUNTER = "hunter"
TOTEM = "totem"
_STEPS: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(frozen=True)
class Placement:
    """A tile painted in a cave: tile id, side (0 or 1) and the anchor (top-left of its bounding box)."""

    tile: int
    side: int
    row: int
    col: int

    @property
    def cells(self) -> frozenset[Cell]:
        """The cells this placement covers (the tile and side must be valid)."""
        return tile_cells(self.tile, self.side, self.row, self.col)


def inside(cell: Cell) -> bool:
    """Whether ``cell`` lies in the 7x7 cave."""
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The orthogonal neighbours of ``cell`` inside the cave."""
    r, c = cell
    return tuple(n for n in ((r + dr, c + dc) for dr, dc in _STEPS) if inside(n))


def ring(cell: Cell) -> tuple[Cell, ...]:
    """The 8 cells around ``cell`` (diagonals included), whether inside the cave or not."""
    r, c = cell
    return tuple((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


#: How a placement reads: "Mammoth4A (tile 11), side 0 at row 2, column 3".
_PLACED = "{name} (tile {tile}), side {side} at row {row}, column {col}"
#: An earlier placement, as a refusal to cover it names it (the same words, ``other_`` params).
_OTHER = "{other_name} (tile {other_tile}), side {other_side} at row {other_row}, column {other_col}"


def _params(p: Placement, prefix: str = "") -> dict[str, object]:
    name = tile_name(p.tile) if p.tile in TILES else "?"
    return {f"{prefix}name": name, f"{prefix}tile": p.tile, f"{prefix}side": p.side,
            f"{prefix}row": p.row, f"{prefix}col": p.col}


def describe_placement(p: Placement) -> Text:
    """A placement as a player reads it: "Mammoth4A (tile 11), side 0 at row 2, column 3"."""
    return Text(_PLACED, **_params(p))


def painted(colour: Colour, placements: Iterable[Placement]) -> dict[Cell, str]:
    """Painted cells -> what is painted there: the Hunter, both totems and every tile's animal.

    Legendary tiles paint ``legendary-<id>``, each a kind of its own. Uncovered hand prints are not painted.
    """
    cave = CAVES[colour]
    grid: dict[Cell, str] = {cave.hunter: HUNTER, cave.totems[0]: TOTEM, cave.totems[1]: TOTEM}
    for p in placements:
        for cell in p.cells:
            grid[cell] = TILES[p.tile].paint
    return grid


def owners(placements: Iterable[Placement]) -> dict[Cell, int]:
    """Covered cell -> position (0-based) of the placement covering it, so a screen can outline each tile."""
    return {cell: i for i, p in enumerate(placements) for cell in p.cells}


def connected_cells(colour: Colour, placements: Sequence[Placement]) -> frozenset[Cell]:
    """Free cells a new tile may touch to be connected to the painting.

    With no tile yet: the left column. Afterwards: cells next to a tile, or next to a Hunter/Totem
    cell that itself touches a tile (the printed paintings carry the connection one step).
    """
    if not placements:
        return frozenset((r, 0) for r in range(SIZE))
    covered = frozenset(c for p in placements for c in p.cells)
    bridges = frozenset(b for b in CAVES[colour].blocked if any(n in covered for n in neighbours(b)))
    return frozenset(
        n for cell in covered | bridges for n in neighbours(cell)
        if n not in covered and n not in CAVES[colour].blocked
    )


def check_placement(colour: Colour, placed: Sequence[Placement], new: Placement) -> Text | None:
    """Why ``new`` may not be painted in the cave of ``colour`` after ``placed``; ``None`` if it may.

    The rules are checked in this order: a known tile, side 0 or 1, no more copies of the tile than the
    game holds, inside the cave, no overlap with the printed Hunter/totems or an earlier tile, then
    connection (the first tile reaches the left column; later tiles touch the painting, directly or
    through a printed Hunter/totem that touches a tile). ``placed`` is assumed legal. The reason is a
    ``Text``: English, with its template and values kept for translation; each template is spelled out
    here (``_PLACED`` and ``_OTHER`` plus a literal) so the message extractor sees it whole.
    """
    if new.tile not in TILES:
        return Text("there is no tile {tile} (tiles are numbered 1-35)", tile=new.tile)
    if new.side not in (0, 1):
        return Text("a tile has only sides 0 and 1, not {side} (tiles are flipped, never turned)",
                    side=new.side)
    cells = new.cells
    kind = TILES[new.tile]
    if sum(1 for p in placed if p.tile == new.tile) >= kind.copies:
        if kind.copies == 1:
            return Text(_PLACED + ": the game has only one {name} tile and this cave already holds it",
                        **_params(new))
        return Text(_PLACED + ": the game has only {copies} {name} tiles "
                              "and this cave already holds them all", **_params(new), copies=kind.copies)
    outside = sorted(c for c in cells if not inside(c))
    if outside:
        r, c = outside[0]
        return Text(_PLACED + " goes outside the cave (row {r}, column {c}); "
                              "the cave has rows and columns 0-6", **_params(new), r=r, c=c)
    cave = CAVES[colour]
    printed = sorted(cells & cave.blocked)
    if printed:
        r, c = printed[0]
        if (r, c) == cave.hunter:
            return Text(_PLACED + " would cover the Hunter painting at row {r}, column {c}",
                        **_params(new), r=r, c=c)
        return Text(_PLACED + " would cover a totemic animal at row {r}, column {c}",
                    **_params(new), r=r, c=c)
    for p in placed:
        overlap = sorted(cells & p.cells)
        if overlap:
            r, c = overlap[0]
            return Text(_PLACED + " would cover " + _OTHER + " at row {r}, column {c}",
                        **_params(new), r=r, c=c, **_params(p, "other_"))
    if not cells & connected_cells(colour, placed):
        if not placed:
            return Text(_PLACED + " is the first tile, so it must reach the left column (column 0)",
                        **_params(new))
        return Text(_PLACED + " does not touch the painting "
                              "(side by side, or through a painted Hunter or totem)", **_params(new))
    return None


def legal_placements(colour: Colour, placed: Sequence[Placement], tile: int) -> tuple[Placement, ...]:
    """Every side and anchor where ``tile`` may be painted now (empty when it must be discarded)."""
    return tuple(
        p
        for side in (0, 1)
        for row in range(SIZE)
        for col in range(SIZE)
        if check_placement(colour, placed, p := Placement(tile, side, row, col)) is None
    )


def first_illegal(colour: Colour, placements: Sequence[Placement]) -> tuple[int, Text] | None:
    """The position (0-based) and reason of the first placement that breaks a rule; ``None`` if all are
    legal."""
    for i, p in enumerate(placements):
        reason = check_placement(colour, placements[:i], p)
        if reason is not None:
            return i, reason
    return None


def completed_rows(grid: dict[Cell, str]) -> tuple[int, ...]:
    """Rows whose 7 cells are all painted."""
    return tuple(r for r in range(SIZE) if all((r, c) in grid for c in range(SIZE)))


def completed_columns(grid: dict[Cell, str]) -> tuple[int, ...]:
    """Columns whose 7 cells are all painted."""
    return tuple(c for c in range(SIZE) if all((r, c) in grid for r in range(SIZE)))


def legendary_count(placements: Iterable[Placement]) -> int:
    """Legendary tiles painted."""
    return sum(1 for p in placements if TILES[p.tile].paint.startswith("legendary"))


def hand_prints_covered(colour: Colour, placements: Iterable[Placement]) -> dict[str, bool]:
    """Hand print key (``"1"``, ``"2"``) -> whether a tile covers it."""
    covered = frozenset(c for p in placements for c in p.cells)
    return {key: cell in covered for key, cell in CAVES[colour].hand_prints.items()}
