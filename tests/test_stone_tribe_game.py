"""A scripted six-player game of 石器部落 through the commands, from the draft to the roll-off, checking
the books along the way; then the whole log replayed and round-tripped through the codec."""
from __future__ import annotations

import json

import pytest

from rules.codec import encode
from rules.errors import IllegalMove
from rules.stone_tribe import (
    RULES, Adjustment, CompleteDemand, DiscardDemand, DraftSkill, DrawChanceCard, EndTurn, LearnSkill, Payment,
    Phase, PlayChanceCard, Resources, RevealDemand, RollFateDice, RollOff, Share, StartGame, payout, standings,
)
from rules.stone_tribe.events import ChanceCardsDiscarded, GameEnded, ResourcesEarned, WinnerDeclared

from .test_stone_tribe_support import Table

PLAYERS = ("阿明", "Bob", "小華", "Dee", "Eve", "Fay")   # seating order, going right
DRAFT = [  # pick order: 小華 Dee Eve Fay 阿明 Bob, then Bob 阿明 Fay Eve Dee 小華
    ("fishing", (3,)), ("mining", (4,)), ("hunting", (5,)), ("logging", (6,)), ("gathering", (3, 4)),
    ("fishing", (5, 6)), ("logging", (3,)), ("mining", (5,)), ("gathering", (4,)), ("fishing", (6,)),
    ("hunting", (3,)), ("logging", (4,)),
]


def books(table: Table, name: str) -> tuple[Resources, int, int]:
    p = table.s.player(name)
    return p.resources, p.shells, p.hand


def quiet_turn(table: Table) -> None:
    """Draw, a roll no card shows (1 and 2), the demand discarded, end of turn."""
    table.do(DrawChanceCard(), RollFateDice((1, 2), "camera"), RevealDemand(Resources(meat=9), 9), DiscardDemand())
    table.do(EndTurn())


