"""Buying civilization cards: cost by slot, every top effect, dice for everyone, declining."""
from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.stone_age import RULES, Area, BuyCard, Decline, Gather, PickDie, Prompt, Resource, whats_next
from rules.stone_age.cards import CARDS, Culture, Effect, Multiplier
from rules.stone_age.events import CardBought, DieChosen, Gain

from .test_stone_age_support import Table, at_actions

W, B, S, G = Resource.WOOD, Resource.BRICK, Resource.STONE, Resource.GOLD


def _card(effect: Effect, **match: object) -> int:
    return next(c.id for c in CARDS if c.effect is effect and all(getattr(c, k) == v for k, v in match.items()))


def _buyer(players: int = 2, slot: int = 1) -> Table:
    """Ann on card slot ``slot`` with 3 of each resource; the others hunt."""
    placed = [(0, Area.CARD, 1, slot), (0, Area.FOREST, 1, 0)]
    placed += [(seat, Area.HUNTING, 1, 0) for seat in range(1, players)]
    t = at_actions(players, *placed)
    t.edit(0, wood=3, brick=3, stone=3, gold=3)
    return t


def test_a_card_costs_its_slot_number_in_any_resources() -> None:
    t = _buyer(slot=3)
    card = _card(Effect.POINTS, culture=Culture.MUSIC)
    with pytest.raises(IllegalMove, match="card slot 3 costs 3 resources"):
        t.do(BuyCard(0, 3, card, (W, W)))
    t.edit(0, gold=0)
    with pytest.raises(IllegalMove, match="you have only 0 gold"):
        t.do(BuyCard(0, 3, card, (W, G, G)))
    events = t.do(BuyCard(0, 3, card, (W, B, S)))
    assert RULES.describe(None, events[0]).endswith("+3: Music card (slot 3, paid 1 wood, 1 brick, 1 stone)")
    p = t.s.players[0]
    assert (p.score, p.wood, p.brick, p.stone, p.cards) == (3, 2, 2, 2, (card,))
    assert t.s.slots_filled == (True, True, False, True) and card in t.s.cards_out


def test_a_taken_or_unknown_card_cannot_be_bought() -> None:
    t = _buyer()
    t.board(cards_out=(13,))
    with pytest.raises(IllegalMove, match=r"the Music card \(13\) is already taken"):
        t.do(BuyCard(0, 1, 13, (W,)))
    with pytest.raises(IllegalMove, match="there is no civilization card 37"):
        t.do(BuyCard(0, 1, 37, (W,)))


@pytest.mark.parametrize("card_id, expect", [
    (_card(Effect.FOOD, amount=7), Gain(food=7)),
    (_card(Effect.FOOD, amount=2), Gain(food=2)),
    (_card(Effect.RESOURCE, amount=2, resource=S), Gain(stone=2)),
    (_card(Effect.RESOURCE, resource=G), Gain(gold=1)),
    (_card(Effect.RESOURCE, resource=B), Gain(brick=1)),
    (_card(Effect.POINTS, multiplier=Multiplier.HUT_BUILDERS), Gain(points=3)),
    (_card(Effect.AGRICULTURE, culture=Culture.SUNDIAL), Gain(agriculture=1)),
    (_card(Effect.ONE_USE_TOOL, amount=3), Gain(one_use_tool=3)),
    (_card(Effect.TOOL), Gain(tool_steps=1)),
])
def test_fixed_top_effects(card_id: int, expect: Gain) -> None:
    t = _buyer()
    before = t.s.players[0]
    (ev,) = [e for e in t.do(BuyCard(0, 1, card_id, (W,))) if isinstance(e, CardBought)]
    assert ev.gain == expect
    p = t.s.players[0]
    assert p.food == before.food + expect.food and p.stone == before.stone + expect.stone
    assert p.gold == before.gold + expect.gold and p.brick == before.brick + expect.brick
    assert p.score == expect.points and p.agriculture == expect.agriculture
    assert p.one_use_tools == ((expect.one_use_tool,) if expect.one_use_tool else ())
    assert p.tools == ((1,) if expect.tool_steps else ())


