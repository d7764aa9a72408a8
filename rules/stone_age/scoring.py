"""Final scoring: one implementation used by the live game and by ``endstate.score_json``.

Categories: track (the score before final scoring), culture (each layer of distinct symbols
scores its size squared), farmers × agriculture, tool_makers × tool-tile total, hut_builders ×
huts, shamans × people, resources (1 point per wood/brick/stone/gold; food scores nothing).
Ranking: higher total first; ties broken by agriculture + tool total + people; still tied = shared rank.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import CARD_BY_ID, Culture, Multiplier
from .state import GameState, PlayerState, ScoreRow

CATEGORIES: tuple[str, ...] = (
    "track", "culture", "farmers", "tool_makers", "hut_builders", "shamans", "resources",
)


@dataclass(frozen=True)
class ScoreInput:
    """What final scoring needs to know about one player."""

    name: str
    track: int
    agriculture: int
    people: int
    tool_total: int
    huts: int
    resources: int
    culture: tuple[Culture, ...]
    farmers: int
    tool_makers: int
    hut_builders: int
    shamans: int


def culture_points(symbols: Iterable[Culture]) -> int:
    """Σ over layers k of (number of symbols held at least k times)²; e.g. 5 distinct + 1 repeat = 26."""
    counts = Counter(symbols)
    total, layer = 0, 1
    while True:
        size = sum(1 for n in counts.values() if n >= layer)
        if size == 0:
            return total
        total += size * size
        layer += 1


def categories(p: ScoreInput) -> dict[str, int]:
    """The seven category scores of one player, in ``CATEGORIES`` order."""
    return {
        "track": p.track,
        "culture": culture_points(p.culture),
        "farmers": p.farmers * p.agriculture,
        "tool_makers": p.tool_makers * p.tool_total,
        "hut_builders": p.hut_builders * p.huts,
        "shamans": p.shamans * p.people,
        "resources": p.resources,
    }


def tiebreak(p: ScoreInput) -> int:
    """Agriculture + tool-tile total + people."""
    return p.agriculture + p.tool_total + p.people


def rank(keys: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Competition ranks (1 = best) for (total, tiebreak) keys; equal keys share a rank."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def score(players: Sequence[ScoreInput]) -> tuple[ScoreRow, ...]:
    """The final table, one row per player in input order. Independent of the players' order."""
    cats = [categories(p) for p in players]
    totals = [sum(c.values()) for c in cats]
    breaks = [tiebreak(p) for p in players]
    ranks = rank(list(zip(totals, breaks)))
    return tuple(
        ScoreRow(p.name, *(c[k] for k in CATEGORIES), total=t, tiebreak=b, rank=r)  # type: ignore[misc]
        for p, c, t, b, r in zip(players, cats, totals, breaks, ranks)
    )


def input_of(player: PlayerState) -> ScoreInput:
    """The scoring input of a live game's player (cards' bottoms counted, one-use tools not)."""
    held = [CARD_BY_ID[c] for c in player.cards]
    figures: Counter[Multiplier] = Counter()
    for c in held:
        if c.multiplier is not None:
            figures[c.multiplier] += c.figures
    return ScoreInput(
        name=player.name,
        track=player.score,
        agriculture=player.agriculture,
        people=player.people,
        tool_total=sum(player.tools),
        huts=len(player.huts),
        resources=player.resource_total,
        culture=tuple(c.culture for c in held if c.culture is not None),
        farmers=figures[Multiplier.FARMERS],
        tool_makers=figures[Multiplier.TOOL_MAKERS],
        hut_builders=figures[Multiplier.HUT_BUILDERS],
        shamans=figures[Multiplier.SHAMANS],
    )


def score_game(state: GameState) -> tuple[ScoreRow, ...]:
    """The final table of a live game."""
    return score([input_of(p) for p in state.players])
