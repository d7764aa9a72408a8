"""The rules' messages in the table's language: refusals and history lines rendered through a catalog.

The rules give each message as a template and its params (``rules.text.Text``, ``IllegalMove``, or the
``{"template", "params"}`` form the event store keeps). ``render`` translates the template and every
param in turn (nested messages, and game words such as "wood" or "the forest"), then fills it in.
Catalogs are ``locale/rules/<lang>.po``, read by the one loader of ``companion.i18n`` (polib); no
``.mo`` files are kept.
A broken translation never stops the table: ``render`` falls back to the English template.

>>> zh = {"{who} +{points}: building ({paid})": "{who} +{points}：建筑（{paid}）", "wood": "木头"}.get
>>> render("{who} +{points}: building ({paid})", {"who": "Ann", "points": 9, "paid": "wood"},
...        lambda s: zh(s, s))
'Ann +9：建筑（木头）'
"""
from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from companion import po
from rules.text import Text

Gettext = Callable[[str], str]

#: Where the rules' catalogs live: ``rules.pot`` and one ``<lang>.po`` per language.
RULES_LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale" / "rules"
SOURCE_LANGUAGE = "en"

_FORMATTER = string.Formatter()


def _fields(template: str) -> list[tuple[str, str | None, str | None]] | None:
    """``(name, conversion, spec)`` of each placeholder, or ``None`` if the template does not parse."""
    try:
        return [(name, conv, spec) for _lit, name, spec, conv in _FORMATTER.parse(template)
                if name is not None]
    except ValueError:
        return None


def _fill(template: str, values: Mapping[str, Any]) -> str | None:
    """``template`` filled with ``values`` (as ``Text`` does: no formatting without params), or ``None``.

    ``None`` when a placeholder is not a plain param name (``{x.y}``, ``{0}``, an unknown name) or the
    format fails, so a careless translation cannot reach into the values or raise.
    """
    fields = _fields(template)
    if fields is None:
        return None
    if not values:
        return template if not fields else None
    if any(name not in values for name, _conv, _spec in fields):
        return None
    try:
        return template.format(**values)
    except (ValueError, KeyError, IndexError, AttributeError, TypeError):
        return None


def _param(value: Any, gettext: Gettext) -> Any:
    """One param in the reader's language: messages rendered, words looked up, numbers as they are."""
    if isinstance(value, Text):
        return render(value.template, value.params, gettext)
    if isinstance(value, Mapping) and set(value) == {"template", "params"}:
        params = value["params"] if isinstance(value["params"], Mapping) else {}
        return render(str(value["template"]), params, gettext)
    if isinstance(value, str):
        return gettext(value) if value else value
    return value


@cache
def superseded() -> Mapping[str, str]:
    """Old template -> the one it now reads as: every game's ``rules.<game>.words.SUPERSEDED``.

    A saved game keeps the templates of the version that wrote it; a line whose wording has changed
    since reads as the new one (and is translated as that), in every language.
    """
    import importlib
    import pkgutil

    import rules

    table: dict[str, str] = {}
    for module in pkgutil.iter_modules(rules.__path__):
        if module.ispkg:
            try:
                words = importlib.import_module(f"rules.{module.name}.words")
            except ImportError:
                continue
            table.update(getattr(words, "SUPERSEDED", {}))
    return table


def render(template: str, params: Mapping[str, Any], gettext: Gettext) -> str:
    """``template`` translated by ``gettext`` and filled with ``params``, each param translated in turn.

    A template that ``superseded`` lists (written by an earlier version) is read as its successor.

    A param that is a ``Text`` or a ``{"template", "params"}`` dict is rendered the same way; a string
    goes through ``gettext`` (which returns it unchanged when the catalog lacks it, e.g. a player's
    name); anything else (numbers) is used as it is. If the translated template cannot be filled
    (a placeholder it should not have, bad braces), the English template is used instead; if even that
    fails, the English template is returned unfilled. Never raises for a bad catalog or bad params.
    """
    template = superseded().get(template, template)
    values = {str(key): _param(value, gettext) for key, value in (params or {}).items()}
    translated = gettext(template) if template else template
    for candidate in (translated, template):
        if isinstance(candidate, str):
            filled = _fill(candidate, values)
            if filled is not None:
                return filled
    return template


def render_message(message: object, gettext: Gettext) -> str:
    """A refusal or history line in the reader's language.

    ``message`` may be an ``IllegalMove`` (``.rule``/``.params``), a ``Text`` or a history item or
    event row (``.template``/``.params``; a row stored before templates existed has an empty
    template and is looked up by its English ``.text`` or ``.reason``), or a plain string.
    """
    template = getattr(message, "template", None)
    if not template:
        template = getattr(message, "rule", None)
    if not template:
        for name in ("text", "reason"):
            english = getattr(message, name, None)
            if isinstance(english, str) and english:
                return render(english, {}, gettext)
        return render(str(message), {}, gettext)
    params = getattr(message, "params", None) or {}
    return render(str(template), params, gettext)


# -- .po catalogs ---------------------------------------------------------------------------------
def parse_po(text: str) -> dict[str, str]:
    """The translations in the text of a ``.po`` file: catalog key -> msgstr (``companion.po.read_po``).

    Left out: the header, fuzzy, obsolete and untranslated entries. An entry with a ``msgctxt`` is
    keyed ``"ctxt\\x04msgid"`` (as GNU gettext does); a plural entry by its singular with its first
    form. Raises ``ValueError`` naming the line of anything malformed.
    """
    return {e.key: e.msgstr for e in po.parse_po(text) if e.msgstr}


def catalog_path(lang: str) -> Path:
    """The ``.po`` file of ``lang`` (e.g. ``zh_CN``) for the rules' messages."""
    return RULES_LOCALE_DIR / f"{lang}.po"


@cache
def _translations(lang: str) -> Mapping[str, str]:
    return {e.key: e.msgstr for e in po.read_po(catalog_path(lang)) if e.msgstr}


def load_catalog(lang: str, game: str | None = None) -> Gettext:
    """A ``gettext``-like function for ``lang``: the translation, or the text itself when there is none.

    With ``game`` (a name of ``rules.game``, e.g. ``"stone-tribe"``) each text is first looked up in that
    game's context (``msgctxt``), so a game that names a thing its own way (石器部落's 石 and 木, Stone
    Age's 石头 and 木头) says its own word; a text the context lacks is looked up as usual.
    ``en`` (the rules' own language) needs no catalog. Any other language reads
    ``locale/rules/<lang>.po`` once; ``FileNotFoundError`` if it has none, ``ValueError`` if malformed.
    """
    if lang == SOURCE_LANGUAGE:
        return _identity
    table = _translations(lang)
    prefix = f"{game}{po.CONTEXT_SEPARATOR}" if game else None

    def gettext(message: str) -> str:
        if not message:
            return message
        if prefix is not None:
            own = table.get(prefix + message)
            if own:
                return own
        return table.get(message, message)

    return gettext


def _identity(message: str) -> str:
    return message


__all__ = ["RULES_LOCALE_DIR", "catalog_path", "load_catalog", "parse_po", "render", "render_message"]
