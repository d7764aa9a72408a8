"""Prehistories and 石器部落 (Stone Tribe) read in Chinese: the history lines of random legal games and the
refusals met on the way render in zh_CN and zh_TW through ``companion.rules_text``, never raise, and leave
no English but player names, numbers and what the players typed themselves.

Both games are held to the same rule: every template a line or refusal uses (nested parts included) is one
the message extractor collects and both catalogs translate, and what is shown has no Latin letters left
once the player names (and, for 石器部落, what the players typed) are taken out.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules_text import catalog_path, load_catalog, parse_po, render, render_message
from rules.errors import IllegalMove
from rules.text import Text, parts
from tools.extract_messages import collect, hidden, scan_hidden

ZH = ("zh_CN", "zh_TW")
LATIN = re.compile(r"[A-Za-z]")


@pytest.fixture(scope="module")
def catalogs() -> dict[str, dict[str, str]]:
    return {lang: parse_po(catalog_path(lang).read_text(encoding="utf-8")) for lang in ZH}


def _templates(message: Any) -> Iterator[str]:
    """Every template in a ``Text`` or ``IllegalMove``, nested params included."""
    template = getattr(message, "template", None) or getattr(message, "rule", None)
    if template is None:
        return
    yield template
    for value in (getattr(message, "params", None) or {}).values():
        yield from _templates(value)


def _shown(message: Any, lang: str, game: str | None = None) -> str:
    """``message`` as the table reads it in ``lang`` (in ``game``'s own words); the stored (JSON) form reads
    the same."""
    gettext = load_catalog(lang, game)
    shown = render_message(message, gettext)
    template, stored = parts(message)
    assert render(template, stored, gettext) == shown
    assert "{" not in shown and "}" not in shown, shown
    return shown


def _english_left(shown: str, allowed: Iterable[str]) -> str:
    """What is left of ``shown`` in Latin letters once the ``allowed`` strings (names, notes) are taken out."""
    for word in sorted(allowed, key=len, reverse=True):
        shown = shown.replace(word, "")
    return "".join(LATIN.findall(shown))


# == 石器部落 (Stone Tribe) ==============================================================================
from rules.stone_tribe import (  # noqa: E402
    RULES as TRIBE, Adjustment, CompleteDemand, DiscardDemand, EndTurn, LearnSkill, Payment, Phase as TribePhase,
    PlayChanceCard, Resources, RevealDemand, RollFateDice, Share, StartGame,
)

from .test_stone_tribe_support import drafted, negotiating, rolled  # noqa: E402
from .test_stone_tribe_text import random_game  # noqa: E402

TRIBE_MSGIDS = set(collect("stone_tribe"))
#: 石器部落's own words (and the chance cards' timing rules) are kept in its msgctxt.
TRIBE_CONTEXT = "stone-tribe\x04"
#: What players type themselves and the random games use: their names and a chance card's note.
TRIBE_TYPED = {"Ann", "Bob", "Cy", "Dee", "阿明", "Fay", "Gus", "小華", "note"}
#: Params that echo what was typed or name a command's field ("players[1]"), shown as they are.
ECHOED = ("field", "player", "value")


def _check_tribe(message: Any, catalogs: dict[str, dict[str, str]]) -> None:
    for template in _templates(message):
        key = template if template in TRIBE_MSGIDS else TRIBE_CONTEXT + template
        assert key in TRIBE_MSGIDS, f"the extractor does not see {template!r}"
        for lang in ZH:
            assert key in catalogs[lang], f"{lang}: {template!r} is not translated"
    params = getattr(message, "params", None) or {}
    echoed = {str(params[k]) for k in ECHOED if isinstance(params.get(k), str)}
    for lang in ZH:
        shown = _shown(message, lang, "stone-tribe")
        left = _english_left(shown, TRIBE_TYPED | echoed)
        assert not left, f"{lang}: English left in {shown!r} ({str(message)!r})"


@pytest.mark.parametrize("seed", range(6))
def test_stone_tribe_random_games_read_in_chinese(seed: int, catalogs: dict[str, dict[str, str]]) -> None:
    events, refusals = random_game(seed)
    assert events and refusals
    state = None
    for event in events:
        line = TRIBE.describe(state, event)
        assert isinstance(line, Text)
        _check_tribe(line, catalogs)
        state = TRIBE.evolve(state, event)
    for refusal in refusals:
        _check_tribe(refusal, catalogs)


def _refusal(state: Any, command: Any) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        TRIBE.decide(state, command)
    return caught.value


def test_stone_tribe_refusals_a_table_meets_read_in_chinese(catalogs: dict[str, dict[str, str]]) -> None:
    names = ("Ann", "Bob", "阿明", "Dee")
    before_draft = drafted(names)
    refusals = [
        _refusal(None, EndTurn()),
        _refusal(before_draft.state, StartGame(names)),
        _refusal(before_draft.state, RollFateDice((3, 4))),
        _refusal(before_draft.state, PlayChanceCard("Bob", "red")),
        _refusal(None, StartGame(("Ann",))),
        _refusal(None, StartGame(("Ann", "ann"))),
    ]
    table = rolled(drafted(names), (6, 6))
    s = table.state
    refusals += [
        _refusal(s, EndTurn()),
        _refusal(s, LearnSkill("mining", (2,))),                       # no shells yet
        _refusal(s, PlayChanceCard("Bob", "red")),                     # not Bob's turn
        _refusal(s, PlayChanceCard("Ann", "green")),                   # only in a negotiation
        _refusal(s, PlayChanceCard("Ann", "gold")),                    # only right after another card
        _refusal(s, PlayChanceCard("Ann", "red", take_control=True)),
        _refusal(s, PlayChanceCard("Ann", "red", effect=(Adjustment("Bob", lose=Resources(meat=9)),))),
        _refusal(s, PlayChanceCard("Ann", "red", effect=(Adjustment("Bob", shells=-9),))),
        _refusal(s, PlayChanceCard("Ann", "red", effect=(Adjustment("Bob", chance_cards=-9),))),
        _refusal(s, RevealDemand(Resources(), 2)),
        _refusal(TRIBE.fold(TRIBE.decide(s, DiscardDemand()), s), DiscardDemand()),  # the turn's one demand
    ]
    table = negotiating(table, Resources(wood=1, fish=2), shells=3, cards=1)
    s = table.state
    assert s.phase == TribePhase.NEGOTIATION
    refusals += [
        _refusal(s, RevealDemand(Resources(wood=1), 1)),
        _refusal(s, EndTurn()),
        _refusal(s, LearnSkill("fishing", (1,))),
        _refusal(s, CompleteDemand((Payment("Bob", Resources(wood=1, fish=2)),), (Share("Bob", 3, 1),))),
        _refusal(s, CompleteDemand((Payment("Ann", Resources(wood=1)),), (Share("Ann", 3, 1),))),
        _refusal(s, CompleteDemand((Payment("Ann", Resources(wood=1, fish=2)),), (Share("Ann", 2, 1),))),
        _refusal(s, CompleteDemand((Payment("Ann", Resources(wood=1, fish=2)),), (Share("Ann", 3, 0),))),
    ]
    for refusal in refusals:
        _check_tribe(refusal, catalogs)
    assert len({r.rule for r in refusals}) >= 15


def test_stone_tribe_words_and_skill_names_follow_the_rules_text(catalogs: dict[str, dict[str, str]]) -> None:
    """The seed's own words: 採集/挖礦/狩獵/伐木/捕魚, 貝殼, 機會卡, 需求卡, 大酋長."""
    tw, cn = catalogs["zh_TW"], catalogs["zh_CN"]
    assert [tw[TRIBE_CONTEXT + en] for zh, en in [("採集", "Gathering"), ("挖礦", "Mining"), ("狩獵", "Hunting"),
                                            ("伐木", "Logging"), ("捕魚", "Fishing")]] == \
        ["採集", "挖礦", "狩獵", "伐木", "捕魚"]
    assert [cn[TRIBE_CONTEXT + en] for zh, en in [("採集", "Gathering"), ("挖礦", "Mining"), ("狩獵", "Hunting"),
                                            ("伐木", "Logging"), ("捕魚", "Fishing")]] == \
        ["采集", "挖矿", "狩猎", "伐木", "捕鱼"]
    assert "貝殼" in tw["{count} shells"] and "贝壳" in cn["{count} shells"]
    assert "機會卡" in tw["{count} chance cards"] and "机会卡" in cn["{count} chance cards"]
    assert "需求卡" in tw["only one demand card is turned up each turn"]
    assert "大酋長" in tw["{player} wins with the most shells and becomes the great chief (大酋長)"]
    assert "大酋长" in cn["{player} wins with the most shells and becomes the great chief (大酋長)"]


# == Prehistories ========================================================================================
from rules.prehistories import RULES as PREHISTORIES  # noqa: E402
from rules.prehistories.commands import (  # noqa: E402
    EndHunt, FillZones, Hunt, Paint, PlayerSetup, PlayHunters, ZoneFill,
)
from rules.prehistories.commands import StartGame as SetUp  # noqa: E402
from rules.prehistories.data import HUNTERS, Colour, deck  # noqa: E402
from rules.prehistories.events import (  # noqa: E402
    CardsDrawn, GameStarted, ObjectiveMet, TileDiscarded, TilePainted, TileTaken, TurnOrderSet, ZonesFilled,
)
from rules.prehistories.goals import GOALS  # noqa: E402
from rules.prehistories.state import Phase, State  # noqa: E402
from rules.prehistories.tiles import TILES  # noqa: E402
from rules.prehistories.words import VOCABULARY as PREHISTORIES_WORDS  # noqa: E402
from rules.prehistories.words import goal_name, tile_name  # noqa: E402

from .test_prehistories_properties import _next_command  # noqa: E402
from .test_prehistories_support import Table  # noqa: E402

PREHISTORIES_MSGIDS = set(collect("prehistories"))
PREHISTORIES_NAMES = ("Ann", "Bob", "阿明", "Dee", "小華")

def _setup(data: st.DataObject) -> Any:
    count = data.draw(st.integers(2, 5))
    colours = data.draw(st.permutations(list(Colour)))[:count]
    chosen: list[str] = []
    for goal in data.draw(st.permutations(sorted(GOALS))):
        if len(chosen) < (4 if count < 4 else 5) and all(c[1:] != goal[1:] for c in chosen):
            chosen.append(goal)
    return SetUp(tuple(PlayerSetup(n, c) for n, c in zip(PREHISTORIES_NAMES, colours)), tuple(chosen))


def _probes(state: State) -> list[Any]:
    """Commands a player could press by mistake in ``state`` (most are refused)."""
    out: list[Any] = [SetUp((PlayerSetup("Ann", Colour.RED), PlayerSetup("Bob", Colour.BLUE)), ("A1", "A2"))]
    seated = {p.colour for p in state.players}
    out += [EndHunt(c) for c in Colour if c not in seated][:1]
    if state.phase is Phase.FILL:
        return out + [FillZones(()), FillZones((ZoneFill(99, 1),)), FillZones((ZoneFill(0, 1), ZoneFill(0, 1))),
                      FillZones((ZoneFill(0, 99),))]
    if state.phase is Phase.PLANNING:
        for p in state.players:
            cards = sorted(deck(p.colour) - p.discard)
            other = next(s for s, h in sorted(HUNTERS.items()) if h.colour is not p.colour)
            out += [PlayHunters(p.colour, (cards[0], cards[0])), PlayHunters(p.colour, (99,)),
                    PlayHunters(p.colour, (other,)), PlayHunters(p.colour, tuple(cards[:p.hand + 1])),
                    EndHunt(p.colour)]
            out += [PlayHunters(p.colour, (s,)) for s in sorted(p.discard)[:1]]
        return out
    current = state.player(state.current)
    others = [p for p in state.players if p.colour is not current.colour]
    out += [EndHunt(p.colour) for p in others[:1]]
    if state.phase is Phase.HUNTING:
        empty = [i for i, t in enumerate(state.zones) if t is None]
        full = [i for i, t in enumerate(state.zones) if t is not None]
        played = sorted(current.played)
        out += [Hunt(current.colour, 99, tuple(played[:1])), Hunt(current.colour, full[0] if full else 0, ())]
        out += [Hunt(current.colour, z, tuple(played[:1])) for z in empty[:1]]
        if played:
            out += [Hunt(current.colour, full[-1] if full else 0, (played[0], played[0]))]
        waiting = sorted(deck(current.colour) - set(played))
        out += [Hunt(current.colour, full[0] if full else 0, (waiting[0],))]
        weakest = min(played, key=lambda s: HUNTERS[s].power, default=None)
        out += [Hunt(current.colour, z, (weakest,)) for z in full if weakest is not None]
        return out
    # painting
    untaken = next(t for t in sorted(TILES) if t not in current.taken)
    out += [Paint(current.colour, untaken, 0, 0, 0)]
    for tile in sorted(current.taken)[:1]:
        out += [Paint(current.colour, tile, 0, 0, 6), Paint(current.colour, tile, 0, 9, 9),
                Paint(current.colour, tile, 0, 3, 3)]
    return out


def _play_prehistories(data: st.DataObject) -> tuple[list[tuple[Any, Any]], list[IllegalMove], Table]:
    """A random legal game (the property tests' own moves), its (state before, event) pairs and refusals."""
    table = Table()
    command = _setup(data)
    refusals: list[IllegalMove] = []
    pairs: list[tuple[Any, Any]] = []
    for _ in range(300):
        before = table.state
        for event in table.do(command):
            pairs.append((before, event))
            before = PREHISTORIES.evolve(before, event)
        if PREHISTORIES.finished(table.state):
            break
        for probe in _probes(table.state):
            try:
                PREHISTORIES.decide(table.state, probe)
            except IllegalMove as refusal:
                refusals.append(refusal)
        command = _next_command(table.state, data.draw)
    return pairs, refusals, table


def _names(table: Table) -> set[str]:
    return {p.name for p in table.state.players}


def _check_prehistories(message: Any, names: set[str], catalogs: dict[str, dict[str, str]]) -> None:
    """Every template of ``message`` is collected and translated, every plain word param is a game word
    (or a player's name), and the line reads in Chinese with nothing but the names left in Latin letters."""
    for template in _templates(message):
        assert template in PREHISTORIES_MSGIDS, f"the extractor does not see {template!r}"
        for lang in ZH:
            assert template in catalogs[lang], f"{lang}: {template!r} is not translated"
    for word in _words(message):
        if LATIN.search(word) and word not in names:
            assert word in PREHISTORIES_WORDS, f"{word!r} (in {str(message)!r}) is not in words.VOCABULARY"
    for lang in ZH:
        shown = _shown(message, lang)
        left = _english_left(shown, names)
        assert not left, f"{lang}: English left in {shown!r} ({str(message)!r})"


def _words(message: Any) -> Iterator[str]:
    """Every plain string param of ``message``, nested params included."""
    for value in (getattr(message, "params", None) or {}).values():
        if isinstance(value, Text):
            yield from _words(value)
        elif isinstance(value, str):
            yield value


PH_SETTINGS = settings(max_examples=6, deadline=None, derandomize=True,
                       suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@PH_SETTINGS
@given(st.data())
def test_prehistories_random_games_read_in_chinese(data: st.DataObject) -> None:
    catalogs = {lang: parse_po(catalog_path(lang).read_text(encoding="utf-8")) for lang in ZH}
    pairs, refusals, table = _play_prehistories(data)
    names = _names(table)
    for state, event in pairs:
        line = PREHISTORIES.describe(state, event)
        assert isinstance(line, Text)
        _check_prehistories(line, names, catalogs)
    assert refusals
    for refusal in refusals:
        _check_prehistories(refusal, names, catalogs)


def test_prehistories_refusals_met_at_the_table_cover_the_hunt_and_the_cave(
        catalogs: dict[str, dict[str, str]]) -> None:
    """Run the property tests' game with fixed choices and collect which refusals the probes met."""
    met: set[str] = set()

    @settings(max_examples=3, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def play(data: st.DataObject) -> None:
        _pairs, refusals, _table = _play_prehistories(data)
        met.update(r.rule for r in refusals)

    play()
    assert {"the game has already been set up", "each hunter card can be played only once (a speed is repeated)",
            "there is no hunter with speed {speed} (speeds are 1-60)", "send at least one hunter to hunt",
            "there is no hunting zone {zone} (zones are 0-{last})",
            "{name} has no tile {tile} to paint this round", "nobody plays {colour} in this game",
            "hunter {speed} is a {card} card; {name} plays {colour}",
            "that cannot be done now: the players are planning"} <= met
    placed = "{name} (tile {tile}), side {side} at row {row}, column {col} "
    assert any(rule.startswith(placed) for rule in met)
    for rule in met:
        assert rule in PREHISTORIES_MSGIDS
        for lang in ZH:
            assert rule in catalogs[lang]


def test_a_whole_prehistories_game_reads_in_chinese() -> None:
    left: list[str] = []
    lines = 0

    @settings(max_examples=1, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def play(data: st.DataObject) -> None:
        nonlocal lines
        pairs, _refusals, table = _play_prehistories(data)
        for state, event in pairs:
            lines += 1
            for lang in ZH:
                shown = _shown(PREHISTORIES.describe(state, event), lang)
                if _english_left(shown, _names(table)):
                    left.append(shown)

    play()
    assert lines > 20 and not left, left[:5]


def _zh(message: Any) -> str:
    return _shown(message, "zh_CN")


def test_prehistories_lines_that_carried_english_read_in_chinese() -> None:
    """The lines and refusals that once passed English words or hid their templates, one of each."""
    from rules.prehistories.cave import Placement, check_placement
    from rules.prehistories.data import BoardSide
    from rules.prehistories.events import CardsDrawn, DrawReason, GameWon, TileTaken
    from rules.prehistories.report import check_cave

    describe = PREHISTORIES.describe
    seats = (PlayerSetup("Ann", Colour.WHITE), PlayerSetup("阿明", Colour.RED))
    assert _zh(describe(None, GameStarted(seats, ("A1", "B2", "A3", "B4"), BoardSide.FEW))) == (
        "新游戏：Ann（白色）、阿明（红色）；使用 2-3 人的版图面；目标卡 太阳面 1、月亮面 2、太阳面 3、月亮面 4")
    assert _zh(describe(None, ZonesFilled((ZoneFill(0, 1), ZoneFill(3, 11), ZoneFill(4, 32))))) == (
        "第 1 轮：各狩猎区的新板块：0 号区 鱼 · 1格、3 号区 猛犸象 · 4格甲型、4 号区 传奇动物 2")
    assert _zh(describe(None, TileTaken(Colour.BLUE, 2, 16, (11,), injured=True))) == (
        "蓝色 在 2 号狩猎区猎到野牛 · 3格乙型（狩猎力 5，受了伤）")
    assert _zh(describe(None, CardsDrawn(Colour.RED, 1, 3, True, DrawReason.HUNT))) == (
        "红色 抽 1 张牌（狩猎后），先把弃牌堆洗匀放到牌堆下面；本应抽 3 张，但牌不够了")
    assert _zh(describe(None, TilePainted(Colour.GREEN, Placement(22, 1, 2, 3)))) == (
        "绿色 作画：北山羊 · 3格乙型（22 号板块）第 1 面，放在第 2 行第 3 列")
    assert _zh(describe(None, TileDiscarded(Colour.YELLOW, 30))) == "黄色 弃掉 野猪 · 4格乙型：洞穴里没有地方放得下"
    assert _zh(describe(None, ObjectiveMet(Colour.WHITE, "B7", 3, True))) == (
        "白色 +3 个图腾：目标卡 月亮面 7（画满四个角），第一个完成")
    assert _zh(describe(None, ObjectiveMet(Colour.WHITE, "column 6", 1, False))) == "白色 +1 个图腾：画满第 6 列"
    assert _zh(describe(None, GameWon(Colour.WHITE))) == "白色 放完了所有图腾，获胜！"
    assert _shown(describe(None, TurnOrderSet((), ())), "zh_TW") == "本輪沒有人狩獵"
    refusal = check_placement(Colour.YELLOW, (), Placement(7, 0, 3, 2))
    assert _shown(refusal, "zh_TW") == (
        "猛獁象 · 1格（7 號板塊）第 0 面，放在第 3 橫列、第 2 直行會蓋住第 3 橫列、第 2 直行的獵人壁畫")
    report = check_cave(Colour.YELLOW, (), (Placement(1, 0, 0, 1),))
    assert _zh(report.error) == ("第 1 块板块（共 1 块，tiles[0]）：鱼 · 1格（1 号板块）第 0 面，放在第 0 行第 1 列："
                                 "这是第一块板块，必须碰到最左边一列（第 0 列）")


def test_prehistories_tile_and_goal_names_read_as_the_data_names_them() -> None:
    """The English of a tile's or goal's name is unchanged (``Mammoth4A``, ``B7``); only its parts travel."""
    for tile, kind in TILES.items():
        name = tile_name(tile)
        assert name == kind.name and name.template in PREHISTORIES_MSGIDS
        assert all(not isinstance(v, str) or v in PREHISTORIES_WORDS for v in name.params.values())
    for goal in GOALS:
        assert goal_name(goal) == goal and goal_name(goal).template in PREHISTORIES_MSGIDS
        assert GOALS[goal].text in PREHISTORIES_WORDS


@pytest.mark.parametrize("package", ["prehistories", "stone_age", "stone_tribe"])
def test_no_game_builds_a_template_the_extractor_cannot_see(package: str) -> None:
    assert hidden(package) == []


def test_the_extractor_reports_templates_built_from_tables_variables_and_sums() -> None:
    """The ways Prehistories used to hide its templates are each reported; literals, constants, sums of
    them and a made message passed on are not."""
    source = '''
_HEAD = "{name} at {row}"
_NOT_NOW = {1: "not now"}
def f(c, reason, template, rest):
    raise IllegalMove(_NOT_NOW[c])
    Text(template, name=1)
    Text("{who} paints " + reason.template, who=1)
    Text(_HEAD + rest, name=1, row=2)
    Text("one" if c else template)
    Text(f"dynamic {c}")
    raise IllegalMove(reason.template, **reason.params)
    Text(_HEAD + " more" if c else "plain", name=1, row=2)
    Text(_NOT_NOW_TEXT.template)
'''
    assert sorted(line for line, _text in scan_hidden(source)) == [5, 6, 7, 8, 9, 10]


def test_prehistories_terms_follow_the_chinese_edition(catalogs: dict[str, dict[str, str]]) -> None:
    cn, tw = catalogs["zh_CN"], catalogs["zh_TW"]
    assert "猎人" in cn["send at least one hunter to hunt"] and "獵人" in tw["send at least one hunter to hunt"]
    assert "狩猎区" in cn["hunting zone {zone} is empty"] and "狩獵區" in tw["hunting zone {zone} is empty"]
    assert "图腾" in cn["{name} has placed every totem and wins!"]
    assert "圖騰" in tw["{name} has placed every totem and wins!"]
    assert "太阳面" in cn["there is no goal {goal} (Sun side A1-A9, Moon side B1-B9)"]
    assert "月亮面" in tw["there is no goal {goal} (Sun side A1-A9, Moon side B1-B9)"]
    assert "目标卡" in cn["set up the game first (players and goal cards)"]
    assert "史前壁畫" in tw["Prehistories is for 2-5 players, not {count}"]


def test_every_event_kind_of_both_games_has_a_translated_describer(catalogs: dict[str, dict[str, str]]) -> None:
    """No event falls back to the untranslated "{name}"/"{event}" line of an unknown event."""
    pairs: list[Any] = []

    @settings(max_examples=2, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def play(data: st.DataObject) -> None:
        pairs.extend(_play_prehistories(data)[0])

    play()
    for state, event in pairs:
        assert PREHISTORIES.describe(state, event).template != "{event}"
    events, _refusals = random_game(3)
    state = None
    for event in events:
        assert TRIBE.describe(state, event).template != "{name}"
        state = TRIBE.evolve(state, event)
