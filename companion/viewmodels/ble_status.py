"""Short, translated lines for the Bluetooth smart dice (no Kivy): the dice screen's status line and
the Settings pairing list.

The link (``hardware.ble_dice.BleStatus``) describes itself in English for logs and the shell; it also
says which event happened to which die (``event``, ``die``), and these lines are built from that.
"""
from __future__ import annotations

from typing import Any

from companion.i18n import _, tr

KINDS = {"godice": "GoDice", "pixels": "Pixels"}
#: a battery at or below this percentage is named on the status line
LOW_BATTERY = 15


def _colours() -> dict[str, str]:
    """GoDice dot colours (``hardware.ble_protocols.GODICE_COLOURS``) in the current language."""
    return {"black": _("black"), "red": _("red"), "green": _("green"), "blue": _("blue"),
            "yellow": _("yellow"), "orange": _("orange")}


def _unavailable() -> tuple[tuple[str, str], ...]:
    """How ``hardware.ble_reasons.describe`` starts a line about Bluetooth as a whole -> the line shown."""
    return (("no Bluetooth adapter", _("no Bluetooth adapter found")),
            ("Bluetooth is off", _("Bluetooth is off: switch it on")),
            ("Bluetooth access was denied", _("Bluetooth access was denied")),
            ("Bluetooth support is not installed", _("Bluetooth support is not installed")))


def colour_name(colour: str) -> str:
    """A GoDice colour in the player's language; "" for none or an unknown one."""
    return _colours().get(colour, "")


def unavailable_text(reason: str) -> str:
    """Why Bluetooth cannot be used, in the player's language."""
    for start, text in _unavailable():
        if reason.startswith(start):
            return text
    return _("Bluetooth is not available")


def ble_text(status: Any) -> str:
    """One line for a ``hardware.ble_dice.BleStatus``: "Smart dice: 2 of 3 connected" and the like, with
    the last event that needs the player (a die lost mid-roll, a tilted die, a low battery)."""
    state = str(status.state)
    if state == "stopped":
        return ""
    if state == "unavailable":
        return tr("Smart dice: {reason}", reason=unavailable_text(str(status.reason)))
    if state == "connecting":
        line = _("Smart dice: connecting…")
    elif state == "connected":
        line = tr("Smart dice: {n} of {total} connected", n=len(status.connected), total=status.total)
    else:
        line = _("Smart dice not in reach: use the camera or touch")
    event, die = str(status.event), str(status.die)
    if event == "mid-roll":
        line += " · " + tr("{die} went away mid-roll: roll again or enter the dice by touch", die=die)
    elif event == "abandoned":
        line += " · " + tr("{die} never came to rest: roll again", die=die)
    elif event == "tilted":
        line += " · " + tr("{die} is not flat: roll it again", die=die)
    low = [f"{name} {p}%" for name, p in status.batteries if p <= LOW_BATTERY]
    if low:
        line += " · " + tr("battery low: {dice}", dice=", ".join(low))
    return line


def die_label(die: Any, battery: int | None = None) -> str:
    """A die in the pairing list: "GoDice_1A2B · GoDice · red · 87%" (what is known of it)."""
    parts = [str(die.name), KINDS.get(str(die.kind), str(die.kind))]
    colour = colour_name(str(getattr(die, "colour", "")))
    if colour:
        parts.append(colour)
    level = battery if battery is not None else getattr(die, "battery", None)
    if level is not None:
        parts.append(tr("battery {percent}%", percent=level))
    return " · ".join(parts)
