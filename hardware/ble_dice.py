"""Bluetooth LE smart dice (GoDice, Pixels): find them, keep them connected, group their rolls.

The notification formats are in :mod:`hardware.ble_protocols`; this module is the thread that feeds
them from Bluetooth. Usage::

    dice = scan_dice(5.0)                                   # what is in reach, with kind and battery
    link = BleDiceLink(dice, on_roll=print, on_status=print).start()
    ...
    link.stop()

Bluetooth goes through a :class:`BleBackend` (:mod:`hardware.ble_backend`; bleak's by default); tests and
the UI tests pass a fake one that replays recorded notifications. The link runs bleak's asyncio loop
on its own thread; callbacks run on that thread, and the app must hand them to its UI thread itself
(``Clock.schedule_once``). They must return quickly and must not call :meth:`BleDiceLink.stop`.
"""
from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from hardware import ble_protocols as bp
from hardware.ble_backend import (  # noqa: F401 - the link's users find the whole BLE API here
    CONNECT_SECONDS,
    SCAN_SECONDS,
    Advert,
    BleakBackend,
    BleBackend,
    BleClient,
    KnownDie,
    found_dice,
    scan_dice,
)
from hardware.ble_reasons import describe, is_unavailable
from hardware.edice_protocol import SETTLE_SECONDS, STALL_SECONDS, Abandoned, RollGrouper
from hardware.errors import BadSpec, DeviceUnavailable
from hardware.inputs import DiceRoll
from hardware.link_thread import LinkThread

log = logging.getLogger("cairn.ble")
log.addHandler(logging.NullHandler())  # silent unless the app configures logging

#: The first wait before connecting again to a die that went away; it doubles up to ``max_backoff``.
FIRST_BACKOFF = 1.0


class BleState(StrEnum):
    """Where the link is; :class:`BleStatus` carries it with a line for the user."""

    CONNECTING = "connecting"
    CONNECTED = "connected"
    DISCONNECTED = "disconnected"
    UNAVAILABLE = "unavailable"
    STOPPED = "stopped"


@dataclass(frozen=True)
class BleStatus:
    """The link as a whole: its state, a line for logs and the shell, the names of the dice connected
    now (of ``total``), each die's last battery level (name, percent), and the last event: ``event``
    (``connected``, ``lost``, ``mid-roll``, ``abandoned``, ``tilted``; "" for none), the die it is
    about (``die``: names, comma-separated) and a line for it (``note``)."""

    state: BleState
    text: str
    connected: tuple[str, ...] = ()
    total: int = 0
    batteries: tuple[tuple[str, int], ...] = ()
    note: str = ""
    event: str = ""
    die: str = ""
    reason: str = ""


