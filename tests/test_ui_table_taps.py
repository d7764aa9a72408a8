"""The taps benchmark's driver in a real window under Xvfb: the first round of its 4-player Stone Age game,
mirrored mode, entered tap by tap, each command checked against the rules by the driver, and the taps it
counted are the taps the translator planned."""
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
