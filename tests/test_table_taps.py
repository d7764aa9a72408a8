"""The taps benchmark's pure half (``benchmarks/taps_plan.py``): the scripted Stone Age game, the taps
each command takes on the screens, and the JSON lines. No window here; the benchmark itself plays the
game by taps (``python benchmarks/table_taps.py``)."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from benchmarks.taps_plan import (
    JSON_KEYS,
    READBACK,
    Figures,
    Tally,
    apply,
    bench_command,
    flat,
    board_script,
    game_taps,
    json_line,
    shown_card,
    shown_hut,
    stone_age_script,
    stone_age_taps,
)
from rules.stone_age import Area, NewGame, Phase, Resource, Seat
from rules.stone_age.commands import (
    BuildHut,
    BuyCard,
    Decline,
    Feed,
    Gather,
    PickDie,
    Place,
    StayHome,
    UseAnyTwo,
    UseVillage,
)
from rules.stone_age.state import Lottery

WOOD, BRICK, STONE, GOLD = Resource.WOOD, Resource.BRICK, Resource.STONE, Resource.GOLD
SETUP = NewGame(tuple(Seat(f"Player {i + 1}", c) for i, c in enumerate(("red", "blue", "green", "yellow"))), 0)


@pytest.fixture(scope="module")
def game() -> list:
    return stone_age_script(SETUP, seed=2026)


@pytest.fixture()
def start():
    return apply(None, SETUP)


def test_a_placement_is_the_space_the_figures_and_next_in_mirrored_mode_and_nothing_on_the_board(start) -> None:
    forest = Place(0, Area.FOREST, 3)
    assert flat(stone_age_taps(forest, start)) == ["space-forest-0", "figures-up", "figures-up", "next"]
    assert stone_age_taps(forest, start) == ["space-forest-0", Figures(3), "next"]
    assert stone_age_taps(Place(0, Area.TOOL_MAKER, 1), start) == ["space-tool_maker-0", "next"]
    assert stone_age_taps(Place(0, Area.CARD, 1, slot=3), start) == ["space-card-3", "next"]
    assert stone_age_taps(forest, start, "board") == []
    with pytest.raises(ValueError, match="unknown mode"):
        stone_age_taps(forest, start, "camera")


def test_actions_are_tapped_where_the_table_and_its_screens_show_them(start) -> None:
    seat = replace(start.players[0], one_use_tools=(4, 2))
    state = replace(start, players=(seat,) + start.players[1:])
    gather = Gather(0, Area.QUARRY, (6, 1), tool_tiles=(0, 2), tool_cards=(2,))
    assert stone_age_taps(gather, state) == ["action-quarry-0", "face-6", "face-1", "tile-0", "tile-2",
                                             "onecard-1", "next"]
    assert stone_age_taps(gather, state, "board") == stone_age_taps(gather, state)
    assert stone_age_taps(UseVillage(0, Area.HUT), state) == ["action-hut-0"]
    assert stone_age_taps(Decline(0, Area.BUILDING, 2), state) == ["decline-building-2"]
    assert stone_age_taps(Decline(0, Area.BUILDING, 2), state, "board") == ["action-building-2", "build-decline"]
    assert stone_age_taps(StayHome(0), state, "board") == ["stay-home"]
    # a fixed tile the player holds is built by its tap; a "any kinds" tile is paid by tapping
    rich = replace(state, players=(replace(seat, wood=2, brick=1),) + state.players[1:])
    assert stone_age_taps(BuildHut(0, 1, 1, (WOOD, WOOD, BRICK)), rich) == ["action-building-1", "hut-1"]
    any_kinds = next(h for h in __import__("rules.stone_age", fromlist=["HUTS"]).HUTS if h.kind.name != "FIXED")
    assert stone_age_taps(BuildHut(0, 2, any_kinds.id, (WOOD, STONE)), state) == \
        ["action-building-2", f"hut-{any_kinds.id}", "pay-wood", "pay-stone", "next"]


def test_cards_take_their_picks_payment_and_dice(start) -> None:
    # a card is found by its printed bottom (art holds several cards: then the card itself)
    assert stone_age_taps(BuyCard(0, 2, 4, (WOOD, BRICK), dice=(5, 3)), start) == \
        ["action-card-2", "card-group-art", "card-4", "pay-wood", "pay-brick", "next", "face-5", "face-3", "next"]
    # the only payment possible (wood alone held) is filled in by the screen: no pay taps
    only_wood = replace(start, players=(replace(start.players[0], wood=5),) + start.players[1:])
    assert stone_age_taps(BuyCard(0, 2, 4, (WOOD, WOOD), dice=(5, 3)), only_wood) == \
        ["action-card-2", "card-group-art", "card-4", "next", "face-5", "face-3", "next"]
    # the card drawn for "extra card" is found by its bottom too (music: one card left of it)
    assert stone_age_taps(BuyCard(0, 1, 5, (GOLD,), extra_card=13), start) == \
        ["action-card-1", "card-group-writing", "card-5", "card-group-music", "pay-gold", "next"]
    assert stone_age_taps(BuyCard(0, 1, 2, (WOOD,), chosen=(STONE, GOLD)), start) == \
        ["action-card-1", "card-group-medicine", "card-2", "pay-wood", "take-stone", "take-gold", "next"]
    assert stone_age_taps(BuyCard(0, 1, 6, (WOOD,), dice=(1, 6, 6, 2)), start)[-6:] == \
        ["next", "face-1", "face-6", "face-6", "face-2", "next"]
    # the cheapest resources are filled in; paying otherwise taps what is paid (the first tap starts
    # the filled-in payment again, no "Clear" first)
    mixed = replace(start, players=(replace(start.players[0], wood=1, brick=2, gold=3),) + start.players[1:])
    assert stone_age_taps(BuyCard(0, 2, 4, (WOOD, BRICK), dice=(5, 3)), mixed)[:4] == \
        ["action-card-2", "card-group-art", "card-4", "next"]
    assert stone_age_taps(BuyCard(0, 2, 4, (GOLD, GOLD), dice=(5, 3)), mixed)[:6] == \
        ["action-card-2", "card-group-art", "card-4", "pay-gold", "pay-gold", "next"]


def test_dice_for_everyone_and_feeding(start) -> None:
    lottery = replace(start, phase=Phase.ACTIONS, lottery=Lottery(buyer=0, dice=(3, 6, 1, 6), order=(0, 1, 2, 3)))
    assert stone_age_taps(PickDie(0, 6), lottery) == ["pick-1"]
    feed = replace(start, phase=Phase.FEED)
    assert stone_age_taps(Feed(2, penalty=True), feed) == ["feed-penalty-2"]
    assert stone_age_taps(Feed(1, (WOOD, WOOD)), feed) == ["feed-take-wood", "feed-take-wood", "feed-pay-1"]
    assert stone_age_taps(UseAnyTwo(1, (GOLD, BRICK)), feed) == ["feed-card", "feed-take-gold", "feed-take-brick"]
    # a short player who holds the resources: the cheapest are filled in, and Pay is the one tap
    def short_by(people: int):
        hungry = replace(start.players[1], food=0, wood=1, stone=3, people=people)
        return replace(feed, players=(start.players[0], hungry) + start.players[2:])

    assert stone_age_taps(Feed(1, (WOOD, STONE, STONE, STONE)), short_by(4)) == ["feed-pay-1"]
    assert stone_age_taps(Feed(1, (STONE, STONE, STONE)), short_by(3)) == \
        ["feed-take-stone", "feed-take-stone", "feed-take-stone", "feed-pay-1"]
    with pytest.raises(ValueError, match="feeding screen"):
        stone_age_taps(UseAnyTwo(1, (GOLD, BRICK)), replace(start, phase=Phase.ACTIONS))


def test_identical_tiles_and_cards_are_named_by_the_one_the_screen_shows() -> None:
    assert shown_hut(6, set()) == 5 and shown_hut(6, {5}) == 6
    assert shown_card(14, set()) == 13 and shown_card(14, {13}) == 14


def test_the_scripted_game_is_the_same_every_run_legal_and_enterable_by_touch(game) -> None:
    again = stone_age_script(SETUP, seed=2026)
    assert [m.command for m in again] == [m.command for m in game]
    assert game[-1].after.phase is Phase.OVER
    for move in game:
        assert not (isinstance(move.command, UseAnyTwo) and move.before.phase is Phase.ACTIONS)
        assert apply(move.before, move.command) == move.after
        flat(stone_age_taps(move.command, move.before))  # every command has its taps
    other = stone_age_script(SETUP, seed=7)
    assert [m.command for m in other] != [m.command for m in game]


def test_bench_command_keeps_the_random_players_choice_where_touch_can_enter_it(game) -> None:
    for move in game[:200]:
        ours = bench_command(move.before, random.Random(3))
        assert apply(move.before, ours) is not None


def test_board_mode_is_the_same_game_less_the_placements(game) -> None:
    board_moves = board_script(game, SETUP)
    assert board_moves[-1].after.final == game[-1].after.final, "the same final scores"
    assert board_moves[-1].after.players == game[-1].after.players
    mirrored, board = game_taps(game, "mirrored"), game_taps(board_moves, "board")
    # a figure on a building or card not taken goes home with the turn's "Done" (StayHome): no Decline
    not_placed = [m.command for _r, _s, m in mirrored if m is not None and not isinstance(m.command, (Place, Decline))]
    assert any(isinstance(m.command, Decline) for m in game), "the random player declines: the case is covered"
    assert [m.command for _r, _s, m in board if m is not None and not isinstance(m.command, StayHome)] == not_placed
    with pytest.raises(ValueError, match="board_script"):
        game_taps(game, "board")
    # the feeding is read back (one tap) where a round's feeding had a choice in it (with every placement
    # entered; with the board keeping it the next round opens at once), and after the last round in both
    rounds = game[-1].before.round
    read_back = [r for r, s, m in mirrored if s == [READBACK]]
    assert read_back[-1] == rounds and 0 < len(read_back) < rounds
    assert [r for r, s, m in board if s == [READBACK]] == [rounds]


def test_a_json_line_leads_with_the_specs_keys() -> None:
    tally = Tally()
    tally.add(1, 30)
    tally.add(2, 40)
    tally.time(1, 2.0)
    tally.time(2, 3.0)
    tally.setup_taps = 3
    result = tally.result("stone-age", "mirrored", 4, final_scores=[1, 2, 3, 4])
    line = json_line(result)
    assert "\n" not in line
    data = json.loads(line)
    assert list(data)[:len(JSON_KEYS)] == list(JSON_KEYS)
    assert data | {} == {**data, "game": "stone-age", "mode": "mirrored", "players": 4, "rounds": 2, "taps": 70,
                         "taps_per_round": 35.0, "seconds_per_round": 2.5}
    assert data["setup_taps"] == 3 and data["final_scores"] == [1, 2, 3, 4]
    with pytest.raises(ValueError, match="lacks taps"):
        json_line({k: 0 for k in JSON_KEYS if k != "taps"})


def test_turns_with_a_deal_are_counted_apart() -> None:
    tally = Tally()
    tally.add(1, 39)
    tally.turns = [{"taps": 9, "deal": False}, {"taps": 12, "deal": False}, {"taps": 18, "deal": True}]
    data = tally.result("stone-tribe", "default", 6)
    assert (data["turns"], data["deal_turns"], data["taps_per_turn"]) == (3, 1, 13.0)
    assert (data["taps_per_other_turn"], data["most_taps_other_turn"], data["taps_per_deal_turn"]) == (10.5, 12, 18.0)


def test_with_a_tray_a_roll_is_no_tap_and_confirms_itself_unless_a_tool_is_chosen(start) -> None:
    from benchmarks.taps_plan import Roll

    plain = Gather(0, Area.FOREST, (6, 5, 1))
    assert stone_age_taps(plain, start, "board-edice") == ["action-forest-0", Roll((6, 5, 1))]
    assert flat(stone_age_taps(plain, start, "board-edice")) == ["action-forest-0"]
    seat = replace(start.players[0], tools=(2,), tools_used=(False,))
    tooled = replace(start, players=(seat,) + start.players[1:])
    with_tool = Gather(0, Area.FOREST, (6, 5, 1), tool_tiles=(0,))
    assert stone_age_taps(with_tool, tooled, "board-edice") == ["action-forest-0", Roll((6, 5, 1), False), "tile-0",
                                                                 "next"]
    assert stone_age_taps(BuyCard(0, 2, 4, (WOOD, BRICK), dice=(5, 3)), start, "board-edice")[-2:] == \
        ["next", Roll((5, 3))]
    # the tools the screen advises (11 + 2 reaches 13 → 4 wood): "Add and confirm" is the one tap
    advised = Gather(0, Area.FOREST, (6, 5), tool_tiles=(0,))
    assert stone_age_taps(advised, tooled, "board-edice") == ["action-forest-0", Roll((6, 5), False), "use-advice"]
    assert stone_age_taps(advised, tooled, "board") == ["action-forest-0", "face-6", "face-5", "use-advice"]


@pytest.fixture(scope="module")
def table_game() -> list:
    return stone_age_script(SETUP, seed=2026, player="table")


def test_the_table_player_plays_a_whole_legal_game_the_same_every_run(table_game) -> None:
    assert [m.command for m in stone_age_script(SETUP, seed=2026, player="table")] == [m.command for m in table_game]
    assert table_game[-1].after.phase is Phase.OVER
    for move in table_game:
        assert apply(move.before, move.command) == move.after
        flat(stone_age_taps(move.command, move.before))
    board = board_script(table_game, SETUP)
    assert board[-1].after.final == table_game[-1].after.final, "the same final scores with the board"


def test_the_table_player_chooses_as_a_table_does(table_game, game) -> None:
    from benchmarks.taps_player import cheapest
    from companion.viewmodels.stone_age.feeding import proposal
    from rules.stone_age.tools import advise
    from rules.stone_age.data import GATHERING

    kinds = {type(m.command) for m in table_game}
    assert {Gather, BuildHut, BuyCard, Feed, UseVillage} <= kinds
    declined = [m for m in table_game if isinstance(m.command, Decline)]
    random_declined = [m for m in game if isinstance(m.command, Decline)]
    assert 5 * len(declined) < len(random_declined), "a table seldom puts a figure where it takes nothing"
    for move in table_game:
        c, p = move.command, move.before.players[getattr(move.command, "player", 0)]
        if isinstance(c, BuyCard):
            assert c.paid == cheapest(p, c.slot), "a card is paid with the cheapest resources"
        elif isinstance(c, Feed) and not c.penalty:
            assert c.resources == proposal(p), "food is paid with the cheapest resources"
        elif isinstance(c, Feed):
            assert proposal(p) == (), "−10 only when the resources cannot cover it"
        elif isinstance(c, Gather):
            used = tuple(p.tools_used or (False,) * len(p.tools))
            a = advise(sum(c.dice), GATHERING[c.area][1], p.tools, used, p.one_use_tools)
            assert (c.tool_tiles, tuple(sorted(c.tool_cards))) == (a.tiles, tuple(sorted(a.cards)))
