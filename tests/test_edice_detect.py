"""E-dice auto-detect leaves other USB-serial devices alone: a simulated port list (injected) and a
port opener that counts every open, so "how often was the 3D printer reset" is a number."""
from __future__ import annotations

import threading
import time
from collections import Counter
from types import SimpleNamespace
from typing import Any, Callable

import pytest

from hardware.edice import TRAY_PRODUCT, EDiceLink, LinkState, LinkStatus

WAIT = 20.0  # generous: the machine may be busy


class SilentPort:
    """An open port with a board on it that never answers (an Arduino-type printer, a Zigbee stick)."""

    in_waiting = 0

    def __init__(self, written: list[bytes]) -> None:
        self.written = written

    def write(self, data: bytes) -> int:
        self.written.append(data)
        return len(data)

    def read(self, size: int = 1) -> bytes:
        time.sleep(0.005)
        return b""

    def close(self) -> None:
        pass


class TrayPort(SilentPort):
    """A tray: answers HELLO? with HELLO."""

    def __init__(self, written: list[bytes]) -> None:
        super().__init__(written)
        self._out = b""

    def write(self, data: bytes) -> int:
        if b"HELLO?" in data:
            self._out += b"HELLO tray-7 2 1\n"
        return super().write(data)

    def read(self, size: int = 1) -> bytes:
        out, self._out = self._out, b""
        return out or super().read(size)


class Bench:
    """The USB ports on the bench (a list the test changes) and every open made on them."""

    def __init__(self, *ports: SimpleNamespace) -> None:
        self.ports = list(ports)
        self.opens: Counter[str] = Counter()
        self.written: dict[str, list[bytes]] = {}
        self.listings = 0
        self.trays: set[str] = set()
        self._lock = threading.Lock()
        self._listed = threading.Condition(self._lock)

    def list_ports(self) -> list[SimpleNamespace]:
        with self._listed:
            self.listings += 1
            self._listed.notify_all()
            return list(self.ports)

    def open(self, url: str, **kwargs: Any) -> Any:
        with self._lock:
            self.opens[url] += 1
        written = self.written.setdefault(url, [])
        return TrayPort(written) if url in self.trays else SilentPort(written)

    def wait_listings(self, more: int) -> None:
        """Wait until the link has looked at the port list ``more`` more times (search rounds)."""
        with self._listed:
            target = self.listings + more
            assert self._listed.wait_for(lambda: self.listings >= target, WAIT), "the link stopped searching"


def _link(bench: Bench, statuses: list[LinkStatus] | None = None) -> EDiceLink:
    return EDiceLink(None, on_roll=lambda roll: None, on_status=(statuses.append if statuses is not None else None),
                     serial_for_url=bench.open, list_ports=bench.list_ports, hello_timeout=0.05, max_backoff=0.02)


CH340 = SimpleNamespace(device="/dev/ttyUSB0", vid=0x1A86, serial_number=None, product="USB Serial")
CP210X = SimpleNamespace(device="/dev/ttyUSB1", vid=0x10C4, serial_number="0001",
                         product="CP2102 USB to UART Bridge Controller")


def test_a_port_that_is_not_a_tray_is_opened_at_most_once() -> None:
    """Before: every search round reopened both (a printer reset, HELLO? into a Zigbee stick, each time)."""
    bench = Bench(CH340, CP210X)
    with _link(bench):
        bench.wait_listings(12)
    assert bench.opens == {CH340.device: 1, CP210X.device: 1}
    assert all(b"".join(w).count(b"HELLO?") <= 1 for w in bench.written.values())


def test_a_port_unplugged_and_plugged_back_is_asked_once_more() -> None:
    bench = Bench(CH340)
    with _link(bench):
        bench.wait_listings(3)
        bench.ports = []
        bench.wait_listings(3)
        bench.ports = [CH340]
        bench.wait_listings(6)
    assert bench.opens[CH340.device] == 2


def test_another_board_on_the_same_path_is_a_new_port() -> None:
    bench = Bench(CP210X)
    with _link(bench):
        bench.wait_listings(3)
        bench.ports = [SimpleNamespace(**{**vars(CP210X), "serial_number": "0002"})]
        bench.wait_listings(6)
    assert bench.opens[CP210X.device] == 2


@pytest.mark.parametrize("product", [TRAY_PRODUCT, TRAY_PRODUCT.upper() + " v2"])
def test_the_tray_is_found_by_its_usb_product_string_without_opening_anything_else(product: str) -> None:
    tray = SimpleNamespace(device="/dev/ttyACM3", vid=0x1209, serial_number="T1", product=product)  # any vendor
    bench = Bench(CH340, tray)
    bench.trays.add(tray.device)
    statuses: list[LinkStatus] = []
    with _link(bench, statuses) as link:
        deadline = time.monotonic() + WAIT
        while link.status.device is None:
            assert time.monotonic() < deadline, statuses
            time.sleep(0.01)
        assert link.status.port == tray.device
    assert bench.opens == {tray.device: 1}


def test_a_tray_behind_a_plain_usb_serial_chip_is_still_found_by_asking() -> None:
    """A Nano's CH340 cannot carry a product string: asked once when it appears, it answers HELLO."""
    bench = Bench(CH340)
    bench.trays.add(CH340.device)
    with _link(bench) as link:
        deadline = time.monotonic() + WAIT
        while link.status.state is not LinkState.CONNECTED or link.status.device is None:
            assert time.monotonic() < deadline
            time.sleep(0.01)
    assert bench.opens[CH340.device] == 1
