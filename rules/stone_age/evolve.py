"""``evolve(state, event) -> state``: apply one event. Events are facts; nothing is refused here.

After each event ``_settle`` moves the round along: the next placer, the switch to actions when
nobody can place, the actor in turn order, the switch to feeding, and ``current``.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from . import turns
from .cards import CARD_BY_ID, Effect
from .data import CARD_SLOTS, GATHERING, HUNGER_PENALTY, MAX_AGRICULTURE, MAX_PEOPLE, Area, Resource
from .events import (
    AnyTwoUsed,
    CardBought,
    Declined,
    DieChosen,
    Fed,
    FiguresPlaced,
    FinalScored,
    Gain,
    GameEnded,
    GameStarted,
    Gathered,
    HutBuilt,
    RoundEnded,
    RoundStarted,
    StayedHome,
    VillageUsed,
)
from .feeding import shortfall
from .state import BuiltHut, FeedLine, GameState, Lottery, Phase, Placement, PlayerState
from .tools import improve


def _player(state: GameState, seat: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def _pay(p: PlayerState, paid: tuple[Resource, ...]) -> dict[str, int]:
    counts = Counter(paid)
    return {r.value: p.amount(r) - counts[r] for r in counts}


def _spend_tools(p: PlayerState, tiles: tuple[int, ...], cards: tuple[int, ...]) -> dict[str, Any]:
    used = tuple(u or i in tiles for i, u in enumerate(p.tools_used))
    left = list(p.one_use_tools)
    for v in cards:
        left.remove(v)
    return {"tools_used": used, "one_use_tools": tuple(left)}


def _tool_step(p: PlayerState) -> dict[str, Any]:
    new = improve(p.tools)
    if new is None:
        return {}
    used = p.tools_used + (False,) * (len(new) - len(p.tools))
    return {"tools": new, "tools_used": used}


def _resolve(state: GameState, seat: int, area: Area, slot: int = 0) -> GameState:
    placements = tuple(
        replace(pl, resolved=True) if (pl.player, pl.area, pl.slot) == (seat, area, slot) else pl
        for pl in state.placements
    )
    return replace(state, placements=placements)


def _gain(state: GameState, seat: int, g: Gain) -> GameState:
    p = state.players[seat]
    changes: dict[str, Any] = {
        "food": p.food + g.food, "wood": p.wood + g.wood, "brick": p.brick + g.brick,
        "stone": p.stone + g.stone, "gold": p.gold + g.gold, "score": p.score + g.points,
        "agriculture": min(MAX_AGRICULTURE, p.agriculture + g.agriculture),
    }
    if g.one_use_tool:
        changes["one_use_tools"] = p.one_use_tools + (g.one_use_tool,)
    if g.any_two:
        changes["any_two"] = p.any_two + g.any_two
    p = replace(p, **changes)
    for _ in range(g.tool_steps):
        p = replace(p, **_tool_step(p))
    players = list(state.players)
    players[seat] = p
    return replace(state, players=tuple(players))


def _started(_: GameState | None, e: GameStarted) -> GameState:
    players = tuple(PlayerState(name=s.name, colour=s.colour) for s in e.players)
    return GameState(players=players, start_player=e.start_player, current=e.start_player,
                     deck=e.deck, stacks=e.stacks, slots_filled=(True,) * CARD_SLOTS, board=e.board,
                     phase=Phase.ACTIONS if e.board else Phase.PLACE,
                     round_people=tuple(p.people for p in players))


def _placed(s: GameState, e: FiguresPlaced) -> GameState:
    s = replace(s, placements=s.placements + (Placement(e.player, e.area, e.slot, e.figures),))
    if s.board:  # placed as it is resolved: the same player goes on
        return s
    nxt = turns.next_placer(s, e.player)
    if nxt is None:
        return replace(s, phase=Phase.ACTIONS)
    return replace(s, current=nxt)


def _gathered(s: GameState, e: Gathered) -> GameState:
    p = s.players[e.player]
    resource = GATHERING[e.area][0]
    field = "food" if resource is None else resource.value
    s = _player(s, e.player, **_spend_tools(p, e.tool_tiles, e.tool_cards), **{field: getattr(p, field) + e.amount})
    return _resolve(s, e.player, e.area)


def _village(s: GameState, e: VillageUsed) -> GameState:
    p = s.players[e.player]
    if e.gained:
        if e.area is Area.TOOL_MAKER:
            s = _player(s, e.player, **_tool_step(p))
        elif e.area is Area.HUT:
            s = _player(s, e.player, people=min(MAX_PEOPLE, p.people + 1))
        else:
            s = _player(s, e.player, agriculture=min(MAX_AGRICULTURE, p.agriculture + 1))
    return _resolve(s, e.player, e.area)


def _hut(s: GameState, e: HutBuilt) -> GameState:
    p = s.players[e.player]
    s = _player(s, e.player, score=p.score + e.points, huts=p.huts + (BuiltHut(e.hut, e.paid, e.points),),
                **_pay(p, e.paid))
    stacks = tuple(n - 1 if i == e.slot - 1 else n for i, n in enumerate(s.stacks))
    return _resolve(replace(s, stacks=stacks), e.player, Area.BUILDING, e.slot)


def _declined(s: GameState, e: Declined) -> GameState:
    return _resolve(s, e.player, e.area, e.slot)


def _bought(s: GameState, e: CardBought) -> GameState:
    p = s.players[e.player]
    new_cards = (e.card,) + ((e.extra_card,) if e.extra_card else ())
    s = _player(s, e.player, cards=p.cards + new_cards, **_pay(p, e.paid),
                **_spend_tools(p, e.tool_tiles, e.tool_cards))
    s = _gain(s, e.player, e.gain)
    slots = tuple(False if i == e.slot - 1 else f for i, f in enumerate(s.slots_filled))
    s = replace(s, slots_filled=slots, cards_out=s.cards_out + new_cards,
                deck=s.deck - (1 if e.extra_card else 0))
    if CARD_BY_ID[e.card].effect is Effect.DICE_FOR_ALL:
        n = s.player_count
        order = tuple((e.player + i) % n for i in range(n))
        s = replace(s, lottery=Lottery(e.player, e.dice, order))
    return _resolve(s, e.player, Area.CARD, e.slot)


def _die(s: GameState, e: DieChosen) -> GameState:
    s = _gain(s, e.player, e.gain)
    lot = s.lottery
    assert lot is not None
    dice = list(lot.dice)
    dice.remove(e.value)
    nxt = replace(lot, dice=tuple(dice), next=lot.next + 1)
    return replace(s, lottery=nxt if dice else None)


def _any_two(s: GameState, e: AnyTwoUsed) -> GameState:
    p = s.players[e.player]
    taken = {r.value: p.amount(r) + n for r, n in Counter(e.chosen).items()}
    return _player(s, e.player, any_two=p.any_two - 1, **taken)


def _fed(s: GameState, e: Fed) -> GameState:
    p = s.players[e.player]
    food = p.food + e.harvest - e.food
    s = _player(s, e.player, food=food, score=p.score - (HUNGER_PENALTY if e.penalty else 0),
                **_pay(p, e.resources))
    fed = tuple(True if i == e.player else f for i, f in enumerate(s.fed))
    line = FeedLine(e.player, e.harvest, e.food, e.resources, e.penalty, food)
    return replace(s, fed=fed, feeding=s.feeding + (line,))


def _stayed(s: GameState, e: StayedHome) -> GameState:
    return replace(s, stayed_home=s.stayed_home + (e.player,))


def _round_ended(s: GameState, e: RoundEnded) -> GameState:
    players = tuple(replace(p, round_scores=p.round_scores + (sc,), tools_used=(False,) * len(p.tools))
                    for p, sc in zip(s.players, e.scores))
    return replace(s, players=players, placements=(), stayed_home=())


def _round_started(s: GameState, e: RoundStarted) -> GameState:
    return replace(s, round=e.round, start_player=e.start_player, current=e.start_player,
                   phase=Phase.ACTIONS if s.board else Phase.PLACE, round_people=tuple(p.people for p in s.players),
                   deck=s.deck - e.refilled, slots_filled=(True,) * CARD_SLOTS, fed=(), lottery=None)


def _ended(s: GameState, e: GameEnded) -> GameState:
    return replace(s, ended=e.reason)


def _final(s: GameState, e: FinalScored) -> GameState:
    return replace(s, final=e.rows, phase=Phase.OVER, current=-1)


_HANDLERS: dict[type, Callable[[Any, Any], GameState]] = {
    GameStarted: _started, FiguresPlaced: _placed, Gathered: _gathered, VillageUsed: _village,
    HutBuilt: _hut, Declined: _declined, CardBought: _bought, DieChosen: _die, AnyTwoUsed: _any_two,
    Fed: _fed, StayedHome: _stayed, RoundEnded: _round_ended, RoundStarted: _round_started, GameEnded: _ended,
    FinalScored: _final,
}


def _settle(s: GameState) -> GameState:
    """Advance the phase when the current one is done and point ``current`` at who acts next."""
    if s.phase is Phase.ACTIONS:
        if s.lottery is not None:
            return replace(s, current=s.lottery.order[s.lottery.next])
        actor = turns.next_actor(s)
        if actor is not None:
            return replace(s, current=actor)
        s = replace(s, phase=Phase.FEED, fed=(False,) * s.player_count, feeding=())
    if s.phase is Phase.FEED:
        waiting = [i for i in s.turn_order() if not s.fed[i] and shortfall(s.players[i]) > 0]
        return replace(s, current=waiting[0] if waiting else -1)
    return s


def evolve(state: GameState | None, event: Any) -> GameState:
    """The state after ``event``. ``state`` is ``None`` only before ``GameStarted``."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"not a Stone Age event: {type(event).__name__}")
    if state is None and not isinstance(event, GameStarted):
        raise TypeError("the first Stone Age event must be GameStarted")
    return _settle(handler(state, event))

