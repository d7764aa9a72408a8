"""``evolve``: apply one Prehistories event to the state. Events are facts, so nothing here refuses."""
from __future__ import annotations

from dataclasses import replace
from functools import singledispatch
from typing import Any

from .commands import PlayerSetup
from .events import (
    CardsDrawn,
    GameStarted,
    GameWon,
    HuntEnded,
    HuntersPlayed,
    ObjectiveMet,
    TileDiscarded,
    TilePainted,
    TilesDrawn,
    TileTaken,
    TurnOrderSet,
    ZonesFilled,
)
from .state import Award, Phase, Player, State, start_state


def evolve(state: State | None, event: Any) -> State:
    """The state after ``event``. Turn passing is settled here: a hunting round ends after the last
    hunter, a painter with nothing left to paint is skipped, and the round ends after the last painter."""
    if isinstance(event, GameStarted):
        return start_state(tuple(_new_player(s) for s in event.players), event.goals, event.side)
    if state is None:
        raise TypeError(f"{type(event).__name__} before GameStarted")
    return _settle(_apply(event, state))


def _new_player(setup: PlayerSetup) -> Player:
    return Player(name=setup.name, colour=setup.colour)


def _without_one(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    """``items`` with the first ``item`` removed."""
    i = items.index(item)
    return items[:i] + items[i + 1:]


def _settle(state: State) -> State:
    """Move the turn past players with nothing to do, and end the phase or round when everyone is done."""
    if state.phase is Phase.HUNTING and state.turn >= len(state.order):
        state = replace(state, phase=Phase.PAINTING, turn=0)
    if state.phase is Phase.PAINTING:
        turn = state.turn
        while turn < len(state.order) and not state.player(state.order[turn]).taken:
            turn += 1
        state = replace(state, turn=turn)
        if turn >= len(state.order):
            players = tuple(replace(p, planned=False, played=(), taken=(), injuries=0) for p in state.players)
            state = replace(state, phase=Phase.FILL, round=state.round + 1, order=(), turn=0, players=players)
    return state


@singledispatch
def _apply(event: Any, state: State) -> State:
    raise TypeError(f"not a Prehistories event: {type(event).__name__}")


@_apply.register
def _(event: TilesDrawn, state: State) -> State:
    told = {f.zone: f for f in state.drawn}
    told.update((f.zone, f) for f in event.tiles)
    return replace(state, drawn=tuple(told[z] for z in sorted(told)))


@_apply.register
def _(event: ZonesFilled, state: State) -> State:
    zones = list(state.zones)
    left = dict(state.stacks)
    for fill in event.tiles:
        zones[fill.zone] = fill.tile
        left[fill.tile] -= 1
    return replace(state, zones=tuple(zones), stacks=tuple(left.items()), phase=Phase.PLANNING, drawn=())


@_apply.register
def _(event: HuntersPlayed, state: State) -> State:
    p = state.player(event.colour)
    return state.replace_player(
        replace(p, planned=True, played=event.speeds, hand=p.hand - len(event.speeds)))


@_apply.register
def _(event: TurnOrderSet, state: State) -> State:
    return replace(state, phase=Phase.HUNTING, order=event.order, turn=0)


@_apply.register
def _(event: CardsDrawn, state: State) -> State:
    p = state.player(event.colour)
    discard = frozenset() if event.reshuffled else p.discard
    return state.replace_player(replace(p, hand=p.hand + event.count, discard=discard))


@_apply.register
def _(event: TileTaken, state: State) -> State:
    p = state.player(event.colour)
    played = p.played
    for speed in event.hunters:
        played = _without_one(played, speed)
    p = replace(
        p,
        played=played,
        discard=p.discard | frozenset(event.hunters),
        taken=p.taken + (event.tile,),
        injuries=p.injuries + int(event.injured),
    )
    zones = tuple(None if i == event.zone else t for i, t in enumerate(state.zones))
    return replace(state.replace_player(p), zones=zones)


@_apply.register
def _(event: HuntEnded, state: State) -> State:
    p = state.player(event.colour)
    state = state.replace_player(replace(p, played=(), hand=p.hand + len(event.returned)))
    return replace(state, turn=state.turn + 1)


@_apply.register
def _(event: TilePainted, state: State) -> State:
    p = state.player(event.colour)
    return state.replace_player(
        replace(p, taken=_without_one(p.taken, event.placement.tile), cave=p.cave + (event.placement,))
    )


@_apply.register
def _(event: TileDiscarded, state: State) -> State:
    p = state.player(event.colour)
    return state.replace_player(replace(p, taken=_without_one(p.taken, event.tile)))


@_apply.register
def _(event: ObjectiveMet, state: State) -> State:
    p = state.player(event.colour)
    state = state.replace_player(replace(p, awards=p.awards + (Award(event.objective, event.totems),)))
    if event.first:
        state = replace(state, firsts=state.firsts + ((event.objective, event.colour),))
    return state


@_apply.register
def _(event: GameWon, state: State) -> State:
    return replace(state, phase=Phase.OVER, winner=event.colour)
