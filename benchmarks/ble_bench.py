#!/usr/bin/env python3
"""Smart dice roll latency on the fake Bluetooth backend (no radio):

    .venv/bin/python benchmarks/ble_bench.py [--throws 40]

Three dice (two GoDice, one Pixels) are thrown ``--throws`` times through ``tests/support/fake_ble.py``;
the figure is the time from the last landing notification handed to the link to the ``DiceRoll`` in
the app's callback, on the real clock. It measures Cairn's grouping (the 300 ms settle, the link's 50 ms
poll), not Bluetooth: a real die adds its own radio and firmware delay, which was not measured.
"""
from __future__ import annotations

import argparse
import queue
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hardware.ble_dice import BleDiceLink, KnownDie  # noqa: E402
from tests.support.fake_ble import FakeBleBackend, godice, pixels  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throws", type=int, default=40)
    args = parser.parse_args()
    dice = [godice("F0:01"), godice("F0:02"), pixels("F0:03")]
    backend = FakeBleBackend(dice)
    rolls: queue.Queue = queue.Queue()
    link = BleDiceLink([KnownDie(d.address, d.name, d.kind) for d in dice], on_roll=rolls.put, backend=backend)
    with link:
        if not all(backend.connected(d.address) for d in dice):
            print("the fake dice did not connect", file=sys.stderr)
            return 1
        took = []
        for i in range(args.throws):
            faces = {d.address: 1 + (i + 2 * k) % 6 for k, d in enumerate(dice)}
            backend.throw(faces)
            start = time.monotonic()
            roll = rolls.get(timeout=10)
            took.append((time.monotonic() - start) * 1000)
            if roll.values != tuple(faces.values()):
                print(f"throw {i}: {roll.values} != {tuple(faces.values())}", file=sys.stderr)
                return 1
    print(f"{len(took)} rolls of 3 dice: median {statistics.median(took):.0f} ms, at most {max(took):.0f} ms "
          "after the last die landed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