def test_scripted_six_player_game() -> None:
    t = Table()
    t.do(StartGame(PLAYERS, start=2))
    assert (t.s.rounds, t.s.warnings, t.s.order) == (3, (), ("小華", "Dee", "Eve", "Fay", "阿明", "Bob"))
    pickers = []
    for skill, numbers in DRAFT:
        pickers.append(t.s.current)
        t.do(DraftSkill(skill, numbers))
    assert pickers == ["小華", "Dee", "Eve", "Fay", "阿明", "Bob", "Bob", "阿明", "Fay", "Eve", "Dee", "小華"]
    assert books(t, "小華") == (Resources(fish=2, wood=2), 0, 1)
    assert books(t, "阿明") == (Resources(fruit=2, stone=2), 0, 1)
    assert (t.s.phase, t.s.current, t.s.round) == (Phase.DRAW, "小華", 1)

    # --- round 1 -----------------------------------------------------------------------------------------
    # 小華: a double 3 pays every card showing 3 twice; a shared demand; learning; red answered by gold
    t.do(DrawChanceCard())
    preview = payout(t.s, (3, 3))
    earned = [e for e in t.do(RollFateDice((3, 3), "edice")) if isinstance(e, ResourcesEarned)]
    assert {e.player: e.resources for e in earned} == {k: v for k, v in preview.items() if v.total()} == {
        "小華": Resources(fish=2), "Dee": Resources(meat=2), "阿明": Resources(fruit=2), "Bob": Resources(wood=2)}
    t.do(RevealDemand(Resources(wood=3, fish=1), 5, 1, "部落慶典"))
    with pytest.raises(IllegalMove, match="unbalanced deal: it pays 2 wood, the demand asks for 3"):
        t.do(CompleteDemand((Payment("小華", Resources(wood=2, fish=1)),), (Share("小華", 5, 1),)))
    t.do(CompleteDemand((Payment("小華", Resources(wood=2, fish=1)), Payment("Bob", Resources(wood=1))),
                        (Share("小華", 3, 1), Share("Bob", 2))))
    t.do(LearnSkill("hunting", (6,)))
    with pytest.raises(IllegalMove, match=r"小華 has already learned a skill this turn \(one per turn\)"):
        t.do(LearnSkill("mining", (2,)))
    t.do(PlayChanceCard("小華", "red", "+1 meat", (Adjustment("小華", gain=Resources(meat=1)),)))
    t.do(PlayChanceCard("Eve", "gold", "cancel it", (Adjustment("小華", lose=Resources(meat=1)),)))
    t.do(EndTurn())
    assert books(t, "小華") == (Resources(fish=3), 0, 2)
    assert books(t, "Bob") == (Resources(fish=2, wood=3), 2, 1)

    # Dee: Fay takes control of the demand with a green card and splits the reward
    t.do(DrawChanceCard(), RollFateDice((1, 2)), RevealDemand(Resources(stone=2), 2))
    t.do(PlayChanceCard("Fay", "green", "搶奪支配權", take_control=True))
    t.do(CompleteDemand((Payment("Dee", Resources(stone=2)),), (Share("Fay", 1), Share("Dee", 1))))
    t.do(EndTurn())
    assert books(t, "Dee") == (Resources(meat=4), 1, 2)

    # Eve: 5 and 6 pay five players; Bob's card showing both pays twice
    t.do(DrawChanceCard(), RollFateDice((5, 6)), RevealDemand(Resources(fish=1), 1), DiscardDemand(), EndTurn())
    assert books(t, "Bob")[0] == Resources(fish=4, wood=3)
    assert books(t, "Eve") == (Resources(meat=3, fish=3), 0, 1)
    assert books(t, "小華")[0] == Resources(fish=3, meat=1)

    # Fay: completes a demand alone, learns a third skill
    t.do(DrawChanceCard(), RollFateDice((1, 1)), RevealDemand(Resources(fruit=2), 3))
    t.do(CompleteDemand((Payment("Fay", Resources(fruit=2)),), (Share("Fay", 3),)), LearnSkill("mining", (3,)))
    t.do(EndTurn())
    assert books(t, "Fay") == (Resources(wood=3), 1, 1)

    # 阿明: a blue card stays in front of them
    t.do(DrawChanceCard(), RollFateDice((2, 2)), PlayChanceCard("阿明", "blue", "長老的祝福"))
    t.do(RevealDemand(Resources(meat=1), 1), DiscardDemand(), EndTurn())
    assert t.s.player("阿明").blue_cards == ("長老的祝福",)

    # Bob: 4 shells and 2 chance cards take his hand to 4
    t.do(DrawChanceCard(), RollFateDice((1, 2)), RevealDemand(Resources(fish=4), 4, 2))
    t.do(CompleteDemand((Payment("Bob", Resources(fish=4)),), (Share("Bob", 4, 2),)))
    t.do(EndTurn())
    assert books(t, "Bob") == (Resources(wood=3), 6, 4)

    # --- rounds 2 and 3: Bob is cut back to 4 chance cards at the end of each of his turns --------------
    assert (t.s.round, t.s.current) == (2, "小華")
    for _ in range(5):
        quiet_turn(t)
    t.do(DrawChanceCard(), RollFateDice((1, 2)), RevealDemand(Resources(wood=1), 0), DiscardDemand())
    assert t.do(EndTurn())[0] == ChanceCardsDiscarded("Bob", 1, "hand limit 4")
    assert (t.s.round, t.s.current) == (3, "小華")
    for _ in range(4):
        quiet_turn(t)
    # 阿明 catches Bob: 6 shells and 3 resource cards each
    t.do(DrawChanceCard(), RollFateDice((1, 2)), RevealDemand(Resources(fruit=4), 6))
    t.do(CompleteDemand((Payment("阿明", Resources(fruit=4)),), (Share("阿明", 6),)), EndTurn())
    t.do(DrawChanceCard(), RollFateDice((1, 2)), RevealDemand(Resources(wood=1), 0), DiscardDemand())
    end = t.do(EndTurn())
    assert end[-1] == GameEnded(3)
    assert [(s.name, s.shells, s.resource_cards, s.rank) for s in standings(t.s)] == [
        ("阿明", 6, 3, 1), ("Bob", 6, 3, 1), ("小華", 0, 4, 6), ("Dee", 1, 4, 3), ("Eve", 0, 6, 5), ("Fay", 1, 3, 4)]
    assert [p.hand for p in t.s.players] == [3, 4, 4, 4, 3, 3]

    # --- the roll-off: tied at 7, then Bob rolls 12 -------------------------------------------------------
    assert t.s.phase == Phase.ROLLOFF
    t.do(RollOff("阿明", (4, 3), "camera"), RollOff("Bob", (5, 2), "camera"))
    assert not RULES.finished(t.s)
    t.do(RollOff("Bob", (6, 6), "camera"))
    assert t.do(RollOff("阿明", (1, 3), "camera"))[-1] == WinnerDeclared("Bob", "roll-off")
    assert RULES.finished(t.s) and t.s.winner == "Bob"
    with pytest.raises(IllegalMove, match="the game is over: Bob won"):
        t.do(RollOff("阿明", (6, 6)))

    # --- the log: every event described, replayed and round-tripped -------------------------------------
    state = None
    for event in t.events:
        text = RULES.describe(state, event)
        assert text and text != type(event).__name__
        state = RULES.evolve(state, event)
    assert state == t.s == RULES.fold(t.events)
    stored = json.loads(json.dumps([encode(e) for e in t.events], ensure_ascii=False))
    decoded = [RULES.registry.decode(d) for d in stored]
    assert decoded == t.events
    assert RULES.fold(decoded) == t.s
