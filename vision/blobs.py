"""Dice that the whole-frame locator boxed together: where to look again, and which of the handful
locator's finds there are dice (``blob_finds``).

White dice thrown together on a black cloth came back as one box: a pair or a row read as no die
(a *blob*), a group of three to a dozen read, unclearly, as one die with the group's own dice boxed
inside it (a *group*). With no two dice found apart, the handful re-read of ``vision.reader`` had
nowhere to look. Each blob and group is looked into by the handful locator at the scale of the
dice it is thought to hold (where some dice of the frame read clearly, theirs: dice of one frame
are of one size), and its finds that are parts of it join the candidates. Where no die of the
frame reads clearly, a big box read unclearly as one die or taken for no die may be a heap of dice
too small for the locator at the frame's scale: it is looked into for dice four across it, and
split where what is found there reads as dice (``is_heap``). Small dice (under the networks'
reading size) are boxed in pairs more often and found less strongly: once the dice read, or found in
the first looks, tell that size, a box taken for no die with room for two of them is looked into
however weakly it was found (``weak_places``); where no die read tells it, dice at the smallest
size the locator answers for are thought of (``NO_SIZE_DIE``).
"""
from __future__ import annotations

import numpy as np

from vision.boxes import CLEAR_DIE, ODD_SIZED, OUTSIZED, reads_as_die_of_its_own
from vision.classify import NOT_A_DIE, read_pips, readings
from vision.locate import BAND, FIRST_SCALE, Candidate, finds_around, merge

