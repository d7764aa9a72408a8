"""The actions phase: gathering with tools, the village, huts of each kind, and turn order of resolving."""
from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.stone_age import (RULES, Area, BuildHut, Decline, Gather, Phase, Place, Resource, UseVillage,
                             card_roll_advice, gather_advice, whats_next)
from rules.stone_age.events import Gathered, HutBuilt, VillageUsed
from rules.stone_age.huts import HUTS, HutKind
from rules.stone_age.state import BuiltHut
from rules.stone_age.tools import advise, improve, is_reachable, tiles_for_steps
from rules.stone_age.turns import unresolved

from .test_stone_age_support import Table, at_actions, new_table

W, B, S, G = Resource.WOOD, Resource.BRICK, Resource.STONE, Resource.GOLD


@pytest.mark.parametrize("area, field, divisor", [
    (Area.HUNTING, "food", 2), (Area.FOREST, "wood", 3), (Area.CLAY_PIT, "brick", 4),
    (Area.QUARRY, "stone", 5), (Area.RIVER, "gold", 6),
])
def test_gathering_yields_the_dice_sum_divided_and_rounded_down(area: Area, field: str, divisor: int) -> None:
    dice = (6, 5, 4, 3)
    t = at_actions(2, (0, area, 4, 0), (1, Area.HUNTING if area is not Area.HUNTING else Area.FOREST, 1, 0))
    before = getattr(t.s.players[0], field)
    (ev,) = [e for e in t.do(Gather(0, area, dice)) if isinstance(e, Gathered)]
    assert ev.amount == 18 // divisor
    assert getattr(t.s.players[0], field) == before + 18 // divisor


def test_gathering_needs_one_die_per_figure_of_1_to_6() -> None:
    t = at_actions(2, (0, Area.FOREST, 3, 0), (1, Area.HUNTING, 1, 0))
    with pytest.raises(IllegalMove, match="3 figures on the forest needs 3 dice values, got 2"):
        t.do(Gather(0, Area.FOREST, (3, 4)))
    with pytest.raises(IllegalMove, match="a die shows 1 to 6"):
        t.do(Gather(0, Area.FOREST, (3, 4, 7)))
    with pytest.raises(IllegalMove, match="you have no figures on the quarry"):
        t.do(Gather(0, Area.QUARRY, (3,)))
    with pytest.raises(IllegalMove, match="the hut is not a gathering area"):
        t.do(Gather(0, Area.HUT, (3,)))


def test_tools_add_to_the_sum_and_each_tile_is_used_once_per_round() -> None:
    t = at_actions(2, (0, Area.FOREST, 3, 0), (0, Area.HUNTING, 1, 0), (1, Area.QUARRY, 1, 0))
    t.edit(0, tools=(2, 1, 1), tools_used=(False, False, False))
    t.do(Gather(0, Area.FOREST, (6, 6, 1), tool_tiles=(0,)))        # 13 + 2 = 15 -> 5 wood
    assert t.s.players[0].wood == 5
    assert t.s.players[0].tools_used == (True, False, False)
    with pytest.raises(IllegalMove, match="a tool tile is used once per round"):
        t.do(Gather(0, Area.HUNTING, (1,), tool_tiles=(0,)))
    with pytest.raises(IllegalMove, match="you have no tool tile number 4"):
        t.do(Gather(0, Area.HUNTING, (1,), tool_tiles=(3,)))
    with pytest.raises(IllegalMove, match="each tool tile is used once"):
        t.do(Gather(0, Area.HUNTING, (1,), tool_tiles=(1, 1)))
    t.do(Gather(0, Area.HUNTING, (1,), tool_tiles=(1, 2)))          # 1 + 2 = 3 -> 1 food
    assert t.s.players[0].food == 13


