"""The Prehistories goal cards belong to the table: the setup form starts with none, the players tap the
cards they drew, "draw for us" draws only the missing ones, and the form survives a power cut as a
draft file beside the games (real files on disk)."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Iterator

import pytest

from companion import i18n, setup_draft
from companion.errors import StoreError
from companion.viewmodels.prehistories import setup as svm
from rules.prehistories import RULES
from rules.prehistories.data import Colour


@pytest.fixture
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_goals_the_form_starts_with_no_goal_card_and_says_how_many_are_needed(english: None) -> None:
    for form in (svm.SetupForm.default(), svm.SetupForm.from_players([("Ann", "red"), ("Bo", "blue")])):
        assert form.goals == () and form.missing == 4
        assert form.goal_status() == "Goal cards: 0 of 4 chosen, 4 still needed"
        assert form.problem() == "Choose 4 goal cards (0 chosen)."
    form = svm.SetupForm.default().cycle_goal(3).cycle_goal(3).cycle_goal(7)
    assert form.goals == ((3, "B"), (7, "A")) and form.missing == 2
    assert form.goal_status() == "Goal cards: 2 of 4 chosen, 2 still needed"
    assert svm.SetupForm.default(4).missing == 5


def test_goals_draw_for_us_draws_only_the_missing_cards_and_keeps_the_tapped_ones(english: None) -> None:
    told = svm.SetupForm.default().cycle_goal(2).cycle_goal(2).cycle_goal(9)
    for seed in range(40):
        drawn = told.draw_goals(random.Random(seed))
        assert len(drawn.goals) == 4 and drawn.missing == 0 and drawn.problem() is None
        assert drawn.side_of(2) == "B" and drawn.side_of(9) == "A"
        assert len({card for card, _side in drawn.goals}) == 4
        assert all(side in "AB" for _card, side in drawn.goals)
        assert RULES.decide(None, drawn.command())
    assert drawn.goal_status() == "Goal cards: all 4 chosen"
    assert drawn.draw_goals(random.Random(1)) is drawn  # nothing missing: nothing drawn again


def test_goals_the_status_reads_in_chinese() -> None:
    try:
        i18n.set_language("zh_CN")
        assert svm.SetupForm.default().cycle_goal(1).goal_status() == "目标卡：已选 1/4，还差 3 张"
        i18n.set_language("zh_TW")
        full = svm.SetupForm.default().draw_goals(random.Random(3))
        assert full.goal_status() == "目標卡：4 張已選齊"
    finally:
        i18n.set_language("en")


def test_goals_a_draft_on_disk_gives_back_the_same_form(tmp_path: Path) -> None:
    form = svm.SetupForm.from_players([("小明", "white"), ("Bo", "green"), ("Cy", "red"), ("Di", "blue")])
    form = form.cycle_goal(4).draw_goals(random.Random(5))
    path = setup_draft.draft_path(tmp_path, "prehistories")
    setup_draft.save(form.to_draft(), path)
    assert path.name == "setup-prehistories.json" and [p.name for p in tmp_path.iterdir()] == [path.name]
    assert svm.SetupForm.from_draft(setup_draft.load(path)) == form
    # Home's rows take the seats; the goal cards on the table stay (fewer players: the lowest first)
    home = svm.SetupForm.from_draft(setup_draft.load(path), [("Ann", "red"), ("Bo", "blue"), ("Cy", "green")])
    assert home is not None and [s.colour for s in home.seats] == [Colour.RED, Colour.BLUE, Colour.GREEN]
    assert home.goals == tuple(sorted(form.goals))[:4]
    setup_draft.clear(path)
    assert setup_draft.load(path) is None and not path.exists()
    setup_draft.clear(path)  # clearing twice is no error


@pytest.mark.parametrize("text", [
    "", "{", "[]", '"x"', '{"goals": [[1, "A"]]}', '{"seats": [["A", "red"], ["B", "blue"]]}',
    '{"seats": [["A", "red"]], "goals": []}', '{"seats": [["A", "red"], ["B", "pink"]], "goals": []}',
    '{"seats": [[1, "red"], ["B", "blue"]], "goals": []}',
    '{"seats": [["A", "red"], ["B", "blue"]], "goals": [[10, "A"]]}',
    '{"seats": [["A", "red"], ["B", "blue"]], "goals": [[true, "A"]]}',
    '{"seats": [["A", "red"], ["B", "blue"]], "goals": [["1", "A"]]}',
    '{"seats": [["A", "red"], ["B", "blue"]], "goals": [[1, "C"]]}',
    '{"seats": [["A", "red"], ["B", "blue"]], "goals": [[1, "A"], [1, "B"]]}',
    '{"seats": [["A", "red"], ["B", "blue"]], "goals": [[1, "A"], ["x", "B"]]}',
])
def test_goals_a_damaged_draft_is_no_draft(tmp_path: Path, text: str) -> None:
    path = tmp_path / "setup-prehistories.json"
    path.write_text(text, encoding="utf-8")
    assert svm.SetupForm.from_draft(setup_draft.load(path)) is None


def test_goals_a_draft_that_cannot_be_written_says_why_and_leaves_the_old_one(tmp_path: Path) -> None:
    path = setup_draft.draft_path(tmp_path, "prehistories")
    setup_draft.save({"goals": [[1, "A"]], "seats": []}, path)
    blocked = tmp_path / "games-file-not-a-folder"
    blocked.write_text("", encoding="utf-8")
    with pytest.raises(StoreError, match="cannot write in .*games-file-not-a-folder"):
        setup_draft.save({"goals": [], "seats": []}, setup_draft.draft_path(blocked, "prehistories"))
    # a write that fails half-way leaves the old draft and no temporary file
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.mkdir()  # the temporary file cannot be opened
    with pytest.raises(StoreError):
        setup_draft.save({"goals": [], "seats": []}, path)
    tmp.rmdir()
    assert json.loads(path.read_text(encoding="utf-8"))["goals"] == [[1, "A"]]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([path.name, blocked.name])
