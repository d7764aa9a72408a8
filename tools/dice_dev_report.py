"""How the reader's raw scores separate right from wrong dice on one part of the split (development only).

For every die the reader keeps (``vision.look.look``) it records the locator score, the classifier's value probability and
"not a die" probability, and whether the candidate is a labelled die read right, a labelled die
read wrong, or no die at all. It prints, for a few confidence cut-offs, how many dice would be sure
and how many of those wrong: the figures used to choose ``vision.look``'s constants (on the dev
part, never the held-out one), what ``MAX_NOT_DIE_UNSURE`` would drop at a few values,
which sure dice ``SURE_MAX_NOT_DIE`` would make unsure and which boxes ``ODD_SIZED`` would drop.
``--scene`` reads the photos set into table clutter (tools/dice_clutter.py), upscaled 2x or 3x,
or through a tilted camera (tools/dice_tilted.py), ``--repeat`` times with other clutter or tilts.

    .venv/bin/python -m tools.dice_dev_report [--part dev] [--scene clutter --repeat 6]
"""
from __future__ import annotations

import argparse
import math

import cv2
import numpy as np

from tools.dice_clutter import cluttered
from tools.dice_data import Photo, load_photos
from tools.dice_tilted import tilt
from vision.boxes import ODD_SIZED, SURE_MAX_NOT_DIE
from vision.confidence import AGREED_DOUBT, SURE_LOCATOR_SCORE
from vision.die import CERTAIN
from vision.locate import _iou
from vision.look import MAX_NOT_DIE_UNSURE, look

SCENES = ("plain", "clutter", "x2", "x3", "tilted")


