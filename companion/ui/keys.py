"""Keyboard shortcuts: Space/Enter = NEXT, Backspace = BACK, Ctrl+Z = undo, R = READ.

Uses ``hardware.buttons.key_to_press`` when that adapter is installed, so the GPIO buttons and the
keyboard share one mapping; the same mapping is kept here for machines without it.
"""
from __future__ import annotations

from hardware.inputs import Press

# Kivy key codes
_ENTER, _KP_ENTER, _SPACE, _BACKSPACE = 13, 271, 32, 8


def press_for_key(key: int, codepoint: str | None, modifiers: list[str] | tuple[str, ...]) -> Press | None:
    """The button a key stands for, or None for any other key."""
    try:
        from hardware.buttons import key_to_press
    except ImportError:
        key_to_press = None
    if key_to_press is not None:
        try:
            press = key_to_press(key, list(modifiers))
        except (TypeError, ValueError):
            press = None
        if press is not None:
            return press
    mods = set(modifiers)
    if key == ord("z") and ("ctrl" in mods or "meta" in mods):
        return Press("undo")
    if mods & {"ctrl", "alt", "meta"}:
        return None
    if key in (_ENTER, _KP_ENTER, _SPACE):
        return Press("next")
    if key == _BACKSPACE:
        return Press("back")
    if key == ord("r"):
        return Press("read")
    return None
