"""``read_dice``: every die in a camera frame with its pip value, box and confidence.

Each part of a frame is looked at (``vision.look``) in three steps (numpy and cv2 only at run
time; the two small networks run in cv2.dnn):

1. ``vision.locate`` finds die boxes over an image pyramid, so dice from about 25 px to a few
   hundred px across are found without any fixed pixel size; when the coarse levels show that the
   frame's dice are big (``big_die_size``), the frame is shrunk so that they come to the size the
   networks were trained on and located again there, so the pips of a big die are not taken for
   small dice;
2. ``vision.classify`` reads the pips of each box from a square crop (in four quarter turns when
   the first look is not clear) and says how likely the box is no die at all;
3. ``vision.pips`` counts the pips with plain OpenCV as a second opinion.

A candidate the classifier calls "not a die" is dropped, and so is one it finds rather like no
die that the reader is unsure of (``MAX_NOT_DIE_UNSURE``); a box nearly as big as the frame (the
tray) is no die, and the boxes are settled against each other by the rules of ``vision.boxes``
(nested boxes, boxes far bigger or smaller than the others, boxes the classifier doubts), and a
sure die whose face is a disc, not a square (``vision.shape``: a round token with a dot), or
whose box shows the table with a light speck (a blank face: lint on dark cloth), is reported
unsure (an unsure one is dropped), and so is a sure die with the rest of a cube just above its box
(``vision.side``: a camera beside the table, its box on the face nearest the camera). A frame
taken for one or two big dice has each looked into for dice of its own (a heap of small dice seen
as one die). A box the locator found strongly that the classifier takes for no die, or for one
die unclearly while it holds smaller boxes or has room for two of the dice read clearly
elsewhere, is looked into by the handful locator at the scale of the dice it is thought to hold
(``vision.blobs``: dice boxed together). Where dice touch, the part of the frame around them is
read again by a locator trained on handfuls of dice thrown together (``read_handful``; big dice
at their own size, ``read_big_handful``), and a frame of small dice is read again enlarged
(``small_part``), the dice the handful locator reads there standing for those of the enlarged
read where they touch; a die the first read was sure of, or nearly, that the read again lost is
kept; a box read barely that the locator found weakly is not reported (``drop_faint``).
The confidence starts from the classifier's probability of the value it reports, is lowered
when the locator was unsure, and its doubt is halved when the OpenCV pip count agrees; below
``vision.die.CERTAIN`` the app asks the player.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.boxes import UNSURE, Seen, doubted, holds_centre
from vision.calibrate import Calibration
from vision.colour import TOLERANCE, nearest
from vision.die import CERTAIN, Die
from vision.frames import MIN_SIDE, WORK_PIXELS, as_bgr, blank, shrink, working_copy, working_copy_scale
from vision.locate import HANDFUL_MODEL, MODEL
from vision.look import (
    HANDFUL_MAX,
    READ_SIZE,
    Located,
    boxes_touch,
    handful_wanted,
    in_reading_order,
    likely_boxes,
    likely_size,
    locate_and_look,
    look,
    median_size,
    placed,
    read_part,
    touching,
)
from vision.side import seen_from_the_side
from vision.smear import doubt_smeared

#: A frame whose dice come out smaller than this (px, median of a first read's boxes, in the frame
#: as read) is read again enlarged so that they come to ``READ_SIZE`` (``small_part``): the
#: locator's finest level sees dice at half size, and below about 25 px it misses many (the dev part
#: shrunk to 0.5x, dice of 21 px: 79 % read right; 0.4x, 16 px: 48 %; read again enlarged: 94 and
#: 93 %: ``tools.dice_scale_report``). 24 leaves the dev part at 0.6x (25 px) unread again, three
#: photos fewer exact.
SMALL_DIE = 28.0
#: Dice are enlarged at most this much (the pixels of what is read again stay under WORK_PIXELS).
MAX_ENLARGE = 3.0
#: A calibrated camera's dice are read at this size (px): bigger dice are shrunk to it first.
CALIBRATED_SIZE = 2 * READ_SIZE
#: In a frame shrunk for its working copy, a die read unsurely whose box there is this many times
#: ``READ_SIZE`` or more is looked into at the frame's own resolution (``looked_into``): a tray or a
#: sheet of paper holding dice too small for the copy is boxed there as one big die. The held-out
#: photos at their size in the middle of a 12 MP table frame (dice of 25-45 px, 7-13 px in the copy):
#: 63.9 to 90.5 % recall, 90.2 to 95.1 % precision, 35.6 to 64.4 % exact (85.3 % recall with 4: a box
#: of 525 px); at 0.7 of their size there 2.3 to 57.7 % recall; at their size in 8 MP 90.7 to 92.0 %.
#: No frame of ``benchmarks/dice_scenes.py`` has such a box; of drawn dice of 250-700 px in 12 MP
#: frames, 50 boxes in 60 frames were looked into and kept as they were.
LOOK_INTO = 2.4
#: ... and so is a box the locator found there this strongly, as big, that the classifier took for no
#: die (``big_finds``): a sheet whose dice are too small for the copy is read there as no die about as
#: often as as one unsure die. It is not looked into where it holds a sure die, or a die over half its
#: size: the dice read there stand. The dev photos at their size in a 12 MP frame
#: (``benchmarks/dice_scenes.py`` ``12mp small`` on the dev part): 61.9 to 94.7 % recall, 95.2 to
#: 97.3 % precision (four of 20 frames had read no die at all); the held-out photos 90.5 to 92.3 %;
#: every other scene reads the same dice.
BIG_FIND = 0.5
#: A die read this unsurely or less (its value little likelier than any other) ...
FAINT = 0.15
#: ... whose box the locator found this weakly or less is no die (``drop_faint``): neither network
#: believes in it. Chosen on per-frame dumps of every kind of ``benchmarks/dice_scenes.py`` (the dev
#: part, 200 desk and emblem frames): see vision/models/README.md.
WEAK_FIND = 0.35


def read_dice(image: np.ndarray, calibration: Calibration | None = None) -> list[Die]:
    """Every die in the frame, in reading order (top to bottom, then left to right).

    Each Die has its pip value 1..6, its box (x, y, w, h) in pixels of the input image (clipped to
    it) and a confidence 0..1; uncertain dice have confidence below ``vision.die.CERTAIN``.
    A blank, tiny or dieless frame gives an empty list; an unusable input raises BadImage.
    Each Die carries its face colour (``vision.colour.face_colour``).
    With a ``calibration`` only its area is read (dice whose centre lies outside it are not
    reported), and once it knows the dice's size the area is read at the scale that brings them to
    ``CALIBRATED_SIZE`` (so any capture resolution costs about the same; small dice are located at
    the scale that suits them), and boxes far from that size are no dice. When it knows the dice's
    colours, a die of none of them is reported unsure. Without a calibration, a frame whose dice
    are small is read again enlarged (``small_part``). Where dice touch (a handful thrown
    together) the part around them is read again by the handful locator (``read_handful``; through
    a calibration that knows the dice's size, its area at that size), keeping the dice the first
    read was sure of, or nearly, that the read again lost (``lost_believed``); in a frame shrunk for
    its working copy, a big box read unsurely, or found strongly and taken for no die (a tray of dice
    too small for the copy), is read again at the frame's own resolution (``looked_into``). A die
    neither network believes in, read barely and found weakly, is not reported (``drop_faint``: a
    key cap, a port); that is settled last, as such a box may say where small dice lie that are read
    again. A sure die with the rest of a cube above its box is reported unsure, and an unsure die is
    offered the value its top face reads where a camera at an angle sees it
    (``vision.side.seen_from_the_side``). A sure die smeared by motion is reported unsure, its value
    kept (``vision.smear.doubt_smeared``).
    """
    bgr = as_bgr(image)
    h, w = bgr.shape[:2]
    if min(h, w) < MIN_SIDE:
        return []
    dice = looked_into(bgr, *read_whole(bgr)) if calibration is None else read_calibrated(bgr, calibration)
    return doubt_smeared(bgr, seen_from_the_side(bgr, drop_faint(dice)))


def read_calibrated(bgr: np.ndarray, calibration: Calibration) -> list[Die]:
    """The dice of a BGR frame read through a ``calibration`` (as ``read_dice`` says), before the
    side and smear steps: those whose centre lies in its area, each of none of its dice's colours
    (when it knows them) reported unsure."""
    h, w = bgr.shape[:2]
    ax, ay, aw, ah = calibration.area_px(h, w)
    die_px = calibration.die_px(h, w)
    dice = read_area(bgr, (ax, ay, aw, ah), die_px)
    if die_px is None:                                                # (at the known size: locate_and_look)
        handful = read_handful(bgr, dice)
        dice = dice if handful is None else with_lost_believed(handful, dice)
    inside = [d for d in dice if ax <= d.box[0] + d.box[2] / 2 <= ax + aw and ay <= d.box[1] + d.box[3] / 2 <= ay + ah]
    return [doubted(d) if calibration.colours and d.colour is not None
            and nearest(d.colour, calibration.colours) > TOLERANCE else d for d in inside]


def read_area(bgr: np.ndarray, area: tuple[int, int, int, int], die_px: float | None, model: Path = MODEL,
              near: list[tuple[float, float]] | None = None) -> list[Die]:
    """The dice of the part ``area`` (x, y, w, h, px) of the frame ``bgr``, and of its rim (six
    tenths of a die beyond it, so that dice on the edge are read whole), boxes in frame pixels.
    With the dice's size ``die_px`` (px) the part is read at the scale that brings them to
    ``CALIBRATED_SIZE`` (shrunk, never enlarged) by the locator in ``model``, and boxes far from
    that size are no dice; ``near``: dice centres in frame pixels, as ``look.candidates_of_size``
    takes them. Without it the part is read as a frame of its own."""
    h, w = bgr.shape[:2]
    ax, ay, aw, ah = area
    pad = int(die_px * 0.6) if die_px else 0
    x0, y0 = max(0, ax - pad), max(0, ay - pad)
    crop = bgr[y0:min(h, ay + ah + pad), x0:min(w, ax + aw + pad)]
    zoom = 1.0                                                        # frame pixels per crop pixel
    if die_px is not None and die_px > CALIBRATED_SIZE:
        crop, (zoom, _) = shrink(crop, CALIBRATED_SIZE / die_px)
    crop = np.ascontiguousarray(crop)
    at = None if near is None else [((x - x0) / zoom, (y - y0) / zoom) for x, y in near]
    return read_part(crop, None if die_px is None else die_px / zoom, (x0, y0), zoom, (h, w), model=model, near=at)


def read_whole(bgr: np.ndarray) -> tuple[list[Die], list[tuple[int, int, int, int]]]:
    """The dice of a BGR frame read without a calibration (``read_located``), and the big boxes the
    locator found in its working copy that the classifier kept no die of (``big_finds``)."""
    work, scale = working_copy(bgr)
    if blank(work):
        return [], []
    located = locate_and_look(work)
    return read_located(bgr, work, scale, located), big_finds(located, scale)


def big_finds(located: Located, scale: tuple[float, float]) -> list[tuple[int, int, int, int]]:
    """The boxes (x, y, w, h) in frame pixels, ``scale`` frame pixels a pixel of the working copy,
    that the locator found at ``BIG_FIND`` or more in the copy ``located`` and that are
    ``LOOK_INTO`` times ``READ_SIZE`` or more there."""
    fx, fy = scale
    return [(round(x * fx), round(y * fy), round(w * fx), round(h * fy)) for c in located.cands
            for x, y, w, h in [c.box] if c.score >= BIG_FIND and max(w, h) >= LOOK_INTO * READ_SIZE]


def read_located(bgr: np.ndarray, work: np.ndarray, scale: tuple[float, float], located: Located) -> list[Die]:
    """The dice of a BGR frame read without a calibration, given its ``working_copy`` ``work``
    (at most ``WORK_PIXELS``, ``scale`` frame pixels a pixel of it) and the boxes ``located`` there:
    read once, and where the dice found are small or touch, read again there (``read_again``). A
    frame whose boxes the classifier's upright look already takes for small dice, or for dice that
    touch, is first read without turning unclear dice (``look``'s ``clear=0``): those dice only say
    where to read again, and what is read again is read in full;
    when nothing is read again after all, the frame is read in full (and big dice the quick read
    found touching, read again at their size without it being kept, are not read so again). Dice
    the first read is sure of, or nearly, that the read again lost (``lost_believed``) are kept;
    where the quick read believed such dice, they are those the frame read in full believes (the
    quick read does not doubt shapes: a speck of lint on dark cloth)."""
    h, w = bgr.shape[:2]
    big = True
    size = likely_size(located)
    if size is not None and (size < SMALL_DIE or handful_wanted(likely_boxes(located), size)):
        quick = look(work, located=located, clear=0.0, reported=False)
        quick_dice = placed(work, quick, (0, 0), scale, (h, w))
        again = read_again(bgr, quick_dice)
        if again is not None:
            if not lost_believed(again, quick_dice):
                return again
            return with_lost_believed(again, placed(work, look(work, located=located), (0, 0), scale, (h, w)))
        big = not (len(quick_dice) >= 2 and touching(quick_dice) and too_big_to_enlarge(quick_dice, h, w))
    first = placed(work, look(work, located=located), (0, 0), scale, (h, w))
    again = read_again(bgr, first, big)
    return first if again is None else with_lost_believed(again, first)


def looked_into(bgr: np.ndarray, dice: list[Die],
                finds: Sequence[tuple[int, int, int, int]] = ()) -> list[Die]:
    """The ``dice`` of the frame ``bgr`` read without a calibration; where the frame was shrunk for its
    working copy, the biggest box of a die read unsurely that is ``LOOK_INTO`` times ``READ_SIZE`` or
    more there, or of the ``finds`` (``big_finds``: boxes the classifier kept no die of) that holds
    the centre of no sure die and of no die over half its size, is replaced by the dice its part of
    the frame holds, read as a frame of its own at the frame's resolution (``read_area``), when that
    finds two dice or more under half its size (and the dice whose centre the box holds go with it:
    they are read again there). One box at most is looked into: a read of its part can cost as much
    as the frame's."""
    h, w = bgr.shape[:2]
    seen_at = working_copy_scale(h, w)
    if seen_at >= 1.0:
        return dice
    big = [d.box for d in dice
           if d.confidence < CERTAIN and max(d.box[2], d.box[3]) * seen_at >= LOOK_INTO * READ_SIZE]
    big += [b for b in finds if not any(stands_in(d, b) for d in dice)]
    if not big:
        return dice
    box = max(big, key=lambda b: b[2] * b[3])
    size = max(box[2], box[3])
    inner = [d for d in read_area(bgr, box, None) if max(d.box[2], d.box[3]) < size / 2]
    if len(inner) < 2:
        return dice
    return in_reading_order([d for d in dice if not holds_centre(box, d.box)] + inner)


def stands_in(die: Die, box: Sequence[float]) -> bool:
    """Whether ``die`` keeps ``box`` (x, y, w, h) from being looked into (``looked_into``): its centre
    lies in the box and it is sure, or over half the box's size."""
    return holds_centre(box, die.box) and (die.certain
                                           or max(die.box[2], die.box[3]) > max(box[2], box[3]) / 2)


def with_lost_believed(again: list[Die], first: list[Die]) -> list[Die]:
    """The dice read ``again``, and those of the ``first`` read it lost that the first read believed
    (``lost_believed``), in reading order."""
    return in_reading_order(again + lost_believed(again, first))


def lost_believed(again: list[Die], first: list[Die]) -> list[Die]:
    """The dice of a ``first`` read that it is sure of, or nearly (confidence over
    ``vision.boxes.UNSURE``, what a die some rule doubts is given), and that a read ``again`` of the
    same frame lost: no die read again holds the centre of one of them, nor has its centre in one."""
    return [d for d in first if d.confidence > UNSURE
            and not any(holds_centre(a.box, d.box) or holds_centre(d.box, a.box) for a in again)]


def read_again(bgr: np.ndarray, first: list[Die], big: bool = True) -> list[Die] | None:
    """The dice of the frame ``bgr`` given a ``first`` read of it, read again where they are small
    (``small_part``, enlarged) and then where they touch (``read_handful``, with ``big`` as there);
    None when neither is read again. Where the dice touch, what the handful locator reads again
    replaces the enlarged read, which then only says where the dice lie (looked at as a quick first
    read is, ``clear=0``): it is read in full only where no handful read stands for it."""
    part = small_part(bgr, first)
    if part is None:
        return read_handful(bgr, first, big=big)
    if blank(part.image):
        return part.outside
    located = locate_and_look(part.image, finest=True)
    where = part.dice(look(part.image, located=located, clear=0.0, reported=False))
    handful = read_handful(bgr, where, also=first)
    return part.dice(look(part.image, located=located)) if handful is None else handful


@dataclass(frozen=True)
class SmallPart:
    """The part of a frame around its small dice, enlarged (``small_part``)."""

    image: np.ndarray                        # the part, enlarged
    bounds: tuple[int, int, int, int]        # (x0, y0, x1, y1) in frame pixels
    frame: tuple[int, int]                   # (h, w) of the frame
    outside: list[Die]                       # the first read's dice whose centre lies outside it

    @property
    def zoom(self) -> float:
        """Frame pixels per pixel of ``image``."""
        return (self.bounds[2] - self.bounds[0]) / self.image.shape[1]

    def dice(self, seen: list[Seen]) -> list[Die]:
        """The dice ``look`` kept in the enlarged part, in frame pixels, with those ``outside``."""
        x0, y0 = self.bounds[:2]
        return in_reading_order(placed(self.image, seen, (x0, y0), (self.zoom, self.zoom), self.frame)
                                + self.outside)


def small_part(bgr: np.ndarray, first: list[Die]) -> SmallPart | None:
    """The part of the frame ``bgr`` around the dice of a ``first`` read of it when they are small
    (``SMALL_DIE``, at the scale it was read), three dice's widths beyond the outermost, enlarged so
    that they come to ``READ_SIZE`` (at most ``MAX_ENLARGE`` and ``WORK_PIXELS``), to be read again
    there (``read_again``). None when they are not small, or that part cannot be enlarged enough to
    matter."""
    h, w = bgr.shape[:2]
    if not first:
        return None
    size = median_size([d.box for d in first])
    seen_at = working_copy_scale(h, w)                                 # the scale the first read saw
    if size * seen_at >= SMALL_DIE:
        return None
    (x0, y0, x1, y1), f = enlarged_bounds(bgr, first, size, 3 * size)
    if f < 1.2 * seen_at:
        return None
    image = enlarged(bgr, (x0, y0, x1, y1), f)
    outside = [d for d in first if not (x0 <= d.box[0] + d.box[2] / 2 < x1 and y0 <= d.box[1] + d.box[3] / 2 < y1)]
    return SmallPart(image, (x0, y0, x1, y1), (h, w), outside)


def read_handful(bgr: np.ndarray, first: list[Die], also: list[Die] | None = None,
                 big: bool = True) -> list[Die] | None:
    """The dice of the frame ``bgr`` given a ``first`` read of it in which dice touch (a handful
    thrown together, which the locator, trained on dice apart, boxes as one blob or misses): the
    part of the frame around all its dice (one and a half dice's widths beyond the outermost) read
    again by the handful locator (``vision.locate.HANDFUL_MODEL``) in place of the first read,
    resized so that the dice come to ``READ_SIZE`` (at most ``MAX_ENLARGE`` and ``WORK_PIXELS``).
    ``also``: an earlier read of the same dice (the first read, when ``first`` is the small dice read
    again enlarged): where its dice touched, the part is read again too, though those of ``first``
    may not touch (the enlarged read can miss a die that touches another, which the first had).
    Dice too big for that (``vision.look.HANDFUL_MAX`` as the first read saw them) are read again at
    their own size instead (``read_big_handful``), when ``big``. None when no dice touch in either
    read, or they are big and not read again, or the big dice's re-read is not kept."""
    h, w = bgr.shape[:2]
    if not first:
        return None
    size = median_size([d.box for d in first])
    if not any(touching(dice) for dice in (first, also or []) if len(dice) >= 2):
        return None
    if too_big_to_enlarge(first, h, w):
        return read_big_handful(bgr, first, size) if big else None
    return read_part_around(bgr, first, size, 1.5 * size, HANDFUL_MODEL, near=True)


def too_big_to_enlarge(dice: list[Die], h: int, w: int) -> bool:
    """Whether touching ``dice`` (at least one) of an h x w frame are read again at their own size
    (``read_big_handful``), not enlarged: their median size as the first read saw them (in the
    working copy) is ``vision.look.HANDFUL_MAX`` or more."""
    return median_size([d.box for d in dice]) * working_copy_scale(h, w) >= HANDFUL_MAX


def read_big_handful(bgr: np.ndarray, first: list[Die], size: float) -> list[Die] | None:
    """The dice of the frame ``bgr`` given a full ``first`` read of it in which dice of ``size`` (px,
    median) too big for ``read_handful``'s enlarged re-read (``vision.look.HANDFUL_MAX``) touch: the
    part of the frame around its dice read again at their size (``read_area``, as through a
    calibration that knows it) by the handful locator, which finds dice there that the first
    locator missed in the heap (a die half under another, dice edge to edge boxed as one), only
    near the dice already found (``vision.look.NEAR_DICE``). Kept when it reads at least as many
    dice as ``first``; None (``first`` stands) when it reads fewer."""
    x0, y0, x1, y1 = part_around(bgr, first, 1.5 * size)
    again = read_area(bgr, (x0, y0, x1 - x0, y1 - y0), size, HANDFUL_MODEL, near=centres(first))
    return again if len(again) >= len(first) else None


def part_around(bgr: np.ndarray, dice: list[Die], margin: float) -> tuple[int, int, int, int]:
    """The bounds (x0, y0, x1, y1, px) of the part of the frame ``bgr`` around ``dice`` (at least
    one): ``margin`` px beyond the outermost, inside the frame."""
    h, w = bgr.shape[:2]
    x0 = max(0, int(min(d.box[0] for d in dice) - margin))
    y0 = max(0, int(min(d.box[1] for d in dice) - margin))
    x1 = min(w, int(max(d.box[0] + d.box[2] for d in dice) + margin) + 1)
    y1 = min(h, int(max(d.box[1] + d.box[3] for d in dice) + margin) + 1)
    return x0, y0, x1, y1


def centres(dice: list[Die]) -> list[tuple[float, float]]:
    """The centres (x, y) of the dice's boxes."""
    return [(d.box[0] + d.box[2] / 2, d.box[1] + d.box[3] / 2) for d in dice]


def enlarged_bounds(bgr: np.ndarray, first: list[Die], size: float,
                    margin: float) -> tuple[tuple[int, int, int, int], float]:
    """The bounds (x0, y0, x1, y1, px) of the part of the frame ``bgr`` around the dice ``first``
    (``margin`` px beyond the outermost), and the factor that part is resized by to be read again
    (``enlarged``): so that dice of ``size`` (px, their ``median_size``) come to ``READ_SIZE``, at
    most ``MAX_ENLARGE`` and within ``WORK_PIXELS``."""
    x0, y0, x1, y1 = part_around(bgr, first, margin)
    return (x0, y0, x1, y1), min(READ_SIZE / size, MAX_ENLARGE,
                                 float(np.sqrt(WORK_PIXELS / ((x1 - x0) * (y1 - y0)))) * 0.999)


def enlarged(bgr: np.ndarray, bounds: tuple[int, int, int, int], f: float) -> np.ndarray:
    """The part ``bounds`` (x0, y0, x1, y1) of the frame ``bgr`` resized by ``f``."""
    x0, y0, x1, y1 = bounds
    size_to = (max(1, int((x1 - x0) * f)), max(1, int((y1 - y0) * f)))
    return cv2.resize(bgr[y0:y1, x0:x1], size_to, interpolation=cv2.INTER_CUBIC if f > 1 else cv2.INTER_AREA)


def read_part_around(bgr: np.ndarray, first: list[Die], size: float, margin: float, model: Path,
                     near: bool = False) -> list[Die]:
    """The dice of the part of the frame ``bgr`` around the dice ``first`` (``enlarged_bounds``, with
    ``size`` and ``margin`` as there), resized (``enlarged``) and read by the finest pyramid level of the locator in ``model``,
    boxes in frame pixels. ``near``: only dice near those of ``first`` are looked for
    (``vision.look.NEAR_DICE``)."""
    h, w = bgr.shape[:2]
    (x0, y0, x1, y1), f = enlarged_bounds(bgr, first, size, margin)
    part = enlarged(bgr, (x0, y0, x1, y1), f)
    at = [((x - x0) * f, (y - y0) * f) for x, y in centres(first)] if near else None
    return read_part(part, None, (x0, y0), (x1 - x0) / part.shape[1], (h, w), finest=True, model=model, near=at)


def drop_faint(dice: list[Die], weak: float = WEAK_FIND) -> list[Die]:
    """Without the dice read no surer than ``FAINT`` whose box the locator found no more strongly
    than ``weak`` and that touch no die reported (``vision.look.boxes_touch``): a key cap, a port or
    a cable's label the locator half takes for a die, whose face the classifier cannot read. A die
    the player is to be asked about is one the classifier cannot read but the locator finds plainly
    (an emblem die, a blurred face), or one in a heap of dice, and stays; so does a die whose
    ``found`` is not known."""
    faint = [d.confidence <= FAINT and d.found is not None and d.found <= weak for d in dice]
    believed = [d.box for d, f in zip(dice, faint) if not f]
    return [d for d, f in zip(dice, faint) if not f or any(boxes_touch([d.box, b]) for b in believed)]
