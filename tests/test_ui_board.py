"""Stone Age with the board keeping the placement, played by taps in the real app under Xvfb."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.xvfb import run_driver, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_ui_a_round_with_the_board_keeping_the_placement(display: str, tmp_path: Path, lang: str) -> None:
    status, report, stderr = run_driver("board", display, tmp_path, tmp_path / "data", tmp_path / "shots",
                                        extra_env={"CAIRN_TEST_LANG": lang})
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    assert all(c["logged"] == c["shown"] for c in report["confirms"]), report["confirms"]
    state = report["state"]
    assert state["round"] == 2 and state["players"][0]["wood"] == 6
    assert not any("placed" in step for step in report["steps"] if step.startswith("tap space-"))
    for shot in report["shots"]:
        assert Path(shot).stat().st_size > 5000, f"{shot} is empty"


def test_ui_a_sure_edice_roll_on_an_open_count_confirms_itself(display: str, tmp_path: Path) -> None:
    status, report, stderr = run_driver("board-edice", display, tmp_path, tmp_path / "data", tmp_path / "shots")
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    assert len(report["board_edice"]["logged"]) == 3


@pytest.mark.timeout(2400)
@pytest.mark.parametrize("lang", ["zh_CN", "en"])
def test_ui_whole_game_with_the_board_keeping_the_placement_and_the_camera_throwing(display: str, tmp_path: Path,
                                                                                    lang: str) -> None:
    """A whole 4-player game by taps, the board keeping the placement, the demo camera throwing all game:
    after every confirm the log holds the dice on the screen; the game ends by the rules (stack 1 empty)."""
    status, report, stderr = run_driver("sa-game-board", display, tmp_path, tmp_path / "data", tmp_path / "shots",
                                        timeout=2300, extra_env={"CAIRN_TEST_LANG": lang, "CAIRN_TEST_SEED": "3"})
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    assert report["state"]["phase"] == "over" and len(report["built"]) == 7
    assert report["confirms"] and all(sorted(c["logged"]) == sorted(c["shown"]) for c in report["confirms"])
    assert len(report["confirms"]) == report["gathers"] == 7 * 5
    assert report["camera_rolls"] >= 10, "the camera kept throwing"
