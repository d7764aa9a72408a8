"""Dice seen from the side. Pure functions on arrays.

A camera beside the table, upright, sees each die's side faces as well as its top, and the top face
lies above the side face nearest the camera in the frame. The locator sometimes boxes that front
face, bigger and brighter than the top, and both classifiers read its pips confidently as the value
(a 2 on top read as a sure 6 from the front). What the box cannot show, the frame around it does:
above a box on the front face lies the rest of the cube, not the table. A sure die with something
that is neither the table nor another die just above its box is reported unsure, and the player is
asked; a die boxed on its top face has the table above it and stays sure.

The same camera sees the top face squashed into the upper part of the die's box, above the front
face. An unsure die is read again there (``read_tops``): where the top face reads clearly, its value
is the one the player is asked to confirm.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from vision.boxes import doubted
from vision.classify import (
    NOT_A_DIE,
    Reading,
    class_probabilities,
    crop_rect,
    readings,
    second_opinion,
    settled_probabilities,
)
from vision.die import CERTAIN, Die
from vision.locate import overlap
from vision.shape import look_at

#: The table is the median colour of a ring this share of the box's size wide around it (the box
#: looked at as ``vision.shape.look_at`` does, in a copy of a fixed size: any die costs the same).
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
#: Where ``read_tops`` reads a die's top face: the box's centre moved up by each of ``TOP_UPS`` of its
#: height, ``TOP_WIDE`` x ``TOP_HIGH`` of its longer side, stretched to the classifier's square (the
#: top face of a die seen at an angle is squashed top to bottom; how far up it lies depends on the
#: angle, and the surer of the two readings counts).
TOP_UPS = (0.25, 0.35)
TOP_WIDE = 1.2
TOP_HIGH = 0.9
#: An unsure die's top face read upright by the first classifier this surely (any value) is read in
#: full (turns where unclear, the second opinion); the rest are left as they are, at a crop each.
TOP_HOPE = 0.5
#: A top face read in full this surely, and taken for no die less than ``TOP_NOT_DIE``, gives the
#: unsure die its value. Over the unsure dice of every scene of ``benchmarks/dice_scenes.py`` and
#: the held-out and dev photos (1,582), read at 0.25 alone: 15 dice read right that were wrong
#: (webcam desk 6, drawn tilted 9), none made wrong; at 0.7 one die is made wrong, at 0.9 12 are
#: made right.
TOP_SURE = 0.8
TOP_NOT_DIE = 0.3
#: A sure die whose top place (the higher of ``TOP_UPS``) reads as a die of another value at least
#: this surely (and as no die less than ``TOP_NOT_DIE``) is reported unsure (``doubt_side_views``);
#: ``read_tops`` then offers it that value. In ``drawn tilted`` of ``benchmarks/dice_scenes.py``
#: over 300 frames, three of the five sure and wrong dice, front faces boxed under a top face of
#: about the table's grey or a thin one, read 0.90, 0.91 and 0.94 there, each the die's true
#: value; of 3,154 sure dice read right in it, the webcam desk, the held-out photos in clutter,
#: tilted, calibrated, 3x and at 2x in a 12 MP frame, thrown on black and in the bowl, the surest
#: another value reads is 0.885 (0.8 would doubt 5 of them). Frames 300-599, not looked at in
#: choosing it: two of five sure and wrong dice asked about, no die read right changed.
TOP_OTHER = 0.9
#: A die is not read so when another die's box covers more than this share of the strip between its
#: own box's top and the top of the highest place read: the top face there is its neighbour's (a 2
#: under a touching 4, read as the 4, in the held-out photos at 12 MP).
TOP_CROWDED = 0.25


def top_above(bgr: np.ndarray, box: Sequence[float], others: Sequence[Sequence[float]] = ()) -> bool:
    """Whether the strip just above ``box`` (x, y, w, h) of a BGR uint8 frame holds something that is
    not the table (``ABOVE``): the rest of a die whose front face the box holds. False where the strip
    touches one of the ``others`` (boxes of the frame's other dice: a neighbour is no top face), lies
    off the frame, or the box's surround is (nearly) off the frame."""
    x, y, w, h = (float(v) for v in box)
    strip_box = (x + (1 - SPAN) / 2 * w, y - DEPTH * h, SPAN * w, DEPTH * h)
    if strip_box[1] < 0 or any(overlap(strip_box, tuple(o)) > 0 for o in others):
        return False
    got = look_at(bgr, box, RING)
    if got is None:
        return False
    (cx, cy), (bw, bh) = got.centre, got.size
    top = cy - bh / 2
    strip = got.lab[max(0, int(top - DEPTH * bh)):int(top),
                    max(0, int(cx - SPAN / 2 * bw)):int(np.ceil(cx + SPAN / 2 * bw))]
    if strip.shape[0] < 2 or strip.shape[1] < 2:
        return False
    far = max(NOT_TABLE, 0.5 * float(np.linalg.norm(got.face - got.back)))
    return float((np.linalg.norm(strip - got.back, axis=2) > far).mean()) >= ABOVE


def doubt_side_views(bgr: np.ndarray, dice: list[Die]) -> list[Die]:
    """The same dice, each sure one with the rest of a die above its box (``top_above``, the frame's
    other dice as ``others``), or whose top place reads as another value (``top_reads_other``),
    reported unsure: its box may hold the face the camera sees from the side, not the top."""
    out = []
    for i, d in enumerate(dice):
        if d.confidence >= CERTAIN and top_above(bgr, d.box, [o.box for j, o in enumerate(dice) if j != i]):
            d = doubted(d)
        out.append(d)
    other = top_reads_other(bgr, out)
    return [doubted(d) if i in other else d for i, d in enumerate(out)]


def top_reads_other(bgr: np.ndarray, dice: list[Die]) -> set[int]:
    """The indices of the sure ``dice`` (no other die just above them, ``TOP_CROWDED``) whose top
    place, the higher of ``TOP_UPS``, reads at least ``TOP_OTHER`` surely, and as no die less than
    ``TOP_NOT_DIE``, as a die of another value: seen at an angle, the box may hold a side face under
    a top face that the strip above it (``top_above``) cannot tell from the table."""
    boxes = [tuple(float(v) for v in d.box) for d in dice]
    sure = [i for i, d in enumerate(dice)
            if d.confidence >= CERTAIN and not _crowded(boxes[i], boxes[:i] + boxes[i + 1:])]
    got = _top_readings(bgr, [boxes[i] for i in sure], max(TOP_UPS), [dice[i].value for i in sure])
    return {i for i, r in zip(sure, got)
            if r is not None and r.value != dice[i].value and r.p_value >= TOP_OTHER and r.p_not_die < TOP_NOT_DIE}


def seen_from_the_side(bgr: np.ndarray, dice: list[Die]) -> list[Die]:
    """The dice a reading of the frame ``bgr`` found, as the reader reports them after asking how a
    camera at an angle sees them: each sure one with the rest of a die above its box reported unsure
    (``doubt_side_views``), then each unsure one offered its top face's value (``read_tops``)."""
    return read_tops(bgr, doubt_side_views(bgr, dice))


def read_tops(bgr: np.ndarray, dice: list[Die]) -> list[Die]:
    """The same dice, each unsure one whose top face, read where a camera at an angle sees it
    (``TOP_UPS``, ``TOP_WIDE``, ``TOP_HIGH``), reads at least ``TOP_SURE`` surely as a die given that
    value (the surer reading of the places); it stays unsure, so the player is asked. Sure dice, and
    dice with another die just above them (``TOP_CROWDED``), are left as they are."""
    boxes = [tuple(float(v) for v in d.box) for d in dice]
    unsure = [i for i, d in enumerate(dice)
              if d.confidence < CERTAIN and not _crowded(boxes[i], boxes[:i] + boxes[i + 1:])]
    best: dict[int, Reading] = {}
    for up in TOP_UPS:
        for i, r in zip(unsure, _top_readings(bgr, [boxes[i] for i in unsure], up)):
            if (r is not None and r.p_value >= TOP_SURE and r.p_not_die < TOP_NOT_DIE
                    and (i not in best or r.p_value > best[i].p_value)):
                best[i] = r
    return [replace(d, value=best[i].value) if i in best else d for i, d in enumerate(dice)]


def _top_readings(bgr: np.ndarray, boxes: list[tuple[float, ...]], up: float,
                  values: Sequence[int] | None = None) -> list[Reading | None]:
    """The readings of where the top faces of dice boxed ``boxes`` lie seen at an angle, the boxes'
    centres moved ``up`` of their height: None for each the first model's upright look does not take
    for a die of any value at least ``TOP_HOPE`` surely (not read further), and, with ``values`` (one
    per box), for each it takes for a die of that value."""
    if not boxes:
        return []
    crops = np.stack([_top_crop(bgr, box, up) for box in boxes])
    upright = class_probabilities(crops)
    hopeful = upright[:, :NOT_A_DIE].max(axis=1) >= TOP_HOPE
    if values is not None:
        hopeful &= upright[:, :NOT_A_DIE].argmax(axis=1) + 1 != np.asarray(values)
    hope = np.nonzero(hopeful)[0]
    out: list[Reading | None] = [None] * len(boxes)
    if len(hope):
        for k, r in zip(hope, readings(second_opinion(crops[hope], settled_probabilities(crops[hope], upright[hope])))):
            out[k] = r
    return out


def _top_crop(bgr: np.ndarray, box: Sequence[float], up: float) -> np.ndarray:
    """The classifier's crop of where the top face of a die boxed ``box`` lies seen at an angle, the
    box's centre moved ``up`` of its height."""
    x, y, w, h = (float(v) for v in box)
    side = max(w, h)
    return crop_rect(bgr, x + w / 2, y + h / 2 - up * h, TOP_WIDE * side, TOP_HIGH * side)


def _crowded(box: tuple[float, ...], others: list[tuple[float, ...]]) -> bool:
    """Whether another die's box (of ``others``) covers more than ``TOP_CROWDED`` of the strip above
    ``box`` that the highest place of ``read_tops`` reads."""
    x, y, w, h = box
    top = y + h / 2 - max(TOP_UPS) * h - TOP_HIGH * max(w, h) / 2
    if top >= y:
        return False
    strip = (x, top, w, y - top)
    return any(overlap(strip, o) > TOP_CROWDED * strip[2] * strip[3] for o in others)
