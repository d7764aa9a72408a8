"""The hardware-to-UI bridge: GPIO buttons, the e-dice tray, smart dice and the camera, each on its own thread.

Adapters call back on their threads; every callback here only schedules work on the Kivy clock
(``Clock.schedule_once``), so the session and the widgets are touched on the UI thread alone. A
missing piece of hardware is said once (a banner and the status line) and the app carries on with
keys and touch.
"""
from __future__ import annotations

import logging
from typing import Any

from kivy.clock import Clock

from companion.i18n import _, tr
from companion.viewmodels.device_status import camera_text, edice_text
from hardware.inputs import DiceRoll, Press

log = logging.getLogger(__name__)


class HardwareBridge:
    """Starts the adapters the options and settings ask for, and stops them with the app."""

    def __init__(self, app: Any, options: Any, settings: Any) -> None:
        self.app = app
        self.options = options
        self.settings = settings
        self.buttons: Any = None
        self.edice: Any = None
        self.ble: Any = None
        self.camera: Any = None
        #: the camera spec the camera was started with (a changed setting takes effect at the next start)
        self.camera_spec = ""
        self.status: dict[str, str] = {}
        self._notes: list[str] = []
        self.reader: Any = None

    # -- life cycle --------------------------------------------------------------------------------
    def start(self) -> None:
        """Start buttons, e-dice and camera; never raises (a failure becomes a status line)."""
        self._start_buttons()
        self._start_edice()
        self._start_ble()
        self._start_camera()
        if self._notes and self.options.screenshot_dir is None:  # the tour's pictures show no banner
            self.app.show_banner("  ".join(self._notes), "info", seconds=5)

    def stop(self) -> None:
        """Stop every adapter (idempotent)."""
        if getattr(self, "reader", None) is not None:
            self.reader.stop()
            self.reader = None
        for name in ("buttons", "edice", "ble", "camera"):
            part = getattr(self, name)
            setattr(self, name, None)
            if part is None:
                continue
            try:
                (getattr(part, "close", None) or part.stop)()
            except Exception as exc:  # a failing device must not stop the app from closing
                log.warning("stopping %s: %s", name, exc)

    def apply_settings(self, settings: Any) -> None:
        """Use changed settings: restart the adapters whose settings changed."""
        old, self.settings = self.settings, settings
        if (old.pins, old.gpio_enabled) != (settings.pins, settings.gpio_enabled):
            if self.buttons is not None:
                self.buttons.close()
                self.buttons = None
            self._start_buttons()
        if (old.serial_port, old.edice_enabled) != (settings.serial_port, settings.edice_enabled):
            if self.edice is not None:
                self.edice.stop()
                self.edice = None
            self._start_edice()
        if old.ble_dice != settings.ble_dice:
            if self.ble is not None:
                self.ble.stop()
                self.ble = None
            self._start_ble()
        self.use_calibration()

    def on_state(self, state: Any) -> None:
        """The game changed (UI thread): nothing to do for the adapters yet beyond LED hints."""
        if self.buttons is not None:
            from hardware.buttons import LedMode

            self.buttons.set_led(LedMode.WAITING if state is not None else LedMode.OFF)

    # -- buttons -------------------------------------------------------------------------------------
    def _start_buttons(self) -> None:
        if self.options.no_gpio or not self.settings.gpio_enabled:
            self._set_status("gpio", _("GPIO buttons off"))
            return
        try:
            from hardware.buttons import ButtonPins, open_buttons

            pins = ButtonPins(**self.settings.pins)
            self.buttons = open_buttons(self._press_from_thread, pins=pins, report=log.info,
                                        pin_factory=getattr(self.options, "pin_factory", None))
        except Exception as exc:  # a bad pin setup: say so, keys and touch still work
            log.warning("GPIO buttons: %s", exc)
            self.buttons = None
        if self.buttons is None:
            self._set_status("gpio", _("No GPIO buttons: use touch or the keys"))
            self._notes.append(_("No GPIO buttons found: use touch or the keys."))
            return
        self._set_status("gpio", _("GPIO buttons ready"))

    def _press_from_thread(self, press: Press) -> None:
        Clock.schedule_once(lambda dt: self.app.handle_press(press), 0)

    # -- e-dice --------------------------------------------------------------------------------------
    def _start_edice(self) -> None:
        port = self.options.serial or self.settings.serial_port or None
        if port is None and self.options.screenshot_dir is not None:
            self._set_status("edice", _("No e-dice"))
            return
        # off: --serial none, or Settings' switch (unless --serial names a port for this run)
        if (port or "").strip().lower() == "none" or (self.options.serial is None and not self.settings.edice_enabled):
            self._set_status("edice", _("E-dice off"))
            return
        try:
            from hardware.edice import EDiceLink

            self.edice = EDiceLink(port, on_roll=self._roll_from_thread, on_status=self._edice_status_from_thread)
            self.edice.start()
        except Exception as exc:
            log.info("e-dice unavailable: %s", exc)
            self.edice = None
            self._set_status("edice", tr("E-dice: {reason}", reason=str(exc)))

    def _roll_from_thread(self, roll: DiceRoll) -> None:
        Clock.schedule_once(lambda dt: self.app.handle_roll(roll), 0)

    def _edice_status_from_thread(self, status: Any) -> None:
        log.info("e-dice: %s", getattr(status, "text", status))
        text = edice_text(status)
        Clock.schedule_once(lambda dt: self._set_status("edice", text), 0)

    # -- smart dice (Bluetooth LE) -------------------------------------------------------------------
    def _start_ble(self) -> None:
        """Connect the dice picked on Settings (none picked: no Bluetooth at all, and no status line)."""
        if not self.settings.ble_dice:
            self._set_status("ble", "")
            return
        from hardware.ble_dice import BleDiceLink, KnownDie

        try:
            dice = [KnownDie.from_setting(d) for d in self.settings.ble_dice]
            self.ble = BleDiceLink(dice, on_roll=self._roll_from_thread, on_status=self._ble_status_from_thread,
                                   backend=getattr(self.options, "ble_backend", None))
            self.ble.start()
        except Exception as exc:  # a bad entry: say so, the other dice sources still work
            log.info("smart dice unavailable: %s", exc)
            self.ble = None
            self._set_status("ble", tr("Smart dice: {reason}", reason=str(exc)))

    def _ble_status_from_thread(self, status: Any) -> None:
        log.info("smart dice: %s %s", getattr(status, "text", status), getattr(status, "note", ""))
        from companion.viewmodels.ble_status import ble_text

        text = ble_text(status)
        Clock.schedule_once(lambda dt: self._set_status("ble", text), 0)

    # -- camera ----------------------------------------------------------------------------------------
    def _start_camera(self) -> None:
        spec = self.options.camera or self.settings.camera or "auto"
        if spec == "none":
            self._set_status("camera", _("No camera: enter dice by touch"))
            return
        from companion.ui.dice_reader import DiceReaderThread
        from hardware.camera import open_or_demo, open_source
        from hardware.camera_worker import CameraWorker

        # "auto" with no camera found falls back to the demo dice, on the worker thread; not in the
        # kiosk, where made-up dice would pass for the table's: there it says "no camera" and keeps
        # looking (a camera plugged in later is found), and the dice are entered by touch
        fallback = open_source if getattr(self.options, "kiosk", False) else open_or_demo
        opener = getattr(self.options, "camera_opener", None) or fallback
        self.camera_spec = spec
        self.camera = CameraWorker(spec, opener=opener, on_status=self._camera_status_from_thread)
        self.camera.start()
        self.reader = DiceReaderThread(self.camera, on_settled=self._settled_from_thread,
                                       calibration=self.calibration())
        self.reader.start()

    def _camera_status_from_thread(self, status: Any) -> None:
        log.info("camera: %s", status)
        text = camera_text(status)
        Clock.schedule_once(lambda dt: self._camera_status(text), 0)

    def _camera_status(self, text: str) -> None:
        self._set_status("camera", text)
        self.use_calibration()  # "auto" knows its camera once connected: its calibration applies

    # -- the camera's calibration --------------------------------------------------------------------
    def camera_key(self) -> str:
        """The key the running camera's calibration is kept under (``companion.settings.camera_key``);
        "" when there is no camera, or "auto" has found none yet."""
        if self.camera is None:
            return ""
        from companion.settings import camera_key

        return camera_key(self.camera_spec, self.camera.source)

    def camera_live(self) -> bool:
        """True while the camera gives pictures (it can be calibrated now)."""
        return self.camera is not None and self.camera.latest() is not None

    def calibration(self) -> Any:
        """The running camera's calibration from the settings, or None (not calibrated, no camera)."""
        key = self.camera_key()
        return self.settings.calibration(key) if key else None

    def use_calibration(self) -> None:
        """Let the dice reader read through the running camera's calibration (at once, same thread)."""
        if self.reader is not None:
            calibration = self.calibration()
            if calibration != self.reader.calibration:
                self.reader.set_calibration(calibration)

    def _settled_from_thread(self, values: tuple[int, ...], uncertain: int, fresh: bool = True,
                             asked: bool = False) -> None:
        roll = DiceRoll(tuple(values), "camera", fresh=fresh, asked=asked)
        Clock.schedule_once(lambda dt: self.app.handle_roll(roll, uncertain), 0)

    def read_now(self, active: bool) -> None:
        """Let the reader look at the camera (``True`` while a dice screen is open)."""
        if getattr(self, "reader", None) is not None:
            self.reader.active = active

    # -- status --------------------------------------------------------------------------------------
    def _set_status(self, part: str, text: str) -> None:
        self.status[part] = text
        self.app.hardware_status = "  ·  ".join(v for v in self.status.values() if v)
