"""Every text the Prehistories screens show has a Chinese translation (zh_CN and zh_TW).

The msgids are read from the code and kv files (``_("…")``, ``tr("…")`` and ``N_("…")``); each must be
translated by the app catalog (``cairn.po``) or the Prehistories one (``prehistories.po``), keeping
its ``{placeholders}``. ``prehistories.po`` holds only msgids ``cairn.po`` does not.
"""
from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from companion.i18n import parse_po

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted([*(ROOT / "companion" / "ui" / "games" / "prehistories").glob("*.py"),
                  *(ROOT / "companion" / "viewmodels" / "prehistories").glob("*.py"),
                  *(ROOT / "kv").glob("ph_*.kv")])
#: ``_(``, ``tr(`` or ``N_(`` and its first argument: one string literal, or several side by side
CALL = re.compile(r"""(?<![\w.])(?:_|tr|N_)\(\s*((?:(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*)+)""")
LANGUAGES = ("zh_CN", "zh_TW")


def used_msgids() -> set[str]:
    """The literal texts passed to ``_``, ``tr`` or ``N_`` in the Prehistories screens."""
    found = set()
    for path in SOURCES:
        for match in CALL.finditer(path.read_text(encoding="utf-8")):
            found.add(ast.literal_eval("(" + match.group(1) + ")"))
    return found


def catalog(language: str, domain: str, context: str | None = None) -> dict[str, str]:
    """msgid -> msgstr of the entries in ``context`` (``None``: those without a ``msgctxt``)."""
    path = ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
    return {e.msgid: e.msgstr for e in parse_po(path.read_text(encoding="utf-8")) if e.msgctxt == context}


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def test_the_sources_are_found() -> None:
    ids = used_msgids()
    assert len(SOURCES) >= 15
    assert {"Play face down", "It would cover the Hunter painting.", "Yellow", "Side {n}"} <= ids


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_msgid_has_a_translation(language: str) -> None:
    merged = {**catalog(language, "cairn"), **catalog(language, "prehistories")}
    missing = sorted(m for m in used_msgids() if not merged.get(m))
    assert not missing, f"{language} lacks: {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_their_placeholders_and_are_chinese(language: str) -> None:
    for msgid, msgstr in catalog(language, "prehistories").items():
        assert fields(msgid) == fields(msgstr), msgid
        assert msgstr.format(**{f: "x" for f in fields(msgstr)})
        letters = re.sub(r"\{\w+\}|Cairn", "", msgstr)
        assert not re.search(r"[A-Za-z]{3,}", letters), f"{language}: English left in {msgstr!r}"


def test_the_prehistories_catalogs_add_to_the_app_catalog() -> None:
    english = catalog("en", "prehistories")
    for language in ("en", *LANGUAGES):
        mine, app = catalog(language, "prehistories"), catalog(language, "cairn")
        assert set(mine) == set(english), language
        assert not set(mine) & set(app), f"{language}: already in cairn.po: {sorted(set(mine) & set(app))}"
    assert all(msgid == msgstr for msgid, msgstr in english.items())


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_a_cave_square_name_is_a_shorter_name_of_an_animal(language: str) -> None:
    """A language whose animal name is too long for one square of the cave gives a shorter one in
    the ``cave square`` context (English: "Mam." for "Mammoth"), and only for a name it has."""
    from companion.viewmodels.prehistories.words import CELL_CONTEXT

    names, short = catalog(language, "prehistories"), catalog(language, "prehistories", CELL_CONTEXT)
    assert short, f"{language} has no cave-square names"
    for msgid, msgstr in short.items():
        assert msgid in names and 0 < len(msgstr) < len(names[msgid]), (language, msgid, msgstr)


def test_simplified_and_traditional_differ_where_the_script_does() -> None:
    cn, tw = catalog("zh_CN", "prehistories"), catalog("zh_TW", "prehistories")
    assert cn["Play no hunters"] == "不打出猎人" and tw["Play no hunters"] == "不打出獵人"
    assert sum(cn[m] != tw[m] for m in cn) > len(cn) // 2


def test_the_traditional_catalog_has_no_simplified_characters() -> None:
    text = "".join(catalog("zh_TW", "prehistories").values())
    simplified = set("猎块绘画伤图腾鱼猪犸选张轮区随机边这个们为后还开门问题动设没记录")
    assert not simplified & set(text), sorted(simplified & set(text))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_font_has_every_character_the_screens_show(language: str) -> None:
    from fontTools.ttLib import TTFont

    from companion.ui import fonts

    files = fonts.font_files(language)
    assert files is not None, "Noto Sans CJK is not installed (apt-get install fonts-noto-cjk)"
    cmap = TTFont(str(files[0]), lazy=True).getBestCmap()
    text = "".join(catalog(language, "prehistories").values())
    text += "".join(path.read_text(encoding="utf-8") for path in SOURCES)  # ❶ ■ ✓ ○ ★ in the code
    lacking = sorted({c for c in text if c not in "\n\t" and ord(c) not in cmap})
    assert not lacking, f"the {language} font lacks {lacking}"
