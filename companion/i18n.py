"""Translations: gettext catalogs read straight from ``locale/<lang>/LC_MESSAGES/*.po``.

No compiled ``.mo`` files are kept: a small ``.po`` parser builds the catalog in memory when a
language is chosen. ``_()`` translates with the current language and falls back to the English
text for anything a catalog lacks, so a missing entry shows English, never an error.

>>> set_language("en"); _("Next")
'Next'
"""
from __future__ import annotations

import ast
import locale
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "cairn"

#: language code -> its own name, in the order Settings lists them
LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文", "zh_TW": "繁體中文"}
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class PoEntry:
    """One catalog entry: the English text, its translation and the line it starts on."""

    msgid: str
    msgstr: str
    line: int


def parse_po(text: str) -> list[PoEntry]:
    """The entries of a ``.po`` file (the header entry, ``msgid ""``, is left out).

    Understands comments, multi-line strings and the usual escapes. Plural forms are not used by
    Cairn and raise ``ValueError``, as does any line the parser does not recognise.
    """
    entries: list[PoEntry] = []
    fields: dict[str, str] = {}
    current: str | None = None
    start = 0

    def flush() -> None:
        if "msgid" in fields and fields["msgid"]:
            entries.append(PoEntry(fields["msgid"], fields.get("msgstr", ""), start))
        fields.clear()

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if current is None:
                raise ValueError(f"line {number}: a string outside any msgid/msgstr")
            fields[current] += _unquote(line, number)
            continue
        keyword, _space, rest = line.partition(" ")
        if keyword not in ("msgid", "msgstr", "msgctxt"):
            raise ValueError(f"line {number}: unexpected {keyword!r} (plural forms are not supported)")
        if keyword == "msgid":
            flush()
            start = number
        current = keyword
        fields[keyword] = _unquote(rest.strip(), number)
    flush()
    return entries


def _unquote(token: str, number: int) -> str:
    if len(token) < 2 or not (token.startswith('"') and token.endswith('"')):
        raise ValueError(f"line {number}: expected a quoted string, got {token!r}")
    return ast.literal_eval(token)


def catalog_path(language: str) -> Path:
    """Where the ``.po`` file of ``language`` lives."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_catalog(language: str) -> dict[str, str]:
    """English text -> translation for ``language`` (empty for English or an unknown language).

    Reads the app's ``cairn.po`` and every other ``.po`` beside it (a game's own screen words, e.g.
    ``prehistories.po``); an entry in ``cairn.po`` wins over the same msgid elsewhere.
    """
    path = catalog_path(language)
    if language == DEFAULT_LANGUAGE or not path.parent.is_dir():
        return {}
    catalog: dict[str, str] = {}
    for po in sorted(path.parent.glob("*.po")):
        if po != path:
            catalog.update({e.msgid: e.msgstr for e in parse_po(po.read_text(encoding="utf-8")) if e.msgstr})
    if path.exists():
        catalog.update({e.msgid: e.msgstr for e in parse_po(path.read_text(encoding="utf-8")) if e.msgstr})
    return catalog


def system_language(env: dict[str, str] | None = None) -> str:
    """The Cairn language matching the system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).

    Chinese in Taiwan, Hong Kong or Macau, or any ``Hant`` locale, gives ``zh_TW``; other Chinese
    gives ``zh_CN``; anything else gives English.
    """
    env = dict(os.environ) if env is None else env
    value = ""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            value = env[name].split(":")[0]
            break
    if not value:
        try:
            value = locale.getlocale()[0] or ""
        except ValueError:
            value = ""
    return normalize_language(value)


def normalize_language(value: str) -> str:
    """``zh-TW``, ``zh_HK.UTF-8``, ``zh_Hant`` -> ``zh_TW``; ``zh``, ``zh_SG`` -> ``zh_CN``; else ``en``."""
    code = value.replace("-", "_").split(".")[0].split("@")[0]
    lower = code.lower()
    if not lower.startswith("zh"):
        return DEFAULT_LANGUAGE
    if any(tag in lower for tag in ("_tw", "_hk", "_mo", "hant")):
        return "zh_TW"
    return "zh_CN"


class _Translator:
    """The current language and its catalog (one per process)."""

    def __init__(self) -> None:
        self.language = DEFAULT_LANGUAGE
        self.catalog: dict[str, str] = {}

    def set(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}; Cairn speaks {', '.join(LANGUAGES)}")
        self.catalog = load_catalog(language)
        self.language = language


_current = _Translator()


def set_language(language: str) -> None:
    """Switch every later ``_()`` call to ``language`` (``en``, ``zh_CN`` or ``zh_TW``)."""
    _current.set(language)


def current_language() -> str:
    """The language ``_()`` translates into."""
    return _current.language


def _(text: str) -> str:
    """``text`` in the current language; the English ``text`` itself when there is no translation."""
    return _current.catalog.get(text, text)


def tr(text: str, **values: object) -> str:
    """``_()`` then ``str.format(**values)``: ``tr("{name} is short {n} food", name="Ann", n=3)``."""
    return _(text).format(**values)


def render(template: str, params: dict[str, Any] | None = None) -> str:
    """A message from the rules (a template and its values) in the current language.

    Uses the rules' own catalogs (``companion.rules_text``, ``locale/rules/<lang>.po``): the template, each
    nested message and each game word are translated; a translation that does not fit its values falls
    back to English, never an error.
    """
    from companion import rules_text

    return rules_text.render(template, params or {}, _rules_gettext())


def message(obj: object) -> str:
    """Any player-facing message from the rules (a ``Text``, an ``IllegalMove``, a history item), translated."""
    from companion import rules_text

    return rules_text.render_message(obj, _rules_gettext())


def _rules_gettext() -> Any:
    from companion import rules_text

    try:
        return rules_text.load_catalog(_current.language)
    except (OSError, ValueError):
        return rules_text.load_catalog(rules_text.SOURCE_LANGUAGE)
