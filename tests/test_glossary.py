"""One word per thing, in each language: ``locale/glossary.toml`` against every catalog and word table.

For each glossary term, every catalog entry whose English text names the thing (the term's ``match``)
uses the term's one word in each translation and none of its forbidden variants; the English side
uses none of the English variants; and the screens' own word tables (石器部落's skills and resources)
hold the glossary's words, the English one alone on the English screen.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from companion import i18n
from companion.i18n import parse_po

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = tomllib.loads((ROOT / "locale" / "glossary.toml").read_text(encoding="utf-8"))["term"]
CHINESE = ("zh_CN", "zh_TW")
_FIELD = re.compile(r"\{[^{}]*\}")


def catalogs(language: str) -> list[Path]:
    """The app's and games' catalogs of ``language`` and the rules' catalog."""
    return sorted((ROOT / "locale" / language).rglob("*.po")) + sorted((ROOT / "locale" / "rules").glob(f"{language}.po"))


def entries(language: str) -> list[tuple[str, str, str]]:
    """(where, English, translation) of every translated entry of ``language``."""
    out = []
    for path in catalogs(language):
        for e in parse_po(path.read_text(encoding="utf-8")):
            if e.msgid and e.msgstr:
                out.append((f"{path.relative_to(ROOT)}:{e.line}", e.msgid, e.msgstr))
    return out


def matches(term: dict, english: str) -> bool:
    return "match" in term and re.search(term["match"], _FIELD.sub("", english), re.IGNORECASE) is not None


def problems(language: str, rows: list[tuple[str, str, str]]) -> list[str]:
    """Entries that name a glossary thing with another word (or without the term's word)."""
    found = []
    for where, english, text in rows:
        named = {tid for tid, term in GLOSSARY.items() if matches(term, english)}
        words_here = {GLOSSARY[t][language] for t in named}
        for tid in sorted(named):
            term = GLOSSARY[tid]
            accepted = [term[language], *term.get(f"also_{language}", [])]
            if not any(w in text for w in accepted):
                found.append(f"{where}: {english!r} -> {text!r} lacks {term[language]!r} ({tid})")
            for bad in term.get(f"forbid_{language}", []):
                if bad in text and bad not in words_here:
                    found.append(f"{where}: {english!r} -> {text!r} says {bad!r}, not {term[language]!r} ({tid})")
    return found


@pytest.mark.parametrize("language", CHINESE)
def test_glossary_every_catalog_uses_the_one_word(language: str) -> None:
    found = problems(language, entries(language))
    assert not found, f"{len(found)} entries:\n" + "\n".join(found)


def test_glossary_checker_catches_a_second_word() -> None:
    rows = [("x", "Tool maker", "工匠"), ("y", "{space} is taken this round", "{space}这回合已经有人占了"),
            ("z", "Round {round}: {player}'s turn", "第 {round} 轮：{player} 的回合"), ("w", "One-use tool {n}", "卡牌 {n}")]
    found = problems("zh_CN", rows)
    assert [f.split(":")[0] for f in found] == ["x", "x", "y", "y", "w", "w"], found


def test_glossary_english_uses_no_variant() -> None:
    bad = []
    for language in ("en", *CHINESE):
        for path in catalogs(language):
            text = path.read_text(encoding="utf-8").lower()
            bad += [f"{path.name}: {v!r}" for t in GLOSSARY.values() for v in t.get("forbid_en", []) if v in text]
    from companion.rules_text import superseded

    for path in [*(ROOT / "rules").glob("*/words.py"), *(ROOT / "companion" / "viewmodels").rglob("*text*.py"),
                 *(ROOT / "companion" / "viewmodels").rglob("*words*.py")]:
        text = path.read_text(encoding="utf-8")
        for old in superseded():  # the wording games saved by earlier versions hold, kept to read them
            text = text.replace(f'"{old}"', "")
        text = text.lower()
        bad += [f"{path.name}: {v!r}" for t in GLOSSARY.values() for v in t.get("forbid_en", []) if v in text]
    assert not bad


def test_glossary_the_word_tables_hold_the_glossary_words() -> None:
    """石器部落's skill and resource tables (繁體, 简体, English) are the glossary's words."""
    from companion.viewmodels.stone_tribe import text as st

    tables = {"stone_tribe.resource": st.RESOURCE_WORDS, "stone_tribe.skill": st.SKILL_WORDS}
    checked = 0
    for tid, term in GLOSSARY.items():
        if "table" not in term:
            continue
        table, key = term["table"].rsplit(".", 1)
        assert tables[table][key] == (term["zh_TW"], term["zh_CN"], term["en"]), tid
        checked += 1
    assert checked == 10


