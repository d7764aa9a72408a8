"""Stone Age messages keep their template and params beside the unchanged English text."""
from __future__ import annotations

import json
from typing import Any

import pytest

from companion.rules_text import load_catalog, render_message
from rules.errors import IllegalMove
from rules.stone_age import RULES, Area, BuildHut, BuyCard, Feed, Gather, NewGame, Place, Resource, Seat
from rules.stone_age.cards import CARD_BY_ID, CARDS
from rules.stone_age.data import AREA_NAME, MAX_PLAYERS, MIN_PLAYERS
from rules.stone_age.events import EVENTS, Gain
from rules.stone_age.huts import HUT_BY_ID, HUTS
from rules.stone_age.random_play import play_game
from rules.stone_age.words import VOCABULARY, listing
from rules.text import Text, from_parts, parts, to_parts

from .test_stone_age_support import at_actions, new_table

W, B, S, G = Resource.WOOD, Resource.BRICK, Resource.STONE, Resource.GOLD


def _refusal(t: Any, command: Any) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        t.do(command)
    return err.value


def test_a_refusal_names_its_rule_as_a_template_with_the_values_apart() -> None:
    t = new_table(4)
    t.do(Place(0, Area.FOREST, 5), Place(1, Area.FOREST, 2))
    e = _refusal(t, Place(2, Area.FOREST, 1))
    assert str(e) == "the forest holds at most 7 figures"
    assert e.rule == "{space} holds at most {count} figures"
    assert e.params == {"space": "the forest", "count": 7}


def test_a_refusal_nests_the_tile_it_talks_about() -> None:
    t = at_actions(2, (0, Area.BUILDING, 1, 1), (1, Area.HUNTING, 5, 0))
    t.edit(0, wood=3, brick=3, stone=3)
    hut = next(h for h in HUTS if [r.value for r in h.resources] == ["wood", "brick", "stone"])
    e = _refusal(t, BuildHut(0, 1, hut.id, (W, W, S)))
    assert str(e) == "this building needs exactly wood, brick, stone"
    assert e.rule == "this building needs exactly {hut}"
    nested = e.params["hut"]
    assert isinstance(nested, Text) and nested.template == "{first}, {rest}"
    assert nested.params["first"] == "wood"


def test_plural_refusals_are_separate_templates() -> None:
    t = new_table(4)
    one = _refusal(t, Place(0, Area.TOOL_MAKER, 2))
    two = _refusal(t, Place(0, Area.HUT, 1))
    assert str(one) == "the tool maker takes exactly 1 figure"
    assert one.rule == "{space} takes exactly {count} figure"
    assert str(two) == "the hut takes exactly 2 figures"
    assert two.rule == "{space} takes exactly {count} figures"


def test_the_setup_refusals_that_keep_their_english_as_template_match_the_data() -> None:
    with pytest.raises(IllegalMove) as err:
        RULES.decide(None, NewGame((Seat("Ann", "red"),)))
    e = err.value
    assert e.rule == f"Stone Age is for {MIN_PLAYERS} to {MAX_PLAYERS} players" and not e.params
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        seats = tuple(Seat(f"P{i}", f"c{i}") for i in range(n))
        with pytest.raises(IllegalMove) as err:
            RULES.decide(None, NewGame(seats, n))
        assert err.value.rule == f"the start player must be one of the {n} players"


def test_card_and_hut_labels_read_as_before_and_translate_by_parts() -> None:
    labels = {c.label for c in CARDS}
    assert {"Music card", "Writing card", "Farmer ×2 card", "Tool maker ×1 card", "Hut builder ×3 card",
            "Shaman ×2 card"} <= labels
    music = CARD_BY_ID[13].label
    assert (music.template, music.params) == ("{symbol} card", {"symbol": "Music"})
    tiles = {str(h.label) for h in HUTS}
    assert {"wood, wood, brick", "4 resources of 1 kind", "5 resources of 2 kinds",
            "1–7 resources of any kinds"} <= tiles
    rest = Text("{first}, {rest}", first="wood", rest="brick")
    assert HUT_BY_ID[1].label.params == {"first": "wood", "rest": rest}


def test_lists_are_one_template_chained() -> None:
    assert listing([]) == "" and listing(["wood"]) == "wood"
    three = listing(["Ann", "Ben", "Cai"])
    assert three == "Ann, Ben, Cai"
    assert three.params["rest"] == Text("{first}, {rest}", first="Ben", rest="Cai")


