"""Stone Tribe setup: player counts and warnings, rounds, the snake draft, starting resources and hands."""
from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.stone_tribe import (
    RULES, DraftSkill, DrawChanceCard, Options, Phase, Resources, StartGame, draft_order, rounds_for,
)
from rules.stone_tribe.events import GameStarted, SkillDrafted, StartingHandsDealt, TurnStarted

from .test_stone_tribe_support import Table, drafted

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


@pytest.mark.parametrize("players, rounds", [(2, 4), (3, 4), (4, 4), (5, 3), (6, 3), (8, 3)])
def test_setup_rounds_follow_player_count(players: int, rounds: int) -> None:
    assert rounds_for(players) == rounds
    (event,) = RULES.decide(None, StartGame(NAMES[:players]))
    assert event.rounds == rounds


def test_setup_rounds_option_overrides_the_table() -> None:
    (event,) = RULES.decide(None, StartGame(NAMES[:6], options=Options(rounds=5)))
    assert event.rounds == 5


@pytest.mark.parametrize("players, warned", [(2, True), (3, True), (4, False), (6, False), (8, False)])
def test_setup_warns_outside_the_box(players: int, warned: bool) -> None:
    state = RULES.fold(RULES.decide(None, StartGame(NAMES[:players])))
    assert bool(state.warnings) == warned
    if warned:
        assert state.warnings == ("石器部落 is made for 4 to 8 players; this table is outside the box's range",)


@pytest.mark.parametrize("names, message", [
    (("Ann",), "石器部落 needs 2 to 8 players, not 1"),
    (NAMES + ("Ivy",), "石器部落 needs 2 to 8 players, not 9"),
    (("Ann", "ann"), "players[1]: two players are called ann"),
    (("Ann", "  "), "players[1] needs a name"),
    ("Ann", "players must be a list of names"),
])
def test_setup_refuses_bad_players(names: object, message: str) -> None:
    with pytest.raises(IllegalMove) as exc:
        RULES.decide(None, StartGame(names))  # type: ignore[arg-type]
    assert str(exc.value) == message


def test_setup_refuses_a_start_player_out_of_range_and_bad_options() -> None:
    with pytest.raises(IllegalMove, match="start must be the index of a player \\(0 to 3\\), not 4"):
        RULES.decide(None, StartGame(NAMES[:4], start=4))
    with pytest.raises(IllegalMove, match="options.doubles must be one of per_die, once"):
        RULES.decide(None, StartGame(NAMES[:4], options=Options(doubles="twice")))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="options.rounds must be 1 or more, not 0"):
        RULES.decide(None, StartGame(NAMES[:4], options=Options(rounds=0)))
    with pytest.raises(IllegalMove, match="cannot cover the free skills of 8 players"):
        RULES.decide(None, StartGame(NAMES, options=Options(skill_cards_per_skill=3)))


def test_setup_twice_is_refused_and_commands_need_a_game() -> None:
    table = Table()
    with pytest.raises(IllegalMove, match="no game is under way"):
        table.do(DrawChanceCard())
    table.do(StartGame(NAMES[:4]))
    with pytest.raises(IllegalMove, match="a game is already under way"):
        table.do(StartGame(NAMES[:4]))


@pytest.mark.parametrize("players, start, expected", [
    (4, 0, "Ann Bob Cy Dee Dee Cy Bob Ann"),
    (4, 2, "Cy Dee Ann Bob Bob Ann Dee Cy"),
    (5, 4, "Eve Ann Bob Cy Dee Dee Cy Bob Ann Eve"),
    (6, 1, "Bob Cy Dee Eve Fay Ann Ann Fay Eve Dee Cy Bob"),
    (2, 1, "Bob Ann Ann Bob"),
])
def test_draft_is_a_snake_from_the_start_player(players: int, start: int, expected: str) -> None:
    table = Table()
    table.do(StartGame(NAMES[:players], start))
    assert draft_order(table.s.order) == tuple(expected.split())
    pickers = []
    for _ in range(2 * players):
        pickers.append(table.s.current)
        (drafted_event, *_) = table.do(DraftSkill("fishing" if len(pickers) % 2 else "logging", (1,)))
        assert drafted_event.player == pickers[-1]
    assert " ".join(pickers) == expected


def test_draft_grants_two_resources_per_card_and_one_chance_card_each() -> None:
    table = Table()
    table.do(StartGame(("Ann", "Bob", "Cy", "Dee"), start=1))
    picks = [("logging", (2,)), ("gathering", (3,)), ("gathering", (4,)), ("fishing", (5,)),   # Bob Cy Dee Ann
             ("mining", (6,)), ("gathering", (1, 2)), ("hunting", (3,)), ("mining", (4,))]     # Ann Dee Cy Bob
    for skill, numbers in picks[:-1]:
        table.do(DraftSkill(skill, numbers))
    last = table.do(DraftSkill(*picks[-1]))
    assert last == (SkillDrafted("Bob", last[0].card, Resources(stone=2)), StartingHandsDealt(1),
                    TurnStarted("Bob", 1))
    s = table.s
    assert s.player("Bob").resources == Resources(wood=2, stone=2)
    assert s.player("Dee").resources == Resources(fruit=4)          # gathering twice -> 4 fruit
    assert s.player("Cy").resources == Resources(fruit=2, meat=2)
    assert s.player("Ann").resources == Resources(fish=2, stone=2)
    assert [p.hand for p in s.players] == [1, 1, 1, 1]
    assert s.player("Dee").skills[1].numbers == (1, 2)
    assert (s.phase, s.current, s.round) == (Phase.DRAW, "Bob", 1)


def test_draft_checks_the_card_as_entered() -> None:
    table = Table()
    table.do(StartGame(NAMES[:4]))
    for command, message in [
        (DraftSkill("weaving", (1,)), "skill must be one of gathering, mining, hunting, logging, fishing, not 'weaving'"),
        (DraftSkill("mining", ()), "numbers must list the number(s) printed on the skill card"),
        (DraftSkill("mining", (7,)), "numbers[0] must be a die face from 1 to 6, not 7"),
        (DraftSkill("mining", (2, 2)), "numbers lists a number twice"),
    ]:
        with pytest.raises(IllegalMove) as exc:
            table.do(command)
        assert str(exc.value) == message
    assert table.s.turn == 0


def test_draft_respects_an_empty_skill_stack() -> None:
    table = Table()
    table.do(StartGame(NAMES[:4], options=Options(skill_cards_per_skill=2)))
    table.do(DraftSkill("fishing", (1,)), DraftSkill("fishing", (2,)))
    with pytest.raises(IllegalMove, match="the Fishing stack is empty"):
        table.do(DraftSkill("fishing", (3,)))


def test_draft_then_turns_pass_to_the_right_from_the_start_player() -> None:
    table = drafted(NAMES[:5], start=3)
    assert table.s.order == ("Dee", "Eve", "Ann", "Bob", "Cy")
    assert isinstance(table.events[0], GameStarted)
    assert table.s.current == "Dee"
