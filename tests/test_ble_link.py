"""The smart dice link with a fake Bluetooth backend: recorded notifications become one grouped
``DiceRoll(source="ble")``, batteries and colours are kept, a die that goes away is reconnected with
back-off, a die lost mid-roll abandons the roll, and Bluetooth that is off is one clear status.

Roll timing runs on a clock the test moves (``Clock``), so nothing here depends on the machine's speed:
every wait is for an event, with a generous bound.
"""
from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from hardware import ble_dice
from hardware.ble_dice import BleDiceLink, BleState, BleStatus, KnownDie, found_dice, scan_dice
from hardware.errors import BadSpec, DeviceUnavailable
from hardware.inputs import DiceRoll
from tests.support.fake_ble import (
    GODICE,
    PIXELS,
    FakeBleBackend,
    godice,
    godice_stable,
    pixels,
    pixels_rolled,
)

A, B, C = "AA:00:00:00:00:01", "AA:00:00:00:00:02", "AA:00:00:00:00:03"


class Clock:
    """Monotonic seconds that move only when the test says."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Watch:
    """The link's rolls and statuses, as queues a test waits on."""

    def __init__(self) -> None:
        self.rolls: queue.Queue[DiceRoll] = queue.Queue()
        self.statuses: list[BleStatus] = []
        self.changed = threading.Condition()

    def on_status(self, status: BleStatus) -> None:
        with self.changed:
            self.statuses.append(status)
            self.changed.notify_all()

    def wait_status(self, test: Any, since: int = 0, timeout: float = 20.0) -> BleStatus:
        """The first status from the ``since``-th on that passes ``test``."""
        with self.changed:
            assert self.changed.wait_for(lambda: any(test(s) for s in self.statuses[since:]), timeout), self.statuses
            return next(s for s in self.statuses[since:] if test(s))

    def roll(self, timeout: float = 20.0) -> DiceRoll:
        return self.rolls.get(timeout=timeout)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def watch() -> Watch:
    return Watch()


def _link(dice: list[Any], backend: FakeBleBackend, clock: Clock, watch: Watch, **kw: Any) -> Iterator[BleDiceLink]:
    known = [KnownDie(d.address, d.name, d.kind) for d in dice]
    link = BleDiceLink(known, on_roll=watch.rolls.put, on_status=watch.on_status, backend=backend, clock=clock,
                       first_backoff=0.01, max_backoff=0.05, **kw)
    with link:
        yield link


@pytest.fixture
def three(clock: Clock, watch: Watch) -> Iterator[tuple[BleDiceLink, FakeBleBackend]]:
    dice = [godice(A), godice(B, colour=3, battery=40), pixels(C)]
    backend = FakeBleBackend(dice)
    for link in _link(dice, backend, clock, watch):
        assert all(backend.connected(d.address) for d in dice)
        yield link, backend


def test_ble_link_groups_three_dice_into_one_roll_from_the_source_ble(three: Any, clock: Clock, watch: Watch) -> None:
    _, backend = three
    backend.notify(A, GODICE["rolling"])
    backend.notify(B, GODICE["rolling"])
    backend.notify(C, PIXELS["rolling"])
    backend.notify(A, godice_stable(5))
    backend.notify(C, pixels_rolled(2))
    clock.now += 1.0  # die 2 still rolls: dice 1 and 3 wait for it (a roll of two would come first below)
    backend.notify(B, godice_stable(6))
    clock.now += 0.4
    assert watch.roll() == DiceRoll(values=(5, 6, 2), source="ble", dice=(1, 2, 3))


def test_ble_link_keeps_battery_and_colour_and_says_how_many_dice_are_connected(three: Any, watch: Watch) -> None:
    link, backend = three
    status = watch.wait_status(lambda s: s.state is BleState.CONNECTED and len(s.connected) == 3
                               and len(s.batteries) == 3)
    assert status.text == "smart dice: 3 of 3 connected"
    assert link.batteries == {A: 87, B: 40, C: 64}  # GoDice answer "Bat"; the Pixels die's IAmADie carries it
    assert link.colours == {A: "red", B: "blue"}
    backend.notify(C, PIXELS["battery-40-charging"])
    assert link.batteries[C] == 40


def test_ble_link_a_die_turned_by_hand_is_no_roll_but_a_thrown_one_is(three: Any, clock: Clock, watch: Watch) -> None:
    _, backend = three
    backend.notify(A, GODICE["move-stable-4"])
    backend.notify(C, PIXELS["on-face-2"])
    clock.now += 5
    backend.notify(B, godice_stable(3))  # a bare "stable" counts, as a bare ROLL does on the tray
    clock.now += 0.5
    assert watch.roll() == DiceRoll(values=(3,), source="ble", dice=(2,))


def test_ble_link_a_tilted_die_holds_the_roll_until_it_lies_flat(three: Any, clock: Clock, watch: Watch) -> None:
    _, backend = three
    backend.notify(A, GODICE["rolling"], GODICE["tilt-stable"])
    watch.wait_status(lambda s: "not flat" in s.note)
    clock.now += 2
    backend.notify(A, GODICE["move-stable-4"])  # nudged flat: it was moving, so it lands
    clock.now += 0.5
    assert watch.roll() == DiceRoll(values=(4,), source="ble", dice=(1,))


