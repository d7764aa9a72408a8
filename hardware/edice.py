"""The serial link to an e-dice tray: open (or find) the port, read lines, reconnect after an unplug.

The protocol itself (parsing, roll grouping) is in :mod:`hardware.edice_protocol`; this module is
the thread that feeds it from a port. Usage::

    link = EDiceLink("/dev/ttyACM0", on_roll=print, on_status=print).start()
    ...
    link.stop()

Callbacks run on the link's own thread. The app must hand them to its UI thread itself
(``Clock.schedule_once``); they must return quickly and must not call :meth:`EDiceLink.stop`.
"""
from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Callable, Iterable, Protocol

import serial
from serial.tools import list_ports as _list_ports

from hardware.edice_protocol import (
    PROTOCOL_VERSION, SETTLE_SECONDS, STALL_SECONDS, SUPPORTED_VERSIONS, Abandoned, Battery, DeviceError,
    Hello, LineSplitter, Message, Pong, Reason, Rejected, Rolled, Rolling, RollGrouper, parse_line,
)
from hardware.errors import BadSpec
from hardware.inputs import DiceRoll
from hardware.link_thread import LinkThread

log = logging.getLogger("cairn.edice")
log.addHandler(logging.NullHandler())  # silent unless the app configures logging

BAUDRATE = 115200
#: USB vendor ids of the usual boards and USB-serial chips a tray is built on.
USB_VENDORS: dict[int, str] = {
    0x2341: "Arduino", 0x2A03: "Arduino", 0x1A86: "CH340", 0x10C4: "CP210x", 0x0403: "FTDI",
    0x2E8A: "Raspberry Pi Pico", 0x239A: "Adafruit", 0x303A: "Espressif", 0x16C0: "Teensy",
}
#: The USB product string a tray's firmware sets (docs/edice-protocol.md, "Auto-detect"): a port
#: whose product contains it (any case) is a tray, opened without asking anything else.
TRAY_PRODUCT = "Cairn e-dice tray"
#: The first wait before reopening a port that failed; it doubles up to ``max_backoff``.
FIRST_BACKOFF = 0.25


class LinkState(StrEnum):
    """Where the link is; :class:`LinkStatus` carries it with a line for the user."""

    SEARCHING = "searching"
    CONNECTED = "connected"
    DISCONNECTED = "disconnected"
    FAILED = "failed"
    STOPPED = "stopped"


@dataclass(frozen=True)
class LinkStatus:
    """The link's state, a short line the app can show as is, and what it knows about the tray."""

    state: LinkState
    text: str
    port: str | None = None
    device: Hello | None = None
    detail: str = ""


class PortInfo(Protocol):
    """What auto-detection reads from a :func:`serial.tools.list_ports.comports` entry (``product``
    and ``serial_number`` may be missing: they count as None)."""

    device: str
    vid: int | None


def is_tray(info: PortInfo) -> bool:
    """Whether the port's USB product string names a Cairn tray (:data:`TRAY_PRODUCT`)."""
    return TRAY_PRODUCT.casefold() in str(getattr(info, "product", None) or "").casefold()


def port_key(info: PortInfo) -> tuple[str, str | None]:
    """A plugged-in port: its device path and USB serial number (another board on the same path is
    a new port)."""
    return info.device, getattr(info, "serial_number", None)


SerialForUrl = Callable[..., Any]


@dataclass(frozen=True)
class _Opened:
    """An open port, and what was already read from it while looking for the tray."""

    port: Any
    path: str
    hello: Hello | None = None
    splitter: LineSplitter = field(default_factory=LineSplitter)
    pending: tuple[bytes | Rejected, ...] = ()


