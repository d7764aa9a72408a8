"""The GoDice and Pixels notification formats, as pure functions (docs/ble-dice.md).

Nothing here touches Bluetooth: notification bytes go in, plain messages come out, so every rule is
testable without a die. Both makers' formats are decoded only as far as their published documents
describe them (each rule names its source); anything else is a :class:`Rejected` with its reason,
never an exception.

- :func:`decode_godice` reads one GoDice notification (ParticulaCode's GoDice Python API, ``godice``).
- :func:`decode_pixels` reads one Pixels notification (GameWithPixels' "Pixels Communications
  Protocol" and the ``pixels-js`` message definitions).
- :func:`identify` says from an advertisement whether a device is a GoDice or a Pixels die.

Only six-sided dice are read: a face outside 1-6 is rejected (``bad-face``).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

DieKind = Literal["godice", "pixels"]
KINDS: tuple[DieKind, ...] = ("godice", "pixels")

#: The Nordic UART service both makers' dice use (GoDice API ``dice.py``; Pixels protocol, "Services").
SERVICE_UUID = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
#: GoDice: the characteristic Cairn writes requests to, and the one the die notifies on.
GODICE_WRITE_UUID = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"
GODICE_NOTIFY_UUID = "6e400003-b5a3-f393-e0a9-e50e24dcca9e"
#: Pixels: "Notify" is the service's own UUID, "Write" the next one (protocol, "Services").
PIXELS_NOTIFY_UUID = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
PIXELS_WRITE_UUID = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"
#: The name every GoDice advertises starts with this (the maker's demo selects dice by it).
GODICE_NAME_PREFIX = "GoDice"

#: GoDice requests (API ``get_battery_level``: code 3; ``get_color``: code 23).
GODICE_ASK_BATTERY = bytes([3])
GODICE_ASK_COLOUR = bytes([23])
#: Pixels "WhoAreYou" (id 1, no data): the die answers "IAmADie".
PIXELS_WHO_ARE_YOU = bytes([1])

#: GoDice dot colours (API ``Color``; JavaScript API ``onDiceColor``).
GODICE_COLOURS = ("black", "red", "green", "blue", "yellow", "orange")
#: GoDice D6: the accelerometer vector of each face up (API ``xyzinterpret.d6Vectors``).
GODICE_D6_VECTORS: dict[int, tuple[int, int, int]] = {
    1: (-64, 0, 0), 2: (0, 0, 64), 3: (0, 64, 0), 4: (0, -64, 0), 5: (0, 0, -64), 6: (64, 0, 0),
}

#: Pixels message ids (protocol, "Messages"): IAmADie 2, RollState 3, BatteryLevel 34.
PIXELS_I_AM_A_DIE, PIXELS_ROLL_STATE, PIXELS_BATTERY_LEVEL = 2, 3, 34
#: The documented IAmADie layout's length in bytes (``pixels-js``: ``expectedSize = 22``).
PIXELS_I_AM_A_DIE_SIZE = 22


class Reason(StrEnum):
    """Why a notification was rejected; the link counts them per reason."""

    EMPTY = "empty"
    TRUNCATED = "truncated"
    UNKNOWN = "unknown-message"
    BAD_FACE = "bad-face"
    BAD_STATE = "bad-state"
    BAD_BATTERY = "bad-battery"
    BAD_COLOUR = "bad-colour"
    UNKNOWN_LAYOUT = "unknown-layout"


@dataclass(frozen=True)
class Rolling:
    """The die started moving (GoDice ``R``; Pixels roll state *rolling* or *handling*)."""


@dataclass(frozen=True)
class Landed:
    """The die is at rest showing ``face`` (1-6). ``thrown``: after a roll the die itself counted as
    one (GoDice ``S``, Pixels *rolled*); False for a die turned or put down by hand (GoDice ``MS``/``FS``,
    Pixels *onFace*)."""

    face: int
    thrown: bool = True


@dataclass(frozen=True)
class Tilted:
    """The die came to rest but not flat on a face (GoDice ``TS``, Pixels *crooked*)."""


@dataclass(frozen=True)
class BatteryLevel:
    """The battery's charge in percent (0-100); ``charging`` when the die says so, else None."""

    percent: int
    charging: bool | None = None


@dataclass(frozen=True)
class Colour:
    """The die's colour (GoDice: the dots; a name from :data:`GODICE_COLOURS`)."""

    name: str


