"""How well die face colours tell the table's dice from other things (development only): the
figures ``vision.colour.TOLERANCE`` was chosen on.

For each photo of a part of the fixed split (tools/dice_split.py; ``dev`` by default), set
beside table clutter (tools/dice_clutter.py), the colours are learnt as a calibration learns them
(``vision.calibrate.learn_die_colours``) from the sure dice read on the other photos of its session
(the photos whose names share the part before the last ``_``: the same day's dice, as a player
rolls all the game's dice while calibrating; only those on dice, as a calibration reads the tray
alone), and the photo is read with them, at each tolerance:

- *right dice asked*: sure dice read right that colour would report unsure (the cost: a question);
- *wrong dice asked*: sure dice that are wrong or no die (a box on clutter set beside the photo,
  tools/dice_clutter.py) that colour reports unsure (the gain).

    .venv/bin/python -m tools.dice_colour_report [--part dev]
"""
from __future__ import annotations

import argparse

import cv2
import numpy as np

from tools.dice_clutter import cluttered
from tools.dice_data import load_photos, match_dice
from vision.calibrate import learn_die_colours
from vision.colour import nearest
from vision.reader import read_dice

TOLERANCES = (15.0, 20.0, 25.0, 30.0, 35.0, 40.0, 50.0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--part", default="dev")
    a = ap.parse_args()
    cv2.setNumThreads(1)
    rng = np.random.default_rng(7)
    photos = sorted(load_photos(a.part), key=lambda p: p.name)
    reads = []
    for p in photos:
        img, rows = cluttered(p.image, p.dice, rng)
        dice = read_dice(img)
        reads.append((p.name.rsplit("_", 1)[0], dice, rows, match_dice(rows, [d.box for d in dice])))
    right: list[float] = []                     # nearest learnt colour of each sure right die
    wrong: list[float] = []                     # ... of each sure die that is wrong or no die
    for i, (session, dice, rows, pairs) in enumerate(reads):
        learnt = learn_die_colours([[d for j, d in enumerate(o) if j in op]
                                    for k, (s, o, _, op) in enumerate(reads) if s == session and k != i])
        if not learnt:
            continue
        for j, d in enumerate(dice):
            if d.certain and d.colour is not None:
                ok = j in pairs and int(rows[pairs[j], 0]) == d.value
                (right if ok else wrong).append(nearest(d.colour, learnt))
    print(f"{a.part}: {len(photos)} photos; sure dice right {len(right)}, sure and wrong or no die {len(wrong)}")
    print(f"{'tolerance':>10}{'right dice asked':>18}{'wrong dice asked':>18}")
    for t in TOLERANCES:
        r = sum(v > t for v in right)
        w = sum(v > t for v in wrong)
        print(f"{t:>10.0f}{r:>10} ({100 * r / max(1, len(right)):4.1f}%){w:>10} ({100 * w / max(1, len(wrong)):4.1f}%)")


if __name__ == "__main__":
    main()
