"""Translations: gettext catalogs read straight from ``locale/<lang>/LC_MESSAGES/*.po``.

One loader for every catalog of Cairn (the screens' here, the rules' in ``companion.rules_text``):
``read_po`` reads a ``.po`` file with polib, as gettext's own tools write it. No compiled ``.mo``
files are kept. ``_()`` translates with the current language and falls back to the English text for
anything a catalog lacks (or marks fuzzy), so a missing entry shows English, never an error;
``pgettext()`` looks up a word in one context (``msgctxt``).

>>> set_language("en"); _("Next")
'Next'
"""
from __future__ import annotations

import locale
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polib

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "cairn"

#: language code -> its own name, in the order Settings lists them
LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文", "zh_TW": "繁體中文"}
DEFAULT_LANGUAGE = "en"

#: gettext's key for a msgid in a context (``msgctxt``), as in compiled ``.mo`` files
CONTEXT_SEPARATOR = "\x04"


@dataclass(frozen=True)
class PoEntry:
    """One catalog entry: the English text, its translation, the line it starts on and its context."""

    msgid: str
    msgstr: str
    line: int
    msgctxt: str | None = None

    @property
    def key(self) -> str:
        """The catalog key: the msgid, or ``"<msgctxt>\\x04<msgid>"`` for an entry with a context."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}{CONTEXT_SEPARATOR}{self.msgid}"


# What polib is given must be well formed: it reads an unterminated string or an unknown escape
# without a word. Each string line is a keyword (or nothing) and one quoted string, whose escapes
# are those gettext's tools write and polib decodes.
_STRING_LINE = re.compile(r'(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"((?:[^"\\]|\\.)*)"')
_ESCAPES = frozenset('ntrvbf"\\')
_POLIB_ERROR = re.compile(r"\(line (\d+)\)(.*)")


def _check_lines(text: str, where: str) -> None:
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _STRING_LINE.fullmatch(line)
        if m is None:
            raise ValueError(f"{where} line {number}: expected a keyword and one quoted string, got {line!r}")
        for escape in re.finditer(r"\\(.)", m.group(1)):
            if escape.group(1) not in _ESCAPES:
                raise ValueError(f"{where} line {number}: unsupported escape \\{escape.group(1)} "
                                 "(write the character itself)")


def read_po(path: Path, *, where: str | None = None) -> list[PoEntry]:
    """The entries of the ``.po`` file at ``path`` that count as translated or to be translated.

    Left out: the header (``msgid ""``), entries marked ``#, fuzzy`` and obsolete ``#~`` entries.
    A plural entry gives its first form. Escapes are decoded as gettext's tools write them
    (``\\n \\t \\r \\v \\b \\f \\" \\\\``). Raises ``ValueError`` naming the file (or ``where``)
    and the line of anything malformed: an unterminated string, an unknown escape, a stray line,
    the same msgid twice in one context.
    """
    name = where or str(path)
    _check_lines(path.read_text(encoding="utf-8-sig"), name)
    try:
        catalog = polib.pofile(str(path), encoding="utf-8-sig")
    except (OSError, ValueError) as exc:
        m = _POLIB_ERROR.search(str(exc))
        detail = f" line {m.group(1)}:{m.group(2) or ' a syntax error'}" if m else f": {exc}"
        raise ValueError(f"{name}{detail}") from None
    entries: list[PoEntry] = []
    seen: dict[str, int] = {}
    for item in catalog:
        if not item.msgid or item.obsolete or item.fuzzy:
            continue
        msgstr = item.msgstr_plural.get(0, "") if item.msgid_plural else item.msgstr
        entry = PoEntry(item.msgid, msgstr, max(item.linenum, 1), item.msgctxt)
        if entry.key in seen:
            raise ValueError(f"{name} line {entry.line}: {entry.msgid!r} is in the catalog twice "
                             f"(first at line {seen[entry.key]})")
        seen[entry.key] = entry.line
        entries.append(entry)
    return entries


def parse_po(text: str) -> list[PoEntry]:
    """``read_po`` for the text of a ``.po`` file (errors name the line as ``<text> line N``)."""
    with tempfile.TemporaryDirectory(prefix="cairn-po-") as tmp:
        path = Path(tmp) / "catalog.po"
        path.write_text(text, encoding="utf-8")
        return read_po(path, where="<text>")


def catalog_path(language: str) -> Path:
    """Where the ``.po`` file of ``language`` lives."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_catalog(language: str) -> dict[str, str]:
    """Catalog key (``PoEntry.key``) -> translation for ``language`` (empty for English or an unknown one).

    Reads the app's ``cairn.po`` and every other ``.po`` beside it (a game's own screen words, e.g.
    ``prehistories.po``); an entry in ``cairn.po`` wins over the same key elsewhere.
    """
    path = catalog_path(language)
    if language == DEFAULT_LANGUAGE or not path.parent.is_dir():
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
    from companion import rules_text

    return rules_text.render(template, params or {}, _rules_gettext(game))


def message(obj: object, game: str | None = None) -> str:
    """Any player-facing message from the rules (a ``Text``, an ``IllegalMove``, a history item), translated
    (in ``game``'s own words when given: 石器部落's refusals say 石, Stone Age's 石头)."""
    from companion import rules_text

    return rules_text.render_message(obj, _rules_gettext(game))


def _rules_gettext(game: str | None = None) -> Any:
    from companion import rules_text

    try:
        return rules_text.load_catalog(_current.language, game)
    except (OSError, ValueError):
        return rules_text.load_catalog(rules_text.SOURCE_LANGUAGE)
