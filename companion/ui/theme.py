"""Colours and sizes shared by every screen (plain values; kv reads them through ``app.theme``).

Sizes are given for the 800×480 official display and scaled by ``scale_for(width, height)``, so the
same layout keeps the same proportions at 1024×600, 1280×720 and 1920×1080.
"""
from __future__ import annotations

#: design size: the official Raspberry Pi 7" display
BASE_W, BASE_H = 800, 480

# RGBA tuples, 0..1
BG = (0.13, 0.12, 0.11, 1)
SURFACE = (0.20, 0.18, 0.16, 1)
SURFACE_HI = (0.27, 0.24, 0.21, 1)
TEXT = (0.96, 0.94, 0.90, 1)
TEXT_DIM = (0.72, 0.68, 0.62, 1)
ACCENT = (0.91, 0.62, 0.22, 1)       # ochre, the NEXT button
ACCENT_TEXT = (0.12, 0.09, 0.05, 1)
DANGER = (0.80, 0.27, 0.22, 1)
OK = (0.35, 0.66, 0.38, 1)
INFO = (0.30, 0.50, 0.72, 1)

#: the four player colours of the board game, with a readable text colour on each
PLAYER_COLOURS: dict[str, tuple[float, float, float, float]] = {
    "red": (0.82, 0.24, 0.20, 1),
    "blue": (0.22, 0.46, 0.80, 1),
    "green": (0.25, 0.62, 0.30, 1),
    "yellow": (0.93, 0.77, 0.18, 1),
    "white": (0.90, 0.89, 0.86, 1),
}
PLAYER_TEXT: dict[str, tuple[float, float, float, float]] = {
    "red": TEXT, "blue": TEXT, "green": TEXT, "yellow": (0.15, 0.12, 0.05, 1), "white": (0.15, 0.12, 0.05, 1),
}
COLOUR_ORDER = ("red", "blue", "green", "yellow")

#: resource and symbol colours for the canvas icons
ICON_COLOURS: dict[str, tuple[float, float, float, float]] = {
    "wood": (0.55, 0.34, 0.16, 1),
    "brick": (0.78, 0.38, 0.22, 1),
    "stone": (0.60, 0.62, 0.66, 1),
    "gold": (0.96, 0.78, 0.20, 1),
    "food": (0.86, 0.30, 0.28, 1),
    "tool": (0.70, 0.70, 0.62, 1),
    "people": (0.92, 0.86, 0.74, 1),
    "agriculture": (0.55, 0.76, 0.30, 1),
    "score": (0.91, 0.62, 0.22, 1),
    "card": (0.42, 0.62, 0.42, 1),
    "hut": (0.66, 0.50, 0.34, 1),
}

#: minimum touch target at 800×480 on the 7" panel (~9 mm)
TOUCH = 48
FONT_SMALL, FONT, FONT_LARGE, FONT_HUGE = 16, 18, 24, 34  # FONT_SMALL: the least a player reads (16 px)


def scale_for(width: int, height: int) -> float:
    """How much bigger than the 800×480 design the window is (the smaller of the two ratios)."""
    return max(0.6, min(width / BASE_W, height / BASE_H))


def player_colour(name: str) -> tuple[float, float, float, float]:
    """The RGBA of a player colour name (grey for an unknown one)."""
    return PLAYER_COLOURS.get(name, (0.5, 0.5, 0.5, 1))


def player_text(name: str) -> tuple[float, float, float, float]:
    """A text colour readable on ``player_colour(name)``."""
    return PLAYER_TEXT.get(name, TEXT)
