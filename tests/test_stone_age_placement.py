"""Setup, placement in turn order, capacities and the 2/3-player restrictions, and the guard order."""
from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.stone_age import RULES, Area, Gather, NewGame, Phase, Place, Placement, Seat, UseVillage
from rules.stone_age.turns import can_place, figures_left, legal_places

from .test_stone_age_support import new_table


def test_setup_gives_each_player_5_people_12_food_and_one_hut_stack_each() -> None:
    for n in (2, 3, 4):
        s = new_table(n, start=1).s
        assert s.phase is Phase.PLACE and s.round == 1 and s.start_player == 1 and s.current == 1
        assert s.stacks == (7,) * n and s.deck == 32 and s.slots_filled == (True,) * 4
        for p in s.players:
            assert (p.people, p.food, p.agriculture, p.score, p.tools, p.resource_total) == (5, 12, 0, 0, (), 0)


@pytest.mark.parametrize("seats, start, rule", [
    ((Seat("Ann", "red"),), 0, "Stone Age is for 2 to 4 players"),
    (tuple(Seat(f"P{i}", f"c{i}") for i in range(5)), 0, "Stone Age is for 2 to 4 players"),
    ((Seat("Ann", "red"), Seat("Ann", "blue")), 0, "two players have the same name"),
    ((Seat("Ann", "red"), Seat("Ben", "red")), 0, "every player needs a colour of their own"),
    ((Seat("Ann", "red"), Seat(" ", "blue")), 0, "every player needs a name"),
    ((Seat("Ann", "red"), Seat("Ben", "blue")), 2, "the start player must be one of the 2 players"),
])
def test_bad_setup_names_the_rule(seats: tuple[Seat, ...], start: int, rule: str) -> None:
    with pytest.raises(IllegalMove) as err:
        RULES.decide(None, NewGame(seats, start))
    assert err.value.rule == rule


def test_placement_goes_clockwise_from_the_start_player_and_skips_players_without_figures() -> None:
    t = new_table(3, start=2)
    t.do(Place(2, Area.HUNTING, 5))                 # Cai places everything
    assert t.s.current == 0
    t.do(Place(0, Area.FOREST, 2))
    assert t.s.current == 1
    t.do(Place(1, Area.QUARRY, 2))
    assert t.s.current == 0                          # Cai has none left and is skipped
    with pytest.raises(IllegalMove, match="it is Ann's turn"):
        t.do(Place(1, Area.CLAY_PIT, 1))


def test_all_placed_starts_the_actions_with_the_start_player() -> None:
    t = new_table(2, start=1)
    t.do(Place(1, Area.HUNTING, 5), Place(0, Area.FOREST, 5))
    assert t.s.phase is Phase.ACTIONS and t.s.current == 1


def test_a_space_is_used_once_per_round_with_all_figures_at_once() -> None:
    t = new_table(4)
    t.do(Place(0, Area.HUNTING, 1), Place(1, Area.FOREST, 1), Place(2, Area.FOREST, 1), Place(3, Area.FOREST, 1))
    with pytest.raises(IllegalMove, match="a player goes hunting only once per round"):
        t.do(Place(0, Area.HUNTING, 2))
    t.do(Place(0, Area.FOREST, 1))
    with pytest.raises(IllegalMove, match="you already have figures on the forest"):
        t.do(Place(1, Area.FOREST, 1))


def test_forest_holds_at_most_7_figures_at_4_players() -> None:
    t = new_table(4)
    t.do(Place(0, Area.FOREST, 5), Place(1, Area.FOREST, 2))
    with pytest.raises(IllegalMove, match="the forest holds at most 7 figures"):
        t.do(Place(2, Area.FOREST, 1))
    t.do(Place(2, Area.RIVER, 5))
    with pytest.raises(IllegalMove, match="the river holds at most 7 figures"):
        t.do(Place(3, Area.RIVER, 3))
    t.do(Place(3, Area.RIVER, 2))


def test_hunting_is_unlimited() -> None:
    t = new_table(4)
    for seat in range(4):
        t.do(Place(seat, Area.HUNTING, 5))
    assert t.s.phase is Phase.ACTIONS
    assert sum(p.figures for p in t.s.placements if p.area is Area.HUNTING) == 20


def test_tool_maker_and_field_take_one_figure_and_the_hut_exactly_two() -> None:
    t = new_table(4)
    with pytest.raises(IllegalMove, match="the tool maker takes exactly 1 figure"):
        t.do(Place(0, Area.TOOL_MAKER, 2))
    with pytest.raises(IllegalMove, match="the hut takes exactly 2 figures"):
        t.do(Place(0, Area.HUT, 1))
    t.do(Place(0, Area.HUT, 2))
    with pytest.raises(IllegalMove, match="the hut is taken this round"):
        t.do(Place(1, Area.HUT, 2))
    t.do(Place(1, Area.FIELD, 1), Place(2, Area.TOOL_MAKER, 1))
    with pytest.raises(IllegalMove, match="the tool maker is taken this round"):
        t.do(Place(3, Area.TOOL_MAKER, 1))
    with pytest.raises(IllegalMove, match="the field is taken this round"):
        t.do(Place(3, Area.FIELD, 1))


