"""Deciding the actions phase: gathering, the village, building huts, buying cards, dice for everyone.

Each ``decide_*`` function is pure: it checks a command against the state (the turn and phase are
already checked by ``decide``) and returns the events, or raises ``IllegalMove`` naming the rule.
"""
from __future__ import annotations

from collections import Counter

from ..errors import IllegalMove
from ..text import Text
from .cards import ANY_TWO_AMOUNT, CARD_BY_ID, Card, Effect
from .commands import BuildHut, BuyCard, Decline, Gather, PickDie, UseAnyTwo, UseVillage
from .data import DIE_REWARD, GATHERING, MAX_AGRICULTURE, MAX_PEOPLE, RESOURCE_VALUE, VILLAGE, Area, Resource
from .events import AnyTwoUsed, CardBought, Declined, DieChosen, Gain, Gathered, HutBuilt, VillageUsed
from .huts import HUT_BY_ID, check_payment, hut_points
from .state import GameState, PlayerState
from .tools import MAX_TOOL_STEPS
from .turns import placement_of, space_name
from .words import INPUT_WORDS


def check_dice(dice: tuple[int, ...], count: int, what: str) -> None:
    """Raise unless ``dice`` are ``count`` values 1..6; ``what`` (a ``Text``) names what was rolled for."""
    if len(dice) != count:
        raise IllegalMove("{what} needs {count} dice values, got {got}",
                          what=what, count=count, got=len(dice))
    if any(type(d) is not int or not 1 <= d <= 6 for d in dice):
        raise IllegalMove("a die shows 1 to 6")


def check_tools(p: PlayerState, tiles: tuple[int, ...], cards: tuple[int, ...]) -> int:
    """Raise unless the tiles are distinct unused tiles and the cards one-use tools held; return their total."""
    if len(set(tiles)) != len(tiles):
        raise IllegalMove("each tool tile is used once")
    for i in tiles:
        if not 0 <= i < len(p.tools):
            raise IllegalMove("you have no tool tile number {number}", number=i + 1)
        if p.tools_used[i]:
            raise IllegalMove("a tool tile is used once per round")
    held = Counter(p.one_use_tools)
    for v, n in Counter(cards).items():
        if held[v] < n:
            raise IllegalMove("you have no unused one-use tool of {value}", value=v)
    return sum(p.tools[i] for i in tiles) + sum(cards)


def check_has(p: PlayerState, paid: tuple[Resource, ...]) -> None:
    """Raise unless the player holds every resource in ``paid``."""
    for r, n in Counter(paid).items():
        if p.amount(r) < n:
            raise IllegalMove("you have only {count} {resource}", count=p.amount(r), resource=r.value)


def _own_space(state: GameState, player: int, area: Area, slot: int = 0) -> None:
    pl = placement_of(state, player, area, slot)
    if pl is None:
        raise IllegalMove("you have no figures on {space}", space=space_name(area, slot))
    if pl.resolved:
        raise IllegalMove("{space} is already resolved", space=space_name(area, slot))


def decide_gather(state: GameState, c: Gather) -> tuple[Gathered, ...]:
    """Hunting or a resource area: floor((dice + tools) / divisor) of the area's yield."""
    if c.area not in GATHERING:
        raise IllegalMove("{space} is not a gathering area", space=space_name(c.area, 0))
    _own_space(state, c.player, c.area)
    figures = placement_of(state, c.player, c.area).figures  # type: ignore[union-attr]
    if figures > 1:
        rolled = Text("{count} figures on {space}", count=figures, space=space_name(c.area))
    else:
        rolled = Text("{count} figure on {space}", count=figures, space=space_name(c.area))
    check_dice(c.dice, figures, rolled)
    extra = check_tools(state.players[c.player], c.tool_tiles, c.tool_cards)
    amount = (sum(c.dice) + extra) // GATHERING[c.area][1]
    return (Gathered(c.player, c.area, c.dice, tuple(c.tool_tiles), tuple(c.tool_cards), amount),)


