"""A fake Bluetooth backend for ``hardware.ble_dice``: dice that advertise, connect, answer requests
and notify the bytes a test replays, with no radio.

The recorded notifications (``GODICE`` and ``PIXELS``) are written from the makers' documents: the
GoDice Python API (``godice/dice.py``: ``R``, ``S`` + x y z, ``Bat``/``Col`` + a byte) and the Pixels
Communications Protocol (RollState 3, BatteryLevel 34, IAmADie 2).

A test drives it from its own thread: :meth:`FakeBleBackend.notify` hands bytes to the connected die's
subscriber on the link's loop and returns once the link has taken them; :meth:`FakeBleBackend.drop`
makes a die go away (and refuse ``refuse`` reconnections); :meth:`FakeBleBackend.connected` waits for a
connection.
"""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from hardware import ble_protocols as bp
from hardware.ble_dice import Advert


def godice_stable(face: int) -> bytes:
    """``S`` and the D6 vector of ``face`` (the maker's ``d6Vectors``), as signed bytes."""
    return bytes([0x53, *(v & 0xFF for v in bp.GODICE_D6_VECTORS[face])])


def pixels_rolled(face: int) -> bytes:
    """RollState (3), state *rolled* (1), face index ``face - 1``."""
    return bytes([bp.PIXELS_ROLL_STATE, 1, face - 1])


#: GoDice notifications as the maker's API reads them
GODICE = {
    "rolling": b"R",
    "stable-1-noisy": bytes([0x53, 0xC2, 0x03, 0xFE]),  # x=-62 y=3 z=-2: face 1
    "battery-87": b"Bat" + bytes([87]),
    "colour-red": b"Col" + bytes([1]),
    "tilt-stable": bytes([0x54, 0x53, 0x20, 0x20, 0x20]),
    "move-stable-4": bytes([0x4D, 0x53, 0x00, 0xC0, 0x00]),
    "fake-stable-3": bytes([0x46, 0x53, 0x00, 0x40, 0x00]),
}
#: Pixels notifications in the documented layouts
PIXELS = {
    "rolling": bytes([3, 3, 2]),
    "handling": bytes([3, 2, 0]),
    "crooked": bytes([3, 4, 0]),
    "on-face-2": bytes([3, 5, 1]),
    "battery-76": bytes([34, 76, 0]),
    "battery-40-charging": bytes([34, 40, 2]),
    # IAmADie: 6 LEDs, design 3, pad, hash, id 0x11223344, flash 1024, build 1700000000, rolled on
    # face index 5 (a six), battery 64 %, state ok
    "i-am-a-die": bytes([2, 6, 3, 0]) + (0xCAFE).to_bytes(4, "little") + (0x11223344).to_bytes(4, "little")
    + (1024).to_bytes(2, "little") + (1700000000).to_bytes(4, "little") + bytes([1, 5, 64, 0]),
    "d20-face": bytes([3, 1, 17]),
}


@dataclass
class FakeDie:
    """One die: how it advertises and what it answers to each request it is sent."""

    address: str
    name: str
    kind: bp.DieKind
    replies: dict[bytes, Sequence[bytes]] = field(default_factory=dict)
    manufacturer_data: tuple[tuple[int, bytes], ...] = ()
    rssi: int = -60

    def advert(self) -> Advert:
        uuids = () if self.kind == "godice" else (bp.SERVICE_UUID,)
        return Advert(self.address, self.name, uuids, self.manufacturer_data, self.rssi)


def godice(address: str, name: str = "", colour: int = 1, battery: int = 87) -> FakeDie:
    """A GoDice that answers the colour and battery requests."""
    return FakeDie(address, name or f"GoDice_{address[-5:].replace(':', '')}_K_v04", "godice",
                   {bp.GODICE_ASK_COLOUR: [b"Col" + bytes([colour])], bp.GODICE_ASK_BATTERY: [b"Bat" + bytes([battery])]})


def pixels(address: str, name: str = "Pixel", battery: int = 55) -> FakeDie:
    """A Pixels die that answers WhoAreYou with IAmADie and advertises its battery."""
    return FakeDie(address, name, "pixels", {bp.PIXELS_WHO_ARE_YOU: [PIXELS["i-am-a-die"]]},
                   ((0xFFFF, bytes([6, 3, 1, 5, battery])),))


