"""Stone Tribe turns: draw, the fate-dice payout (both doubles options), learning skills, the hand limit,
ending the turn and the phase guards."""
from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.stone_tribe import (
    RULES, CompleteDemand, DiscardDemand, DrawChanceCard, Doubles, EndTurn, LearnSkill, Options, Payment,
    Phase, Resources, RevealDemand, RollFateDice, Share, payout,
)
from rules.stone_tribe.events import (
    ChanceCardsDiscarded, DemandDiscarded, FateDiceRolled, ResourcesEarned, SkillLearned, TurnEnded, TurnStarted,
)

from .test_stone_tribe_support import Table, drafted, rolled

# Ann: logging (3, 5) + fishing (3);  Bob: mining (5) + gathering (1, 2);  Cy: logging (6) + fishing (3, 4)
PICKS = [("logging", (3, 5)), ("mining", (5,)), ("logging", (6,)),
         ("fishing", (3, 4)), ("gathering", (1, 2)), ("fishing", (3,))]


def three(options: Options = Options()) -> Table:
    return drafted(("Ann", "Bob", "Cy"), 0, options, PICKS)


def test_payout_per_die_pays_a_double_twice() -> None:
    s = three().s
    assert payout(s, (3, 3)) == {
        "Ann": Resources(wood=2, fish=2), "Bob": Resources(), "Cy": Resources(fish=2),
    }
    assert payout(s, (3, 5)) == {
        "Ann": Resources(wood=2, fish=1), "Bob": Resources(stone=1), "Cy": Resources(fish=1),
    }
    assert payout(s, (6, 2)) == {"Ann": Resources(), "Bob": Resources(fruit=1), "Cy": Resources(wood=1)}


def test_payout_once_counts_a_double_as_one_number() -> None:
    s = three(Options(doubles=Doubles.ONCE)).s
    assert payout(s, (3, 3)) == {"Ann": Resources(wood=1, fish=1), "Bob": Resources(), "Cy": Resources(fish=1)}
    # two different numbers on one card still pay one each
    assert payout(s, (3, 5))["Ann"] == Resources(wood=2, fish=1)
    assert payout(s, (1, 2))["Bob"] == Resources(fruit=2)


def test_payout_is_a_preview_that_commits_nothing_and_checks_the_dice() -> None:
    table = three()
    before = table.s
    payout(before, (3, 3))
    assert table.s == before
    with pytest.raises(IllegalMove, match=r"dice\[1\] must be a die face from 1 to 6, not 0"):
        payout(before, (3, 0))
    with pytest.raises(IllegalMove, match="dice must be the two fate dice"):
        payout(before, (3,))


def test_roll_pays_every_matching_player_the_preview() -> None:
    table = three()
    table.do(DrawChanceCard())
    preview = payout(table.s, (3, 4))
    events = table.do(RollFateDice((3, 4), "camera"))
    assert events == (FateDiceRolled("Ann", (3, 4), "camera"),
                      ResourcesEarned("Ann", Resources(wood=1, fish=1), (3, 4)),
                      ResourcesEarned("Cy", Resources(fish=2), (3, 4)))
    assert table.s.player("Cy").resources == Resources(wood=2, fish=2) + preview["Cy"]
    assert table.s.player("Bob").resources == Resources(stone=2, fruit=2)
    assert RULES.describe(None, events[1]) == "Ann +1 wood, +1 fish (rolled 3 and 4)"
    assert (table.s.phase, table.s.last_roll) == (Phase.MAIN, (3, 4))


def test_roll_refuses_a_bad_source() -> None:
    table = three()
    table.do(DrawChanceCard())
    with pytest.raises(IllegalMove, match="source must be one of camera, edice, touch, not 'guess'"):
        table.do(RollFateDice((1, 1), "guess"))


def test_turn_steps_come_in_order() -> None:
    table = three()
    with pytest.raises(IllegalMove) as exc:
        table.do(RollFateDice((1, 1)))
    assert str(exc.value) == "Rolling the fate dice is not possible now: Ann first draws the turn's chance card"
    table.do(DrawChanceCard())
    with pytest.raises(IllegalMove, match="Learning a skill is not possible now: Ann first rolls the fate dice"):
        table.do(LearnSkill("mining", (1,)))
    table.do(RollFateDice((1, 1)))
    with pytest.raises(IllegalMove, match="Rolling the fate dice is not possible now"):
        table.do(RollFateDice((1, 1)))
    with pytest.raises(IllegalMove, match="Ann must turn up this turn's demand card before ending the turn"):
        table.do(EndTurn())
    table.do(RevealDemand(Resources(wood=1), 1))
    with pytest.raises(IllegalMove, match="Ending the turn is not possible now: a demand is under negotiation"):
        table.do(EndTurn())
    table.do(DiscardDemand())
    with pytest.raises(IllegalMove, match="only one demand card is turned up each turn"):
        table.do(RevealDemand(Resources(wood=1), 1))
    assert table.do(EndTurn()) == (TurnEnded("Ann"), TurnStarted("Bob", 1))


