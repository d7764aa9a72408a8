"""Feeding with and without shortage, round end records, and both game-end conditions."""
from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.stone_age import (RULES, Area, BuildHut, BuyCard, Feed, Gather, Phase, Place, Prompt, Resource,
                             UseVillage, whats_next)
from rules.stone_age.events import Fed, FinalScored, GameEnded, RoundEnded, RoundStarted
from rules.stone_age.feeding import food_after, food_needed, shortfall, shortfalls
from rules.stone_age.scoring import score_game
from rules.stone_age.state import FeedLine

from .test_stone_age_support import Table, at_actions

W, B, S, G = Resource.WOOD, Resource.BRICK, Resource.STONE, Resource.GOLD


def _last_action(players: int = 2) -> Table:
    """Everyone is done except Ann's hunting (1 figure), so her Gather ends the actions."""
    return at_actions(players, (0, Area.HUNTING, 1, 0))


def test_fields_feed_first_then_one_food_per_person_and_the_rest_is_kept() -> None:
    """Rulebook phase 3: take food equal to agriculture, pay 1 per person, keep what is left."""
    t = _last_action()
    t.edit(0, people=7, agriculture=3, food=10)
    t.edit(1, people=5, agriculture=6, food=2)
    before = t.s
    events = t.do(Gather(0, Area.HUNTING, (1,)))
    assert Fed(0, 7, (), False, harvest=3) in events and Fed(1, 5, (), False, harvest=6) in events
    assert [p.food for p in t.s.players] == [6, 3]                  # Ben keeps the fields' surplus of 1
    assert t.s.round == 2 and t.s.phase is Phase.PLACE
    assert t.s.feeding == (FeedLine(0, 3, 7, (), False, 6), FeedLine(1, 6, 5, (), False, 3))
    assert RULES.describe(before, events[1]) == "Ann fed: fields +3, ate 7 → 6 food"
    assert RULES.describe(None, events[1]) == "player 1 fed: fields +3, ate 7 food"


def test_a_farming_player_stores_the_surplus_and_is_not_short_later() -> None:
    """The issue's case: agriculture 7, 6 people, 11 food -> 12; a later lean round is covered."""
    t = _last_action()
    t.edit(0, people=6, agriculture=7, food=11)
    before = t.s
    events = t.do(Gather(0, Area.HUNTING, (1,)))
    fed = next(e for e in events if isinstance(e, Fed) and e.player == 0)
    assert RULES.describe(before, fed) == "Ann fed: fields +7, ate 6 → 12 food"
    assert t.s.players[0].food == 12 and t.s.players[0].score == 0


def test_a_short_player_with_resources_chooses_and_the_others_feed_at_once() -> None:
    t = _last_action(3)
    t.edit(1, food=2, wood=2, gold=3)               # needs 5: 3 short
    t.edit(2, food=0, stone=1)                      # 5 short, 1 resource: no choice, −10
    t.do(Gather(0, Area.HUNTING, (1,)))
    s = t.s
    assert s.phase is Phase.FEED and s.current == 1 and s.fed == (True, False, True)
    assert shortfalls(s) == {1: 3}
    assert whats_next(s) == Prompt("feed", 1, missing_food=3)
    assert s.players[2].score == -10 and s.players[2].stone == 1 and s.players[2].food == 0
    assert s.players[0].food == 12 - 5
    with pytest.raises(IllegalMove, match="3 food is missing: pay 3 resources or take −10 points"):
        t.do(Feed(1, (W, W)))
    with pytest.raises(IllegalMove, match="you have only 2 wood"):
        t.do(Feed(1, (W, W, W)))
    with pytest.raises(IllegalMove, match="either pay the missing food with resources or take −10 points"):
        t.do(Feed(1, (W,), penalty=True))
    with pytest.raises(IllegalMove, match="Ann has already fed"):
        t.do(Feed(0, penalty=True))
    with pytest.raises(IllegalMove, match="figures are placed only in the placing phase"):
        t.do(Place(1, Area.FOREST, 1))
    events = t.do(Feed(1, (W, G, G)))
    assert events[0] == Fed(1, 2, (W, G, G), False)
    assert RULES.describe(t.s, events[0]) == "Ben fed: 2 food and 1 wood, 2 gold"
    p = t.s.players[1]
    assert (p.food, p.wood, p.gold, p.score) == (0, 1, 1, 0)
    assert t.s.round == 2 and t.s.players[2].round_scores == (-10,)


def test_a_short_player_may_take_the_penalty_and_keep_resources() -> None:
    t = _last_action()
    t.edit(1, food=1, gold=9)
    t.do(Gather(0, Area.HUNTING, (1,)))
    events = t.do(Feed(1, penalty=True))
    assert RULES.describe(None, events[0]).endswith("−10: hunger (ate 1 food)")
    assert (t.s.players[1].score, t.s.players[1].gold, t.s.players[1].food) == (-10, 9, 0)


