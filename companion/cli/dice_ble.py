"""`main.py dice-ble`: find and watch Bluetooth LE smart dice (GoDice, Pixels) from the shell.

``--scan`` lists the dice in reach, nearest first, one line each (``--json``: one JSON object each),
and returns 1 when there are none. ``--watch`` connects to the dice picked on Settings (or every die a
scan finds, or the ``--die`` addresses among them) and prints one line per completed roll on stdout,
as ``main.py edice`` does (``5 6 2  (dice 1 2 3)``; ``--json``: ``{"values": [...], "dice": [...],
"source": "ble"}``); connections, batteries and abandoned rolls go to stderr. Ctrl+C (or SIGTERM, or
``--rolls N`` rolls) ends it with status 0. Bluetooth that cannot be used (no adapter, switched off,
BlueZ not running) is one line and status 2.
"""
from __future__ import annotations

import argparse
import json
import sys
import threading
from typing import Any

from companion.cli.edice import format_roll
from companion.cli.stop_signals import stop_on_signals
from companion.errors import UsageError
from hardware.ble_dice import SCAN_SECONDS, BleBackend, BleDiceLink, BleState, BleStatus, KnownDie, scan_dice
from hardware.errors import HardwareError
from hardware.inputs import DiceRoll

NONE_IN_REACH = "no smart dice in reach (GoDice, Pixels): wake each die by rolling it, and bring it closer"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--scan | --watch, --die ADDRESS, --seconds S, --rolls N, --json."""
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--scan", action="store_true", help="list the smart dice in reach")
    what.add_argument("--watch", action="store_true", help="connect and print each completed roll")
    parser.add_argument("--die", action="append", metavar="ADDRESS", default=[],
                        help="watch this die (repeat for more); default: the dice picked on Settings, "
                             "else every die a scan finds")
    parser.add_argument("--seconds", type=float, default=SCAN_SECONDS, help="how long a scan listens (default 5)")
    parser.add_argument("--rolls", type=int, default=0, metavar="N", help="stop after N rolls (default: never)")
    parser.add_argument("--json", action="store_true", help="one JSON object per die or per roll")


def format_die(die: KnownDie, as_json: bool) -> str:
    """The stdout line for one die a scan found.

    >>> format_die(KnownDie("F0:01", "Mika", "pixels", battery=55, rssi=-60), False)
    'Mika  pixels  F0:01  battery 55%  signal -60 dBm'
    >>> format_die(KnownDie("F0:01", "Mika", "pixels"), True)
    '{"address": "F0:01", "name": "Mika", "kind": "pixels", "battery": null, "rssi": null}'
    """
    if as_json:
        return json.dumps({"address": die.address, "name": die.name, "kind": die.kind, "battery": die.battery,
                           "rssi": die.rssi})
    parts = [die.name, die.kind, die.address]
    if die.battery is not None:
        parts.append(f"battery {die.battery}%")
    if die.rssi is not None:
        parts.append(f"signal {die.rssi} dBm")
    return "  ".join(parts)


def run(args: argparse.Namespace, backend: BleBackend | None = None) -> int:
    """Scan or watch (see the module's docstring); ``backend``: Bluetooth (bleak's by default)."""
    if args.seconds <= 0 or args.seconds > 120:
        raise UsageError("--seconds must be more than 0 and at most 120")
    if args.rolls < 0:
        raise UsageError("--rolls must be 0 (never stop) or more")
    if args.scan:
        found = scan_dice(args.seconds, backend)  # DeviceUnavailable: "cairn: <line>", status 2
        for die in found:
            print(format_die(die, args.json), flush=True)
        if not found:
            print(NONE_IN_REACH, file=sys.stderr)
            return 1
        return 0
    dice = _dice_to_watch(args, backend)
    if not dice:
        print(NONE_IN_REACH, file=sys.stderr)
        return 1
    return _watch(dice, args, backend)


def _dice_to_watch(args: argparse.Namespace, backend: BleBackend | None) -> list[KnownDie]:
    from companion import settings as settings_mod

    remembered = [KnownDie.from_setting(d) for d in settings_mod.load().ble_dice]
    wanted = [a.strip().upper() for a in args.die if a.strip()]
    if remembered and all(a in {d.address.upper() for d in remembered} for a in wanted):
        return [d for d in remembered if not wanted or d.address.upper() in wanted]
    found = scan_dice(args.seconds, backend)
    if not wanted:
        return found
    by_address = {d.address.upper(): d for d in [*remembered, *found]}
    missing = [a for a in wanted if a not in by_address]
    if missing:
        print(f"not in reach: {', '.join(missing)}", file=sys.stderr)
    return [by_address[a] for a in wanted if a in by_address]


def _watch(dice: list[KnownDie], args: argparse.Namespace, backend: BleBackend | None) -> int:
    done = threading.Event()
    failed: list[BleStatus] = []
    out_lock = threading.Lock()
    rolls = [0]
    last: dict[str, Any] = {"line": "", "batteries": ()}

    def on_roll(roll: DiceRoll) -> None:
        with out_lock:
            print(format_roll(roll, args.json), flush=True)
            rolls[0] += 1
            if args.rolls and rolls[0] >= args.rolls:
                done.set()

    def on_status(status: BleStatus) -> None:
        if status.state is BleState.UNAVAILABLE:  # main.py prints it, once, as "cairn: ..."
            failed.append(status)
            done.set()
            return
        if status.state is BleState.STOPPED:
            return
        with out_lock:
            for line in (status.text, status.note):
                if line and line != last["line"]:
                    print(line, file=sys.stderr, flush=True)
                    last["line"] = line
            if status.batteries and status.batteries != last["batteries"]:
                last["batteries"] = status.batteries
                print("battery: " + ", ".join(f"{name} {p}%" for name, p in status.batteries),
                      file=sys.stderr, flush=True)

    with stop_on_signals(done):
        link = BleDiceLink(dice, on_roll=on_roll, on_status=on_status, backend=backend).start()
        try:
            while not done.wait(0.2):
                pass
        finally:
            link.stop()
    if failed:
        raise HardwareError(failed[0].text.removeprefix("smart dice: "))
    counts = link.rejects
    if counts:
        summary = ", ".join(f"{reason} {n}" for reason, n in sorted(counts.items()))
        print(f"rejected notifications: {summary}", file=sys.stderr, flush=True)
    return 0
