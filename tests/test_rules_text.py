"""The rules' messages in Chinese: rendering, the .po reader, the extractor and complete catalogs."""
from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules_text import catalog_path, load_catalog, parse_po, render, render_message
from rules.errors import IllegalMove
from rules.stone_age import RULES, Area, Phase
from rules.stone_age.commands import Decline, Gather, Place, UseVillage
from rules.stone_age.random_play import play_game
from rules.stone_age.words import VOCABULARY
from rules.text import Text, parts
from tools.extract_messages import (LANGUAGES, POT_PATH, REQUIRED_PACKAGES, Message, collect, collect_all,
                                    packages, po_quote, po_text, scan_source)

#: Games whose messages must all be translated (every game Cairn ships).
REQUIRED = list(REQUIRED_PACKAGES)
ZH = ("zh_CN", "zh_TW")
LETTERS = re.compile(r"[A-Za-z]")


def _table(entries: dict[str, str]) -> Callable[[str], str]:
    return lambda s: entries.get(s, s)


def _placeholders(template: str) -> set[str]:
    return set(re.findall(r"(?<!\{)\{([^{}]*)\}", template))


@pytest.fixture(scope="module")
def catalogs() -> dict[str, dict[str, str]]:
    return {lang: parse_po(catalog_path(lang).read_text(encoding="utf-8")) for lang in ZH}


# -- render ----------------------------------------------------------------------------------------
def test_render_translates_the_template_each_nested_param_and_each_game_word() -> None:
    zh = _table({"{who} +{points}: building ({paid})": "{who} +{points}：建筑（{paid}）",
                 "{first}, {rest}": "{first}、{rest}", "wood": "木头", "brick": "砖块"})
    paid = Text("{first}, {rest}", first="wood", rest=Text("{first}, {rest}", first="brick", rest="wood"))
    line = Text("{who} +{points}: building ({paid})", who="Ann", points=10, paid=paid)
    assert line == "Ann +10: building (wood, brick, wood)"
    assert render(line.template, line.params, zh) == "Ann +10：建筑（木头、砖块、木头）"
    template, stored = parts(line)                        # the JSON form the event store keeps
    assert isinstance(stored["paid"], dict) and render(template, stored, zh) == "Ann +10：建筑（木头、砖块、木头）"


def test_render_with_no_catalog_is_the_english_text() -> None:
    same = _table({})
    for t in [Text("plain"), Text("{n} of {m}", n=1, m=Text("{x}!", x="y")), Text("{{braces}} {n}", n=2)]:
        assert render(t.template, t.params, same) == str(t)


def test_numbers_and_player_names_pass_through_unchanged() -> None:
    zh = _table({"{who} fed: {food} food": "{who} 喂食：{food} 个食物", "food": "食物"})
    assert render("{who} fed: {food} food", {"who": "Ann", "food": 3}, zh) == "Ann 喂食：3 个食物"
    assert render("{who} fed: {food} food", {"who": "食物", "food": 0}, zh) == "食物 喂食：0 个食物"


@pytest.mark.parametrize("broken", [
    "{who} 得到 {nope}",          # a placeholder the message does not have
    "{who.__class__} 得到",        # reaching into a value
    "{0} 得到",                   # positional
    "{} 得到",
    "{who 得到",                  # unbalanced brace
    "{who!x} 得到",               # bad conversion
    "{points:q} 得到",            # bad format spec for an int
])
def test_a_broken_translation_falls_back_to_the_english_template(broken: str) -> None:
    zh = _table({"{who} +{points}": broken, "wood": "木头"})
    assert render("{who} +{points}", {"who": "Ann", "points": 5}, zh) == "Ann +5"


def test_only_the_broken_level_falls_back() -> None:
    zh = _table({"{who}: {what}": "{who}：{what}", "{n} {res}": "{n} {oops}", "wood": "木头"})
    line = Text("{who}: {what}", who="Ann", what=Text("{n} {res}", n=2, res="wood"))
    assert render(line.template, line.params, zh) == "Ann：2 木头"


def test_a_message_without_params_keeps_its_braces_and_refuses_placeholders_in_translation() -> None:
    assert render("a {literal} brace", {}, _table({})) == "a {literal} brace"
    assert render("the game is over", {}, _table({"the game is over": "{who} 游戏结束"})) == "the game is over"
    assert render("the game is over", {}, _table({"the game is over": "游戏结束"})) == "游戏结束"


def test_english_that_cannot_be_filled_is_returned_unfilled_not_raised() -> None:
    assert render("{who} +{points}", {"who": "Ann"}, _table({})) == "{who} +{points}"


