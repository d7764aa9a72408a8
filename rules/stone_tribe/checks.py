"""Checks of command fields: each returns the clean value or raises ``IllegalMove`` naming the field.

Commands come from the touchscreen, the dice readers and saved files; none of them is trusted to carry
the right types, so every field is checked before the rules look at it. Refusals are templates with
params (``field``, the offending ``value`` as written), so the app can translate them.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import IllegalMove
from .data import DICE_SOURCES, DIE_FACES, FATE_DICE, RESOURCE_KINDS, SKILLS
from .resources import Resources
from .state import GameState
from .words import listing


def count(value: Any, field: str, minimum: int = 0) -> int:
    """A whole number of at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalMove("{field} must be a whole number, not {value}", field=field, value=repr(value))
    if value < minimum:
        raise IllegalMove("{field} must be {minimum} or more, not {value}", field=field, minimum=minimum, value=value)
    return value


def signed(value: Any, field: str) -> int:
    """A whole number, negative allowed."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalMove("{field} must be a whole number, not {value}", field=field, value=repr(value))
    return value


def text(value: Any, field: str) -> str:
    """A string (notes may be empty)."""
    if not isinstance(value, str):
        raise IllegalMove("{field} must be text, not {value}", field=field, value=repr(value))
    return value


def die(value: Any, field: str) -> int:
    """One fate die: 1 to 6."""
    if isinstance(value, bool) or not isinstance(value, int) or value not in DIE_FACES:
        raise IllegalMove("{field} must be a die face from 1 to 6, not {value}", field=field, value=repr(value))
    return value


def fate_dice(value: Any, field: str = "dice") -> tuple[int, int]:
    """The two fate dice."""
    if not isinstance(value, (tuple, list)) or len(value) != FATE_DICE:
        raise IllegalMove("{field} must be the two fate dice, not {value}", field=field, value=repr(value))
    first, second = (die(v, f"{field}[{i}]") for i, v in enumerate(value))
    return (first, second)


def _one_of(value: Any, field: str, choices: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise IllegalMove("{field} must be one of {choices}, not {value}", field=field, choices=listing(choices),
                          value=repr(value))
    return value


def source(value: Any, field: str = "source") -> str:
    """Who read a roll: camera, edice or touch."""
    return _one_of(value, field, DICE_SOURCES)


def skill(value: Any, field: str = "skill") -> str:
    """A skill's key (gathering, mining, hunting, logging, fishing)."""
    return _one_of(value, field, tuple(SKILLS))


def numbers(value: Any, field: str = "numbers") -> tuple[int, ...]:
    """The number(s) printed on a skill card: one or more different die faces, returned sorted."""
    if not isinstance(value, (tuple, list)) or not value:
        raise IllegalMove("{field} must list the number(s) printed on the skill card", field=field)
    faces = [die(v, f"{field}[{i}]") for i, v in enumerate(value)]
    if len(set(faces)) != len(faces):
        raise IllegalMove("{field} lists a number twice", field=field)
    return tuple(sorted(faces))


def resources(value: Any, field: str) -> Resources:
    """A ``Resources`` (or a mapping of kind -> count) with whole, non-negative counts."""
    if isinstance(value, Mapping):
        for kind in value:
            if kind not in RESOURCE_KINDS:
                raise IllegalMove("{field} is not a resource (they are {kinds})", field=f"{field}.{kind}",
                                  kinds=listing(RESOURCE_KINDS))
        value = Resources(**{k: value.get(k, 0) for k in RESOURCE_KINDS})
    if not isinstance(value, Resources):
        raise IllegalMove("{field} must be resource counts, not {value}", field=field, value=repr(value))
    for kind in RESOURCE_KINDS:
        count(getattr(value, kind), f"{field}.{kind}")
    return value


def player(state: GameState, value: Any, field: str = "player") -> str:
    """The name of a player of this game."""
    if not isinstance(value, str) or value not in state.names:
        raise IllegalMove("{field}: {value} is not a player in this game", field=field, value=repr(value))
    return value


def unique_players(names: list[str], field: str) -> None:
    """Refuse a list naming one player twice."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise IllegalMove("{field} lists {player} twice", field=field, player=name)
        seen.add(name)
