"""The BG Stats QR code on every game's final screen, in a real window under Xvfb: reached by playing
the game, enlarged by a tap, and read back from the screenshot with OpenCV's own QR detector; what
it says is BG Stats' import link, whose JSON is the play (``tests/ui/bgstats_scenarios.py``)."""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

import pytest

from companion.bgstats import LINK_PREFIX
from tests.ui.xvfb import run_driver, xvfb_display

pytestmark = [pytest.mark.ui]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


def read_qr(png: str) -> str:
    """The text of the QR code in a screenshot ("" when none is found): by ``cv2.QRCodeDetector``,
    else by OpenCV's other detector, ``cv2.QRCodeDetectorAruco``. The classic one misses some large
    codes (version 17 to 19, a four-player play) even at five pixels a module: it finds no finder
    patterns in a code drawn with mask 2, the one the QR standard's penalty rule often picks for these
    links. Phone scanners read them; the Aruco detector read 40 of 40 such codes in a trial."""
    import cv2

    image = cv2.imread(png)
    text, _points, _ = cv2.QRCodeDetector().detectAndDecode(image)
    if not text:
        text, _points, _ = cv2.QRCodeDetectorAruco().detectAndDecode(image)
    return text


@pytest.mark.parametrize(("game", "lang"), [
    ("stone-age", "zh_CN"), ("stone-age", "en"), ("stone-tribe", "zh_CN"), ("prehistories", "en"),
])
def test_ui_final_screen_qr_reads_back_as_the_play(display: str, tmp_path: Path, game: str,
                                                   lang: str) -> None:
    shots = tmp_path / "shots"
    status, report, stderr = run_driver(f"bgstats-{game}", display, tmp_path, tmp_path / "data", shots,
                                        timeout=600, extra_env={"CAIRN_TEST_LANG": lang})
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    text = read_qr(str(shots / "qr.png"))
    assert text == report["link"], (text, report["link"])
    assert text.startswith(LINK_PREFIX)
    play = json.loads(unquote(text[len(LINK_PREFIX):]))
    assert play == report["play"]
    assert play["game"]["sourceGameId"] == game and play["sourceName"] == "Cairn"
    assert sum(p.get("winner", False) for p in play["players"]) >= 1
    left, bottom, right, top = report["qr_box"]
    width, height = report["screen_box"][2], report["screen_box"][3]
    assert 0 <= left < right <= width and 0 <= bottom < top <= height, "the small code is on the screen"
