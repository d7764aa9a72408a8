"""Running the touchscreen app (``main.py`` with no sub-command): its options and start-up."""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from companion.errors import UsageError
from companion.ui.kivy_config import configure_kivy, keyboard_mode, parse_size

LANGS = ("en", "zh_CN", "zh_TW")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The app's own options (they go before any sub-command)."""
    parser.add_argument("--camera", default=None, help="camera spec: auto, none, demo, picamera2, 0, /dev/video2, a folder or video")
    parser.add_argument("--serial", default=None, help="e-dice port: a device path or pyserial URL, or none for no e-dice "
                             "(default: auto-detect, as Settings says)")
    parser.add_argument("--screenshot", metavar="DIR", help="play a scripted demo game, save a PNG of every screen in DIR, exit")
    parser.add_argument("--lang", help="language: en, zh_CN or zh_TW (default: the system locale)")
    parser.add_argument("--size", help="window size WxH, e.g. 800x480")
    parser.add_argument("--fullscreen", action="store_true", help="full screen, no cursor")
    parser.add_argument("--kiosk", action="store_true",
                        help="a table-side screen on its own (the boot service): full screen, the on-screen "
                             "keyboard, and no demo dice when no camera is found")
    parser.add_argument("--no-gpio", action="store_true", help="do not try the GPIO buttons")


def run(args: argparse.Namespace) -> int:
    """Start the app: Home screen, or the scripted screenshot tour with ``--screenshot``."""
    if getattr(args, "data_dir", None):
        os.environ["CAIRN_DATA_DIR"] = str(Path(args.data_dir).expanduser())
    elif args.screenshot:
        import tempfile

        # the demo game goes into a fresh folder, never among the user's own games
        os.environ["CAIRN_DATA_DIR"] = tempfile.mkdtemp(prefix="cairn-demo-")
    if args.lang and args.lang not in LANGS:
        raise UsageError(f"--lang must be one of {', '.join(LANGS)}, not {args.lang!r}")
    size = parse_size(args.size)
    from companion import settings as settings_mod

    saved = settings_mod.load()
    kiosk = bool(getattr(args, "kiosk", False))
    fullscreen = args.fullscreen or kiosk
    configure_kivy(size, fullscreen, saved.rotation, keyboard_mode(saved.keyboard, kiosk))
    from companion.ui.app import AppOptions, run_app

    shots = Path(args.screenshot).expanduser().resolve() if args.screenshot else None
    return run_app(AppOptions(camera=args.camera, serial=args.serial, lang=args.lang, size=size,
                              fullscreen=fullscreen, kiosk=kiosk, no_gpio=args.no_gpio, screenshot_dir=shots,
                              on_start=start_tour if shots is not None else None))


def start_tour(app: object) -> object:
    """``--screenshot``: the scripted tour, attached to the app once it has started (the app itself
    knows nothing of tours)."""
    from companion.ui.demo import ScreenshotTour

    assert app.options.screenshot_dir is not None  # type: ignore[attr-defined]
    tour = ScreenshotTour(app, app.options.screenshot_dir)  # type: ignore[attr-defined]
    tour.start()
    return tour
