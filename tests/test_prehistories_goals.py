"""Every goal card side, each with a cave built to meet it and near misses one step short.

Caves are Yellow unless said otherwise: Hunter (3,2), totems (1,1) and (5,4), hand prints (4,3) and (2,5).
"""
from __future__ import annotations

import pytest

from rules.prehistories.cave import Placement, completed_columns, completed_rows, painted
from rules.prehistories.data import Colour
from rules.prehistories.goals import GOALS, CaveView, goals_met, largest_group
from tests.test_prehistories_support import cave_from, view_of

Y = Colour.YELLOW

#: goal -> (a cave meeting it, [caves one step short])
CASES: dict[str, tuple[list[str], list[list[str]]]] = {
    "A1": (
        [".......", "fT.....", "f......", "f.H....", "f......", "ffffT..", "......."],
        [[".......", "fT.....", "f......", "f.H....", "f......", "fff.T..", "......."]],
    ),
    "B1": (
        ["fff....", "fTf....", "fff....", "o.H....", "o..mmm.", "o..mTm.", "ooommm."],
        [["fff....", "fTf....", "fff....", "o.H....", "o..mmm.", "o..mTm.", "ooomm.."],
         ["ff.....", "fTf....", "fff....", "o.H....", "o..mmm.", "o..mTm.", "ooommm."]],
    ),
    "A2": (
        [".......", ".T.....", "ffbbb..", "..Hbb..", "..bbb..", "....T..", "......."],
        [[".......", ".T.....", "ffbbb..", "..Hbb..", "..bb...", "....T..", "......."]],
    ),
    "B2": (
        ["fffffff", ".T....m", "......m", "..H...m", "......m", "....T.m", "......m"],
        [["fffffff", ".T....m", "......m", "..H...m", "......m", "....T.m", "......."]],
    ),
    "A3": (
        ["ff.....", ".T.....", ".m.....", ".bH....", ".i.....", "....T..", "......."],
        # column 2 holds fish, mammoth, buffalo, ibex and the Hunter: the Hunter is no animal
        [["oof....", ".Tm....", "..b....", "..H....", "..i....", "....T..", "......."],
         ["ff.....", ".T.....", ".m.....", ".bH....", ".f.....", "....T..", "......."]],
    ),
    "B3": (
        ["fmbio..", ".T.....", ".......", "..H....", ".......", "....T..", "......."],
        [["fmbif..", ".T.....", ".......", "..H....", ".......", "....T..", "......."]],
    ),
    "A4": (
        [".......", ".T.....", ".......", "..H....", ".......", "f...T..", "fffffff"],
        [[".......", ".T.....", ".......", "..H....", ".......", "f...T..", "ffffff."],
         [".......", ".T.....", ".......", "..H....", ".......", "f...T..", "ffffffm"]],
    ),
    "B4": (
        [".......", ".T.....", ".......", "f.H....", "f......", "f...T..", "fffffff"],
        [[".......", ".T.....", ".......", "..H....", "f......", "f...T..", "fffffff"]],
    ),
    "A5": (
        [".......", ".T.....", "bbbb...", ".bHb...", ".bbb...", "....T..", "......."],
        [[".......", ".T.....", "bbbb...", ".bHb...", ".b.b...", "....T..", "......."]],
    ),
    "B5": (
        [".......", ".T.....", "..m....", "ofHi...", "..b....", "....T..", "......."],
        [[".......", ".T.....", "..m....", "ofHm...", "..b....", "....T..", "......."],
         [".......", ".T.....", "..m....", "ofH....", "..b....", "....T..", "......."]],
    ),
    "A6": (
        ["f......", "fT.....", "f......", "m.H....", "f......", "m...T..", "f......"],
        [["f......", "fT.....", "f......", "m.H....", "f......", "m...T..", "b......"]],
    ),
    "B6": (
        [".......", ".T.....", ".......", "..H....", ".......", "....T..", "fffmfmf"],
        [[".......", ".T.....", ".......", "..H....", ".......", "....T..", "fffmfmb"]],
    ),
    "A7": (
        ["f......", "fT.....", "f......", "f.H....", "f......", "f...T..", "fmmmmmm"],
        [["f......", "fT.....", "f......", "f.H....", "f......", "f...T..", "fmmmmm."]],
    ),
    "B7": (
        ["fbbbbbb", "fT.....", "f......", "f.H....", "f......", "f...T..", "fmmmmmm"],
        [["fbbbbbb", "fT.....", "f......", "f.H....", "f......", "f...T..", "fmmmmm."],
         ["fbbbbb.", "fT.....", "f......", "f.H....", "f......", "f...T..", "fmmmmmm"]],
    ),
    "A8": (
        ["f......", "mT.....", "f......", "m.H....", "f......", "....T..", "......."],
        # four single tiles and a domino: five tiles, but only four of size 1
        [["f......", "mT.....", "f......", "m.H....", "b......", "b...T..", "......."]],
    ),
    "A9": (
        [".......", ".T.....", ".......", "..H....", "fff....", "LLf.T..", "LLf...."],
        # the frame includes the diagonal corner (4,2)
        [[".......", ".T.....", ".......", "..H....", "fff....", "LLf.T..", "LL....."],
         [".......", ".T.....", ".......", "..H....", "ff.....", "LLf.T..", "LLf...."]],
    ),
    "B9": (
        [".......", ".T.....", ".......", "..H....", ".......", "LLLLT..", "LLLL..."],
        # shifted by one row: the two Legendaries share only one cell of a side
        [[".......", ".T.....", ".......", "..H....", "..LL...", "LLLLT..", "LL....."]],
    ),
}


