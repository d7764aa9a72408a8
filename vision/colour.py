"""Die face colours: what a die looks like apart from its pips, and which colours are alike.

Pure functions on arrays. Colours are CIE Lab on OpenCV's 8-bit scale (L, a, b each 0..255, a and
b neutral at 128), so they are plain integers a settings file can hold. Lightness counts half in a
distance: the same die is lighter under a lamp and darker in the shade of the tray's rim, while its
hue stays.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

import cv2
import numpy as np

Colour = tuple[int, int, int]

#: The share of a die box cut off each side before its colour is taken (the table at the corners).
INSET = 0.15
#: At most this many pixels a side are sampled (a die of a 12 MP frame costs what a small one does).
SAMPLES = 24
#: How much a difference in lightness counts in a ``distance`` (the same die is lighter under a lamp).
LIGHTNESS_WEIGHT = 0.5
#: Two faces this far apart (``distance``) are of different dice (chosen with
#: tools/dice_colour_report.py: of the dev part's sure dice read right, 1.7 % lie farther than this
#: from every colour learnt on the other photos of their session, against 8 % at 20; on the train
#: part 0.1 %).
TOLERANCE = 30.0


def face_colour(bgr: np.ndarray, box: Sequence[float]) -> Colour:
    """The colour of the die in ``box`` (x, y, w, h) of a BGR uint8 frame: the median Lab of its
    middle (``INSET`` off each side), where the face fills most pixels and the pips are a minority
    (the median ignores them). A box off the frame gives the colour of its part inside."""
    h, w = bgr.shape[:2]
    x, y, bw, bh = (float(v) for v in box)
    x0, y0 = int(np.clip(x + bw * INSET, 0, w - 1)), int(np.clip(y + bh * INSET, 0, h - 1))
    x1 = int(np.clip(np.ceil(x + bw * (1 - INSET)), x0 + 1, w))
    y1 = int(np.clip(np.ceil(y + bh * (1 - INSET)), y0 + 1, h))
    sx, sy = max(1, (x1 - x0) // SAMPLES), max(1, (y1 - y0) // SAMPLES)
    roi = np.ascontiguousarray(bgr[y0:y1:sy, x0:x1:sx])
    lab = cv2.cvtColor(roi, cv2.COLOR_BGR2LAB).reshape(-1, 3)
    m = np.median(lab, axis=0)
    return int(m[0]), int(m[1]), int(m[2])


def to_rgb(colour: Sequence[float]) -> tuple[int, int, int]:
    """The colour (Lab, OpenCV's 8-bit scale) as 8-bit sRGB (red, green, blue), for showing it."""
    lab = np.clip(np.array([[colour]], np.float64), 0, 255).astype(np.uint8)
    b, g, r = cv2.cvtColor(lab, cv2.COLOR_LAB2BGR)[0, 0]
    return int(r), int(g), int(b)


def distance(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray) -> float:
    """How far apart two colours are: Lab distance with lightness counted half."""
    dl, da, db = (float(p) - float(q) for p, q in zip(a, b))
    return float(np.sqrt((LIGHTNESS_WEIGHT * dl) ** 2 + da * da + db * db))


def nearest(colour: Sequence[float], known: Iterable[Sequence[float]]) -> float:
    """The distance from ``colour`` to the nearest of ``known`` (infinite when none is known)."""
    return min((distance(colour, k) for k in known), default=float("inf"))


def groups(colours: Iterable[Sequence[float]], tolerance: float = TOLERANCE) -> list[Colour]:
    """The colours of a set of dice, one per group of alike faces: each colour joins the first
    group whose mean lies within ``tolerance`` (the mean then moves to it) or starts a new one.
    Returns the groups' mean colours, biggest group first."""
    sums: list[np.ndarray] = []
    counts: list[int] = []
    for c in colours:
        v = np.asarray(c, np.float64)
        for i, (s, n) in enumerate(zip(sums, counts)):
            if distance(v, s / n) <= tolerance:
                sums[i], counts[i] = s + v, n + 1
                break
        else:
            sums.append(v.copy())
            counts.append(1)
    order = sorted(range(len(sums)), key=lambda i: -counts[i])
    means = [sums[i] / counts[i] for i in order]
    return [(round(float(m[0])), round(float(m[1])), round(float(m[2]))) for m in means]
