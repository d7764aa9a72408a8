"""Window-free screen logic for Stone Age: panels, spaces, actions, dice, feeding, build, scoring, history."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion import i18n
from companion.viewmodels.stone_age import build as bvm
from companion.viewmodels.stone_age import dice as dvm
from companion.viewmodels.stone_age import feeding as fvm
from companion.viewmodels import history as hvm
from companion.viewmodels.stone_age import scoring as svm
from companion.viewmodels import stone_age as vm
from companion.viewmodels.home import NewGameForm, ago, game_line
from rules.stone_age import HUT_BY_ID, HUTS, Area, Gather, HutKind, NewGame, Phase, Place, Resource, Seat
from rules.stone_age.decide import decide
from rules.stone_age.evolve import evolve
from rules.stone_age.random_play import play_game


@pytest.fixture(autouse=True)
def _english() -> None:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def start(players: int = 3, start_player: int = 0):
    seats = tuple(Seat(n, c) for n, c in zip(("Ann", "Bo", "Cy", "Di"), ("red", "blue", "green", "yellow")))[:players]
    state = None
    for e in decide(None, NewGame(seats, start_player)):
        state = evolve(state, e)
    return state


def apply(state, command):
    for e in decide(state, command):
        state = evolve(state, e)
    return state


def test_view_panel_shows_books_and_whose_turn() -> None:
    s = start(start_player=1)
    p = vm.panel(s, 1)
    assert (p.name, p.score, p.food, p.people, p.agriculture) == ("Bo", 0, 12, 5, 0)
    assert p.is_current and p.is_start and p.figures_home == 5
    assert p.tools == ((0, False), (0, False), (0, False))
    assert not vm.panel(s, 0).is_current
    assert vm.status_line(s) == "Round 1  ·  Placing figures  ·  Start: Bo"
    assert vm.prompt(s) == "Bo: place figures (5 at home)"


def test_view_spaces_follow_the_placement_rules() -> None:
    s = start(players=2)
    spaces = {(v.area, v.slot): v for v in vm.spaces(s)}
    assert len(spaces) == 8 + 2 + 4  # 2 players: 2 building stacks
    assert spaces[(Area.FOREST, 0)].most == 5 and spaces[(Area.HUT, 0)].exact == 2
    s = apply(s, Place(0, Area.FOREST, 3))
    spaces = {(v.area, v.slot): v for v in vm.spaces(s)}
    assert spaces[(Area.FOREST, 0)].most == 0, "2 players: one player per resource area"
    assert spaces[(Area.FOREST, 0)].on_it == "Ann 3"


def test_view_actions_list_the_current_players_spaces() -> None:
    s = start(players=2)
    for cmd in (Place(0, Area.FOREST, 4), Place(1, Area.HUNTING, 5), Place(0, Area.BUILDING, 1, 1)):
        s = apply(s, cmd)
    assert s.phase is Phase.ACTIONS
    acts = vm.actions(s)
    assert [(a.kind, a.label, a.can_decline) for a in acts] == [
        ("gather", "Forest: roll 4 dice", False), ("build", "Building 1: build", True)]


def test_view_gather_result_and_tool_advice() -> None:
    player = replace(start().players[0], tools=(2, 1), tools_used=(False, False), one_use_tools=(3,))
    view = dvm.gather_view(Area.FOREST, (4, 4, 3), player, (), ())
    assert (view.total, view.result, view.what) == (11, 3, "wood")
    assert view.result_text == "11 ÷ 3 → 3 Wood"
    assert view.advice_text == "Tools: add 1 → 4"
    with_tools = dvm.gather_view(Area.FOREST, (4, 4, 3), player, (1,), ())
    assert (with_tools.added, with_tools.result, with_tools.result_text) == (1, 4, "(11 + 1) ÷ 3 → 4 Wood")
    hunting = dvm.gather_view(Area.HUNTING, (6, 5), replace(player, tools=(), tools_used=(), one_use_tools=()), (), ())
    assert hunting.result_text == "11 ÷ 2 → 5 Food"
    assert hunting.advice_text == "Tools: none needed (no tool reaches the next result)."


def test_view_dice_for_all_and_roll_cards() -> None:
    assert [dvm.die_reward(v) for v in range(1, 7)] == ["Wood", "Brick", "Stone", "Gold", "Tool", "Agriculture"]
    assert dvm.roll_card_view("gold", (6, 5)) == "11 ÷ 6 → 1 Gold"


def test_view_feeding_reads_a_line_per_player_and_the_short_one_chooses() -> None:
    s = start()
    ann = replace(s.players[0], food=2, wood=1, brick=2, gold=1, agriculture=1)
    bo = replace(s.players[1], food=1)
    s = replace(s, players=(ann, bo, s.players[2]), phase=Phase.FEED, fed=(False,) * 3, current=0)
    rows = fvm.feed_rows(s)
    assert rows[0].line == "Ann: fields +1, eats all 3 food: 2 short"
    assert rows[0].choosing and rows[0].can_pay and rows[0].short == 2
    assert rows[1].short == 4 and not rows[1].can_pay and not rows[1].choosing, "too few resources: only −10"
    assert rows[2].line == "Cy: fields +0, eats −5 → 7 food" and not rows[2].fed and not rows[2].choosing
    # the player picks which resources pay, up to the shortfall and to what they hold
    paid = fvm.add(ann, (), Resource.GOLD)
    paid = fvm.add(ann, paid, Resource.GOLD)              # only 1 gold held: nothing added
    assert paid == (Resource.GOLD,) and fvm.payment(ann, paid).text == "Tap 1 more resources to pay"
    paid = fvm.add(ann, paid, Resource.BRICK)
    assert fvm.add(ann, paid, Resource.WOOD) == paid      # full
    choice = fvm.payment(ann, paid)
    assert choice.ready and choice.text == "Pay 1 Gold, 1 Brick"


def test_view_feeding_after_the_round_reads_the_feeding_back() -> None:
    from tests.test_stone_age_support import at_actions

    t = at_actions(2, (0, Area.HUNTING, 1, 0))
    t.edit(0, agriculture=7, people=6, food=11)
    t.do(Gather(0, Area.HUNTING, (1,)))              # the last action: the rules feed everyone
    s = t.s
    assert s.phase is Phase.PLACE and s.round == 2
    assert [r.line for r in fvm.feed_rows(s)] == ["Ann: fields +7, eats −6 → 12 food",
                                                  "Ben: fields +0, eats −5 → 7 food"]
    assert fvm.title(s) == "Feeding, round 1" and fvm.finish_text(s) == "Start round 2"
    i18n.set_language("zh_CN")
    try:
        assert fvm.feed_rows(s)[0].line == "Ann 农业 +7，吃 −6 → 食物 12"
    finally:
        i18n.set_language("en")


def test_view_hut_payment_guides_the_tapping() -> None:
    p = replace(start().players[0], wood=4, stone=1)
    four_one = next(h for h in HUTS if h.kind is HutKind.COUNT_KINDS and h.count == 4 and h.kinds == 1)
    ready = bvm.hut_payment(four_one, (Resource.WOOD,) * 4, p)
    assert ready.ready and ready.text == "Pay 4 Wood → 12 points"
    assert not bvm.hut_payment(four_one, (Resource.WOOD,) * 3 + (Resource.STONE,), p).ready
    short = bvm.hut_payment(four_one, (Resource.GOLD,), p)
    assert not short.ready and short.text == "Not enough Gold"
    assert bvm.hut_payment(None, (), p).text == "Tap the building tile on top of the stack."
    assert bvm.card_payment(2, (Resource.WOOD,), p).text == "Pay 1 Wood (1 of 2)"


def test_view_distinct_tiles_and_cards_show_each_look_once() -> None:
    huts = vm.distinct_huts(HUTS, set())
    assert len(huts) == 13 + 8 + 1
    built_one = vm.distinct_huts(HUTS, {huts[0].id})
    assert huts[0] not in built_one
    from rules.stone_age import CARDS

    assert len(vm.distinct_cards(CARDS, set())) < 36
    music = [c for c in CARDS if c.culture is not None and c.culture.value == "music"]
    assert vm.card_bottom(music[0]) == "Music" and vm.card_top(music[0]) == "+3 points"


def test_view_final_table_is_the_rules_table_and_matches_main_score() -> None:
    """The screen shows ``state.final``; ``main.py score`` on the same end state gives the same numbers."""
    from companion.cli.score import score_data
    from rules.stone_age.cards import CARD_BY_ID

    game = play_game(5, players=3)
    table = svm.score_table(game.state)
    assert table.totals == tuple(r.total for r in game.state.final)
    players = []
    for p in game.state.players:
        cards = [CARD_BY_ID[c] for c in p.cards]
        entry = {"name": p.name, "score": p.score, "agriculture": p.agriculture, "people": p.people,
                 "tools": list(p.tools), "huts": len(p.huts), "food": p.food,
                 "resources": {r: getattr(p, r) for r in ("wood", "brick", "stone", "gold")},
                 "culture": [c.culture.value for c in cards if c.culture is not None]}
        for c in cards:
            if c.multiplier is not None:
                entry[c.multiplier.value] = entry.get(c.multiplier.value, 0) + c.figures
        players.append(entry)
    result, _module = score_data({"game": "stone-age", "players": players})
    assert [r["total"] for r in result["players"]] == list(table.totals)
    assert [r["rank"] for r in result["players"]] == list(table.ranks)
    assert table.rows[0][0] == "Score track" and len(table.rows) == 7
    assert table.ranking[0].startswith("1.  ")
    series = svm.score_series(game.state)
    assert all(s[0] == 0 and s[-1] == r.total for s, r in zip(series, game.state.final))


@pytest.mark.parametrize("points,end,room", [(19, "end", 8), (19, "终局", 8), (18, "end", 8), (6, "end", 8),
                                              (12, "final", 0), (2, "end", 8), (1, "end", 8)])
def test_the_round_axis_labels_never_touch_and_end_within_the_chart(points: int, end: str, room: float) -> None:
    """The chart's round labels at the final screen's size (a 266 px axis; 16 px text, about 9 px a
    digit, 16 px a Chinese character): a 17-round game once drew '16' against 'end' ("16end", "16终局")
    and the end label past the chart's edge."""
    width_of = lambda t: sum(16.0 if ord(c) > 0x2E80 else 9.0 for c in t)  # noqa: E731
    marks = svm.round_marks(points, 266.0, room, width_of, end, gap=6.0)
    assert marks[0].text == "0" and (points == 1 or marks[-1].text == end)
    assert marks[-1].right <= 266.0 + room
    assert all(b.left - a.right >= 6.0 for a, b in zip(marks, marks[1:])), marks
    rounds = [int(m.text) for m in marks if m.text != end]
    assert rounds == sorted(rounds) and all(m.right - m.left == pytest.approx(width_of(m.text)) for m in marks)
    if points > 8:
        assert all(r % 2 == 0 for r in rounds) and len(rounds) >= (points - 1) // 2 - 1


