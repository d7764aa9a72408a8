"""How read_dice holds up when dice are bigger or smaller in the frame (development only).

Reads the dev photos of the split (tools/dice_split.py; never the held-out ones) at their size,
shrunk to 0.6x, 0.5x and 0.4x and upscaled 2x, 3x and 4x, plus synthetic dice 60-260 px across
on random backgrounds, and prints per setting the share of dice read right and the number reported
sure but wrong. Used to choose the pyramid constants in ``vision.locate`` and ``READ_SIZE`` / ``ZOOM_FROM`` / ``SMALL_DIE`` in
``vision.reader``.

    .venv/bin/python -m tools.dice_scale_report
"""
from __future__ import annotations

import cv2
import numpy as np

from tools.dice_data import load_photos, synthetic_scene
from vision.locate import _iou
from vision.reader import read_dice


def score(gt: np.ndarray, dice: list, scale: float) -> tuple[int, int]:
    """(right, sure but wrong) by one-to-one IoU >= 0.3 matching."""
    pairs = sorted(((_iou(tuple(g[1:] * scale), d.box), i, j) for i, g in enumerate(gt)
                    for j, d in enumerate(dice)), reverse=True)
    used_g, val = set(), {}
    for s, i, j in pairs:
        if s < 0.3:
            break
        if i not in used_g and j not in val:
            used_g.add(i)
            val[j] = int(gt[i][0])
    right = sum(1 for j, v in val.items() if dice[j].value == v)
    wrong = sum(1 for j, d in enumerate(dice) if d.certain and val.get(j) != d.value)
    return right, wrong


def main() -> None:
    photos = load_photos("dev")
    for f in (0.4, 0.5, 0.6, 1, 2, 3, 4):
        n = right = wrong = pred = sure = 0
        for p in photos[:: (1 if f < 4 else 4)]:
            how = cv2.INTER_CUBIC if f > 1 else cv2.INTER_AREA
            img = p.image if f == 1 else cv2.resize(p.image, None, fx=f, fy=f, interpolation=how)
            dice = read_dice(img)
            r, w = score(p.dice, dice, f)
            n, right, wrong = n + len(p.dice), right + r, wrong + w
            pred, sure = pred + len(dice), sure + sum(d.certain for d in dice)
        print(f"dev photos x{f}: read {right}/{n} ({100 * right / n:.1f}%), reported {pred}, "
              f"sure {sure}, sure but wrong {wrong}")
    rng = np.random.default_rng(7)
    for lo, hi in ((60, 110), (110, 180), (180, 260)):
        n = right = wrong = 0
        for _ in range(6):
            img, rows = synthetic_scene(720, 960, rng, (lo, hi), n_max=6)
            r, w = score(rows, read_dice(img), 1.0)
            n, right, wrong = n + len(rows), right + r, wrong + w
        print(f"synthetic {lo}-{hi} px: read {right}/{n} ({100 * right / max(n, 1):.1f}%), sure but wrong {wrong}")


if __name__ == "__main__":
    main()
