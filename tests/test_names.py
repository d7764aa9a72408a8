"""Player names (rules/names.py): what a name may hold and when two names are one player, the same for
an end-state file and for a game set up at the table."""
from __future__ import annotations

import pytest

from rules.errors import IllegalMove, InvalidState
from rules.names import MAX_NAME_LENGTH, check_names, clean_name, name_key, name_problem
from rules.stone_age import RULES as STONE_AGE
from rules.stone_age.commands import NewGame
from rules.stone_age.state import Seat
from rules.stone_tribe.commands import StartGame
from rules.stone_tribe.decide import decide as tribe_decide


@pytest.mark.parametrize("value, words", [
    ("", "non-empty"), ("   ", "non-empty"), (3, "not int"), (None, "not NoneType"),
    ("A\ud800", "lone surrogate (U+D800)"), ("A\nB", "control character (U+000A)"),
    ("A\x00", "control character (U+0000)"), ("A\u202eB", "formatting character (U+202E)"),
    ("A\u2028B", "formatting character (U+2028)"), ("x" * (MAX_NAME_LENGTH + 1), "at most 40"),
])
def test_names_that_would_break_a_table_are_refused_naming_the_problem(value: object, words: str) -> None:
    assert words in (name_problem(value) or "")
    with pytest.raises(InvalidState) as exc:
        clean_name(value, "players[2].name")
    assert exc.value.field == "players[2].name" and words in str(exc.value)


@pytest.mark.parametrize("value", ["Ann", "小明", "Zoë", "O'Brien", "Anne-Marie", "👩‍👩‍👧", "x" * MAX_NAME_LENGTH])
def test_ordinary_names_are_kept(value: str) -> None:
    assert name_problem(value) is None and clean_name(f"  {value} ", "f") == value


@pytest.mark.parametrize("a, b", [("Ann", "ann"), ("Ann", " A nn "), ("Zo\u00eb", "Zoe\u0308"), ("Ann", "Ａｎｎ"),
                                  ("Mary Ann", "Mary  Ann")])
def test_names_that_differ_only_by_case_spaces_or_unicode_form_are_one_player(a: str, b: str) -> None:
    assert name_key(a) == name_key(b)
    with pytest.raises(InvalidState, match=r"players\[1\]\.name"):
        check_names([a, b])


def test_clean_names_are_nfc_with_single_spaces() -> None:
    assert check_names(["Zoe\u0308", " Mary   Ann "]) == ["Zo\u00eb", "Mary Ann"]


@pytest.mark.parametrize("a, b", [("Ann", "ann"), ("Zo\u00eb", "Zoe\u0308"), ("Li Na", "LiNa")])
def test_a_table_cannot_seat_the_same_name_twice(a: str, b: str) -> None:
    with pytest.raises(IllegalMove, match="two players have the same name"):
        STONE_AGE.decide(None, NewGame((Seat(a, "red"), Seat(b, "blue"))))
    with pytest.raises(IllegalMove, match="two players are called"):
        tribe_decide(None, StartGame((a, b, "Wu", "Zhao")))
