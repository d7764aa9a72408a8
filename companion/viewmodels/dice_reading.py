"""The dice on a dice screen and the rules for a roll that arrives while they are shown (no window).

Promises, for every game's dice screen:

* A reading on show stays until the player confirms, asks to read again, or a *new* roll arrives: an
  e-dice roll, or a camera roll whose dice left the places they lay at and settled again (``fresh``).
  A camera reading of dice that did not leave (a die picked up, a hand passing) never replaces it.
* A reading the player has touched (a die set by tapping, tools chosen, the tool advice used) is never
  replaced unasked: a new roll waits in ``pending`` until the player says "use it" or "keep mine".
* More dice read than are needed are never cut silently: the player picks which to use (``choice``).
* What is confirmed is ``values``, the dice on show; nothing here ever changes them behind the screen.
* An *open* reading (``most`` > 0: the board keeps the placement, so the dice say how many figures
  stand on the space) takes any number of dice from 1 to ``most``: a roll fills it as it is, a tap
  adds a die, and only more than ``most`` dice are offered to pick from.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

#: What a roll did to the reading: filled the dice, waits for an answer, was ignored, filled only some
#: dice (fewer read than needed), or saw no dice at all.
Outcome = Literal["filled", "ask", "choose", "ignored", "short", "none"]


@dataclass(frozen=True)
class Reading:
    """The dice on show (0: not set yet) and where they came from.

    ``touched``: the player changed this reading. ``pending``: a new roll waiting for "use it / keep
    mine". ``choice``: more dice were read than needed; ``picked`` are the indexes into it chosen so far.
    ``most``: 0 for a fixed number of dice (``len(values)``), else the reading is open: 1 to ``most`` dice.
    """

    values: tuple[int, ...]
    source: str = "touch"
    touched: bool = False
    pending: tuple[int, ...] = ()
    pending_source: str = ""
    choice: tuple[int, ...] = ()
    choice_source: str = ""
    picked: tuple[int, ...] = ()
    most: int = 0

    @property
    def need(self) -> int:
        """The most dice this reading takes (the exact number when it is not open)."""
        return self.most or len(self.values)

    @property
    def complete(self) -> bool:
        """Every die on show is set (an open reading needs at least one)."""
        return bool(self.values) and all(v > 0 for v in self.values)

    @property
    def asking(self) -> bool:
        """True while a question is open (a new roll to use or keep, or dice to pick)."""
        return bool(self.pending or self.choice)

    @property
    def empty(self) -> bool:
        """No die is set yet."""
        return not any(self.values)


def blank(count: int) -> Reading:
    """``count`` dice, none set."""
    return Reading((0,) * count)


def open_blank(most: int) -> Reading:
    """No dice yet; any number from 1 to ``most`` may be entered or read."""
    return Reading((), most=max(1, most))


def receive(reading: Reading, values: tuple[int, ...], source: str, *, fresh: bool = True,
            asked: bool = False) -> tuple[Reading, Outcome]:
    """A roll of ``values`` from ``source`` (camera or edice) arrives.

    ``fresh``: the dice left and settled again (always true for the e-dice). ``asked``: the player asked
    for this reading ("read dice"), so it may replace even a touched reading.
    """
    if not values:
        return reading, "none" if asked else "ignored"
    if reading.asking and not asked:
        if reading.pending and fresh:  # a newer roll replaces the one waiting for an answer
            return replace(reading, pending=tuple(values), pending_source=source), "ask"
        if reading.choice and not reading.pending and not reading.picked and fresh:
            # the dice offered to pick from were thrown again before any was picked: the question is
            # about dice no longer on the table, so the new throw is taken as if it had come first
            return receive(replace(reading, choice=(), choice_source=""), values, source, fresh=fresh)
        return reading, "ignored"
    if not (fresh or asked):
        return reading, "ignored"
    if reading.touched and not reading.empty and not asked:
        return replace(reading, pending=tuple(values), pending_source=source), "ask"
    return take(replace(reading, pending=(), pending_source=""), values, source)


def take(reading: Reading, values: tuple[int, ...], source: str) -> tuple[Reading, Outcome]:
    """Show ``values`` from ``source``: as they are, padded with unset dice, or offered to pick from."""
    need = reading.need
    if len(values) > need:
        return replace(reading, choice=tuple(values), choice_source=source, picked=()), "choose"
    if reading.most:
        return Reading(tuple(int(v) for v in values), source, most=reading.most), "filled"
    filled = tuple(int(v) for v in values) + (0,) * (need - len(values))
    return Reading(filled, source), "filled" if len(values) == need else "short"


def use_pending(reading: Reading) -> tuple[Reading, Outcome]:
    """"Use it": the waiting roll replaces the dice on show (or is offered to pick from)."""
    if not reading.pending:
        return reading, "ignored"
    return take(replace(reading, pending=(), pending_source=""), reading.pending, reading.pending_source)


def keep_mine(reading: Reading) -> Reading:
    """"Keep mine": the waiting roll, or the dice offered to pick from, are dropped."""
    return replace(reading, pending=(), pending_source="", choice=(), choice_source="", picked=())


def toggle_pick(reading: Reading, index: int) -> Reading:
    """Pick (or unpick) die ``index`` of the offered dice; never more than are needed."""
    if not 0 <= index < len(reading.choice):
        return reading
    if index in reading.picked:
        return replace(reading, picked=tuple(i for i in reading.picked if i != index))
    if len(reading.picked) >= reading.need:
        return reading
    return replace(reading, picked=reading.picked + (index,))


def use_picked(reading: Reading) -> Reading | None:
    """The picked dice go on show (in the order read), as the player's choice (a later roll asks);
    None until exactly as many as needed are picked (for an open reading: at least one)."""
    enough = 1 <= len(reading.picked) <= reading.most if reading.most else len(reading.picked) == len(reading.values)
    if not enough or not reading.choice:
        return None
    values = tuple(reading.choice[i] for i in sorted(reading.picked))
    return Reading(values, reading.choice_source, touched=True, most=reading.most)


def set_die(reading: Reading, index: int, value: int) -> Reading:
    """Die ``index`` set by touch to ``value`` (1..6): the reading is the player's now. In an open
    reading ``index`` = the number of dice adds one (up to ``most``)."""
    values = list(reading.values)
    if reading.most and index == len(values) < reading.most:
        values.append(0)
    if not 0 <= index < len(values):
        return reading
    values[index] = max(1, min(6, int(value)))
    return replace(reading, values=tuple(values), source="touch", touched=True)


def remove_die(reading: Reading, index: int) -> Reading:
    """An open reading without die ``index`` (the player took one away); a fixed one is unchanged."""
    if not reading.most or not 0 <= index < len(reading.values):
        return reading
    values = reading.values[:index] + reading.values[index + 1:]
    return replace(reading, values=values, source="touch", touched=True)


def touch(reading: Reading) -> Reading:
    """The player chose tools for these dice (or used the advice): the reading is theirs now."""
    return replace(reading, touched=True)
