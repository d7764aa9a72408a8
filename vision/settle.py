"""Settle detection: tell, from a stream of camera frames, when a throw of dice has come to rest.

The per-frame work is cheap (a small grey copy of the frame compared with the previous one); the
expensive dice reader runs only once the picture has been still for a moment, and a roll is reported
only when two readings taken at two still moments agree. Nothing is reported while anything moves
(a rolling die, a hand). A new roll needs motion in between, and afterwards the picture must differ from
the still picture before that motion and the dice must not lie where they lay with the same faces: dice
left lying are reported once, however long they lie there, and a hand or a shadow passing over them
without moving them is not a roll; the same values thrown again (landing elsewhere) are.

>>> detector = SettleDetector(read=read_dice)            # doctest: +SKIP
>>> for frame, t in frames:                              # doctest: +SKIP
...     settled = detector.feed(frame, t)
...     if settled:
...         print(settled.values)

Pure: numpy and cv2 on arrays only; the reader is injected.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

import cv2
import numpy as np

from vision.die import Die
from vision.errors import BadImage

#: idle: nothing to report (no roll yet, or the last roll was reported); moving: something small moves
#: (a rolling die); hand: a large part of the picture changes (a hand, an arm); settling: still, reading.
Status = Literal["idle", "moving", "hand", "settling"]

Reader = Callable[[np.ndarray], Sequence[Die]]

#: The confidence, at most, of a die whose readings kept changing on a still picture.
UNSETTLED = 0.3

#: Frame times are sums of 1/fps: 3 frames at 30 fps must count as the 0.1 s they are.
EPSILON = 0.002


@dataclass(frozen=True)
class Settled:
    """A roll that has come to rest: the dice read, when the picture went still and when it was reported."""

    dice: tuple[Die, ...]
    still_since: float
    t: float
    frame: np.ndarray = field(compare=False, repr=False)

    @property
    def values(self) -> tuple[int, ...]:
        """The face values, sorted (the order of dice on the table carries no meaning)."""
        return tuple(sorted(d.value for d in self.dice))

    @property
    def uncertain(self) -> tuple[Die, ...]:
        """The dice the reader was not sure of: the player should check these."""
        return tuple(d for d in self.dice if not d.certain)


def motion_image(frame: np.ndarray, width: int = 160) -> np.ndarray:
    """A small grey copy of ``frame`` (``width`` pixels wide, aspect kept) for cheap motion checks.

    Accepts H×W grey, H×W×3 BGR or H×W×4 BGRA uint8 arrays; raises :class:`BadImage` otherwise.
    """
    check_frame(frame)
    h, w = frame.shape[:2]
    width = min(width, w)
    height = max(1, round(h * width / w))
    small = cv2.resize(frame, (width, height), interpolation=cv2.INTER_AREA)
    if small.ndim == 3:
        code = cv2.COLOR_BGRA2GRAY if small.shape[2] == 4 else cv2.COLOR_BGR2GRAY
        small = cv2.cvtColor(small, code)
    return small


def changed_fraction(a: np.ndarray, b: np.ndarray, threshold: int = 16) -> float:
    """The share (0..1) of pixels that differ by more than ``threshold`` grey levels between two small
    grey images of the same size, after removing an overall brightness shift (auto exposure, a lamp
    dimming slowly), so that only things that moved or appeared count."""
    shift = float(b.mean()) - float(a.mean())
    diff = cv2.absdiff(b.astype(np.int16), a.astype(np.int16) + np.int16(round(shift)))
    return float(np.count_nonzero(diff > threshold)) / diff.size


def largest_change(a: np.ndarray, b: np.ndarray, threshold: int = 16) -> float:
    """The share (0..1) of the picture covered by the largest connected region that changed between two
    small grey images (overall brightness shift removed, as in :func:`changed_fraction`). A hand or an
    arm is one large region; many dice are many small ones."""
    shift = float(b.mean()) - float(a.mean())
    diff = cv2.absdiff(b.astype(np.int16), a.astype(np.int16) + np.int16(round(shift)))
    mask = (diff > threshold).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if n <= 1:
        return 0.0
    return float(stats[1:, cv2.CC_STAT_AREA].max()) / mask.size


def check_frame(frame: object) -> None:
    """Raise :class:`BadImage` unless ``frame`` is a non-empty uint8 grey, BGR or BGRA image."""
    if not isinstance(frame, np.ndarray):
        raise BadImage(f"a frame must be a numpy array, not {type(frame).__name__}")
    if frame.dtype != np.uint8:
        raise BadImage(f"a frame must be 8-bit (uint8), not {frame.dtype}")
    if frame.ndim not in (2, 3) or (frame.ndim == 3 and frame.shape[2] not in (1, 3, 4)):
        raise BadImage(f"a frame must be H×W, H×W×3 or H×W×4, not shape {frame.shape}")
    if frame.shape[0] < 2 or frame.shape[1] < 2:
        raise BadImage(f"a frame of shape {frame.shape} is too small")


def same_reading(a: Sequence[Die], b: Sequence[Die]) -> bool:
    """True when two readings show the same dice: the same number of dice with the same face values."""
    return sorted(d.value for d in a) == sorted(d.value for d in b)


def same_places(before: Sequence[Die], after: Sequence[Die], tolerance: float = 0.5) -> bool:
    """True when ``after`` shows the same values as ``before`` at the same places: each die pairs off with
    one of the same value whose centre is within ``tolerance`` × its size (a die nudged, not thrown)."""
    if not before or not same_reading(before, after):
        return False
    left = list(before)
    for die in after:
        x, y, w, h = die.box
        reach = tolerance * max(w, h, 1)
        match = next((d for d in left if d.value == die.value and math.hypot(
            d.box[0] + d.box[2] / 2 - x - w / 2, d.box[1] + d.box[3] / 2 - y - h / 2) <= reach), None)
        if match is None:
            return False
        left.remove(match)
    return True


def moved_on(before: Sequence[Die], after: Sequence[Die], tolerance: float = 0.5) -> bool:
    """True when ``after`` is a new roll rather than what is left of ``before``: fewer than half of its
    dice lie where a die of the same value lay in ``before`` (within ``tolerance`` × its size). Dice
    picked up one by one, or nudged, leave the others in place and give False; a throw gives True.
    With nothing before, any dice are a new roll."""
    if not after:
        return False
    if not before:
        return True
    left = list(before)
    kept = 0
    for die in after:
        match = next((d for d in left if same_places([d], [die], tolerance)), None)
        if match is not None:
            left.remove(match)
            kept += 1
    return 2 * kept < len(after)


def mark_changes(before: Sequence[Die], after: Sequence[Die]) -> tuple[Die, ...]:
    """``after`` with every die that has no die of the same value at its place in ``before`` made
    uncertain (confidence at most :data:`UNSETTLED`)."""
    out = []
    for die in after:
        kept = any(same_places([d], [die]) for d in before)
        out.append(die if kept else replace(die, confidence=min(die.confidence, UNSETTLED)))
    return tuple(out)


class SettleDetector:
    """A small state machine fed with frames; :meth:`feed` returns a :class:`Settled` once per roll.

    :param read: the dice reader, ``read(image) -> list[Die]``; called only on still pictures, about
        twice per roll.
    :param width: width of the small grey copy used for motion (160 px: 4× smaller than 640×480).
    :param threshold: grey levels a small pixel must change by to count as changed (camera noise stays
        well below it once averaged over a 4×4 block).
    :param motion_fraction: share of changed pixels from which the picture counts as moving.
    :param hand_fraction: share of the picture from which one connected changed region (from one frame to
        the next, or against the still picture from before the motion) counts as a hand or an arm rather
        than dice (a 60 px die in a 640×480 frame covers about 1.2 %).
    :param still_for: seconds the picture must have been still before the first reading.
    :param confirm_after: seconds between two readings that must agree before the roll is reported.
    :param max_reads: readings of one still picture after which, if no two in a row have agreed, the
        latest is reported anyway, its dice that moved or changed value since the one before marked
        uncertain (confidence at most :data:`UNSETTLED`) for the player to check. Until then the reader
        runs every ``confirm_after`` seconds.
    """

    def __init__(
        self,
        read: Reader,
        *,
        width: int = 160,
        threshold: int = 16,
        motion_fraction: float = 0.002,
        hand_fraction: float = 0.08,
        still_for: float = 0.1,
        confirm_after: float = 0.1,
        max_reads: int = 4,
    ) -> None:
        if not callable(read):
            raise TypeError("read must be a function image -> list[Die]")
        if not 0 < motion_fraction < hand_fraction <= 1:
            raise ValueError("need 0 < motion_fraction < hand_fraction <= 1")
        if still_for < 0 or confirm_after < 0:
            raise ValueError("still_for and confirm_after must not be negative")
        if max_reads < 2:
            raise ValueError("max_reads must be at least 2: a roll needs two readings that agree")
        self._read = read
        self.width = width
        self.threshold = threshold
        self.motion_fraction = motion_fraction
        self.hand_fraction = hand_fraction
        self.still_for = still_for
        self.confirm_after = confirm_after
        self.max_reads = max_reads
        self.reset()

    def reset(self) -> None:
        """Forget everything: the next roll needs motion again, and the rest picture is forgotten."""
        self._status: Status = "idle"
        self._prev: np.ndarray | None = None
        self._prev_t = 0.0
        self._armed = False  # motion seen since the table was last still and read: a roll is expected
        self._still_since: float | None = None
        self._candidate: tuple[tuple[Die, ...], float] | None = None
        self._reads_still = 0  # readings of the current still picture
        self._rest: np.ndarray | None = None  # the still picture from before the current motion
        self._lying: tuple[Die, ...] = ()  # the dice read the last time the table came to rest
        self.last_change = 0.0
        self.reads = 0

    @property
    def status(self) -> Status:
        """``idle``, ``moving``, ``hand`` or ``settling`` (see :data:`Status`)."""
        return self._status

    def feed(self, frame: np.ndarray, t: float) -> Settled | None:
        """Take the frame captured at time ``t`` (seconds, increasing); return the roll if it has just
        settled, else None. Raises :class:`BadImage` for a frame that is not an image."""
        small = motion_image(frame, self.width)
        prev, prev_t = self._prev, self._prev_t
        self._prev, self._prev_t = small, t
        if prev is None or prev.shape != small.shape or t < prev_t:
            self._still_since = None
            self._candidate = None
            self._reads_still = 0
            if self._rest is not None and self._rest.shape != small.shape:
                self._rest = None
            self._status = "settling" if self._armed else "idle"
            return None
        self.last_change = changed_fraction(prev, small, self.threshold)
        if self.last_change >= self.motion_fraction:
            self._moved(prev, small)
            return None
        if not self._armed:
            self._status = "idle"
            self._rest = small
            return None
        self._status = "settling"
        if self._still_since is None:
            self._still_since = prev_t  # the still picture was already there in the previous frame
        return self._settle(frame, small, t)

    def _moved(self, prev: np.ndarray, small: np.ndarray) -> None:
        before = self._rest if self._rest is not None else prev
        hand = largest_change(before, small, self.threshold) >= self.hand_fraction
        self._status = "hand" if hand else "moving"
        self._armed = True
        self._still_since = None
        self._candidate = None
        self._reads_still = 0

    def _settle(self, frame: np.ndarray, small: np.ndarray, t: float) -> Settled | None:
        assert self._still_since is not None
        if self._candidate is None:
            if t - self._still_since >= self.still_for - EPSILON:
                self._candidate = (self._reading(frame), t)
            return None
        dice, read_t = self._candidate
        if t - read_t < self.confirm_after - EPSILON:
            return None
        again = self._reading(frame)
        if not same_reading(dice, again):
            if self._reads_still < self.max_reads:
                self._candidate = (again, t)  # still changing its mind: read once more later
                return None
            again = mark_changes(dice, again)
        self._armed = False
        self._status = "idle"
        self._candidate = None
        self._reads_still = 0
        unchanged = same_places(self._lying, again) or (self._rest is not None and (
            changed_fraction(self._rest, small, self.threshold) < self.motion_fraction))
        self._rest, self._lying = small, again
        if not again or unchanged:
            return None  # nothing on the table, or a hand or shadow passed without moving the dice
        return Settled(dice=again, still_since=self._still_since, t=t, frame=frame)

    def _reading(self, frame: np.ndarray) -> tuple[Die, ...]:
        self.reads += 1
        self._reads_still += 1
        return tuple(self._read(frame))
