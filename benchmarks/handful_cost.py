"""What reading touching dice again with the handful locator costs (development only).

Reads each photo of ../shared/dice/nellbyler_d6_train, and each frame of the calibrated scenes of
benchmarks/dice_scenes.py, twice in turn on one core: once as the reader does, once with the
handful re-read switched off (``vision.look.boxes_touch``, which ``vision.look.handful_wanted``
asks, saying no dice touch), so that both see the same machine load;
prints the CPU ms of each and how many frames were read again.

    .venv/bin/python benchmarks/handful_cost.py [--limit N]
"""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.dice_scenes import calibrate, scenes
from tools.dice_data import load_photos
from vision import look, reader
from vision.calibrate import Calibration
from vision.die import Die


def timed_read(img: np.ndarray, cal: Calibration | None) -> tuple[float, list[Die]]:
    """The CPU ms of one read of ``img``, and the dice read."""
    t0 = time.process_time()
    dice = reader.read_dice(img, cal)
    return (time.process_time() - t0) * 1000, dice


def frames(limit: int | None) -> Iterator[tuple[str, np.ndarray, Calibration | None]]:
    """(part, frame, calibration) of every photo and calibrated scene frame."""
    for part in ("train", "dev", "heldout"):
        for p in load_photos(part)[:limit]:
            yield "photos", p.image, None
    for kind in ("calibrated", "calibrated 12mp"):
        for img, rows, tray, before in scenes(kind, limit):
            assert tray is not None
            yield kind, img, calibrate(img if before is None else before, rows, tray, kind)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=int, default=None, help="photos per part and frames per scene")
    a = ap.parse_args()
    cv2.setNumThreads(1)
    real = look.boxes_touch
    times: dict[str, tuple[list[float], list[float], list[bool]]] = {}
    for part, img, cal in frames(a.limit):
        on, off, again = times.setdefault(part, ([], [], []))
        look.boxes_touch = real
        ms, dice = timed_read(img, cal)
        on.append(ms)
        again.append(look.touching(dice))
        look.boxes_touch = lambda _: False      # type: ignore[assignment]
        off.append(timed_read(img, cal)[0])
    look.boxes_touch = real
    print(f"{'part':18} {'frames':>6} {'dice touch':>10} {'ms with':>8} {'without':>8} {'p90 with':>9} {'without':>8}")
    for part, (on, off, again) in times.items():
        print(f"{part:18} {len(on):6d} {np.mean(again):10.0%} {np.median(on):8.1f} {np.median(off):8.1f} "
              f"{np.percentile(on, 90):9.1f} {np.percentile(off, 90):8.1f}")


if __name__ == "__main__":
    main()
