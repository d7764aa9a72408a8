"""Type checks of a command's fields, so a malformed command is refused with the field's name."""
from __future__ import annotations

import dataclasses
import enum
import typing
from typing import Any

from ..errors import IllegalMove
from .commands import COMMANDS


def _fits(hint: Any, value: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        return isinstance(value, tuple) and all(_fits(args[0], v) for v in value)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return isinstance(value, hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return isinstance(value, hint) and all(
            _fits(h, getattr(value, f.name))
            for f, h in ((f, typing.get_type_hints(hint)[f.name]) for f in dataclasses.fields(hint))
        )
    if hint in (int, str, bool):
        return type(value) is hint
    return True


def check_fields(command: Any) -> None:
    """Raise ``IllegalMove`` unless ``command`` is a Stone Age command whose fields have their types."""
    cls = type(command)
    if cls not in COMMANDS:
        raise IllegalMove("Stone Age has no command {command}", command=cls.__name__)
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        value = getattr(command, f.name)
        if not _fits(hints[f.name], value):
            raise IllegalMove("{command}.{field}: {value} is not a valid {what}", command=cls.__name__,
                              field=f.name, value=repr(value), what=f.name.replace("_", " "))
