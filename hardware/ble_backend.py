"""Bluetooth for the smart dice: what a backend must do, bleak's backend, and a scan for dice.

:class:`BleBackend` is the seam: :class:`BleakBackend` is the real one (BlueZ over D-Bus on Linux),
``tests/support/fake_ble.py`` a fake that replays recorded notifications. bleak is imported on first
use, so a missing bleak is one clear line, not an import error at start.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from hardware import ble_protocols as bp
from hardware.ble_reasons import describe
from hardware.errors import BadSpec, DeviceUnavailable

#: Seconds a scan listens for advertisements.
SCAN_SECONDS = 5.0
#: Seconds one connection attempt may take.
CONNECT_SECONDS = 15.0


@dataclass(frozen=True)
class Advert:
    """One device heard in a scan, as a backend reports it."""

    address: str
    name: str
    service_uuids: tuple[str, ...] = ()
    manufacturer_data: tuple[tuple[int, bytes], ...] = ()
    rssi: int | None = None


@dataclass(frozen=True)
class KnownDie:
    """A smart die to connect to: its Bluetooth address, name, kind and (once known) colour."""

    address: str
    name: str
    kind: bp.DieKind
    colour: str = ""
    battery: int | None = None
    rssi: int | None = None

    def as_setting(self) -> dict[str, str]:
        """The fields Settings keeps (``companion.settings.Settings.ble_dice``)."""
        return {"address": self.address, "name": self.name, "kind": self.kind, "colour": self.colour}

    @classmethod
    def from_setting(cls, value: dict[str, str]) -> KnownDie:
        """The die a Settings entry names; raises BadSpec naming a bad field."""
        address, kind = str(value.get("address", "")).strip(), value.get("kind", "")
        if not address:
            raise BadSpec("a smart die needs its Bluetooth address")
        if kind not in bp.KINDS:
            raise BadSpec(f"smart die {address}: kind must be godice or pixels, not {kind!r}")
        return cls(address, str(value.get("name", "")) or address, kind, str(value.get("colour", "")))


class BleClient(Protocol):
    """One connection to one die, as :class:`BleDiceLink` uses it. Errors are bleak's, ``OSError`` or
    ``asyncio.TimeoutError``; ``disconnect`` must not raise for a link that is already gone."""

    async def connect(self) -> None: ...
    async def disconnect(self) -> None: ...
    def has_characteristic(self, uuid: str) -> bool: ...
    async def start_notify(self, uuid: str, callback: Callable[[bytes], None]) -> None: ...
    async def write(self, uuid: str, data: bytes) -> None: ...


class BleBackend(Protocol):
    """Bluetooth for the dice: a scan, and a client per die (``on_disconnect`` is called, on the loop's
    thread, when the die goes away)."""

    async def discover(self, timeout: float) -> Sequence[Advert]: ...
    def client(self, address: str, on_disconnect: Callable[[], None]) -> BleClient: ...


class BleakBackend:
    """:class:`BleBackend` on bleak (BlueZ over D-Bus on Linux). bleak is imported on first use, so a
    missing bleak is one clear status line, not an import error at start."""

    async def discover(self, timeout: float) -> Sequence[Advert]:
        from bleak import BleakScanner

        found = await BleakScanner.discover(timeout=timeout, return_adv=True)
        return [Advert(device.address, adv.local_name or device.name or "", tuple(adv.service_uuids),
                       tuple(adv.manufacturer_data.items()), adv.rssi)
                for device, adv in found.values()]

    def client(self, address: str, on_disconnect: Callable[[], None]) -> BleClient:
        return _BleakClient(address, on_disconnect)


class _BleakClient:
    def __init__(self, address: str, on_disconnect: Callable[[], None]) -> None:
        from bleak import BleakClient

        self._client = BleakClient(address, disconnected_callback=lambda _c: on_disconnect(),
                                   timeout=CONNECT_SECONDS)

    async def connect(self) -> None:
        await self._client.connect()

    async def disconnect(self) -> None:
        await self._client.disconnect()

    def has_characteristic(self, uuid: str) -> bool:
        return self._client.services.get_characteristic(uuid) is not None

    async def start_notify(self, uuid: str, callback: Callable[[bytes], None]) -> None:
        await self._client.start_notify(uuid, lambda _char, data: callback(bytes(data)))

    async def write(self, uuid: str, data: bytes) -> None:
        await self._client.write_gatt_char(uuid, data, response=False)


def found_dice(adverts: Iterable[Advert]) -> list[KnownDie]:
    """The GoDice and Pixels dice among ``adverts`` (each address once), nearest first."""
    dice: dict[str, KnownDie] = {}
    for advert in adverts:
        info = bp.identify(advert.name, advert.service_uuids, dict(advert.manufacturer_data))
        if info is not None and advert.address not in dice:
            dice[advert.address] = KnownDie(advert.address, advert.name or advert.address, info.kind,
                                            battery=info.battery, rssi=advert.rssi)
    return sorted(dice.values(), key=lambda d: -(d.rssi if d.rssi is not None else -999))


def scan_dice(seconds: float = SCAN_SECONDS, backend: BleBackend | None = None) -> list[KnownDie]:
    """Listen ``seconds`` for smart dice (blocking: call it off the UI thread).

    Raises :class:`DeviceUnavailable` with one line for the user when Bluetooth cannot be used (no
    adapter, adapter off, BlueZ not running, bleak missing)."""
    backend = backend or BleakBackend()
    try:
        return found_dice(asyncio.run(backend.discover(seconds)))
    except Exception as exc:
        raise DeviceUnavailable(describe(exc)) from exc