def test_render_message_takes_refusals_texts_history_items_and_old_rows() -> None:
    zh = _table({"you have only {count} {resource}": "你的{resource}只有 {count} 个", "wood": "木头",
                 "the game is over": "游戏已经结束了"})
    refusal = IllegalMove("you have only {count} {resource}", count=2, resource="wood")
    assert render_message(refusal, zh) == "你的木头只有 2 个"
    text = Text("you have only {count} {resource}", count=0, resource="wood")
    assert render_message(text, zh) == "你的木头只有 0 个"
    item = SimpleNamespace(text="you have only 1 wood", template="you have only {count} {resource}",
                           params={"count": 1, "resource": "wood"})
    assert render_message(item, zh) == "你的木头只有 1 个"
    old = SimpleNamespace(text="the game is over", template="", params={})
    assert render_message(old, zh) == "游戏已经结束了"
    assert render_message(SimpleNamespace(reason="the game is over", template="", params={}), zh) == "游戏已经结束了"
    assert render_message("the game is over", zh) == "游戏已经结束了"
    assert render_message(IllegalMove("the game is over"), zh) == "游戏已经结束了"


# -- the .po reader ----------------------------------------------------------------------------------
TRICKY = '\ufeff' + r'''# translator comment
#. extracted comment
#: rules/x.py:1 rules/y.py:2
msgid ""
msgstr ""
"Language: zh_CN\n"
"Plural-Forms: nplurals=1; plural=0;\n"

#, python-brace-format
msgid "{who} said "
"\"hi\"\t"
"over two lines"
msgstr ""
"{who} 说"
"\u201c你好\u201d"

msgid "back\\slash and new\nline"
msgstr "反\\斜杠\n换行"

#, fuzzy, python-brace-format
msgid "fuzzy one"
msgstr "不可靠"

msgid "untranslated"
msgstr ""

msgctxt "menu"
msgid "Open"
msgstr "打开菜单"

msgid "Open"
msgstr "打开"

msgid "one apple"
msgid_plural "{n} apples"
msgstr[0] "{n} 个苹果"

#~ msgid "obsolete"
#~ msgstr "过时"
msgid   "spaced"   
msgstr	"有空格"

msgid "a msgid with no msgstr"'''.replace("\\u201c", "\u201c").replace("\\u201d", "\u201d")


def test_the_po_reader_handles_continuations_escapes_flags_context_and_plurals() -> None:
    cat = parse_po(TRICKY.replace("\n", "\r\n"))
    assert cat['{who} said "hi"\tover two lines'] == "{who} 说\u201c你好\u201d"
    assert cat["back\\slash and new\nline"] == "反\\斜杠\n换行"
    assert cat["Open"] == "打开" and cat["menu\x04Open"] == "打开菜单"
    assert cat["one apple"] == "{n} 个苹果"
    assert cat["spaced"] == "有空格"
    for absent in ("", "fuzzy one", "untranslated", "obsolete", "a msgid with no msgstr"):
        assert absent not in cat


@pytest.mark.parametrize("bad", [
    'msgid "a"\nmsgstr "b"\n"stray" "two strings"\n',
    '"orphan"\nmsgid "a"\nmsgstr "b"\n',
    'msgid "a"\nmsgstr "unterminated\n',
    'msgid "a\\q"\nmsgstr "b"\n',
    'msgid "a"\nmsgstr "b\\"\n',
    'msgstr "b"\n',
    'msgid "a"\nmsgid "b"\nmsgstr "c"\n',
    'msgid "a"\nmsgstr "b"\nmsgid "a"\nmsgstr "c"\n',
    'msgid "a"\nmsgstr "b"\nmsgfoo "c"\n',
    'msgid "a"\nmsgstr "\\303\\251"\n',
    'msgid "a"\nmsgstr "caf\\u00e9"\n',
])
def test_the_po_reader_refuses_malformed_input(bad: str) -> None:
    with pytest.raises(ValueError, match="line"):
        parse_po(bad)


#: Any text but the control characters no message holds (the extractor refuses them).
MESSAGE_TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=[
    chr(c) for c in [*range(0x20), 0x7F] if chr(c) not in "\n\t\r\b\f\v"]), min_size=1)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(MESSAGE_TEXT, MESSAGE_TEXT, max_size=5))
def test_a_catalog_written_by_the_extractor_reads_back_the_same(translations: dict[str, str]) -> None:
    messages = [Message(m, ["x.py:1"]) for m in translations]
    assert parse_po(po_text("zh_CN", messages, translations)) == translations


@settings(max_examples=60, deadline=None)
@given(MESSAGE_TEXT)
def test_quoting_and_reading_are_inverse(text: str) -> None:
    assert parse_po(f'msgid "x"\nmsgstr {po_quote(text)}\n') == {"x": text}


