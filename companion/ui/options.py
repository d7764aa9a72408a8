"""``AppOptions``: what the command line (or a test, or a tour) chose for one run of the app.

Kept apart from the app so that whoever builds the options needs no Kivy window to do it.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class AppOptions:
    """The command-line choices that shape one run of the app."""

    camera: str | None = None
    serial: str | None = None
    lang: str | None = None
    size: tuple[int, int] | None = None
    fullscreen: bool = False
    #: the boot service's table-side screen: the on-screen keyboard, no demo dice for a missing camera
    kiosk: bool = False
    no_gpio: bool = False
    screenshot_dir: Path | None = None
    #: a gpiozero pin factory for the buttons (gpiozero's ``MockFactory`` in tests); None: the board's own
    pin_factory: Any = None
    #: ``opener(spec) -> FrameSource`` for the camera worker (tests inject a camera that can be unplugged);
    #: None: ``hardware.camera.open_or_demo``
    camera_opener: Callable[[Any], Any] | None = None
    #: ``on_start(app)``, called once the app has started (the screenshot tour hangs off here); what it
    #: returns is kept on the app as ``app.tour``
    on_start: Callable[[Any], Any] | None = None
    #: Bluetooth for the smart dice (``hardware.ble_dice.BleBackend``; tests inject a fake); None: bleak's
    ble_backend: Any = None
    #: the dice screen's confirm countdown for this run, in seconds (0: off; tests); None: the player's setting
    countdown: float | None = None
