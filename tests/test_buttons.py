"""GPIO buttons and LED on gpiozero's MockFactory: debounce, hold-to-undo, LED modes, fallbacks, keys."""
from __future__ import annotations

import queue
import time
import warnings
from pathlib import Path
from typing import Iterator

import pytest
from gpiozero import Button, Device
from gpiozero.pins.mock import MockFactory

from hardware.buttons import (
    Buttons, ButtonPins, Debouncer, LedMode, key_to_press, open_buttons,
)
from hardware.errors import BadSpec
from hardware.inputs import Press

WAIT = 5.0


@pytest.fixture
def mock_factory() -> Iterator[MockFactory]:
    """A fresh MockFactory as the default, restored afterwards (gpiozero's own test pattern)."""
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        yield Device.pin_factory
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = saved


class Presses:
    """Collects presses from gpiozero's threads."""

    def __init__(self) -> None:
        self.queue: queue.Queue[Press] = queue.Queue()

    def __call__(self, press: Press) -> None:
        self.queue.put(press)

    def next(self, timeout: float = WAIT) -> Press:
        return self.queue.get(timeout=timeout)

    def none_within(self, seconds: float) -> bool:
        try:
            extra = self.queue.get(timeout=seconds)
        except queue.Empty:
            return True
        pytest.fail(f"unexpected {extra}")


def _bounce(pin, times: int) -> None:  # type: ignore[no-untyped-def]
    """A contact that chatters ``times`` times and ends closed."""
    for _ in range(times):
        pin.drive_low()
        pin.drive_high()
    pin.drive_low()


def test_buttons_next_and_read_give_one_press_each(mock_factory: MockFactory) -> None:
    presses = Presses()
    with Buttons(presses, pin_factory=mock_factory):
        mock_factory.pin(17).drive_low()
        assert presses.next() == Press("next")
        mock_factory.pin(17).drive_high()
        mock_factory.pin(22).drive_low()
        assert presses.next() == Press("read")
        mock_factory.pin(22).drive_high()
        assert presses.none_within(0.3)


def test_buttons_bouncing_press_and_release_is_one_action(mock_factory: MockFactory) -> None:
    presses = Presses()
    with Buttons(presses, pin_factory=mock_factory, debounce=0.5):
        pin = mock_factory.pin(17)
        _bounce(pin, 5)
        assert presses.next() == Press("next")
        assert presses.none_within(1.0)  # the window closes; the pin is still low: nothing more
        pin.drive_high()  # a bouncing release
        pin.drive_low()
        pin.drive_high()
        assert presses.none_within(1.0)
        pin.drive_low()  # the next real press counts again
        assert presses.next() == Press("next")


def test_buttons_without_debounce_the_same_bounce_counts_every_closure(mock_factory: MockFactory) -> None:
    # The contrast that shows the test above measures something: with no window, 6 closures = 6 presses.
    presses = Presses()
    with Buttons(presses, pin_factory=mock_factory, debounce=0.0):
        _bounce(mock_factory.pin(17), 5)
        assert [presses.next() for _ in range(6)] == [Press("next")] * 6


def test_buttons_glitch_ending_released_does_not_stick(mock_factory: MockFactory) -> None:
    presses = Presses()
    with Buttons(presses, pin_factory=mock_factory, debounce=0.3):
        pin = mock_factory.pin(22)
        pin.drive_low()
        pin.drive_high()  # inside the window: ignored now, picked up when the window ends
        assert presses.next() == Press("read")
        assert presses.none_within(0.8)
        pin.drive_low()
        assert presses.next() == Press("read")


def test_buttons_back_short_press_is_back(mock_factory: MockFactory) -> None:
    presses = Presses()
    with Buttons(presses, pin_factory=mock_factory, debounce=0.5, hold_time=1.0):
        pin = mock_factory.pin(27)
        _bounce(pin, 3)
        pin.drive_high()
        assert presses.next() == Press("back")
        assert presses.none_within(1.5)  # past hold_time: no undo after a release


def test_buttons_back_held_is_undo_and_no_back(mock_factory: MockFactory) -> None:
    presses = Presses()
    with Buttons(presses, pin_factory=mock_factory, debounce=0.3, hold_time=0.6):
        pin = mock_factory.pin(27)
        _bounce(pin, 3)
        assert presses.next() == Press("undo")  # while still held
        assert presses.none_within(0.5)  # held on: undo once, not repeated
        pin.drive_high()
        pin.drive_low()  # release bounce
        pin.drive_high()
        assert presses.none_within(0.5)  # and no back on release
        pin.drive_low()
        pin.drive_high()
        assert presses.next() == Press("back")  # the next short press is back again


def test_buttons_led_modes(mock_factory: MockFactory) -> None:
    with Buttons(lambda p: None, pin_factory=mock_factory) as buttons:
        led = mock_factory.pin(23)
        assert led.state is False
        buttons.set_led(LedMode.CONFIRM)
        assert led.state is True
        buttons.set_led(LedMode.OFF)
        assert led.state is False
        start = len(led.states)
        buttons.set_led(LedMode.WAITING)
        deadline = time.monotonic() + WAIT
        while len({s.state for s in led.states[start:]}) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert {s.state for s in led.states[start:]} == {True, False}
        buttons.set_led(LedMode.OFF)
        assert led.state is False
        assert buttons.led_mode is LedMode.OFF