def test_view_history_rows_hide_markers_and_mark_undone() -> None:
    from companion.session import HistoryItem

    items = [HistoryItem(3, 2, "undo: Ann +13: hut", False, 0.0), HistoryItem(2, 2, "Ann +13: hut", True, 0.0),
             HistoryItem(1, 1, "Game started", False, 0.0)]
    rows = hvm.history_rows(items)
    assert [(r.text, r.undone) for r in rows] == [("Ann +13: hut", True), ("Game started", False)]
    assert hvm.summary(rows) == "2 entries, 1 undone"


def test_view_new_game_form() -> None:
    form = NewGameForm.default()
    assert [s.name for s in form.seats] == ["Player 1", "Player 2", "Player 3"] and form.problem() is None
    form = form.add_player().add_player()
    assert len(form.seats) == 4 and form.seats[3].colour == "yellow"
    form = form.set_start(3).remove_player()
    assert len(form.seats) == 3 and form.start_player == 2
    assert form.rename(1, "  ").problem() == "Every player needs a name."
    assert form.rename(1, "player 1").problem() == "Two players have the same name."
    assert form.next_colour(0).seats[0].colour == "yellow", "the colour skips those taken"
    assert form.remove_player().remove_player() == form.remove_player(), "never below 2 players"


def test_view_home_lines() -> None:
    assert ago(1000, now=1030) == "just now" and ago(0, now=7300) == "2 h ago"
    assert game_line("t", ("Ann", "Bo"), 0, True, now=200000) == "Ann, Bo  ·  2 days ago  ·  finished"


def test_view_texts_follow_the_language() -> None:
    i18n.set_language("zh_CN")
    s = start()
    assert vm.status_line(s) == "第 1 轮  ·  放置人物  ·  起始：Ann"
    assert vm.area_label(Area.BUILDING, 2) == "建筑 2"


def test_view_new_game_form_for_five_players() -> None:
    form = NewGameForm(NewGameForm.default(4).seats, 0, 2, 5).add_player()
    assert [s.colour for s in form.seats] == ["red", "blue", "green", "yellow", "white"]
    assert form.add_player() == form, "never above the game's maximum"
    assert form.problem() is None
