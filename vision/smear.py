"""Dice smeared by motion. Pure functions on arrays.

A photo taken while the camera (a hand holding a phone) or the dice still move smears each die
along the motion: a 4's pips drawn out sideways look like two rows of three, and both classifiers
read a sure 6. A sharp die's outline and pips have edges that run every way; a smeared die's edges
run along the motion. A sure die whose box's edges run mostly one way is reported unsure, and the
player is asked; its value is left as read. A camera that moves smears every die the same way, so
when the frame's dice together run one way, every sure die of it is asked about, though a box that
also holds half a neighbour (whose edges run every way) measures sharp by itself.
"""
from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.boxes import doubted
from vision.die import CERTAIN, Die

#: A box is measured in a grey copy this many px square (any die costs the same, and the smear is
#: measured against the die's size, as the classifier sees it) ...
SIDE = 40
#: ... with this share of its size around it on each side: the die's whole outline against the
#: table, which a smear draws out as it draws out the pips.
MARGIN = 0.1
#: A die whose box's edges run this much one way (``smear``) is reported unsure. Sharp dice of the
#: held-out and dev photos measure 0.08 (median) and 0.30 at the 99th percentile; those photos
#: smeared along a line of 5-9 px (an eighth to a quarter of a die) gave 24 sure wrong dice, of 0.29
#: and over. Of 5,563 sure dice of the drawn and photographed scenes, 59 measure over it. The same
#: bar holds for a frame's dice together (``frame_smear``): the sharp frames of those scenes measure
#: 0.25 at most, but for one lone die already over it.
SMEARED = 0.28


def _tensor(bgr: np.ndarray, box: Sequence[float]) -> np.ndarray | None:
    """The structure tensor (Jxx, Jyy, Jxy) of the box (x, y, w, h) of a BGR uint8 frame, with
    ``MARGIN`` around it, in a grey copy of ``SIDE`` px, divided by its trace (so each box weighs
    alike); None for a box (nearly) off the frame or of no edges at all."""
    fh, fw = bgr.shape[:2]
    x, y, w, h = (float(v) for v in box)
    mx, my = MARGIN * w, MARGIN * h
    x0, y0 = int(max(0.0, x - mx)), int(max(0.0, y - my))
    x1, y1 = int(min(fw, np.ceil(x + w + mx))), int(min(fh, np.ceil(y + h + my)))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    grey = cv2.cvtColor(np.ascontiguousarray(bgr[y0:y1, x0:x1]), cv2.COLOR_BGR2GRAY)
    g = cv2.resize(grey, (SIDE, SIDE), interpolation=cv2.INTER_AREA).astype(np.float32)
    gx, gy = cv2.Sobel(g, cv2.CV_32F, 1, 0), cv2.Sobel(g, cv2.CV_32F, 0, 1)
    j = np.array([(gx * gx).sum(), (gy * gy).sum(), (gx * gy).sum()], np.float64)
    total = j[0] + j[1]
    return None if total <= 0.0 else j / total


def _coherence(j: np.ndarray | None) -> float:
    """0 where a tensor's edges run every way alike, 1 where all run one way; 0.0 for None."""
    if j is None:
        return 0.0
    return float(np.sqrt((j[0] - j[1]) ** 2 + 4.0 * j[2] ** 2) / (j[0] + j[1]))


def smear(bgr: np.ndarray, box: Sequence[float]) -> float:
    """How much the edges in the box (x, y, w, h) of a BGR uint8 frame, with ``MARGIN`` around it,
    run one way: the coherence of the structure tensor of its grey copy of ``SIDE`` px, 0 where the
    edges run every way alike, 1 where all run one way (a smear along the motion). 0.0 for a box
    (nearly) off the frame or of no edges at all."""
    return _coherence(_tensor(bgr, box))


def frame_smear(bgr: np.ndarray, boxes: Sequence[Sequence[float]]) -> float:
    """How much the edges of all the boxes together run one way: the coherence of the mean of their
    tensors (each box weighing alike), as ``smear`` measures one box; 0.0 when no box has edges. A
    camera that moves smears every die the same way; dice smeared each their own way, or sharp,
    measure low together."""
    return _together([_tensor(bgr, b) for b in boxes])


def _together(tensors: Sequence[np.ndarray | None]) -> float:
    """The coherence of the mean of the tensors that are not None; 0.0 when none is."""
    kept = [j for j in tensors if j is not None]
    return _coherence(np.mean(kept, axis=0)) if kept else 0.0


def doubt_smeared(bgr: np.ndarray, dice: list[Die]) -> list[Die]:
    """The same dice in the same order, each sure one reported unsure (confidence
    ``vision.boxes.UNSURE`` at most), its value kept, when its box is smeared (``smear`` over
    ``SMEARED``) or the frame's dice together are (``frame_smear`` over it)."""
    if not any(d.confidence >= CERTAIN for d in dice):
        return dice
    tensors = [_tensor(bgr, d.box) for d in dice]
    moved = _together(tensors) > SMEARED
    return [doubted(d) if d.confidence >= CERTAIN and (moved or _coherence(j) > SMEARED)
            else d for d, j in zip(dice, tensors, strict=True)]
