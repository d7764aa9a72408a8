"""Settings: language, camera (and its calibration), e-dice (on/off, port), smart dice (scan, pick), GPIO
pins, screen rotation, keyboard and rules.

Changes are made on a draft and kept with Save (settings.json in the data dir); a bad value is
refused with a banner naming it and the saved settings stay as they were.
"""
from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty

from companion.i18n import _, tr
from companion.settings import DEFAULT_PINS
from companion.ui.widgets import CairnButton, CairnScreen

CAMERAS = ("auto", "demo", "none")


class SettingsScreen(CairnScreen):
    """``draft`` is the settings being edited; kv shows it and calls ``choose``/``pin``/``toggle``."""

    draft = ObjectProperty(None)
    #: the pairing section: a scan is running, and the line under its button
    ble_scanning = BooleanProperty(False)
    ble_note = StringProperty("")
    #: the dice the last scan found (``hardware.ble_dice.KnownDie``)
    ble_found: tuple[Any, ...] = ()
    #: the calibration row: the button's words ("": no camera picture, no row) and the line beside it
    calibrate_text = StringProperty("")
    calibration_note = StringProperty("")
    calibrated = BooleanProperty(False)

    def refresh(self) -> None:
        self.draft = self.app.settings
        self.ids.serial.text = self.draft.serial_port
        self.ids.camera_spec.text = "" if self.draft.camera in CAMERAS else self.draft.camera
        self._show_pins()
        self._show_ble()
        self._show_calibration()

    def on_pre_enter(self, *args: Any) -> None:
        from kivy.clock import Clock

        self._calibration_event = Clock.schedule_interval(lambda dt: self._show_calibration(), 1.0)

    def on_leave(self, *args: Any) -> None:
        event = getattr(self, "_calibration_event", None)
        if event is not None:
            event.cancel()
            self._calibration_event = None

    # -- the camera's calibration ------------------------------------------------------------------
    def _show_calibration(self) -> None:
        """The calibration row while the running camera gives pictures (none without a camera)."""
        bridge = self.app.bridge
        if bridge is None or not bridge.camera_live():
            self.calibrate_text = self.calibration_note = ""
            return
        from companion.viewmodels.calibration import entry_text

        self.calibrated = calibrated = bridge.calibration() is not None
        self.calibrate_text = entry_text(calibrated)
        self.calibration_note = _("Calibrated for this camera") if calibrated else _("Not calibrated yet")

    def calibrate(self) -> None:
        """Open the running camera's calibration; Settings comes back afterwards."""
        from companion.ui.screens.calibrate import open_calibration

        open_calibration(self.app)

    def choose(self, field: str, value: Any) -> None:
        """Set ``field`` (language, camera, rotation, keyboard or confirm_countdown) to ``value`` in the draft."""
        self._update(**{field: value})

    def toggle(self, field: str) -> None:
        """Flip a yes/no setting in the draft."""
        self._update(**{field: not getattr(self.draft, field)})

    def pin(self, button: str, delta: int) -> None:
        """Move ``button``'s GPIO pin by ``delta`` (2..27), skipping pins in use."""
        pins = dict(self.draft.pins)
        used = {v for k, v in pins.items() if k != button}
        value = pins[button]
        for _step in range(26):
            value = 2 + (value - 2 + delta) % 26
            if value not in used:
                break
        pins[button] = value
        self._update(pins=pins)

    def _update(self, **changes: Any) -> None:
        try:
            self.draft = self.draft.replace(**changes)
        except ValueError as exc:
            self.app.show_banner(str(exc), "error")
        self._show_pins()

    def _show_pins(self) -> None:
        for name in DEFAULT_PINS:
            self.ids[f"pin_{name}"].label = f"{self.pin_label(name)}: GPIO {self.draft.pins[name]}"

    # -- smart dice: scan, pick, remember ------------------------------------------------------------
    def scan_ble(self) -> None:
        """Listen for smart dice on a worker thread; the list shows what it found (the UI never waits)."""
        if self.ble_scanning:
            return
        import threading

        from kivy.clock import Clock

        from hardware.ble_dice import scan_dice

        self.ble_scanning = True
        self.ble_note = _("Listening for dice: roll each die once to wake it…")
        backend = getattr(self.app.options, "ble_backend", None)

        def work() -> None:
            try:
                found, problem = scan_dice(backend=backend), ""
            except Exception as exc:  # noqa: BLE001 - Bluetooth off, no adapter, or a bug: one line, never a crash
                found, problem = [], str(exc)
            Clock.schedule_once(lambda dt: self._scanned(found, problem), 0)

        threading.Thread(target=work, name="cairn-ble-scan", daemon=True).start()

    def _scanned(self, found: list[Any], problem: str) -> None:
        from companion.viewmodels.ble_status import unavailable_text

        self.ble_scanning = False
        self.ble_found = tuple(found)
        if problem:
            self.ble_note = unavailable_text(problem)
        elif not found:
            self.ble_note = _("No smart dice in reach: roll each die once to wake it, then scan again.")
        else:
            self.ble_note = tr("{n} smart dice found: tap the ones to use.", n=len(found))
        self._show_ble()

    def toggle_die(self, address: str) -> None:
        """Pick the die at ``address`` (found by the scan) for the draft, or drop it."""
        picked = list(self.draft.ble_dice)
        if any(d["address"] == address for d in picked):
            picked = [d for d in picked if d["address"] != address]
        else:
            die = next(d for d in self.ble_found if d.address == address)
            entry = die.as_setting()
            entry["colour"] = self._link_colours().get(address, "") or entry["colour"]
            picked.append(entry)
        self._update(ble_dice=picked)
        self._show_ble()

    def _link_colours(self) -> dict[str, str]:
        link = getattr(self.app.bridge, "ble", None) if self.app.bridge is not None else None
        return link.colours if link is not None else {}

    def _show_ble(self) -> None:
        """One button per die picked or found: the picked ones are marked; battery and colour when known."""
        from companion.viewmodels.ble_status import die_label
        from hardware.ble_dice import KnownDie

        box = self.ids.ble_list
        box.clear_widgets()
        link = getattr(self.app.bridge, "ble", None) if self.app.bridge is not None else None
        batteries = link.batteries if link is not None else {}
        colours = self._link_colours()
        picked = {d["address"] for d in self.draft.ble_dice}
        dice = [KnownDie.from_setting(d) for d in self.draft.ble_dice]
        dice += [d for d in self.ble_found if d.address not in picked]
        for i, die in enumerate(dice):
            if not die.colour and die.address in colours:
                die = die.__class__(die.address, die.name, die.kind, colours[die.address], die.battery, die.rssi)
            button = CairnButton(text=die_label(die, batteries.get(die.address)), tid=f"ble-die-{i}",
                                 kind="selected" if die.address in picked else "normal", payload=die.address,
                                 size_hint_y=None, height=self.app.s * 48)
            button.bind(on_release=lambda b: self.toggle_die(b.payload))
            box.add_widget(button)

    def save(self) -> None:
        """Keep the draft (with the typed serial port and camera) for this and later runs."""
        camera = self.ids.camera_spec.text.strip() or self.draft.camera
        try:
            final = self.draft.replace(serial_port=self.ids.serial.text.strip(), camera=camera)
        except ValueError as exc:
            self.app.show_banner(str(exc), "error")
            return
        self.app.save_settings(final)

    def on_next(self) -> None:
        self.save()

    def on_back(self) -> None:
        self.app.go_table()

    @staticmethod
    def pin_names() -> tuple[str, ...]:
        return tuple(DEFAULT_PINS)

    @staticmethod
    def pin_label(name: str) -> str:
        return {"next": _("NEXT"), "back": _("BACK"), "read": _("READ"), "led": _("LED")}[name]