@dataclass(frozen=True)
class Identity:
    """Pixels "IAmADie": LED count, design-and-colour code (not named: its table differs between
    versions of the maker's code), the die's 32-bit id and its firmware's build time (UNIX)."""

    led_count: int
    design: int
    pixel_id: int
    build_timestamp: int


Message = Rolling | Landed | Tilted | BatteryLevel | Colour | Identity


@dataclass(frozen=True)
class Rejected:
    """A notification that is not (or not wholly) a message Cairn uses, and why."""

    reason: Reason
    data: bytes


Decoded = tuple[Message | Rejected, ...]


def _face(face: int, data: bytes) -> Landed | Rejected:
    return Landed(face) if 1 <= face <= 6 else Rejected(Reason.BAD_FACE, data)


# -- GoDice ---------------------------------------------------------------------------------------
def godice_face(x: int, y: int, z: int) -> int:
    """The D6 face up for an accelerometer reading: the nearest of :data:`GODICE_D6_VECTORS` (as the
    maker's ``get_rolled_number_d6`` does; a tie goes to the lower face).

    >>> godice_face(-60, 3, 2), godice_face(2, 1, 63)
    (1, 2)
    """
    return min(GODICE_D6_VECTORS, key=lambda face: math.dist((x, y, z), GODICE_D6_VECTORS[face]))


def _signed(byte: int) -> int:
    return byte - 256 if byte > 127 else byte


def decode_godice(data: bytes) -> Decoded:
    """One GoDice notification (API ``Dice._handle_upd``), read in the maker's order:

    - ``R`` (82): the die started rolling.
    - ``Bat`` + one byte: battery level in percent.
    - ``Col`` + one byte: the dots' colour (0-5).
    - ``S`` (83) + x, y, z (signed bytes): stable after a roll, the face from the vector.
    - ``F``/``T``/``M`` + ``S`` + x, y, z: stable after a fake roll, tilted (not flat), or moved from one
      face to another by hand.

    >>> decode_godice(b"R")
    (Rolling(),)
    >>> decode_godice(bytes([83, 0, 0, 64]))
    (Landed(face=2, thrown=True),)
    >>> decode_godice(b"Bat" + bytes([87]))
    (BatteryLevel(percent=87, charging=None),)
    """
    data = bytes(data)
    if not data:
        return (Rejected(Reason.EMPTY, data),)
    if data[0] == 0x52:  # "R"
        return (Rolling(),)
    if data[:3] in (b"Bat", b"Col"):
        if len(data) < 4:
            return (Rejected(Reason.TRUNCATED, data),)
        value = data[3]
        if data[:3] == b"Bat":
            return (BatteryLevel(value),) if value <= 100 else (Rejected(Reason.BAD_BATTERY, data),)
        if value < len(GODICE_COLOURS):
            return (Colour(GODICE_COLOURS[value]),)
        return (Rejected(Reason.BAD_COLOUR, data),)
    if data[0] == 0x53:  # "S"
        if len(data) < 4:
            return (Rejected(Reason.TRUNCATED, data),)
        return (Landed(godice_face(*map(_signed, data[1:4]))),)
    if len(data) >= 2 and data[1] == 0x53 and data[0] in b"FTM":
        if len(data) < 5:
            return (Rejected(Reason.TRUNCATED, data),)
        if data[0] == 0x54:  # "TS": tilted
            return (Tilted(),)
        return (Landed(godice_face(*map(_signed, data[2:5])), thrown=False),)
    return (Rejected(Reason.UNKNOWN, data),)


# -- Pixels ---------------------------------------------------------------------------------------
def _roll_state(state: int, face_index: int, data: bytes) -> Message | Rejected | None:
    """A Pixels roll state and face index (``pixels-js`` ``PixelRollStateValues``; the face of a D6 is
    its index + 1, ``DiceUtils.faceFromIndex``). 0 unknown: None. 1 rolled (*onFace* in older code):
    a thrown die at rest. 2 handling, 3 rolling: moving. 4 crooked: tilted. 5 onFace (newer code): at
    rest without a roll."""
    if state == 0:
        return None
    if state in (2, 3):
        return Rolling()
    if state == 4:
        return Tilted()
    if state in (1, 5):
        landed = _face(face_index + 1, data)
        return Landed(landed.face, thrown=state == 1) if isinstance(landed, Landed) else landed
    return Rejected(Reason.BAD_STATE, data)


