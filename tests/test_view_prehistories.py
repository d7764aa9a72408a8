"""The Prehistories screens' logic without a window: the table, masked plans, the order of play, the
cave grid with its preview and refusals, the setup form, totems, and the demo game of the tour."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from companion import i18n
from companion.viewmodels import prehistories as vm
from companion.viewmodels.prehistories import cave as cvm
from companion.viewmodels.prehistories import setup as svm
from companion.viewmodels.prehistories import totems as tvm
from companion.viewmodels.prehistories.words import tile_label
from rules.prehistories import RULES
from rules.prehistories.cave import Placement
from rules.prehistories.commands import (
    EndHunt, FillZones, Hunt, Paint, PlayerSetup, PlayHunters, StartGame, ZoneFill,
)
from rules.prehistories.data import Colour
from rules.prehistories.state import Award, Phase

Y, B, R = Colour.YELLOW, Colour.BLUE, Colour.RED


class Game:
    """A game played through RULES, keeping the events as the session does."""

    def __init__(self) -> None:
        self.state: Any = None
        self.events: list[Any] = []

    def do(self, command: Any) -> None:
        for event in RULES.decide(self.state, command):
            self.state = RULES.evolve(self.state, event)
            self.events.append(event)


@pytest.fixture(autouse=True)
def _english() -> Any:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def use_language(monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """Switch to ``language`` (the app reads cairn.po and prehistories.po)."""
    i18n.set_language(language)


def started() -> Game:
    game = Game()
    game.do(StartGame((PlayerSetup("Ann", Y), PlayerSetup("Bo", B), PlayerSetup("Chen", R)),
                      ("A1", "A8", "B9", "A7")))
    game.do(FillZones((ZoneFill(0, 1), ZoneFill(1, 8), ZoneFill(2, 15), ZoneFill(3, 23), ZoneFill(4, 31))))
    return game


def revealed() -> Game:
    game = started()
    game.do(PlayHunters(Y, (1, 10, 15)))
    game.do(PlayHunters(B, (52,)))
    game.do(PlayHunters(R, (53, 44)))
    return game


# -- planning and the reveal --------------------------------------------------------------------------
def test_plans_are_masked_until_everyone_has_played() -> None:
    game = started()
    game.do(PlayHunters(Y, (1, 10, 15)))
    rows = vm.plan_rows(game.state)
    assert [(r.name, r.ready, r.masked) for r in rows] == [("Ann", True, "■ ■ ■"), ("Bo", False, ""),
                                                           ("Chen", False, "")]
    texts = [r.masked for r in rows] + [v.note for v in vm.player_views(game.state)]
    texts += [vm.prompt(game.state), vm.status_line(game.state)]
    assert not any(ch.isdigit() for text in texts[:-1] for ch in text)  # no card value, no speed
    assert vm.status_line(game.state) == "Round 1  ·  Planning"
    assert vm.order_rows(game.state, game.events) == []  # nothing revealed yet
    assert vm.next_planner(game.state) is B
    assert vm.prompt(game.state) == "Waiting for: Bo, Chen"


def test_an_empty_plan_reads_no_hunters() -> None:
    assert vm.masked(0) == "no hunters"
    assert vm.masked(2) == "■ ■"


def test_the_order_of_play_after_the_reveal() -> None:
    game = revealed()
    assert game.state.phase is Phase.HUNTING
    assert vm.order_text(game.state, game.events) == "1 Bo 1  →  2 Chen 3  →  3 Ann 17"
    rows = vm.order_rows(game.state, game.events)
    assert [(r.place, r.name, r.power, r.fastest, r.values) for r in rows] == [
        (1, "Bo", 1, 52, "1"), (2, "Chen", 3, 53, "2 + 1"), (3, "Ann", 17, 15, "6 + 6 + 5")]
    assert [v.place for v in vm.player_views(game.state)] == ["❸", "❶", "❷"]
    assert vm.tie_note(game.state, game.events) == ""


def test_a_tie_is_explained_and_someone_who_plays_nothing_skips() -> None:
    game = started()
    game.do(PlayHunters(Y, (60,)))
    game.do(PlayHunters(B, ()))
    game.do(PlayHunters(R, (58,)))
    rows = vm.order_rows(game.state, game.events)
    assert [(r.place, r.name) for r in rows] == [(1, "Ann"), (2, "Chen"), (0, "Bo")]
    assert rows[-1].note == "No hunters: skips the hunt, draws 3"
    assert vm.tie_note(game.state, game.events).startswith("Tie on 1")
    assert [v.note for v in vm.player_views(game.state)][1] == "Skips the hunt"


def test_the_private_entry_shows_the_players_own_cards() -> None:
    game = revealed()
    cards = vm.hunter_cards(game.state, Y)
    assert [c.power for c in cards] == [6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1]
    game.do(Hunt(B, 0, (52,)))
    assert {c.speed for c in vm.hunter_cards(game.state, B) if not c.playable} == {52}
    assert vm.plan_summary(started().state, Y, (1, 16)) == "2 of 3 cards · hunting value 11"


# -- zones and hunting --------------------------------------------------------------------------------
def test_zones_are_graded_for_the_chosen_hunters() -> None:
    game = revealed()
    zones = vm.zone_views(game.state, power=5)
    assert [z.outcome for z in zones] == ["safe", "injury", "weak", "weak", "weak"]
    assert [(z.injury_text, z.safe_text) for z in zones][:2] == [("1–3", "4+"), ("4–6", "7+")]
    assert zones[0].label == "Fish" and zones[0].size_text == "1 square"
    assert zones[4].label == "Legendary 1" and zones[4].size_text == ""


def test_fills_are_random_draws_the_rules_accept() -> None:
    game = Game()
    seats = (PlayerSetup("Ann", Y), PlayerSetup("Bo", B), PlayerSetup("Cy", R),
             PlayerSetup("Di", Colour.WHITE))
    game.do(StartGame(seats, ("A1", "A2", "A3", "A4", "A5")))
    fills = vm.draw_fills(game.state, random.Random(3))
    assert fills == vm.draw_fills(game.state, random.Random(3))
    assert [f.zone for f in fills] == list(range(7))
    game.do(FillZones(fills))
    views = vm.zone_views(game.state, fills)
    assert all(v.is_new and v.tile for v in views)


def test_taken_tiles_show_their_injury_and_the_cards_to_draw() -> None:
    game = revealed()
    game.do(Hunt(B, 0, (52,)))
    # hunting value 1 in a zone that is safe from 4: the tile, with one injury
    assert [(t.label, t.injured) for t in vm.taken_this_round(game.events, B)] == [("Fish · 1 square", True)]
    assert vm.end_hunt_text(vm.draw_after_hunt(game.state.player(B))) == "End hunt\ndraw 1 card"
    assert vm.end_hunt_text(vm.draw_after_hunt(game.state.player(R))) == "End hunt\ndraw 3 cards"
    assert vm.end_hunt_text(0) == "End hunt\nno cards to draw"
    assert vm.prompt(game.state) == "Bo: every hunter is out, end the hunt"
    game.do(EndHunt(B))
    assert [v.injuries for v in vm.player_views(game.state)] == [0, 1, 0]


# -- the cave -----------------------------------------------------------------------------------------
def test_an_empty_cave_shows_the_printed_cells() -> None:
    cells = cvm.cave_cells(Y, ())
    assert len(cells) == 49
    kinds = {(c.row, c.col): c.kind for c in cells if c.kind != "wall"}
    assert kinds == {(3, 2): "hunter", (1, 1): "totem", (5, 4): "totem", (4, 3): "hand1", (2, 5): "hand2"}


def test_painted_tiles_show_their_animal_and_outline() -> None:
    cave = (Placement(2, 1, 2, 0), Placement(1, 0, 4, 0))  # fish domino upright, fish single below it
    cells = {(c.row, c.col): c for c in cvm.cave_cells(Y, cave)}
    top, bottom, single = cells[(2, 0)], cells[(3, 0)], cells[(4, 0)]
    assert (top.kind, top.animal, top.label) == ("tile", "fish", "Fish")
    assert top.edges == (True, True, False, True)
    assert bottom.edges == (False, True, True, True)
    assert single.edges == (True, True, True, True)


@pytest.mark.parametrize("language,cell,full", [("en", "Leg.", "Legendary"), ("zh_CN", "传奇", "传奇动物"),
                                                  ("zh_TW", "傳奇", "傳奇動物")])
def test_a_legendary_square_of_the_cave_names_it_so_it_fits(language: str, cell: str, full: str) -> None:
    """One square holds about three Chinese characters at 16 px: the cave writes 传奇 (in English
    'Leg.') there, and the full name where there is room (the tile's own label)."""
    i18n.set_language(language)
    cells = {(c.row, c.col): c for c in cvm.cave_cells(Y, (Placement(31, 0, 2, 2),))}
    assert (cells[(2, 2)].animal, cells[(2, 2)].label) == ("legendary", cell)
    assert tile_label(31) == full


def test_the_preview_follows_the_finger_and_refusals_are_in_words() -> None:
    ok = cvm.preview(Y, (), 8, 1, 2, 0)
    assert ok.ok and ok.placement == Placement(8, 1, 2, 0)
    assert ok.reason == "It fits here: tap Paint to place it."
    marked = {(c.row, c.col) for c in cvm.cave_cells(Y, (), ok.placement) if c.preview == "ok"}
    assert marked == {(2, 0), (3, 0)}
    far = cvm.preview(Y, (), 8, 1, 2, 3)
    assert not far.ok and far.reason == "The first tile must reach the cave's left edge."
    hunter = cvm.preview(Y, (Placement(8, 0, 3, 0),), 7, 0, 3, 2)
    assert hunter.reason == "It would cover the Hunter painting."
    overlap = cvm.preview(Y, (Placement(8, 0, 3, 0),), 7, 0, 3, 1)
    assert overlap.reason == "It would cover the Mammoth · 2 squares painted there."
    out = cvm.preview(Y, (Placement(8, 0, 3, 0),), 8, 0, 0, 6)
    assert out.reason == "It would stick out of the cave."
    apart = cvm.preview(Y, (Placement(8, 0, 3, 0),), 7, 0, 6, 6)
    assert apart.reason.startswith("It must touch the painting")
    marks = {c.preview for c in cvm.cave_cells(Y, (), far.placement, far.ok)}
    assert marks == {"", "bad"}


def test_the_anchor_puts_an_l_shape_under_the_finger() -> None:
    # Fish3B side 0 is ".#/##": its first square is the top right one
    assert cvm.anchor_for(4, 0, 3, 3) == (3, 2)
    assert (3, 3) in cvm.placement_at(4, 0, 3, 3).cells


def test_refusals_read_in_chinese(monkeypatch: pytest.MonkeyPatch) -> None:
    use_language(monkeypatch, "zh_CN")
    assert cvm.preview(Y, (), 8, 1, 2, 3).reason == "第一块板块必须碰到洞穴最左边一列。"
    use_language(monkeypatch, "zh_TW")
    assert cvm.preview(Y, (Placement(8, 0, 3, 0),), 7, 0, 3, 2).reason == "會蓋住獵人壁畫。"


def test_tiles_that_fit_nowhere_are_listed_as_discarded() -> None:
    from rules.prehistories.events import TileDiscarded, ZonesFilled

    events = [ZonesFilled(()), TileDiscarded(Y, 31), TileDiscarded(B, 1)]
    assert cvm.discards_this_round(events, Y) == ["Legendary"]
    assert cvm.discards_this_round(events + [ZonesFilled(())], Y) == []


# -- setup and totems ---------------------------------------------------------------------------------
def test_setup_goal_cards_follow_the_player_count() -> None:
    form = svm.SetupForm.default().draw_goals(random.Random(1))
    assert len(form.seats) == 3 and form.needed == 4 and len(form.goals) == 4
    assert form.problem() is None
    assert RULES.decide(None, form.command())
    more = form.add_player()
    assert more.needed == 5 and more.problem() == "Choose 5 goal cards (4 chosen)."
    free = next(n for n in svm.CARDS if not more.side_of(n))
    sun = more.cycle_goal(free)
    assert sun.side_of(free) == "A" and sun.problem() is None
    assert sun.cycle_goal(free).side_of(free) == "B"
    assert sun.cycle_goal(free).cycle_goal(free).side_of(free) == ""
    full = sun.cycle_goal(next(n for n in svm.CARDS if not sun.side_of(n)))
    assert full is sun  # no sixth card
    assert sun.remove_player().needed == 4 and len(sun.remove_player().goals) == 4
    five = sun.add_player()
    assert [s.colour for s in five.seats] == [Y, B, R, Colour.GREEN, Colour.WHITE]
    assert five.add_player() is five
    assert five.next_colour(0).seats[0].colour is Y  # every other colour is taken


def test_a_start_from_home_draws_the_goal_cards() -> None:
    command = svm.start_from_home([("Ann", "red"), ("Bo", "blue"), ("Cy", "green"), ("Di", "yellow")],
                                  random.Random(2))
    assert [p.colour for p in command.players] == [R, B, Colour.GREEN, Y]
    assert len(command.goals) == 5 and len({g[1:] for g in command.goals}) == 5
    assert RULES.decide(None, command)
    form = svm.SetupForm.from_players([("Ann", "white"), ("Bo", "green")]).draw_goals(random.Random(2))
    assert [s.colour for s in form.seats] == [Colour.WHITE, Colour.GREEN] and form.problem() is None


def test_totems_per_player_and_per_goal_with_who_was_first() -> None:
    game = revealed()
    game.do(Hunt(B, 0, (52,)))
    game.do(EndHunt(B))
    game.do(EndHunt(R))
    game.do(Hunt(Y, 4, (1, 10, 15)))
    game.do(EndHunt(Y))
    game.do(Paint(B, 1, 0, 0, 0))
    game.do(Paint(Y, 31, 0, 2, 0))
    rows = {r.key: r for r in tvm.totem_rows(game.state)}
    assert rows["legendary"].cells == ("1", "", "")
    assert tvm.totals(game.state) == ("1/8", "0/8", "0/8")
    assert tvm.firsts_line(game.state) == "No goal card met yet."
    # Bo meets A1 first (2 totems), Ann later (1)
    bo = replace(game.state.player(B), awards=(Award("A1", 2), Award("row 0", 1)))
    ann = replace(game.state.player(Y), awards=game.state.player(Y).awards + (Award("A1", 1),))
    state = replace(game.state.replace_player(bo).replace_player(ann), firsts=(("A1", B),))
    rows = {r.key: r for r in tvm.totem_rows(state)}
    assert rows["A1"].cells == ("1", "2★", "") and rows["A1"].first == "Bo"
    assert rows["A1"].title == "Card 1 · Sun" and rows["row"].cells == ("", "1", "")
    assert tvm.totals(state) == ("2/8", "3/8", "0/8")
    assert tvm.firsts_line(state) == "Card 1 · Sun: Bo"
    assert [(r.place, r.name) for r in tvm.ranking(state)] == [(1, "Bo"), (2, "Ann"), (3, "Chen")]
    assert tvm.winner_line(state) == ""


def test_what_a_move_earned_reads_as_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.prehistories.events import CardsDrawn, DrawReason, ObjectiveMet, TilePainted

    game = revealed()
    events = [TilePainted(Y, Placement(31, 0, 2, 0)), ObjectiveMet(Y, "legendary", 1, False),
              ObjectiveMet(Y, "A7", 2, True), CardsDrawn(Y, 2, 2, False, DrawReason.HAND_PRINT)]
    assert tvm.news(game.state, events) == (
        "Ann: +1 totem, Legendary animal · +2 totems, Card 7 · Sun ★ · draws 2 cards (hand print)")
    assert tvm.news(game.state, events[:1]) == ""
    from rules.prehistories.events import TileDiscarded

    assert tvm.news(game.state, [TileDiscarded(B, 31)]) == "Bo discards Legendary: it fits nowhere."
    use_language(monkeypatch, "zh_TW")
    line = tvm.news(game.state, events[2:3])
    assert line.startswith("Ann: +2 個圖騰，") and line.endswith(" ★") and "7" in line


def test_the_demo_game_of_the_tour_reaches_a_winner() -> None:
    from companion.viewmodels.prehistories.demo import SEED, demo_command

    game = started()
    rng = random.Random(SEED)
    for _move in range(1500):
        if game.state.phase is Phase.OVER:
            break
        game.do(demo_command(game.state, rng))
    assert game.state.winner is not None
    ranking = tvm.ranking(game.state)
    assert ranking[0].is_winner and ranking[0].totems == 8
    assert tvm.winner_line(game.state).endswith("wins!")
