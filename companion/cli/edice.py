"""`main.py edice`: watch an e-dice tray from the shell.

One line per completed roll on stdout (``4 6  (dice 1 2)``, or with ``--json`` exactly
``{"values": [4, 6], "dice": [1, 2], "source": "edice"}``); status changes and rejected lines go to
stderr. Without ``--serial`` it looks for a tray among the USB serial ports. Ctrl+C (or SIGTERM)
ends it cleanly with status 0.
"""
from __future__ import annotations

import argparse
import json
import sys
import threading

from companion.cli.stop_signals import stop_on_signals
from companion.errors import UsageError
from hardware.edice import EDiceLink, LinkState, LinkStatus
from hardware.edice_protocol import Rejected
from hardware.errors import HardwareError
from hardware.inputs import DiceRoll


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--serial PATH_OR_URL, --json."""
    parser.add_argument("--serial", metavar="PATH_OR_URL",
                        help="the tray's port: a device path (/dev/ttyACM0) or a pyserial URL; "
                             "default: look for a tray on the USB serial ports")
    parser.add_argument("--json", action="store_true", help="print each roll as one JSON object")


def format_roll(roll: DiceRoll, as_json: bool) -> str:
    """The stdout line for one roll.

    >>> format_roll(DiceRoll((4, 6), "edice", (1, 2)), True)
    '{"values": [4, 6], "dice": [1, 2], "source": "edice"}'
    >>> format_roll(DiceRoll((4, 6), "edice", (1, 2)), False)
    '4 6  (dice 1 2)'
    """
    if as_json:
        return json.dumps({"values": list(roll.values), "dice": list(roll.dice), "source": roll.source})
    return f"{' '.join(map(str, roll.values))}  (dice {' '.join(map(str, roll.dice))})"


def run(args: argparse.Namespace) -> int:
    """Monitor the tray until Ctrl+C or SIGTERM (then 0); raises HardwareError if the link fails
    for good (an unknown URL scheme, an unexpected error): a missing or unplugged tray is waited for."""
    if (args.serial or "").strip().lower() == "none":
        raise UsageError("--serial none turns the e-dice off: there is no tray to watch")
    done = threading.Event()
    failed: list[LinkStatus] = []
    out_lock = threading.Lock()

    def on_roll(roll: DiceRoll) -> None:
        with out_lock:
            print(format_roll(roll, args.json), flush=True)

    def on_status(status: LinkStatus) -> None:
        if status.state is LinkState.FAILED:  # main.py prints it, once, as "cairn: ..."
            failed.append(status)
            done.set()
            return
        if status.state is LinkState.STOPPED:
            return
        with out_lock:
            detail = f" ({status.detail})" if status.detail and status.state is LinkState.DISCONNECTED else ""
            where = f" on {status.port}" if status.port and status.state is LinkState.CONNECTED else ""
            print(f"{status.text}{where}{detail}", file=sys.stderr, flush=True)

    def on_reject(rejected: Rejected) -> None:
        with out_lock:
            print(f"rejected ({rejected.reason}): {rejected.line!r}", file=sys.stderr, flush=True)

    with stop_on_signals(done):
        link = EDiceLink(args.serial, on_roll=on_roll, on_status=on_status, on_reject=on_reject).start()
        try:
            while not done.wait(0.2):
                pass
        finally:
            link.stop()
    if failed:  # a port spec that cannot work, or an unexpected failure: one line, exit 2
        raise HardwareError(failed[0].text.removeprefix("e-dice: "))
    counts = link.rejects
    if counts:
        summary = ", ".join(f"{reason} {n}" for reason, n in sorted(counts.items()))
        print(f"rejected lines: {summary}", file=sys.stderr, flush=True)
    return 0
