"""The plain values the hardware adapters hand to the app."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ButtonName = Literal["next", "back", "undo", "read"]
DiceSource = Literal["camera", "edice", "ble", "touch"]


@dataclass(frozen=True)
class Press:
    """A debounced button action: ``next``, ``back``, ``undo`` (BACK held 1 s) or ``read``."""

    button: ButtonName


@dataclass(frozen=True)
class DiceRoll:
    """A completed roll: the face values, which dice showed them (1-based), and who read them.

    ``fresh``: the dice were thrown anew (false for a camera reading of dice that did not leave their
    places: some picked up, a hand passing). ``asked``: read because the player asked (READ)."""

    values: tuple[int, ...]
    source: DiceSource
    dice: tuple[int, ...] = ()
    fresh: bool = True
    asked: bool = False