class BleDiceLink(LinkThread):
    """Keeps ``dice`` connected on its own thread and reports completed rolls and status changes.

    Die *n* of a roll (``DiceRoll.dice``) is ``dice[n - 1]``. Rolls are grouped by the serial tray's
    rule (:class:`hardware.edice_protocol.RollGrouper`: complete when every die that started moving has
    landed and ``settle`` seconds passed without a new start) and delivered as
    ``DiceRoll(source="ble")``. A die turned or put down by hand is not a roll unless it was moving;
    a die that lands tilted stays "moving" until it lies flat. A die that goes away while it is moving
    abandons the open roll (a status note says so: roll again or enter the dice by touch).
    Each die is reconnected with back-off (``first_backoff`` doubling to ``max_backoff`` seconds);
    when Bluetooth itself cannot be used the status is ``UNAVAILABLE`` and the link keeps retrying.

    :param backend: Bluetooth (:class:`BleakBackend` by default).
    :param clock: monotonic seconds, for roll timing.
    """

    LINK_NAME, THREAD_NAME, STOP_TIMEOUT = "smart dice", "cairn-ble", 3.0
    LOG_NAME = "cairn.ble"

    def __init__(self, dice: Sequence[KnownDie], *, on_roll: Callable[[DiceRoll], None],
                 on_status: Callable[[BleStatus], None] | None = None, backend: BleBackend | None = None,
                 clock: Callable[[], float] = time.monotonic, settle: float = SETTLE_SECONDS,
                 stall: float = STALL_SECONDS, first_backoff: float = FIRST_BACKOFF, max_backoff: float = 30.0,
                 connect_timeout: float = CONNECT_SECONDS, poll_interval: float = 0.05) -> None:
        if not dice:
            raise BadSpec("no smart dice chosen: scan for them and pick some first")
        self.dice = tuple(dice)
        self._on_roll, self._on_status = on_roll, on_status
        self._backend = backend
        self._clock = clock
        self._settle, self._stall = settle, stall
        self._first_backoff, self._max_backoff = first_backoff, max_backoff
        self._connect_timeout, self._poll = connect_timeout, poll_interval
        LinkThread.__init__(self)
        self._lock = threading.Lock()
        self._grouper = RollGrouper(settle=settle, stall=stall)
        self._moving: set[int] = set()  # dice moving now (1-based)
        self._in_roll: set[int] = set()  # dice that took part in the open roll
        self._connected: set[int] = set()
        self._batteries: dict[int, int] = {}
        self._colours: dict[int, str] = {}
        self._rejects: Counter[str] = Counter()
        self._unavailable = ""
        self._status = BleStatus(BleState.STOPPED, "smart dice stopped", total=len(self.dice))

    # -- the app's side -------------------------------------------------------------------------
    @property
    def status(self) -> BleStatus:
        """The latest status (the same value last passed to ``on_status``)."""
        return self._status

    @property
    def batteries(self) -> dict[str, int]:
        """The last battery percentage per die address."""
        with self._lock:
            return {self.dice[n - 1].address: p for n, p in self._batteries.items()}

    @property
    def colours(self) -> dict[str, str]:
        """The colour each die reported (GoDice), per address."""
        with self._lock:
            return {self.dice[n - 1].address: c for n, c in self._colours.items()}

    @property
    def rejects(self) -> dict[str, int]:
        """How many notifications were rejected, per reason (``"truncated"``, ``"bad-face"``, ...)."""
        with self._lock:
            return dict(self._rejects)

    # -- the thread -----------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            if self._backend is None:
                self._backend = BleakBackend()
            asyncio.run(self._main())
        except Exception as exc:
            log.exception("smart dice link failed")
            self._unavailable = f"unexpected error: {exc}"
            self._report(BleState.UNAVAILABLE)
        finally:
            self._report(BleState.STOPPED)

    async def _main(self) -> None:
        self._report(BleState.CONNECTING)
        tasks = [asyncio.create_task(self._keep(n)) for n in range(1, len(self.dice) + 1)]
        try:
            while not self._stopping.is_set():
                self._deliver(self._grouper.poll(self._clock()))
                await asyncio.sleep(self._poll)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _keep(self, n: int) -> None:
        """Connect die ``n``, serve it until it goes away, wait, and again, until the link stops."""
        die = self.dice[n - 1]
        backoff = self._first_backoff
        while not self._stopping.is_set():
            gone = asyncio.Event()
            loop = asyncio.get_running_loop()
            client = self._backend.client(die.address, _setter(loop, gone))
            why = ""
            try:
                await asyncio.wait_for(self._open(n, die, client), self._connect_timeout)
                self._unavailable = ""
                backoff = self._first_backoff
                self._connected.add(n)
                self._report(BleState.CONNECTED, f"{die.name} connected", "connected", die.name)
                while not gone.is_set() and not self._stopping.is_set():
                    await _wait(gone, 0.1)
                why = "disconnected"
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - bleak, D-Bus and OS errors all mean "not now"
                why = describe(exc)
                self._unavailable = why if is_unavailable(exc) else ""
            finally:
                was = n in self._connected
                self._connected.discard(n)
                await _quietly(client.disconnect())
            if self._stopping.is_set():
                return
            self._lost(n, die, why, was)
            await _wait(_StopEvent(self._stopping), backoff)
            backoff = min(backoff * 2, self._max_backoff)

    async def _open(self, n: int, die: KnownDie, client: BleClient) -> None:
        await client.connect()
        notify, write, asks = ((bp.GODICE_NOTIFY_UUID, bp.GODICE_WRITE_UUID, (bp.GODICE_ASK_COLOUR, bp.GODICE_ASK_BATTERY))
                               if die.kind == "godice" else
                               (bp.PIXELS_NOTIFY_UUID, bp.PIXELS_WRITE_UUID, (bp.PIXELS_WHO_ARE_YOU,)))
        if not client.has_characteristic(notify):
            raise DeviceUnavailable(f"{die.name} is not a {'GoDice' if die.kind == 'godice' else 'Pixels die'}")
        await client.start_notify(notify, lambda data: self._notified(n, die, data))
        for ask in asks:
            await client.write(write, ask)

    def _lost(self, n: int, die: KnownDie, why: str, was_connected: bool) -> None:
        note, event = (f"{die.name}: {why}", "lost") if why else ("", "")
        if was_connected and n in self._moving:
            self._grouper = RollGrouper(settle=self._settle, stall=self._stall)
            self._in_roll.clear()
            self._moving.clear()
            with self._lock:
                self._rejects["abandoned-roll"] += 1
            note, event = f"{die.name} disconnected mid-roll: roll again or enter the dice by touch", "mid-roll"
            log.warning("smart dice roll abandoned: %s went away", die.name)
        state = BleState.UNAVAILABLE if self._unavailable and not self._connected else BleState.DISCONNECTED
        if self._connected:
            state = BleState.CONNECTED
        self._report(state, note, event, die.name)

    def _notified(self, n: int, die: KnownDie, data: bytes) -> None:
        """One notification from die ``n`` (on the loop's thread)."""
        now = self._clock()
        for message in bp.decode(die.kind, data):
            match message:
                case bp.Rejected(reason):
                    with self._lock:
                        self._rejects[reason.value] += 1
                        first = self._rejects[reason.value] == 1
                    (log.warning if first else log.debug)("%s: notification rejected (%s): %r",
                                                          die.name, reason, message.data)
                case bp.Rolling() | bp.Tilted():
                    if isinstance(message, bp.Tilted):
                        self._report(self._status.state, f"{die.name} is not flat: roll it again", "tilted", die.name)
                    self._grouper.rolling(n, now)
                    self._moving.add(n)
                    self._in_roll.add(n)
                case bp.Landed(face, thrown):
                    if thrown or n in self._moving:
                        self._grouper.rolled(n, face, now)
                        self._moving.discard(n)
                        self._in_roll.add(n)
                case bp.BatteryLevel(percent):
                    with self._lock:
                        changed = self._batteries.get(n) != percent
                        self._batteries[n] = percent
                    if changed:
                        self._report(self._status.state, self._status.note, self._status.event, self._status.die)
                case bp.Colour(name):
                    with self._lock:
                        self._colours[n] = name
                case bp.Identity():
                    pass

    def _deliver(self, result: DiceRoll | Abandoned | None) -> None:
        if isinstance(result, DiceRoll):
            self._in_roll.clear()
            roll = replace(result, source="ble")
            log.info("smart dice roll: dice %s show %s", roll.dice, roll.values)
            self._call(self._on_roll, roll)
        elif isinstance(result, Abandoned):
            self._in_roll.clear()
            self._moving.clear()
            with self._lock:
                self._rejects["abandoned-roll"] += 1
            names = ", ".join(self.dice[d - 1].name for d in result.moving)
            self._report(self._status.state, f"roll abandoned: {names} never came to rest", "abandoned", names)

    def _report(self, state: BleState, note: str = "", event: str = "", die: str = "") -> None:
        connected = tuple(self.dice[n - 1].name for n in sorted(self._connected))
        with self._lock:
            batteries = tuple((self.dice[n - 1].name, p) for n, p in sorted(self._batteries.items()))
        total = len(self.dice)
        if state is BleState.CONNECTED:
            text = f"smart dice: {len(connected)} of {total} connected"
        elif state is BleState.UNAVAILABLE:
            text = f"smart dice: {self._unavailable or note or 'Bluetooth is not available'}"
        elif state is BleState.DISCONNECTED:
            text = "smart dice: not in reach, retrying"
        elif state is BleState.CONNECTING:
            text = "smart dice: connecting"
        else:
            text = "smart dice stopped"
        reason = self._unavailable if state is BleState.UNAVAILABLE else ""
        status = BleStatus(state, text, connected, total, batteries, note, event, die, reason)
        self._publish(status)



def _setter(loop: asyncio.AbstractEventLoop, event: asyncio.Event) -> Callable[[], None]:
    """A callback, safe from any thread, that sets ``event`` on ``loop``."""
    return lambda: loop.call_soon_threadsafe(event.set)


class _StopEvent:
    """A threading.Event seen from the loop (polled: it is set from another thread)."""

    def __init__(self, event: threading.Event) -> None:
        self._event = event

    def is_set(self) -> bool:
        return self._event.is_set()


async def _wait(event: asyncio.Event | _StopEvent, seconds: float) -> None:
    """Wait up to ``seconds`` for ``event`` (polled every 50 ms for a thread's event)."""
    if isinstance(event, asyncio.Event):
        try:
            await asyncio.wait_for(event.wait(), seconds)
        except TimeoutError:
            pass
        return
    end = time.monotonic() + seconds
    while not event.is_set() and time.monotonic() < end:
        await asyncio.sleep(min(0.05, max(0.0, end - time.monotonic())))


async def _quietly(step: Awaitable[None]) -> None:
    try:
        await asyncio.wait_for(step, 5.0)
    except Exception as exc:  # noqa: BLE001 - the die is gone either way
        log.debug("disconnect: %s", exc)
