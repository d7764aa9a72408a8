"""Dice seen from the side. Pure functions on arrays.

A camera beside the table, upright, sees each die's side faces as well as its top, and the top face
lies above the side face nearest the camera in the frame. The locator sometimes boxes that front
face, bigger and brighter than the top, and both classifiers read its pips confidently as the value
(a 2 on top read as a sure 6 from the front). What the box cannot show, the frame around it does:
above a box on the front face lies the rest of the cube, not the table. A sure die with something
that is neither the table nor another die just above its box is reported unsure, and the player is
asked; a die boxed on its top face has the table above it and stays sure.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import cv2
import numpy as np

from vision.boxes import UNSURE
from vision.die import CERTAIN, Die
from vision.shape import weighted_lab

#: The table is the median colour of a ring this share of the box's size wide around it.
RING = 0.5
#: The strip looked at above the box: this share of the box's height deep, over the middle
#: ``SPAN`` of its width (a die's rounded corners and a neighbour's edge stay out of it).
DEPTH = 0.4
SPAN = 0.6
#: A pixel is not the table when it lies this far from the table's colour (``vision.colour.distance``),
#: or half as far as the face lies from the table where that is more.
NOT_TABLE = 12.0
#: A strip of which at least this share is not the table holds the rest of the die. In the
#: ``webcam desk`` scene of ``benchmarks/dice_scenes.py`` (a webcam at an angle, 40 frames) the three
#: sure and wrong dice, front faces boxed under their top, measure 0.54, 0.55 and 0.73; of the 92 sure
#: dice read right 5 measure 0.4 or more, and of the 307 sure dice read right on the held-out photos
#: set in clutter none does.
ABOVE = 0.4
#: The box is looked at from a copy this many pixels across (any die costs the same).
SIDE = 64


def top_above(bgr: np.ndarray, box: Sequence[float], others: Sequence[Sequence[float]] = ()) -> bool:
    """Whether the strip just above ``box`` (x, y, w, h) of a BGR uint8 frame holds something that is
    not the table (``ABOVE``): the rest of a die whose front face the box holds. False where the strip
    touches one of the ``others`` (boxes of the frame's other dice: a neighbour is no top face), lies
    off the frame, or the box's surround is (nearly) off the frame."""
    fh, fw = bgr.shape[:2]
    x, y, w, h = (float(v) for v in box)
    sx0, sx1, sy0 = x + (1 - SPAN) / 2 * w, x + (1 + SPAN) / 2 * w, y - DEPTH * h
    if sy0 < 0 or any(o[0] < sx1 and o[0] + o[2] > sx0 and o[1] < y and o[1] + o[3] > sy0 for o in others):
        return False
    m = RING * max(w, h)
    x0, y0 = int(max(0, x - m)), int(max(0, y - m))
    x1, y1 = int(min(fw, np.ceil(x + w + m))), int(min(fh, np.ceil(y + h + m)))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return False
    k = SIDE / max(x1 - x0, y1 - y0)
    crop = cv2.resize(np.ascontiguousarray(bgr[y0:y1, x0:x1]), (max(4, round((x1 - x0) * k)), max(4, round((y1 - y0) * k))),
                      interpolation=cv2.INTER_AREA)
    lab = weighted_lab(crop)
    bx, by, bw, bh = (x - x0) * k, (y - y0) * k, w * k, h * k
    inside = np.zeros(lab.shape[:2], bool)
    inside[int(by):int(by + bh) + 1, int(bx):int(bx + bw) + 1] = True
    ring = ~inside
    if ring.sum() < 20:
        return False
    back = np.median(lab[ring], axis=0)
    face = np.median(lab[int(by + 0.2 * bh):int(by + 0.8 * bh) + 1, int(bx + 0.2 * bw):int(bx + 0.8 * bw) + 1].reshape(-1, 3), axis=0)
    strip = lab[max(0, int((sy0 - y0) * k)):int(by), max(0, int((sx0 - x0) * k)):int(np.ceil((sx1 - x0) * k))]
    if strip.shape[0] < 2 or strip.shape[1] < 2:
        return False
    far = max(NOT_TABLE, 0.5 * float(np.linalg.norm(face - back)))
    return float((np.linalg.norm(strip - back, axis=2) > far).mean()) >= ABOVE


def doubt_side_views(bgr: np.ndarray, dice: list[Die]) -> list[Die]:
    """The same dice, each sure one with the rest of a die above its box (``top_above``, the frame's
    other dice as ``others``) reported unsure: its box may hold the face the camera sees from the
    side, not the top."""
    out = []
    for i, d in enumerate(dice):
        if d.confidence >= CERTAIN and top_above(bgr, d.box, [o.box for j, o in enumerate(dice) if j != i]):
            d = replace(d, confidence=min(d.confidence, UNSURE))
        out.append(d)
    return out
