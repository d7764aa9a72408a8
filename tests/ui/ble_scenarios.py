"""Smart dice scenarios for ``tests/ui_driver.py``, with a fake Bluetooth backend (no radio).

* ``ble-pair``: Settings scans (3 dice in reach: two GoDice, one Pixels), the player taps all three and
  saves; they connect, Settings shows them remembered with battery and colour, the dice screen's status
  line says they are connected, a throw of the three fills the dice screen, and the confirmed dice in
  the game's SQLite file are the dice the screen showed.

Mixed into the driver's ``Driver`` with :class:`tests.ui.dice_scenarios.DiceScenarios` (``watch_rolls``,
``shown_dice``, ``confirm_dice``, ``wait_roll``, ``players``).
"""
from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

MODES = ("ble-pair",)
A, B, C = "F0:00:00:00:00:0A", "F0:00:00:00:00:0B", "F0:00:00:00:00:0C"
THROW = {A: 3, B: 5, C: 6}


def app_options(mode: str) -> dict[str, Any]:
    """``ble_backend``: three fake dice in reach, nearest first (A, B, C)."""
    if mode not in MODES:
        return {}
    from tests.support.fake_ble import FakeBleBackend, godice, pixels

    dice = [godice(A, colour=1, battery=87), godice(B, colour=3, battery=12), pixels(C, name="Mika", battery=64)]
    for rssi, die in zip((-40, -50, -60), dice):
        die.rssi = rssi
    return {"ble_backend": FakeBleBackend(dice)}


class BleScenarios:
    """Scenario generators; each yields once per frame."""

    app: Any
    report: dict[str, Any]

    def ble_modes(self) -> dict[str, Any]:
        return {"ble-pair": self.ble_pair}

    def scroll_to_pairing(self, settings: Any) -> Iterator[None]:
        """Scroll Settings to its end, where the pairing section is (as a finger would)."""
        settings.ids.scroll.scroll_y = 0
        yield
        yield

    def ble_pair(self) -> Iterator[None]:
        app = self.app
        backend = app.options.ble_backend
        yield
        self.watch_rolls()
        yield from self.tap("open-settings")
        settings = app.sm.get_screen("settings")
        yield from self.scroll_to_pairing(settings)
        yield from self.tap("ble-scan")
        yield from self.wait_for(lambda: not settings.ble_scanning, "the scan", seconds=60)
        out: dict[str, Any] = {"found": [d.address for d in settings.ble_found], "note": settings.ble_note}
        self.shot("settings-ble-found")
        for i in range(3):
            yield from self.tap(f"ble-die-{i}")
        yield from self.tap("settings-save")
        saved = json.loads((Path(os.environ["CAIRN_DATA_DIR"]) / "settings.json").read_text(encoding="utf-8"))
        out["saved"] = [(d["address"], d["kind"]) for d in saved["ble_dice"]]
        yield from self.wait_for(lambda: "3" in app.bridge.status.get("ble", "") and app.bridge.ble is not None
                                 and len(app.bridge.ble.status.connected) == 3
                                 and len(app.bridge.ble.batteries) == 3, "three connected dice", seconds=60)
        out["status"] = app.bridge.status["ble"]
        yield from self.tap("settings-back")
        yield from self.tap("open-settings")  # Settings again: the dice remembered, battery and colour shown
        yield from self.scroll_to_pairing(settings)
        out["listed"] = [self.find(f"ble-die-{i}").text for i in range(3)]
        out["listed_picked"] = [self.find(f"ble-die-{i}").kind for i in range(3)]
        self.shot("settings-ble-picked")
        yield from self.tap("settings-back")
        yield from self.players(2)
        yield from self.place("forest", 3)
        yield from self.place("hunting", 5)
        yield from self.place("clay_pit", 2)
        yield from self.tap("action-forest-0")
        dice = app.sm.get_screen("sa_dice")
        yield from self.wait_for(lambda: "3" in dice.source_text, "the smart dice on the dice screen's status line")
        out["dice_status"] = dice.source_text
        n = self.fresh_rolls()
        threading.Thread(target=backend.throw, args=(THROW,), daemon=True).start()
        yield from self.wait_roll("the smart dice's roll", n)
        out["roll"] = self.rolls[-1]["values"]
        out["screen"] = self.shown_dice()
        out["source"] = dice.reading.source
        self.shot("dice-ble")
        yield from self.confirm_dice()
        self.report["ble"] = out
        self.report["state"] = self.snapshot()
