"""The rules' messages in the table's language: refusals and history lines rendered through a catalog.

The rules give each message as a template and its params (``rules.text.Text``, ``IllegalMove``, or the
``{"template", "params"}`` form the event store keeps). ``render`` translates the template and every
param in turn (nested messages, and game words such as "wood" or "the forest"), then fills it in.
Catalogs are ``locale/rules/<lang>.po``, read directly by a small parser; no ``.mo`` files are kept.
A broken translation never stops the table: ``render`` falls back to the English template.

>>> zh = {"{who} +{points}: hut ({paid})": "{who} +{points}：建筑（{paid}）", "wood": "木头"}.get
>>> render("{who} +{points}: hut ({paid})", {"who": "Ann", "points": 9, "paid": "wood"},
...        lambda s: zh(s, s))
'Ann +9：建筑（木头）'
"""
from __future__ import annotations

import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping

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


def render(template: str, params: Mapping[str, Any], gettext: Gettext) -> str:
    """``template`` translated by ``gettext`` and filled with ``params``, each param translated in turn.

    A param that is a ``Text`` or a ``{"template", "params"}`` dict is rendered the same way; a string
    goes through ``gettext`` (which returns it unchanged when the catalog lacks it, e.g. a player's
    name); anything else (numbers) is used as it is. If the translated template cannot be filled
    (a placeholder it should not have, bad braces), the English template is used instead; if even that
    fails, the English template is returned unfilled. Never raises for a bad catalog or bad params.
    """
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
_ESCAPES = {"n": b"\n", "t": b"\t", "r": b"\r", "a": b"\a", "b": b"\b", "f": b"\f", "v": b"\v",
            '"': b'"', "\\": b"\\", "'": b"'", "?": b"?"}
_ESCAPE = re.compile(r"\\(?:([0-7]{1,3})|x([0-9A-Fa-f]{1,2})|(.))", re.DOTALL)


def unescape(body: str, line: int = 0) -> str:
    """The text of a C-quoted ``.po`` string body (without its quotes).

    Understands ``\\n \\t \\r \\a \\b \\f \\v \\" \\\\``, octal ``\\303`` and hex ``\\xc3`` escapes (bytes of
    the UTF-8 text, so ``"\\303\\251"`` is "é"). Raises ``ValueError`` for an unknown escape or a
    lone trailing backslash.
    """
    out = bytearray()
    pos = 0
    for m in _ESCAPE.finditer(body):
        out += body[pos:m.start()].encode("utf-8")
        octal, hexa, char = m.groups()
        if octal is not None:
            out.append(int(octal, 8) & 0xFF)
        elif hexa is not None:
            out.append(int(hexa, 16))
        elif char in _ESCAPES:
            out += _ESCAPES[char]
        else:
            raise ValueError(f"line {line}: unknown escape \\{char}")
        pos = m.end()
    rest = body[pos:]
    if rest.endswith("\\"):
        raise ValueError(f"line {line}: a string ends with a lone backslash")
    out += rest.encode("utf-8")
    return out.decode("utf-8")


_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"\s*$', re.DOTALL)
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(.*)$", re.DOTALL)


def _quoted(token: str, line: int) -> str:
    m = _STRING.fullmatch(token.strip())
    if m is None:
        raise ValueError(f"line {line}: expected one quoted string, got {token.strip()!r}")
    return unescape(m.group(1), line)


def parse_po(text: str) -> dict[str, str]:
    """The translations in a ``.po`` file: msgid -> msgstr.

    Left out: the header (empty msgid), entries marked ``#, fuzzy``, untranslated entries (empty
    msgstr) and obsolete ``#~`` entries. An entry with a ``msgctxt`` is keyed ``"ctxt\\x04msgid"`` (as
    GNU gettext does); a plural entry is keyed by its singular msgid with its first form. Strings may
    continue over several quoted lines. Raises ``ValueError`` naming the line of anything malformed.
    """
    catalog: dict[str, str] = {}
    entry: dict[str, str] = {}
    flags: set[str] = set()
    field: str | None = None
    seen_string = False
    start = 0  # the line the current entry starts on

    def finish() -> None:
        nonlocal field
        msgid = entry.get("msgid")
        msgstr = entry.get("msgstr", entry.get("msgstr[0]", ""))
        if msgid is None and entry:
            raise ValueError(f"line {number}: a msgstr without a msgid")
        if msgid and msgstr and "fuzzy" not in flags:
            key = f"{entry['msgctxt']}\x04{msgid}" if "msgctxt" in entry else msgid
            if key in catalog:
                raise ValueError(f"line {start}: {msgid!r} is translated twice")
            catalog[key] = msgstr
        entry.clear()
        flags.clear()
        field = None

    number = 0
    for number, raw in enumerate(text.lstrip("\ufeff").split("\n"), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if field is not None and field.startswith("msgstr"):
                finish()
            if line.startswith("#,"):
                flags.update(f.strip() for f in line[2:].split(","))
            continue
        if line.startswith('"'):
            if field is None:
                raise ValueError(f"line {number}: a string outside any msgid or msgstr")
            entry[field] += _quoted(line, number)
            continue
        m = _KEYWORD.match(line)
        if m is None:
            raise ValueError(f"line {number}: unexpected {line.split()[0]!r}")
        keyword = m.group(1)
        if keyword in ("msgctxt", "msgid") and field is not None and field.startswith("msgstr"):
            finish()
        if keyword in entry:
            raise ValueError(f"line {number}: a second {keyword} in one entry")
        if not entry:
            start = number
        if keyword.startswith("msgstr") and "msgid" not in entry:
            raise ValueError(f"line {number}: {keyword} without a msgid")
        field = keyword
        entry[field] = _quoted(m.group(3), number)
        seen_string = True
    if field is not None and not field.startswith("msgstr"):
        raise ValueError(f"line {number}: the last entry has no msgstr")
    if seen_string:
        finish()
    return catalog


def catalog_path(lang: str) -> Path:
    """The ``.po`` file of ``lang`` (e.g. ``zh_CN``) for the rules' messages."""
    return RULES_LOCALE_DIR / f"{lang}.po"


@lru_cache(maxsize=None)
def _translations(lang: str) -> Mapping[str, str]:
    return parse_po(catalog_path(lang).read_text(encoding="utf-8"))


def load_catalog(lang: str) -> Gettext:
    """A ``gettext``-like function for ``lang``: the translation, or the text itself when there is none.

    ``en`` (the rules' own language) needs no catalog. Any other language reads
    ``locale/rules/<lang>.po`` once; ``FileNotFoundError`` if it has none, ``ValueError`` if malformed.
    """
    if lang == SOURCE_LANGUAGE:
        return _identity
    table = _translations(lang)

    def gettext(message: str) -> str:
        return table.get(message, message) if message else message

    return gettext


def _identity(message: str) -> str:
    return message


__all__ = ["RULES_LOCALE_DIR", "catalog_path", "load_catalog", "parse_po", "render", "render_message",
           "unescape"]
