"""What the first read of a process costs, with and without ``vision.warm.warm_up`` before it.

    .venv/bin/python benchmarks/first_read.py [--runs 5]

Each run starts a fresh process (one core, ``cv2.setNumThreads(1)``) that decodes a photo of
../shared/dice/nellbyler_d6_train (outside the clock), optionally warms up (timed on its own), then
reads the photo twice; at 640x640 and set into a 12 MP (4000x3000) table frame at its own size
(``dice_scenes.scaled_into``, as the ``12mp small`` scene sets it). Prints the medians over the
runs, ms: the warm-up, the first read and the second. ``read-dice`` and the app's reader
thread warm up before their first frame, so a photo's reported time is its read alone.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
PHOTO = ROOT.parent / "shared" / "dice" / "nellbyler_d6_train" / "images" / "IMG_20191208_111228.jpg"

CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
import cv2, numpy as np
cv2.setNumThreads(1)
from vision.reader import read_dice
from vision.warm import warm_up
img = cv2.imread({photo!r}, cv2.IMREAD_COLOR)
if {big}:
    from benchmarks.dice_scenes import scaled_into
    img = scaled_into(img, np.zeros((0, 5)), 1.0, (4000, 3000), np.random.default_rng(0))[0]
out = {{}}
if {warm}:
    t = time.perf_counter(); warm_up(); out["warm"] = (time.perf_counter() - t) * 1000
for k in ("first", "second"):
    t = time.perf_counter(); read_dice(img); out[k] = (time.perf_counter() - t) * 1000
print(json.dumps(out))
"""


def run(big: bool, warm: bool) -> dict[str, float]:
    """One fresh process's figures."""
    code = CHILD.format(root=str(ROOT), photo=str(PHOTO), big=big, warm=warm)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          timeout=300)
    return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    runs = ap.parse_args().runs
    for big in (False, True):
        for warm in (False, True):
            got = [run(big, warm) for _ in range(runs)]
            figures = "  ".join(f"{k} {np.median([g[k] for g in got]):.1f}" for k in got[0])
            print(f"{'12 MP' if big else '640x640'} {'warmed up' if warm else 'cold':9}  {figures}  ms")


if __name__ == "__main__":
    main()
