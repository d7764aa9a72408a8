"""Stone Tribe log: every command and event class round-trips through the codec and JSON; random playouts
(hypothesis) replay to the live state and never push a count below zero."""
from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.codec import encode
from rules.errors import CodecError, IllegalMove
from rules.stone_tribe import (
    RULES, SKILLS, Adjustment, CompleteDemand, DiscardDemand, DraftSkill, DrawChanceCard, Doubles, EndTurn,
    GameState, LearnSkill, Options, Payment, Phase, PlayChanceCard, Resources, RevealDemand, RollFateDice,
    RollOff, Share, StartGame, leaders,
)
from rules.stone_tribe.commands import COMMANDS
from rules.stone_tribe.events import (
    EVENTS, ChanceCardDrawn, ChanceCardPlayed, ChanceCardsDiscarded, DemandCompleted, DemandDiscarded,
    DemandRevealed, FateDiceRolled, GameEnded, GameStarted, ResourcesEarned, RollOffRolled, SkillDrafted,
    SkillLearned, StartingHandsDealt, TurnEnded, TurnStarted, WinnerDeclared,
)
from rules.stone_tribe.state import Demand, SkillCard

from .test_stone_tribe_support import Table

CARD = SkillCard("fishing", (3, 6))
STEAL = (Adjustment("Bob", lose=Resources(fish=1), shells=-1), Adjustment("阿明", gain=Resources(fish=1), chance_cards=2))
PAYS = (Payment("阿明", Resources(wood=2, fruit=1)), Payment("Bob", Resources(fish=1)))
SHARES = (Share("阿明", 3, 1), Share("Bob", 1))

EXAMPLES: list[Any] = [
    StartGame(("阿明", "Bob", "Cy"), 2, Options(Doubles.ONCE, 5, 7)),
    DraftSkill("fishing", (3, 6)), DrawChanceCard(), RollFateDice((4, 4), "camera"),
    RevealDemand(Resources(wood=2, fruit=1, fish=1), 4, 1, "慶典"), CompleteDemand(PAYS, SHARES), DiscardDemand(),
    LearnSkill("mining", (1,)), PlayChanceCard("Bob", "green", "奪取", STEAL, True), EndTurn(),
    RollOff("Bob", (6, 5), "edice"),
    GameStarted(("阿明", "Bob", "Cy"), 1, Options(Doubles.PER_DIE, None, 6), 4, ("outside the box",)),
    SkillDrafted("Bob", CARD, Resources(fish=2)), StartingHandsDealt(1), TurnStarted("Cy", 2), ChanceCardDrawn("Cy"),
    FateDiceRolled("Cy", (2, 5), "touch"), ResourcesEarned("Bob", Resources(meat=1, fish=2), (2, 5)),
    DemandRevealed("Cy", Demand(Resources(stone=3), 5, 2, "note")), DemandCompleted("Cy", PAYS, SHARES),
    DemandDiscarded("Cy"), SkillLearned("Cy", CARD, 3), ChanceCardPlayed("Bob", "gold", "cancel", STEAL, False),
    ChanceCardsDiscarded("Cy", 2, "hand limit 4"), TurnEnded("Cy"), GameEnded(3), RollOffRolled("Bob", (1, 6), "camera"),
    WinnerDeclared("Bob", "roll-off"),
]


def test_examples_cover_every_command_and_event() -> None:
    assert {type(e) for e in EXAMPLES} == set(COMMANDS) | set(EVENTS)


@pytest.mark.parametrize("obj", EXAMPLES, ids=lambda o: type(o).__name__)
def test_round_trip_through_json(obj: Any) -> None:
    text = json.dumps(encode(obj), ensure_ascii=False)
    assert RULES.registry.decode(json.loads(text)) == obj


def test_a_damaged_event_is_a_codec_error_naming_the_field() -> None:
    data = encode(ResourcesEarned("Bob", Resources(fish=2), (2, 5)))
    data["dice"] = [2]
    with pytest.raises(CodecError, match="ResourcesEarned.dice: expected 2 items"):
        RULES.registry.decode(data)
    with pytest.raises(CodecError, match="unknown type 'HutBuilt'"):
        RULES.registry.decode({"type": "HutBuilt"})


# --- random playouts ---------------------------------------------------------------------------------------

