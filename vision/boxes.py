"""How the reader settles its boxes against each other: ``Seen`` (one located box with what the
reader knows of it) and the rules that drop or doubt a box because of the frame's other boxes.

Boxes inside boxes (``resolve_nesting``: the pips of a big die found as small dice, or a cluster
of dice found as one big die), boxes many times the size of the others (``OUTSIZED``: a cluster),
far smaller (``UNDERSIZED``: a pip, reported unsure), boxes the classifier doubts are dice
(``SURE_MAX_NOT_DIE``: never sure) and those of them off the dice's size (``ODD_SIZED``: clutter,
dropped). Every rule takes and returns a list of ``Seen``; none reads the frame.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

import numpy as np

from vision.classify import Reading
from vision.die import CERTAIN, Die
from vision.locate import Candidate

#: A classifier probability from which a big box plainly looks like one die (not a cluster).
CLEAR_DIE = 0.8
#: A box holding this many smaller boxes that read as dice of their own (``reads_as_die_of_its_own``)
#: is a group of dice, not one big die (``resolve_nesting``, ``vision.look.big_die_size``).
CLUSTER_DICE = 2
#: The confidence given to dice the reader contradicts itself on (just below CERTAIN).
UNSURE = 0.45
#: A die whose "not a die" probability exceeds this is never reported sure: where the classifier
#: doubts a box is a die at all, its value is asked of the player even when the pip count agrees (a
#: token or key with one dot is counted as 1 pip). Chosen on the dev part (tools/dice_split.py),
#: plain, four times in clutter, tilted twice and upscaled 2x: the lowest value at which no die read
#: right loses its sure (0.03 costs three); there it makes the one sure box on no die (a token read as
#: a 1) unsure (``tools.dice_dev_report --scene S``: plain, clutter ``--repeat 4``, tilted ``--repeat
#: 2``, x2). On the held-out photos in the same scenes it makes 3 sure boxes on no die unsure
#: (clutter read as 1s) and 2 of 2530 sure dice read right.
SURE_MAX_NOT_DIE = 0.05
#: Least locator score of a find that counts when the die size of a frame is estimated.
STRONG_FIND = 0.5
#: A box this many times the median size of the frame's other dice (two or more) is no die but a
#: cluster of dice found as one (on the train and dev parts every box 1.8 times the others' size or
#: more was one).
OUTSIZED = 3.0
#: A box under this share of the median size of the frame's other dice (three or more) is reported
#: unsure: a pip or a piece of a big die the locator missed (in the labelled photos no die is under
#: 0.64 of the others' median).
UNDERSIZED = 0.5
#: A box the classifier doubts is a die (``SURE_MAX_NOT_DIE``) whose size is off the median of the
#: frame's other boxes (two or more) by more than this factor, either way, is dropped: the dice of one
#: frame are of one size, give or take the perspective, and clutter (a key, a port, a token) rarely
#: is theirs. Chosen on the dev and train parts (tools/dice_split.py; ``tools.dice_dev_report``): on
#: the dev part plain, in clutter four times, tilted twice and upscaled 2x it drops 13 of the 30 boxes
#: on no die kept there and no die; on the train part plain and in clutter, 22 boxes on no die and a
#: die read right in each (one die, 0.71 of the others' size). 1.25 drops 47 boxes on no die there and
#: 6 dice, 1.5 drops 28 and none.
ODD_SIZED = 1.4
#: Where a frame has two boxes, a doubted one is dropped when its size is off the other's by more than
#: this factor and the other is not doubted: two dice seen at an angle, one near the camera and one
#: far, differ by half as much again (the ``webcam desk`` scene of ``benchmarks/dice_scenes.py``: a
#: die of 40 px beside one of 27, a die of 41 px beside one of 60), a keyboard's corner boxed beside a
#: die of 31 px measured 142.
ODD_PAIR = 2.5


@dataclass(frozen=True)
class Seen:
    """One located candidate with everything the reader knows about it."""

    candidate: Candidate
    reading: Reading
    counted: int | None
    confidence: float

    @property
    def size(self) -> float:
        return max(self.candidate.box[2], self.candidate.box[3])

    def holds_centre_of(self, other: Seen) -> bool:
        return holds_centre(self.candidate.box, other.candidate.box)


def holds_centre(box: Sequence[float], other: Sequence[float]) -> bool:
    """Whether ``box`` (x, y, w, h) holds the centre of the box ``other`` (edges included)."""
    x, y, w, h = box
    ox, oy, ow, oh = other
    return x <= ox + ow / 2 <= x + w and y <= oy + oh / 2 <= y + h


#: A box the reader knows of, or a die it reports: either carries a confidence.
Doubtable = TypeVar("Doubtable", Seen, Die)


def doubted(x: Doubtable) -> Doubtable:
    """``x`` with its confidence lowered to ``UNSURE`` (kept when already lower): a box or die some
    rule doubts is never reported sure, and the player is asked its value."""
    return replace(x, confidence=min(x.confidence, UNSURE))


def median_size(boxes: Sequence[Sequence[float]]) -> float:
    """The median size (px, longer side) of boxes (x, y, w, h), at least one."""
    return float(np.median([max(b[2], b[3]) for b in boxes]))


def reads_as_die_of_its_own(r: Reading) -> bool:
    """A box inside a bigger one, read as ``r``, is a die of its own, not a pip of the big die: it
    reads clearly (``CLEAR_DIE``) as a die of two pips or more (a pip alone, boxed as a die, reads
    as a 1 if as anything)."""
    return r.value >= 2 and r.p_value >= CLEAR_DIE


def resolve_nesting(seen: list[Seen], ratio: float = 0.6, pip_ratio: float = 0.35,
                    max_not_die_unsure: float = 1.0) -> list[Seen]:
    """Settle boxes that hold the centres of smaller boxes (smaller than ``ratio`` times their size).

    A die never holds other dice: a box holding ``CLUSTER_DICE`` that read as dice of their own goes.
    A big box the locator found only weakly (below ``STRONG_FIND``)
    around strong finds is a few dice seen as one (two dice apart on the table look like a big
    "2"): it goes, unless the strong finds all read as a lone pip, when all stay and are reported
    unsure (two dice showing 1 and a big 2 look alike). Otherwise, when all the small boxes are
    under ``pip_ratio`` of the big one and the big die is read surely, or the small ones all read
    as a lone pip ("1", at most six of them), they are the big die's pips and go; but lone pips in a
    big box that will be dropped as no die (unsure, and "not a die" over ``max_not_die_unsure``:
    ``vision.look.MAX_NOT_DIE_UNSURE``; 1.0, the default, drops none so) are no pips of a die: the
    big box goes and they stay (a die showing 1 in a box around it and a stroke of lint). When they are
    that small, neither holds, but the big box clearly looks like a die (``CLEAR_DIE``), all stay
    and are reported unsure. Otherwise the big box is wrong (a cluster of dice seen as one) and
    goes when it holds two or more smaller dice, or one read more surely.
    """
    drop: set[int] = set()
    for i, s in enumerate(seen):
        inner = [j for j, o in enumerate(seen) if j != i and o.size < ratio * s.size and s.holds_centre_of(o)]
        if not inner:
            continue
        if sum(reads_as_die_of_its_own(seen[j].reading) for j in inner) >= CLUSTER_DICE:
            drop.add(i)                                 # a group of dice seen as one: a die holds no dice
            continue
        tiny = all(seen[j].size < pip_ratio * s.size for j in inner)
        lone_pips = len(inner) <= 6 and all(seen[j].reading.value == 1 for j in inner)
        if s.candidate.score < STRONG_FIND and any(seen[j].candidate.score >= STRONG_FIND for j in inner):
            if not lone_pips:
                drop.add(i)
            continue                                    # else unsettled: doubt_nested marks all unsure
        if tiny and lone_pips and s.confidence < CERTAIN and s.reading.p_not_die > max_not_die_unsure:
            drop.add(i)                                 # no die to hold pips: it goes, whatever it holds
        elif tiny and lone_pips or s.confidence >= CERTAIN and len(inner) <= s.reading.value:
            drop.update(inner)
        elif tiny and s.reading.p_value >= CLEAR_DIE:
            continue                                    # unsettled: doubt_nested marks both unsure
        elif len(inner) >= 2 or any(seen[j].confidence >= s.confidence for j in inner):
            drop.add(i)
    kept = [s for i, s in enumerate(seen) if i not in drop]
    return doubt_nested(kept, ratio)


def doubt_nested(seen: list[Seen], ratio: float = 0.6) -> list[Seen]:
    """Nesting left unsettled is a contradiction: both boxes are reported as uncertain."""
    nested = {i for i, s in enumerate(seen) for j, o in enumerate(seen)
              if i != j and o.size < ratio * s.size and s.holds_centre_of(o)}
    nested |= {j for i, s in enumerate(seen) for j, o in enumerate(seen)
               if i != j and o.size < ratio * s.size and s.holds_centre_of(o)}
    return [doubted(s) if i in nested else s for i, s in enumerate(seen)]


def others_median(seen: list[Seen]) -> list[float]:
    """For each box, the median size of the other boxes (of at least one other)."""
    sizes = np.array([s.size for s in seen])
    return [float(np.median(np.delete(sizes, i))) for i in range(len(seen))]


def likely_median(seen: list[Seen]) -> list[float]:
    """For each box, the median size of the other boxes the classifier takes for dice (``"not a die"``
    at most ``SURE_MAX_NOT_DIE``) where two or more are, else of all the others (of at least one): specks
    of lint on a cloth, boxed and read unsurely as 1s, do not set the size of the frame's dice."""
    likely = np.array([s.reading.p_not_die <= SURE_MAX_NOT_DIE for s in seen])
    sizes = np.array([s.size for s in seen])
    out = []
    for i in range(len(seen)):
        others = np.arange(len(seen)) != i
        pick = others & likely if (others & likely).sum() >= 2 else others
        out.append(float(np.median(sizes[pick])))
    return out


