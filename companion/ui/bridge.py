"""The hardware-to-UI bridge: GPIO buttons, the e-dice tray and the camera, each on its own thread.

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
        self.camera: Any = None
        self.status: dict[str, str] = {}
        self._notes: list[str] = []

    # -- life cycle --------------------------------------------------------------------------------
    def start(self) -> None:
        """Start buttons, e-dice and camera; never raises (a failure becomes a status line)."""
        self._start_buttons()
        self._start_edice()
        if self._notes:
            self.app.show_banner("  ".join(self._notes), "info", seconds=5)

    def stop(self) -> None:
        """Stop every adapter (idempotent)."""
        for name in ("buttons", "edice", "camera"):
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
        if old.serial_port != settings.serial_port:
            if self.edice is not None:
                self.edice.stop()
                self.edice = None
            self._start_edice()

    def on_state(self, state: Any) -> None:
        """The game changed (UI thread): nothing to do for the adapters yet beyond LED hints."""
        if self.buttons is not None and hasattr(self.buttons, "set_led"):
            try:
                self.buttons.set_led("on" if state is not None else "off")
            except Exception as exc:
                log.debug("LED: %s", exc)

    # -- buttons -------------------------------------------------------------------------------------
    def _start_buttons(self) -> None:
        if self.options.no_gpio or not self.settings.gpio_enabled:
            self._set_status("gpio", _("GPIO buttons off"))
            return
        try:
            from hardware import buttons as buttons_mod

            self.buttons = buttons_mod.open_buttons(pins=dict(self.settings.pins), on_press=self._press_from_thread)
        except Exception as exc:  # no GPIO on this machine: say it once, keys and touch still work
            log.info("GPIO buttons unavailable: %s", exc)
            self.buttons = None
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
        text = getattr(status, "text", str(status))
        Clock.schedule_once(lambda dt: self._set_status("edice", text), 0)

    # -- status --------------------------------------------------------------------------------------
    def _set_status(self, part: str, text: str) -> None:
        self.status[part] = text
        self.app.hardware_status = "  ·  ".join(v for v in self.status.values() if v)
