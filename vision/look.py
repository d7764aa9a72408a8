"""How the reader looks at one frame, or one part of a frame: locate the boxes, read each one's
pips, judge them against each other, and place the dice kept in frame pixels (``read_part``).

``vision.reader`` decides which parts of a frame are looked at, at what scale and by which
locator; this module holds one look and the confidence of each die it keeps.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import cv2
import numpy as np

from vision.blobs import blob_finds, cluster_finds, holds
from vision.boxes import (
    CLEAR_DIE,
    CLUSTER_DICE,
    ODD_PAIR,
    ODD_SIZED,
    STRONG_FIND,
    SURE_MAX_NOT_DIE,
    Seen,
    doubt_maybe_no_die,
    doubt_undersized,
    drop_odd_sized,
    drop_outsized,
    median_size,
    reads_as_die_of_its_own,
    resolve_nesting,
)
from vision.calibrate import SIZE_TOLERANCE
from vision.classify import (
    CLEAR,
    NOT_A_DIE,
    Reading,
    first_look,
    read_pips,
    readings,
    second_opinion,
    settled_probabilities,
)
from vision.colour import face_colour
from vision.confidence import confidence
from vision.die import CERTAIN, Die
from vision.frames import blank, working_copy
from vision.heap import grown_near
from vision.locate import (
    HANDFUL_MODEL,
    MODEL,
    Candidate,
    finest_finds,
    level_finds,
    locate_dice,
    locate_finest,
    locate_levels,
    merge,
    near_any,
)
from vision.pips import count_pips
from vision.shape import doubt_shapes

#: No die spans more than this share of the frame's shorter side (a bigger box is the tray).
MAX_DIE_SHARE = 0.7
#: A candidate is dropped when the classifier's "not a die" probability exceeds this.
MAX_NOT_DIE = 0.5
#: A die the reader is unsure of (below ``vision.die.CERTAIN``) is dropped when its "not a die"
#: probability exceeds this: both say it is no die. Chosen on the dev part (tools/dice_split.py) set
#: into table clutter, six times over: it drops 61 of the 102 boxes on no die and none of the 1296
#: dice read right; the same part plain, upscaled 2-3x and tilted loses no die read right either
#: (``tools.dice_dev_report --clutter``). An emblem die (taught as an even spread over 1..6, not as
#: "not a die") stays, to be asked about.
MAX_NOT_DIE_UNSURE = 0.3
#: Dice are located at about this size (px, longer box side): that of the photos the networks
#: were trained on (25-45 px).
READ_SIZE = 38.0
#: A frame whose dice are bigger than this (px) is shrunk so that they come to ``READ_SIZE`` before
#: they are located: at full size the pips of big dice look like small dice to the locator.
ZOOM_FROM = 70.0
#: The size (px) at which the locator's finest pyramid level sees dice of ``READ_SIZE``.
FIRST_LEVEL_SIZE = READ_SIZE * 0.5
#: Two dice whose centres are nearer than this many times their size touch, or nearly
#: (``read_handful``): edge to edge they are 1 to 1.4 sizes apart, as they are turned.
TOUCHING = 1.3
#: Touching dice this big or bigger (px, median, at the scale the first read saw) are not read
#: again as a handful enlarged to ``READ_SIZE`` by the handful locator's finest level, which read the
#: held-out photos upscaled 2-3x (dice of 53-86 px as read) worse than the first read
#: (``benchmarks/dice_scenes.py``: x3 96.4 to 95.6 % recall with 56 here, unchanged with 50; drawn
#: handfuls 91.5 % with 56, 89.6 % with 50): they are read in full first, and then again at their
#: own size (``vision.reader.read_big_handful``).
HANDFUL_MAX = 50.0
#: Dice read again at their size around dice already found (``candidates_of_size``'s ``near``) are
#: looked for within this many dice of one of them: a heap's dice the first read missed lie among
#: those it found, and the cloth further away (polka dots, flowers of a die's size) is not read.
#: A bowl of 25 dice on a patterned cloth read with no bound: 249 boxes to classify, 1.7 s.
NEAR_DICE = 2.5
#: The frame's finds the first read looks at: the best-scored (``vision.locate.locate_dice``) ...
FIRST_FINDS = 64
#: ... and at most this many more, of the size of the dice read clearly among those
#: (``more_of_their_size``). A bowl of marbled dice on a cloth of flowers gave 520 finds, 23 of them
#: on its 25 dice, 4 among the 64 best: bowl 12mp 81.8 to 86.3 % recall, max 321 to 384 ms (each
#: frame read both ways in turn); 64 more: 86.7 %, a frame 701 ms.
MORE_FINDS = 32
#: A frame taken for this many big dice or fewer has each looked into for dice of their own
#: (``big_die_size``): white dice of 20-30 px thrown in one heap on black cloth were boxed by a coarse
#: pyramid level as one die, read as a sure 6, and the frame was shrunk for it, with no die of
#: ordinary size found to tell otherwise.
LONE_BIG = 2
#: ... and is a heap, not a die, when this many of the finds in it (``vision.blobs.cluster_finds``)
#: the classifier takes for dice (not a die at most ``MAX_NOT_DIE``), read clearly or not: heaps of
#: dice of 17-22 px, which the look finds but cannot read clearly, were read as one big 6 (sure in one
#: frame). In the lone big dice of the held-out photos upscaled 2x and 3x and at 12 MP (57 looks) at
#: most 4 finds are so taken (pips, parts of the face); in the heaps of ``thrown on black`` 8 to 11.
HEAP_PARTS = 6


def big_die_size(bgr: np.ndarray, found: list[tuple[int, Candidate]]) -> tuple[float | None, list[Candidate]]:
    """The size (px) of the frame's dice when they are big, else None; and the dice found inside
    big dice that were clusters (``LONE_BIG``).

    ``found`` is ``vision.locate.locate_levels`` of the frame. Finds of the coarse pyramid levels
    (index 1 and up) that score ``STRONG_FIND`` and that the classifier reads clearly as one die
    are big dice, unless they hold the centres of more strong finds of the finest level than the
    value read (a cluster of small dice seen as one die: a die holds at most its pips), or of
    ``CLUSTER_DICE`` that read as dice of their own (``is_die_of_its_own``: white dice thrown
    together on black cloth were taken for one big 6 and shrunk out of sight); such clusters must
    be fewer than the big dice. Strong finds of the finest level outside every coarse
    find the classifier takes for a die (clear or not) are dice of ordinary size. The dice are big
    when the big dice are at least as many as those and their median size is ``ZOOM_FROM`` or more
    (``CLEAR_DIE`` and these rules were chosen on the train and dev parts at their own size, where
    no frame is taken for one of big dice, and on the dev part upscaled 2-4x). When one or two
    big dice are left, each is looked into (``vision.blobs.cluster_finds``): one holding
    ``CLUSTER_DICE`` dice of their own there, or ``HEAP_PARTS`` finds taken for dice, is a cluster
    too, and those finds are returned for the frame's read.
    """
    h, w = bgr.shape[:2]
    coarse = merge([c for level, c in found if level >= 1 and c.score >= STRONG_FIND
                    and max(c.box[2], c.box[3]) <= MAX_DIE_SHARE * min(h, w)])
    if not coarse:
        return None, []
    fine = [c for level, c in found if level == 0 and c.score >= STRONG_FIND]
    readings = read_pips(bgr, [c.box for c in coarse])
    dice = [(c, r) for c, r in zip(coarse, readings) if r.p_not_die <= MAX_NOT_DIE]
    clear_dice = [(c, r, [f for f in fine if holds(c, f)]) for c, r in dice if r.p_value >= CLEAR_DIE]
    within = list({id(f): f for _, _, fs in clear_dice for f in fs}.values())     # each find read once
    read = dict(zip(map(id, within), read_pips(bgr, [f.box for f in within])))
    clear = [(c, len(fs) <= r.value and sum(is_die_of_its_own(read[id(f)]) for f in fs) < CLUSTER_DICE)
             for c, r, fs in clear_dice]
    big = [c for c, one_die in clear if one_die]
    inside: list[Candidate] = []
    if len(big) <= LONE_BIG:                        # one or two big dice: a cluster each, seen as one?
        for c in list(big):
            parts = cluster_finds(bgr, c, READ_SIZE)
            got = read_pips(bgr, [f.box for f in parts])
            if (sum(map(is_die_of_its_own, got)) >= CLUSTER_DICE
                    or sum(r.p_not_die <= MAX_NOT_DIE for r in got) >= HEAP_PARTS):
                big.remove(c)
                inside += parts
    if len(big) <= len(clear) - len(big):
        return None, inside
    size = float(np.median([max(c.box[2], c.box[3]) for c in big]))
    small = [f for f in fine if not any(holds(c, f) for c, _ in dice)]
    return (size if size >= ZOOM_FROM and len(big) >= len(small) else None), inside


def is_die_of_its_own(r: Reading) -> bool:
    """A find inside a coarse find, read as ``r``, is a die of its own, not a pip of a big die
    (``vision.boxes.reads_as_die_of_its_own``), and not taken for no die (``MAX_NOT_DIE``)."""
    return reads_as_die_of_its_own(r) and r.p_not_die <= MAX_NOT_DIE


def candidates(bgr: np.ndarray) -> list[Candidate]:
    """Every located die of a frame, best first, in frame pixels. Big dice are located in the frame
    shrunk so that they come to ``READ_SIZE`` (``big_die_size``) and framed by a die's width of the
    frame's median colour (a shrunk frame is small: dice at its edge get the context the locator
    knows), and their boxes mapped back."""
    found = locate_levels(bgr)
    size, inside = big_die_size(bgr, found)
    if size is None:
        return locate_dice(bgr, found=found + [(0, c) for c in inside], max_dice=None)
    h, w = bgr.shape[:2]
    sw, sh = max(1, round(float(w * READ_SIZE / size))), max(1, round(float(h * READ_SIZE / size)))
    shrunk = cv2.resize(bgr, (sw, sh), interpolation=cv2.INTER_AREA)
    pad = round(READ_SIZE)                      # a die's width of plain margin: context for dice at the edge
    fill = [float(v) for v in np.median(shrunk.reshape(-1, 3), axis=0)]
    padded = cv2.copyMakeBorder(shrunk, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=fill)
    fx, fy = w / sw, h / sh
    return [replace(c, box=((c.box[0] - pad) * fx, (c.box[1] - pad) * fy, c.box[2] * fx, c.box[3] * fy))
            for c in locate_dice(padded, max_dice=None)]


def sized_finds(bgr: np.ndarray, die_px: float, model: Path = MODEL) -> list[Candidate]:
    """The finds, unmerged, of one pass of the locator in ``model`` at the scale that brings dice of
    ``die_px`` to the size it knows best, of about that size (``SIZE_TOLERANCE``)."""
    lo, hi = die_px / SIZE_TOLERANCE, die_px * SIZE_TOLERANCE
    return [c for c in level_finds(bgr, FIRST_LEVEL_SIZE / die_px, model=model) if lo <= max(c.box[2], c.box[3]) <= hi]


def candidates_of_size(bgr: np.ndarray, die_px: float, model: Path = MODEL,
                       near: Sequence[tuple[float, float]] | None = None,
                       finds: list[Candidate] | None = None) -> list[Candidate]:
    """The located dice of a frame whose dice are known to be about ``die_px``: one pass of the
    locator in ``model`` at the scale that brings them to the size the locator knows best, keeping
    finds of about that size. ``near``: dice centres (x, y) already found; only finds whose centre
    lies within ``NEAR_DICE`` dice of one of them are kept. ``finds``: ``sized_finds(bgr, die_px,
    model)`` when the caller has them already."""
    found = sized_finds(bgr, die_px, model) if finds is None else finds
    if near is not None:
        found = [c for c in found if near_any(c, near, NEAR_DICE * die_px)]
    return merge(found)


@dataclass(frozen=True)
class Located:
    """A frame's located boxes (none nearly as big as the frame), their crops and the classifier's
    upright probabilities of them (``vision.classify.first_look``)."""

    cands: list[Candidate]
    crops: np.ndarray
    probs: np.ndarray


def locate_and_look(bgr: np.ndarray, die_px: float | None = None, finest: bool = False,
                    model: Path = MODEL, near: Sequence[tuple[float, float]] | None = None) -> Located:
    """The boxes ``look`` judges in a BGR frame (``die_px`` as there; ``finest``: located by the
    finest pyramid level alone of the locator in ``model``, for a frame enlarged so that its dice
    come to ``READ_SIZE``), each read upright once. With ``die_px``, when boxes found touch (a
    handful) the frame is located again by the handful locator (``HANDFUL_MODEL``) and its boxes
    are judged instead; ``near`` is then ``candidates_of_size``'s; with ``finest``, dice centres the
    finds must lie within ``NEAR_DICE`` dice (of ``READ_SIZE``) of (``locate_finest``). With
    ``near``, the boxes beside those read clearly as dice are looked at too, die by die along a heap
    (``vision.heap.grown_near``)."""
    grow: Callable[..., list[Candidate]] | None = None
    if die_px is not None:
        finds = sized_finds(bgr, die_px, model)
        found = candidates_of_size(bgr, die_px, model, near, finds)
        if model == MODEL and handful_wanted([c.box for c in found], None):
            model = HANDFUL_MODEL
            finds = sized_finds(bgr, die_px, model)
            found = candidates_of_size(bgr, die_px, model, near, finds)
        grow = partial(candidates_of_size, bgr, die_px, model, finds=finds)
    elif finest:
        finds = finest_finds(bgr, model=model)
        found = locate_finest(bgr, model=model, near=near, reach=NEAR_DICE * READ_SIZE, finds=finds)
        # growing, the best of the finds near more centres are taken: twice as many
        grow = partial(locate_finest, bgr, model=model, reach=NEAR_DICE * READ_SIZE, finds=finds, max_dice=2 * FIRST_FINDS)
    else:
        found = candidates(bgr)
    cands = [c for c in found if max(c.box[2], c.box[3]) <= MAX_DIE_SHARE * min(bgr.shape[:2])]
    whole = die_px is None and not finest                  # the whole frame, at no known size
    first = cands[:FIRST_FINDS] if whole else cands
    located = Located(first, *first_look(bgr, [c.box for c in first]))
    if grow is not None and near is not None:
        located = Located(*grown_near(bgr, located.cands, located.crops, located.probs, list(near), grow,
                                      MAX_NOT_DIE, MORE_FINDS))
    if whole:
        located = more_of_their_size(bgr, located, cands[FIRST_FINDS:])
    return split_blobs(bgr, located) if whole and model == MODEL else located


def more_of_their_size(bgr: np.ndarray, loc: Located, rest: list[Candidate]) -> Located:
    """``loc`` with up to ``MORE_FINDS`` more of the frame's finds ``rest`` (those after the
    ``FIRST_FINDS`` best-scored, best first) looked at, of about the size (``SIZE_TOLERANCE``) of
    the boxes ``loc``'s upright look reads clearly as dice (``CLEAR_DIE``, at least two of them): on a
    patterned cloth the dice can score below hundreds of its flowers or dots. ``loc`` itself when
    there is no such find."""
    clear = [c.box for c, p in zip(loc.cands, loc.probs) if p[NOT_A_DIE] <= MAX_NOT_DIE and p[:NOT_A_DIE].max() >= CLEAR_DIE]
    if not rest or len(clear) < 2:
        return loc
    size = median_size(clear)
    more = [c for c in rest if size / SIZE_TOLERANCE <= max(c.box[2], c.box[3]) <= size * SIZE_TOLERANCE][:MORE_FINDS]
    if not more:
        return loc
    crops, probs = first_look(bgr, [c.box for c in more])
    return Located(loc.cands + more, np.concatenate([loc.crops, crops]), np.concatenate([loc.probs, probs]))


def split_blobs(bgr: np.ndarray, loc: Located) -> Located:
    """``loc`` with the dice found where the locator boxed dice together (``vision.blobs``): boxes
    it found strongly that the upright look takes for no die (blobs), or for one die unclearly
    while they hold smaller boxes (groups) or where no die reads clearly (heaps, taken as such
    with ``HEAP_PARTS``), looked into by the handful locator at the scale of the dice they are
    thought to hold; the finds there that are parts of them join the candidates, read upright like
    the rest. Then, where the dice read so far are small, boxes taken for no die that the locator
    found weakly, with room for two or more of those dice, are looked into too (``weak_places``)."""
    for weak in (False, True):                     # the dice found first may tell the dice's size
        parts = blob_finds(bgr, loc.cands, loc.probs, READ_SIZE, MAX_NOT_DIE, HEAP_PARTS, weak)
        if parts:
            crops, probs = first_look(bgr, [c.box for c in parts])
            loc = Located(loc.cands + parts, np.concatenate([loc.crops, crops]), np.concatenate([loc.probs, probs]))
    return loc


def likely_boxes(located: Located) -> list[tuple[float, float, float, float]]:
    """The located boxes the upright look takes for dice."""
    return [c.box for c, p in zip(located.cands, located.probs) if p[NOT_A_DIE] <= MAX_NOT_DIE]


def likely_size(located: Located) -> float | None:
    """The median size (px, longer side) of the located boxes the upright look takes for dice."""
    boxes = likely_boxes(located)
    return median_size(boxes) if boxes else None


def look(bgr: np.ndarray, die_px: float | None = None, *, max_not_die_unsure: float = MAX_NOT_DIE_UNSURE,
         sure_max_not_die: float = SURE_MAX_NOT_DIE, odd_sized: float = ODD_SIZED,
         located: Located | None = None, clear: float = CLEAR, reported: bool = True) -> list[Seen]:
    """Every die the reader keeps in a BGR uint8 frame, before boxes are rounded. With ``die_px``
    (a calibrated camera) only boxes of about that size are dice. ``max_not_die_unsure`` and
    ``sure_max_not_die`` are ``MAX_NOT_DIE_UNSURE`` and ``SURE_MAX_NOT_DIE``, and ``odd_sized``
    ``ODD_SIZED`` (two boxes are held to ``ODD_PAIR``, or to ``odd_sized`` where that is more),
    except where their choice is measured (1.0 keeps every unsure die and every sure one sure;
    ``math.inf`` keeps boxes of any size). ``located`` is ``locate_and_look(bgr, die_px)``
    when the caller has it already; ``clear`` is ``vision.classify.settled_probabilities``'s (0: no
    die is read again turned, a quick first read); ``reported`` False skips what only the dice
    reported need, ``second_look`` and ``vision.shape.doubt_shapes`` (for a quick first read, which
    only says where to read again)."""
    loc = located if located is not None else locate_and_look(bgr, die_px)
    probs = settled_probabilities(loc.crops, loc.probs, clear)
    seen = []
    for cand, r in zip(loc.cands, readings(probs)):
        if r.p_not_die > MAX_NOT_DIE:
            continue
        n = count_pips(bgr, cand.box)
        seen.append(Seen(cand, r, n, confidence(r.p_value, cand.score, n == r.value)))
    nested = resolve_nesting(seen, max_not_die_unsure=max_not_die_unsure)
    kept = [s for s in doubt_undersized(drop_outsized(nested))
            if s.confidence >= CERTAIN or s.reading.p_not_die <= max_not_die_unsure]
    kept = drop_odd_sized(doubt_maybe_no_die(kept, sure_max_not_die), odd_sized, max(ODD_PAIR, odd_sized))
    if die_px is not None:
        kept = [s for s in kept if die_px / SIZE_TOLERANCE <= s.size <= die_px * SIZE_TOLERANCE]
    if not reported:
        return kept
    return doubt_shapes(bgr, second_look(loc, probs, kept))


def second_look(loc: Located, probs: np.ndarray, kept: list[Seen]) -> list[Seen]:
    """The kept dice read with ``vision.classify.second_opinion`` (``probs``: the settled
    probabilities of every box of ``loc``): each die's value and confidence come from the two
    models' mean. A die the first reading or a rule left unsure stays unsure: the second model
    may change a value or take a die's sureness away, never give it."""
    if not kept:
        return kept
    index = {id(c): i for i, c in enumerate(loc.cands)}
    rows = [index[id(s.candidate)] for s in kept]
    out = []
    for s, r in zip(kept, readings(second_opinion(loc.crops[rows], probs[rows]))):
        conf = confidence(r.p_value, s.candidate.score, s.counted == r.value)
        out.append(replace(s, reading=r,
                           confidence=conf if s.confidence >= CERTAIN else min(conf, s.confidence)))
    return out


