"""The countdown that confirms a roll by itself when nothing is left to choose (no window, no clock).

A dice screen that shows a roll nobody has to look at twice counts down a few seconds and then confirms
it as if NEXT had been tapped. Time is a number passed in (``now``, in seconds, from any monotonic
clock), so every promise here is checked without waiting.

Promises:

* It starts only for a reading that was *read* (camera, e-dice, smart dice; never dice tapped in),
  with every die sure, exactly as many dice as asked for, untouched by the player and with no question
  open (:func:`eligible`), and only when a length is set (0: off) and no finger is on the screen.
* It confirms only after its full length, once, while the dice and the turn are still the ones it
  was started for (``key``) and no finger is on the screen (:func:`tick`).
* A touch stops it for good (:func:`touched`): the dice stay and NEXT still confirms them. A finger
  held down at the moment it would be due stops it too; lifting the finger does not start it again.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Hashable, Literal

from companion.viewmodels.dice_reading import Reading

#: where a roll may come from to count down (dice entered by touch never do)
READ_SOURCES = frozenset({"camera", "edice", "ble"})

#: what a tick says: nothing running, keep waiting, or confirm now
Step = Literal["idle", "wait", "confirm"]


@dataclass(frozen=True)
class Countdown:
    """``seconds`` long from ``started`` (None: not running), for the dice and turn named by ``key``."""

    seconds: float = 0.0
    started: float | None = None
    key: Hashable = None

    @property
    def running(self) -> bool:
        return self.started is not None


IDLE = Countdown()


def eligible(reading: Reading, outcome: str, uncertain: int, expected: int) -> bool:
    """True when the roll just shown leaves the player nothing to choose: ``outcome`` (from
    :func:`~companion.viewmodels.dice_reading.receive`) filled all ``expected`` dice, from a reader,
    none of them unsure (``uncertain`` is the count of unsure dice), untouched and with no question."""
    return (outcome == "filled" and uncertain == 0 and reading.source in READ_SOURCES and not reading.touched
            and not reading.asking and len(reading.values) == expected and all(v > 0 for v in reading.values))


def start(seconds: float, now: float, key: Hashable, touching: bool = False) -> Countdown:
    """A countdown of ``seconds`` from ``now`` for ``key``; not running when off or while ``touching``."""
    if seconds <= 0 or touching:
        return IDLE
    return Countdown(float(seconds), float(now), key)


def touched(countdown: Countdown) -> Countdown:
    """The player touched the screen: the countdown stops (for good)."""
    return IDLE


def tick(countdown: Countdown, now: float, key: Hashable, touching: bool = False) -> tuple[Countdown, Step]:
    """Advance to ``now``: ``confirm`` once the full length has passed, ``wait`` before; a finger on the
    screen (``touching``) or a ``key`` other than the one started for stops it (``idle``)."""
    if not countdown.running:
        return IDLE, "idle"
    if touching or key != countdown.key:
        return IDLE, "idle"
    if now - countdown.started >= countdown.seconds:
        return IDLE, "confirm"
    return countdown, "wait"


def fraction_left(countdown: Countdown, now: float) -> float:
    """How much of the countdown is left, 1.0 at the start down to 0.0 (0.0 when not running)."""
    if not countdown.running or countdown.seconds <= 0:
        return 0.0
    return max(0.0, min(1.0, 1 - (now - countdown.started) / countdown.seconds))


def seconds_left(countdown: Countdown, now: float) -> int:
    """The whole seconds left, rounded up (what the line shows: 3, 2, 1)."""
    return math.ceil(fraction_left(countdown, now) * countdown.seconds) if countdown.running else 0