def test_feeding_helpers() -> None:
    t = _last_action()
    t.edit(0, people=8, agriculture=2, food=4)
    p = t.s.players[0]
    assert (food_needed(p), shortfall(p)) == (6, 2)
    t.edit(0, agriculture=9)
    assert (food_needed(t.s.players[0]), shortfall(t.s.players[0]), food_after(t.s.players[0])) == (0, 0, 5)
    t.edit(0, agriculture=3, food=0)
    assert (shortfall(t.s.players[0]), food_after(t.s.players[0])) == (5, -5)


def test_feeding_is_refused_outside_the_feed_phase() -> None:
    t = _last_action()
    with pytest.raises(IllegalMove, match="feeding happens only after all actions are resolved"):
        t.do(Feed(0, penalty=True))


def test_round_end_records_each_score_and_passes_the_start_marker() -> None:
    t = at_actions(3, (0, Area.HUNTING, 1, 0), start=2)
    t.edit(0, score=7)
    events = t.do(Gather(0, Area.HUNTING, (1,)))
    assert RoundEnded(1, (7, 0, 0)) in events and RoundStarted(2, 0, 0) in events
    assert t.s.start_player == 0 and t.s.current == 0 and t.s.players[0].round_scores == (7,)


def test_an_empty_hut_stack_ends_the_game_after_the_round_and_its_feeding() -> None:
    t = at_actions(2, (0, Area.BUILDING, 1, 2), (1, Area.HUNTING, 1, 0))
    t.board(stacks=(3, 1))
    t.edit(0, wood=2, brick=1)
    t.edit(1, food=0)
    t.do(BuildHut(0, 2, 1, (W, W, B)))
    assert t.s.stacks == (3, 0) and t.s.phase is Phase.ACTIONS        # the round goes on
    events = t.do(Gather(1, Area.HUNTING, (1,)))
    kinds = [type(e) for e in events]
    assert kinds[-3:] == [RoundEnded, GameEnded, FinalScored] and RoundStarted not in kinds
    assert events[-2] == GameEnded("huts")
    assert Fed(1, 0, (), True) in events                               # feeding happened first
    s = t.s
    assert s.phase is Phase.OVER and RULES.finished(s) and s.ended == "huts"
    assert whats_next(s).task == "over"
    assert [r.total for r in s.final] == [10, -10]
    assert RULES.describe(s, events[-1]) == "Final scoring: Ann 10 (1st), Ben −10 (2nd)"
    assert RULES.describe(s, events[-2]) == "Game over: a building stack is empty"
    assert s.final == score_game(s)
    with pytest.raises(IllegalMove, match="the game is over"):
        t.do(Place(0, Area.FOREST, 1))


def test_the_game_ends_when_the_deck_cannot_refill_the_card_slots() -> None:
    t = at_actions(2, (0, Area.CARD, 1, 1), (0, Area.CARD, 1, 2), (1, Area.HUNTING, 1, 0))
    t.board(deck=1)
    t.edit(0, wood=3)
    t.do(BuyCard(0, 1, 13, (W,)), BuyCard(0, 2, 14, (W, W)))
    events = t.do(Gather(1, Area.HUNTING, (1,)))
    assert events[-2] == GameEnded("cards") and RULES.finished(t.s)
    assert [r.track for r in t.s.final] == [6, 0]
    assert RULES.describe(t.s, events[-2]) == "Game over: the civilization deck cannot refill the card slots"


def test_a_deck_that_just_refills_the_slots_starts_the_next_round() -> None:
    t = at_actions(2, (0, Area.CARD, 1, 1), (0, Area.CARD, 1, 2), (1, Area.HUNTING, 1, 0))
    t.board(deck=2)
    t.edit(0, wood=3)
    t.do(BuyCard(0, 1, 13, (W,)), BuyCard(0, 2, 14, (W, W)))
    events = t.do(Gather(1, Area.HUNTING, (1,)))
    assert RoundStarted(2, 1, 2) in events
    assert t.s.deck == 0 and t.s.slots_filled == (True,) * 4 and not RULES.finished(t.s)


def test_people_born_this_round_eat_at_this_feeding() -> None:
    t = at_actions(4, (0, Area.HUT, 2, 0), (1, Area.HUNTING, 1, 0))
    t.do(UseVillage(0, Area.HUT))
    t.do(Gather(1, Area.HUNTING, (1,)))
    assert t.s.players[0].people == 6 and t.s.players[0].food == 12 - 6