#: A located box that the locator found at least this strongly may be dice boxed as one. Boxes on
#: no die score less as a rule: on the dev part 4 of the 47 boxes taken for no die reach it (in 3
#: of its 20 photos), so few frames pay for the look; 0.3 read one drawn die in a hundred more on
#: black cloth for twice the looks. Below it, only where the dice are small and the box has room for
#: two of them (``weak_places``): ``thrown on black``, 120 frames, recall 92.2 to 92.9 %; seeds 0-299
#: of ``thrown_black_scene``: 1813 to 1828 dice right of 2069 (one seed lost a die). With dice of
#: any size looked into so, the bowl's dice of the networks' reading size or more had 14 such looks
#: and lost a die; now none. Webcam desk (9 looks in 7 of 40 frames) and clutter (14 in 12 of 45)
#: read the same dice.
BLOB_FIND = 0.4
#: The dice of a frame are small, and its weakly found blobs looked into (``weak_places``), when
#: their size is under this share of the networks' reading size: the locator's finest level sees
#: them at half their size, in the lower half of its band (``vision.locate.BAND``).
SMALL_DICE = 1.0
#: The dice in a blob are taken for this share of its longer side, and the handful locator's finds
#: in it are parts of it when they are ``BLOB_PARTS`` of its size: two to three dice across, not
#: its pips (a fifth of a die).
BLOB_DIE = 0.5
BLOB_PARTS = (0.3, 0.8)
#: A box read as a die, not clearly (``vision.boxes.CLEAR_DIE``), that holds the centres of this
#: many smaller boxes (under ``GROUP_INNER`` of its size), not all of them read clearly as dice, is
#: a group (within ``GROUP_ACROSS``): its dice are taken for their median size (a group of dice all
#: read clearly is read).
GROUP_HOLDS = 2
GROUP_INNER = 0.8
#: A group spans at most this many of its dice: a box round a whole tray of them (a 12 MP photo's
#: tray of 20, 16 dice across) is no die boxed with its neighbours, and looking into it at its dice's
#: scale cost 75-100 ms for nothing the handful re-read does not find.
GROUP_ACROSS = 5.0
#: Where some boxes read clearly as dice of two pips or more (``known_size``: dice of one frame are of
#: one size), a blob or a box read unclearly as one die that is this many times their size or more
#: (within ``GROUP_ACROSS``) is a group of such dice, looked into at their size, whatever it holds
#: inside: white dice of 20-30 px thrown on black cloth were boxed in threes and fours, and a blob
#: taken for two dice across was looked into at twice their size. ``thrown on black``, 120 frames:
#: recall 73.0 to 76.6 %, frames exact 38.3 to 49.2 %; 2.0 in place of 1.6 read one frame fewer. A group
#: whose dice inside all read clearly is read, as above.
GROUP_ROOM = 1.6
#: A box taken for one big die is looked into for dice of its own (``cluster_finds``) at the scale of
#: dice this many across it; the finds there of ``CLUSTER_PARTS`` of its size are parts of it. The
#: handful locator finds 8-9 dice of their own in heaps of 10-11 white dice taken for one big 6; in
#: each labelled die of the held-out photos enlarged 2x and 3x it finds at most one (a pair of pips).
CLUSTER_ACROSS = 4.0
CLUSTER_PARTS = (0.15, 0.6)
#: What a place to look into is thought to be (``places``): a box taken for no die (a blob of two
#: dice or so), a box read unclearly as one die holding dice of a size found (a group), or one read
#: unclearly as a die of two pips or more (a 1 is a speck as often) in a frame where no die reads
#: clearly and with no smaller box inside (a heap, looked into for dice ``CLUSTER_ACROSS`` across
#: it, as ``cluster_finds`` does). White dice of 16-19 px thrown in one heap of 8-12 on black cloth
#: were read as one unsure 6: the locator finds none of them at the working copy's scale, and no die
#: apart told their size. A blob as big is looked into as a heap too, where no die's size is known:
#: such heaps were taken for no die as often, and looked into for two dice across them found a die
#: or none.
BLOB, GROUP, HEAP = "blob", "group", "heap"
#: A heap's dice are looked for only where they would be this big (px) or more: smaller, the classifier
#: cannot read them, and every lone die read unclearly would be looked into.
HEAP_DIE = 10.0
#: A heap's finds read: at least one a die of its own and this many not taken for no die
#: (``is_heap``). Of the heaps looked into in ``thrown_black_scene`` seeds 0-299, 34 of 54 were
#: taken with two dice of their own wanted, 47 with one; of 6 looks at no heap none either way.
HEAP_KEPT = 2
#: At most this many blobs and groups are looked into, the strongest first (a frame's cost is bounded),
#: and beside them at most ``MAX_HEAPS`` heaps (which take no blob's or group's look).
MAX_LOOKS = 6
MAX_HEAPS = 2
#: A blob or group is looked into enlarged so that the dice it is thought to hold come to this many
#: times the reading size: their size is taken from the locator's boxes, which run round a die
#: seen as a cube, sides and all, and a little beyond, and the handful locator missed dice of a
#: group read at their box's size (``thrown on black`` frame 89: a pair of 4 and 3 found at 1.1-1.3
#: times, not at 1.0). ``thrown_black_scene`` seeds 0-299, dice right of 2069 (sure and wrong):
#: 1.0 1835 (2), 1.1 1862 (0), 1.15 1862 (2), 1.2 1860 (3), 1.3 1866 (1); 1.1 read the calibrated
#: handfuls 92.7 to 91.5 %, 1.15 and 1.2 as before, and both lose 2 dice of a held-out photo of 25
#: shrunk to 0.4x; heaps are looked into as before.
LOOK_ZOOM = 1.15
#: Where no die reads clearly (``known_size`` None), ``weak_places`` takes the dice for this size
#: (px): the smallest the locator's finest level answers for (``vision.locate.BAND``), under which
#: it finds specks of lint and misses dice. Two groups of three 20 px dice on black cloth in a
#: 1280 x 960 photo (``thrown on black`` frame 55) were boxed as two boxes taken for no die among
#: forty specks, and no die was read; looked into at this size, four were found, three read right. ``thrown on black``:
#: recall 94.9 to 95.7 %, frames exact 84.2 to 85.0 %; seeds 0-299 of ``thrown_black_scene``: 1862
#: to 1868 dice right (18 px read as many, 26 px 1864), none lost. Of the other scenes' 880 frames
#: it looked into 15, and read the same dice there; into none of the held-out and dev photos.
NO_SIZE_DIE = BAND[0] / FIRST_SCALE


def size(c: Candidate) -> float:
    """A box's longer side (px)."""
    return max(c.box[2], c.box[3])


def holds(outer: Candidate, inner: Candidate) -> bool:
    """Whether the centre of ``inner`` lies within ``outer``."""
    x, y, w, h = outer.box
    cx, cy = inner.box[0] + inner.box[2] / 2, inner.box[1] + inner.box[3] / 2
    return x <= cx <= x + w and y <= cy <= y + h


