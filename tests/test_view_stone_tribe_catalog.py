"""Every text the 石器部落 screens show has a Simplified and a Traditional Chinese translation."""
from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from companion.i18n import parse_po

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "companion" / "ui" / "games" / "stone_tribe").glob("*.py")) + \
    sorted((ROOT / "companion" / "viewmodels" / "stone_tribe").glob("*.py"))
KV = sorted((ROOT / "kv").glob("st_*.kv"))
#: calls whose string arguments are msgids: name -> which positional arguments
MARKERS = {"_": (0,), "tr": (0,), "N_": (0,), "plural": (1, 2)}
KV_CALL = re.compile(r"st_\(\s*'((?:[^'\\]|\\.)*)'\s*\)|st_\(\s*\"((?:[^\"\\]|\\.)*)\"\s*\)")


def msgids() -> dict[str, str]:
    """msgid -> the file it is first used in, from the Python sources and the kv files."""
    found: dict[str, str] = {}
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS:
                for i in MARKERS[node.func.id]:
                    if i < len(node.args) and isinstance(node.args[i], ast.Constant) \
                            and isinstance(node.args[i].value, str):
                        found.setdefault(node.args[i].value, path.name)
    for path in KV:
        for m in KV_CALL.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(ast.literal_eval(repr(m.group(1) or m.group(2))), path.name)
    return found


def catalog(lang: str) -> dict[str, str]:
    path = ROOT / "locale" / lang / "LC_MESSAGES" / "stone_tribe.po"
    return {e.msgid: e.msgstr for e in parse_po(path.read_text(encoding="utf-8"))}


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def test_the_screens_use_many_texts() -> None:
    assert len(msgids()) > 100, "the extractor found the screens' texts"
    assert len(SOURCES) >= 10 and len(KV) >= 7


@pytest.mark.parametrize("lang", ["zh_CN", "zh_TW"])
def test_every_msgid_is_translated(lang: str) -> None:
    table = catalog(lang)
    missing = [f"{msgid!r} ({where})" for msgid, where in msgids().items() if not table.get(msgid)]
    assert not missing, f"{lang} lacks: " + "; ".join(missing)


@pytest.mark.parametrize("lang", ["zh_CN", "zh_TW"])
def test_translations_keep_their_placeholders(lang: str) -> None:
    for msgid, msgstr in catalog(lang).items():
        if msgstr:
            assert fields(msgstr) == fields(msgid), f"{lang}: {msgid!r} -> {msgstr!r}"


def test_english_catalog_lists_every_msgid() -> None:
    english = catalog("en")
    assert set(msgids()) <= set(english)


def test_simplified_and_traditional_differ_where_the_scripts_do() -> None:
    cn, tw = catalog("zh_CN"), catalog("zh_TW")
    assert cn["Negotiation"] == "谈判" and tw["Negotiation"] == "談判"
    assert "贝壳" in cn["{n} shells"] and "貝殼" in tw["{n} shells"]
