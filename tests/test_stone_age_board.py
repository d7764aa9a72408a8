"""The board keeps the placement: no placing phase in Cairn, a space is placed as it is resolved.

The whole-game property: a game played with every placement entered and the same game entered with
the board keeping the placement (the same commands without ``Place``) end with the same books and the
same final scores.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import IllegalMove
from rules.stone_age import (
    RULES,
    Area,
    BuildHut,
    Decline,
    Gather,
    NewGame,
    Phase,
    Place,
    Resource,
    Seat,
    StayHome,
    UseAnyTwo,
    UseVillage,
)
from rules.stone_age.describe import describe
from rules.stone_age.events import FiguresPlaced, Gathered, StayedHome
from rules.stone_age.random_play import play_game
from rules.stone_age.turns import figures_left
from tests.test_stone_age_support import COLOURS, NAMES, Table

FAST = settings(max_examples=25, deadline=None)


def board_table(players: int = 2, start: int = 0) -> Table:
    t = Table()
    t.do(NewGame(tuple(Seat(NAMES[i], COLOURS[i]) for i in range(players)), start, board=True))
    return t


def refused(t: Table, command: Any) -> str:
    before = t.s
    with pytest.raises(IllegalMove) as caught:
        t.do(command)
    assert t.s == before, "a refused command changes nothing"
    return str(caught.value)


def as_board_game(commands: tuple[Any, ...]) -> list[Any]:
    """The commands of a game with every placement entered, as the table enters them when the board
    keeps the placement: no ``Place``, and ``StayHome`` where a player's turn ends with figures still at
    home (the mirrored game skipped that player because nowhere was left)."""
    state = None
    out: list[Any] = []
    for c in commands:
        if isinstance(c, Place):
            continue
        if isinstance(c, NewGame):
            c = replace(c, board=True)
        while (state is not None and state.phase is Phase.ACTIONS and state.lottery is None
               and not isinstance(c, UseAnyTwo) and c.player != state.current):
            stay = StayHome(state.current)
            out.append(stay)
            state = _apply(state, stay)
        out.append(c)
        state = _apply(state, c)
    return out


def _apply(state: Any, command: Any) -> Any:
    for e in RULES.decide(state, command):
        state = RULES.evolve(state, e)
    return state


@FAST
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_the_same_game_with_the_board_keeping_the_placement_ends_with_the_same_scores(seed: int, players: int) -> None:
    mirrored = play_game(seed, players)
    state = None
    for command in as_board_game(mirrored.commands):
        state = _apply(state, command)
    assert state is not None and state.board and state.phase is Phase.OVER
    assert state.players == mirrored.state.players
    assert state.final == mirrored.state.final


@FAST
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_random_games_with_the_board_keeping_the_placement_end_and_add_up(seed: int, players: int) -> None:
    game = play_game(seed, players, board=True)
    s = game.state
    assert s.phase is Phase.OVER and s.board
    assert not any(isinstance(c, Place) for c in game.commands)
    assert s.final and all(row.total >= row.track for row in s.final) or any(p.score < 0 for p in s.players)
    # replaying the log gives the live state
    assert RULES.fold(game.events) == s


def test_a_round_opens_on_the_actions_and_a_gathering_places_one_figure_per_die() -> None:
    t = board_table()
    assert t.s.phase is Phase.ACTIONS and t.s.current == 0
    events = t.do(Gather(0, Area.FOREST, (6, 6, 6)))
    assert events[:2] == (FiguresPlaced(0, Area.FOREST, 0, 3), Gathered(0, Area.FOREST, (6, 6, 6), (), (), 6))
    assert figures_left(t.s, 0) == 2 and t.s.current == 0, "Ann goes on until her figures are used"
    t.do(Gather(0, Area.HUNTING, (1, 2)))
    assert t.s.current == 1, "all five used: Ben's turn"
    assert describe(None, events[0]) == "player 1 placed 3 figures on the forest"


def test_the_rules_still_refuse_what_the_board_cannot_hold() -> None:
    t = board_table(4)
    t.do(Gather(0, Area.FOREST, (1, 1, 1, 1, 1)))
    t.do(Gather(1, Area.HUNTING, (1, 1, 1)), UseVillage(1, Area.TOOL_MAKER), Gather(1, Area.CLAY_PIT, (2,)))
    assert refused(t, Gather(2, Area.FOREST, (1, 1, 1))) == "the forest holds at most 7 figures"
    assert refused(t, UseVillage(2, Area.TOOL_MAKER)) == "the tool maker is taken this round"
    assert refused(t, Gather(2, Area.RIVER, ())) == "enter one die for each figure on the river"
    assert refused(t, Gather(2, Area.RIVER, (1,) * 6)) == "you have only 5 figures left to place"
    assert refused(t, Place(2, Area.RIVER, 1)).startswith("the board keeps the placement")
    assert refused(t, Gather(3, Area.RIVER, (1,))) == "it is Cai's turn"


def test_a_building_and_a_card_take_one_figure_and_the_hut_two() -> None:
    t = board_table()
    t.edit(0, wood=6, brick=2)
    t.do(UseVillage(0, Area.HUT))
    assert figures_left(t.s, 0) == 3 and t.s.players[0].people == 6
    t.do(Decline(0, Area.CARD, 1))
    assert figures_left(t.s, 0) == 2
    t.do(Gather(0, Area.FOREST, (3, 3)))
    assert t.s.current == 1, "the person won at the hut is placed from the next round on"


def test_figures_stay_home_when_nowhere_is_left() -> None:
    t = board_table()
    t.do(Gather(0, Area.FOREST, (1, 1, 1)))
    t.do(StayHome(0))
    assert t.s.current == 1 and t.s.stayed_home == (0,)
    assert t.events[-1] == StayedHome(0, 2)
    assert describe(t.s, t.events[-1]) == "Ann: 2 figures went home"
    assert refused(t, Gather(0, Area.RIVER, (1,))) == "it is Ben's turn"
    t.do(Gather(1, Area.HUNTING, (1, 1, 1, 1, 1)))
    assert t.s.round == 2 and t.s.stayed_home == (), "a new round: everyone places again"
    assert refused(board_table(), StayHome(1)) == "it is Ann's turn"


def test_staying_home_is_refused_when_every_placement_is_entered_or_no_figure_is_left() -> None:
    t = Table()
    t.do(NewGame((Seat("Ann", "red"), Seat("Ben", "blue")), 0))
    assert refused(t, StayHome(0)) == "figures stay home only in the actions phase"
    b = board_table()
    b.do(Gather(0, Area.HUNTING, (1, 1, 1, 1, 1)))
    b.do(Gather(1, Area.HUNTING, (1, 1, 1, 1, 1)))  # round over: feeding needs no choice, round 2
    assert b.s.round == 2 and b.s.phase is Phase.ACTIONS and b.s.current == 1


def test_a_saved_game_from_before_the_option_is_a_game_with_every_placement_entered() -> None:
    event = {"type": "GameStarted", "players": [{"type": "Seat", "name": "Ann", "colour": "red"},
                                                {"type": "Seat", "name": "Ben", "colour": "blue"}],
             "start_player": 0, "stacks": [7, 7], "deck": 32}
    state = RULES.fold([RULES.registry.decode(event)])
    assert state.board is False and state.phase is Phase.PLACE


def test_the_option_must_be_yes_or_no() -> None:
    with pytest.raises(IllegalMove, match="NewGame.board"):
        RULES.decide(None, NewGame((Seat("Ann", "red"), Seat("Ben", "blue")), 0, board="yes"))  # type: ignore[arg-type]


def test_building_a_hut_places_its_figure() -> None:
    t = board_table()
    t.edit(0, wood=4)
    from rules.stone_age import HUTS, HutKind

    hut = next(h for h in HUTS if h.kind is HutKind.ANY)
    events = t.do(BuildHut(0, 1, hut.id, (Resource.WOOD,) * 4))
    assert events[0] == FiguresPlaced(0, Area.BUILDING, 1, 1) and len(t.s.players[0].huts) == 1
    assert refused(t, BuildHut(0, 1, hut.id, ())).startswith("you already have figures on building 1")
