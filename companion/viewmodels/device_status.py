"""Short, translated status lines for the camera and the e-dice tray (no Kivy).

The hardware layer describes itself in English for logs ("demo dice (3 synthetic dice on a tray table):
no camera found (Pi camera: picamera2 is not installed …)"); a player at the table needs one short line
in their language: which camera, and whether dice can be read by it or must be tapped in.
"""
from __future__ import annotations

import re
from typing import Any

from companion.i18n import _, tr

_CAMERA_STATES = {
    "connecting": "connecting…",
    "connected": "connected",
    "disconnected": "disconnected: enter dice by touch",
    "reconnecting": "disconnected: enter dice by touch (reconnecting…)",
    "stopped": "off",
}
_EDICE_STATES = {
    "searching": "E-dice: looking for a tray",
    "disconnected": "E-dice disconnected: use the camera or touch",
    "failed": "E-dice unavailable: use the camera or touch",
    "stopped": "E-dice off",
}


def camera_source(source: str) -> str:
    """The camera's kind in the player's language (``USB camera 0``, ``demo dice``, a folder's name)."""
    if source.startswith("demo dice"):
        return _("demo dice")
    usb = re.match(r"USB camera (\S+)", source)
    if usb:
        return tr("USB camera {name}", name=usb.group(1))
    if source.startswith("Raspberry Pi camera"):
        return _("Pi camera")
    if source == "no camera":
        return _("no camera")
    return source.split(":", 1)[0]


def camera_text(status: Any) -> str:
    """One line for a ``hardware.camera_worker.CameraStatus``: "Camera: demo dice · connected"."""
    if str(status.source) == "auto" and str(status.state) in ("disconnected", "reconnecting"):
        return _("No camera: enter dice by touch")  # "auto" found none (and, in the kiosk, no demo)
    state = _(_CAMERA_STATES.get(str(status.state), str(status.state)))
    return tr("Camera: {source} · {state}", source=camera_source(str(status.source)), state=state)


def edice_text(status: Any) -> str:
    """One line for a ``hardware.edice.LinkStatus``: "E-dice connected: tray-01, 2 dice" and the like."""
    state = str(status.state)
    if state == "connected" and status.device is not None:
        return tr("E-dice connected: {tray}, {count} dice", tray=status.device.device_id,
                  count=status.device.dice_count)
    if state == "connected":
        return _("E-dice connected")
    if state in _EDICE_STATES:
        return _(_EDICE_STATES[state])
    return tr("E-dice: {reason}", reason=str(getattr(status, "text", state)))


def source_lines(status: dict[str, str], has_camera: bool) -> str:
    """The dice screen's lines about where dice come from: the camera's, the e-dice tray's and the
    Bluetooth dice's (``status`` holds them by ``camera``, ``edice``, ``ble``), those that are set,
    one a line. Without a camera the screen says already that dice are tapped in, so the camera's
    line is left out when it says no more than that."""
    lines = [status.get(part, "") for part in ("camera", "edice", "ble")]
    if not has_camera and lines[0] == _("No camera: enter dice by touch"):
        lines = lines[1:]
    return "\n".join(t for t in lines if t)
