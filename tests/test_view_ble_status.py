"""The smart dice lines a player reads: what is connected, what went wrong with which die, a low battery,
and Bluetooth that cannot be used, in their language."""
from __future__ import annotations

import pytest

from companion import i18n
from companion.viewmodels.ble_status import ble_text, die_label
from hardware.ble_dice import BleState, BleStatus, KnownDie


@pytest.fixture(autouse=True)
def _english_after() -> None:
    yield
    i18n.set_language("en")


def test_ble_line_says_how_many_are_connected_and_what_needs_the_player() -> None:
    i18n.set_language("en")
    ok = BleStatus(BleState.CONNECTED, "x", ("red", "Mika"), 3, (("red", 80), ("Mika", 9)))
    assert ble_text(ok) == "Smart dice: 2 of 3 connected · battery low: Mika 9%"
    lost = BleStatus(BleState.CONNECTED, "x", ("Mika",), 2, event="mid-roll", die="red")
    assert ble_text(lost) == "Smart dice: 1 of 2 connected · red went away mid-roll: roll again or enter the dice by touch"
    assert ble_text(BleStatus(BleState.DISCONNECTED, "x", total=1)) == \
        "Smart dice not in reach: use the camera or touch"
    assert ble_text(BleStatus(BleState.UNAVAILABLE, "x", reason="Bluetooth is off: switch it on")) == \
        "Smart dice: Bluetooth is off: switch it on"
    assert ble_text(BleStatus(BleState.UNAVAILABLE, "x", reason="Bluetooth is not available (BlueZ ...)")) == \
        "Smart dice: Bluetooth is not available"
    assert ble_text(BleStatus(BleState.STOPPED, "x")) == ""


@pytest.mark.parametrize("lang, connected, tilted, label", [
    ("zh_CN", "智能骰子：已连接 1/1 颗", "Mika 没有平躺：请重掷", "Mika · GoDice · 红色 · 电量 50%"),
    ("zh_TW", "智慧骰子：已連線 1/1 顆", "Mika 沒有平躺：請重擲", "Mika · GoDice · 紅色 · 電量 50%"),
])
def test_ble_lines_in_chinese(lang: str, connected: str, tilted: str, label: str) -> None:
    i18n.set_language(lang)
    status = BleStatus(BleState.CONNECTED, "x", ("Mika",), 1, event="tilted", die="Mika")
    assert ble_text(status) == f"{connected} · {tilted}"
    assert die_label(KnownDie("F0:01", "Mika", "godice", "red"), 50) == label