def test_agriculture_and_tool_cards_stop_at_the_top_of_their_tracks() -> None:
    t = _buyer()
    t.edit(0, agriculture=10)
    (ev,) = t.do(BuyCard(0, 1, _card(Effect.AGRICULTURE, culture=Culture.SUNDIAL), (W,)))[:1]
    assert ev.gain == Gain() and t.s.players[0].agriculture == 10
    t = _buyer()
    t.edit(0, tools=(4, 4, 4), tools_used=(True, False, False))
    t.do(BuyCard(0, 1, _card(Effect.TOOL), (W,)))
    assert t.s.players[0].tools == (4, 4, 4)


def test_permanent_tool_card_is_a_tool_maker_step() -> None:
    t = _buyer()
    t.edit(0, tools=(2, 2, 2), tools_used=(True, True, True))
    t.do(BuyCard(0, 1, _card(Effect.TOOL), (W,)))
    assert t.s.players[0].tools == (3, 2, 2) and t.s.players[0].tools_used == (True, True, True)


def test_roll_card_rolls_two_dice_plus_unused_tools_for_its_resource() -> None:
    gold_card = _card(Effect.ROLL, resource=G)
    t = _buyer()
    t.edit(0, tools=(2, 1, 1), tools_used=(False, True, False), one_use_tools=(3,))
    with pytest.raises(IllegalMove, match="the Art card needs 2 dice values, got 1"):
        t.do(BuyCard(0, 1, gold_card, (W,), dice=(6,)))
    with pytest.raises(IllegalMove, match="a tool tile is used once per round"):
        t.do(BuyCard(0, 1, gold_card, (W,), dice=(6, 3), tool_tiles=(1,)))
    t.do(BuyCard(0, 1, gold_card, (W,), dice=(6, 3), tool_tiles=(0,), tool_cards=(3,)))  # 9+2+3 = 14 -> 2
    p = t.s.players[0]
    assert p.gold == 5 and p.tools_used == (True, True, False) and p.one_use_tools == ()
    wood_card = _card(Effect.ROLL, resource=W)
    t = _buyer()
    t.do(BuyCard(0, 1, wood_card, (S,), dice=(4, 4)))
    assert t.s.players[0].wood == 3 + 2


def test_a_card_refuses_inputs_its_effect_does_not_take() -> None:
    t = _buyer()
    with pytest.raises(IllegalMove, match="the Music card takes no dice"):
        t.do(BuyCard(0, 1, _card(Effect.POINTS, culture=Culture.MUSIC), (W,), dice=(3, 4)))
    with pytest.raises(IllegalMove, match="the Medicine card takes no chosen resources"):
        t.do(BuyCard(0, 1, _card(Effect.FOOD, amount=5), (W,), chosen=(G, G)))


def test_any_two_resources_card() -> None:
    card = _card(Effect.ANY_TWO)
    t = _buyer()
    with pytest.raises(IllegalMove, match="choose 2 resources"):
        t.do(BuyCard(0, 1, card, (W,), chosen=(G,)))
    t.do(BuyCard(0, 1, card, (W,), chosen=(G, S)))
    assert (t.s.players[0].gold, t.s.players[0].stone, t.s.players[0].wood) == (4, 4, 2)


def test_extra_card_draws_from_the_deck_and_only_its_bottom_counts() -> None:
    card = _card(Effect.EXTRA_CARD)
    music = _card(Effect.POINTS, culture=Culture.MUSIC)
    t = _buyer()
    with pytest.raises(IllegalMove, match="say which card was drawn from the deck"):
        t.do(BuyCard(0, 1, card, (W,)))
    with pytest.raises(IllegalMove, match="the extra card is another card than the one bought"):
        t.do(BuyCard(0, 1, card, (W,), extra_card=card))
    t.do(BuyCard(0, 1, card, (W,), extra_card=music))
    p = t.s.players[0]
    assert p.cards == (card, music) and p.score == 0          # the Music top (3 points) does not count
    assert t.s.deck == 31 and set(t.s.cards_out) == {card, music}


