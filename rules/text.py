"""Player-facing text that can be translated later: a message template plus its values.

The rules speak English, but a table may read Chinese. A ``Text`` *is* the English string (a ``str``
subclass, so it prints and compares as usual) and also keeps its ``template`` and ``params``, so the app
can look the template up in its catalog and fill in the same values.

>>> t = Text("{name} +{points}: hut", name="Ann", points=13)
>>> t, t.template, t.params["points"]
('Ann +13: hut', '{name} +{points}: hut', 13)
"""
from __future__ import annotations

from typing import Any


class Text(str):
    """An English message built from ``template.format(**params)`` that remembers both parts."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> "Text":
        obj = super().__new__(cls, template.format(**params) if params else template)
        obj.template = template
        obj.params = dict(params)
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.template, self.params))


def _rebuild(template: str, params: dict[str, Any]) -> Text:
    return Text(template, **params)


def parts(message: object) -> tuple[str, dict[str, Any]]:
    """``(template, params)`` of a ``Text`` (or of an ``IllegalMove``); a plain string is its own template."""
    template = getattr(message, "template", None)
    if template is None:
        template = getattr(message, "rule", None)
    if template is None:
        return str(message), {}
    return str(template), dict(getattr(message, "params", {}) or {})
