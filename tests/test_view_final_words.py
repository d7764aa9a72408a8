"""The final screen's words and the dice sum as players read them: a winner line naming every winner,
the tie-break row only when two totals are equal (labelled by what it adds up), and "(11 + 1) ÷ 3"."""
from __future__ import annotations

import pytest

from companion import i18n
from companion.viewmodels.stone_age import dice as dvm
from companion.viewmodels.stone_age import scoring as svm
from rules.stone_age import Area, NewGame, Seat
from rules.stone_age.decide import decide
from rules.stone_age.evolve import evolve
from rules.stone_age.state import ScoreRow


@pytest.fixture(autouse=True)
def _english() -> None:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def start(players: int = 3):
    seats = tuple(Seat(n, c) for n, c in zip(("Ann", "Bo", "Cy"), ("red", "blue", "green")))[:players]
    state = None
    for e in decide(None, NewGame(seats, 0)):
        state = evolve(state, e)
    return state


def row(name: str, total: int, tiebreak: int, rank: int) -> ScoreRow:
    return ScoreRow(name, total, 0, 0, 0, 0, 0, 0, total=total, tiebreak=tiebreak, rank=rank)


def test_final_a_clear_winner_and_no_tiebreak_row() -> None:
    table = svm.score_table(start(), (row("Ann", 90, 12, 1), row("Bo", 80, 20, 2), row("Cy", 70, 3, 3)))
    assert table.winner == "Ann wins"
    assert not table.show_tiebreak, "distinct totals: the tie-break decides nothing"
    assert all("agriculture" not in line for line in table.ranking)


def test_final_a_tie_broken_shows_the_row_with_what_it_adds_up() -> None:
    table = svm.score_table(start(), (row("Ann", 90, 12, 2), row("Bo", 90, 20, 1), row("Cy", 70, 3, 3)))
    assert table.winner == "Bo wins"
    assert table.show_tiebreak
    assert svm.tiebreak_label() == "Agriculture + tools + people"
    assert "(agriculture + tools + people 20)" in table.ranking[0]


def test_final_a_shared_win_names_every_winner_in_chinese() -> None:
    table = svm.score_table(start(), (row("Ann", 90, 12, 1), row("Bo", 90, 12, 1), row("Cy", 90, 12, 1)))
    assert table.winner == "Ann, Bo and Cy share the win"
    i18n.set_language("zh_CN")
    table = svm.score_table(start(), (row("小明", 90, 12, 1), row("小红", 90, 12, 1), row("Cy", 70, 3, 3)))
    assert table.winner == "小明、小红 并列获胜"
    assert svm.tiebreak_label() == "农业 + 工具 + 人口"
    table = svm.score_table(start(), (row("小明", 95, 12, 1), row("小红", 90, 12, 2), row("Cy", 70, 3, 3)))
    assert table.winner == "小明 获胜"


def test_dice_sum_with_tools_is_bracketed_before_the_division() -> None:
    player = start().players[0]
    player = type(player)(**{**player.__dict__, "tools": (1,), "tools_used": (False,)})
    view = dvm.gather_view(Area.FOREST, (5, 4, 2), player, (0,), ())
    assert view.result_text == "(11 + 1) ÷ 3 → 4 Wood"
    assert dvm.gather_view(Area.FOREST, (5, 4, 2), player, (), ()).result_text == "11 ÷ 3 → 3 Wood"


def test_dice_advice_names_a_one_use_tool_not_a_card() -> None:
    """The one-use tool is never called "card 3" (the card slots are "Card 1–4" on the same table)."""
    player = start().players[0]
    player = type(player)(**{**player.__dict__, "one_use_tools": (3,)})
    view = dvm.gather_view(Area.FOREST, (4, 4, 2), player, (), ())  # 10: +2 reaches 12, a 3 does
    assert view.advice_text == "Tools: add one-use tool 3 → 4"
    i18n.set_language("zh_CN")
    assert "一次性工具 3" in dvm.gather_view(Area.FOREST, (4, 4, 2), player, (), ()).advice_text
