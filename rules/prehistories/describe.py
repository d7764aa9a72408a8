"""``describe``: each Prehistories event as a line a player reads in the game's history."""
from __future__ import annotations

from functools import singledispatch
from typing import Any

from .cave import describe_placement
from .data import HUNTERS
from .events import (
    CardsDrawn, DrawReason, GameStarted, GameWon, HuntEnded, HuntersPlayed, ObjectiveMet, TileDiscarded,
    TilePainted, TileTaken, TurnOrderSet, ZonesFilled,
)
from .goals import GOALS
from .state import State
from .tiles import TILES

_REASONS = {
    DrawReason.NO_HUNT: "took no tile",
    DrawReason.HUNT: "hunt",
    DrawReason.HAND_PRINT: "covered a hand print",
}


def describe(state: State | None, event: Any) -> str:
    """The reason for ``event`` as a player reads it, given the state before it."""
    return _describe(event, state)


def _name(state: State | None, colour: Any) -> str:
    try:
        return state.player(colour).name if state is not None else colour.label
    except KeyError:
        return colour.label


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


@singledispatch
def _describe(event: Any, state: State | None) -> str:
    return type(event).__name__


@_describe.register
def _(event: GameStarted, state: State | None) -> str:
    seats = ", ".join(f"{p.name} ({p.colour.label})" for p in event.players)
    return f"New game: {seats}; board side {event.side.value} players; goals {' '.join(event.goals)}"


@_describe.register
def _(event: ZonesFilled, state: State | None) -> str:
    round_no = state.round if state is not None else 1
    if not event.tiles:
        return f"Round {round_no}: no new tiles"
    tiles = ", ".join(f"zone {f.zone}: {TILES[f.tile].name}" for f in event.tiles)
    return f"Round {round_no}: new tiles ({tiles})"


@_describe.register
def _(event: HuntersPlayed, state: State | None) -> str:
    # planning is secret until everyone has chosen: the line says nothing about the cards
    return f"{_name(state, event.colour)} has chosen hunters (face down)"


def _party(state: State | None, colour: Any) -> str:
    """A revealed party: "Ann 17 (fastest 15)"."""
    if state is None:
        return colour.label
    speeds = state.player(colour).played
    power = sum(HUNTERS[s].power for s in speeds)
    return f"{_name(state, colour)} {power} (fastest {max(speeds)})"


@_describe.register
def _(event: TurnOrderSet, state: State | None) -> str:
    order = " → ".join(_party(state, c) for c in event.order) or "nobody hunts"
    verb = "skips" if len(event.passed) == 1 else "skip"
    passed = f"; {', '.join(_name(state, c) for c in event.passed)} {verb} the hunt" if event.passed else ""
    return f"Order of play: {order}{passed}"


@_describe.register
def _(event: CardsDrawn, state: State | None) -> str:
    text = f"{_name(state, event.colour)} draws {_cards(event.count)} ({_REASONS[event.reason]})"
    if event.reshuffled:
        text += ", after shuffling the discard pile under the deck"
    if event.count < event.owed:
        text += f"; {event.owed} were due but the cards ran out"
    return text


@_describe.register
def _(event: TileTaken, state: State | None) -> str:
    power = sum(HUNTERS[s].power for s in event.hunters)
    hurt = "with an injury" if event.injured else "without injury"
    who, tile = _name(state, event.colour), TILES[event.tile].name
    return f"{who} hunts {tile} in zone {event.zone} (power {power}, {hurt})"


@_describe.register
def _(event: HuntEnded, state: State | None) -> str:
    back = f"; {_cards(len(event.returned))} back to the hand" if event.returned else ""
    return f"{_name(state, event.colour)} ends the hunt{back}"


@_describe.register
def _(event: TilePainted, state: State | None) -> str:
    return f"{_name(state, event.colour)} paints {describe_placement(event.placement)}"


@_describe.register
def _(event: TileDiscarded, state: State | None) -> str:
    return f"{_name(state, event.colour)} discards {TILES[event.tile].name}: it fits nowhere in the cave"


@_describe.register
def _(event: ObjectiveMet, state: State | None) -> str:
    goal = GOALS.get(event.objective)
    what = f"goal {goal.id} ({goal.text})" if goal else f"completed {event.objective}"
    if event.objective == "legendary":
        what = "painted a Legendary animal"
    first = ", first to do it" if event.first else ""
    totem = "totem" if event.totems == 1 else "totems"
    return f"{_name(state, event.colour)} +{event.totems} {totem}: {what}{first}"


@_describe.register
def _(event: GameWon, state: State | None) -> str:
    return f"{_name(state, event.colour)} has placed every totem and wins!"

