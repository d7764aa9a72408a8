"""The history a table reads: one scripted round, every line checked word for word."""
from __future__ import annotations

from rules.stone_age import (RULES, Area, BuildHut, BuyCard, Feed, Gather, NewGame, PickDie, Place, Resource, Seat,
                             UseVillage)

from .test_stone_age_support import Table

W, B, S, G = Resource.WOOD, Resource.BRICK, Resource.STONE, Resource.GOLD


def _lines(t: Table, *commands: object) -> list[str]:
    out = []
    for c in commands:
        state = t.state
        for e in RULES.decide(state, c):
            out.append(RULES.describe(state, e))
            state = RULES.evolve(state, e)
        t.do(c)
    return out


def test_a_scripted_round_reads_like_a_score_sheet() -> None:
    t = Table()
    lines = _lines(
        t,
        NewGame((Seat("Ann", "red"), Seat("Ben", "blue"))),
        Place(0, Area.FOREST, 3), Place(1, Area.CARD, 1, 1), Place(0, Area.TOOL_MAKER, 1),
        Place(1, Area.HUNTING, 4), Place(0, Area.BUILDING, 1, 1),
    )
    assert lines == [
        "New game: Ann, Ben; Ann starts",
        "Ann placed 3 figures on the forest",
        "Ben placed 1 figure on card slot 1",
        "Ann placed 1 figure on the tool maker",
        "Ben placed 4 figures on the hunting grounds",
        "Ann placed 1 figure on building 1",
    ]
    t.edit(0, wood=1, brick=1, stone=1)
    t.edit(1, gold=1, wood=2, food=0)
    lines = _lines(
        t,
        UseVillage(0, Area.TOOL_MAKER),
        Gather(0, Area.FOREST, (6, 6, 1), tool_tiles=(0,)),
        BuildHut(0, 1, 5, (W, B, S)),
        BuyCard(1, 1, 6, (G,), dice=(3, 6)),
        PickDie(1, 6),
        Gather(1, Area.HUNTING, (1, 1, 1, 1)),
    )
    assert lines == [
        "Ann +1 tool: the tool maker (tools 1)",
        "Ann +4 wood: the forest (dice 6+6+1, tools +1)",
        "Ann +12: building (1 wood, 1 brick, 1 stone)",
        "Ben bought the Writing card (slot 1, paid 1 gold): dice for everyone 3, 6",
        "Ben +1 agriculture: dice for everyone (6)",
        "Ann +1 stone: dice for everyone (3)",
        "Ben +2 food: the hunting grounds (dice 1+1+1+1)",
        "Ann fed: 5 food",
    ]
    assert t.s.current == 1
    lines = _lines(t, Feed(1, penalty=True))
    assert lines == ["Ben −10: hunger (fields +1, ate 3 food)", "Round 1 ended: Ann 12, Ben −10",
                     "Round 2: Ben starts; 1 new card"]
