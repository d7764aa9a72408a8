"""Kivy's settings that must be made before its window exists, and the command-line values they
come from (the window size, the keyboard mode). Nothing here imports Kivy at module level, so the
CLI and the tours can configure it first.
"""
from __future__ import annotations

import logging
import os

from companion.errors import UsageError


def parse_size(text: str | None) -> tuple[int, int] | None:
    """``"800x480"`` -> (800, 480); raises UsageError for anything else."""
    if not text:
        return None
    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size must look like 800x480, not {text!r}") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise UsageError(f"--size {text} is outside 320x240 .. 7680x4320")
    return w, h


def keyboard_mode(setting: str, kiosk: bool) -> str:
    """Kivy's ``keyboard_mode`` for the Settings choice ``setting`` (auto, screen or system): the
    docked on-screen keyboard, beside any real keyboard, in the kiosk or when asked for; else the
    system's keyboard (a desktop's, with its input method for Chinese)."""
    if setting == "screen" or (setting == "auto" and kiosk):
        return "systemanddock"
    return "system"


def configure_kivy(size: tuple[int, int] | None, fullscreen: bool, rotation: int, keyboard: str = "system") -> None:
    """Kivy settings that must be made before the window exists (no file log, no argv parsing);
    ``keyboard`` is a Kivy ``keyboard_mode`` (see :func:`keyboard_mode`)."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ.setdefault("KCFG_KIVY_LOG_LEVEL", "warning")
    os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")
    from kivy.config import Config

    _quiet_missing_cutbuffer()

    Config.set("kivy", "exit_on_escape", "0")
    Config.set("kivy", "keyboard_mode", keyboard)
    Config.set("kivy", "keyboard_layout", "qwerty")
    Config.set("input", "mouse", "mouse,multitouch_on_demand")
    if size is not None:
        Config.set("graphics", "width", str(size[0]))
        Config.set("graphics", "height", str(size[1]))
    else:
        Config.set("graphics", "width", "800")
        Config.set("graphics", "height", "480")
    Config.set("graphics", "resizable", "0" if size else "1")
    Config.set("graphics", "rotation", str(rotation))
    if fullscreen:
        Config.set("graphics", "fullscreen", "auto")
        Config.set("graphics", "show_cursor", "0")


class _NoCutbufferNotice:
    """Drops Kivy's CRITICAL "Cutbuffer" report (with its tracebacks) that it logs when neither xclip
    nor xsel is installed. Kivy looks for a cut buffer (X11 middle-click paste) on every Linux start,
    and no setting chooses "none"; the clipboard itself is SDL2's (``KIVY_CLIPBOARD``). A touch table
    has no middle button, so the missing cut buffer is said once, as information."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = str(record.msg)
        if record.levelno >= logging.CRITICAL and message.startswith("Cutbuffer: Unable to find any valuable"):
            logging.getLogger("kivy").info("Cutbuffer: none (no xclip or xsel); middle-click paste is off")
            return False
        return True


def _quiet_missing_cutbuffer() -> None:
    from kivy.logger import Logger

    if not any(isinstance(f, _NoCutbufferNotice) for f in Logger.filters):
        Logger.addFilter(_NoCutbufferNotice())
