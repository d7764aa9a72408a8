"""The GPIO buttons (NEXT, BACK, READ) and the status LED, through gpiozero; and the keyboard twins.

Wiring: each button between its BCM pin and GND (the internal pull-ups are used); the LED with a
resistor between its pin and GND. Defaults: NEXT 17, BACK 27, READ 22, LED 23.

- NEXT pressed → ``Press("next")``; READ pressed → ``Press("read")``.
- BACK released before ``hold_time`` → ``Press("back")``; BACK held ``hold_time`` (1 s) →
  ``Press("undo")`` while still held, and nothing when it is released.

Debouncing is done here, not by gpiozero (whose mock pins ignore ``bounce_time``): the first edge
is taken at once, further edges are ignored for ``debounce`` seconds, and then the pin is read again
so the button cannot be left in the wrong state by a bounce. One press is one action.

    buttons = open_buttons(on_press=print)      # None on a desktop, after one report
    if buttons is not None:
        buttons.set_led(LedMode.WAITING)
"""
from __future__ import annotations

import logging
import threading
import time
import warnings
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, Callable, Iterable

from gpiozero import LED, Button
from gpiozero.exc import PinInvalidPin

from hardware.errors import BadSpec
from hardware.inputs import ButtonName, Press

log = logging.getLogger("cairn.buttons")
log.addHandler(logging.NullHandler())

#: Seconds for which edges after an accepted one are treated as contact bounce.
DEBOUNCE_SECONDS = 0.03
#: Seconds BACK must be held to undo.
HOLD_SECONDS = 1.0


@dataclass(frozen=True)
class ButtonPins:
    """BCM pin numbers (or any gpiozero pin name); ``led=None`` for no status LED."""

    next: int | str = 17
    back: int | str = 27
    read: int | str = 22
    led: int | str | None = 23

    def check(self) -> None:
        """Raise :exc:`BadSpec` if two functions share a pin."""
        used = [(f.name, getattr(self, f.name)) for f in fields(self) if getattr(self, f.name) is not None]
        seen: dict[str, str] = {}
        for name, pin in used:
            if str(pin) in seen:
                raise BadSpec(f"pin {pin} is given to both {seen[str(pin)]} and {name}")
            seen[str(pin)] = name


class LedMode(StrEnum):
    """What the status LED shows."""

    OFF = "off"
    #: slow blink: Cairn waits for the dice
    WAITING = "waiting"
    #: steady: a confirmation is pending (press NEXT)
    CONFIRM = "confirm"


