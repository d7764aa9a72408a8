"""One line for the user for every way Bluetooth can fail (bleak, BlueZ's D-Bus, the OS).

bleak is looked at by class name only, so this module imports without bleak installed.
"""
from __future__ import annotations

import asyncio

#: bleak's ``BleakBluetoothNotAvailableReason`` names -> the line Cairn shows
_NOT_AVAILABLE = {
    "NO_BLUETOOTH": "no Bluetooth adapter found",
    "NO_BLE_CENTRAL_ROLE": "this Bluetooth adapter cannot talk to Bluetooth LE dice",
    "POWERED_OFF": "Bluetooth is off: switch it on",
    "DENIED_BY_USER": "Bluetooth access was denied",
    "DENIED_BY_SYSTEM": "Bluetooth access was denied",
    "DENIED_BY_UNKNOWN": "Bluetooth access was denied",
}


def _names(exc: BaseException) -> set[str]:
    return {cls.__name__ for cls in type(exc).__mro__}


def is_unavailable(exc: BaseException) -> bool:
    """True when Bluetooth as a whole cannot be used (no adapter, adapter off, BlueZ or bleak missing),
    as against one die that is out of reach."""
    names = _names(exc)
    if "BleakBluetoothNotAvailableError" in names or isinstance(exc, ImportError):
        return True
    if isinstance(exc, (FileNotFoundError, ConnectionRefusedError, PermissionError)):
        return True  # the D-Bus system bus (BlueZ) cannot be reached
    if _bluez_missing(exc):
        return True
    text = str(exc).lower()
    return "BleakError" in names and "no bluetooth adapter" in text


def _bluez_missing(exc: BaseException) -> bool:
    """The system bus answers but no BlueZ daemon is on it (``bluetooth`` service stopped)."""
    return "BleakDBusError" in _names(exc) and getattr(exc, "dbus_error", "") == \
        "org.freedesktop.DBus.Error.ServiceUnknown"


def describe(exc: BaseException) -> str:
    """The failure ``exc`` in one short line, naming what the player can do about it.

    >>> describe(TimeoutError())
    'no answer in time: is the die awake and in reach?'
    >>> describe(FileNotFoundError(2, "No such file or directory"))
    'Bluetooth is not available (BlueZ is not running: No such file or directory)'
    """
    names = _names(exc)
    if "BleakBluetoothNotAvailableError" in names:
        reason = getattr(getattr(exc, "reason", None), "name", "")
        return _NOT_AVAILABLE.get(reason, "Bluetooth is not available")
    if "BleakDeviceNotFoundError" in names:
        return "not in reach: is the die awake (roll it once) and near?"
    if isinstance(exc, ImportError):
        return "Bluetooth support is not installed (the bleak package)"
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError)):
        return "no answer in time: is the die awake and in reach?"
    if isinstance(exc, (FileNotFoundError, ConnectionRefusedError)):
        return f"Bluetooth is not available (BlueZ is not running: {exc.strerror or exc})"
    if _bluez_missing(exc):
        return "Bluetooth is not available (BlueZ is not running: start the bluetooth service)"
    if isinstance(exc, PermissionError):
        return "Bluetooth access was denied"
    text = " ".join(str(exc).split()) or type(exc).__name__
    if "no bluetooth adapter" in text.lower():
        return "no Bluetooth adapter found"
    return text[:160]
