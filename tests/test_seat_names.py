"""The one check of the names typed on a setup screen (Home, 石器部落, Prehistories)."""
from __future__ import annotations

import pytest

from companion import i18n
from companion.viewmodels.home import NewGameForm
from companion.viewmodels.prehistories.setup import SetupForm
from companion.viewmodels.seat_names import names_problem


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("names", [["Ann", "ann "], ["Ann", "A nn"], ["Ann", "Ａｎｎ"], ["Ann", "ANN"],
                                   ["Zoë", "Zoe\u0308"]])
def test_names_that_differ_only_by_case_spaces_or_unicode_form_are_one_player(names: list[str]) -> None:
    assert names_problem(names) == "Two players have the same name."


@pytest.mark.parametrize("name", ["A\tB", "A\x1b[31mB", "Ann\u202e", "\ud800"])
def test_a_name_with_a_control_or_invisible_character_is_refused_by_name(name: str) -> None:
    problem = names_problem(["Bo", name])
    assert problem is not None and "cannot hold control or invisible characters" in problem
    assert all(ch.isprintable() for ch in problem)


def test_different_names_start_and_an_empty_one_does_not() -> None:
    assert names_problem(["Ann", "Bo", "小明"]) is None
    assert names_problem(["Ann", "  "]) == "Every player needs a name."


def test_the_refusal_is_in_the_players_language() -> None:
    i18n.set_language("zh_CN")
    assert names_problem(["Bo", "A\tB"]) == "A?B：名字里不能有控制字符或不可见字符。"
    assert names_problem(["Ann", "ann"]) == "有两位玩家同名。"


def test_the_prehistories_setup_refuses_two_seats_of_one_player() -> None:
    form = SetupForm.default(2).rename(0, "Ann").rename(1, "ann ")
    assert form.problem() == "Two players have the same name."


def test_home_refuses_a_name_that_would_break_the_table() -> None:
    form = NewGameForm.default().rename(0, "A\x07B")
    assert "cannot hold control or invisible characters" in (form.problem() or "")
