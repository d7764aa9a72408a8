#!/usr/bin/env python3
"""Settle detection figures: the per-frame cost on 640×480 frames, and how soon a throw is reported.

    .venv/bin/python benchmarks/settle_bench.py [--throws 5] [--dice 3] [--seed 1] [--reader real|stand-in]

Runs on one core (``cv2.setNumThreads(1)``), as the per-frame budget (5 ms) is meant.

1. ``frame``: milliseconds per :meth:`SettleDetector.feed` with a reader that costs nothing (so only
   the per-frame motion check counts), over every frame of every throw (moving and still demo dice);
   each frame's figure is the best of 3 passes, as other work on a shared machine only adds time.
2. ``latency``: demo throws played back at 30 fps in simulated real time. Processing a frame takes as
   long as it really took here (including the dice reader on still pictures); frames that arrive while
   the detector is busy are dropped, keeping the newest, as the camera worker does. Latency is the time
   from the moment the dice lie still to the moment the report would be in the app's hands.
   ``--reader real`` uses ``vision.reader.read_dice``; ``stand-in`` sleeps ``--stand-in-ms`` and answers
   with the demo's own values (for timing only: its answers say nothing about reading).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from hardware.demo_dice import DemoDice  # noqa: E402
from vision.die import Die  # noqa: E402
from vision.settle import SettleDetector  # noqa: E402

FPS = 30.0


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def record(throws: int, dice: int, seed: int) -> tuple[list[tuple[float, np.ndarray]], list[tuple]]:
    """Frames of ``throws`` demo throws (2.5 s each at 30 fps), and (rest time, sorted values, the demo's
    own dice) per throw."""
    clock = Clock()
    cam = DemoDice(dice, rng=seed, clock=clock)
    frames, rests = [], []
    for _ in range(throws):
        values = cam.roll()
        rests.append((cam.rests_at(), tuple(sorted(values)), tuple(cam.truth())))
        for _ in range(int(2.5 * FPS)):
            frames.append((clock.t, cam.read()))
            clock.t += 1 / FPS
    return frames, rests


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    f = int(k)
    return xs[f] + (xs[min(f + 1, len(xs) - 1)] - xs[f]) * (k - f)


def frame_cost(frames: list[tuple[float, np.ndarray]], passes: int = 3) -> list[float]:
    """ms per feed for each frame, the best of ``passes`` passes (other work on a shared machine only ever
    adds time), with a reader that costs nothing, so that only the cheap per-frame part counts."""
    best = [float("inf")] * len(frames)
    for _ in range(passes):
        det = SettleDetector(read=lambda image: [])
        for k, (t, frame) in enumerate(frames):
            start = time.perf_counter()
            det.feed(frame, t)
            best[k] = min(best[k], (time.perf_counter() - start) * 1000)
    return best


def simulate(frames, rests, read, on_frame=lambda t: None) -> list[tuple[float, float, tuple, tuple]]:
    """Play the frames in simulated real time; [(rest time, report time, rolled, read)] per report.
    ``on_frame(t)`` is called before each frame is fed."""
    det = SettleDetector(read=read)
    free_at, i, out = 0.0, 0, []
    while i < len(frames):
        while i + 1 < len(frames) and frames[i + 1][0] <= free_at:
            i += 1  # dropped: a newer frame arrived while the detector was busy
        t, frame = frames[i]
        on_frame(t)
        start = time.perf_counter()
        settled = det.feed(frame, t)
        free_at = max(free_at, t) + (time.perf_counter() - start)
        if settled is not None:
            rest, values, _ = max((r for r in rests if r[0] <= settled.t), key=lambda r: r[0])
            out.append((rest, free_at, values, settled.values))
        i += 1
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--throws", type=int, default=5)
    ap.add_argument("--dice", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reader", choices=("real", "stand-in"), default="real")
    ap.add_argument("--stand-in-ms", type=float, default=60.0)
    a = ap.parse_args()
    cv2.setNumThreads(1)
    frames, rests = record(a.throws, a.dice, a.seed)
    ms = frame_cost(frames)
    print(f"frame      {len(ms)} frames 640x480, 1 thread, best of 3 passes: "
          f"median {statistics.median(ms):.2f} ms  "
          f"p90 {percentile(ms, 0.9):.2f} ms  max {max(ms):.2f} ms  (budget 5 ms)")
    on_frame = lambda t: None
    if a.reader == "real":
        from vision.reader import read_dice as read
        label = "vision.reader.read_dice"
        sample = frames[int(2.4 * FPS)][1]
        start = time.perf_counter()
        read(sample)
        print(f"reader     one 640x480 demo frame: {(time.perf_counter() - start) * 1000:.1f} ms")
    else:
        throw: dict[str, tuple] = {"dice": ()}

        def read(image: np.ndarray) -> list[Die]:
            time.sleep(a.stand_in_ms / 1000)
            return [Die(d.value, d.box, 1.0) for d in throw["dice"]]

        def on_frame(t: float) -> None:  # the stand-in answers for the throw on the table at time t
            thrown = [r for r in rests if r[0] - 1.5 <= t]
            throw["dice"] = thrown[-1][2] if thrown else ()

        label = f"stand-in reader sleeping {a.stand_in_ms:g} ms"
    reports = simulate(frames, rests, read, on_frame)
    lat = [(report - rest) * 1000 for rest, report, _, _ in reports]
    print(f"latency    {label}, {a.throws} throws of {a.dice} dice at 30 fps: {len(reports)} reports; "
          + (f"median {statistics.median(lat):.0f} ms  max {max(lat):.0f} ms after the dice lie still "
             "(target 300 ms)" if lat else "no report"))
    if a.reader == "real":
        right = sum(rolled == got for _, _, rolled, got in reports)
        print(f"values     {right} of {len(reports)} reports read the values thrown")
    return 0


if __name__ == "__main__":
    sys.exit(main())
