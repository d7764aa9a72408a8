"""The camera and e-dice lines a player reads: short, and in their language."""
from __future__ import annotations

import pytest

from companion import i18n
from companion.viewmodels.device_status import camera_text, edice_text, source_lines
from hardware.camera_worker import CameraStatus
from hardware.edice import LinkState, LinkStatus
from hardware.edice_protocol import Hello

LONG_DEMO = ("demo dice (3 synthetic dice on a tray table): no camera found (Pi camera: picamera2 is not "
             "installed (on Raspberry Pi OS: sudo apt install python3-picamera2); no USB camera (/dev/video*))")


@pytest.fixture(autouse=True)
def _english_after() -> None:
    yield
    i18n.set_language("en")


def test_camera_line_is_short_whatever_the_source_says() -> None:
    i18n.set_language("en")
    assert camera_text(CameraStatus("connected", LONG_DEMO)) == "Camera: demo dice · connected"
    assert camera_text(CameraStatus("reconnecting", "USB camera 0", "unplugged", 2.0)) == \
        "Camera: USB camera 0 · disconnected: enter dice by touch (reconnecting…)"


@pytest.mark.parametrize("lang, expected", [("zh_CN", "摄像头：演示骰子 · 已连接"), ("zh_TW", "攝影機：示範骰子 · 已連線")])
def test_camera_line_in_chinese(lang: str, expected: str) -> None:
    i18n.set_language(lang)
    assert camera_text(CameraStatus("connected", LONG_DEMO)) == expected


def test_edice_lines() -> None:
    i18n.set_language("zh_CN")
    hello = Hello("tray-01", 2, 1)
    assert edice_text(LinkStatus(LinkState.CONNECTED, "e-dice connected", "/dev/ttyACM0", hello)) == \
        "电子骰子已连接：tray-01，2 颗骰子"
    assert edice_text(LinkStatus(LinkState.DISCONNECTED, "e-dice disconnected")) == "电子骰子已断开：请用摄像头或点按输入"


def test_camera_text_says_no_camera_when_auto_finds_none() -> None:
    """The kiosk's "auto" with no camera (no demo dice there): the player is told to tap the dice in."""
    for state in ("disconnected", "reconnecting"):
        assert camera_text(CameraStatus(state, "auto", "no camera found (…)", 4.0)) == \
            "No camera: enter dice by touch"


def test_without_a_camera_the_dice_screen_does_not_say_so_twice() -> None:
    """The no-camera panel says "tap the dice to enter them" already: the generic camera line goes,
    any other camera line (why the camera is gone) and the e-dice lines stay."""
    i18n.set_language("en")
    generic = camera_text(CameraStatus("disconnected", "auto"))
    status = {"camera": generic, "edice": "E-dice: looking for a tray", "ble": ""}
    assert source_lines(status, has_camera=False) == "E-dice: looking for a tray"
    assert source_lines(status, has_camera=True) == generic + "\nE-dice: looking for a tray"
    gone = camera_text(CameraStatus("reconnecting", "USB camera 0", "unplugged", 2.0))
    assert source_lines({"camera": gone}, has_camera=False) == gone
    assert source_lines({}, has_camera=False) == ""