def test_every_history_line_is_a_text_that_survives_the_event_store() -> None:
    for seed, players in [(21, 2), (22, 3), (23, 4)]:
        game = play_game(seed, players)
        state = None
        kinds = set()
        for event in game.events:
            line = RULES.describe(state, event)
            kinds.add(type(event))
            assert isinstance(line, Text) and line.template != "{event}"
            template, params = parts(line)
            stored = json.loads(json.dumps({"template": template, "params": params}))
            assert from_parts(stored) == line and to_parts(from_parts(stored)) == stored
            state = RULES.evolve(state, event)
        assert len(kinds) >= 10


def test_history_lines_with_singular_and_plural_forms() -> None:
    t = new_table(2)
    placed = RULES.decide(t.s, Place(0, Area.FOREST, 1))[0]
    assert RULES.describe(t.s, placed).template == "{who} placed {count} figure on {space}"
    placed = RULES.decide(t.s, Place(0, Area.FOREST, 2))[0]
    line = RULES.describe(t.s, placed)
    assert str(line) == "Ann placed 2 figures on the forest"
    assert line.template == "{who} placed {count} figures on {space}"
    assert line.params == {"who": "Ann", "count": 2, "space": "the forest"}


def test_a_gathering_line_carries_the_resource_word_and_the_dice() -> None:
    t = at_actions(2, (0, Area.FOREST, 3, 0), (1, Area.HUNTING, 5, 0))
    t.edit(0, tools=(2,), tools_used=(False,))
    gathered = RULES.decide(t.s, Gather(0, Area.FOREST, (6, 6, 1), tool_tiles=(0,)))[0]
    line = RULES.describe(t.s, gathered)
    assert str(line) == "Ann +5 wood: the forest (dice 6+6+1, tools +2)"
    assert line.params == {"who": "Ann", "amount": 5, "what": "wood", "space": "the forest", "dice": "6+6+1",
                           "tools": 2}


def test_a_card_line_nests_the_card_the_payment_and_the_gain() -> None:
    t = at_actions(2, (0, Area.CARD, 1, 2), (1, Area.HUNTING, 5, 0))
    t.edit(0, gold=1, wood=1)
    t.board(cards_out=())
    card = next(c for c in CARDS if c.effect.value == "food" and c.amount == 7)
    bought = RULES.decide(t.s, BuyCard(0, 2, card.id, (G, W)))[0]
    line = RULES.describe(t.s, bought)
    assert str(line) == "Ann +7 food: Pottery card (slot 2, paid 1 gold, 1 wood)"
    assert line.template == "{who} {gain}: {card} ({paid})"
    assert line.params["gain"] == Text("+{count} {resource}", count=7, resource="food")
    assert line.params["paid"].template == "slot {slot}, paid {paid}"


def test_a_feeding_refusal_and_line() -> None:
    t = new_table(2)
    t.board(phase=t.s.phase.FEED, current=0, fed=(False, False))
    t.edit(0, food=2, wood=1)
    e = _refusal(t, Feed(0, ()))
    assert (e.rule, e.params) == ("{missing} food is missing: pay {missing} resources or take −10 points",
                                  {"missing": 3})
    fed = RULES.decide(t.s, Feed(0, penalty=True))[0]
    assert RULES.describe(t.s, fed).template == "{who} −10: hunger (ate {food} food)"


def test_a_feeding_line_counts_each_kind_of_resource_once() -> None:
    """Resources paid for food read with their counts ("4 wood, 1 gold", not four words "wood"), each
    kind where it was first paid, in English and in Chinese."""
    t = new_table(2)
    t.board(phase=t.s.phase.FEED, current=0, fed=(False, False))
    t.edit(0, food=0, wood=4, gold=1)
    fed = RULES.decide(t.s, Feed(0, (W, W, G, W, W)))[0]
    line = RULES.describe(t.s, fed)
    assert str(line) == "Ann fed: 0 food and 4 wood, 1 gold"
    assert render_message(line, load_catalog("zh_CN")) == "Ann 喂食：0 个食物和 4 木头、1 金子"
    assert render_message(line, load_catalog("zh_TW")) == "Ann 餵食：0 個食物和 4 木頭、1 金子"


def test_gain_words_and_areas_are_vocabulary() -> None:
    words = set(VOCABULARY)
    assert set(AREA_NAME.values()) <= words
    assert {f for f in Gain.__dataclass_fields__ if f in ("food", "wood", "brick", "stone", "gold",
                                                           "agriculture")} <= words
    assert {"Music", "Farmer", "Shaman", "tool tiles"} <= words
    assert Gain in EVENTS  # Gain is part of events, not described on its own
