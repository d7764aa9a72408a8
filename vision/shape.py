"""The outline of what lies in a die box: a die's top face is a (rounded) square, seen at any turn
or tilt as a four-cornered shape; a round token, a counter or a coin with a dot is a disc, and seen
at an angle an ellipse. Pure functions on arrays.

``roundness`` fits an ellipse to the outline of the face (the region around the box's middle whose
colour is nearer the face's than the surround's, taken whole by its convex hull) and says how
far the outline strays from it: about 1.05 for a disc or an ellipse, 1.13 and more for a die (a
square's corners stick out of any ellipse). A face that cannot be told from its surround has no
outline, and so no roundness.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.boxes import Seen, doubted
from vision.colour import LIGHTNESS_WEIGHT
from vision.die import CERTAIN

#: Below this roundness the box holds a disc, not a die: the two round tokens the reader reports
#: in the clutter scene of ``benchmarks/dice_scenes.py`` (one of them as a sure 1) are 1.054 and
#: 1.056; of every die it reports in the 200 labelled photos and in twelve scenes (plain, shrunk to
#: 0.5x and 0.4x, enlarged, 12 MP, tilted, in clutter; drawn dice tilted with their side faces,
#: translucent, with emblems, on clutter), sure or not, the roundest is 1.13.
DISC = 1.10
#: The box is looked at with this share of its size around it, as the surround.
MARGIN = 0.3
#: ... from a copy this many pixels across (any die costs the same).
SIDE = 64
#: Face and surround closer than this (``vision.colour.distance``) cannot be told apart.
MIN_SEPARATION = 20.0
#: The face's outline must cover this share of the box (less: a pip or a part; more: the face ran
#: into its surround).
AREA_SHARE = (0.4, 1.5)


def _lab(bgr: np.ndarray) -> np.ndarray:
    """Lab as float, lightness weighted as ``vision.colour.distance`` counts it, so that plain
    Euclidean distances between its pixels are those distances."""
    lab = cv2.cvtColor(cv2.GaussianBlur(bgr, (3, 3), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    lab[..., 0] *= LIGHTNESS_WEIGHT
    return lab


@dataclass(frozen=True)
class Look:
    """The box of a die and its surround, in a copy ``SIDE`` pixels across: ``lab`` (``_lab``), the
    box's middle (the inner 0.6 of each side) and the surround (beyond the box) as masks, the box's
    centre and size there, and the median colours ``face`` (of the middle) and ``back``."""

    lab: np.ndarray
    middle: np.ndarray
    surround: np.ndarray
    centre: tuple[float, float]
    size: tuple[float, float]
    face: np.ndarray
    back: np.ndarray


def look_at(bgr: np.ndarray, box: Sequence[float], margin: float = MARGIN) -> Look | None:
    """The ``Look`` of ``box`` (x, y, w, h) in a BGR uint8 frame, with ``margin`` of its size around
    it; None where the box's middle or its surround is (nearly) off the frame."""
    fh, fw = bgr.shape[:2]
    x, y, w, h = (float(v) for v in box)
    m = max(w, h) * margin
    x0, y0 = int(max(0, x - m)), int(max(0, y - m))
    x1, y1 = int(min(fw, np.ceil(x + w + m))), int(min(fh, np.ceil(y + h + m)))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    s = SIDE / max(x1 - x0, y1 - y0)
    crop = cv2.resize(np.ascontiguousarray(bgr[y0:y1, x0:x1]), (max(4, round((x1 - x0) * s)), max(4, round((y1 - y0) * s))),
                      interpolation=cv2.INTER_AREA)
    lab = _lab(crop)
    bx, by, bw, bh = (x - x0) * s, (y - y0) * s, w * s, h * s
    cx, cy = bx + bw / 2, by + bh / 2
    middle = np.zeros(lab.shape[:2], bool)
    middle[max(0, int(cy - 0.3 * bh)):int(cy + 0.3 * bh) + 1, max(0, int(cx - 0.3 * bw)):int(cx + 0.3 * bw) + 1] = True
    surround = np.ones(lab.shape[:2], bool)
    surround[max(0, int(by) - 1):int(by + bh) + 2, max(0, int(bx) - 1):int(bx + bw) + 2] = False
    if not middle.any() or surround.sum() < 20:
        return None
    return Look(lab, middle, surround, (cx, cy), (bw, bh), np.median(lab[middle], axis=0), np.median(lab[surround], axis=0))


def outline(bgr: np.ndarray, box: Sequence[float]) -> np.ndarray | None:
    """The outline (an OpenCV contour, in a copy ``SIDE`` pixels across) of the face in ``box`` (x, y,
    w, h) of a BGR uint8 frame: the convex hull of the region nearer in colour to the box's middle than
    to its surround that holds the box's centre (so pips and marks, inside it or at its rim, do not
    count). None where face and surround are alike, the surround is off the frame, or the region is
    not about the box's size."""
    return _outline(look_at(bgr, box))