def handful_wanted(boxes: Sequence[Sequence[float]], seen_size: float | None) -> bool:
    """Whether the dice of ``boxes`` (x, y, w, h) are read again by the handful locator enlarged to
    ``READ_SIZE``: two of them touch (``boxes_touch``) and, when the read saw them at ``seen_size``
    (px, median), that is under ``HANDFUL_MAX``. ``seen_size`` None: they were located at a
    calibration's known size, the size the locators read best, so any size will do. Bigger dice
    that touch are read again at their own size (``vision.reader.read_big_handful``)."""
    return (seen_size is None or seen_size < HANDFUL_MAX) and boxes_touch(boxes)


def touching(dice: list[Die]) -> bool:
    """Whether two of the dice touch or nearly (centres nearer than ``TOUCHING`` times their size)."""
    return boxes_touch([d.box for d in dice])


def boxes_touch(boxes: Sequence[Sequence[float]]) -> bool:
    """Whether two of the boxes (x, y, w, h) touch or nearly, as ``touching`` says of dice."""
    c = [(x + w / 2, y + h / 2, max(w, h)) for x, y, w, h in boxes]
    return any(np.hypot(a[0] - b[0], a[1] - b[1]) < TOUCHING * (a[2] + b[2]) / 2
               for i, a in enumerate(c) for b in c[i + 1:])


