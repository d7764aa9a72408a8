"""Prehistories and 石器部落 (Stone Tribe) read in Chinese: the history lines of random legal games and the
refusals met on the way render in zh_CN and zh_TW through ``companion.rules_text``, never raise, and leave
no English but player names, numbers and what the players typed themselves.

Prehistories still builds some history lines and refusals in ways the message extractor cannot see, and
passes English words (tile names, colour and stack labels, goal texts, "fastest") as plain values. Those
lines are listed in ``PREHISTORIES_GAPS`` with the reason; every other line must read fully in Chinese,
and ``test_a_whole_prehistories_game_reads_in_chinese`` (expected to fail) turns red once they are fixed,
so the list is removed rather than left to hide new English.
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
from tools.extract_messages import collect

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


def _shown(message: Any, lang: str) -> str:
    """``message`` as the table reads it in ``lang``; the stored (JSON) form reads the same."""
    gettext = load_catalog(lang)
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
#: What players type themselves and the random games use: their names and a chance card's note.
TRIBE_TYPED = {"Ann", "Bob", "Cy", "Dee", "阿明", "Fay", "Gus", "小華", "note"}
#: Params that echo what was typed or name a command's field ("players[1]"), shown as they are.
ECHOED = ("field", "player", "value")


def _check_tribe(message: Any, catalogs: dict[str, dict[str, str]]) -> None:
    for template in _templates(message):
        assert template in TRIBE_MSGIDS, f"the extractor does not see {template!r}"
        for lang in ZH:
            assert template in catalogs[lang], f"{lang}: {template!r} is not translated"
    params = getattr(message, "params", None) or {}
    echoed = {str(params[k]) for k in ECHOED if isinstance(params.get(k), str)}
    for lang in ZH:
        shown = _shown(message, lang)
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
        _refusal(s, DiscardDemand()),
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
    assert [tw[f"{zh} {en}"] for zh, en in [("採集", "Gathering"), ("挖礦", "Mining"), ("狩獵", "Hunting"),
                                            ("伐木", "Logging"), ("捕魚", "Fishing")]] == \
        ["採集", "挖礦", "狩獵", "伐木", "捕魚"]
    assert [cn[f"{zh} {en}"] for zh, en in [("採集", "Gathering"), ("挖礦", "Mining"), ("狩獵", "Hunting"),
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

from .test_prehistories_properties import _next_command  # noqa: E402
from .test_prehistories_support import Table  # noqa: E402

PREHISTORIES_MSGIDS = set(collect("prehistories"))
PREHISTORIES_NAMES = ("Ann", "Bob", "阿明", "Dee", "小華")

#: History lines that still show English, by event, and why (each needs a change in ``rules/prehistories``).
PREHISTORIES_GAPS: dict[type, str] = {
    GameStarted: "seats are joined in English with the colour label: 'Ann (White)'",
    ZonesFilled: "tile names ('Mammoth4A') are passed as plain English values",
    TurnOrderSet: "each party is built in English: 'Ann 17 (fastest 15)'",
    CardsDrawn: "the template comes from the _DRAWN table plus += pieces: the extractor cannot see it",
    TileTaken: "the template is a local variable and the tile name is English",
    TilePainted: "the template is '{who} paints ' + a template from cave.py: the extractor cannot see it",
    TileDiscarded: "the tile name is English",
    ObjectiveMet: "the template is built from head + what + tail; goal texts are English values",
}
#: Refusals that still show English, and why.
PREHISTORIES_REFUSAL_GAPS: dict[str, str] = {
    "that cannot be done now: ": "taken from the _NOT_NOW table: the extractor cannot see it",
    "{name} (tile {tile}), side {side} at row {row}, column {col}": (
        "cave.py builds the refusal as _PLACED + rest: the extractor cannot see it; the name is English"),
    "hunter {speed} is a {card} card; {name} plays {colour}": "colour labels ('Red') are English values",
    "nobody plays {colour} in this game": "the colour label is an English value",
    "zone {zone} ({stack} tiles) needs hunters worth at least {need}; these are worth {power}": (
        "the stack label ('size-2', 'legendary') is an English value"),
    "zone {zone} is empty and the {stack} stack still holds tiles": "the stack label is an English value",
    "zone {zone} takes {stack} tiles; {name} is a {tile_stack} tile": "stack labels and tile names are English",
    "no {name} (tile {tile}) is left in the {stack} stack": "the stack label and the tile name are English",
}


def _known_refusal_gap(rule: str) -> bool:
    return any(rule.startswith(prefix) for prefix in PREHISTORIES_REFUSAL_GAPS)


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


def _check_prehistories_catalog(message: Any, catalogs: dict[str, dict[str, str]]) -> None:
    for template in _templates(message):
        if template in PREHISTORIES_MSGIDS:
            for lang in ZH:
                assert template in catalogs[lang], f"{lang}: {template!r} is not translated"


PH_SETTINGS = settings(max_examples=6, deadline=None, derandomize=True,
                       suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@PH_SETTINGS
@given(st.data())
def test_prehistories_random_games_read_in_chinese_but_for_the_listed_gaps(data: st.DataObject) -> None:
    catalogs = {lang: parse_po(catalog_path(lang).read_text(encoding="utf-8")) for lang in ZH}
    pairs, refusals, table = _play_prehistories(data)
    names = _names(table)
    for state, event in pairs:
        line = PREHISTORIES.describe(state, event)
        assert isinstance(line, Text)
        _check_prehistories_catalog(line, catalogs)
        for lang in ZH:
            left = _english_left(_shown(line, lang), names)
            if left:
                assert type(event) in PREHISTORIES_GAPS, f"{lang}: English left in {_shown(line, lang)!r}"
            elif type(event) not in PREHISTORIES_GAPS:
                assert line.template in PREHISTORIES_MSGIDS
    assert refusals
    for refusal in refusals:
        _check_prehistories_catalog(refusal, catalogs)
        for lang in ZH:
            shown = _shown(refusal, lang)
            if _english_left(shown, names):
                assert _known_refusal_gap(refusal.rule), f"{lang}: English left in {shown!r}"
            else:
                assert refusal.rule in PREHISTORIES_MSGIDS, refusal.rule


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
    clean = {rule for rule in met if rule in PREHISTORIES_MSGIDS and not _known_refusal_gap(rule)}
    assert {"the game has already been set up", "each hunter card can be played only once (a speed is repeated)",
            "there is no hunter with speed {speed} (speeds are 1-60)", "send at least one hunter to hunt",
            "there is no hunting zone {zone} (zones are 0-{last})",
            "{name} has no tile {tile} to paint this round"} <= clean
    for rule in clean:
        for lang in ZH:
            assert rule in catalogs[lang]


@pytest.mark.xfail(strict=True, reason="Prehistories still passes English values and builds templates the "
                                       "extractor cannot see (PREHISTORIES_GAPS); drop the gap lists once fixed")
def test_a_whole_prehistories_game_reads_in_chinese() -> None:
    left: list[str] = []

    @settings(max_examples=1, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def play(data: st.DataObject) -> None:
        pairs, _refusals, table = _play_prehistories(data)
        for state, event in pairs:
            shown = _shown(PREHISTORIES.describe(state, event), "zh_CN")
            if _english_left(shown, _names(table)):
                left.append(shown)

    play()
    assert not left, left[:5]


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