NAMES = ("Ann", "Bob", "Cy", "Dee", "阿明", "Fay", "Gus", "小華")
dice = st.tuples(st.integers(1, 6), st.integers(1, 6))
numbers = st.lists(st.integers(1, 6), min_size=1, max_size=2, unique=True).map(tuple)
small = st.builds(Resources, *(st.integers(0, 1) for _ in range(5)))


def command_for(s: GameState) -> st.SearchStrategy[Any]:
    """A command that is often, not always, legal in ``s``."""
    who = st.sampled_from(s.names)
    card = st.builds(PlayChanceCard, who, st.sampled_from(["gold", "red", "blue", "green"]), st.just("c"),
                     st.lists(st.builds(Adjustment, who, small, small, st.integers(-1, 2), st.integers(-1, 1)),
                              max_size=2).map(tuple), st.booleans())
    if s.phase == Phase.DRAFT:
        return st.builds(DraftSkill, st.sampled_from(sorted(SKILLS)), numbers)
    if s.phase == Phase.DRAW:
        return st.just(DrawChanceCard())
    if s.phase == Phase.ROLL:
        return st.builds(RollFateDice, dice, st.sampled_from(["camera", "edice", "touch"]))
    if s.phase == Phase.MAIN:
        return st.one_of(st.builds(RevealDemand, small, st.integers(0, 5), st.integers(0, 3)),
                         st.builds(LearnSkill, st.sampled_from(sorted(SKILLS)), numbers), card, st.just(EndTurn()))
    if s.phase == Phase.NEGOTIATION:
        assert s.demand is not None
        demand = s.demand
        payers = [p.name for p in s.players if p.resources.covers(demand.cost)]
        deal = st.builds(lambda payer, taker: CompleteDemand(
            (Payment(payer, demand.cost),), (Share(taker, demand.shells, demand.chance_cards),)),
            st.sampled_from(payers or list(s.names)), who)
        return st.one_of(deal, st.just(DiscardDemand()), card)
    return st.builds(RollOff, st.sampled_from(leaders(s)), dice)


def progress(s: GameState) -> Any:
    """A command always legal in ``s`` that moves the game on."""
    if s.phase == Phase.DRAFT:
        free = [k for k in SKILLS if s.skill_cards_taken(k) < s.options.skill_cards_per_skill]
        return DraftSkill(free[0], (1,))
    if s.phase == Phase.MAIN:
        return EndTurn() if s.demand_done else RevealDemand(Resources(wood=1), 1)
    if s.phase == Phase.NEGOTIATION:
        return DiscardDemand()
    if s.phase == Phase.ROLLOFF:
        due = min(len(s.player(n).rolloff) for n in leaders(s))
        name = next(n for n in leaders(s) if len(s.player(n).rolloff) == due)
        return RollOff(name, (6, 6) if name == leaders(s)[0] else (1, 1))   # breaks the tie
    return data_free_default(s)


def data_free_default(s: GameState) -> Any:
    return DrawChanceCard() if s.phase == Phase.DRAW else RollFateDice((1, 1))


@settings(max_examples=20, deadline=None)
@given(st.data())
def test_random_playouts_replay_to_the_live_state(data: st.DataObject) -> None:
    n = data.draw(st.integers(2, 8), label="players")
    options = Options(data.draw(st.sampled_from(Doubles)), data.draw(st.sampled_from([None, 1, 2])))
    table = Table()
    table.do(StartGame(NAMES[:n], data.draw(st.integers(0, n - 1)), options))
    for _ in range(400):
        if RULES.finished(table.s):
            break
        try:
            table.do(data.draw(command_for(table.s)))
        except IllegalMove:
            table.do(progress(table.s))
        for p in table.s.players:
            assert min(n for _, n in p.resources.items()) >= 0 and p.shells >= 0 and p.hand >= 0
            assert len(p.skills) <= 4
    # the game ends, or the leaders keep rolling equal totals (a real possibility the rules allow)
    assert RULES.finished(table.s) or table.s.phase == Phase.ROLLOFF
    assert RULES.fold(table.events) == table.s
    decoded = [RULES.registry.decode(json.loads(json.dumps(encode(e)))) for e in table.events]
    assert RULES.fold(decoded) == table.s
