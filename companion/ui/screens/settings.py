"""Settings: language, camera, e-dice (on/off, port), GPIO pins, screen rotation, keyboard and rules.

Changes are made on a draft and kept with Save (settings.json in the data dir); a bad value is
refused with a banner naming it and the saved settings stay as they were.
"""
from __future__ import annotations

from typing import Any

from kivy.properties import ObjectProperty

from companion.i18n import _
from companion.settings import DEFAULT_PINS
from companion.ui.widgets import CairnScreen

CAMERAS = ("auto", "demo", "none")


class SettingsScreen(CairnScreen):
    """``draft`` is the settings being edited; kv shows it and calls ``choose``/``pin``/``toggle``."""

    draft = ObjectProperty(None)

    def refresh(self) -> None:
        self.draft = self.app.settings
        self.ids.serial.text = self.draft.serial_port
        self.ids.camera_spec.text = "" if self.draft.camera in CAMERAS else self.draft.camera
        self._show_pins()

    def choose(self, field: str, value: Any) -> None:
        """Set ``field`` (language, camera, rotation or keyboard) to ``value`` in the draft."""
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
