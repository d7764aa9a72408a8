"""Translations: the .po parser, the locale guess, catalog coverage of every visible string, and glyphs."""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from companion import i18n
from companion.i18n import LANGUAGES, PoEntry, catalog_path, normalize_language, parse_po, system_language

ROOT = Path(__file__).resolve().parents[1]
#: ``_(``, ``tr(`` or ``N_(`` and its first argument: one string literal, or several side by side
_CALL = re.compile(r"""(?<![\w.])(?:_|tr|N_)\(\s*((?:(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*)+)""")


def visible_strings() -> set[str]:
    """Every literal passed to ``_()``, ``tr()`` or ``N_()`` in every screen, view-model and kv file."""
    import ast

    files = [*(ROOT / "companion" / "ui").rglob("*.py"), *(ROOT / "companion" / "viewmodels").rglob("*.py"),
             *(ROOT / "kv").glob("*.kv")]
    found = set()
    for path in files:
        for m in _CALL.finditer(path.read_text(encoding="utf-8")):
            try:
                found.add(ast.literal_eval("(" + m.group(1) + ")"))
            except (ValueError, SyntaxError):  # a kv expression such as _('a' if x else 'b') is read in parts
                continue
    return found


def test_i18n_parse_po_multiline_and_escapes() -> None:
    text = '# c\nmsgid ""\nmsgstr "Language: x\\n"\n\nmsgid "a\\n"\n"b"\nmsgstr ""\n"c \\"q\\""\n'
    assert parse_po(text) == [PoEntry('a\nb', 'c "q"', 5)]


def test_i18n_parse_po_reads_a_plural_entry_by_its_first_form() -> None:
    entries = parse_po('msgid "x"\nmsgid_plural "xs"\nmsgstr[0] "X"\nmsgstr[1] "Xs"\n')
    assert [(e.msgid, e.msgstr) for e in entries] == [("x", "X")]


def test_i18n_parse_po_rejects_an_unquoted_string() -> None:
    with pytest.raises(ValueError, match="line 1: expected a keyword and one quoted string"):
        parse_po("msgid x\n")


def test_i18n_parse_po_skips_fuzzy_entries() -> None:
    """A fuzzy entry is a guess awaiting review: gettext does not use it, and neither does Cairn."""
    text = '#, fuzzy, python-brace-format\nmsgid "Next"\nmsgstr "错"\n\nmsgid "Back"\nmsgstr "返回"\n'
    assert [(e.msgid, e.msgstr) for e in parse_po(text)] == [("Back", "返回")]


def test_i18n_parse_po_keeps_an_entry_with_a_context_apart() -> None:
    text = 'msgid "Open"\nmsgstr "开放"\n\nmsgctxt "verb"\nmsgid "Open"\nmsgstr "打开"\n'
    entries = parse_po(text)
    assert [(e.msgctxt, e.msgid, e.msgstr) for e in entries] == [(None, "Open", "开放"), ("verb", "Open", "打开")]
    assert [e.key for e in entries] == ["Open", "verb\x04Open"]


@pytest.mark.parametrize("body, want", [
    (r"tab\there", "tab\there"), (r"two\nlines", "two\nlines"), (r"say \"hi\"", 'say "hi"'),
    (r"back\\slash", "back\\slash"), (r"back\\nslash", "back\\nslash"), (r"vt\vff\f", "vt\vff\f"),
])
def test_i18n_parse_po_decodes_the_escapes_gettext_writes(body: str, want: str) -> None:
    assert parse_po(f'msgid "x"\nmsgstr "{body}"\n')[0].msgstr == want


@pytest.mark.parametrize("body", [r"caf\u00e9", r"\303\251", r"\xc3\xa9", r"\N{BULLET}", r"it\'s"])
def test_i18n_parse_po_refuses_an_escape_gettext_does_not_write(body: str) -> None:
    """Python's escapes are not C's: ``\\u00e9`` is no escape in a .po file, and ``\\303\\251`` are
    bytes, not the letters Ã and ©. Refused with the line, rather than read as something else."""
    with pytest.raises(ValueError, match=r"line 2: unsupported escape"):
        parse_po(f'msgid "x"\nmsgstr "{body}"\n')


@pytest.fixture()
def tmp_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A locale folder of this test's own in place of Cairn's; English again afterwards."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    (tmp_path / "zh_CN" / "LC_MESSAGES").mkdir(parents=True)
    yield tmp_path
    i18n.set_language("en")


def test_i18n_the_app_shows_english_for_a_fuzzy_entry(tmp_locale: Path) -> None:
    (tmp_locale / "zh_CN" / "LC_MESSAGES" / "cairn.po").write_text(
        '#, fuzzy\nmsgid "Next"\nmsgstr "错"\n\nmsgid "Back"\nmsgstr "返回"\n', encoding="utf-8")
    i18n.set_language("zh_CN")
    assert (i18n._("Next"), i18n._("Back")) == ("Next", "返回")


def test_i18n_the_app_translates_by_context(tmp_locale: Path) -> None:
    (tmp_locale / "zh_CN" / "LC_MESSAGES" / "cairn.po").write_text(
        'msgid "Open"\nmsgstr "开放"\n\nmsgctxt "verb"\nmsgid "Open"\nmsgstr "打开"\n', encoding="utf-8")
    i18n.set_language("zh_CN")
    assert i18n._("Open") == "开放"
    assert i18n.pgettext("verb", "Open") == "打开"
    assert i18n.pgettext("noun", "Open") == "Open"