def in_reading_order(dice: list[Die]) -> list[Die]:
    """The dice top to bottom (by their centres), then left to right."""
    return sorted(dice, key=lambda d: (d.box[1] + d.box[3] // 2, d.box[0]))


def placed(bgr: np.ndarray, seen: list[Seen], origin: tuple[int, int], scale: tuple[float, float],
           frame: tuple[int, int]) -> list[Die]:
    """The dice ``look`` kept in ``bgr``, a part of a frame of size ``frame`` (h, w) whose pixel (0, 0)
    is the frame's ``origin`` and one pixel of which spans ``scale`` (x, y) frame pixels: boxes in
    frame pixels, clipped to it, in reading order."""
    fx, fy = scale
    fh, fw = frame
    dice = []
    for s in seen:
        x, y, bw, bh = s.candidate.box
        x, y, bw, bh = origin[0] + x * fx, origin[1] + y * fy, bw * fx, bh * fy
        x0, y0 = max(0, round(float(x))), max(0, round(float(y)))
        x1, y1 = min(fw, round(float(x + bw))), min(fh, round(float(y + bh)))
        if x1 - x0 < 2 or y1 - y0 < 2:
            continue
        dice.append(Die(value=s.reading.value, box=(x0, y0, x1 - x0, y1 - y0),
                        confidence=round(float(s.confidence), 4), colour=face_colour(bgr, s.candidate.box),
                        found=round(float(s.candidate.score), 4)))
    return in_reading_order(dice)


def read_part(bgr: np.ndarray, die_px: float | None, origin: tuple[int, int], zoom: float,
          frame: tuple[int, int], finest: bool = False, model: Path = MODEL,
          near: Sequence[tuple[float, float]] | None = None) -> list[Die]:
    """The dice of ``bgr``, a part of a frame of size ``frame`` (h, w) whose pixel (0, 0) is the
    frame's ``origin`` and which is ``1 / zoom`` times the frame's scale; boxes in frame pixels.
    ``finest``: located by the finest pyramid level alone of the locator in ``model``; ``near``:
    with ``die_px`` or ``finest``, dice centres in ``bgr``'s pixels that the dice found must lie near
    (``locate_and_look``).
    The step every read of the reader ends with."""
    work, (fx, fy) = working_copy(bgr) if die_px is None else (bgr, (1.0, 1.0))
    if blank(work):
        return []
    located = locate_and_look(work, die_px, finest=finest, model=model, near=near)
    return placed(work, look(work, die_px, located=located), origin, (zoom * fx, zoom * fy), frame)