@pytest.mark.parametrize("language", ["en", *CHINESE])
def test_glossary_stone_tribe_screens_say_one_language(language: str) -> None:
    """The English screens of 石器部落 say "fish" and "Logging", not 魚 or 伐木; the Chinese ones the Chinese word."""
    from companion.viewmodels.stone_tribe import text as st

    i18n.set_language(language)
    try:
        for tid, term in GLOSSARY.items():
            if "table" not in term:
                continue
            kind, key = term["table"].rsplit(".", 2)[1:]
            shown = [st.resource_name(key), st.resource_short(key)] if kind == "resource" else \
                [st.skill_name(key), st.skill_short(key)]
            assert shown == [term[language]] * 2, (tid, shown)
        for key, words in st.COLOUR_WORDS.items():
            assert st.colour_name(key) == {"en": words[2], "zh_CN": words[1], "zh_TW": words[0]}[language]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", CHINESE)
def test_glossary_the_rules_vocabulary_says_the_table_words(language: str) -> None:
    """石器部落's skills and resources travel in the rules' messages by their English name; the rules' catalog
    turns each, in the game's context, into the glossary's one word (伐木, 石), and no vocabulary entry is
    bilingual ("伐木 Logging")."""
    from rules.stone_tribe.words import VOCABULARY

    rules = {e.key: e.msgstr for e in parse_po((ROOT / "locale" / "rules" / f"{language}.po").read_text(encoding="utf-8"))}
    for tid, term in GLOSSARY.items():
        if term.get("table", "").startswith("stone_tribe."):
            assert term["en"].lower() in {w.lower() for w in VOCABULARY}, tid
            assert rules[f"{term['game']}{i18n.CONTEXT_SEPARATOR}{term['en']}"] == term[language], tid
    assert not [w for w in VOCABULARY if re.search(r"[\u4e00-\u9fff]", w) and re.search(r"[A-Za-z]", w)]


def _game_refusals() -> dict[str, list[object]]:
    """Refusals the rules of each game give for a resource the player lacks (stone, then wood)."""
    from rules.errors import IllegalMove
    from rules.stone_age import Resource
    from rules.stone_age.actions import check_has
    from rules.stone_tribe import RULES as TRIBE, CompleteDemand, Payment, Resources, Share

    from .test_stone_age_support import new_table
    from .test_stone_tribe_support import drafted, negotiating, rolled

    def refused(call: object, *args: object) -> IllegalMove:
        with pytest.raises(IllegalMove) as caught:
            call(*args)  # type: ignore[operator]
        return caught.value

    ann = new_table(2).s.players[0]
    table = negotiating(rolled(drafted(("Ann", "Bob", "Cy")), (6, 6)), Resources(wood=1, stone=2), shells=3)
    tribe = [refused(TRIBE.decide, table.state, CompleteDemand((Payment("Ann", Resources(**{kind: 1})),),
                                                              (Share("Ann", 3, 0),))) for kind in ("stone", "wood")]
    return {"stone-age": [refused(check_has, ann, (r,)) for r in (Resource.STONE, Resource.WOOD)],
            "stone-tribe": tribe}


@pytest.mark.parametrize("language", ["en", *CHINESE])
def test_glossary_each_games_refusals_say_its_own_words(language: str) -> None:
    """A refusal naming stone or wood says 石/木 in 石器部落 (its screens' words) and 石头/木头 in Stone Age,
    on every path the table sees it: the app's banner (``i18n.message`` with the session's game) and
    石器部落's own screens (``stone_tribe_text.message``)."""
    from companion.viewmodels.stone_tribe import text as st

    words = {(t["game"], t["en"]): t[language] for t in GLOSSARY.values() if "game" in t}
    i18n.set_language(language)
    try:
        for game, refusals in _game_refusals().items():
            for refusal, thing in zip(refusals, ("stone", "wood")):
                shown = [i18n.message(refusal, game)] + ([st.message(refusal)] if game == st.GAME else [])
                own = words[(game, thing)]
                others = {w for (g, t), w in words.items() if t == thing and g != game and w not in own}
                for text in shown:
                    assert own in text and not any(w in text for w in others), (game, language, text)
    finally:
        i18n.set_language("en")