def test_building_and_card_slots_take_one_figure_each() -> None:
    t = new_table(3)
    t.do(Place(0, Area.BUILDING, 1, 3), Place(1, Area.CARD, 1, 4))
    with pytest.raises(IllegalMove, match="building 3 is taken this round"):
        t.do(Place(2, Area.BUILDING, 1, 3))
    with pytest.raises(IllegalMove, match="card slot 4 is taken this round"):
        t.do(Place(2, Area.CARD, 1, 4))
    with pytest.raises(IllegalMove, match="there is no building 4"):
        t.do(Place(2, Area.BUILDING, 1, 4))
    with pytest.raises(IllegalMove, match="there is no card slot 5"):
        t.do(Place(2, Area.CARD, 1, 5))
    with pytest.raises(IllegalMove, match="card slot 1 takes exactly 1 figure"):
        t.do(Place(2, Area.CARD, 2, 1))


def test_an_empty_building_stack_takes_no_figure() -> None:
    t = new_table(2)
    t.board(stacks=(0, 7))
    with pytest.raises(IllegalMove, match="building stack 1 is empty"):
        t.do(Place(0, Area.BUILDING, 1, 1))
    assert (Area.BUILDING, 1, 1) not in legal_places(t.s, 0)
    assert (Area.BUILDING, 2, 1) in legal_places(t.s, 0)


@pytest.mark.parametrize("players", [2, 3])
def test_with_2_or_3_players_only_2_village_spaces_are_used(players: int) -> None:
    t = new_table(players)
    t.do(Place(0, Area.TOOL_MAKER, 1), Place(1, Area.FIELD, 1))
    if players == 3:
        t.do(Place(2, Area.HUNTING, 1))
    with pytest.raises(IllegalMove, match=f"with {players} players only 2 of the 3 village spaces"):
        t.do(Place(0, Area.HUT, 2))


def test_with_4_players_all_3_village_spaces_are_used() -> None:
    t = new_table(4)
    t.do(Place(0, Area.TOOL_MAKER, 1), Place(1, Area.FIELD, 1), Place(2, Area.HUT, 2))
    assert len(t.s.placements) == 3


def test_with_3_players_at_most_2_players_use_a_resource_area() -> None:
    t = new_table(3)
    t.do(Place(0, Area.QUARRY, 1), Place(1, Area.QUARRY, 1))
    with pytest.raises(IllegalMove, match="with 3 players at most 2 players use the quarry"):
        t.do(Place(2, Area.QUARRY, 1))


def test_with_2_players_one_player_uses_a_resource_area() -> None:
    t = new_table(2)
    t.do(Place(0, Area.CLAY_PIT, 1))
    with pytest.raises(IllegalMove, match="with 2 players 1 player uses the clay pit"):
        t.do(Place(1, Area.CLAY_PIT, 1))
    t.do(Place(1, Area.HUNTING, 2))
    t.do(Place(0, Area.FOREST, 4))


def test_a_player_cannot_place_more_figures_than_left() -> None:
    t = new_table(2)
    t.do(Place(0, Area.FOREST, 4), Place(1, Area.HUNTING, 1))
    with pytest.raises(IllegalMove, match="you have only 1 figure left to place"):
        t.do(Place(0, Area.HUNTING, 2))
    assert figures_left(t.s, 0) == 1


def test_guard_order_turn_before_area_before_figures() -> None:
    t = new_table(2)
    # wrong player and a full/illegal space: the turn is reported first
    with pytest.raises(IllegalMove, match="it is Ann's turn"):
        t.do(Place(1, Area.HUT, 1))
    # area rule before the figures count
    with pytest.raises(IllegalMove, match="the hut takes exactly 2 figures"):
        t.do(Place(0, Area.HUT, 9))
    # wrong phase before anything else
    with pytest.raises(IllegalMove, match="areas are resolved only in the actions phase"):
        t.do(UseVillage(1, Area.HUT))
    with pytest.raises(IllegalMove, match="there is no player 7"):
        t.do(Place(7, Area.FOREST, 1))


@pytest.mark.parametrize("bad", [
    Place(0, "forest", 1),  # type: ignore[arg-type]
    Place(0, Area.FOREST, "2"),  # type: ignore[arg-type]
    Gather(0, Area.FOREST, [1, 2]),  # type: ignore[arg-type]
])
def test_malformed_commands_name_the_field(bad: object) -> None:
    t = new_table(2)
    with pytest.raises(IllegalMove, match=r"^(Place|Gather)\.\w+: "):
        t.do(bad)


def test_commands_out_of_order_are_refused() -> None:
    t = new_table(2)
    with pytest.raises(IllegalMove, match="the game has already started"):
        t.do(NewGame((Seat("A", "a"), Seat("B", "b"))))
    with pytest.raises(IllegalMove, match="start a new game first"):
        RULES.decide(None, Place(0, Area.FOREST, 1))
    with pytest.raises(IllegalMove, match="Stone Age has no command str"):
        t.do("place")


def test_a_player_with_figures_but_no_legal_space_is_skipped() -> None:
    t = new_table(2)
    t.edit(0, people=10)
    ann = [(Area.HUNTING, 0), (Area.TOOL_MAKER, 0), (Area.BUILDING, 1), (Area.BUILDING, 2)]
    ann += [(Area.CARD, slot) for slot in (1, 2, 3, 4)]
    ben = [Area.FOREST, Area.CLAY_PIT, Area.QUARRY, Area.RIVER, Area.HUNTING]
    t.board(placements=tuple(Placement(0, a, slot, 1) for a, slot in ann)
            + tuple(Placement(1, a, 0, 1) for a in ben[:4]), current=1)
    t.edit(1, people=6)
    t.do(Place(1, Area.FIELD, 1))          # the village is now closed to Ann at 2 players
    assert figures_left(t.s, 0) == 2 and not can_place(t.s, 0)
    assert t.s.current == 1                 # Ann is skipped; Ben still has a figure
    t.do(Place(1, Area.HUNTING, 1))
    assert t.s.phase is Phase.ACTIONS and t.s.current == 0