_VILLAGE_TOP = {
    Area.TOOL_MAKER: lambda p: sum(p.tools) >= MAX_TOOL_STEPS,
    Area.HUT: lambda p: p.people >= MAX_PEOPLE,
    Area.FIELD: lambda p: p.agriculture >= MAX_AGRICULTURE,
}


def decide_village(state: GameState, c: UseVillage) -> tuple[VillageUsed, ...]:
    """Tool maker +1 tool step, hut +1 person, field +1 agriculture (nothing when already at the top)."""
    if c.area not in VILLAGE:
        raise IllegalMove("{space} is not in the village", space=space_name(c.area, 0))
    _own_space(state, c.player, c.area)
    return (VillageUsed(c.player, c.area, not _VILLAGE_TOP[c.area](state.players[c.player])),)


def decide_build(state: GameState, c: BuildHut) -> tuple[HutBuilt, ...]:
    """Build a hut: a known tile not built yet, a payment that fits it, resources the player holds."""
    _own_space(state, c.player, Area.BUILDING, c.slot)
    hut = HUT_BY_ID.get(c.hut)
    if hut is None:
        raise IllegalMove("there is no building tile {hut}", hut=c.hut)
    if any(b.hut == c.hut for p in state.players for b in p.huts):
        raise IllegalMove("building tile {hut} is already built", hut=c.hut)
    check_payment(hut, tuple(c.paid))
    check_has(state.players[c.player], tuple(c.paid))
    return (HutBuilt(c.player, c.slot, c.hut, tuple(c.paid), hut_points(c.paid)),)


def decide_decline(state: GameState, c: Decline) -> tuple[Declined, ...]:
    """Take the figure back from a building or card slot."""
    if c.area not in (Area.BUILDING, Area.CARD):
        raise IllegalMove("only a building or a card can be declined")
    _own_space(state, c.player, c.area, c.slot)
    return (Declined(c.player, c.area, c.slot),)


def _card_available(state: GameState, card_id: int, drawn: bool = False) -> Card:
    card = CARD_BY_ID.get(card_id)
    if card is None:
        raise IllegalMove("there is no civilization card {id}", id=card_id)
    if card_id in state.cards_out:
        if drawn:
            raise IllegalMove("the drawn card {card} ({id}) is already taken", card=card.label, id=card_id)
        raise IllegalMove("the {card} ({id}) is already taken", card=card.label, id=card_id)
    return card


def _no_inputs(c: BuyCard, card: Card, *allowed: str) -> None:
    given = {"dice": c.dice, "tool_tiles": c.tool_tiles, "tool_cards": c.tool_cards,
             "extra_card": c.extra_card, "chosen": c.chosen}
    for name, value in given.items():
        if value and name not in allowed:
            raise IllegalMove("the {card} takes no {input}", card=card.label, input=INPUT_WORDS[name])