def places(cands: list[Candidate], probs: np.ndarray, max_not_die: float) -> list[tuple[Candidate, float, str]]:
    """Where to look again (at most ``MAX_LOOKS`` blobs and groups and ``MAX_HEAPS`` heaps, strongest
    first): each blob, group or heap of the
    located ``cands`` (with their upright ``probs``; a box is taken for no die above
    ``max_not_die``), with the size (px) of the dice it is thought to hold and what it is thought
    to be (``BLOB``, ``GROUP``, ``HEAP``; a box with room for two dice of ``known_size``, looked
    into at that size, is a group)."""
    known = known_size(cands, probs, max_not_die) or 0.0

    def heap(c: Candidate) -> list[tuple[Candidate, float, str]]:   # no size known; dice readable
        return [(c, size(c) / CLUSTER_ACROSS, HEAP)] if not known and size(c) >= CLUSTER_ACROSS * HEAP_DIE else []

    out = []
    for c, p in zip(cands, probs):
        if c.score < BLOB_FIND:
            continue
        if p[NOT_A_DIE] > max_not_die:
            out.append((c, known, GROUP) if roomy(c, known) else (c, BLOB_DIE * size(c), BLOB))
            out += heap(c)
        elif p[:NOT_A_DIE].max() < CLEAR_DIE:
            inner = [(o, q) for o, q in zip(cands, probs)
                     if o is not c and holds(c, o) and size(o) < GROUP_INNER * size(c)]
            die = float(np.median([size(o) for o, _ in inner])) if inner else 0.0
            read = len(inner) >= GROUP_HOLDS and all(q[:NOT_A_DIE].max() >= CLEAR_DIE for _, q in inner)
            if len(inner) >= GROUP_HOLDS and size(c) <= GROUP_ACROSS * die and not read:
                out.append((c, die, GROUP))
            elif roomy(c, known) and not read:
                out.append((c, known, GROUP))
            elif not inner and np.argmax(p[:NOT_A_DIE]) >= 1:
                out += heap(c)
    out.sort(key=lambda t: -t[0].score)
    return [t for t in out if t[2] != HEAP][:MAX_LOOKS] + [t for t in out if t[2] == HEAP][:MAX_HEAPS]


def roomy(c: Candidate, known: float) -> bool:
    """Whether the box ``c`` has room for two or more dice of the size ``known`` (px; 0: none
    known), within ``GROUP_ACROSS`` of them."""
    return known > 0 and GROUP_ROOM * known <= size(c) <= GROUP_ACROSS * known


def weak_places(cands: list[Candidate], probs: np.ndarray, max_not_die: float,
                read_size: float) -> list[tuple[Candidate, float, str]]:
    """Where to look again among the boxes ``places`` passes over as found too weakly
    (``BLOB_FIND``), when the dice of the frame are small (``known_size``, or ``NO_SIZE_DIE`` where
    none is known, under ``SMALL_DICE`` of ``read_size``): each box taken for no die
    (``max_not_die``) with room for two or more of them (``roomy``), as a group of such dice; at
    most ``MAX_LOOKS``, the strongest first."""
    known = known_size(cands, probs, max_not_die) or NO_SIZE_DIE
    if known >= SMALL_DICE * read_size:
        return []
    out = [(c, known, GROUP) for c, p in zip(cands, probs)
           if c.score < BLOB_FIND and p[NOT_A_DIE] > max_not_die and roomy(c, known)]
    return sorted(out, key=lambda t: -t[0].score)[:MAX_LOOKS]


def known_size(cands: list[Candidate], probs: np.ndarray, max_not_die: float) -> float | None:
    """The median size (px) of the located ``cands`` whose upright ``probs`` read as dice of their
    own (``vision.boxes.reads_as_die_of_its_own``: clearly, two pips or more) and not as no die
    (``max_not_die``), None when none do (a lint speck or a pip boxed alone reads as a 1, if as
    anything)."""
    clear = [size(c) for c, r in zip(cands, readings(probs))
             if r.p_not_die <= max_not_die and reads_as_die_of_its_own(r)]
    return float(np.median(clear)) if clear else None


def parts(finds: list[Candidate], place: Candidate, die: float, kind: str, dice: list[Candidate]) -> list[Candidate]:
    """The ``finds`` of a look into ``place`` that are parts of it: each holds its centre within it,
    is of a part's size (a blob's: ``BLOB_PARTS`` of its size; a heap's: ``CLUSTER_PARTS``; a group's: within
    ``vision.boxes.ODD_SIZED`` of its dice's size ``die``), and lies on none of the ``dice``
    already found (neither holds the other's centre), of those under ``vision.boxes.OUTSIZED`` times
    its size: a box round a whole group, read as one die, is no die the part repeats (beside the
    group's dice ``vision.boxes.drop_outsized`` drops it), and it hid every die of the group."""
    share = {BLOB: BLOB_PARTS, HEAP: CLUSTER_PARTS}.get(kind)
    lo, hi = (share[0] * size(place), share[1] * size(place)) if share else (die / ODD_SIZED, die * ODD_SIZED)
    return [f for f in finds if holds(place, f) and lo <= size(f) <= hi
            and not any((holds(d, f) or holds(f, d)) and size(d) < OUTSIZED * size(f) for d in dice)]


def fitting(found: list[Candidate], dice: list[Candidate]) -> list[Candidate]:
    """Of the parts ``found``, those within ``vision.boxes.ODD_SIZED`` of the median size of the
    ``dice`` found apart, when there are any (a part far smaller than they is a pip or a speck, and
    beside it the rules of ``vision.look`` would drop those dice as outsized). Merged, best first."""
    if dice:
        med = float(np.median([size(d) for d in dice]))
        found = [f for f in found if med / ODD_SIZED <= size(f) <= med * ODD_SIZED]
    return merge(found)


