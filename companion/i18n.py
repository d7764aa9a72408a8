"""Translations: gettext catalogs read straight from ``locale/<lang>/LC_MESSAGES/*.po``.

One loader for every catalog of Cairn (the screens' here, the rules' in ``companion.rules_text``):
``companion.po.read_po`` reads a ``.po`` file with polib, as gettext's own tools write it. No compiled ``.mo``
files are kept. ``_()`` translates with the current language and falls back to the English text for
anything a catalog lacks (or marks fuzzy), so a missing entry shows English, never an error;
``pgettext()`` looks up a word in one context (``msgctxt``).

>>> set_language("en"); _("Next")
'Next'
"""
from __future__ import annotations

import locale
import os
from pathlib import Path
from typing import Any

from companion import rules_text
from companion.po import CONTEXT_SEPARATOR, PoEntry, parse_po, read_po

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "cairn"

#: language code -> its own name, in the order Settings lists them
LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文", "zh_TW": "繁體中文"}
DEFAULT_LANGUAGE = "en"

#: the ``.po`` reader's names, kept here for callers that read a catalog themselves
__all__ = ["CONTEXT_SEPARATOR", "PoEntry", "parse_po", "read_po"]


def catalog_path(language: str) -> Path:
    """Where the ``.po`` file of ``language`` lives."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_catalog(language: str) -> dict[str, str]:
    """Catalog key (``PoEntry.key``) -> translation for ``language`` (empty for an unknown one).

    Reads the app's ``cairn.po`` and every other ``.po`` beside it (a game's own screen words, e.g.
    ``prehistories.po``); an entry in ``cairn.po`` wins over the same key elsewhere. English has
    catalogs too: most entries repeat the source text, but a context may say it shorter (an animal's
    name in one square of a Prehistories cave: ``msgctxt "cave square"``).
    """
    path = catalog_path(language)
    if not path.parent.is_dir():
        return {}
    catalog: dict[str, str] = {}
    for po in sorted(path.parent.glob("*.po")):
        if po != path:
            catalog.update({e.key: e.msgstr for e in read_po(po) if e.msgstr})
    if path.exists():
        catalog.update({e.key: e.msgstr for e in read_po(path) if e.msgstr})
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


def pgettext(context: str, text: str) -> str:
    """``text`` as the current language says it in ``context`` (a ``msgctxt``); else the English ``text``."""
    return _current.catalog.get(f"{context}{CONTEXT_SEPARATOR}{text}", text)


def tr(text: str, **values: object) -> str:
    """``_()`` then ``str.format(**values)``: ``tr("{name} is short {n} food", name="Ann", n=3)``."""
    return _(text).format(**values)


def render(template: str, params: dict[str, Any] | None = None, game: str | None = None) -> str:
    """A message from the rules (a template and its values) in the current language.

    Uses the rules' own catalogs (``companion.rules_text``, ``locale/rules/<lang>.po``): the template, each
    nested message and each game word are translated, in ``game``'s own words when it is given (its
    name in ``rules.game``); a translation that does not fit its values falls back to English, never an error.
    """
    return rules_text.render(template, params or {}, _rules_gettext(game))


def message(obj: object, game: str | None = None) -> str:
    """Any player-facing message from the rules (a ``Text``, an ``IllegalMove``, a history item), translated
    (in ``game``'s own words when given: 石器部落's refusals say 石, Stone Age's 石头)."""
    return rules_text.render_message(obj, _rules_gettext(game))


def _rules_gettext(game: str | None = None) -> Any:
    try:
        return rules_text.load_catalog(_current.language, game)
    except (OSError, ValueError):
        return rules_text.load_catalog(rules_text.SOURCE_LANGUAGE)
