"""Tool tiles: the 1→2→3→4 progression, and advice on which unused tools to add to a roll.

A player has at most 3 tool tiles. Steps 1–3 add a tile of value 1; later steps raise the
lowest tile by one (the leftmost of the lowest, keeping tiles highest-first), up to 4/4/4.
So the tiles are fully determined by the number of steps taken (0..12).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .data import MAX_TOOL_TILES, MAX_TOOL_VALUE

MAX_TOOL_STEPS = MAX_TOOL_TILES * MAX_TOOL_VALUE


def tiles_for_steps(steps: int) -> tuple[int, ...]:
    """The tiles (highest first) a player holds after ``steps`` tool steps (0..12)."""
    if not 0 <= steps <= MAX_TOOL_STEPS:
        raise ValueError(f"tool steps must be 0..{MAX_TOOL_STEPS}")
    if steps <= MAX_TOOL_TILES:
        return (1,) * steps
    base, extra = divmod(steps, MAX_TOOL_TILES)
    return (base + 1,) * extra + (base,) * (MAX_TOOL_TILES - extra)


def improve(tiles: tuple[int, ...]) -> tuple[int, ...] | None:
    """The tiles after one more step, or ``None`` when they are already 4/4/4."""
    steps = sum(tiles)
    if steps >= MAX_TOOL_STEPS:
        return None
    return tiles_for_steps(steps + 1)


def is_reachable(tiles: tuple[int, ...]) -> bool:
    """True if ``tiles`` (any order, zeros meaning "no tile") can come from the progression."""
    real = tuple(sorted((t for t in tiles if t != 0), reverse=True))
    if any(t < 0 for t in tiles) or len(real) > MAX_TOOL_TILES or sum(real) > MAX_TOOL_STEPS:
        return False
    return real == tiles_for_steps(sum(real))


@dataclass(frozen=True)
class ToolAdvice:
    """Advice for one roll: tile indexes and one-use card values to add, and the resulting yield.

    Empty ``tiles`` and ``cards`` mean "use nothing" (either nothing helps or nothing is needed).
    """

    tiles: tuple[int, ...]
    cards: tuple[int, ...]
    added: int
    result: int


def advise(dice_sum: int, divisor: int, tiles: tuple[int, ...], used: tuple[bool, ...],
           cards: tuple[int, ...]) -> ToolAdvice:
    """The unused tools that reach the next whole result while wasting the fewest pips.

    Among equally wasteful choices, prefer spending no one-use cards, then fewer one-use card
    value, then fewer items. If no subset of the unused tools reaches the next whole result,
    advise none. Advice is shown, never forced.
    """
    base = dice_sum // divisor
    need = (base + 1) * divisor - dice_sum
    items: list[tuple[str, int, int]] = [("tile", i, v) for i, v in enumerate(tiles) if not used[i]]
    items += [("card", i, v) for i, v in enumerate(cards)]
    best: tuple[tuple[int, int, int, int], tuple[tuple[str, int, int], ...]] | None = None
    for k in range(1, len(items) + 1):
        for combo in combinations(items, k):
            total = sum(v for _, _, v in combo)
            if total < need:
                continue
            card_value = sum(v for kind, _, v in combo if kind == "card")
            key = (total - need, card_value, k, total)
            if best is None or key < best[0]:
                best = (key, combo)
    if best is None:
        return ToolAdvice((), (), 0, base)
    combo = best[1]
    added = sum(v for _, _, v in combo)
    return ToolAdvice(
        tiles=tuple(sorted(i for kind, i, _ in combo if kind == "tile")),
        cards=tuple(sorted((v for kind, _, v in combo if kind == "card"), reverse=True)),
        added=added,
        result=(dice_sum + added) // divisor,
    )
