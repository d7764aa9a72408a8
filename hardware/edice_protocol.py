"""The e-dice line protocol (docs/edice-protocol.md), as pure functions and small state machines.

Nothing here touches a port or a clock: bytes and timestamps go in, messages and completed rolls
come out, so every rule of the protocol is testable without hardware.

- :class:`LineSplitter` cuts a byte stream into lines of at most :data:`MAX_LINE` bytes.
- :func:`parse_line` turns one line into a message or a :class:`Rejected` with its reason, checking
  the checksum of the protocol version the tray announced (1: optional XOR, 2: a CRC-8 on every line).
- :class:`RollGrouper` groups ``ROLLING``/``ROLL`` messages into completed rolls (the 300 ms rule).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Callable

from hardware.inputs import DiceRoll

#: The newest protocol version this host speaks (it also reads version 1 trays).
PROTOCOL_VERSION = 2
#: The versions this host reads: 1 (an optional XOR checksum) and 2 (a CRC-8 on every line).
SUPPORTED_VERSIONS = (1, 2)
#: From this version on, every tray line ends in ``*HH``, the line's CRC-8 (:func:`crc8`).
CRC_VERSION = 2
#: The longest line, in bytes, not counting the ``\r\n``/``\n`` that ends it (a checksum counts).
MAX_LINE = 80
#: The highest die number a tray may use.
MAX_DIE = 99
#: Seconds without a new ``ROLLING`` before a roll whose dice have all come to rest is complete.
SETTLE_SECONDS = 0.3
#: Seconds after its last message before a roll whose dice never all came to rest is given up.
STALL_SECONDS = 10.0


class Reason(StrEnum):
    """Why a line was rejected; the app shows counts per reason."""

    TOO_LONG = "too-long"
    BINARY = "binary"
    BAD_CHECKSUM = "bad-checksum"
    UNKNOWN_WORD = "unknown-word"
    BAD_ARGUMENTS = "bad-arguments"
    BAD_DIE = "bad-die"
    BAD_FACE = "bad-face"


@dataclass(frozen=True)
class Hello:
    """``HELLO <device-id> <dice-count> <protocol-version>``: who the tray is."""

    device_id: str
    dice_count: int
    version: int


@dataclass(frozen=True)
class Rolling:
    """``ROLLING <die>``: die ``die`` started moving."""

    die: int


@dataclass(frozen=True)
class Rolled:
    """``ROLL <die> <face>``: die ``die`` came to rest showing ``face`` (1-6)."""

    die: int
    face: int


@dataclass(frozen=True)
class Battery:
    """``BATT <die> <percent>``: the charge left in die ``die``."""

    die: int
    percent: int


@dataclass(frozen=True)
class DeviceError:
    """``ERR <text>``: the tray reports a problem in its own words."""

    text: str


@dataclass(frozen=True)
class Pong:
    """``PONG``: the answer to ``PING``."""


@dataclass(frozen=True)
class Rejected:
    """A line that breaks the protocol: why, and the line itself (bytes, as received)."""

    reason: Reason
    line: bytes


Message = Hello | Rolling | Rolled | Battery | DeviceError | Pong

_NUMBER = re.compile(r"[0-9]{1,3}")
_DEVICE_ID = re.compile(r"[!-~]{1,32}")
_CHECKSUM = re.compile(rb"\*([0-9A-Fa-f]{2})")


def checksum(body: bytes | str) -> str:
    """The two upper-case hex digits of the XOR of every byte of ``body``.

    >>> checksum("ROLL 1 6")
    '1A'
    """
    data = body.encode("ascii") if isinstance(body, str) else body
    value = 0
    for byte in data:
        value ^= byte
    return f"{value:02X}"


def crc8(body: bytes | str) -> str:
    """The two upper-case hex digits of CRC-8/CDMA2000 of ``body`` (protocol version 2).

    CRC-8/CDMA2000: polynomial 0x9B (x^8+x^7+x^4+x^3+x+1), initial value 0xFF, not reflected, no
    final XOR; its check value (the CRC of ``123456789``) is 0xDA. Chosen over the more common
    CRC-8s because the checksum travels as hex text: with 0x9B no single wrong bit in the last 11
    characters before ``*`` can be matched by a single wrong bit in the hex digits, so every
    two-bit error of a dice line (at most 11 characters) is caught.

    >>> crc8("123456789")
    'DA'
    >>> crc8("ROLL 1 6")
    'F2'
    """
    data = body.encode("ascii") if isinstance(body, str) else body
    value = 0xFF
    for byte in data:
        value ^= byte
        for _ in range(8):
            value = ((value << 1) ^ 0x9B) & 0xFF if value & 0x80 else value << 1
    return f"{value:02X}"


def checksum_for(version: int | None) -> Callable[[bytes | str], str]:
    """The checksum a tray speaking ``version`` uses (None, not yet known, reads as version 1)."""
    return crc8 if version is not None and version >= CRC_VERSION else checksum


def with_checksum(body: str, version: int = 1) -> str:
    """``body`` followed by ``*HH`` (no line end), the checksum of protocol ``version``.

    >>> with_checksum("ROLL 1 6")
    'ROLL 1 6*1A'
    >>> with_checksum("ROLL 1 6", 2)
    'ROLL 1 6*F2'
    """
    return f"{body}*{checksum_for(version)(body)}"


def _number(text: str) -> int | None:
    return int(text) if _NUMBER.fullmatch(text) else None


def _die(text: str) -> int | None:
    value = _number(text)
    return value if value is not None and 1 <= value <= MAX_DIE else None


def parse_line(line: bytes, version: int | None = None) -> Message | Rejected | None:
    """Classify one line (its ``\\n`` already removed; a trailing ``\\r`` is ignored).

    ``version`` is the protocol version the tray announced in its ``HELLO`` (None before one came:
    read as version 1). Version 1: a ``*HH`` XOR checksum is checked when present. Version 2 and
    later: every line must end in ``*HH``, its :func:`crc8`; a line without is ``bad-checksum``. A
    ``HELLO`` announcing version 2 or later is checked by its CRC even before the tray is known, so
    a new tray is read right from its first line.

    Returns the message, ``None`` for a line to ignore without counting it (a blank line, or the
    host's own ``HELLO?``/``PING`` echoed back by a loopback or a tty left in echo mode), or :class:`Rejected`
    with the reason. Never raises, whatever the bytes.
    """
    if line.endswith(b"\r"):
        line = line[:-1]
    if len(line) > MAX_LINE:
        return Rejected(Reason.TOO_LONG, line)
    if any(byte < 0x20 or byte > 0x7E for byte in line):
        return Rejected(Reason.BINARY, line)
    body = line
    star = line.find(b"*")
    version = _announced(line[:star] if star >= 0 else line, version)
    if star >= 0:
        match = _CHECKSUM.fullmatch(line, star)
        if match is None or int(match.group(1), 16) != int(checksum_for(version)(line[:star]), 16):
            return Rejected(Reason.BAD_CHECKSUM, line)
        body = line[:star]
    words = body.decode("ascii").split()
    if star < 0 and version is not None and version >= CRC_VERSION and words and words not in _HOST_LINES:
        return Rejected(Reason.BAD_CHECKSUM, line)  # version 2: a line without its CRC is not trusted
    if not words or words in _HOST_LINES:  # blank, or our own query echoed back by a loopback
        return None if star < 0 or words else Rejected(Reason.BAD_ARGUMENTS, line)
    word, args = words[0], words[1:]
    if word not in _ARITY:
        return Rejected(Reason.UNKNOWN_WORD, line)
    arity = _ARITY[word]
    if arity is not None and len(args) != arity:
        return Rejected(Reason.BAD_ARGUMENTS, line)
    return _build(word, args, body.decode("ascii"), line)


def _announced(body: bytes, version: int | None) -> int | None:
    """The version whose checksum rules apply: the tray's, or a ``HELLO``'s own if it is newer (a
    ``HELLO`` cannot talk a version 2 link out of its CRC: a wrong bit would be enough)."""
    words = body.split()
    if len(words) == 4 and words[0] == b"HELLO" and _NUMBER.fullmatch(words[3].decode("ascii")):
        return max(int(words[3]), version or 0)
    return version


_HOST_LINES = (["HELLO?"], ["PING"])
#: number of arguments per word (None: free text)
_ARITY: dict[str, int | None] = {"HELLO": 3, "ROLLING": 1, "ROLL": 2, "BATT": 2, "ERR": None, "PONG": 0}


def _build(word: str, args: list[str], body: str, line: bytes) -> Message | Rejected:
    if word == "PONG":
        return Pong()
    if word == "ERR":
        return DeviceError(body.strip()[len("ERR"):].strip())
    if word == "HELLO":
        count, version = _number(args[1]), _number(args[2])
        if not _DEVICE_ID.fullmatch(args[0]) or count is None or not 1 <= count <= MAX_DIE or version is None:
            return Rejected(Reason.BAD_ARGUMENTS, line)
        return Hello(args[0], count, version)
    die = _die(args[0])
    if die is None:
        return Rejected(Reason.BAD_DIE if _number(args[0]) is not None else Reason.BAD_ARGUMENTS, line)
    if word == "ROLLING":
        return Rolling(die)
    value = _number(args[1])
    if word == "ROLL":
        if value is None:
            return Rejected(Reason.BAD_ARGUMENTS, line)
        return Rolled(die, value) if 1 <= value <= 6 else Rejected(Reason.BAD_FACE, line)
    if value is None or value > 100:
        return Rejected(Reason.BAD_ARGUMENTS, line)
    return Battery(die, value)


class LineSplitter:
    """Cuts a byte stream into lines at ``\\n``, with a bounded buffer.

    A line longer than :data:`MAX_LINE` (plus its ``\\r``) is returned as one
    ``Rejected(TOO_LONG)`` however long it grows, so binary noise without newlines cannot eat memory.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._overlong = False

    def feed(self, data: bytes) -> list[bytes | Rejected]:
        """The complete lines in ``data`` (after what earlier calls left over), in order."""
        *lines, tail = bytes(data).split(b"\n")
        out = [self._finish(piece) for piece in lines]
        self._append(tail)
        return out

    def _finish(self, piece: bytes) -> bytes | Rejected:
        self._append(piece)
        line, overlong = bytes(self._buffer), self._overlong
        self._buffer.clear()
        self._overlong = False
        return Rejected(Reason.TOO_LONG, line) if overlong else line

    def _append(self, piece: bytes) -> None:
        if self._overlong:
            return
        self._buffer += piece
        if len(self._buffer) > MAX_LINE + 1:  # room for the '\r' before '\n'
            del self._buffer[MAX_LINE + 1:]
            self._overlong = True


@dataclass(frozen=True)
class Abandoned:
    """A roll given up because some dice never reported coming to rest."""

    moving: tuple[int, ...]
    values: tuple[int, ...]
    dice: tuple[int, ...]


class RollGrouper:
    """Groups ``ROLLING``/``ROLL`` into completed rolls; the caller passes the time of each event.

    The rule (docs/edice-protocol.md, "When a roll is complete"): a roll is complete when every die
    that reported ``ROLLING`` since the last complete roll has since reported ``ROLL``, and
    ``settle`` seconds have passed without a new ``ROLLING``. A ``ROLL`` without ``ROLLING`` joins
    the roll in progress (or starts one) and counts as that die's ``ROLLING`` and ``ROLL`` at the
    same instant, so a tray without motion sensing can send bare ``ROLL`` lines. A die that rolls
    again before completion replaces its value. A roll with dice still moving ``stall`` seconds
    after its last message is abandoned.
    """

    def __init__(self, *, settle: float = SETTLE_SECONDS, stall: float = STALL_SECONDS) -> None:
        self.settle = settle
        self.stall = stall
        self._faces: dict[int, int] = {}
        self._moving: set[int] = set()
        self._last_rolling: float | None = None
        self._last_event: float | None = None

    @property
    def in_progress(self) -> bool:
        """True while some die has moved or landed since the last completed roll."""
        return self._last_event is not None

    def rolling(self, die: int, now: float) -> None:
        """Die ``die`` started moving at ``now``."""
        self._faces.pop(die, None)
        self._moving.add(die)
        self._last_rolling = self._last_event = now

    def rolled(self, die: int, face: int, now: float) -> None:
        """Die ``die`` came to rest showing ``face`` at ``now``."""
        if die not in self._moving:
            self._last_rolling = now
        self._moving.discard(die)
        self._faces[die] = face
        self._last_event = now

    def deadline(self) -> float | None:
        """The earliest time at which :meth:`poll` may return something, or None if idle."""
        if self._last_event is None or self._last_rolling is None:
            return None
        if self._moving:
            return self._last_event + self.stall
        return self._last_rolling + self.settle

    def poll(self, now: float) -> DiceRoll | Abandoned | None:
        """The roll completed (or abandoned) by ``now``, once; None if there is none yet."""
        deadline = self.deadline()
        if deadline is None or now < deadline:
            return None
        dice = tuple(sorted(self._faces))
        values = tuple(self._faces[d] for d in dice)
        moving = tuple(sorted(self._moving))
        self._faces.clear()
        self._moving.clear()
        self._last_rolling = self._last_event = None
        if moving:
            return Abandoned(moving, values, dice)
        return DiceRoll(values=values, source="edice", dice=dice)
