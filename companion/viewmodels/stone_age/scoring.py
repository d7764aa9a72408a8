"""The Final scoring screen without a window: the category table, the ranking and the score chart.

The numbers are the rules' own final table (``state.final``, made by ``rules.stone_age.scoring``), the
same code ``main.py score`` runs.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.i18n import _, tr
from rules.stone_age.scoring import CATEGORIES
from rules.stone_age.state import GameState, ScoreRow


def tiebreak_label() -> str:
    """The tie-break row's title: what it adds up."""
    return _("Agriculture + tools + people")


def category_label(name: str) -> str:
    """A category's row title."""
    return {"track": _("Score track"), "culture": _("Culture sets"), "farmers": _("Farmers × agriculture"),
            "tool_makers": _("Tool makers × tools"), "hut_builders": _("Hut builders × buildings"),
            "shamans": _("Shamans × people"), "resources": _("Resources left")}[name]


@dataclass(frozen=True)
class ScoreTable:
    """Rows of the table: a title then one cell per player (columns in seat order)."""

    names: tuple[str, ...]
    colours: tuple[str, ...]
    rows: tuple[tuple[str, tuple[int, ...]], ...]
    totals: tuple[int, ...]
    tiebreaks: tuple[int, ...]
    ranks: tuple[int, ...]
    ranking: tuple[str, ...]
    winner: str = ""  # "Ann wins" / "Ann and Bo share the win"
    #: the tie-break row is shown only when two totals are equal (then it decides, or says they share)
    show_tiebreak: bool = False


def winner_line(names: list[str]) -> str:
    """"Ann wins", or for a shared first place "Ann and Bo share the win" (every winner named)."""
    if not names:
        return ""
    if len(names) == 1:
        return tr("{name} wins", name=names[0])
    return tr("{names} and {last} share the win", names=_(", ").join(names[:-1]), last=names[-1])


def score_table(state: GameState, final: tuple[ScoreRow, ...] | None = None) -> ScoreTable:
    """The table for a finished game (``state.final``) or for ``final`` rows given explicitly."""
    final = final if final is not None else state.final
    rows = tuple((category_label(c), tuple(getattr(r, c) for r in final)) for c in CATEGORIES)
    order = sorted(range(len(final)), key=lambda i: (final[i].rank, i))
    ranking = []
    for i in order:
        r = final[i]
        tied = [j for j in order if final[j].rank == r.rank and j != i]
        note = tr("  (agriculture + tools + people {n})", n=r.tiebreak) if any(final[j].total == r.total for j in order if j != i) else ""
        shared = _("  shared") if tied else ""
        ranking.append(f"{r.rank}.  {r.name}  {r.total}" + note + shared)
    totals = [r.total for r in final]
    return ScoreTable(
        names=tuple(r.name for r in final), colours=tuple(p.colour for p in state.players), rows=rows,
        totals=tuple(totals), tiebreaks=tuple(r.tiebreak for r in final),
        ranks=tuple(r.rank for r in final), ranking=tuple(ranking),
        winner=winner_line([final[i].name for i in order if final[i].rank == 1]),
        show_tiebreak=len(set(totals)) < len(totals),
    )


def score_series(state: GameState) -> list[tuple[int, ...]]:
    """Each player's score at the end of every finished round, starting from 0, plus the final total."""
    series = []
    for i, p in enumerate(state.players):
        points = (0,) + tuple(p.round_scores)
        if state.final:
            points += (state.final[i].total,)
        series.append(points)
    return series


@dataclass(frozen=True)
class AxisMark:
    """One label under the chart's round axis: its text and where it spans (px from the axis' start)."""

    text: str
    left: float
    right: float


def round_marks(points: int, length: float, room: float, width_of: Callable[[str], float], end: str,
                gap: float) -> list[AxisMark]:
    """The labels under a round axis of ``points`` points (rounds 0.. then the final total, labelled
    ``end``) spread over ``length`` px, with ``room`` px free beyond its last point; ``width_of`` gives a
    text's width. Round 0 and ``end`` are always labelled, ``end`` ending within ``room``; a long game
    (over 8 points) labels every other round; a round whose label would come within ``gap`` of the one
    before it or of ``end`` is left out. No two labels are nearer than ``gap``."""
    if points < 1:
        return []
    step = length / max(1, points - 1)
    last = None
    if points > 1:
        w = width_of(end)
        right = min(length + room, length + w / 2)
        last = AxisMark(end, right - w, right)
    marks: list[AxisMark] = []
    for i in range(points - 1 if last else points):
        if i and points > 8 and i % 2:
            continue
        w = width_of(str(i))
        mark = AxisMark(str(i), i * step - w / 2, i * step + w / 2)
        if i and (marks and mark.left < marks[-1].right + gap or last and mark.right + gap > last.left):
            continue
        marks.append(mark)
    return marks + ([last] if last else [])