@pytest.mark.parametrize("control", ["\x00", "\x07", "\x1b", "\x7f"])
def test_the_extractor_refuses_a_control_character(control: str) -> None:
    with pytest.raises(ValueError, match="control character"):
        po_quote(f"a{control}b")


def test_load_catalog_reads_the_po_file_and_english_needs_none() -> None:
    assert load_catalog("en")("wood") == "wood"
    zh = load_catalog("zh_CN")
    assert zh("wood") == "木头" and zh("Ann") == "Ann" and zh("") == ""
    assert load_catalog("zh_TW")("wood") == "木頭"
    with pytest.raises(FileNotFoundError):
        load_catalog("xx_XX")


# -- the extractor -------------------------------------------------------------------------------------
def test_the_extractor_finds_literals_conditionals_constants_and_sums() -> None:
    source = '''
from ..errors import IllegalMove
from .. import errors
_HEAD = "{name} at {row}"
def f(c):
    raise IllegalMove("plain")
    raise errors.IllegalMove("one" if c else "two", n=1)
    return Text(_HEAD + ", more", name=1, row=2)
    return Text(f"dynamic {c}")
    return Text(c.template)
'''
    assert [t for t, _ in scan_source(source)] == ["plain", "one", "two", "{name} at {row}, more"]


def test_the_extractor_covers_every_game_and_its_vocabulary() -> None:
    assert {"stone_age", "prehistories", "stone_tribe"} <= set(packages())
    stone_age = collect("stone_age")
    assert "{space} holds at most {count} figures" in stone_age and "the forest" in stone_age
    assert stone_age["wood"].references == ["rules/stone_age/words.py:VOCABULARY"]
    refs = stone_age["place at least one figure"].references
    assert any(ref.startswith("rules/stone_age/turns.py:") for ref in refs)


def _message_calls(path: Path) -> Iterator[ast.Call]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and node.args:
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name in ("IllegalMove", "Text"):
                yield node


@pytest.mark.parametrize("package", REQUIRED)
def test_no_message_is_built_where_the_extractor_cannot_see_it(package: str) -> None:
    root = Path(__file__).resolve().parents[1]
    for path in sorted((root / "rules" / package).glob("*.py")):
        for call in _message_calls(path):
            first = call.args[0]
            built = isinstance(first, ast.JoinedStr) or (
                isinstance(first, ast.Call) and getattr(first.func, "attr", "") == "format")
            assert not built, f"{path.name}:{call.lineno}: a message template must be a literal, not built"


@pytest.mark.parametrize("package", REQUIRED)
@pytest.mark.parametrize("lang", ZH)
def test_every_message_of_a_required_game_is_translated(package: str, lang: str,
                                                        catalogs: dict[str, dict[str, str]]) -> None:
    missing = [msgid for msgid in collect(package) if msgid not in catalogs[lang]]
    assert not missing, f"{lang}.po lacks {len(missing)} {package} messages: {missing[:5]}"


@pytest.mark.parametrize("lang", ZH)
def test_translations_keep_exactly_the_placeholders(lang: str, catalogs: dict[str, dict[str, str]]) -> None:
    wrong = {m: t for m, t in catalogs[lang].items() if _placeholders(m) != _placeholders(t)}
    assert not wrong


@pytest.mark.parametrize("package", REQUIRED)
def test_the_pot_file_lists_every_message_of_a_required_game(package: str) -> None:
    pot = parse_po(POT_PATH.read_text(encoding="utf-8").replace('msgstr ""', 'msgstr "x"'))
    assert not [msgid for msgid in collect(package) if msgid not in pot]


def test_the_languages_the_extractor_keeps_are_the_chinese_ones() -> None:
    assert tuple(LANGUAGES) == ZH
    assert set(REQUIRED) == {"stone_age", "prehistories", "stone_tribe"} == set(packages())
    assert collect_all(REQUIRED).keys() == {m for p in REQUIRED for m in collect(p)}


@pytest.mark.parametrize("package", ["prehistories", "stone_tribe"])
def test_the_new_games_messages_are_collected_with_their_references(package: str) -> None:
    messages = collect(package)
    assert messages and all(m.references for m in messages.values())
    assert all(ref.startswith(f"rules/{package}/") for m in messages.values() for ref in m.references)


def test_the_msgids_shared_between_games_are_the_known_ones() -> None:
    """A msgid two games use is translated once, so a new one must read right in both games.

    石器部落's words are its own entries (msgctxt "stone-tribe"): its "gold" is a card colour (金色), not
    Stone Age's resource (金子), and its wood and stone are 木 and 石, not 木头 and 石头. A count of a
    resource ("{count} {resource}": 2 木, 4 木头) reads the same in both.
    """
    shared = set(collect("stone_tribe")) & set(collect("stone_age"))
    assert shared == {"nothing", "the game is over", "{first}, {rest}", "+{count} {resource}", "{count} {resource}"}
    tribe = collect("stone_tribe")
    assert {tribe[f"stone-tribe\x04{w}"].msgctxt for w in ("wood", "stone", "gold")} == {"stone-tribe"}
    prehistoric = set(collect("prehistories")) & (set(collect("stone_tribe")) | set(collect("stone_age")))
    assert prehistoric == {"the game is over", "{event}"}