def test_buttons_led_blink_is_not_restarted_by_repeated_calls(mock_factory: MockFactory) -> None:
    with Buttons(lambda p: None, pin_factory=mock_factory) as buttons:
        led = mock_factory.pin(23)
        start = len(led.states)
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:  # the app sets the mode on every state change
            buttons.set_led(LedMode.WAITING)
            time.sleep(0.1)
        # a restart every 0.1 s would keep the LED lit; one blink started once has gone off by now
        assert [s.state for s in led.states[start:]][:3] == [True, False, True]


def test_buttons_other_pins_and_no_led(mock_factory: MockFactory) -> None:
    presses = Presses()
    with Buttons(presses, pins=ButtonPins(next=5, back=6, read=13, led=None), pin_factory=mock_factory) as b:
        b.set_led(LedMode.WAITING)  # no LED: nothing to do, no error
        mock_factory.pin(13).drive_low()
        assert presses.next() == Press("read")
        mock_factory.pin(17).drive_low()  # the default NEXT pin is not ours now
        assert presses.none_within(0.2)


def test_buttons_close_releases_pins_and_stops_presses(mock_factory: MockFactory) -> None:
    presses = Presses()
    buttons = Buttons(presses, pin_factory=mock_factory)
    buttons.close()
    buttons.close()  # idempotent
    with Button(17, pin_factory=mock_factory):  # the pin is free again
        pass
    assert presses.none_within(0.1)


def test_buttons_shared_pin_is_bad_spec(mock_factory: MockFactory) -> None:
    with pytest.raises(BadSpec) as exc:
        Buttons(lambda p: None, pins=ButtonPins(next=17, back=17), pin_factory=mock_factory)
    assert str(exc.value) == "pin 17 is given to both next and back"


def test_open_buttons_reports_once_and_returns_none_when_pins_are_taken(mock_factory: MockFactory) -> None:
    reports: list[str] = []
    with Button(22, pin_factory=mock_factory):  # something else holds READ's pin
        assert open_buttons(lambda p: None, pin_factory=mock_factory, report=reports.append) is None
    assert len(reports) == 1
    assert reports[0].startswith("no GPIO buttons (GPIOPinInUse")
    assert reports[0].endswith("): using keyboard and touch")
    with Button(17, pin_factory=mock_factory), Button(27, pin_factory=mock_factory):
        pass  # the pins taken before the failure were given back


def test_open_buttons_works_with_a_factory(mock_factory: MockFactory) -> None:
    presses = Presses()
    reports: list[str] = []
    buttons = open_buttons(presses, pin_factory=mock_factory, report=reports.append)
    assert buttons is not None and reports == []
    with buttons:
        mock_factory.pin(17).drive_low()
        assert presses.next() == Press("next")


def _on_a_pi() -> bool:
    model = Path("/proc/device-tree/model")
    return model.exists() and "Raspberry Pi" in model.read_text(errors="replace")


@pytest.mark.skipif(_on_a_pi(), reason="this board has real GPIO")
def test_open_buttons_on_a_desktop_falls_back_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "pin_factory", None)
    reports: list[str] = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # gpiozero's fallback warnings must not leak out
        assert open_buttons(lambda p: None, report=reports.append) is None
    assert len(reports) == 1
    assert reports[0].startswith("no GPIO buttons (BadPinFactory: Unable to load any default pin factory!")


def test_debouncer_on_an_injected_clock() -> None:
    now = [0.0]
    d = Debouncer(0.05, clock=lambda: now[0])
    assert d.edge(True) is True
    now[0] = 0.01
    assert d.edge(False) is None and d.edge(True) is None  # bounce
    now[0] = 0.06
    assert d.settle(True) is None  # the pin ended where we are
    now[0] = 0.5
    assert d.edge(False) is False
    now[0] = 0.52
    assert d.edge(True) is None
    assert d.settle(True) is True  # a bounce left the pin low: the window's end says so


@pytest.mark.parametrize(("key", "mods", "press"), [
    ("spacebar", [], Press("next")),
    ("enter", [], Press("next")),
    ("numpadenter", ["numlock"], Press("next")),
    ("backspace", [], Press("back")),
    ("z", ["ctrl"], Press("undo")),
    ("z", ["lctrl", "capslock"], Press("undo")),
    ("r", [], Press("read")),
    ("R", ["shift"], Press("read")),
    ("z", [], None),
    ("z", ["ctrl", "shift"], None),
    ("r", ["ctrl"], None),
    ("enter", ["alt"], None),
    ("q", [], None),
    ("escape", [], None),
])
def test_key_to_press(key: str, mods: list[str], press: Press | None) -> None:
    assert key_to_press(key, mods) == press