def test_one_use_tools_are_spent_and_gone() -> None:
    t = at_actions(2, (0, Area.RIVER, 2, 0), (0, Area.HUNTING, 1, 0), (1, Area.QUARRY, 1, 0))
    t.edit(0, one_use_tools=(4, 3))
    with pytest.raises(IllegalMove, match="you have no unused one-use tool of 2"):
        t.do(Gather(0, Area.RIVER, (4, 4), tool_cards=(2,)))
    t.do(Gather(0, Area.RIVER, (4, 4), tool_cards=(4,)))            # 8 + 4 = 12 -> 2 gold
    assert t.s.players[0].gold == 2 and t.s.players[0].one_use_tools == (3,)
    with pytest.raises(IllegalMove, match="you have no unused one-use tool of 4"):
        t.do(Gather(0, Area.HUNTING, (1,), tool_cards=(4,)))


def test_tool_progression_is_1_1_1_then_lowest_up_to_4_4_4() -> None:
    seen = [()]
    while (nxt := improve(seen[-1])) is not None:
        seen.append(nxt)
    assert seen[:8] == [(), (1,), (1, 1), (1, 1, 1), (2, 1, 1), (2, 2, 1), (2, 2, 2), (3, 2, 2)]
    assert seen[-1] == (4, 4, 4) and len(seen) == 13
    assert [tiles_for_steps(i) for i in range(13)] == seen
    assert all(is_reachable(x) for x in seen)
    assert not is_reachable((3, 1, 1)) and not is_reachable((2, 2)) and not is_reachable((2, 2, 0))
    assert not is_reachable((5,)) and not is_reachable((1, 1, 1, 1)) and is_reachable((0, 1, 0))


def test_tool_maker_adds_a_step_and_tools_reset_at_round_end() -> None:
    t = at_actions(2, (0, Area.TOOL_MAKER, 1, 0), (0, Area.FOREST, 1, 0), (1, Area.HUNTING, 1, 0))
    t.edit(0, tools=(1, 1, 1), tools_used=(False, True, False))
    t.do(Gather(0, Area.FOREST, (3,), tool_tiles=(0,)))
    t.do(UseVillage(0, Area.TOOL_MAKER))
    assert t.s.players[0].tools == (2, 1, 1)
    t.do(Gather(1, Area.HUNTING, (2,)))
    assert t.s.round == 2 and t.s.players[0].tools_used == (False, False, False)


def test_tool_maker_at_4_4_4_gains_nothing() -> None:
    t = at_actions(2, (0, Area.TOOL_MAKER, 1, 0), (1, Area.HUNTING, 1, 0))
    t.edit(0, tools=(4, 4, 4), tools_used=(False,) * 3)
    (ev,) = t.do(UseVillage(0, Area.TOOL_MAKER))[:1]
    assert ev == VillageUsed(0, Area.TOOL_MAKER, False)
    assert t.s.players[0].tools == (4, 4, 4)


def test_hut_adds_a_person_up_to_10_and_field_adds_agriculture_up_to_10() -> None:
    t = at_actions(4, (0, Area.HUT, 2, 0), (0, Area.FIELD, 1, 0), (1, Area.HUNTING, 1, 0))
    t.do(UseVillage(0, Area.HUT), UseVillage(0, Area.FIELD))
    assert (t.s.players[0].people, t.s.players[0].agriculture) == (6, 1)
    t = at_actions(4, (0, Area.HUT, 2, 0), (0, Area.FIELD, 1, 0), (0, Area.FOREST, 1, 0), (1, Area.HUNTING, 1, 0))
    t.edit(0, people=10, agriculture=10)
    events = t.do(UseVillage(0, Area.HUT), UseVillage(0, Area.FIELD))
    assert events[0] == VillageUsed(0, Area.FIELD, False)
    assert (t.s.players[0].people, t.s.players[0].agriculture) == (10, 10)
    with pytest.raises(IllegalMove, match="the field is already resolved"):
        t.do(UseVillage(0, Area.FIELD))


def test_each_player_resolves_all_their_spaces_in_their_own_order_then_the_next_player() -> None:
    t = at_actions(3, (1, Area.FOREST, 2, 0), (2, Area.HUNTING, 3, 0), (1, Area.FIELD, 1, 0),
                   (0, Area.QUARRY, 1, 0), start=1)
    assert t.s.current == 1
    with pytest.raises(IllegalMove, match="it is Ben's turn"):
        t.do(Gather(2, Area.HUNTING, (1, 1, 1)))
    t.do(UseVillage(1, Area.FIELD))                       # Ben picks the field first
    assert t.s.current == 1 and [p.area for p in unresolved(t.s, 1)] == [Area.FOREST]
    t.do(Gather(1, Area.FOREST, (1, 2)))
    assert t.s.current == 2
    t.do(Gather(2, Area.HUNTING, (1, 1, 1)))
    assert t.s.current == 0