def test_ble_link_garbage_is_counted_and_the_next_roll_still_arrives(three: Any, clock: Clock, watch: Watch) -> None:
    link, backend = three
    backend.notify(A, b"", b"S\x01", b"\xff\xfe", b"Bat\xc8")
    backend.notify(C, PIXELS["d20-face"], bytes([3]))
    backend.notify(A, GODICE["rolling"], godice_stable(1))
    clock.now += 0.5
    assert watch.roll().values == (1,)
    assert link.rejects == {"empty": 1, "truncated": 2, "unknown-message": 1, "bad-battery": 1, "bad-face": 1}


def test_ble_link_reconnects_a_die_that_went_away_with_back_off(three: Any, clock: Clock, watch: Watch) -> None:
    _, backend = three
    attempts = backend.attempts[B]
    mark = len(watch.statuses)
    backend.drop(B, refuse=3)
    lost = watch.wait_status(lambda s: len(s.connected) == 2, since=mark)
    assert lost.state is BleState.CONNECTED and lost.note.startswith(godice(B).name)
    assert backend.connected(B)
    watch.wait_status(lambda s: len(s.connected) == 3, since=mark)
    assert backend.attempts[B] == attempts + 4  # three refused, the fourth connected
    backend.notify(B, GODICE["rolling"], godice_stable(2))
    clock.now += 0.5
    assert watch.roll() == DiceRoll(values=(2,), source="ble", dice=(2,))


def test_ble_link_a_die_lost_mid_roll_abandons_the_roll_and_says_so(three: Any, clock: Clock, watch: Watch) -> None:
    link, backend = three
    backend.notify(A, GODICE["rolling"], godice_stable(6))
    backend.notify(B, GODICE["rolling"])
    backend.drop(B)
    status = watch.wait_status(lambda s: "mid-roll" in s.note)
    assert status.note.endswith("disconnected mid-roll: roll again or enter the dice by touch")
    clock.now += 30
    assert backend.connected(B)
    assert watch.rolls.empty()  # die 1's six was not delivered on its own
    assert link.rejects == {"abandoned-roll": 1}
    backend.notify(A, GODICE["rolling"], godice_stable(3))
    clock.now += 0.5
    assert watch.roll().values == (3,)


def test_ble_link_bluetooth_off_is_one_status_line_and_is_retried(clock: Clock, watch: Watch) -> None:
    from bleak.exc import BleakBluetoothNotAvailableError, BleakBluetoothNotAvailableReason

    off = BleakBluetoothNotAvailableError("Bluetooth is off", BleakBluetoothNotAvailableReason.POWERED_OFF)
    backend = FakeBleBackend([godice(A)], unavailable=off)
    for link in _link([godice(A)], backend, clock, watch):
        status = watch.wait_status(lambda s: s.state is BleState.UNAVAILABLE)
        assert status.text == "smart dice: Bluetooth is off: switch it on"
        backend.unavailable = None
        assert backend.connected(A)
        watch.wait_status(lambda s: s.state is BleState.CONNECTED)


def test_ble_scan_finds_the_dice_nearest_first_and_bluetooth_problems_are_one_line() -> None:
    far, near = godice(A), pixels(C, name="Mika", battery=33)
    far.rssi, near.rssi = -80, -40
    found = scan_dice(0.1, FakeBleBackend([far, near]))
    assert [(d.address, d.kind, d.battery) for d in found] == [(C, "pixels", 33), (A, "godice", None)]
    with pytest.raises(DeviceUnavailable) as exc:
        scan_dice(0.1, FakeBleBackend(unavailable=FileNotFoundError(2, "No such file or directory")))
    assert str(exc.value) == "Bluetooth is not available (BlueZ is not running: No such file or directory)"
    assert found_dice([ble_dice.Advert("X", "Keyboard")]) == []


def test_ble_known_dice_come_from_settings_entries_or_say_which_field_is_wrong() -> None:
    die = KnownDie.from_setting({"address": A, "name": "red one", "kind": "godice", "colour": "red"})
    assert KnownDie.from_setting(die.as_setting()) == die
    with pytest.raises(BadSpec, match="needs its Bluetooth address"):
        KnownDie.from_setting({"kind": "godice"})
    with pytest.raises(BadSpec, match="kind must be godice or pixels"):
        KnownDie.from_setting({"address": A, "kind": "dice"})
    with pytest.raises(BadSpec, match="no smart dice chosen"):
        BleDiceLink([], on_roll=print)


def test_ble_bluetooth_failures_are_named_for_the_player() -> None:
    from bleak.exc import (
        BleakBluetoothNotAvailableError,
        BleakBluetoothNotAvailableReason,
        BleakDBusError,
        BleakDeviceNotFoundError,
    )

    from hardware.ble_reasons import describe, is_unavailable

    none = BleakBluetoothNotAvailableError("No Bluetooth adapters found.", BleakBluetoothNotAvailableReason.NO_BLUETOOTH)
    no_bluez = BleakDBusError("org.freedesktop.DBus.Error.ServiceUnknown", ["The name org.bluez was not provided"])
    away = BleakDeviceNotFoundError(A, f"Device with address {A} was not found.")
    assert (describe(none), is_unavailable(none)) == ("no Bluetooth adapter found", True)
    assert (describe(no_bluez), is_unavailable(no_bluez)) == \
        ("Bluetooth is not available (BlueZ is not running: start the bluetooth service)", True)
    assert (describe(away), is_unavailable(away)) == ("not in reach: is the die awake (roll it once) and near?", False)
    assert describe(ImportError("No module named 'bleak'")) == "Bluetooth support is not installed (the bleak package)"
