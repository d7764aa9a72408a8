"""The "any 2 resources" card may be kept and used later: at a hut, a card, or a feeding shortfall."""
from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.stone_age import (RULES, Area, BuildHut, BuyCard, Feed, Gather, Phase, Place, Prompt, Resource,
                             UseAnyTwo, whats_next)
from rules.stone_age.cards import CARDS, Effect
from rules.stone_age.events import AnyTwoUsed, CardBought, Fed, Gain
from rules.stone_age.scoring import score_game

from .test_stone_age_support import Table, at_actions

W, B, S, G = Resource.WOOD, Resource.BRICK, Resource.STONE, Resource.GOLD
ANY_TWO = next(c.id for c in CARDS if c.effect is Effect.ANY_TWO)


def _kept(players: int = 2) -> Table:
    """Ann bought the "any 2 resources" card and kept it; she still has building 1 to resolve."""
    t = at_actions(players, (0, Area.CARD, 1, 1), (0, Area.BUILDING, 1, 1),
                   *[(seat, Area.HUNTING, 1, 0) for seat in range(1, players)])
    t.edit(0, wood=3)
    events = t.do(BuyCard(0, 1, ANY_TWO, (W,)))
    assert events == (CardBought(0, 1, ANY_TWO, (W,), Gain(any_two=1)),)
    return t


def test_buying_the_card_without_choosing_keeps_it_for_later() -> None:
    t = _kept()
    p = t.s.players[0]
    assert (p.any_two, p.wood, p.brick, p.stone, p.gold) == (1, 2, 0, 0, 0)
    assert ANY_TWO in p.cards                                   # the bottom (Medicine) is held as usual
    line = RULES.describe(t.s, t.events[-1])
    assert line == "Ann “any 2 resources” kept for later: Medicine card (slot 1, paid 1 wood)"


def test_a_kept_card_pays_for_a_hut_on_the_players_turn() -> None:
    t = _kept()
    with pytest.raises(IllegalMove, match="you have only 0 brick"):
        t.do(BuildHut(0, 1, 1, (W, W, B)))
    events = t.do(UseAnyTwo(0, (B, G)))
    assert events == (AnyTwoUsed(0, (B, G)),)
    assert RULES.describe(t.s, events[0]) == "Ann took 1 brick, 1 gold: the kept “any 2 resources” card"
    p = t.s.players[0]
    assert (p.any_two, p.wood, p.brick, p.gold) == (0, 2, 1, 1)
    t.do(BuildHut(0, 1, 1, (W, W, B)))
    assert t.s.players[0].score == 10 and t.s.players[0].gold == 1
    assert t.s.current == 1
    with pytest.raises(IllegalMove, match="Ben has no kept “any 2 resources” card"):
        t.do(UseAnyTwo(1, (W, W)))


def test_a_kept_card_is_refused_out_of_turn_with_the_wrong_count_and_in_the_placing_phase() -> None:
    t = _kept(3)
    with pytest.raises(IllegalMove, match="choose 2 resources"):
        t.do(UseAnyTwo(0, (W,)))
    with pytest.raises(IllegalMove, match="it is Ann's turn"):
        t.do(UseAnyTwo(1, (W, W)))
    with pytest.raises(IllegalMove, match="there is no player 7"):
        t.do(UseAnyTwo(7, (W, W)))
    t.board(phase=Phase.PLACE, placements=(), current=0)
    with pytest.raises(IllegalMove, match="a kept card is used on your own turn in the actions phase"):
        t.do(UseAnyTwo(0, (W, W)))
    assert t.s.players[0].any_two == 1


def test_a_kept_card_covers_a_feeding_shortfall_instead_of_the_penalty() -> None:
    """Short 3 with 1 wood: without the card it would be −10 at once; with it Ann chooses."""
    t = at_actions(2, (0, Area.HUNTING, 1, 0))
    t.edit(0, food=2, wood=1, any_two=1)
    t.do(Gather(0, Area.HUNTING, (1,)))
    assert t.s.phase is Phase.FEED and whats_next(t.s) == Prompt("feed", 0, missing_food=3)
    t.do(UseAnyTwo(0, (S, S)))
    assert t.s.phase is Phase.FEED and t.s.players[0].stone == 2      # still her choice: pay or −10
    events = t.do(Feed(0, (W, S, S)))
    assert events[0] == Fed(0, 2, (W, S, S), False)
    p = t.s.players[0]
    assert (p.food, p.wood, p.stone, p.score, p.any_two) == (0, 0, 0, 0, 0) and t.s.round == 2


def test_a_kept_card_too_small_for_the_shortfall_leaves_the_penalty_and_stays_kept() -> None:
    t = at_actions(2, (0, Area.HUNTING, 1, 0))
    t.edit(0, food=1, wood=1, any_two=1)                             # short 4, could pay 3
    t.do(Gather(0, Area.HUNTING, (1,)))
    p = t.s.players[0]
    assert (p.score, p.food, p.any_two, p.wood) == (-10, 0, 1, 1) and t.s.round == 2


def test_a_kept_card_is_refused_to_a_player_who_has_fed() -> None:
    t = at_actions(2, (0, Area.HUNTING, 1, 0))
    t.edit(0, food=0, wood=5)
    t.edit(1, any_two=1)
    t.do(Gather(0, Area.HUNTING, (1,)))
    assert t.s.phase is Phase.FEED and t.s.fed == (False, True)
    with pytest.raises(IllegalMove, match="Ben has already fed"):
        t.do(UseAnyTwo(1, (W, W)))
    with pytest.raises(IllegalMove, match="figures are placed only in the placing phase"):
        t.do(Place(1, Area.FOREST, 1))


def test_an_unused_kept_card_scores_nothing_at_the_end_but_its_bottom_counts() -> None:
    t = _kept()
    t.edit(0, wood=0)
    row = score_game(t.s)[0]
    assert row.resources == 0 and row.culture == 1                   # Medicine 1², no 2 resources
    t.edit(0, any_two=0, wood=2)
    assert score_game(t.s)[0].resources == 2