class EDiceLink(LinkThread):
    """Reads a tray on its own thread and reports completed rolls and status changes.

    :param port: a device path or pyserial URL (``/dev/ttyACM0``, ``loop://``); ``None`` to look
        for a tray among the USB serial ports: a port whose USB product string is
        :data:`TRAY_PRODUCT` is the tray; any other port whose vendor id is in ``vendors`` is asked
        ``HELLO?`` (up to ``hello_timeout`` seconds for ``HELLO``) **once** after it appears, and
        left alone until it is unplugged (opening a port resets many boards, and another device
        must not receive ``HELLO?`` every few seconds).
    :param on_roll: called with each completed :class:`DiceRoll` (source ``"edice"``).
    :param on_status: called with each new :class:`LinkStatus`; unplugging the tray gives
        ``LinkState.DISCONNECTED`` / ``"e-dice disconnected"``, and the link keeps retrying (the same
        path, or a new search) with back-off up to ``max_backoff`` seconds until the tray returns.
    :param on_reject: called with each :class:`Rejected` line (they are also counted in
        :attr:`rejects` and logged).
    :param serial_for_url: opens a port (pyserial's own by default).
    :param list_ports: lists candidate ports for auto-detection (pyserial's ``comports``).
    :param clock: monotonic seconds, for roll timing.
    """

    LINK_NAME, THREAD_NAME, STOP_TIMEOUT = "e-dice", "cairn-edice", 2.0
    LOG_NAME = "cairn.edice"

    def __init__(
        self,
        port: str | None = None,
        *,
        on_roll: Callable[[DiceRoll], None],
        on_status: Callable[[LinkStatus], None] | None = None,
        on_reject: Callable[[Rejected], None] | None = None,
        serial_for_url: SerialForUrl = serial.serial_for_url,
        list_ports: Callable[[], Iterable[PortInfo]] = _list_ports.comports,
        vendors: Iterable[int] = USB_VENDORS,
        clock: Callable[[], float] = time.monotonic,
        settle: float = SETTLE_SECONDS,
        stall: float = STALL_SECONDS,
        max_backoff: float = 5.0,
        hello_timeout: float = 3.0,
        poll_interval: float = 0.05,
    ) -> None:
        if port is not None and not port.strip():
            raise BadSpec("--serial needs a device path or a pyserial URL")
        self.port = port
        self._on_roll = on_roll
        self._on_status = on_status
        self._on_reject = on_reject
        self._serial_for_url = serial_for_url
        self._list_ports = list_ports
        self._vendors = frozenset(vendors)
        self._clock = clock
        self._settle, self._stall = settle, stall
        self._max_backoff = max_backoff
        self._hello_timeout = hello_timeout
        self._poll = poll_interval
        LinkThread.__init__(self)
        self._lock = threading.Lock()
        self._serial: Any = None
        self._rejects: Counter[str] = Counter()
        self._batteries: dict[int, int] = {}
        self._status = LinkStatus(LinkState.STOPPED, "e-dice stopped", port)
        self._device: Hello | None = None
        #: ports asked once that did not answer as a tray, kept while they stay plugged in
        self._probed: set[tuple[str, str | None]] = set()

    # -- the app's side -------------------------------------------------------------------------

    @property
    def status(self) -> LinkStatus:
        """The latest status (the same value last passed to ``on_status``)."""
        return self._status

    @property
    def rejects(self) -> dict[str, int]:
        """How many lines were rejected, per reason (``"bad-checksum"``, ``"binary"``, ...)."""
        with self._lock:
            return dict(self._rejects)

    @property
    def batteries(self) -> dict[int, int]:
        """The last ``BATT`` percentage reported per die."""
        with self._lock:
            return dict(self._batteries)

    def send(self, line: str) -> bool:
        """Send one host line (``PING``, ``HELLO?``); False if no tray is connected right now."""
        port = self._serial
        if port is None:
            return False
        try:
            port.write(line.encode("ascii") + b"\n")
            return True
        except (serial.SerialException, OSError, ValueError):
            return False

    # -- the thread -----------------------------------------------------------------------------

    def _run(self) -> None:
        backoff = FIRST_BACKOFF
        try:
            while not self._stopping.is_set():
                try:
                    opened = self._open_explicit() if self.port is not None else self._detect()
                except BadSpec as exc:
                    self._set_status(LinkState.FAILED, f"e-dice: {exc}", detail=str(exc))
                    return
                if opened is None:
                    self._stopping.wait(backoff)
                    backoff = min(backoff * 2, self._max_backoff)
                    continue
                backoff = FIRST_BACKOFF
                detail = self._serve(opened)
                if not self._stopping.is_set():
                    self._set_status(LinkState.DISCONNECTED, "e-dice disconnected", opened.path,
                                     detail=detail)
                    log.warning("e-dice on %s disconnected: %s", opened.path, detail)
        except Exception as exc:  # noqa: BLE001 - a bug must show in the status, not end the thread silently
            log.exception("e-dice link failed")
            self._set_status(LinkState.FAILED, f"e-dice: unexpected error: {exc}", detail=repr(exc))
        finally:
            self._set_status(LinkState.STOPPED, "e-dice stopped")

    def _open(self, path: str) -> Any:
        try:
            return self._serial_for_url(path, baudrate=BAUDRATE, timeout=self._poll, write_timeout=1,
                                        exclusive=True)  # never share a port with another program
        except ValueError as exc:  # an unknown URL scheme or a bad setting: retrying cannot help
            raise BadSpec(f"{path}: {exc}") from exc

    def _open_explicit(self) -> _Opened | None:
        path = self.port
        assert path is not None
        try:
            port = self._open(path)
        except (serial.SerialException, OSError) as exc:
            if self._status.state is not LinkState.DISCONNECTED:
                self._set_status(LinkState.DISCONNECTED, "e-dice disconnected", path, detail=str(exc))
            return None
        return _Opened(port, path)

    def _detect(self) -> _Opened | None:
        """Open a port named as a tray by its USB product string, else the first newly plugged-in
        port from a known vendor that answers ``HELLO?``."""
        if self._status.state not in (LinkState.SEARCHING, LinkState.DISCONNECTED):
            self._set_status(LinkState.SEARCHING, "e-dice: looking for a tray")
        try:
            listed = list(self._list_ports())
        except OSError as exc:
            log.warning("cannot list serial ports: %s", exc)
            return None
        self._probed &= {port_key(p) for p in listed}  # an unplugged port is new when it comes back
        trays = [p for p in listed if is_tray(p)]
        others = [p for p in listed if not is_tray(p) and p.vid in self._vendors and port_key(p) not in self._probed]
        for info in trays + others:
            if self._stopping.is_set():
                return None
            path = info.device
            if not is_tray(info):
                self._probed.add(port_key(info))
            try:
                port = self._open(path)
            except (serial.SerialException, OSError) as exc:
                log.info("e-dice: skipping %s: %s", path, exc)
                continue
            opened = self._await_hello(port, path)
            if opened is not None:
                self._probed.discard(port_key(info))  # it is a tray: it may be reopened
                return opened
            log.info("e-dice: %s did not answer HELLO?%s", path,
                     "" if is_tray(info) else "; it is left alone until it is plugged in again")
            _close(port)
        return None

    def _await_hello(self, port: Any, path: str) -> _Opened | None:
        """Ask ``HELLO?`` until a ``HELLO`` comes; keeps what followed it in the same read."""
        splitter = LineSplitter()
        give_up = time.monotonic() + self._hello_timeout
        next_ask = 0.0
        try:
            while not self._stopping.is_set() and time.monotonic() < give_up:
                if time.monotonic() >= next_ask:  # boards that reset on open miss the first ask
                    port.write(b"HELLO?\n")
                    next_ask = time.monotonic() + 0.5
                lines = splitter.feed(port.read(port.in_waiting or 1))
                for index, line in enumerate(lines):
                    if isinstance(line, bytes) and isinstance(message := parse_line(line), Hello):
                        return _Opened(port, path, message, splitter, tuple(lines[index + 1:]))
        except (serial.SerialException, OSError):
            return None
        return None

    def _serve(self, opened: _Opened) -> str:
        """Read the port until it fails or the link stops; returns why it ended."""
        port, path, splitter = opened.port, opened.path, opened.splitter
        self._serial = port
        grouper = RollGrouper(settle=self._settle, stall=self._stall)
        self._device = None
        self._set_status(LinkState.CONNECTED, "e-dice connected", path)
        try:
            if opened.hello is not None:
                self._handle(opened.hello, grouper, path)
            else:
                port.write(b"HELLO?\n")
            lines: Iterable[bytes | Rejected] = opened.pending
            while not self._stopping.is_set():
                for line in lines:
                    version = self._device.version if self._device is not None else None
                    message = line if isinstance(line, Rejected) else parse_line(line, version)
                    if message is not None:
                        self._handle(message, grouper, path)
                self._deliver(grouper.poll(self._clock()))
                lines = splitter.feed(port.read(port.in_waiting or 1))
            return "stopped"
        except (serial.SerialException, OSError) as exc:
            return str(exc) or type(exc).__name__
        finally:
            self._serial = None
            _close(port)

    def _handle(self, message: Message | Rejected, grouper: RollGrouper, path: str) -> None:
        if isinstance(message, (Rolling, Rolled, Battery)) and self._device is not None \
                and message.die > self._device.dice_count:
            message = Rejected(Reason.BAD_DIE, _encode(message))
        match message:
            case Rejected():
                self._reject(message)
            case Rolling(die):
                grouper.rolling(die, self._clock())
            case Rolled(die, face):
                grouper.rolled(die, face, self._clock())
            case Hello():
                self._device = message
                note = "" if message.version in SUPPORTED_VERSIONS else \
                    f" (protocol {message.version}, Cairn speaks {PROTOCOL_VERSION})"
                text = f"e-dice connected: {message.device_id}, {message.dice_count} dice{note}"
                self._set_status(LinkState.CONNECTED, text, path, device=message)
            case Battery(die, percent):
                with self._lock:
                    self._batteries[die] = percent
            case DeviceError(text):
                log.warning("e-dice reports: %s", text)
                self._set_status(LinkState.CONNECTED, f"e-dice error: {text}", path,
                                 device=self._device, detail=text)
            case Pong():
                pass

    def _deliver(self, result: DiceRoll | Abandoned | None) -> None:
        if isinstance(result, DiceRoll):
            log.info("e-dice roll: dice %s show %s", result.dice, result.values)
            self._call(self._on_roll, result)
        elif isinstance(result, Abandoned):
            with self._lock:
                self._rejects["abandoned-roll"] += 1
            moving = " ".join(map(str, result.moving))
            log.warning("e-dice roll abandoned: dice %s never came to rest", moving)
            self._set_status(self._status.state, f"e-dice: roll abandoned, die {moving} never came to rest",
                             self._status.port, device=self._device)

    def _reject(self, rejected: Rejected) -> None:
        with self._lock:
            self._rejects[rejected.reason.value] += 1
            first = self._rejects[rejected.reason.value] == 1
        (log.warning if first else log.debug)("e-dice line rejected (%s): %r", rejected.reason, rejected.line)
        if self._on_reject is not None:
            self._call(self._on_reject, rejected)

    def _set_status(self, state: LinkState, text: str, port: str | None = None, *,
                    device: Hello | None = None, detail: str = "") -> None:
        status = LinkStatus(state, text, port, device, detail)
        self._publish(status)



def _encode(message: Rolling | Rolled | Battery) -> bytes:
    match message:
        case Rolling(die):
            return f"ROLLING {die}".encode()
        case Rolled(die, face):
            return f"ROLL {die} {face}".encode()
        case Battery(die, percent):
            return f"BATT {die} {percent}".encode()


def _close(port: Any) -> None:
    try:
        port.close()
    except (serial.SerialException, OSError):
        pass
