"""Turn frozen dataclasses (commands, events, states) into JSON-ready dicts and back.

Values may be ``None``, ``bool``, ``int``, ``str``, ``float``, enums with str/int values, nested
dataclasses, ``tuple[X, ...]``, fixed tuples, and ``frozenset``/``tuple`` of pairs standing in for
mappings. Lists in JSON come back as tuples, so a decoded value compares equal to the original.
"""
from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from .errors import CodecError

T = TypeVar("T")


def encode(obj: Any) -> Any:
    """A JSON-ready copy of ``obj``. Dataclasses become dicts with a ``"type"`` key (their class name)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {"type": type(obj).__name__}
        for f in dataclasses.fields(obj):
            out[f.name] = encode(getattr(obj, f.name))
        return out
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, (tuple, list, frozenset)):
        items = [encode(x) for x in obj]
        if isinstance(obj, frozenset):
            items.sort(key=repr)
        return items
    if isinstance(obj, Mapping):
        return {str(k): encode(v) for k, v in obj.items()}
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    raise CodecError(f"cannot encode a {type(obj).__name__}")


class Registry:
    """Dataclass types known by name, so ``{"type": "HutBuilt", ...}`` decodes to ``HutBuilt``."""

    def __init__(self, classes: Iterable[type] = ()) -> None:
        self._by_name: dict[str, type] = {}
        for cls in classes:
            self.add(cls)

    def add(self, cls: type[T]) -> type[T]:
        """Register ``cls`` (usable as a decorator). Names must be unique within a registry."""
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} is not a dataclass")
        if self._by_name.get(cls.__name__, cls) is not cls:
            raise ValueError(f"two classes named {cls.__name__}")
        self._by_name[cls.__name__] = cls
        return cls

    def __contains__(self, name: str) -> bool:
        return name in self._by_name

    def decode(self, data: Any) -> Any:
        """The dataclass ``data`` describes; raises ``CodecError`` naming the bad field."""
        if not isinstance(data, Mapping) or "type" not in data:
            raise CodecError("expected an object with a 'type'")
        cls = self._by_name.get(data["type"])
        if cls is None:
            raise CodecError(f"unknown type {data['type']!r}")
        return self._decode_dataclass(cls, data, data["type"])

    def _decode_dataclass(self, cls: type, data: Mapping[str, Any], path: str) -> Any:
        hints = typing.get_type_hints(cls)
        kwargs: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if not f.init:
                continue
            if f.name not in data:
                if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                    continue
                raise CodecError(f"{path}.{f.name}: missing")
            kwargs[f.name] = self._convert(hints[f.name], data[f.name], f"{path}.{f.name}")
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise CodecError(f"{path}: {exc}") from exc

    def _convert(self, hint: Any, value: Any, path: str) -> Any:
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if hint is Any:
            return value
        if origin in (typing.Union, types.UnionType):
            if value is None and type(None) in args:
                return None
            errors = []
            for arg in args:
                if arg is type(None):
                    continue
                try:
                    return self._convert(arg, value, path)
                except CodecError as exc:
                    errors.append(str(exc))
            raise CodecError(f"{path}: {value!r} fits none of {hint}")
        if origin is tuple:
            if not isinstance(value, (list, tuple)):
                raise CodecError(f"{path}: expected a list")
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(self._convert(args[0], v, f"{path}[{i}]") for i, v in enumerate(value))
            if len(args) != len(value):
                raise CodecError(f"{path}: expected {len(args)} items")
            return tuple(self._convert(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, value)))
        if origin is frozenset:
            if not isinstance(value, (list, tuple)):
                raise CodecError(f"{path}: expected a list")
            return frozenset(self._convert(args[0], v, f"{path}[]") for v in value)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            if not isinstance(value, Mapping):
                raise CodecError(f"{path}: expected an object")
            if "type" in value and value["type"] != hint.__name__ and value["type"] in self._by_name:
                sub = self._by_name[value["type"]]
                if issubclass(sub, hint):
                    hint = sub
            return self._decode_dataclass(hint, value, path)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            try:
                return hint(value)
            except ValueError as exc:
                raise CodecError(f"{path}: {value!r} is not a {hint.__name__}") from exc
        if hint is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise CodecError(f"{path}: expected a number")
            return float(value)
        if hint in (int, str, bool):
            if type(value) is not hint:
                raise CodecError(f"{path}: expected {hint.__name__}")
            return value
        if hint is type(None):
            if value is not None:
                raise CodecError(f"{path}: expected null")
            return None
        if origin is typing.Literal:
            if value not in args:
                raise CodecError(f"{path}: {value!r} is not one of {args}")
            return value
        raise CodecError(f"{path}: cannot decode into {hint}")
