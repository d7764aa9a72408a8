"""Builders shared by the Stone Tribe tests (no tests here): play commands through the real
``RULES`` and keep every event, so a test can replay what it played."""
from __future__ import annotations

from typing import Any, Sequence

from rules.stone_tribe import (
    RULES, DraftSkill, DrawChanceCard, GameState, Options, Phase, RevealDemand, Resources, RollFateDice,
    StartGame,
)
from tests.support.table import GameTable


class Table(GameTable):
    """A game played command by command; ``events`` is its whole log."""

    rules = RULES


#: A pick for each skill, cycling, when a test does not care which skills were drafted.
DEFAULT_PICKS = ("gathering", "mining", "hunting", "logging", "fishing")


def drafted(names: Sequence[str], start: int = 0, options: Options = Options(),
            picks: Sequence[tuple[str, tuple[int, ...]]] | None = None) -> Table:
    """A game whose draft is over (picks in pick order; by default each card shows 6 only)."""
    table = Table()
    table.do(StartGame(tuple(names), start, options))
    picks = picks or [(DEFAULT_PICKS[i % 5], (6,)) for i in range(2 * len(names))]
    for skill, numbers in picks:
        table.do(DraftSkill(skill, numbers))
    assert table.s.phase == Phase.DRAW
    return table


def rolled(table: Table, dice: tuple[int, int] = (1, 2)) -> Table:
    """The current player draws and rolls ``dice``."""
    table.do(DrawChanceCard(), RollFateDice(dice))
    return table


def negotiating(table: Table, cost: Resources, shells: int = 3, cards: int = 0) -> Table:
    """The current player turns up a demand asking ``cost``."""
    table.do(RevealDemand(cost, shells, cards))
    return table
