"""A seeded Stone Age player that plays as people at a table do, for the taps benchmark.

The rules' random player (``rules.stone_age.random_play``) is there to reach every corner of the
rules: it puts figures on buildings and cards four times as often as elsewhere and then declines many
of them, pays with random resources and adds tools at random. Counted tap by tap, it measures the
screens on choices no table makes. ``table_command(state, rng)`` makes the choices a table makes, still
seeded and still varied (which space, how many figures, which hut, card and die are drawn from ``rng``):

* it puts a figure on a building only when it can pay one of the tiles left, and on a card only when
  it holds the card's price; the village spaces when they help (the field below 10, the hut below 10
  people, the tool maker below 3 tiles of 4), else gathering, food first when the next feeding is short;
* at a gathering area it adds the tools the dice screen advises (those that reach the next whole
  resource, wasting the fewest pips), or none when none reaches it;
* it pays cards, huts of "N resources of K kinds" and a feeding short of food with the cheapest
  resources it holds (wood, then brick, stone, gold), as players keep gold for points; a hut of
  "1–7 of any kinds" it pays with as many resources as it likes (drawn), the cheapest first;
* it takes a −10 only when it cannot pay the food it lacks.

Dice, the hut tiles and cards on show and the die picked from a "dice for everyone" card are what the
cardboard holds: they come from ``rng``, as the random player's do.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from companion.viewmodels.stone_age import cheapest
from companion.viewmodels.stone_age.build import holds
from companion.viewmodels.stone_age.dice import tool_advice
from rules.stone_age.cards import CARD_BY_ID, CARDS, Effect
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
from rules.stone_age.data import (
    EXACT_FIGURES,
    GATHERING,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOL_TILES,
    MAX_TOOL_VALUE,
    RESOURCES,
    VILLAGE,
    Area,
    Resource,
)
from rules.stone_age.feeding import shortfall
from rules.stone_age.huts import HUTS, Hut, HutKind
from rules.stone_age.state import GameState, Phase, PlayerState
from rules.stone_age.turns import figures_left, legal_places, unresolved


def hut_pay(hut: Hut, player: PlayerState, rng: random.Random) -> tuple[Resource, ...] | None:
    """How a table pays ``hut`` (see the module docstring), or None when the player cannot."""
    have = Counter({r: player.amount(r) for r in RESOURCES})
    if hut.kind is HutKind.FIXED:
        return hut.resources if holds(player, hut.resources) else None
    if hut.kind is HutKind.ANY:
        total = player.resource_total
        return cheapest(player, rng.randint(1, min(hut.count, total))) if total else None
    kinds = [r for r in RESOURCES if have[r] > 0]
    for first in range(len(kinds) - hut.kinds + 1):  # the cheapest kinds that hold enough between them
        chosen = kinds[first:first + hut.kinds]
        if sum(have[r] for r in chosen) >= hut.count:
            paid = list(chosen)
            extra = [r for r in chosen for _ in range(have[r] - 1)]
            return tuple(sorted(paid + extra[:hut.count - hut.kinds], key=RESOURCES.index))
    return None


def _free_huts(state: GameState) -> list[Hut]:
    built = {b.hut for p in state.players for b in p.huts}
    return [h for h in HUTS if h.id not in built]


def _payable_hut(state: GameState, seat: int, rng: random.Random) -> tuple[Hut, tuple[Resource, ...]] | None:
    huts = _free_huts(state)
    rng.shuffle(huts)
    for hut in huts:
        paid = hut_pay(hut, state.players[seat], rng)
        if paid is not None:
            return hut, paid
    return None


def _can_build(state: GameState, seat: int) -> bool:
    p = state.players[seat]
    return any(hut_pay(h, p, random.Random(0)) is not None for h in _free_huts(state))


def _village_helps(area: Area, p: PlayerState) -> bool:
    if area is Area.FIELD:
        return p.agriculture < MAX_AGRICULTURE
    if area is Area.HUT:
        return p.people < MAX_PEOPLE
    return len(p.tools) < MAX_TOOL_TILES or min(p.tools, default=MAX_TOOL_VALUE) < MAX_TOOL_VALUE


def _place(state: GameState, rng: random.Random) -> tuple[Area, int, int]:
    """The space a table player chooses now: (area, slot, figures)."""
    seat = state.current
    p = state.players[seat]
    options = legal_places(state, seat)
    left = figures_left(state, seat)
    want: list[tuple[Area, int, int]] = []
    for area, slot, most in options:
        if area is Area.BUILDING and _can_build(state, seat):
            want += [(area, slot, 1)] * 3
        elif area is Area.CARD and p.resource_total >= slot:
            want += [(area, slot, 1)] * (5 - slot)
        elif area in VILLAGE and EXACT_FIGURES.get(area, 1) <= left and _village_helps(area, p):
            want += [(area, slot, EXACT_FIGURES.get(area, 1))] * 2
    gathering = [(a, s, m) for a, s, m in options if a in GATHERING]
    hungry = shortfall(p) > 0 or p.food + p.agriculture < p.people + 2
    for area, slot, most in gathering:
        weight = 4 if area is Area.HUNTING and hungry else 2
        want += [(area, slot, rng.randint(max(1, most // 2), most))] * weight
    if not want:
        area, slot, most = rng.choice(options)
        return area, slot, EXACT_FIGURES.get(area) or rng.randint(1, most)
    return rng.choice(want)


def _roll(rng: random.Random, n: int) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(n))


def _gather(state: GameState, seat: int, area: Area, figures: int, rng: random.Random) -> Gather:
    p = state.players[seat]
    dice = _roll(rng, figures)
    advice = tool_advice(area, dice, p)
    return Gather(seat, area, dice, advice.tiles, tuple(dict.fromkeys(advice.cards)))


def _buy(state: GameState, seat: int, slot: int, rng: random.Random) -> Any:
    p = state.players[seat]
    paid = cheapest(p, slot)
    free = [c.id for c in CARDS if c.id not in state.cards_out]
    if paid is None or not free:
        return Decline(seat, Area.CARD, slot)
    card = CARD_BY_ID[rng.choice(free)]
    kw: dict[str, Any] = {}
    if card.effect is Effect.ROLL:
        kw["dice"] = _roll(rng, 2)
    elif card.effect is Effect.DICE_FOR_ALL:
        kw["dice"] = _roll(rng, state.player_count)
    elif card.effect is Effect.EXTRA_CARD and state.deck > 0:
        others = [c for c in free if c != card.id]
        kw["extra_card"] = rng.choice(others) if others else 0
    elif card.effect is Effect.ANY_TWO and rng.random() < 0.5:  # else the card is kept for the feeding
        kw["chosen"] = (rng.choice(RESOURCES), rng.choice(RESOURCES))
    return BuyCard(seat, slot, card.id, paid, **kw)


def _resolve(state: GameState, rng: random.Random) -> Any:
    seat = state.current
    if state.lottery is not None:
        return PickDie(seat, rng.choice(state.lottery.dice))
    left = unresolved(state, seat)
    if left:
        pl = left[0]
        area, slot, figures = pl.area, pl.slot, pl.figures
    else:  # the board keeps the placement: the space is chosen as it is resolved
        if not legal_places(state, seat):
            return StayHome(seat)
        area, slot, figures = _place(state, rng)
    if area in GATHERING:
        return _gather(state, seat, area, figures, rng)
    if area in VILLAGE:
        return UseVillage(seat, area)
    if area is Area.BUILDING:
        found = _payable_hut(state, seat, rng)
        return BuildHut(seat, slot, found[0].id, found[1]) if found else Decline(seat, Area.BUILDING, slot)
    return _buy(state, seat, slot, rng)


def _feed(state: GameState) -> Feed | UseAnyTwo:
    seat = state.current
    p = state.players[seat]
    if p.any_two and shortfall(p) > 0:
        return UseAnyTwo(seat, (Resource.WOOD, Resource.WOOD))
    paid = cheapest(p, shortfall(p))
    return Feed(seat, paid) if paid is not None else Feed(seat, penalty=True)


def table_command(state: GameState, rng: random.Random) -> Any:
    """The next command of whoever must act, chosen as a table would (see the module docstring)."""
    if state.phase is Phase.PLACE:
        area, slot, figures = _place(state, rng)
        return Place(state.current, area, figures, slot)
    if state.phase is Phase.ACTIONS:
        return _resolve(state, rng)
    if state.phase is Phase.FEED:
        return _feed(state)
    raise ValueError("the game is over")
