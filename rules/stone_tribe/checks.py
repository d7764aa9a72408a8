"""Checks of command fields: each returns the clean value or raises ``IllegalMove`` naming the field.

Commands come from the touchscreen, the dice readers and saved files; none of them is trusted to carry
the right types, so every field is checked before the rules look at it.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..errors import IllegalMove
from .data import DICE_SOURCES, DIE_FACES, FATE_DICE, RESOURCE_KINDS, SKILLS
from .resources import Resources
from .state import GameState


def count(value: Any, field: str, minimum: int = 0) -> int:
    """A whole number of at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalMove(f"{field} must be a whole number, not {value!r}")
    if value < minimum:
        raise IllegalMove(f"{field} must be {minimum} or more, not {value}")
    return value


def signed(value: Any, field: str) -> int:
    """A whole number, negative allowed."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalMove(f"{field} must be a whole number, not {value!r}")
    return value


def text(value: Any, field: str) -> str:
    """A string (notes may be empty)."""
    if not isinstance(value, str):
        raise IllegalMove(f"{field} must be text, not {value!r}")
    return value


def die(value: Any, field: str) -> int:
    """One fate die: 1 to 6."""
    if isinstance(value, bool) or not isinstance(value, int) or value not in DIE_FACES:
        raise IllegalMove(f"{field} must be a die face from 1 to 6, not {value!r}")
    return value


def fate_dice(value: Any, field: str = "dice") -> tuple[int, int]:
    """The two fate dice."""
    if not isinstance(value, (tuple, list)) or len(value) != FATE_DICE:
        raise IllegalMove(f"{field} must be the two fate dice, not {value!r}")
    first, second = (die(v, f"{field}[{i}]") for i, v in enumerate(value))
    return (first, second)


def source(value: Any, field: str = "source") -> str:
    """Who read a roll: camera, edice or touch."""
    if value not in DICE_SOURCES:
        raise IllegalMove(f"{field} must be one of {', '.join(DICE_SOURCES)}, not {value!r}")
    return str(value)


def skill(value: Any, field: str = "skill") -> str:
    """A skill's key (gathering, mining, hunting, logging, fishing)."""
    if not isinstance(value, str) or value not in SKILLS:
        raise IllegalMove(f"{field} must be one of {', '.join(SKILLS)}, not {value!r}")
    return value


def numbers(value: Any, field: str = "numbers") -> tuple[int, ...]:
    """The number(s) printed on a skill card: one or more different die faces, returned sorted."""
    if not isinstance(value, (tuple, list)) or not value:
        raise IllegalMove(f"{field} must list the number(s) printed on the skill card")
    faces = [die(v, f"{field}[{i}]") for i, v in enumerate(value)]
    if len(set(faces)) != len(faces):
        raise IllegalMove(f"{field} lists a number twice")
    return tuple(sorted(faces))


def resources(value: Any, field: str) -> Resources:
    """A ``Resources`` (or a mapping of kind -> count) with whole, non-negative counts."""
    if isinstance(value, Mapping):
        for kind in value:
            if kind not in RESOURCE_KINDS:
                raise IllegalMove(f"{field}.{kind} is not a resource (they are {', '.join(RESOURCE_KINDS)})")
        value = Resources(**{k: value.get(k, 0) for k in RESOURCE_KINDS})
    if not isinstance(value, Resources):
        raise IllegalMove(f"{field} must be resource counts, not {value!r}")
    for kind, n in ((k, getattr(value, k)) for k in RESOURCE_KINDS):
        count(n, f"{field}.{kind}")
    return value


def player(state: GameState, value: Any, field: str = "player") -> str:
    """The name of a player of this game."""
    if not isinstance(value, str) or value not in state.names:
        raise IllegalMove(f"{field}: {value!r} is not a player in this game")
    return value


def unique_players(names: list[str], field: str) -> None:
    """Refuse a list naming one player twice."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise IllegalMove(f"{field} lists {name} twice")
        seen.add(name)
