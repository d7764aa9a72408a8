"""``main.py score`` as a user runs it: a table, one JSON object, and one line on stderr for bad files."""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

ANN = {"name": "Ann", "score": 96, "agriculture": 7, "people": 9, "tools": [4, 3, 3], "huts": 8, "food": 3,
       "resources": {"wood": 1, "brick": 0, "stone": 2, "gold": 1},
       "culture": ["medicine", "art", "writing", "pottery", "sundial", "transport", "music", "weaving", "music"],
       "farmers": 2, "tool_makers": 3, "hut_builders": 4, "shamans": 1}
BEN = {"name": "Ben", "score": 180, "agriculture": 4, "people": 6, "tools": [2, 1, 1], "huts": 6, "food": 0,
       "resources": {"wood": 0, "brick": 0, "stone": 0, "gold": 0}, "culture": ["weaving"],
       "farmers": 0, "tool_makers": 0, "hut_builders": 0, "shamans": 0}


def score(tmp_path: Path, data: object, *flags: str) -> subprocess.CompletedProcess[str]:
    file = tmp_path / "end.json"
    file.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return subprocess.run([sys.executable, "main.py", "score", *flags, str(file)], cwd=ROOT,
                          capture_output=True, text=True)


def test_json_output_is_exactly_one_object(tmp_path: Path) -> None:
    out = score(tmp_path, {"game": "stone-age", "players": [ANN, BEN]}, "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)  # exactly one JSON document
    assert out.stdout.count("\n") == 1
    ann, ben = result["players"]
    # 8 distinct symbols (64) + a second music (1); 2 farmers × 7; 3 tool makers × 10; 4 builders × 8; 1 shaman × 9; 4 left
    assert ann["categories"] == {"track": 96, "culture": 65, "farmers": 14, "tool_makers": 30,
                                 "hut_builders": 32, "shamans": 9, "resources": 4}
    assert ann["total"] == 250 and ann["tiebreak"] == 7 + 10 + 9 and ann["rank"] == 1
    assert ben["total"] == 181 and ben["rank"] == 2
    assert set(result) == {"game", "players"} and result["game"] == "stone-age"


def test_true_tie_shares_the_place(tmp_path: Path) -> None:
    twin = dict(copy.deepcopy(BEN), name="Ben2")
    out = score(tmp_path, {"game": "stone-age", "players": [BEN, twin]}, "--json")
    assert [p["rank"] for p in json.loads(out.stdout)["players"]] == [1, 1]


def test_readable_table(tmp_path: Path) -> None:
    out = score(tmp_path, {"game": "stone-age", "players": [ANN, BEN]})
    assert out.returncode == 0
    assert "Ann" in out.stdout and "250" in out.stdout and "181" in out.stdout


def with_change(path: str, value: object) -> dict:
    data = {"game": "stone-age", "players": [copy.deepcopy(ANN), copy.deepcopy(BEN)]}
    target: dict = data["players"][0]
    *parents, last = path.split(".")
    for key in parents:
        target = target[key]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    "data, field",
    [
        (with_change("agriculture", 11), "players[0].agriculture"),
        (with_change("people", 4), "players[0].people"),
        (with_change("tools", [5, 3, 3]), "players[0].tools"),
        (with_change("tools", [3, 1, 1]), "players[0].tools"),
        (with_change("culture", ANN["culture"] + ["music"]), "players[0].culture"),
        (with_change("hut_builders", 10), "hut_builders"),
        (with_change("resources.wood", -1), "players[0].resources.wood"),
        (with_change("colour", "red"), "players[0].colour"),
        (with_change("score", "ninety"), "players[0].score"),
        (with_change("people", KeyError), "players[0].people"),
        ({"game": "chess", "players": []}, "game"),
        ({"players": [ANN]}, "game"),
        ([ANN], "(top level)"),
    ],
)
def test_impossible_states_exit_2_naming_the_field(tmp_path: Path, data: object, field: str) -> None:
    out = score(tmp_path, data, "--json")
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and field in lines[0], out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("text", ["{not json", "", "\xff\xfe"])
def test_broken_files_exit_2(tmp_path: Path, text: str) -> None:
    out = score(tmp_path, text)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_missing_file(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "main.py", "score", str(tmp_path / "nope.json")], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 2 and "no such file" in out.stderr


def tribe(players: list[dict], rolloff: dict | None = None) -> dict:
    data: dict = {"game": "stone-tribe", "players": players}
    if rolloff is not None:
        data["rolloff"] = rolloff
    return data


def tribe_player(name: str, shells: int, **resources: int) -> dict:
    full = {"fruit": 0, "stone": 0, "meat": 0, "wood": 0, "fish": 0, **resources}
    return {"name": name, "shells": shells, "resources": full}


def test_stone_tribe_ranking_after_both_tie_breaks(tmp_path: Path) -> None:
    players = [tribe_player("Ann", 12, fruit=1, meat=2, fish=1), tribe_player("Bo", 12, fruit=4),
               tribe_player("Cy", 12, wood=1), tribe_player("Di", 15)]
    out = score(tmp_path, tribe(players, {"Ann": [3, 5], "Bo": [6, 1]}), "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert [p["name"] for p in result["players"]] == ["Ann", "Bo", "Cy", "Di"]  # input order
    assert [p["rank"] for p in result["players"]] == [2, 3, 4, 1]
    assert [p["resource_cards"] for p in result["players"]] == [4, 4, 1, 0]


def test_stone_tribe_missing_rolloff_shares_the_place(tmp_path: Path) -> None:
    players = [tribe_player("Ann", 12, fruit=1), tribe_player("Bo", 12, fish=1)]
    out = score(tmp_path, tribe(players), "--json")
    assert [p["rank"] for p in json.loads(out.stdout)["players"]] == [1, 1]


@pytest.mark.parametrize(
    "players, rolloff, field",
    [
        ([tribe_player("Ann", -1), tribe_player("Bo", 1)], None, "players[0].shells"),
        ([tribe_player("Ann", 1, fish=-2), tribe_player("Bo", 1)], None, "players[0].resources.fish"),
        ([tribe_player("Ann", 1), tribe_player("Ann", 2)], None, "players[1].name"),
        ([tribe_player("Ann", 1), tribe_player("Bo", 1)], {"Ann": [7, 1]}, "rolloff"),
        ([tribe_player("Ann", 1)], None, "players"),
    ],
)
def test_stone_tribe_bad_files_name_the_field(tmp_path: Path, players: list, rolloff: dict | None,
                                              field: str) -> None:
    out = score(tmp_path, tribe(players, rolloff))
    assert out.returncode == 2 and field in out.stderr and "Traceback" not in out.stderr, out.stderr