def _outline(got: Look | None) -> np.ndarray | None:
    """``outline`` of a box's ``look_at``."""
    if got is None or float(np.linalg.norm(got.face - got.back)) < MIN_SEPARATION:
        return None
    lab, face, back, (cx, cy), (bw, bh) = got.lab, got.face, got.back, got.centre, got.size
    to_face, to_back = lab - face, lab - back           # squared distances order as the distances do
    mask = (np.einsum("ijk,ijk->ij", to_face, to_face) < np.einsum("ijk,ijk->ij", to_back, to_back)).astype(np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    holding = [c for c in contours if cv2.pointPolygonTest(c, (float(cx), float(cy)), False) >= 0]
    if not holding:
        return None
    best = max(holding, key=cv2.contourArea)
    lo, hi = AREA_SHARE
    if len(best) < 12 or not lo * bw * bh <= cv2.contourArea(best) <= hi * bw * bh:
        return None
    hull = np.zeros_like(mask)                      # a pip or a mark at the rim notches the outline
    cv2.fillPoly(hull, [cv2.convexHull(best)], (1,))
    contours, _ = cv2.findContours(hull, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return max(contours, key=cv2.contourArea)


def roundness(bgr: np.ndarray, box: Sequence[float]) -> float | None:
    """How far the face's ``outline`` strays from the ellipse fitted to it: the ratio of its far to
    its near points in the ellipse's own scale (98th over 2nd percentile, so a stray pixel does not
    count). About 1.0 for a disc; None where there is no outline."""
    return _roundness(look_at(bgr, box))


def _roundness(got: Look | None) -> float | None:
    """``roundness`` of a box's ``look_at``."""
    contour = _outline(got)
    if contour is None:
        return None
    (ex, ey), (ea, eb), angle = cv2.fitEllipse(contour)
    if min(ea, eb) <= 0:
        return None
    t = np.deg2rad(angle)
    p = contour.reshape(-1, 2).astype(np.float64) - (ex, ey)
    u = p[:, 0] * np.cos(t) + p[:, 1] * np.sin(t)
    v = -p[:, 0] * np.sin(t) + p[:, 1] * np.cos(t)
    rho = np.sqrt((u / (ea / 2)) ** 2 + (v / (eb / 2)) ** 2)
    near, far = (float(q) for q in np.percentile(rho, (2, 98)))
    return far / near if near > 0 else None


def doubt_discs(bgr: np.ndarray, seen: list[Seen]) -> list[Seen]:
    """The same dice less those whose face is a disc (``roundness`` under ``DISC``): one reported
    sure is kept as unsure (a round token with a dot is read as a sure 1 by the pips alone, and the
    player is asked), one already unsure is dropped (the classifier doubted it and its outline is no
    die's: a token or a coin beside the dice)."""
    return doubt_shapes(bgr, seen, blank=False)


def is_disc(got: Look | None) -> bool:
    """Whether the face of a box's ``look_at`` is a disc (``roundness`` under ``DISC``)."""
    r = _roundness(got)
    return r is not None and r < DISC


#: A box whose middle is the colour of its surround (``vision.colour.distance`` under this) shows the
#: table, not a die's face: lint, a crumb or a glint on a dark cloth, boxed as a die and read as a 1
#: or a 2 by its light speck. In the ``thrown on black`` scene (120 frames) the five such boxes read
#: as sure dice are 0 from their surround; the dice read right that are nearest are 3 (a dark drawn die
#: on a table of its colour) and then 7.
BLANK_FACE = 2.5
#: ... and whose marks are light ones: the lightest of its middle (98th percentile) this much
#: lighter (Lab lightness, 0-255) than its median, and more so than its darkest (2nd) is darker.
LIGHT_MARK = 30.0


def blank_face(bgr: np.ndarray, box: Sequence[float]) -> bool:
    """Whether ``box`` (x, y, w, h) of a BGR uint8 frame holds no face but the table with a light
    mark on it: its middle is its surround's colour (``BLANK_FACE``) and its marks are lighter
    (``LIGHT_MARK``). A dark die with light pips on a table of its own colour looks the same, and
    is rightly asked about: nothing in the frame tells it from the table."""
    return is_blank(look_at(bgr, box))


def is_blank(got: Look | None) -> bool:
    """``blank_face`` of a box's ``look_at``."""
    if got is None or float(np.linalg.norm(got.face - got.back)) >= BLANK_FACE:
        return False
    light = got.lab[..., 0][got.middle] / LIGHTNESS_WEIGHT
    median = float(np.median(light))
    lightest, darkest = float(np.percentile(light, 98)) - median, median - float(np.percentile(light, 2))
    return lightest >= LIGHT_MARK and lightest > darkest


def doubt_blank_faces(bgr: np.ndarray, seen: list[Seen]) -> list[Seen]:
    """The same dice less those whose box is a ``blank_face``: one reported sure is kept as unsure
    (a dark die with light pips on a table of its colour is asked about), one already unsure is
    dropped (lint the classifier doubted too). In the scenes of ``benchmarks/dice_scenes.py`` the
    unsure blank faces were 33 boxes on lint in ``thrown on black`` and one die, read wrong, among
    the drawn dice with emblems (a grey die with light pips on a grey table)."""
    return doubt_shapes(bgr, seen, disc=False)


def doubt_shapes(bgr: np.ndarray, seen: list[Seen], disc: bool = True, blank: bool = True) -> list[Seen]:
    """``doubt_discs`` and then ``doubt_blank_faces`` (either left out as told), each box looked at
    once (``look_at``): a die made unsure for its disc and then found a blank face is dropped."""
    out = []
    for s in seen:
        got = look_at(bgr, s.candidate.box)
        for odd in (disc and is_disc(got), blank and is_blank(got)):
            if odd and s.confidence < CERTAIN:
                break
            if odd:
                s = doubted(s)
        else:
            out.append(s)
    return out
