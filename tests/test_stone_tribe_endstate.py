"""Stone Tribe end-state scoring (``main.py score``): ranking from JSON, every tie-break, the roll-off
formats, and malformed input named by field."""
from __future__ import annotations

import copy
import json
import unicodedata
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import InvalidState
from rules.stone_tribe.endstate import format_table, score_json


def player(name: str, shells: int, **res: int) -> dict[str, Any]:
    return {"name": name, "shells": shells, "resources": {"fruit": 0, "stone": 0, "meat": 0, "wood": 0, "fish": 0, **res}}


def doc(*players: dict[str, Any], rolloff: dict[str, Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"game": "stone-tribe", "players": list(players)}
    if rolloff is not None:
        out["rolloff"] = rolloff
    return out


def ranks(result: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: p["rank"] for p in result["players"]}


def test_output_shape_in_input_order() -> None:
    result = score_json(doc(player("Ann", 12, fruit=1, meat=2, fish=1), player("Bob", 15, wood=3)))
    assert result == {"game": "stone-tribe", "players": [
        {"name": "Ann", "shells": 12, "resource_cards": 4, "rolloff": None, "rank": 2},
        {"name": "Bob", "shells": 15, "resource_cards": 3, "rolloff": None, "rank": 1},
    ]}
    json.dumps(result)  # JSON-ready


def test_shell_tie_broken_by_resource_cards() -> None:
    assert ranks(score_json(doc(player("Ann", 12, fruit=1), player("Bob", 12, wood=3), player("Cy", 2)))) == {
        "Ann": 2, "Bob": 1, "Cy": 3}


def test_card_tie_broken_by_one_roll_off_roll() -> None:
    result = score_json(doc(player("Ann", 12, fruit=2), player("Bob", 12, wood=2),
                            rolloff={"Ann": [3, 5], "Bob": [6, 1]}))
    assert ranks(result) == {"Ann": 1, "Bob": 2}
    assert [p["rolloff"] for p in result["players"]] == [[8], [7]]


def test_repeated_roll_offs_as_a_list_of_pairs() -> None:
    data = doc(player("Ann", 12, fruit=2), player("Bob", 12, wood=2), player("Cy", 12, fish=2),
               rolloff={"Ann": [[3, 5], [1, 1]], "Bob": [[4, 4], [2, 1]], "Cy": [1, 2]})
    result = score_json(data)
    assert ranks(result) == {"Ann": 2, "Bob": 1, "Cy": 3}
    assert [p["rolloff"] for p in result["players"]] == [[8, 2], [8, 3], [3]]


def test_missing_roll_off_leaves_a_shared_rank() -> None:
    assert ranks(score_json(doc(player("Ann", 12, fruit=2), player("Bob", 12, wood=2), player("Cy", 1),
                                rolloff={"Ann": [3, 5]}))) == {"Ann": 1, "Bob": 1, "Cy": 3}
    # a second roll-off still owed
    assert ranks(score_json(doc(player("Ann", 12), player("Bob", 12),
                                rolloff={"Ann": [[3, 5], [2, 2]], "Bob": [[4, 4]]}))) == {"Ann": 1, "Bob": 1}
    # still tied after the roll-off
    assert ranks(score_json(doc(player("Ann", 12), player("Bob", 12),
                                rolloff={"Ann": [3, 5], "Bob": [4, 4]}))) == {"Ann": 1, "Bob": 1}


def test_empty_or_null_roll_off_means_no_roll() -> None:
    result = score_json(doc(player("Ann", 1), player("Bob", 1), rolloff={"Ann": [], "Bob": None}))
    assert ranks(result) == {"Ann": 1, "Bob": 1}


def test_left_out_resource_kinds_count_zero() -> None:
    data = {"game": "stone-tribe", "players": [{"name": "Ann", "shells": 3, "resources": {"wood": 2}},
                                               {"name": "Bob", "shells": 3, "resources": {}}]}
    assert [p["resource_cards"] for p in score_json(data)["players"]] == [2, 0]


BASE = doc(player("Ann", 12, fruit=1), player("Bob", 10, wood=1))


@pytest.mark.parametrize("path, value, field", [
    (("game",), "stone-age", "game"),
    (("players", 1, "resources", "fish"), -1, "players[1].resources.fish"),
    (("players", 0, "shells"), -3, "players[0].shells"),
    (("players", 0, "shells"), "12", "players[0].shells"),
    (("players", 0, "shells"), True, "players[0].shells"),
    (("players", 1, "resources", "salt"), 2, "players[1].resources.salt"),
    (("players", 1, "resources"), [1, 2], "players[1].resources"),
    (("players", 1, "name"), "Ann", "players[1].name"),
    (("players", 1, "name"), "", "players[1].name"),
    (("players", 0), "Ann", "players[0]"),
    (("players",), {"Ann": 1}, "players"),
    (("rolloff",), {"Ann": [3, 7]}, "rolloff.Ann[1]"),
    (("rolloff",), {"Ann": [[3, 5], [0, 2]]}, "rolloff.Ann[1][0]"),
    (("rolloff",), {"Ann": [3, 5, 1]}, "rolloff.Ann"),
    (("rolloff",), {"Ann": [3, [5, 1]]}, "rolloff.Ann"),
    (("rolloff",), {"Ann": 8}, "rolloff.Ann"),
    (("rolloff",), {"Zed": [1, 1]}, "rolloff.Zed"),
    (("rolloff",), [1, 2], "rolloff"),
])
def test_malformed_input_names_the_field(path: tuple, value: Any, field: str) -> None:
    data = copy.deepcopy(BASE)
    target: Any = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    with pytest.raises(InvalidState) as exc:
        score_json(data)
    assert exc.value.field == field


@pytest.mark.parametrize("drop, field", [
    (("game",), "game"), (("players",), "players"), (("players", 0, "name"), "players[0].name"),
    (("players", 1, "shells"), "players[1].shells"), (("players", 1, "resources"), "players[1].resources"),
])
def test_missing_fields_are_named(drop: tuple, field: str) -> None:
    data = copy.deepcopy(BASE)
    target: Any = data
    for step in drop[:-1]:
        target = target[step]
    del target[drop[-1]]
    with pytest.raises(InvalidState) as exc:
        score_json(data)
    assert (exc.value.field, exc.value.problem) == (field, "missing")


def test_impossible_player_counts_and_non_objects() -> None:
    with pytest.raises(InvalidState, match="players: 石器部落 is played by 2 to 8 players, not 1"):
        score_json(doc(player("Ann", 1)))
    with pytest.raises(InvalidState, match="not 9"):
        score_json(doc(*(player(f"P{i}", 1) for i in range(9))))
    with pytest.raises(InvalidState) as exc:
        score_json([1, 2])  # type: ignore[arg-type]
    assert exc.value.field == "end state"


def test_format_table_lists_best_first_and_names_the_winner() -> None:
    text = format_table(score_json(doc(player("Ann", 12, fruit=1), player("阿明", 15, wood=3), player("Cy", 12, fish=4),
                                       rolloff={})))
    lines = text.splitlines()
    assert lines[0] == "石器部落 (Stone Tribe): final ranking"
    assert lines[1].split() == ["Rank", "Player", "Shells", "Resource", "cards", "Roll-off"]
    assert [line.split()[:2] for line in lines[3:6]] == [["1", "阿明"], ["2", "Cy"], ["3", "Ann"]]
    assert lines[-1] == "Winner: 阿明"
    # columns line up on screen: CJK names take two columns each
    def column(line: str, text: str) -> int:
        head = line[:line.index(text)]
        return sum(2 if unicodedata.east_asian_width(c) == "W" else 1 for c in head)

    assert column(lines[3], "15") == column(lines[4], "12") == column(lines[5], "12") == column(lines[1], "Shells") + 4


def test_format_table_reports_a_tie_for_first() -> None:
    text = format_table(score_json(doc(player("Ann", 12), player("Bob", 12), rolloff={"Ann": [[6, 6]], "Bob": [6, 6]})))
    assert "12 then" not in text
    assert text.splitlines()[-1] == "Tied for first: Ann, Bob (roll the fate dice to decide)"
    assert "12" in text.splitlines()[3]


names = st.lists(st.sampled_from(["Ann", "Bob", "Cy", "Dee", "阿明", "小華", "Eve", "Fay"]), min_size=2, max_size=8,
                 unique=True)


@settings(max_examples=80, deadline=None)
@given(names, st.data())
def test_ranking_never_depends_on_input_order(who: list[str], data: st.DataObject) -> None:
    players = [player(n, data.draw(st.integers(0, 3)), wood=data.draw(st.integers(0, 2))) for n in who]
    die = st.integers(1, 6)
    rolloff = {n: data.draw(st.lists(st.lists(die, min_size=2, max_size=2), max_size=2)) for n in who}
    order = data.draw(st.permutations(range(len(who))))
    first = ranks(score_json(doc(*players, rolloff=rolloff)))
    again = ranks(score_json(doc(*(players[i] for i in order), rolloff=rolloff)))
    assert first == again