@pytest.mark.parametrize("value, want", [
    ("zh_CN.UTF-8", "zh_CN"), ("zh_TW.UTF-8", "zh_TW"), ("zh-HK", "zh_TW"), ("zh_Hant_TW", "zh_TW"),
    ("zh", "zh_CN"), ("zh_SG", "zh_CN"), ("en_GB.UTF-8", "en"), ("de_DE", "en"), ("C", "en"), ("", "en"),
])
def test_i18n_normalize_language(value: str, want: str) -> None:
    assert normalize_language(value) == want


def test_i18n_system_language_reads_language_before_lang() -> None:
    assert system_language({"LANGUAGE": "zh_TW:en", "LANG": "en_US.UTF-8"}) == "zh_TW"
    assert system_language({"LANG": "zh_CN.UTF-8"}) == "zh_CN"


def test_i18n_switching_language_translates_and_falls_back() -> None:
    try:
        i18n.set_language("zh_CN")
        assert i18n._("Next") == "下一步"
        assert i18n.tr("Round {n}", n=3) == "第 3 轮"
        assert i18n._("a string no catalog has") == "a string no catalog has"
        i18n.set_language("zh_TW")
        assert i18n._("Screen rotation") == "螢幕旋轉"
    finally:
        i18n.set_language("en")
    assert i18n._("Next") == "Next"


def test_i18n_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        i18n.set_language("fr")


def test_i18n_the_extractor_finds_the_strings() -> None:
    strings = visible_strings()
    assert {"Start game", "Round {n}", "{n} res.\n{k} kinds", "Not allowed: {rule}"} <= strings
    assert len(strings) > 150


@pytest.mark.parametrize("language", ["zh_CN", "zh_TW"])
def test_i18n_every_visible_string_is_translated(language: str) -> None:
    """Every screen's words, in the catalogs the app loads (cairn.po and the games' own .po files)."""
    catalog = i18n.load_catalog(language)
    missing = sorted(s for s in visible_strings() if not catalog.get(s))
    assert not missing, f"{language} lacks {missing}"


def test_i18n_game_catalogs_are_merged_with_the_app_catalog() -> None:
    merged = i18n.load_catalog("zh_CN")
    own = {e.msgid: e.msgstr for e in parse_po(catalog_path("zh_CN").read_text(encoding="utf-8"))}
    assert own.items() <= merged.items(), "cairn.po entries win"
    others = sorted(p.name for p in catalog_path("zh_CN").parent.glob("*.po") if p.name != "cairn.po")
    assert len(merged) > len(own) or not others


@pytest.mark.parametrize("language", ["en", "zh_CN", "zh_TW"])
def test_i18n_translations_keep_their_placeholders(language: str) -> None:
    fields = lambda s: sorted(f for _, f, _, _ in string.Formatter().parse(s) if f)  # noqa: E731
    for entry in parse_po(catalog_path(language).read_text(encoding="utf-8")):
        assert fields(entry.msgstr) == fields(entry.msgid), f"{language} line {entry.line}: {entry.msgid!r}"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_i18n_the_loaded_font_has_every_glyph(language: str, tmp_path: Path) -> None:
    """The font Cairn registers for a language covers every character of every catalog (no boxes)."""
    from fontTools.ttLib import TTFont

    from companion.ui import fonts

    files = fonts.font_files(language)
    assert files is not None, "Noto Sans CJK is not installed (apt-get install fonts-noto-cjk)"
    cmap = TTFont(str(files[0]), lazy=True).getBestCmap()
    text = "".join(LANGUAGES.values())
    for po in (ROOT / "locale").rglob("*.po"):  # the app's, the games' and the rules' catalogs
        text += po.read_text(encoding="utf-8")
    for rules_catalog in (ROOT / "locale" / "rules").glob("*.po"):  # refusals and history lines
        text += rules_catalog.read_text(encoding="utf-8")
    lacking = sorted({c for c in text if c not in "\n\t" and ord(c) not in cmap})
    assert not lacking, f"the {language} font lacks {lacking}"


def test_i18n_traditional_catalog_has_no_simplified_only_characters() -> None:
    text = catalog_path("zh_TW").read_text(encoding="utf-8")
    simplified = set("们个这说时对会为发后过还进钮设图动书买卖读头关开门问题电网页")
    assert not simplified & set(text)


def test_i18n_rules_messages_render_in_chinese() -> None:
    from rules.errors import IllegalMove
    from rules.text import Text

    # the line as games saved before the building tiles were called buildings hold it
    hut = Text("{who} +{points}: hut ({paid})", who="Ann", points=13,
               paid=Text("{first}, {rest}", first="wood", rest="stone"))
    refusal = IllegalMove("{space} holds at most {count} figures", space="the forest", count=7)
    try:
        i18n.set_language("zh_CN")
        assert i18n.message(hut) == "Ann +13：建筑（木头、石头）"
        assert "森林" in i18n.message(refusal) and "7" in i18n.message(refusal)
    finally:
        i18n.set_language("en")
    assert i18n.message(hut) == "Ann +13: building (wood, stone)"
