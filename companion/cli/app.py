"""Running the touchscreen app (``main.py`` with no sub-command): its options and start-up."""
from __future__ import annotations

import argparse

from companion.errors import UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The app's own options (they go before any sub-command)."""
    parser.add_argument("--camera", default=None, help="camera spec: auto, none, picamera2, 0, /dev/video2, a folder or video")
    parser.add_argument("--serial", default=None, help="e-dice port: a device path or pyserial URL (default: auto-detect)")
    parser.add_argument("--screenshot", metavar="DIR", help="play a scripted demo game, save a PNG of every screen in DIR, exit")
    parser.add_argument("--lang", help="language: en, zh_CN or zh_TW (default: the system locale)")
    parser.add_argument("--size", help="window size WxH, e.g. 800x480")
    parser.add_argument("--fullscreen", action="store_true", help="full screen, no cursor (kiosk)")
    parser.add_argument("--no-gpio", action="store_true", help="do not try the GPIO buttons")


def run(args: argparse.Namespace) -> int:
    """Start the app."""
    raise UsageError("the touchscreen app is not available in this version")
