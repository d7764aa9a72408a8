"""Count the pips of one die with plain OpenCV: a second opinion beside the pip classifier.

The die's box is cut out and scaled to a fixed size, so pip sizes are in known proportion to
it whatever the die's size in the frame. Pips are the small round spots that differ from the face
around them: a black-hat (dark pips) or top-hat (light pips) transform picks them out, and blobs
of the right area and roundness near the middle of the box are counted. The count is only
returned when one polarity gives a clean answer (1-6 blobs of similar size); the reader uses it to
confirm the classifier, never to overrule it.
"""
from __future__ import annotations

import cv2
import numpy as np

from vision.classify import crop_square

#: Side of the normalised die crop, px.
SIDE = 64
#: Expected pip area range in the normalised crop (the top face spans most of it).
PIP_AREA = (10.0, 200.0)
#: Least roundness (blob area over the area of its enclosing circle).
MIN_ROUND = 0.45
#: A pixel is pip when its contrast is at least this share of the strongest in the middle of the box
#: (all pips of one face are about equally dark or light).
REL_THRESHOLD = 0.5
#: Least pip contrast against the face, grey levels.
MIN_CONTRAST = 18.0


def _blobs(resp: np.ndarray) -> list[tuple[float, float, float]]:
    """(area, cx, cy) of the round, pip-sized blobs of one contrast map."""
    m0, m1 = int(SIDE * 0.15), int(SIDE * 0.85)
    thr = max(REL_THRESHOLD * float(resp[m0:m1, m0:m1].max()), MIN_CONTRAST)
    mask = (resp > thr).astype(np.uint8)
    n, _, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
    out = []
    lo, hi = SIDE * 0.12, SIDE * 0.88
    for i in range(1, n):
        _x, _y, w, h, area = stats[i]
        cx, cy = cents[i]
        if not (PIP_AREA[0] <= area <= PIP_AREA[1] and lo <= cx <= hi and lo <= cy <= hi):
            continue
        r = max(w, h) / 2
        if area / (np.pi * r * r) >= MIN_ROUND and max(w, h) <= 2.2 * min(w, h):
            out.append((float(area), float(cx), float(cy)))
    return out


def _clean(blobs: list[tuple[float, float, float]]) -> bool:
    """1-6 blobs of similar size: the look of a die face."""
    if not 1 <= len(blobs) <= 6:
        return False
    areas = np.array([b[0] for b in blobs])
    return bool(areas.max() <= 2.5 * areas.min())


def count_pips(bgr: np.ndarray, box: tuple[float, float, float, float]) -> int | None:
    """The number of pips on the die in ``box`` (x, y, w, h) of a BGR frame, or None if unsure."""
    x, y, w, h = box
    crop = crop_square(bgr, x + w / 2, y + h / 2, max(w, h), out=SIDE)
    gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    gray = cv2.GaussianBlur(gray, (3, 3), 0)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (17, 17))
    dark = _blobs(cv2.morphologyEx(gray, cv2.MORPH_BLACKHAT, k))
    light = _blobs(cv2.morphologyEx(gray, cv2.MORPH_TOPHAT, k))
    ok = [b for b in (dark, light) if _clean(b)]
    if len(ok) != 1:
        return None
    return len(ok[0])