# --- huts ---------------------------------------------------------------------------------------

def _hut(kind: HutKind, count: int = 0, kinds: int = 0, resources: tuple[Resource, ...] = ()) -> int:
    return next(h.id for h in HUTS if h.kind is kind and (not count or h.count == count)
                and (not kinds or h.kinds == kinds) and (not resources or h.resources == resources))


def _builder() -> Table:
    t = at_actions(2, (0, Area.BUILDING, 1, 1), (1, Area.HUNTING, 1, 0))
    t.edit(0, wood=5, brick=5, stone=5, gold=5)
    return t


def test_fixed_hut_takes_exactly_its_three_resources_and_scores_their_values() -> None:
    t = _builder()
    hut = _hut(HutKind.FIXED, resources=(W, B, S))
    with pytest.raises(IllegalMove, match="this building needs exactly wood, brick, stone"):
        t.do(BuildHut(0, 1, hut, (W, B, G)))
    with pytest.raises(IllegalMove, match="this building needs exactly wood, brick, stone"):
        t.do(BuildHut(0, 1, hut, (W, B)))
    events = t.do(BuildHut(0, 1, hut, (S, W, B)))
    assert events[0] == HutBuilt(0, 1, hut, (S, W, B), 12)
    assert RULES.describe(None, events[0]).endswith("+12: building (1 stone, 1 wood, 1 brick)")
    p = t.s.players[0]
    assert (p.score, p.wood, p.brick, p.stone, p.gold) == (12, 4, 4, 4, 5)
    assert p.huts[0].hut == hut and t.s.stacks == (6, 7)


@pytest.mark.parametrize("count, kinds, good, bad", [
    (4, 1, (W, W, W, W), (W, W, W, B)),
    (4, 2, (W, W, G, G), (W, W, W, W)),
    (4, 3, (W, B, S, S), (W, B, S, G)),
    (4, 4, (W, B, S, G), (W, B, S, S)),
    (5, 1, (G,) * 5, (G,) * 4),
    (5, 2, (W, G, G, G, G), (W, B, G, G, G)),
    (5, 3, (W, B, B, G, G), (W, W, W, W, G)),
    (5, 4, (W, B, S, G, G), (W, B, S, G)),
])
def test_count_and_kinds_hut_takes_exactly_that_count_in_that_many_kinds(
        count: int, kinds: int, good: tuple[Resource, ...], bad: tuple[Resource, ...]) -> None:
    t = _builder()
    hut = _hut(HutKind.COUNT_KINDS, count, kinds)
    with pytest.raises(IllegalMove, match=f"this building needs exactly {count} resources of {kinds} kind"):
        t.do(BuildHut(0, 1, hut, bad))
    t.do(BuildHut(0, 1, hut, good))
    values = {W: 3, B: 4, S: 5, G: 6}
    assert t.s.players[0].score == sum(values[r] for r in good)


def test_any_hut_takes_1_to_7_resources_of_any_kinds() -> None:
    hut = _hut(HutKind.ANY)
    t = _builder()
    with pytest.raises(IllegalMove, match="this building needs 1–7 resources of any kinds"):
        t.do(BuildHut(0, 1, hut, ()))
    with pytest.raises(IllegalMove, match="this building needs 1–7 resources of any kinds"):
        t.do(BuildHut(0, 1, hut, (G,) * 5 + (S,) * 3))
    t.do(BuildHut(0, 1, hut, (G, G, G, G, G, S, W)))
    assert t.s.players[0].score == 38


