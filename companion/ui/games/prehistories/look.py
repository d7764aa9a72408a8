"""Prehistories colours (plain RGBA values, no Kivy): the five tribes, the animals and the cave wall."""
from __future__ import annotations

RGBA = tuple[float, float, float, float]

#: the five player colours of the box, and a readable text colour on each
PLAYER: dict[str, RGBA] = {
    "yellow": (0.93, 0.77, 0.18, 1), "blue": (0.22, 0.46, 0.80, 1), "red": (0.82, 0.24, 0.20, 1),
    "green": (0.25, 0.62, 0.30, 1), "white": (0.90, 0.89, 0.86, 1),
}
PLAYER_TEXT: dict[str, RGBA] = {
    "yellow": (0.15, 0.12, 0.05, 1), "white": (0.15, 0.12, 0.05, 1),
    "blue": (0.98, 0.97, 0.95, 1), "red": (0.98, 0.97, 0.95, 1), "green": (0.98, 0.97, 0.95, 1),
}
#: animal -> the colour its tiles are painted in
ANIMAL: dict[str, RGBA] = {
    "fish": (0.30, 0.58, 0.86, 1), "mammoth": (0.74, 0.50, 0.27, 1), "buffalo": (0.66, 0.26, 0.22, 1),
    "ibex": (0.48, 0.64, 0.42, 1), "boar": (0.66, 0.46, 0.66, 1), "legendary": (0.95, 0.78, 0.30, 1),
}
WALL: RGBA = (0.33, 0.29, 0.25, 1)
WALL_LINE: RGBA = (0.24, 0.21, 0.18, 1)
OCHRE: RGBA = (0.78, 0.36, 0.20, 1)
PREVIEW_OK: RGBA = (0.35, 0.80, 0.40, 0.75)
PREVIEW_BAD: RGBA = (0.90, 0.25, 0.20, 0.75)
SAFE: RGBA = (0.35, 0.66, 0.38, 1)
INJURY: RGBA = (0.91, 0.55, 0.18, 1)


def player(colour: str) -> RGBA:
    """The RGBA of a player colour (grey for an unknown one)."""
    return PLAYER.get(colour, (0.5, 0.5, 0.5, 1))


def player_text(colour: str) -> RGBA:
    """A text colour readable on ``player(colour)``."""
    return PLAYER_TEXT.get(colour, (0.96, 0.94, 0.90, 1))


def animal(name: str) -> RGBA:
    """The paint of an animal's tiles (the wall colour for none)."""
    return ANIMAL.get(name, WALL)
