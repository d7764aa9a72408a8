"""Final scoring (culture layers, multipliers, resources, tie-break) and end-state file checks."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.errors import InvalidState
from rules.stone_age.cards import Culture
from rules.stone_age.endstate import format_table, score_json
from rules.stone_age.scoring import ScoreInput, culture_points, rank, score

C = Culture


def _sheet(**changes: Any) -> dict[str, Any]:
    p = {"name": "Ann", "score": 96, "agriculture": 7, "people": 9, "tools": [4, 3, 3], "huts": 8, "food": 3,
         "resources": {"wood": 1, "brick": 0, "stone": 2, "gold": 1},
         "culture": ["medicine", "art", "writing", "pottery", "sundial", "transport", "music", "weaving", "music"],
         "farmers": 2, "tool_makers": 3, "hut_builders": 4, "shamans": 1}
    p.update(changes)
    return p


def _other(name: str = "Ben", **changes: Any) -> dict[str, Any]:
    """A second sheet that fits beside ``_sheet()`` at one table (no shared cards, few huts)."""
    base: dict[str, Any] = dict(name=name, culture=[], huts=2, farmers=0, tool_makers=0, hut_builders=0, shamans=0)
    base.update(changes)
    return _sheet(**base)


def _file(*players: dict[str, Any]) -> dict[str, Any]:
    return {"game": "stone-age", "players": list(players)}


def test_s3_example_five_distinct_and_a_second_pottery_is_26() -> None:
    assert culture_points([C.WRITING, C.MEDICINE, C.POTTERY, C.ART, C.MUSIC, C.POTTERY]) == 26


def test_culture_layers() -> None:
    assert culture_points([]) == 0
    assert culture_points(list(C)) == 64
    assert culture_points(list(C) * 2) == 128
    assert culture_points([C.MUSIC, C.MUSIC]) == 2
    assert culture_points([C.ART, C.ART, C.MUSIC]) == 5


def test_the_brief_example_sheet() -> None:
    out = score_json(_file(_sheet()))
    (row,) = out["players"]
    assert row["categories"] == {"track": 96, "culture": 65, "farmers": 14, "tool_makers": 30,
                                 "hut_builders": 32, "shamans": 9, "resources": 4}
    assert row["total"] == 250 and row["tiebreak"] == 7 + 10 + 9 and row["rank"] == 1
    assert set(out) == {"game", "players"} and out["game"] == "stone-age"
    assert set(row) == {"name", "categories", "total", "tiebreak", "rank"}


def test_tie_break_is_agriculture_plus_tools_plus_people_and_a_full_tie_is_shared() -> None:
    base = dict(culture=[], farmers=0, tool_makers=0, hut_builders=0, shamans=0,
                resources={"wood": 0, "brick": 0, "stone": 0, "gold": 0}, tools=[], huts=0)
    a = _sheet(name="Ann", score=50, agriculture=3, people=5, **base)
    b = _sheet(name="Ben", score=50, agriculture=1, people=6, **base)
    c = _sheet(name="Cai", score=50, agriculture=2, people=6, **base)
    d = _sheet(name="Dan", score=60, agriculture=0, people=5, **base)
    ranks = [p["rank"] for p in score_json(_file(a, b, c, d))["players"]]
    assert ranks == [2, 4, 2, 1]                      # Ann and Cai: 50 and 8 each, shared 2nd
    assert [p["tiebreak"] for p in score_json(_file(a, b, c, d))["players"]] == [8, 7, 8, 5]


def test_rank_is_competition_ranking() -> None:
    assert rank([(10, 1), (10, 1), (5, 9)]) == (1, 1, 3)
    assert rank([(10, 1), (10, 2), (11, 0)]) == (3, 2, 1)


def test_one_use_tools_do_not_count_for_tool_makers_and_food_scores_nothing() -> None:
    (row,) = score([ScoreInput("Ann", 0, 0, 5, 6, 0, 0, (), 0, 2, 0, 0)])
    assert row.tool_makers == 12
    out = score_json(_file(_sheet(food=40)))
    assert out["players"][0]["total"] == 250


def test_format_table_lists_every_category_per_player() -> None:
    text = format_table(score_json(_file(_sheet(), _other())))
    lines = text.splitlines()
    assert "Ann" in lines[0] and "Ben" in lines[0]
    for label, a, b in [("Culture sets", "65", "0"), ("Total", "250", "100"), ("Place", "1", "2")]:
        row = next(line for line in lines if line.startswith(label))
        assert row.split()[-2:] == [a, b]


def test_format_table_lines_up_chinese_names() -> None:
    text = format_table(score_json(_file(_sheet(name="阿明"), _other("Benjamin"))))
    lines = text.splitlines()
    assert lines[0].endswith("阿明  Benjamin")
    body = [line for line in lines if not line.startswith("-")]
    wide = [sum(2 if "\u4e00" <= ch <= "\u9fff" else 1 for ch in line) for line in body]
    assert len(set(wide)) == 1


@pytest.mark.parametrize("change, field", [
    ({"agriculture": 11}, "players[0].agriculture"),
    ({"agriculture": -1}, "players[0].agriculture"),
    ({"people": 4}, "players[0].people"),
    ({"people": 11}, "players[0].people"),
    ({"tools": [5, 4, 4]}, "players[0].tools[0]"),
    ({"tools": [3, 1, 1]}, "players[0].tools"),
    ({"tools": [2, 2, 0]}, "players[0].tools"),
    ({"tools": [2, 2]}, "players[0].tools"),
    ({"tools": [1, 1, 1, 1]}, "players[0].tools"),
    ({"tools": [-1]}, "players[0].tools[0]"),
    ({"tools": "4,4,4"}, "players[0].tools"),
    ({"culture": ["music"] * 3}, "players[0].culture"),
    ({"culture": ["dance"]}, "players[0].culture[0]"),
    ({"farmers": 8}, "players[0].farmers"),
    ({"tool_makers": 9}, "players[0].tool_makers"),
    ({"hut_builders": 10}, "players[0].hut_builders"),
    ({"shamans": 8}, "players[0].shamans"),
    ({"shamans": -1}, "players[0].shamans"),
    ({"huts": -1}, "players[0].huts"),
    ({"huts": 29}, "players[0].huts"),
    ({"food": -2}, "players[0].food"),
    ({"resources": {"wood": -1}}, "players[0].resources.wood"),
    ({"resources": {"food": 3}}, "players[0].resources.food"),
    ({"resources": [1, 2]}, "players[0].resources"),
    ({"score": "96"}, "players[0].score"),
    ({"score": 9.5}, "players[0].score"),
    ({"people": True}, "players[0].people"),
    ({"name": ""}, "players[0].name"),
    ({"colour": "red"}, "players[0].colour"),
])
def test_impossible_sheets_name_the_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidState) as err:
        score_json(_file(_sheet(**change)))
    assert err.value.field == field


def test_missing_fields_are_named() -> None:
    sheet = _sheet()
    del sheet["people"]
    with pytest.raises(InvalidState) as err:
        score_json(_file(sheet))
    assert err.value.field == "players[0].people" and err.value.problem == "missing"


@pytest.mark.parametrize("data, field", [
    ({"game": "chess", "players": [_sheet()]}, "game"),
    ({"players": [_sheet()]}, "game"),
    ({"game": "stone-age", "players": []}, "players"),
    ({"game": "stone-age", "players": [_sheet(name=f"P{i}") for i in range(5)]}, "players"),
    ({"game": "stone-age", "players": {"Ann": _sheet()}}, "players"),
    ({"game": "stone-age", "players": [_sheet()], "round": 3}, "round"),
    ({"game": "stone-age", "players": ["Ann"]}, "players[0]"),
    ([1, 2], "(top)"),
])
def test_bad_files_name_the_field(data: Any, field: str) -> None:
    with pytest.raises(InvalidState) as err:
        score_json(data)
    assert err.value.field == field


def test_table_wide_limits() -> None:
    with pytest.raises(InvalidState) as err:
        score_json(_file(_other("Ann"), _other("Ann")))
    assert err.value.field == "players[1].name"
    with pytest.raises(InvalidState, match="3 art cards in all") as err:
        score_json(_file(_other("A", culture=["art", "art"]), _other("B", culture=["art"])))
    with pytest.raises(InvalidState) as err:
        score_json(_file(_other("A", farmers=5), _other("B", farmers=3)))  # 8 > 7 farmer figures
    assert err.value.field == "players[].farmers"
    with pytest.raises(InvalidState) as err:   # 1 tool maker each, but only two cards show 1 figure
        score_json(_file(_other("A", tool_makers=1), _other("B", tool_makers=1), _other("C", tool_makers=1)))
    assert err.value.field == "players[].tool_makers"
    with pytest.raises(InvalidState) as err:
        score_json(_file(_other("A", huts=10), _other("B", huts=5)))   # 2 players play with 14 huts
    assert err.value.field == "players[].huts"
    with pytest.raises(InvalidState) as err:
        score_json(_file(_other("A", huts=15), _other("B", huts=0)))
    assert err.value.field == "players[0].huts"
    ok = score_json(_file(_other("A", huts=7, farmers=4), _other("B", huts=7, farmers=3)))
    assert len(ok["players"]) == 2
    ok = score_json(_file(_other("A", hut_builders=3), _other("B", hut_builders=3), _other("C", hut_builders=3)))
    assert len(ok["players"]) == 3


def test_score_json_does_not_change_its_input() -> None:
    data = _file(_sheet(), _other())
    before = copy.deepcopy(data)
    score_json(data)
    assert data == before
