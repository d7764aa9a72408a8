"""The camera calibration flow as plain values (no window): where it stands and what it says.

Two steps, then Save:

1. ``area``: the live picture with an outline, the empty tray ``vision.calibrate.find_area`` found
   (or the whole frame when none stands out); the player may drag its corners or take the whole
   frame, then "Use this area".
2. ``dice``: the player rolls the game's dice into the area; each settled reading (read through the
   area alone) is added until ``vision.calibrate.learn_die_size`` knows the dice's size, and until
   Save the colours of the dice read (``learn_die_colours``) are kept up to date, so a die of
   another colour rolled later is learnt too. Save keeps ``Calibration(area, die_share, colours)``
   for this camera; Cancel keeps whatever was kept before.

>>> d = accept_area(propose(start("demo"), (0.1, 0.1, 0.8, 0.8)))
>>> d.step, d.area
('dice', (0.1, 0.1, 0.8, 0.8))
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from companion.i18n import _, tr
from vision.calibrate import MIN_DICE, Calibration, learn_die_colours, learn_die_size
from vision.colour import to_rgb

Area = tuple[float, float, float, float]
WHOLE: Area = (0.0, 0.0, 1.0, 1.0)
#: the outline is never dragged smaller than this share of the frame either way
MIN_SIDE = 0.08
#: where the proposal stands: being looked for, found, or none found (the whole frame is shown)
Proposal = Literal["looking", "found", "none"]
#: the colours are learnt from at most this many latest rolls
KEEP_ROLLS = 20


@dataclass(frozen=True)
class Draft:
    """A calibration being made for the camera ``key``: the step, the outline (fractions x, y, w, h
    of the frame, from its top left), the readings so far and the frame size (h, w) they were read at,
    and the dice size once learnt (a share of the frame's shorter side)."""

    key: str
    step: Literal["area", "dice"] = "area"
    area: Area = WHOLE
    proposal: Proposal = "looking"
    rolls: tuple[tuple[Any, ...], ...] = ()
    size: tuple[int, int] | None = None
    die_share: float | None = None

    @property
    def colours(self) -> tuple[tuple[int, int, int], ...]:
        """The colours of the dice read so far (``vision.calibrate.learn_die_colours``)."""
        return learn_die_colours(self.rolls)

    @property
    def learnt(self) -> bool:
        """True once the dice's size is known (Save keeps it)."""
        return self.die_share is not None

    @property
    def sure_dice(self) -> int:
        """The sure dice read over all rolls so far."""
        return sum(1 for roll in self.rolls for d in roll if d.certain)

    @property
    def die_px(self) -> int | None:
        """The dice's size in pixels of the camera's frame, once learnt."""
        if self.die_share is None or self.size is None:
            return None
        return round(self.die_share * min(self.size))

    def calibration(self) -> Calibration:
        """What Save keeps: the area, and the dice's size and colours when learnt."""
        return Calibration(self.area, self.die_share, self.colours if self.learnt else ())

    def reading_calibration(self) -> Calibration:
        """What the dice are read through while the size is learnt: the area alone."""
        return Calibration(self.area)


def start(key: str) -> Draft:
    """A new calibration of the camera ``key``: the whole frame while the tray is looked for."""
    return Draft(key)


def propose(draft: Draft, found: Area | None) -> Draft:
    """The tray ``find_area`` found (``found``), or the whole frame when it found none."""
    if draft.step != "area":
        return draft
    if found is None:
        return replace(draft, area=WHOLE, proposal="none")
    return replace(draft, area=clamp(found), proposal="found")


def looking(draft: Draft) -> Draft:
    """The tray is being looked for again (the outline stays until it is found)."""
    return replace(draft, proposal="looking") if draft.step == "area" else draft


def drag(draft: Draft, area: Area) -> Draft:
    """The outline the player dragged to (kept inside the frame, never smaller than ``MIN_SIDE``)."""
    return replace(draft, area=clamp(area)) if draft.step == "area" else draft


def whole_frame(draft: Draft) -> Draft:
    """The whole frame as the area."""
    return replace(draft, area=WHOLE) if draft.step == "area" else draft


def accept_area(draft: Draft) -> Draft:
    """"Use this area": on to the dice, nothing read yet."""
    return replace(draft, step="dice", rolls=(), size=None, die_share=None)


def change_area(draft: Draft) -> Draft:
    """Back to the outline; the dice read so far are forgotten."""
    return replace(draft, step="area", rolls=(), size=None, die_share=None)


def add_roll(draft: Draft, dice: Sequence[Any], size: tuple[int, int]) -> Draft:
    """A settled reading (``dice`` read in a frame of ``size`` (h, w)) added: it counts towards the
    size until that is learnt (a frame of another size starts the count again: the camera changed
    its resolution), and towards the colours until Save (the size then stays as learnt; a frame of
    another size is ignored)."""
    if draft.step != "dice" or not dice:
        return draft
    if draft.learnt:
        if draft.size != tuple(size):
            return draft
        return replace(draft, rolls=(draft.rolls + (tuple(dice),))[-KEEP_ROLLS:])
    rolls = (draft.rolls if draft.size == tuple(size) else ()) + (tuple(dice),)
    share = learn_die_size(rolls, size[0], size[1])               # always a size a Calibration holds
    return replace(draft, rolls=rolls, size=(int(size[0]), int(size[1])), die_share=share)


def clamp(area: Sequence[float]) -> Area:
    """``area`` kept inside the frame and at least ``MIN_SIDE`` each way."""
    x, y, w, h = (float(v) for v in area)
    x0, y0 = min(max(0.0, x), 1.0 - MIN_SIDE), min(max(0.0, y), 1.0 - MIN_SIDE)
    x1, y1 = max(min(1.0, x + w), x0 + MIN_SIDE), max(min(1.0, y + h), y0 + MIN_SIDE)
    return x0, y0, x1 - x0, y1 - y0


# -- what the screen says ---------------------------------------------------------------------------
def instruction(draft: Draft) -> str:
    """The step's one instruction."""
    if draft.step == "area":
        return _("Clear the tray, then tap Use this area.")
    if draft.learnt:
        return _("Roll any dice not rolled yet, then tap Save to keep this calibration for this camera.")
    return _("Roll all the game's dice into the tray.")


def note(draft: Draft) -> str:
    """The line under it: what was found, or how far the dice have got."""
    if draft.step == "area":
        return {"looking": _("Looking for the tray…"),
                "found": _("The outline is the tray Cairn found: drag its corners to change it."),
                "none": _("No tray stands out: drag the corners around the dice area, or use the whole frame."),
                }[draft.proposal]
    if draft.learnt:
        return tr("{n} dice read.", n=draft.sure_dice)
    return tr("Dice read so far: {n} of {want}", n=draft.sure_dice, want=MIN_DICE)


def learnt_text(draft: Draft) -> str:
    """"Dice about N px, colours learnt: K" once the size is learnt, else ""."""
    if draft.die_px is None:
        return ""
    return tr("Dice about {n} px, colours learnt: {k}", n=draft.die_px, k=len(draft.colours))


def swatches(draft: Draft) -> tuple[tuple[float, float, float], ...]:
    """The learnt colours as RGB 0..1, the most seen first, for a patch of each beside
    ``learnt_text`` (so the player sees which dice were learnt); none until the size is learnt."""
    if not draft.learnt:
        return ()
    out = []
    for colour in draft.colours:
        r, g, b = to_rgb(colour)
        out.append((r / 255, g / 255, b / 255))
    return tuple(out)


def entry_text(calibrated: bool) -> str:
    """The words of the button that opens the calibration: a first one, or again."""
    return _("Recalibrate") if calibrated else _("Calibrate camera")
