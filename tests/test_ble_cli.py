"""`main.py dice-ble`: scan and watch with a fake Bluetooth backend; Bluetooth that cannot be used, no
dice in reach and a die lost mid-roll are one clear line each, never a traceback."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from companion import settings as sm
from companion.cli import dice_ble
from companion.errors import UsageError
from hardware.errors import HardwareError
from tests.support.fake_ble import GODICE, FakeBleBackend, godice, pixels

ROOT = Path(__file__).resolve().parents[1]
A, B = "AA:00:00:00:00:01", "AA:00:00:00:00:02"


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    dice_ble.add_arguments(parser)
    return parser.parse_args(list(argv))


def _main(*argv: str, bus: str = "unix:path=/nonexistent/cairn-test-bus") -> subprocess.CompletedProcess[str]:
    """The real command, with the D-Bus system bus (BlueZ) pointed at a socket that is not there."""
    env = {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": bus}
    return subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=False)


def test_ble_cli_scan_lists_the_dice_nearest_first(capsys: pytest.CaptureFixture[str]) -> None:
    near = pixels(B, name="Mika", battery=55)
    near.rssi = -40
    assert dice_ble.run(_args("--scan", "--seconds", "0.1"), FakeBleBackend([godice(A, name="GoDice_0001_K_v04"), near])) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"Mika  pixels  {B}  battery 55%  signal -40 dBm", f"GoDice_0001_K_v04  godice  {A}  signal -60 dBm"]
    assert dice_ble.run(_args("--scan", "--json"), FakeBleBackend([godice(A, name="GoDice_0001_K_v04")])) == 0
    assert json.loads(capsys.readouterr().out) == {"address": A, "name": "GoDice_0001_K_v04", "kind": "godice",
                                                   "battery": None, "rssi": -60}


def test_ble_cli_no_dice_in_reach_is_one_line_and_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert dice_ble.run(_args("--scan"), FakeBleBackend([])) == 1
    assert dice_ble.run(_args("--watch"), FakeBleBackend([])) == 1
    out = capsys.readouterr()
    assert out.out == "" and out.err.splitlines() == [dice_ble.NONE_IN_REACH] * 2


@pytest.mark.parametrize("argv", [["dice-ble", "--scan"], ["dice-ble", "--watch", "--json"]])
def test_ble_cli_bluez_not_running_is_one_line_and_status_2(argv: list[str]) -> None:
    done = _main(*argv)
    assert done.returncode == 2, done.stderr
    assert done.stderr == "cairn: Bluetooth is not available (BlueZ is not running: No such file or directory)\n"
    assert done.stdout == ""


def test_ble_cli_bad_input_names_the_option() -> None:
    with pytest.raises(UsageError, match="--seconds must be more than 0"):
        dice_ble.run(_args("--scan", "--seconds", "0"))
    with pytest.raises(UsageError, match="--rolls must be 0"):
        dice_ble.run(_args("--watch", "--rolls", "-1"))
    done = _main("dice-ble", "--scan", "--watch")
    assert done.returncode == 2 and "not allowed with argument" in done.stderr and "Traceback" not in done.stderr


def _watch(backend: FakeBleBackend, *argv: str) -> tuple[int, Any]:
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["status"] = dice_ble.run(_args("--watch", *argv), backend)
        except Exception as exc:  # noqa: BLE001 - handed to the test
            result["error"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    return thread, result


def test_ble_cli_watch_prints_each_grouped_roll_of_the_remembered_dice(capsys: pytest.CaptureFixture[str]) -> None:
    sm.save(sm.Settings().replace(ble_dice=[{"address": A, "name": "red", "kind": "godice", "colour": "red"},
                                            {"address": B, "name": "Mika", "kind": "pixels", "colour": ""}]))
    backend = FakeBleBackend([godice(A), pixels(B)])
    thread, result = _watch(backend, "--json", "--rolls", "1")
    assert backend.connected(A) and backend.connected(B)
    backend.play([(A, b"S\x01")])  # a truncated notification is counted, not a roll
    backend.throw({A: 4, B: 6})
    thread.join(30)
    assert result == {"status": 0}
    out = capsys.readouterr()
    assert [json.loads(line) for line in out.out.splitlines()] == [{"values": [4, 6], "dice": [1, 2], "source": "ble"}]
    assert "smart dice: 2 of 2 connected" in out.err
    assert "battery: red 87%, Mika 64%" in out.err
    assert out.err.splitlines()[-1] == "rejected notifications: truncated 1"
    assert backend.scans == 0  # remembered dice need no scan


def test_ble_cli_watch_a_die_lost_mid_roll_is_said_and_the_watch_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    backend = FakeBleBackend([godice(A)])  # nothing remembered: the scan's dice
    thread, result = _watch(backend, "--rolls", "1")
    assert backend.connected(A)
    backend.play([(A, GODICE["rolling"])])
    backend.drop(A)
    assert backend.connected(A)
    backend.throw({A: 5})
    thread.join(30)
    assert result == {"status": 0}
    out = capsys.readouterr()
    assert out.out == "5  (dice 1)\n"
    assert f"{godice(A).name} disconnected mid-roll: roll again or enter the dice by touch" in out.err.splitlines()


def test_ble_cli_watch_ends_with_one_line_when_bluetooth_goes_off() -> None:
    from bleak.exc import BleakBluetoothNotAvailableError, BleakBluetoothNotAvailableReason

    backend = FakeBleBackend([godice(A)])
    thread, result = _watch(backend)
    assert backend.connected(A)
    backend.unavailable = BleakBluetoothNotAvailableError("off", BleakBluetoothNotAvailableReason.POWERED_OFF)
    backend.drop(A)
    thread.join(30)
    assert isinstance(result.get("error"), HardwareError)
    assert str(result["error"]) == "Bluetooth is off: switch it on"
