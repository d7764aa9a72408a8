"""The hardware layer's errors."""
from __future__ import annotations

from rules.errors import CairnError


class HardwareError(CairnError):
    """Base class of the hardware layer's errors."""


class DeviceUnavailable(HardwareError, OSError):
    """A device (GPIO pins, serial port, camera) that cannot be opened or has gone away."""


class BadSpec(HardwareError, ValueError):
    """A device spec string (``--camera``, ``--serial``, a pin number) that makes no sense."""


class BadImage(HardwareError, ValueError):
    """A picture file that cannot be used: not a regular file, too large, or not an image."""
