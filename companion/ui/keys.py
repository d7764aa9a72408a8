"""Keyboard shortcuts: Space/Enter = NEXT, Backspace = BACK, Ctrl+Z = undo, R = READ.

The mapping itself is ``hardware.buttons.key_to_press`` (shared with the GPIO buttons); this module
only turns Kivy's key codes into the key names it takes.
"""
from __future__ import annotations

from hardware.buttons import key_to_press
from hardware.inputs import Press


def key_name(key: int) -> str:
    """Kivy's name for a key code (``32`` -> ``"spacebar"``); ``""`` for an unknown code."""
    from kivy.core.window import Keyboard

    for name, code in Keyboard.keycodes.items():
        if code == key:
            return name
    return chr(key) if 32 < key < 127 else ""


def press_for_key(key: int, modifiers: list[str] | tuple[str, ...]) -> Press | None:
    """The button a key stands for, or None for any other key."""
    name = key_name(key)
    return key_to_press(name, modifiers) if name else None