class Debouncer:
    """One button's debounced state, from raw edges; pure logic on an injected clock.

    :meth:`edge` accepts a change unless it falls within ``window`` seconds of the last accepted
    change; whoever owns the debouncer must call :meth:`settle` with the pin's level once the window
    has passed, which accepts the level if a bounce left the two different.
    """

    def __init__(self, window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window
        self.pressed = False
        self._clock = clock
        self._since = float("-inf")

    def edge(self, pressed: bool) -> bool | None:
        """The new state if this raw edge is accepted, else None."""
        if self._clock() - self._since < self.window or pressed == self.pressed:
            return None
        return self._accept(pressed)

    def settle(self, pressed: bool) -> bool | None:
        """Called at the end of the window with the pin's level: the new state if it differs."""
        return None if pressed == self.pressed else self._accept(pressed)

    def _accept(self, pressed: bool) -> bool:
        self.pressed = pressed
        self._since = self._clock()
        return pressed


class Buttons:
    """NEXT, BACK and READ on GPIO pins, reported as :class:`Press` values through ``on_press``.

    ``on_press`` is called on gpiozero's threads (the pin callback thread, the hold thread, or a
    debounce timer), never on the app's UI thread: the app must hand each press over itself, e.g.
    ``on_press=lambda p: Clock.schedule_once(lambda dt: app.handle_press(p))``. It must return quickly.

    :param pin_factory: a gpiozero pin factory (``MockFactory()`` in tests); None for gpiozero's
        default (``GPIOZERO_PIN_FACTORY`` or the first that works on this board).
    :param debounce: seconds during which further edges count as contact bounce.
    :param hold_time: seconds BACK must be held to give ``undo``.
    """

    def __init__(self, on_press: Callable[[Press], None], *, pins: ButtonPins = ButtonPins(),
                 pin_factory: Any = None, debounce: float = DEBOUNCE_SECONDS,
                 hold_time: float = HOLD_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        pins.check()
        self.pins = pins
        self._on_press = on_press
        self._lock = threading.Lock()
        self._debounce = debounce
        self._back_held = False
        self._closed = False
        self._timers: set[threading.Timer] = set()
        self._buttons: dict[ButtonName, Button] = {}
        self._debouncers: dict[ButtonName, Debouncer] = {}
        self._led: LED | None = None
        self.led_mode = LedMode.OFF
        try:
            for name in ("next", "back", "read"):
                button = Button(getattr(pins, name), pull_up=True, bounce_time=None, hold_time=hold_time,
                                pin_factory=pin_factory)
                self._buttons[name] = button
                self._debouncers[name] = Debouncer(debounce, clock)
                button.when_pressed = self._callback(name, True)
                button.when_released = self._callback(name, False)
            self._buttons["back"].when_held = self._held
            if pins.led is not None:
                self._led = LED(pins.led, pin_factory=pin_factory)
        except PinInvalidPin as exc:
            self.close()
            raise BadSpec(f"bad GPIO pin: {exc}") from exc
        except BaseException:
            self.close()  # release the pins already taken
            raise

    def set_led(self, mode: LedMode) -> None:
        """Show ``mode`` on the status LED (nothing happens if there is none).

        Setting the mode it already shows changes nothing, so the app may call this on every state
        change without restarting the blink.
        """
        mode = LedMode(mode)
        if mode is self.led_mode:
            return
        self.led_mode = mode
        if self._led is None or self._closed:
            return
        if mode is LedMode.WAITING:
            self._led.blink(on_time=0.5, off_time=0.5)
        elif mode is LedMode.CONFIRM:
            self._led.on()
        else:
            self._led.off()

    def close(self) -> None:
        """Release the pins (idempotent); no press is reported afterwards."""
        with self._lock:
            self._closed = True
            timers, self._timers = self._timers, set()
        for timer in timers:
            timer.cancel()
        for device in [*self._buttons.values(), self._led]:
            if device is not None:
                device.close()

    def __enter__(self) -> Buttons:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- gpiozero's side ------------------------------------------------------------------------

    def _callback(self, name: ButtonName, pressed: bool) -> Callable[[], None]:
        def on_edge() -> None:
            self._changed(name, lambda d: d.edge(pressed))
        return on_edge

    def _changed(self, name: ButtonName, decide: Callable[[Debouncer], bool | None]) -> None:
        with self._lock:
            if self._closed:
                return
            state = decide(self._debouncers[name])
            if state is None:
                return
            self._start_settle_timer(name)
            press = self._press_for(name, state)
        if press is not None:
            self._emit(press)

    def _press_for(self, name: ButtonName, pressed: bool) -> Press | None:
        """The action for an accepted change of ``name`` (called with the lock held)."""
        if name != "back":
            return Press(name) if pressed else None
        if pressed:
            self._back_held = False
            return None
        return None if self._back_held else Press("back")

    def _start_settle_timer(self, name: ButtonName) -> None:
        def settle() -> None:
            with self._lock:
                self._timers.discard(timer)
            button = self._buttons[name]
            if not self._closed:
                self._changed(name, lambda d: d.settle(bool(button.is_pressed)))

        timer = threading.Timer(self._debounce, settle)
        timer.daemon = True
        self._timers.add(timer)
        timer.start()

    def _held(self) -> None:
        with self._lock:
            if self._closed or not self._debouncers["back"].pressed or self._back_held:
                return
            self._back_held = True
        self._emit(Press("undo"))

    def _emit(self, press: Press) -> None:
        try:
            self._on_press(press)
        except Exception:  # noqa: BLE001 - a bug in the app's callback must not kill gpiozero's thread
            log.exception("button callback failed on %r", press)


def open_buttons(on_press: Callable[[Press], None], *, pins: ButtonPins = ButtonPins(),
                 pin_factory: Any = None, report: Callable[[str], None] = log.warning,
                 **options: Any) -> Buttons | None:
    """The GPIO buttons, or None (after one call to ``report`` with the reason) where there are none.

    On a desktop, or a Pi where the pins cannot be opened (no pin library, pins in use, no
    permission), the message reads ``"no GPIO buttons (<reason>): using keyboard and touch"`` and
    Cairn carries on. A wrong pin configuration is not hidden: it raises :exc:`BadSpec`.
    """
    pins.check()
    with warnings.catch_warnings(record=True) as fallbacks:
        warnings.simplefilter("always")
        try:
            return Buttons(on_press, pins=pins, pin_factory=pin_factory, **options)
        except BadSpec:
            raise
        except Exception as exc:  # noqa: BLE001 - any pin library failure means "no buttons here"
            tried = "; ".join(str(w.message) for w in fallbacks)
            reason = f"{type(exc).__name__}: {exc}" + (f" [{tried}]" if tried else "")
    report(f"no GPIO buttons ({reason}): using keyboard and touch")
    return None


_KEYS: dict[str, ButtonName] = {
    "spacebar": "next", "space": "next", " ": "next", "enter": "next", "return": "next",
    "numpadenter": "next", "kp_enter": "next", "backspace": "back", "r": "read",
}
_IGNORED_MODIFIERS = frozenset({"capslock", "numlock"})
_MODIFIER_ALIASES = {
    "lctrl": "ctrl", "rctrl": "ctrl", "control": "ctrl", "lshift": "shift", "rshift": "shift",
}


def key_to_press(key: str, modifiers: Iterable[str] = ()) -> Press | None:
    """The button a key stands for on a desktop, or None.

    Space/Enter → next, Backspace → back, Ctrl+Z → undo, R → read. Key names are Kivy's
    (``"spacebar"``, ``"enter"``, ``"backspace"``, ``"z"``); modifiers too (``"ctrl"``, ``"shift"``,
    ``"alt"``, ``"meta"``). Any other Ctrl/Alt/Meta combination is left to the app.

    >>> key_to_press("z", ["ctrl"]), key_to_press("spacebar", []), key_to_press("r", ["alt"])
    (Press(button='undo'), Press(button='next'), None)
    """
    mods = {_MODIFIER_ALIASES.get(m.lower(), m.lower()) for m in modifiers} - _IGNORED_MODIFIERS
    key = key.lower()
    if mods == {"ctrl"} and key == "z":
        return Press("undo")
    if mods - {"shift"}:
        return None
    name = _KEYS.get(key)
    return Press(name) if name is not None else None
