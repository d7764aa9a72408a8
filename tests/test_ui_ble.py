"""Smart dice in the real app under Xvfb, with a fake Bluetooth backend: pairing on Settings by taps,
remembered on disk, the connection on the dice screen's status line, and a throw that fills the dice
screen; the log holds exactly the dice the screen showed at "confirm"."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.ble_scenarios import THROW, A, B, C
from tests.ui.xvfb import run_driver, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


def test_ui_smart_dice_paired_on_settings_fill_the_dice_screen(display: str, tmp_path: Path) -> None:
    status, report, stderr = run_driver("ble-pair", display, tmp_path, tmp_path / "data", tmp_path / "shots",
                                        timeout=900)
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    ble = report["ble"]
    assert ble["found"] == [A, B, C]  # nearest first
    assert ble["saved"] == [[A, "godice"], [B, "godice"], [C, "pixels"]]
    assert ble["status"] == "Smart dice: 3 of 3 connected · battery low: GoDice_000B_K_v04 12%"
    assert ble["listed_picked"] == ["selected"] * 3
    assert ble["listed"] == ["GoDice_000A_K_v04 · GoDice · red · battery 87%",
                             "GoDice_000B_K_v04 · GoDice · blue · battery 12%",
                             "Mika · Pixels · battery 64%"]
    assert "Smart dice: 3 of 3 connected" in ble["dice_status"]
    assert ble["roll"] == list(THROW.values()) and ble["screen"] == ble["roll"] and ble["source"] == "ble"
    assert len(report["confirms"]) == 1
    confirm = report["confirms"][0]
    assert sorted(confirm["logged"]) == sorted(confirm["shown"]) == sorted(THROW.values())
