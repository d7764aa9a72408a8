"""`main.py check-cave` run as a real process from the repository root."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

#: A legal Yellow cave: row 6 and column 0 complete, three corners painted, the one-hand print covered.
LEGAL = {
    "game": "prehistories",
    "colour": "yellow",
    "goals": ["A2", "B7", "A7", "B8"],
    "tiles": [
        {"tile": 2, "side": 1, "row": 5, "col": 0},    # Fish2 upright: (5, 0), (6, 0)
        {"tile": 8, "side": 0, "row": 6, "col": 1},    # Mammoth2: (6, 1), (6, 2)
        {"tile": 14, "side": 0, "row": 6, "col": 3},   # Buffalo2: (6, 3), (6, 4)
        {"tile": 20, "side": 0, "row": 6, "col": 5},   # Ibex2: (6, 5), (6, 6)
        {"tile": 31, "side": 0, "row": 3, "col": 0},   # Legendary1: (3, 0), (3, 1), (4, 0), (4, 1)
        {"tile": 26, "side": 0, "row": 4, "col": 2},   # Boar2: (4, 2), (4, 3), the one-hand print
        {"tile": 1, "side": 0, "row": 2, "col": 0},    # Fish1: (2, 0)
        {"tile": 7, "side": 0, "row": 1, "col": 0},    # Mammoth1: (1, 0)
        {"tile": 13, "side": 0, "row": 0, "col": 0},   # Buffalo1: (0, 0)
    ],
}


def check(tmp_path: Path, content: Any, *flags: str) -> subprocess.CompletedProcess[str]:
    """Run check-cave on a file holding ``content`` (a str is written as is, anything else as JSON)."""
    path = tmp_path / "cave.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "main.py", "check-cave", *flags, str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )


def test_cli_legal_cave_as_json(tmp_path: Path) -> None:
    done = check(tmp_path, LEGAL, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "valid": True,
        "error": None,
        "rows": [6],
        "columns": [0],
        "legendary": 1,
        "goals": {"A2": False, "B7": False, "A7": True, "B8": False},
        "hand_prints": {"1": True, "2": False},
    }
    assert done.stdout.count("\n") == 1 and done.stderr == ""


def test_cli_rule_broken_names_the_tile_and_the_rule(tmp_path: Path) -> None:
    cave = dict(LEGAL, tiles=LEGAL["tiles"][:4] + [{"tile": 32, "side": 0, "row": 0, "col": 3}])
    done = check(tmp_path, cave, "--json")
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert report["valid"] is False
    assert report["error"] == (
        "tile 5 of 5 (tiles[4]): Legendary2 (tile 32), side 0 at row 0, column 3 does not touch the painting "
        "(side by side, or through a painted Hunter or totem)")
    assert report["rows"] == [6] and report["legendary"] == 0


@pytest.mark.parametrize("tile,rule", [
    ({"tile": 1, "side": 2, "row": 0, "col": 0}, "a tile has only sides 0 and 1, not 2"),
    ({"tile": 2, "side": 0, "row": 0, "col": 6}, "goes outside the cave (row 0, column 7)"),
    ({"tile": 2, "side": 0, "row": 1, "col": 0}, "would cover a totemic animal at row 1, column 1"),
    ({"tile": 2, "side": 0, "row": 0, "col": 1}, "is the first tile, so it must reach the left column"),
])
def test_cli_each_rule_is_reported(tmp_path: Path, tile: dict[str, int], rule: str) -> None:
    done = check(tmp_path, dict(LEGAL, tiles=[tile]), "--json")
    assert done.returncode == 1
    assert rule in json.loads(done.stdout)["error"]


def test_cli_readable_summary(tmp_path: Path) -> None:
    done = check(tmp_path, LEGAL)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0] == "Yellow cave, 9 tiles: every placement is legal"
    assert "r6  F M M B B I I" in lines
    assert "r4  L L O O . . ." in lines
    assert "Completed rows: 6; completed columns: 0; legendary animals: 1" in lines
    assert "Goal A7 (Connect the top-left and bottom-right corners): met" in lines
    assert "Goal B8 (Take 3 animal tiles in one hunt): not met (decided by the hunt, not the cave)" in lines


def test_cli_readable_summary_of_a_broken_cave(tmp_path: Path) -> None:
    done = check(tmp_path, dict(LEGAL, tiles=[{"tile": 1, "side": 0, "row": 3, "col": 3}]))
    assert done.returncode == 1
    assert done.stdout.startswith("Yellow cave, 1 tile: ILLEGAL: tile 1 of 1 (tiles[0]): Fish1")


@pytest.mark.parametrize("content,message", [
    ("{not json", "not valid JSON (Expecting property name enclosed in double quotes at line 1, column 2)"),
    ([1, 2], "cave: expected an object with game, colour, goals, tiles"),
    ({k: v for k, v in LEGAL.items() if k != "colour"}, "colour: missing"),
    (dict(LEGAL, extra=1), "extra: unknown field (expected game, colour, goals, tiles)"),
    (dict(LEGAL, game="stone-age"), 'game: expected "prehistories", got "stone-age"'),
    (dict(LEGAL, colour="purple"),
     'colour: unknown colour "purple" (expected yellow, blue, red, green, white)'),
    (dict(LEGAL, colour=3), "colour: unknown colour 3"),
    (dict(LEGAL, goals="A2"), 'goals: expected a list of goal ids such as "A2"'),
    (dict(LEGAL, goals=["A2", "C1"]), 'goals[1]: unknown goal "C1" (Sun side A1-A9, Moon side B1-B9)'),
    (dict(LEGAL, goals=["A2", "A2"]), "goals[1]: A2 is listed twice"),
    (dict(LEGAL, tiles={"tile": 1}), "tiles: expected a list"),
    (dict(LEGAL, tiles=[5]), "tiles[0]: expected an object with tile, side, row, col"),
    (dict(LEGAL, tiles=[{"tile": 1, "side": 0, "row": 0}]), "tiles[0].col: missing"),
    (dict(LEGAL, tiles=[{"tile": 1, "side": 0, "row": 0, "col": 0, "flip": 1}]),
     "tiles[0].flip: unknown field"),
    (dict(LEGAL, tiles=[{"tile": "1", "side": 0, "row": 0, "col": 0}]),
     'tiles[0].tile: expected a whole number, got "1"'),
    (dict(LEGAL, tiles=[{"tile": 1, "side": True, "row": 0, "col": 0}]),
     "tiles[0].side: expected a whole number, got true"),
    (dict(LEGAL, tiles=[{"tile": 1, "side": 0, "row": 1.5, "col": 0}]),
     "tiles[0].row: expected a whole number, got 1.5"),
    (dict(LEGAL, tiles=[{"tile": 99, "side": 0, "row": 0, "col": 0}]),
     "tiles[0].tile: unknown tile id 99 (tiles are numbered 1-35)"),
])
def test_cli_malformed_file_exits_2_with_one_line(tmp_path: Path, content: Any, message: str) -> None:
    done = check(tmp_path, content, "--json")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("cairn: ")
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_cli_missing_file(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "main.py", "check-cave", str(tmp_path / "none.json")],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == f"cairn: {tmp_path / 'none.json'}: no such file\n"


def test_cli_reader_closing_early_gets_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "cave.json"
    path.write_text(json.dumps(LEGAL), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "main.py", "check-cave", str(path)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdout.close()  # like `| head -0`: nobody reads the summary
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0
    assert "Traceback" not in err
