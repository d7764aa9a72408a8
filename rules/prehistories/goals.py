"""The 9 double-sided goal cards (Sun side ``A1``-``A9``, Moon side ``B1``-``B9``) and how a cave meets them.

Each goal is a row of ``GOALS``: its text, the totems placed by the first player to meet it and by
later players, and a test over a ``CaveView``. "Painted" includes the printed Hunter and totems;
"surround" includes the diagonal cells, as the digital edition counts it.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .cave import HUNTER, Placement, inside, neighbours, painted, ring
from .data import CAVES, SIZE, Cell, Colour
from .tiles import TILES, Animal, Stack

_STANDARD = frozenset(a.value for a in Animal if a is not Animal.LEGENDARY)


@dataclass(frozen=True)
class CaveView:
    """What the goal tests look at: the colour, the tiles in order, the painted grid, and the tiles
    taken in the current hunt (for B8)."""

    colour: Colour
    placements: tuple[Placement, ...]
    grid: dict[Cell, str]
    taken_this_turn: int = 0

    @classmethod
    def of(cls, colour: Colour, placements: Sequence[Placement], taken_this_turn: int = 0) -> CaveView:
        """The view of a cave with ``placements`` (assumed legal)."""
        return cls(colour, tuple(placements), painted(colour, placements), taken_this_turn)

    def all_painted(self, cells: Iterable[Cell]) -> bool:
        """Whether every cell of ``cells`` inside the cave is painted (cells off the wall count)."""
        return all(c in self.grid for c in cells if inside(c))

    def lines(self) -> Iterable[tuple[str, tuple[Cell, ...]]]:
        """Every row and column with its cells, as ("row"|"column", cells)."""
        for i in range(SIZE):
            yield "row", tuple((i, c) for c in range(SIZE))
            yield "column", tuple((r, i) for r in range(SIZE))


@dataclass(frozen=True)
class Goal:
    """One side of a goal card."""

    id: str
    text: str
    first: int
    later: int
    met: Callable[[CaveView], bool]


def _types_in(view: CaveView, cells: Iterable[Cell]) -> set[str]:
    """Distinct animal types among ``cells``: the totem is one type, each Legendary its own, the Hunter
    none."""
    return {view.grid[c] for c in cells if c in view.grid and view.grid[c] != HUNTER}


def _different_in_line(kind: str, view: CaveView) -> bool:
    return any(len(_types_in(view, cells)) >= 5 for k, cells in view.lines() if k == kind)


def _same_in_line(kind: str, view: CaveView) -> bool:
    for k, cells in view.lines():
        if k == kind:
            counts = Counter(view.grid[c] for c in cells if view.grid.get(c) in _STANDARD)
            if counts and max(counts.values()) >= 5:
                return True
    return False


def largest_group(view: CaveView) -> int:
    """Cells in the largest orthogonally connected group of one standard animal (0 if none)."""
    seen: set[Cell] = set()
    best = 0
    for start, value in view.grid.items():
        if start in seen or value not in _STANDARD:
            continue
        seen.add(start)
        todo, size = [start], 0
        while todo:
            cell = todo.pop()
            size += 1
            for n in neighbours(cell):
                if n not in seen and view.grid.get(n) == value:
                    seen.add(n)
                    todo.append(n)
        best = max(best, size)
    return best


def _legendary_anchors(view: CaveView) -> list[Cell]:
    return [(p.row, p.col) for p in view.placements if TILES[p.tile].animal is Animal.LEGENDARY]


def _frame(anchor: Cell) -> tuple[Cell, ...]:
    """The 12 cells around a 2x2 tile anchored at ``anchor`` (the 4x4 box minus the tile)."""
    r, c = anchor
    return tuple(
        (r + dr, c + dc) for dr in range(-1, 3) for dc in range(-1, 3) if not (0 <= dr <= 1 and 0 <= dc <= 1)
    )


def _surround_legendary(view: CaveView) -> bool:
    return any(view.all_painted(_frame(a)) for a in _legendary_anchors(view))


def _legendaries_side_by_side(view: CaveView) -> bool:
    anchors = _legendary_anchors(view)
    return any(
        (a[0] == b[0] and abs(a[1] - b[1]) == 2) or (a[1] == b[1] and abs(a[0] - b[0]) == 2)
        for i, a in enumerate(anchors)
        for b in anchors[i + 1:]
    )


def _hunter_four_different(view: CaveView) -> bool:
    cells = [(CAVES[view.colour].hunter[0] + dr, CAVES[view.colour].hunter[1] + dc) for dr, dc in
             ((-1, 0), (1, 0), (0, -1), (0, 1))]
    values = [view.grid.get(c) for c in cells]
    return None not in values and len(set(values)) == 4


_CORNERS = ((0, 0), (0, SIZE - 1), (SIZE - 1, 0), (SIZE - 1, SIZE - 1))
_CENTRE = tuple((r, c) for r in range(2, 5) for c in range(2, 5))
_BACK = tuple((r, SIZE - 1) for r in range(SIZE))

_TABLE: tuple[tuple[str, str, int, int, Callable[[CaveView], bool]], ...] = (
    ("A1", "Connect both totemic animals to the painting",
     2, 1, lambda v: all(any(n in v.grid for n in neighbours(t)) for t in CAVES[v.colour].totems)),
    ("B1", "Completely surround both totemic animals",
     3, 2, lambda v: all(v.all_painted(ring(t)) for t in CAVES[v.colour].totems)),
    ("A2", "Paint the central 3x3 block", 2, 1, lambda v: v.all_painted(_CENTRE)),
    ("B2", "Paint the whole back column (column 6)", 2, 1, lambda v: v.all_painted(_BACK)),
    ("A3", "A column with 5 different animals", 2, 1, lambda v: _different_in_line("column", v)),
    ("B3", "A row with 5 different animals", 2, 1, lambda v: _different_in_line("row", v)),
    ("A4", "A group of 8 identical animals", 2, 1, lambda v: largest_group(v) >= 8),
    ("B4", "A group of 10 identical animals", 3, 2, lambda v: largest_group(v) >= 10),
    ("A5", "Completely surround the Hunter painting",
     2, 1, lambda v: v.all_painted(ring(CAVES[v.colour].hunter))),
    ("B5", "4 different animals beside the Hunter painting", 2, 1, _hunter_four_different),
    ("A6", "5 animals of the same kind in one column", 2, 1, lambda v: _same_in_line("column", v)),
    ("B6", "5 animals of the same kind in one row", 2, 1, lambda v: _same_in_line("row", v)),
    ("A7", "Connect the top-left and bottom-right corners",
     2, 1, lambda v: _CORNERS[0] in v.grid and _CORNERS[3] in v.grid),
    ("B7", "Paint all four corners", 3, 2, lambda v: all(c in v.grid for c in _CORNERS)),
    ("A8", "Paint 5 size-1 tiles",
     2, 1, lambda v: sum(1 for p in v.placements if TILES[p.tile].stack is Stack.SIZE_1) >= 5),
    ("B8", "Take 3 animal tiles in one hunt", 2, 1, lambda v: v.taken_this_turn >= 3),
    ("A9", "Completely surround a Legendary animal", 2, 1, _surround_legendary),
    ("B9", "Two Legendary animals side by side", 2, 1, _legendaries_side_by_side),
)

#: goal id ("A1"-"A9" Sun side, "B1"-"B9" Moon side) -> the goal.
GOALS: dict[str, Goal] = {row[0]: Goal(*row) for row in _TABLE}

#: Goals decided by the hunt rather than by the painting (so a cave on its own never meets them).
HUNT_GOALS = frozenset({"B8"})


def card_of(goal: str) -> int:
    """The card number (1-9) of a goal id: both sides of a card share it."""
    return int(goal[1:])


def goals_met(goals: Iterable[str], view: CaveView) -> dict[str, bool]:
    """Goal id -> whether the cave in ``view`` meets it. Unknown ids raise ``KeyError``."""
    return {g: GOALS[g].met(view) for g in goals}
