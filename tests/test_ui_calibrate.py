"""The camera calibration by real taps under Xvfb: the camera learns the table once.

A test camera looks at a felt tray on a wood table and the demo dice are thrown into the tray again
and again (``tests/ui/calibrate_scenarios.py``). From the dice screen: the tray is found, the outline
taken whole, found again and dragged by a corner, the dice's size and colours learnt from the rolls and saved for
this camera; the reader reads through it at once and the screen offers "Recalibrate". Cancelling a
recalibration keeps the saved one; Settings opens it too; a camera pulled out mid-way ends the flow
on the dice screen, where the dice are entered by touch. Without a camera none of it shows.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.calibrate_scenarios import KEY, tray_fraction
from tests.ui.xvfb import run_driver, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


def _run(mode: str, display: str, tmp_path: Path, **env: str) -> dict:
    status, report, stderr = run_driver(mode, display, tmp_path, tmp_path / "data", tmp_path / "shots",
                                        timeout=900, extra_env=env or None)
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    return report


def _near(a: list[float], b: tuple[float, ...] | list[float], tolerance: float) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_ui_calibrate_the_camera_from_the_dice_screen(display: str, tmp_path: Path, lang: str) -> None:
    report = _run("calibrate", display, tmp_path, CAIRN_TEST_LANG=lang)
    c = report["calibrate"]
    assert c["entry"]["text"] and not c["entry"]["recalibrate"], "not calibrated yet: Calibrate camera"
    # a. the tray is found (its rim included), the whole frame taken, found again, a corner dragged out
    assert c["found"]["proposal"] == "found" and _near(c["found"]["area"], tray_fraction(), 0.04), c["found"]
    assert c["whole"] == [0.0, 0.0, 1.0, 1.0]
    assert _near(c["found_again"], c["found"]["area"], 0.01)
    x, y, w, h = c["found_again"]
    assert _near(c["dragged"], [x - 0.04, y - 0.04, w + 0.04, h + 0.04], 0.01), c["dragged"]
    assert c["step"] == "dice"
    # b. the dice's size learnt from the rolls (the demo's dice are an eighth of the tray's height),
    # and their colours (one per colour of the demo's dice)
    learnt = c["learnt"]
    assert 30 <= learnt["die_px"] <= 60 and str(learnt["die_px"]) in learnt["text"], learnt
    assert learnt["colours"] == learnt["demo_colours"] and str(learnt["colours"]) in learnt["text"], learnt
    # a patch of each learnt colour, each the colour of one of the demo's dice (the camera's light and
    # blur shift it a little), and every colour of the demo's dice shown
    nearest = [min(learnt["demo_rgb"], key=lambda d: sum(abs(a - b) for a, b in zip(d, s))) for s in learnt["swatches"]]
    assert len(learnt["swatches"]) == learnt["colours"], learnt
    assert all(max(abs(a - b) for a, b in zip(d, s)) <= 60 for d, s in zip(nearest, learnt["swatches"])), learnt
    assert sorted(set(map(tuple, nearest))) == [tuple(d) for d in learnt["demo_rgb"]], learnt
    # c. saved for this camera, in use at once, Recalibrate offered; a roll read through it
    saved = c["after_save"]
    assert saved["screen"] == "sa_dice" and saved["saved"] == {KEY: saved["want"]}, saved
    assert saved["want"]["area"] == pytest.approx(c["dragged"], abs=1e-4) and saved["reader"], saved
    assert len(saved["want"]["colours"]) == learnt["demo_colours"], saved
    assert saved["entry"] and saved["entry"] != c["entry"]["text"], "the button now says Recalibrate"
    assert len(c["calibrated_roll"]["values"]) == 3, c["calibrated_roll"]
    # a recalibration learnt but cancelled keeps the saved one
    assert c["cancel"] == {"screen": "sa_dice", "saved_kept": True, "reader": True, "recalibrate": True}
    # Settings opens it and gets it back
    assert c["settings"]["entry"] == saved["entry"] and c["settings"]["note"], c["settings"]
    assert c["settings"]["opened"] == "calibrate" and c["settings"]["back"] == "settings"
    # the camera pulled out mid-way: back to the dice screen, said, nothing lost, touch entry works
    gone = c["gone"]
    assert gone["screen"] == "sa_dice" and gone["want"] in report["banners"], gone
    assert gone["saved_kept"] and not gone["button"], gone
    assert gone["dice"] == [3, 4, 5, 6, 2] and gone["confirmed"], gone


def test_ui_calibrate_from_the_stone_tribe_fate_dice(display: str, tmp_path: Path) -> None:
    report = _run("calibrate-st", display, tmp_path, CAIRN_TEST_LANG="zh_TW")
    assert report["calibrate"] == {"opened": "calibrate", "proposal": "found", "back": "st_dice", "saved": {}}


def test_ui_calibrate_shows_nothing_without_a_camera(display: str, tmp_path: Path) -> None:
    report = _run("calibrate-none", display, tmp_path)
    c = report["calibrate"]
    assert c["dice"] == {"text": "", "shown": False}
    assert c["settings"] == {"text": "", "shown": False}
