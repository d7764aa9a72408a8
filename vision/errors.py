"""The vision layer's errors."""
from __future__ import annotations

from rules.errors import CairnError


class VisionError(CairnError):
    """Base class of the vision layer's errors."""


class BadImage(VisionError, ValueError):
    """An image that cannot be read at all (not an array, wrong shape or dtype, unreadable file)."""


class BadCalibration(VisionError, ValueError):
    """A camera calibration whose values cannot be a part of a frame or a die's size; the message
    names the field."""