class FakeClient:
    """A connection to one :class:`FakeDie` (see :class:`FakeBleBackend`)."""

    def __init__(self, backend: FakeBleBackend, die: FakeDie, on_disconnect: Callable[[], None]) -> None:
        self.backend, self.die, self.on_disconnect = backend, die, on_disconnect
        self.callback: Callable[[bytes], None] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.written: list[bytes] = []

    async def connect(self) -> None:
        self.backend.attempts[self.die.address] = self.backend.attempts.get(self.die.address, 0) + 1
        if self.backend.unavailable is not None:
            raise self.backend.unavailable
        if self.backend.refuse.get(self.die.address, 0) > 0:
            self.backend.refuse[self.die.address] -= 1
            raise TimeoutError()
        self.loop = asyncio.get_running_loop()

    async def disconnect(self) -> None:
        with self.backend.lock:
            if self.backend.clients.get(self.die.address) is self:
                del self.backend.clients[self.die.address]

    def has_characteristic(self, uuid: str) -> bool:
        return uuid == (bp.GODICE_NOTIFY_UUID if self.die.kind == "godice" else bp.PIXELS_NOTIFY_UUID) \
            or uuid == bp.GODICE_WRITE_UUID

    async def start_notify(self, uuid: str, callback: Callable[[bytes], None]) -> None:
        self.callback = callback
        with self.backend.lock:
            self.backend.clients[self.die.address] = self
            self.backend.events.setdefault(self.die.address, threading.Event()).set()

    async def write(self, uuid: str, data: bytes) -> None:
        self.written.append(bytes(data))
        for reply in self.die.replies.get(bytes(data), ()):
            assert self.callback is not None
            self.callback(bytes(reply))


class FakeBleBackend:
    """:class:`hardware.ble_dice.BleBackend` with :class:`FakeDie` dice; ``unavailable``: the error
    every scan and connection raises (Bluetooth off, no adapter)."""

    def __init__(self, dice: Sequence[FakeDie] = (), unavailable: BaseException | None = None) -> None:
        self.dice = {d.address: d for d in dice}
        self.unavailable = unavailable
        self.lock = threading.Lock()
        self.clients: dict[str, FakeClient] = {}
        self.events: dict[str, threading.Event] = {}
        self.refuse: dict[str, int] = {}
        self.attempts: dict[str, int] = {}
        self.scans = 0

    async def discover(self, timeout: float) -> list[Advert]:
        self.scans += 1
        if self.unavailable is not None:
            raise self.unavailable
        await asyncio.sleep(0)
        return [d.advert() for d in self.dice.values()]

    def client(self, address: str, on_disconnect: Callable[[], None]) -> FakeClient:
        die = self.dice.get(address)
        if die is None:
            return _Absent(self, FakeDie(address, address, "godice"), on_disconnect)  # type: ignore[return-value]
        return FakeClient(self, die, on_disconnect)

    # -- the test's side (any thread) ---------------------------------------------------------------
    def connected(self, address: str, timeout: float = 20.0) -> bool:
        """Wait until ``address`` is connected and subscribed; False after ``timeout`` seconds."""
        with self.lock:
            event = self.events.setdefault(address, threading.Event())
        return event.wait(timeout)

    def notify(self, address: str, *notifications: bytes, timeout: float = 20.0) -> None:
        """Hand ``notifications`` to the link, in order, and return once it has taken them."""
        with self.lock:
            client = self.clients[address]
        assert client.loop is not None and client.callback is not None

        async def send() -> None:
            for data in notifications:
                client.callback(bytes(data))  # type: ignore[misc]

        asyncio.run_coroutine_threadsafe(send(), client.loop).result(timeout)

    def play(self, steps: Sequence[tuple[str, bytes]], timeout: float = 20.0) -> None:
        """Hand each ``(address, notification)`` to the link in one go on its loop (a throw of several
        dice lands within one settle time however loaded the machine is); returns once it took them."""
        with self.lock:
            clients = {a: self.clients[a] for a, _ in steps}
        loop = next(iter(clients.values())).loop
        assert loop is not None

        async def send() -> None:
            for address, data in steps:
                clients[address].callback(bytes(data))  # type: ignore[misc]

        asyncio.run_coroutine_threadsafe(send(), loop).result(timeout)

    def throw(self, faces: dict[str, int]) -> None:
        """Every die in ``faces`` starts rolling, then lands on its face (GoDice or Pixels bytes)."""
        steps: list[tuple[str, bytes]] = []
        for address in faces:
            steps.append((address, GODICE["rolling"] if self.dice[address].kind == "godice" else PIXELS["rolling"]))
        for address, face in faces.items():
            steps.append((address, godice_stable(face) if self.dice[address].kind == "godice" else pixels_rolled(face)))
        self.play(steps)

    def drop(self, address: str, refuse: int = 0) -> None:
        """The die goes away (out of reach, battery out); the next ``refuse`` connections fail."""
        with self.lock:
            client = self.clients.pop(address)
            self.refuse[address] = refuse
            self.events[address] = threading.Event()
        assert client.loop is not None
        client.loop.call_soon_threadsafe(client.on_disconnect)


class _Absent(FakeClient):
    """A die that is not in reach at all."""

    async def connect(self) -> None:
        self.backend.attempts[self.die.address] = self.backend.attempts.get(self.die.address, 0) + 1
        if self.backend.unavailable is not None:
            raise self.backend.unavailable
        raise TimeoutError()
