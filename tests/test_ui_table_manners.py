"""The Stone Age table under a player's finger, by real taps in a real window under Xvfb: no choice
carries over to the next player, a greyed space says why, banners hide no panel and no button, and
the action rows stay where they are (``tests/ui/table_manners.py``)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.xvfb import run_driver, xvfb_display

pytestmark = [pytest.mark.ui]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


@pytest.mark.parametrize("lang", ["zh_CN", "en"])
def test_ui_table_manners(display: str, tmp_path: Path, lang: str) -> None:
    status, report, stderr = run_driver("table-manners", display, tmp_path, tmp_path / "data", tmp_path / "shots",
                                        extra_env={"CAIRN_TEST_LANG": lang})
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    if lang == "zh_CN":  # the rules' own Chinese refusal, with the one word for the tool maker
        assert "工具匠" in report["greyed_banner"] and "轮" in report["greyed_banner"], report["greyed_banner"]
    else:
        assert "tool maker" in report["greyed_banner"].lower(), report["greyed_banner"]


def _banner_pixels(png: str) -> int:
    """Pixels of the info banner's blue (``theme.INFO``) in a screenshot."""
    import cv2
    import numpy as np

    from companion.ui import theme

    image = cv2.imread(png)
    blue = np.array([round(c * 255) for c in theme.INFO[2::-1]])  # BGR
    return int((np.abs(image.astype(int) - blue).max(axis=2) <= 6).sum())


def test_ui_screenshot_tour_pictures_carry_no_hardware_banner(display: str, tmp_path: Path) -> None:
    """With no GPIO buttons on the machine the app says so, but not in the tour's pictures."""
    status, report, stderr = run_driver("tour-start", display, tmp_path, tmp_path / "data", tmp_path / "shots")
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert "GPIO" in report["hardware_status"], "the status line still names the missing buttons"
    shots = report["tour_shots"]
    assert len(shots) >= 2, shots
    assert not report["banners"], f"a banner was up during the tour: {report['banners']}"
    for png in shots:
        assert _banner_pixels(png) < 200, f"{png} shows a banner"


def test_ui_final_screen_names_the_winner_and_labels_the_chart(display: str, tmp_path: Path) -> None:
    status, report, stderr = run_driver("final-screen", display, tmp_path, tmp_path / "data", tmp_path / "shots",
                                        extra_env={"CAIRN_TEST_LANG": "zh_CN"})
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert report["final"]["winner"].endswith("获胜"), report["final"]
