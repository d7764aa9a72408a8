"""Judge a whole cave at once: are the tiles legal in the order given, and which objectives does it meet?"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..text import Text
from .cave import (
    Placement,
    completed_columns,
    completed_rows,
    first_illegal,
    hand_prints_covered,
    legendary_count,
    painted,
)
from .data import Colour
from .goals import CaveView, goals_met


@dataclass(frozen=True)
class CaveReport:
    """The verdict on a cave. When a tile breaks a rule, ``error_index`` is its position (0-based) and
    the objectives describe the legal tiles before it."""

    valid: bool
    error: Text | None
    error_index: int | None
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    legendary: int
    goals: dict[str, bool]
    hand_prints: dict[str, bool]


def check_cave(colour: Colour, goals: Iterable[str], placements: Sequence[Placement]) -> CaveReport:
    """Check ``placements`` one after another in the cave of ``colour`` and report what the cave meets.

    Goals decided by the hunt rather than the cave (B8, three tiles in one hunt) are never met here.
    Unknown goal ids raise ``KeyError``; callers check them first.
    """
    broken = first_illegal(colour, placements)
    legal = tuple(placements if broken is None else placements[: broken[0]])
    grid = painted(colour, legal)
    error = None
    if broken is not None:
        index, reason = broken
        error = Text("tile {number} of {count} (tiles[{index}]): {reason}",
                     number=index + 1, count=len(placements), index=index, reason=reason)
    return CaveReport(
        valid=broken is None,
        error=error,
        error_index=None if broken is None else broken[0],
        rows=completed_rows(grid),
        columns=completed_columns(grid),
        legendary=legendary_count(legal),
        goals=goals_met(goals, CaveView.of(colour, legal)),
        hand_prints=hand_prints_covered(colour, legal),
    )