def test_goals_every_cave_side_has_a_case() -> None:
    assert set(CASES) == set(GOALS) - {"B8"}


@pytest.mark.parametrize("goal", sorted(CASES))
def test_goals_cave_built_for_the_goal_meets_it(goal: str) -> None:
    assert GOALS[goal].met(view_of(Y, CASES[goal][0]))


@pytest.mark.parametrize("goal,miss", [(g, i) for g in sorted(CASES) for i in range(len(CASES[g][1]))])
def test_goals_near_miss_does_not_count(goal: str, miss: int) -> None:
    assert not GOALS[goal].met(view_of(Y, CASES[goal][1][miss]))


@pytest.mark.parametrize("goal", sorted(CASES))
def test_goals_empty_cave_meets_nothing(goal: str) -> None:
    assert not GOALS[goal].met(CaveView.of(Y, ()))


def test_goals_values_first_and_later() -> None:
    values = {g: (GOALS[g].first, GOALS[g].later) for g in GOALS}
    assert {g for g, v in values.items() if v == (3, 2)} == {"B1", "B4", "B7"}
    assert all(v == (2, 1) for g, v in values.items() if g not in {"B1", "B4", "B7"})


def test_goals_b8_counts_tiles_taken_this_hunt() -> None:
    assert not GOALS["B8"].met(CaveView.of(Y, (), taken_this_turn=2))
    assert GOALS["B8"].met(CaveView.of(Y, (), taken_this_turn=3))


def test_goals_a3_two_legendaries_make_two_types() -> None:
    # Blue cave: Hunter (4,3), totems (2,5) and (5,1). Column 1 gets two Legendaries, fish and the totem.
    blue = ["LL.....", "LL.....", "LL...T.", "LL.....", ".f.H...", ".T.....", "......."]
    view = view_of(Colour.BLUE, blue)
    assert len({view.grid[(r, 1)] for r in range(7) if (r, 1) in view.grid}) == 4
    assert not GOALS["A3"].met(view)
    blue_more = ["LL.....", "LL.....", "LL...T.", "LL.....", ".f.H...", ".T.....", ".m....."]
    assert GOALS["A3"].met(view_of(Colour.BLUE, blue_more))


def test_goals_a4_group_ignores_legendaries_and_the_hunter() -> None:
    view = view_of(Y, [".......", ".T.....", ".......", "..H....", "LLLL...", "LLLLT..", "......."])
    assert largest_group(view) == 0
    assert not GOALS["A4"].met(view)


def test_goals_met_returns_each_requested_goal() -> None:
    view = view_of(Y, CASES["A2"][0])
    assert goals_met(["A2", "B7"], view) == {"A2": True, "B7": False}
    with pytest.raises(KeyError):
        goals_met(["C1"], view)


def test_goals_rows_and_columns_count_the_printed_cells() -> None:
    # row 3 holds the Hunter, column 1 a totem; both complete with tiles on their other six cells
    picture = [".f.....", ".T.....", ".f.....", "ffHffff", ".f.....", ".f..T..", ".f....."]
    grid = painted(Y, cave_from(Y, picture))
    assert completed_rows(grid) == (3,)
    assert completed_columns(grid) == (1,)


def test_goals_uncovered_hand_print_leaves_a_row_open() -> None:
    open_row = [".......", ".T.....", ".......", "..Hff..", "fff.fff", "....T..", "......."]
    grid = painted(Y, cave_from(Y, open_row))
    assert completed_rows(grid) == ()
    full_row = [".......", ".T.....", ".......", "..Hff..", "fffmfff", "....T..", "......."]
    grid = painted(Y, cave_from(Y, full_row))
    assert completed_rows(grid) == (4,)


def test_goals_cave_with_placements_in_view() -> None:
    placements = cave_from(Y, CASES["A8"][0])
    assert len(placements) == 5 and all(p.tile in (1, 7) for p in placements)
    assert Placement(1, 0, 0, 0) in placements