def test_extra_card_with_an_empty_deck_draws_nothing() -> None:
    t = _buyer()
    t.board(deck=0)
    with pytest.raises(IllegalMove, match="the civilization deck is empty: no extra card"):
        t.do(BuyCard(0, 1, _card(Effect.EXTRA_CARD), (W,), extra_card=3))
    t.do(BuyCard(0, 1, _card(Effect.EXTRA_CARD), (W,)))
    assert t.s.deck == 0 and len(t.s.players[0].cards) == 1


def test_declining_a_card_keeps_it_in_its_slot() -> None:
    t = _buyer(slot=2)
    t.do(Decline(0, Area.CARD, 2))
    assert t.s.slots_filled == (True,) * 4 and t.s.players[0].cards == () and t.s.players[0].wood == 3


def test_dice_for_everyone_each_player_picks_one_die_from_the_buyer_clockwise() -> None:
    card = _card(Effect.DICE_FOR_ALL, culture=Culture.WRITING)
    t = at_actions(4, (2, Area.CARD, 1, 1), (2, Area.FOREST, 1, 0), (0, Area.HUNTING, 1, 0),
                   (1, Area.HUNTING, 1, 0), (3, Area.HUNTING, 1, 0), start=2)
    t.edit(2, wood=1)
    with pytest.raises(IllegalMove, match="dice for everyone needs 4 dice values, got 3"):
        t.do(BuyCard(2, 1, card, (W,), dice=(1, 5, 6)))
    with pytest.raises(IllegalMove, match="tools cannot change dice for everyone"):
        t.do(BuyCard(2, 1, card, (W,), dice=(1, 5, 6, 6), tool_cards=(2,)))
    t.do(BuyCard(2, 1, card, (W,), dice=(1, 5, 6, 6)))
    assert t.s.lottery is not None and t.s.current == 2
    assert whats_next(t.s) == Prompt("pick_die", 2, dice=(1, 5, 6, 6))
    with pytest.raises(IllegalMove, match="first every player picks a die for everyone"):
        t.do(Gather(2, Area.FOREST, (3,)))
    with pytest.raises(IllegalMove, match="it is Cai's turn"):
        t.do(PickDie(3, 6))
    with pytest.raises(IllegalMove, match="no die shows 3; the dice left are 1, 5, 6, 6"):
        t.do(PickDie(2, 3))
    t.do(PickDie(2, 6))                                    # Cai: agriculture
    t.do(PickDie(3, 5))                                    # Dan: a tool
    events = t.do(PickDie(0, 6))                           # Ann: agriculture; Ben gets the last die
    assert events[-1] == DieChosen(1, 1, Gain(wood=1))
    s = t.s
    assert s.lottery is None and s.current == 2
    assert [p.agriculture for p in s.players] == [1, 0, 1, 0]
    assert s.players[3].tools == (1,) and s.players[1].wood == 1
    with pytest.raises(IllegalMove, match="there are no dice for everyone to pick"):
        t.do(PickDie(2, 1))


def test_dice_for_everyone_with_2_players_and_picks_that_cannot_raise_a_full_track() -> None:
    card = _card(Effect.DICE_FOR_ALL, multiplier=Multiplier.FARMERS, figures=2)
    t = _buyer()
    t.edit(1, agriculture=10)
    t.do(BuyCard(0, 1, card, (G,), dice=(2, 6)))
    events = t.do(PickDie(0, 2))
    assert events[-1] == DieChosen(1, 6, Gain())
    assert t.s.players[1].agriculture == 10 and t.s.players[0].brick == 4
