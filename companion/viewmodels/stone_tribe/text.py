"""石器部落's screen words: its own catalog (``locale/<lang>/LC_MESSAGES/stone_tribe.po``) first, then the app's.

``_()`` looks a text up in the Stone Tribe catalog of the current language, then in the app's catalog
(``companion.i18n._``), and falls back to the English text. The game's own words (the five skills and
their resources, the chance-card colours) have fixed Chinese names at the table; ``skill_name`` and
``resource_name`` give them in the reader's script (traditional for zh_TW, simplified for zh_CN) and
as the English word alone in English (``locale/glossary.toml``).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from companion import i18n

DOMAIN = "stone_tribe"

#: skill key -> (繁體, 简体, English)
SKILL_WORDS: dict[str, tuple[str, str, str]] = {
    "gathering": ("採集", "采集", "Gathering"),
    "mining": ("挖礦", "挖矿", "Mining"),
    "hunting": ("狩獵", "狩猎", "Hunting"),
    "logging": ("伐木", "伐木", "Logging"),
    "fishing": ("捕魚", "捕鱼", "Fishing"),
}

#: resource kind -> (繁體, 简体, English)
RESOURCE_WORDS: dict[str, tuple[str, str, str]] = {
    "fruit": ("果", "果", "fruit"),
    "stone": ("石", "石", "stone"),
    "meat": ("肉", "肉", "meat"),
    "wood": ("木", "木", "wood"),
    "fish": ("魚", "鱼", "fish"),
}

#: chance-card colour -> (繁體, 简体, English)
COLOUR_WORDS: dict[str, tuple[str, str, str]] = {
    "gold": ("金色", "金色", "Gold"),
    "red": ("紅色", "红色", "Red"),
    "blue": ("藍色", "蓝色", "Blue"),
    "green": ("綠色", "绿色", "Green"),
}


def catalog_path(language: str) -> Path:
    """Where the Stone Tribe catalog of ``language`` lives."""
    return i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=None)
def load_catalog(language: str) -> dict[str, str]:
    """English text -> translation for ``language`` from the Stone Tribe catalog (empty when it has none)."""
    path = catalog_path(language)
    if not path.exists():
        return {}
    return {e.msgid: e.msgstr for e in i18n.parse_po(path.read_text(encoding="utf-8")) if e.msgstr}


def _(text: str) -> str:
    """``text`` in the current language: the Stone Tribe catalog, then the app's, then English."""
    found = load_catalog(i18n.current_language()).get(text)
    return found if found else i18n._(text)


def tr(text: str, **values: object) -> str:
    """``_()`` then ``str.format(**values)``."""
    return _(text).format(**values)


def N_(text: str) -> str:
    """Marks ``text`` for the catalogs without translating it now (it is translated where shown)."""
    return text


def _pick(words: tuple[str, str, str]) -> str:
    """The one word of the reader's language (``locale/glossary.toml``): no Chinese on an English screen."""
    lang = i18n.current_language()
    if lang == "zh_CN":
        return words[1]
    if lang == "zh_TW":
        return words[0]
    return words[2]


def skill_name(key: str) -> str:
    """A skill's name as the table says it: "Logging" in English, "伐木" in Chinese."""
    return _pick(SKILL_WORDS[key])


def resource_name(kind: str) -> str:
    """A resource's name: "fish" in English, "鱼" in zh_CN, "魚" in zh_TW."""
    return _pick(RESOURCE_WORDS[kind])


def resource_short(kind: str) -> str:
    """A resource's name for tight spaces: the one Chinese character (鱼 / 魚), or the English word."""
    return _pick(RESOURCE_WORDS[kind])


def colour_name(key: str) -> str:
    """A chance-card colour: "紅色 Red" in English, "红色" in zh_CN."""
    return _pick(COLOUR_WORDS[key])


#: The game's name in ``rules.game``: the context of its own words in the rules' catalogs.
GAME = "stone-tribe"


def message(obj: object) -> str:
    """A refusal or history line from the rules in the current language, in this game's words (石, not 石头)."""
    return i18n.message(obj, GAME)


def skill_short(key: str) -> str:
    """A skill's name for the player cards: the Chinese name in the reader's script (採集 / 采集), or the
    English word."""
    return _pick(SKILL_WORDS[key])


def plural(n: int, one: str, many: str) -> str:
    """``one`` or ``many`` (both msgids with ``{n}``) translated and filled with ``n``."""
    return tr(one if n == 1 else many, n=n)


def colour_short(key: str) -> str:
    """A chance-card colour in one word of the reader's language ("Red", "红色", "紅色")."""
    words = COLOUR_WORDS[key]
    lang = i18n.current_language()
    return words[1] if lang == "zh_CN" else words[0] if lang == "zh_TW" else words[2]


def names_list(names: "list[str] | tuple[str, ...]") -> str:
    """Player names joined the way the reader writes a list: "Ann, Bo" / "Ann、Bo"."""
    return ("、" if i18n.current_language() in ("zh_CN", "zh_TW") else ", ").join(names)