def test_a_hut_needs_resources_the_player_holds_and_an_unbuilt_known_tile() -> None:
    t = _builder()
    t.edit(0, gold=0)
    with pytest.raises(IllegalMove, match="you have only 0 gold"):
        t.do(BuildHut(0, 1, _hut(HutKind.FIXED, resources=(S, S, G)), (S, S, G)))
    with pytest.raises(IllegalMove, match="there is no building tile 29"):
        t.do(BuildHut(0, 1, 29, (W,)))
    t.edit(1, huts=(BuiltHut(1, (W, W, B), 10),))
    with pytest.raises(IllegalMove, match="building tile 1 is already built"):
        t.do(BuildHut(0, 1, 1, (W, W, B)))
    with pytest.raises(IllegalMove, match="you have no figures on building 2"):
        t.do(BuildHut(0, 2, 2, (W, W, S)))


def test_declining_a_hut_returns_the_figure_and_leaves_the_stack() -> None:
    t = _builder()
    t.do(Decline(0, Area.BUILDING, 1))
    assert t.s.stacks == (7, 7) and t.s.players[0].score == 0 and t.s.current == 1
    with pytest.raises(IllegalMove, match="only a building or a card can be declined"):
        t.do(Decline(1, Area.HUNTING, 0))


def test_tool_advice_reaches_the_next_whole_resource_with_least_waste() -> None:
    a = advise(13, 3, (2, 1), (False, False), ())
    assert (a.tiles, a.cards, a.result) == ((0,), (), 5)            # use the 2: 15 = 5 wood
    a = advise(13, 5, (1, 1), (False, False), ())                    # needs 2: both ones
    assert (a.tiles, a.result) == ((0, 1), 3)
    a = advise(13, 6, (1, 1), (False, False), ())                    # needs 5: nothing reaches
    assert (a.tiles, a.cards, a.added, a.result) == ((), (), 0, 2)
    a = advise(13, 6, (2, 1, 1), (True, False, False), (4, 3))       # needs 5: no waste either way,
    assert (a.tiles, a.cards, a.result) == ((1, 2), (3,), 3)         # keep the bigger one-use card
    a = advise(10, 4, (2, 2, 2), (False,) * 3, (2,))                 # needs 2: a tile, not the card
    assert (a.cards, len(a.tiles), a.added) == ((), 1, 2)
    a = advise(12, 3, (1,), (False,), ())                            # needs 3: one tile is not enough
    assert (a.tiles, a.result) == ((), 4)


def test_round_flow_after_the_last_action_feeds_and_starts_the_next_round() -> None:
    t = new_table(2)
    t.do(Place(0, Area.HUNTING, 5), Place(1, Area.FOREST, 5))
    t.do(Gather(0, Area.HUNTING, (1, 1, 1, 1, 1)))
    t.do(Gather(1, Area.FOREST, (6, 6, 6, 6, 6)))
    s = t.s
    assert s.phase is Phase.PLACE and s.round == 2 and s.start_player == 1 and s.current == 1
    assert [p.food for p in s.players] == [12 + 2 - 5, 12 - 5]
    assert [p.round_scores for p in s.players] == [(0,), (0,)]
    assert s.placements == ()


def test_whats_next_tells_the_screens_who_acts_and_on_what() -> None:
    t = new_table(2, start=1)
    prompt = whats_next(t.s)
    assert (prompt.task, prompt.player, prompt.figures_left) == ("place", 1, 5)
    assert (Area.HUT, 0, 2) in prompt.places and (Area.FOREST, 0, 5) in prompt.places
    t.do(Place(1, Area.FOREST, 5), Place(0, Area.HUNTING, 5))
    prompt = whats_next(t.s)
    assert prompt.task == "resolve" and prompt.player == 1 and [p.area for p in prompt.spaces] == [Area.FOREST]
    t.edit(1, tools=(2, 1), tools_used=(False, False))
    advice = gather_advice(t.s, 1, Area.FOREST, (6, 6, 1))
    assert (advice.tiles, advice.result) == ((0,), 5)
    with pytest.raises(ValueError, match="the Music card has no resource roll"):
        card_roll_advice(t.s, 1, 13, (1, 2))
    assert card_roll_advice(t.s, 1, 4, (5, 6)).tiles == (1,)            # gold: 11 + 1 = 12 -> 2