def blob_finds(bgr: np.ndarray, cands: list[Candidate], probs: np.ndarray, read_size: float,
               max_not_die: float, heap_parts: int, weak: bool = False) -> list[Candidate]:
    """The dice candidates found in the blobs and groups of the located ``cands`` of the BGR frame
    (``places``; ``weak``: ``weak_places``), each looked into by the handful locator at the scale
    that brings the dice it is thought to hold to ``LOOK_ZOOM`` times ``read_size``
    (``vision.locate.finds_around``): its ``parts`` that are ``fitting``, none a box already among
    ``cands``. A box thought a heap is looked into first (at its own scale, ``heap_finds``), and is
    one only when its parts say so (``is_heap``, with ``heap_parts``); else it stays among the dice
    found, as though not looked into. They are merged against the other ``cands``, not against the
    places looked into: a pair's box holds the centre of each of its dice and is of a similar size,
    and merged against it a die found less strongly than the pair was lost."""
    looks = weak_places(cands, probs, max_not_die, read_size) if weak else places(cands, probs, max_not_die)
    if not looks:
        return []
    taken = [c for c, p in zip(cands, probs) if p[NOT_A_DIE] <= max_not_die]
    heaps: dict[int, list[Candidate]] = {}          # the heaps found so (by id), and their parts
    for place, _, kind in looks:
        if kind == HEAP:
            got = heap_finds(bgr, place, read_size, [c for c in taken if c is not place])
            if is_heap(bgr, got, max_not_die, heap_parts):
                heaps[id(place)] = got
    looked = [t for t in looks if t[2] != HEAP or id(t[0]) in heaps]
    grouped = {id(c) for c, _, kind in looked if kind != BLOB}
    dice = [c for c in taken if id(c) not in grouped]
    found = [f for place, die, kind in looked
             for f in (heaps[id(place)] if kind == HEAP else
                       parts(finds_around(bgr, place.box, LOOK_ZOOM * read_size / die), place, die, kind, dice))]
    in_heaps = [f for got in heaps.values() for f in got]           # dice of the frame too
    others = [c for c in cands if not any(c is place for place, _, _ in looked)]
    return [c for c in merge(others + fitting(found, dice + in_heaps)) if not any(c is k for k in others)]


def heap_finds(bgr: np.ndarray, place: Candidate, read_size: float, dice: list[Candidate]) -> list[Candidate]:
    """The ``parts`` of the box ``place`` of the BGR frame looked into as a heap: the handful
    locator's finds there at the scale that brings dice ``CLUSTER_ACROSS`` across it to
    ``read_size``, of ``CLUSTER_PARTS`` of its size, on none of the ``dice`` found."""
    die = size(place) / CLUSTER_ACROSS
    return parts(finds_around(bgr, place.box, read_size / die), place, die, HEAP, dice)


def is_heap(bgr: np.ndarray, finds: list[Candidate], max_not_die: float, heap_parts: int) -> bool:
    """Whether the ``finds`` in a box of the BGR frame taken for one die make it a heap of dice: one
    of them reads as a die of its own (``reads_as_die_of_its_own``) and another is not taken for no
    die (``max_not_die``), or ``heap_parts`` are not, read clearly or not. A die's pips and corners
    are found in it as parts of a heap's size, read as 1s, as no die, or unclearly: of the labelled
    dice of the dev and held-out photos at 1x, 2x and 3x that the classifier reads unclearly, 348
    looks (tight boxes and square), 4 took one for a heap, each time the same 3, part of whose
    diagonal of pips reads as a die of its own."""
    got = read_pips(bgr, [f.box for f in finds])
    kept = [r for r in got if r.p_not_die <= max_not_die]
    return (any(map(reads_as_die_of_its_own, kept)) and len(kept) >= HEAP_KEPT) or len(kept) >= heap_parts


def cluster_finds(bgr: np.ndarray, c: Candidate, read_size: float) -> list[Candidate]:
    """The handful locator's finds in the box ``c`` of the BGR frame, looked into at the scale that
    brings dice ``CLUSTER_ACROSS`` across it to ``read_size``: those that hold their centre within it
    and are ``CLUSTER_PARTS`` of its size, merged. Whether they are dice the classifier says."""
    lo, hi = CLUSTER_PARTS[0] * size(c), CLUSTER_PARTS[1] * size(c)
    return merge([f for f in finds_around(bgr, c.box, read_size * CLUSTER_ACROSS / size(c))
                  if holds(c, f) and lo <= size(f) <= hi])
