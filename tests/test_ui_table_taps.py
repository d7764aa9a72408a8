"""The taps benchmark's driver in a real window under Xvfb: the first round of its 4-player Stone Age game,
mirrored mode, and the first four of the default mode on an e-dice tray played by the table-like player,
entered tap by tap, each command checked against the rules by the driver, and the taps it counted are the
taps the translator planned."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.taps_plan import STONE_AGE_SEED, flat, game_taps, stone_age_script
from rules.stone_age import NewGame, Seat
from tests.ui.xvfb import ROOT, child_env, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display("1280x720")


def test_one_stone_age_round_by_taps_is_what_the_rules_say(display: str, tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    env = child_env(display, tmp_path, tmp_path / "data")
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "taps_driver.py"), "stone-age", "mirrored",
                           str(report), "--rounds", "1"], check=False, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=900)
    data = json.loads(report.read_text()) if report.exists() else {"errors": ["no report"]}
    assert not data["errors"], "\n".join(data["errors"]) + proc.stderr[-3000:]
    result = data["result"]
    # Home's default players, as the driver's game was set up from Home's form
    setup = NewGame(tuple(Seat(f"Player {i + 1}", c) for i, c in enumerate(("red", "blue", "green", "yellow"))), 0)
    planned = sum(len(flat(steps)) for r, steps, _m in game_taps(stone_age_script(setup, STONE_AGE_SEED), "mirrored")
                  if r == 1)
    assert (result["rounds"], result["taps"], result["players"]) == (1, planned, 4)
    assert result["setup_taps"] == 6  # Settings: Enter every placement (4 taps), one more player, Start game
    assert not result["finished"]


def test_four_board_rounds_of_the_table_player_on_an_edice_tray_take_the_taps_planned(display: str,
                                                                                   tmp_path: Path) -> None:
    """The default mode with dice rolled on a simulated tray, played by the table-like player: the turn's
    "Done" sends unused figures home, "Add and confirm" takes the advised tools, the cheapest payment
    is filled in for cards and feeding; every command checked against the rules by the driver."""
    from benchmarks.taps_plan import board_script

    report = tmp_path / "report.json"
    env = child_env(display, tmp_path, tmp_path / "data")
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "taps_driver.py"), "stone-age", "board-edice",
                           str(report), "--rounds", "4", "--player", "table"], check=False, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=1200)
    data = json.loads(report.read_text()) if report.exists() else {"errors": ["no report"]}
    assert not data["errors"], "\n".join(data["errors"]) + proc.stderr[-3000:]
    result = data["result"]
    setup = NewGame(tuple(Seat(f"Player {i + 1}", c) for i, c in enumerate(("red", "blue", "green", "yellow"))), 0)
    moves = board_script(stone_age_script(setup, STONE_AGE_SEED, player="table"), setup)
    planned = [(r, flat(steps)) for r, steps, _m in game_taps(moves, "board-edice") if r <= 4]
    taps = [t for _r, steps in planned for t in steps]
    for shortcut in ("stay-home", "use-advice", "feed-pay-"):  # the rounds hold the shortcuts under test
        assert any(t.startswith(shortcut) for t in taps), shortcut
    assert (result["rounds"], result["taps"], result["player"]) == (4, len(taps), "table")
    assert result["taps_by_round"] == [sum(len(s) for r, s in planned if r == n) for n in range(1, 5)]