# -- whole games ------------------------------------------------------------------------------------
def _walk(value: Any) -> Iterator[tuple[str, Any]]:
    """("template", t) for every message and ("word", s) for every string param, recursively."""
    if isinstance(value, Text):
        yield "template", value.template
        for v in value.params.values():
            yield from _walk(v)
    elif isinstance(value, IllegalMove):
        yield "template", value.rule
        for v in value.params.values():
            yield from _walk(v)
    elif isinstance(value, str):
        yield "word", value


def _check_translated(message: Any, names: set[str], catalogs: dict[str, dict[str, str]]) -> None:
    for kind, s in _walk(message):
        if kind == "word" and (s in names or not LETTERS.search(s)):
            continue
        for lang in ZH:
            assert s in catalogs[lang], f"{lang}: {kind} {s!r} (in {str(message)!r}) is not translated"
    for lang in ZH:
        shown = render_message(message, load_catalog(lang))
        assert "{" not in shown
        for name in sorted(names, key=len, reverse=True):
            shown = shown.replace(name, "")
        assert not LETTERS.search(shown), f"{lang}: English left in {shown!r}"


_VOCAB = set(VOCABULARY)


@pytest.mark.parametrize("seed, players", [(1, 2), (2, 3), (3, 4), (11, 2), (12, 3), (13, 4)])
def test_every_history_line_of_a_random_game_is_translated(seed: int, players: int,
                                                           catalogs: dict[str, dict[str, str]]) -> None:
    game = play_game(seed, players)
    names = {p.name for p in game.state.players}
    state = None
    for event in game.events:
        line = RULES.describe(state, event)
        assert isinstance(line, Text)
        _check_translated(line, names, catalogs)
        template, stored = parts(line)
        for lang in ZH:
            assert render(template, stored, load_catalog(lang)) == render_message(line, load_catalog(lang))
        state = RULES.evolve(state, event)


@pytest.mark.parametrize("seed", [5, 6])
def test_refusals_met_in_a_random_game_are_translated(seed: int, catalogs: dict[str, dict[str, str]]) -> None:
    game = play_game(seed, 2 + seed % 3)
    names = {p.name for p in game.state.players}
    rng = random.Random(seed)
    state = None
    seen = 0
    for i, event in enumerate(game.events):
        state = RULES.evolve(state, event)
        if i % 5 or state.phase is Phase.OVER:
            continue
        seat = state.current
        tries = [Place(seat, a, f, s) for a in Area for f in (0, 1, 2, 8) for s in (0, 1, 5)]
        tries += [Gather(seat, a, (rng.randint(1, 6),)) for a in Area] + [UseVillage(seat, a) for a in Area]
        tries += [Decline(seat, a, 1) for a in Area] + [Place((seat + 1) % state.player_count, Area.FOREST)]
        for command in tries:
            try:
                RULES.decide(state, command)
            except IllegalMove as refusal:
                seen += 1
                _check_translated(refusal, names, catalogs)
    assert seen > 100


def test_every_game_word_is_translated(catalogs: dict[str, dict[str, str]]) -> None:
    for lang in ZH:
        assert not [w for w in _VOCAB if w not in catalogs[lang]]


def test_a_stored_and_resumed_stone_age_history_reads_in_chinese(tmp_path: Path) -> None:
    from companion.session import GameSession
    from companion.store import GameStore

    game = play_game(31, 3, stop=lambda s: s.round == 2)
    with GameStore(tmp_path / "games.sqlite3") as store:
        live = GameSession.new(store, RULES, game.commands[0])
        for command in game.commands[1:]:
            live.dispatch(command)
        resumed = GameSession.resume(store, live.game_id, RULES)
        zh = load_catalog("zh_CN")
        lines = [(item.text, render_message(item, zh)) for item in resumed.history() if item.template]
        assert [e for e, _ in lines] == [item.text for item in live.history() if item.template]
        assert [z for _, z in lines] == [render_message(item, zh) for item in live.history() if item.template]
    names = {"Ann", "Ben", "Cai"}
    for english, chinese in lines:
        for name in names:
            chinese = chinese.replace(name, "")
        assert not LETTERS.search(chinese), (english, chinese)
    assert any("：建筑（" in z or "喂食" in z for _, z in lines)