def decode_pixels(data: bytes) -> Decoded:
    """One Pixels notification: the first byte is the message id, the rest its data (little endian).

    - RollState (3): roll state, face index.
    - BatteryLevel (34): level in percent, battery state (2 = charging, ``pixels-js``
      ``PixelBatteryStateValues``).
    - IAmADie (2), in the documented 22-byte layout: LED count, design and colour, one unused byte,
      data set hash (4), Pixel id (4), available flash (2), build timestamp (4), roll state, face
      index, battery level, battery state. Another length is ``unknown-layout``. Its roll state is
      where the die lies as it answers, so a face in it is never a thrown roll.

    Every other id is ``unknown-message`` (the die sends more kinds than Cairn reads).

    >>> decode_pixels(bytes([3, 1, 4]))
    (Landed(face=5, thrown=True),)
    >>> decode_pixels(bytes([34, 76, 0]))
    (BatteryLevel(percent=76, charging=False),)
    """
    data = bytes(data)
    if not data:
        return (Rejected(Reason.EMPTY, data),)
    kind = data[0]
    if kind == PIXELS_ROLL_STATE:
        if len(data) < 3:
            return (Rejected(Reason.TRUNCATED, data),)
        state = _roll_state(data[1], data[2], data)
        return (state,) if state is not None else ()
    if kind == PIXELS_BATTERY_LEVEL:
        if len(data) < 3:
            return (Rejected(Reason.TRUNCATED, data),)
        return (_battery(data[1], data[2], data),)
    if kind == PIXELS_I_AM_A_DIE:
        if len(data) < PIXELS_I_AM_A_DIE_SIZE:
            return (Rejected(Reason.TRUNCATED, data),)
        if len(data) > PIXELS_I_AM_A_DIE_SIZE:
            return (Rejected(Reason.UNKNOWN_LAYOUT, data),)
        le = lambda a, b: int.from_bytes(data[a:b], "little")
        out: list[Message | Rejected] = [Identity(data[1], data[2], le(8, 12), le(14, 18))]
        state = _roll_state(data[18], data[19], data)
        if isinstance(state, Landed):  # where the die lies now, not a roll that just ended
            state = Landed(state.face, thrown=False)
        if state is not None:
            out.append(state)
        out.append(_battery(data[20], data[21], data))
        return tuple(out)
    return (Rejected(Reason.UNKNOWN, data),)


def _battery(level: int, state: int, data: bytes) -> BatteryLevel | Rejected:
    if level > 100:
        return Rejected(Reason.BAD_BATTERY, data)
    return BatteryLevel(level, charging=state == 2)


def decode(kind: DieKind, data: bytes) -> Decoded:
    """One notification from a die of ``kind``."""
    return decode_godice(data) if kind == "godice" else decode_pixels(data)


# -- advertisements -------------------------------------------------------------------------------
@dataclass(frozen=True)
class AdvertInfo:
    """What an advertisement says about a die: its kind, and (Pixels) its battery and charging."""

    kind: DieKind
    battery: int | None = None
    charging: bool | None = None


def identify(name: str | None, service_uuids: Iterable[str],
             manufacturer_data: Mapping[int, bytes]) -> AdvertInfo | None:
    """A GoDice (its name starts with ``GoDice``), a Pixels die (it advertises the Pixels service; its
    manufacturer data, when it is the documented 5 bytes, carries the battery: the low 7 bits of the
    last byte in percent, the high bit set while charging), or None for any other device.

    >>> identify("GoDice_9F2A_R_v03", (), {})
    AdvertInfo(kind='godice', battery=None, charging=None)
    >>> identify("Mika", [SERVICE_UUID], {0xFFFF: bytes([6, 1, 1, 3, 0x80 | 55])})
    AdvertInfo(kind='pixels', battery=55, charging=True)
    >>> identify("Mouse", [], {}) is None
    True
    """
    if (name or "").startswith(GODICE_NAME_PREFIX):
        return AdvertInfo("godice")
    if SERVICE_UUID not in {str(u).lower() for u in service_uuids}:
        return None
    for value in manufacturer_data.values():
        if len(value) == 5 and (value[4] & 0x7F) <= 100:
            return AdvertInfo("pixels", value[4] & 0x7F, bool(value[4] & 0x80))
    return AdvertInfo("pixels")