def _card_gain(state: GameState, c: BuyCard, card: Card) -> Gain:
    """The immediate effect of ``card`` given the command's inputs (checked here)."""
    p = state.players[c.player]
    eff = card.effect
    if eff is Effect.ROLL:
        _no_inputs(c, card, "dice", "tool_tiles", "tool_cards")
        check_dice(c.dice, 2, Text("the {card}", card=card.label))
        extra = check_tools(p, c.tool_tiles, c.tool_cards)
        assert card.resource is not None
        return Gain(**{card.resource.value: (sum(c.dice) + extra) // RESOURCE_VALUE[card.resource]})
    if eff is Effect.DICE_FOR_ALL:
        if c.tool_tiles or c.tool_cards:
            raise IllegalMove("tools cannot change dice for everyone")
        _no_inputs(c, card, "dice")
        check_dice(c.dice, state.player_count, Text("dice for everyone"))
        return Gain()
    if eff is Effect.EXTRA_CARD:
        _no_inputs(c, card, "extra_card")
        if state.deck == 0:
            if c.extra_card:
                raise IllegalMove("the civilization deck is empty: no extra card")
        else:
            if not c.extra_card:
                raise IllegalMove("say which card was drawn from the deck")
            if c.extra_card == c.card:
                raise IllegalMove("the extra card is another card than the one bought")
            _card_available(state, c.extra_card, drawn=True)
        return Gain()
    if eff is Effect.ANY_TWO:
        _no_inputs(c, card, "chosen")
        if not c.chosen:
            return Gain(any_two=1)  # kept for later
        if len(c.chosen) != card.amount:
            raise IllegalMove("choose {count} resources, or none to keep the card for later",
                              count=card.amount)
        counts = Counter(c.chosen)
        return Gain(**{r.value: n for r, n in counts.items()})
    _no_inputs(c, card)
    if eff is Effect.FOOD:
        return Gain(food=card.amount)
    if eff is Effect.RESOURCE:
        assert card.resource is not None
        return Gain(**{card.resource.value: card.amount})
    if eff is Effect.POINTS:
        return Gain(points=card.amount)
    if eff is Effect.AGRICULTURE:
        return Gain(agriculture=card.amount if p.agriculture < MAX_AGRICULTURE else 0)
    if eff is Effect.ONE_USE_TOOL:
        return Gain(one_use_tool=card.amount)
    return Gain(tool_steps=1 if sum(p.tools) < MAX_TOOL_STEPS else 0)  # Effect.TOOL


def decide_buy(state: GameState, c: BuyCard) -> tuple[CardBought, ...]:
    """Buy the card in slot ``slot``: pay ``slot`` resources (any kinds), then apply its top."""
    _own_space(state, c.player, Area.CARD, c.slot)
    card = _card_available(state, c.card)
    if len(c.paid) != c.slot:
        if c.slot > 1:
            raise IllegalMove("card slot {slot} costs {slot} resources", slot=c.slot)
        raise IllegalMove("card slot {slot} costs {slot} resource", slot=c.slot)
    gain = _card_gain(state, c, card)
    check_has(state.players[c.player], tuple(c.paid))
    return (CardBought(c.player, c.slot, c.card, tuple(c.paid), gain, c.extra_card, tuple(c.dice),
                       tuple(c.tool_tiles), tuple(c.tool_cards)),)


def decide_any_two(state: GameState, c: UseAnyTwo) -> tuple[AnyTwoUsed, ...]:
    """Spend a kept "any 2 resources" card (the turn is checked by ``decide``)."""
    p = state.players[c.player]
    if p.any_two < 1:
        raise IllegalMove("{name} has no kept “any 2 resources” card", name=p.name)
    if len(c.chosen) != ANY_TWO_AMOUNT:
        raise IllegalMove("choose {count} resources", count=ANY_TWO_AMOUNT)
    return (AnyTwoUsed(c.player, tuple(c.chosen)),)


def die_gain(state: GameState, player: int, value: int) -> Gain:
    """What one die of "dice for everyone" gives ``player`` (tool/agriculture stop at their top)."""
    reward = DIE_REWARD[value]
    p = state.players[player]
    if reward == "tool":
        return Gain(tool_steps=1 if sum(p.tools) < MAX_TOOL_STEPS else 0)
    if reward == "agriculture":
        return Gain(agriculture=1 if p.agriculture < MAX_AGRICULTURE else 0)
    return Gain(**{reward: 1})


def decide_pick(state: GameState, c: PickDie) -> tuple[DieChosen, ...]:
    """Take one of the dice still on the table."""
    lot = state.lottery
    assert lot is not None
    if c.value not in lot.dice:
        shown = ", ".join(str(d) for d in sorted(lot.dice))
        raise IllegalMove("no die shows {value}; the dice left are {dice}", value=c.value, dice=shown)
    return (DieChosen(c.player, c.value, die_gain(state, c.player, c.value)),)