def drop_outsized(seen: list[Seen], ratio: float = OUTSIZED) -> list[Seen]:
    """Without boxes ``ratio`` times the median size of the other dice (``likely_median``) or more
    (when there are two others or more): dice of one frame are of one size, give or take the
    perspective."""
    if len(seen) < 3:
        return seen
    return [s for s, median in zip(seen, likely_median(seen)) if s.size < ratio * median]


def doubt_maybe_no_die(seen: list[Seen], most: float = SURE_MAX_NOT_DIE) -> list[Seen]:
    """The same dice, those whose "not a die" probability exceeds ``most`` reported unsure (kept,
    to be asked about: which boxes are dropped is settled before)."""
    return [doubted(s) if s.reading.p_not_die > most else s
            for s in seen]


def drop_odd_sized(seen: list[Seen], ratio: float = ODD_SIZED, pair: float = ODD_PAIR) -> list[Seen]:
    """Without the boxes the classifier doubts are dice (``SURE_MAX_NOT_DIE``) whose size is over
    ``ratio`` times, or under ``1 / ratio`` times, the median size of the other boxes (when there are
    two others or more); of two boxes, without a doubted one off the other's size by more than
    ``pair`` where the other is not doubted. A doubted box of the dice's size stays, to be asked
    about."""
    if len(seen) == 2:
        return [s for s, o in zip(seen, seen[::-1])
                if s.reading.p_not_die <= SURE_MAX_NOT_DIE or o.reading.p_not_die > SURE_MAX_NOT_DIE
                or o.size / pair <= s.size <= o.size * pair]
    if len(seen) < 3:
        return seen
    return [s for s, median in zip(seen, others_median(seen))
            if s.reading.p_not_die <= SURE_MAX_NOT_DIE or median / ratio <= s.size <= median * ratio]


def doubt_undersized(seen: list[Seen], ratio: float = UNDERSIZED) -> list[Seen]:
    """The same dice, those under ``ratio`` times the median size of the others (when there are
    three others or more) reported unsure: such a box is a pip or a piece of a die, not a die."""
    if len(seen) < 4:
        return seen
    return [doubted(s) if s.size < ratio * median else s
            for s, median in zip(seen, others_median(seen))]
