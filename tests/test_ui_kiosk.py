"""The app on a Pi on its own, in a real window under Xvfb: a clean start log, player names on a
touch-only screen, and a data folder that cannot be written."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.xvfb import run_driver, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


def test_ui_start_log_has_no_critical_and_no_traceback(display: str, tmp_path: Path) -> None:
    """Without xclip or xsel (as on a Pi OS Lite kiosk) the log a user reads starts clean."""
    status, report, stderr = run_driver("clean-start", display, tmp_path, tmp_path / "data", tmp_path / "shots",
                                        extra_env={"PATH": "/usr/bin:/bin"})
    assert status == 0 and not report["errors"], "\n".join(report["errors"]) + stderr
    assert "CRITICAL" not in stderr and "Traceback" not in stderr, stderr


def test_ui_names_on_a_touch_only_kiosk_then_one_tap_from_earlier_games(display: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    status, first, stderr = run_driver("names-first", display, tmp_path, data, tmp_path / "shots1")
    assert status == 0 and not first["errors"], "\n".join(first["errors"]) + stderr
    assert first["names"] == ["ann", "bo", "小明"]  # not "Player 1ann"
    assert (data / "recent-names.json").exists()
    status, again, stderr = run_driver("names-again", display, tmp_path, data, tmp_path / "shots2")
    assert status == 0 and not again["errors"], "\n".join(again["errors"]) + stderr
    assert again["chips"] == sorted(["ann", "bo", "小明"])
    assert again["fields"] == ["小明", "", "ann"]  # seat 2 keeps its default, as a hint
    assert again["names"] == ["小明", "Player 2", "ann"]


def test_ui_read_only_data_folder_offers_play_without_saving(display: str, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    status, report, stderr = run_driver("readonly-play", display, tmp_path, blocker, tmp_path / "shots",
                                        extra_env={"CAIRN_TEST_LANG": "zh_CN"})
    assert status == 0 and not report["errors"], "\n".join(report["errors"]) + stderr
    ro = report["readonly"]
    assert ro["error"] == f"无法保存游戏：{blocker} 不是文件夹：无法保存对局"  # all of it in the UI language
    assert ro["start_disabled"] is True
    assert ro["marks"] == ["未保存"] and ro["start_disabled_after"] is False and ro["error_after"] == ""
    assert ro["players"] == ["玩家 1", "玩家 2", "玩家 3"]
    assert not ro["store"].startswith(str(tmp_path)) and not Path(ro["store"]).exists()  # gone with the app
    assert blocker.read_text() == "x"


def test_ui_kiosk_without_a_camera_says_so_and_shows_no_demo_dice(display: str, tmp_path: Path) -> None:
    import glob
    import importlib.util

    if glob.glob("/dev/video*") or importlib.util.find_spec("picamera2"):
        pytest.skip("this machine has a camera: the kiosk would use it")
    status, report, stderr = run_driver("kiosk-camera", display, tmp_path, tmp_path / "data", tmp_path / "shots")
    assert status == 0 and not report["errors"], "\n".join(report["errors"]) + stderr
    camera = report["camera"]
    assert camera["state"] in ("disconnected", "reconnecting"), camera  # still looking, not the demo
    assert camera["source"] == "auto"
    assert "No camera: enter dice by touch" in camera["line"]


def test_ui_settings_turn_the_e_dice_off_and_choose_the_on_screen_keyboard(display: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    status, report, stderr = run_driver("settings-switches", display, tmp_path, data, tmp_path / "shots")
    assert status == 0 and not report["errors"], "\n".join(report["errors"]) + stderr
    assert report["switches"] == {"edice_enabled": False, "keyboard": "screen", "link": False,
                                  "line": report["switches"]["line"]}
    assert "E-dice off" in report["switches"]["line"]
    from companion.settings import load

    kept = load(data / "settings.json")
    assert (kept.edice_enabled, kept.keyboard) == (False, "screen")