def _rich(table: Table, shells: int) -> Table:
    """The current player completes a demand worth ``shells`` (paying 1 of their first resource)."""
    me = table.s.player(table.s.current or "")
    kind = next(k for k, n in me.resources.items() if n)
    table.do(RevealDemand(Resources.of(kind), shells),
             CompleteDemand((Payment(me.name, Resources.of(kind)),), (Share(me.name, shells),)))
    return table


def test_learning_costs_three_shells_once_per_turn() -> None:
    table = rolled(three(), (1, 1))
    with pytest.raises(IllegalMove, match="learning a skill costs 3 shells; Ann has 0"):
        table.do(LearnSkill("mining", (2,)))
    _rich(table, 7)
    assert table.do(LearnSkill("mining", (2, 6))) == (SkillLearned("Ann", table.s.player("Ann").skills[-1], 3),)
    assert table.s.player("Ann").shells == 4
    assert table.s.player("Ann").skills[-1].numbers == (2, 6)
    with pytest.raises(IllegalMove) as exc:
        table.do(LearnSkill("hunting", (4,)))
    assert str(exc.value) == "Ann has already learned a skill this turn (one per turn)"


def _pass(table: Table) -> None:
    """The current player plays a turn that changes no books but the draw."""
    rolled(table, (1, 1))
    table.do(RevealDemand(Resources(wood=1), 1), DiscardDemand(), EndTurn())


def test_learning_allows_at_most_four_skill_cards() -> None:
    table = three()
    for turn in range(1, 3):            # Ann learns on her first two turns: 2 + 2 = 4 skill cards
        rolled(table, (1, 1))
        _rich(table, 3)
        table.do(LearnSkill("hunting", (turn,)), EndTurn())
        _pass(table)
        _pass(table)
    assert len(table.s.player("Ann").skills) == 4
    rolled(table, (1, 1))
    _rich(table, 3)
    with pytest.raises(IllegalMove) as exc:
        table.do(LearnSkill("hunting", (5,)))
    assert str(exc.value) == "Ann already has 4 skill cards, the most a player may hold"
    assert table.s.player("Ann").shells == 3


def test_learning_respects_an_empty_skill_stack() -> None:
    table = drafted(("Ann", "Bob", "Cy"), 0, Options(skill_cards_per_skill=2), PICKS)   # 2 logging drafted
    rolled(table, (1, 1))
    _rich(table, 3)
    with pytest.raises(IllegalMove, match="the Logging stack is empty"):
        table.do(LearnSkill("logging", (1,)))


def test_learning_is_refused_during_negotiation() -> None:
    table = rolled(three(), (1, 1))
    table.do(RevealDemand(Resources(fish=1), 1))
    with pytest.raises(IllegalMove, match="Learning a skill is not possible now: a demand is under negotiation"):
        table.do(LearnSkill("mining", (1,)))


def test_hand_limit_discards_down_to_four_at_the_end_of_ones_own_turn() -> None:
    table = rolled(three(), (1, 1))
    # Ann holds 2 (starting card + this turn's); a demand rewarding 4 chance cards takes her to 6
    table.do(RevealDemand(Resources(wood=1), 0, 4),
             CompleteDemand((Payment("Ann", Resources(wood=1)),), (Share("Ann", 0, 3), Share("Bob", 0, 1))))
    assert (table.s.player("Ann").hand, table.s.player("Bob").hand) == (5, 2)
    events = table.do(EndTurn())
    assert events[0] == ChanceCardsDiscarded("Ann", 1, "hand limit 4")
    assert RULES.describe(None, events[0]) == "Ann discards 1 chance card (hand limit 4)"
    assert table.s.player("Ann").hand == 4


def test_hand_of_four_is_kept() -> None:
    table = rolled(three(), (1, 1))
    table.do(RevealDemand(Resources(wood=1), 0, 2),
             CompleteDemand((Payment("Ann", Resources(wood=1)),), (Share("Ann", 0, 2),)))
    assert table.s.player("Ann").hand == 4
    assert not any(isinstance(e, ChanceCardsDiscarded) for e in table.do(EndTurn()))
    assert table.s.player("Ann").hand == 4


def test_a_demand_nobody_takes_is_discarded_without_entering_it() -> None:
    """The table sees the card and nobody deals: one discard straight after the roll, no cost typed in;
    the turn's one demand is then used up."""
    table = three()
    table.do(DrawChanceCard(), RollFateDice((1, 1)))
    assert table.do(DiscardDemand()) == (DemandDiscarded("Ann"),)
    assert table.s.phase == Phase.MAIN and table.s.demand_done and table.s.demand is None
    with pytest.raises(IllegalMove, match="only one demand card is turned up each turn"):
        table.do(DiscardDemand())
    with pytest.raises(IllegalMove, match="only one demand card is turned up each turn"):
        table.do(RevealDemand(Resources(wood=1), 1))
    assert table.do(EndTurn()) == (TurnEnded("Ann"), TurnStarted("Bob", 1))
    with pytest.raises(IllegalMove, match="Discarding the demand is not possible now"):
        table.do(DiscardDemand())
