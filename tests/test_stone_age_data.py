"""The card and hut tables match reference/stone-age.md, and every command and event survives the codec."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from rules.codec import encode
from rules.stone_age import RULES, Area, Resource, Seat
from rules.stone_age.cards import CARDS, CULTURE_COPIES, MULTIPLIER_FIGURES, Culture, Effect, Multiplier
from rules.stone_age.commands import (
    COMMANDS,
    BuildHut,
    BuyCard,
    Decline,
    Feed,
    Gather,
    NewGame,
    PickDie,
    Place,
    StayHome,
    UseAnyTwo,
    UseVillage,
)
from rules.stone_age.events import EVENTS, StayedHome
from rules.stone_age.huts import HUTS, HutKind, hut_points
from rules.stone_age.random_play import play_game
from rules.stone_age.state import ScoreRow


def test_cards_are_36_with_the_reference_counts_per_top_effect() -> None:
    assert len(CARDS) == 36
    assert sorted(c.id for c in CARDS) == list(range(1, 37))
    counts = Counter(c.effect for c in CARDS)
    assert counts == {
        Effect.DICE_FOR_ALL: 10, Effect.FOOD: 7, Effect.RESOURCE: 5, Effect.ROLL: 3, Effect.POINTS: 3,
        Effect.AGRICULTURE: 2, Effect.ONE_USE_TOOL: 3, Effect.TOOL: 1, Effect.EXTRA_CARD: 1, Effect.ANY_TWO: 1,
    }


def test_cards_bottoms_are_16_green_in_two_sets_and_20_sand_cards() -> None:
    green = [c for c in CARDS if c.culture is not None]
    sand = [c for c in CARDS if c.multiplier is not None]
    assert len(green) == 16 and len(sand) == 20
    assert all(c.culture is None or c.multiplier is None for c in CARDS)
    assert dict(CULTURE_COPIES) == {s: 2 for s in Culture}
    assert {m: sum(f) for m, f in MULTIPLIER_FIGURES.items()} == {
        Multiplier.FARMERS: 7, Multiplier.HUT_BUILDERS: 9, Multiplier.SHAMANS: 7, Multiplier.TOOL_MAKERS: 8,
    }
    assert all(len(MULTIPLIER_FIGURES[m]) == 5 for m in Multiplier)


def test_card_table_rows_match_the_reference() -> None:
    rows = Counter(
        (c.culture.value if c.culture else c.multiplier.value, c.figures, c.effect.value, c.amount,  # type: ignore[union-attr]
         c.resource.value if c.resource else None)
        for c in CARDS
    )
    assert rows[("art", 0, "roll", 2, "gold")] == 1
    assert rows[("music", 0, "points", 3, None)] == 2
    assert rows[("hut_builders", 2, "food", 2, None)] == 1
    assert rows[("hut_builders", 3, "points", 3, None)] == 1
    assert rows[("shamans", 2, "roll", 2, "wood")] == 1
    assert rows[("tool_makers", 2, "one_use_tool", 2, None)] == 1  # the [CONFLICT] card, best estimate
    assert rows[("tool_makers", 1, "one_use_tool", 4, None)] == 1
    assert rows[("tool_makers", 1, "one_use_tool", 3, None)] == 1
    assert rows[("transport", 0, "resource", 2, "stone")] == 1
    assert rows[("medicine", 0, "any_two", 2, None)] == 1


def test_huts_are_28_of_three_kinds_with_the_reference_points() -> None:
    assert len(HUTS) == 28 and sorted(h.id for h in HUTS) == list(range(1, 29))
    kinds = Counter(h.kind for h in HUTS)
    assert kinds == {HutKind.FIXED: 17, HutKind.COUNT_KINDS: 8, HutKind.ANY: 3}
    fixed = sorted(hut_points(h.resources) for h in HUTS if h.kind is HutKind.FIXED)
    assert fixed == [10, 11, 11, 12, 12, 12, 13, 13, 13, 13, 14, 14, 14, 14, 15, 15, 16]
    assert sorted((h.count, h.kinds) for h in HUTS if h.kind is HutKind.COUNT_KINDS) == [
        (4, 1), (4, 2), (4, 3), (4, 4), (5, 1), (5, 2), (5, 3), (5, 4)]
    assert all(h.count == 7 for h in HUTS if h.kind is HutKind.ANY)


def _roundtrip(obj: object) -> object:
    return RULES.registry.decode(json.loads(json.dumps(encode(obj))))


SAMPLE_COMMANDS = [
    NewGame((Seat("Ann", "red"), Seat("Ben", "blue")), 1),
    Place(0, Area.FOREST, 3), Place(1, Area.CARD, 1, 4),
    Gather(0, Area.RIVER, (6, 5, 1), (0, 2), (4,)),
    UseVillage(0, Area.TOOL_MAKER),
    BuildHut(1, 2, 19, (Resource.WOOD, Resource.GOLD)),
    BuyCard(0, 3, 6, (Resource.WOOD,) * 3, dice=(1, 2, 3)), BuyCard(0, 1, 5, (Resource.GOLD,), extra_card=9),
    BuyCard(0, 2, 2, (Resource.STONE,) * 2, chosen=(Resource.GOLD, Resource.GOLD)),
    BuyCard(0, 2, 2, (Resource.STONE,) * 2), UseAnyTwo(0, (Resource.WOOD, Resource.GOLD)),
    Decline(1, Area.BUILDING, 1), PickDie(2, 6), Feed(1, (Resource.WOOD,)), Feed(1, penalty=True),
    NewGame((Seat("Ann", "red"), Seat("Ben", "blue")), 0, board=True), StayHome(1),
]


@pytest.mark.parametrize("command", SAMPLE_COMMANDS, ids=lambda c: type(c).__name__)
def test_every_command_round_trips_through_the_codec(command: object) -> None:
    assert _roundtrip(command) == command


def test_sample_commands_cover_every_command_class() -> None:
    assert {type(c) for c in SAMPLE_COMMANDS} == set(COMMANDS)


def test_every_event_of_real_games_round_trips_and_every_event_class_occurs() -> None:
    seen: set[type] = set()
    # the last game is one where the board keeps the placement
    for seed, n, board in ((1, 2, False), (2, 3, False), (3, 4, False), (4, 4, True)):
        game = play_game(seed, n, board=board)
        for e in game.events:
            assert _roundtrip(e) == e
            seen.add(type(e))
        for c in game.commands:
            assert _roundtrip(c) == c
        assert _roundtrip(game.state) == game.state
    nested = {EVENTS[0]}  # Gain travels inside CardBought / DieChosen
    assert _roundtrip(StayedHome(1, 2)) == StayedHome(1, 2)  # rare in random games: tests/test_stone_age_board.py
    nested.add(StayedHome)
    assert seen | nested == set(EVENTS)
    assert _roundtrip(ScoreRow("Ann", 1, 2, 3, 4, 5, 6, 7, 28, 9, 1)) == ScoreRow("Ann", 1, 2, 3, 4, 5, 6, 7, 28, 9, 1)