def scene_of(p: Photo, scene: str, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The photo as one of ``SCENES``: (frame, dice rows value, x, y, w, h)."""
    if scene == "clutter":
        return cluttered(p.image, p.dice, rng)
    if scene == "tilted":
        return tilt(p.image, p.dice, rng)
    if scene in ("x2", "x3"):
        f = int(scene[1])
        return cv2.resize(p.image, None, fx=f, fy=f, interpolation=cv2.INTER_CUBIC), p.dice * (1, f, f, f, f)
    return p.image, p.dice


def rows_for(part: str, scene: str = "plain", repeat: int = 1) -> tuple[np.ndarray, int]:
    """(candidates as rows [score, p_value, p_not_die, kind, agree, confidence, odd], number of
    labelled dice), every unsure die kept whatever its "not a die" probability and every sure one
    left sure (``SURE_MAX_NOT_DIE`` not applied), boxes of any size kept (nor ``ODD_SIZED``).

    kind: 1 = die read right, 0 = die read wrong, -1 = not a die (or a second box on one die).
    agree: 1 = the OpenCV pip count equals the classifier's value, 0 = it differs, -1 = no count.
    odd: the factor by which the box's size is off the median of the frame's other boxes that
    ``MAX_NOT_DIE_UNSURE`` keeps (1 or more, either way; 1 when there are fewer than two).
    """
    out, n_gt = [], 0
    photos = load_photos(part)
    for k in range(repeat):
        rng = np.random.default_rng(100 + k)
        for p in photos:
            img, dice = scene_of(p, scene, rng)
            n_gt += len(dice)
            out.extend(_rows(img, dice))
    return np.array(out).reshape(-1, 7), n_gt


def _rows(img: np.ndarray, dice: np.ndarray) -> list[tuple[float, ...]]:
    """The rows of ``rows_for`` for one frame with its labelled dice."""
    out = []
    seen = look(img, max_not_die_unsure=1.0, sure_max_not_die=1.0, odd_sized=math.inf)
    stays = [s.confidence >= CERTAIN or s.reading.p_not_die <= MAX_NOT_DIE_UNSURE for s in seen]
    sizes = np.array([s.size for s in seen])
    cands = [s.candidate for s in seen]
    reads = [s.reading for s in seen]
    used: set[int] = set()
    pairs = sorted(((_iou(tuple(g[1:]), c.box), i, j) for i, g in enumerate(dice)
                    for j, c in enumerate(cands)), reverse=True)
    kind = {j: -1 for j in range(len(cands))}
    taken: set[int] = set()
    for s, i, j in pairs:
        if s < 0.3:
            break
        if i not in used and j not in taken:
            used.add(i)
            taken.add(j)
            kind[j] = int(reads[j].value == int(dice[i][0]))
    for j, (c, r) in enumerate(zip(cands, reads)):
        n = seen[j].counted
        agree = -1 if n is None else int(n == r.value)
        others = [sz for i, sz in enumerate(sizes) if i != j and stays[i]]
        median = float(np.median(others)) if len(others) >= 2 else seen[j].size
        odd = max(seen[j].size / median, median / seen[j].size)
        out.append((c.score, r.p_value, r.p_not_die, kind[j], agree, seen[j].confidence, odd))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--part", default="dev", choices=["train", "dev"])
    ap.add_argument("--scene", default="plain", choices=SCENES)
    ap.add_argument("--repeat", type=int, default=1, help="read the part this many times (other clutter, tilts)")
    a = ap.parse_args()
    cv2.setNumThreads(1)
    rows, n_gt = rows_for(a.part, a.scene, a.repeat)
    score, pv, pn, kind, agree, conf_, odd = rows.T
    print(f"{a.part} {a.scene} x{a.repeat}: {n_gt} labelled dice, {len(rows)} candidates: {int((kind == 1).sum())} right, "
          f"{int((kind == 0).sum())} wrong value, {int((kind == -1).sum())} not a die")
    for max_not in (0.3, 0.5, 0.7):
        kept = pn <= max_not
        print(f"  keep p_not_die <= {max_not}: right {int(((kind == 1) & kept).sum())}  wrong "
              f"{int(((kind == 0) & kept).sum())}  not-a-die kept {int(((kind == -1) & kept).sum())}  "
              f"dice dropped {int(((kind >= 0) & ~kept).sum())}")
    for limit in sorted({0.2, 0.25, 0.35, 0.4, MAX_NOT_DIE_UNSURE}):
        gone = (conf_ < CERTAIN) & (pn > limit)
        mark = "  (MAX_NOT_DIE_UNSURE)" if limit == MAX_NOT_DIE_UNSURE else ""
        print(f"  drop unsure dice with p_not_die > {limit}: right {int((gone & (kind == 1)).sum())}  wrong "
              f"{int((gone & (kind == 0)).sum())}  not a die {int((gone & (kind == -1)).sum())}{mark}")
    for most in sorted({0.02, 0.03, 0.08, 0.1, SURE_MAX_NOT_DIE}):
        doubted = (conf_ >= CERTAIN) & (pn > most)
        mark = "  (SURE_MAX_NOT_DIE)" if most == SURE_MAX_NOT_DIE else ""
        print(f"  sure dice with p_not_die > {most} made unsure: right {int((doubted & (kind == 1)).sum())}  wrong "
              f"{int((doubted & (kind == 0)).sum())}  not a die {int((doubted & (kind == -1)).sum())}{mark}")
    for ratio in sorted({1.25, 1.4, 1.5, ODD_SIZED}):
        gone = (pn <= MAX_NOT_DIE_UNSURE) & (pn > SURE_MAX_NOT_DIE) & (odd > ratio)
        mark = "  (ODD_SIZED)" if ratio == ODD_SIZED else ""
        print(f"  doubted boxes {ratio}x off the others' size dropped: right {int((gone & (kind == 1)).sum())}  wrong "
              f"{int((gone & (kind == 0)).sum())}  not a die {int((gone & (kind == -1)).sum())}{mark}")
    kept = pn <= 0.5
    for a_, label in ((1, "agrees"), (0, "differs"), (-1, "none")):
        m = kept & (agree == a_) & (kind >= 0)
        print(f"  pip count {label}: {int(m.sum())} dice, {int((m & (kind == 1)).sum())} read right")
    for sure_score in sorted({0.2, 0.3, 0.4, SURE_LOCATOR_SCORE}):
        base = pv * np.minimum(1.0, score / sure_score)
        for name, conf in (("p", base), ("p+count", np.where(agree == 1, 1 - (1 - base) * AGREED_DOUBT, base))):
            for cut in (0.5, 0.6, 0.7, 0.8, 0.9):
                sure = kept & (conf >= cut)
                print(f"  locator {sure_score} {name:>8} >= {cut}: sure {int(sure.sum()):4d}  wrong "
                      f"{int((sure & (kind != 1)).sum()):3d} (value {int((sure & (kind == 0)).sum())}, "
                      f"not a die {int((sure & (kind == -1)).sum())})")
    bad = rows[(kind != 1) & kept]
    print("  kept and not right (score, p_value, p_not_die, kind):")
    for r in bad[np.argsort(-bad[:, 1])][:20]:
        print("   ", np.round(r, 3).tolist())


if __name__ == "__main__":
    main()
