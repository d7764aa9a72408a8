"""Player-facing text that can be translated later: a message template plus its values.

The rules speak English, but a table may read Chinese. A ``Text`` *is* the English string (a ``str``
subclass, so it prints and compares as usual) and also keeps its ``template`` and ``params``, so the app
can look the template up in its catalog and fill in the same values. A param may itself be a ``Text``
(e.g. "{who} +{points}: {what}" with ``what`` = Text("hut ({paid})", ...)); it is translated in turn.
Plain string params that are game words ("wood", "the forest") are looked up in the catalog as well.

>>> t = Text("{name} +{points}: hut", name="Ann", points=13)
>>> t, t.template, t.params["points"]
('Ann +13: hut', '{name} +{points}: hut', 13)
>>> nested = Text("{who}: {what}", who="Ann", what=Text("{n} food", n=3))
>>> str(nested), from_parts(to_parts(nested)) == nested
('Ann: 3 food', True)
"""
from __future__ import annotations

from typing import Any, Self


class Text(str):
    """An English message built from ``template.format(**params)`` that remembers both parts."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Self:
        obj = super().__new__(cls, template.format(**params) if params else template)
        obj.template = template
        obj.params = dict(params)
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return (from_parts, (to_parts(self),))


def to_parts(value: Any) -> Any:
    """JSON-ready form: a ``Text`` becomes ``{"template": ..., "params": {...}}`` (recursively)."""
    if isinstance(value, Text):
        return {"template": value.template, "params": {k: to_parts(v) for k, v in value.params.items()}}
    return value


def from_parts(data: Any) -> Any:
    """The inverse of ``to_parts``: dicts with a template become ``Text`` again."""
    if isinstance(data, dict) and set(data) == {"template", "params"}:
        return Text(data["template"], **{k: from_parts(v) for k, v in data["params"].items()})
    return data


def parts(message: object) -> tuple[str, dict[str, Any]]:
    """``(template, JSON-ready params)`` of a ``Text`` or an ``IllegalMove``; a plain string is its own template."""
    template = getattr(message, "template", None)
    if template is None:
        template = getattr(message, "rule", None)
    if template is None:
        return str(message), {}
    params = getattr(message, "params", {}) or {}
    return str(template), {k: to_parts(v) for k, v in params.items()}
