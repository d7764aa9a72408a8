"""The value a dice reader returns for one die."""
from __future__ import annotations

from dataclasses import dataclass, field

#: Below this confidence a die is *uncertain*: the app asks the player to check it.
CERTAIN = 0.5


@dataclass(frozen=True)
class Die:
    """One die seen in a frame: its pip value, its box ``(x, y, w, h)`` in pixels, a confidence
    0..1 and, when the reader measured it, the face's colour (``vision.colour``: Lab, 8-bit) and how
    strongly its locator found the box, 0..1 (``found``). Neither is compared: two readings of the
    same dice are equal under another light."""

    value: int
    box: tuple[int, int, int, int]
    confidence: float
    colour: tuple[int, int, int] | None = field(default=None, compare=False)
    found: float | None = field(default=None, compare=False)

    @property
    def certain(self) -> bool:
        """True when the reader is sure enough to commit the value without asking."""
        return self.confidence >= CERTAIN
