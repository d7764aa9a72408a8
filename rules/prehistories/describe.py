"""``describe``: each Prehistories event as a line a player reads in the game's history.

Every line is a ``Text``: the English sentence, with its template and values kept so the app can
show it in the table's language. Templates are whole sentences (one per case), never English words
passed in as values, so each can be translated as it stands.
"""
from __future__ import annotations

from functools import singledispatch
from typing import Any

from ..text import Text
from .cave import describe_placement
from .data import HUNTERS
from .events import (
    CardsDrawn, DrawReason, GameStarted, GameWon, HuntEnded, HuntersPlayed, ObjectiveMet, TileDiscarded,
    TilePainted, TileTaken, TurnOrderSet, ZonesFilled,
)
from .goals import GOALS
from .state import State
from .tiles import TILES

#: why cards were drawn -> the end of the sentence (for one card, for several)
_DRAWN = {
    DrawReason.NO_HUNT: ("{name} draws 1 card (took no tile)", "{name} draws {count} cards (took no tile)"),
    DrawReason.HUNT: ("{name} draws 1 card (hunt)", "{name} draws {count} cards (hunt)"),
    DrawReason.HAND_PRINT: ("{name} draws 1 card (covered a hand print)",
                            "{name} draws {count} cards (covered a hand print)"),
}


def describe(state: State | None, event: Any) -> Text:
    """The reason for ``event`` as a player reads it, given the state before it."""
    return _describe(event, state)


def _name(state: State | None, colour: Any) -> str:
    try:
        return state.player(colour).name if state is not None else colour.label
    except KeyError:
        return colour.label


@singledispatch
def _describe(event: Any, state: State | None) -> Text:
    return Text("{event}", event=type(event).__name__)


@_describe.register
def _(event: GameStarted, state: State | None) -> Text:
    seats = ", ".join(f"{p.name} ({p.colour.label})" for p in event.players)
    return Text("New game: {seats}; board side {side} players; goals {goals}",
                seats=seats, side=event.side.value, goals=" ".join(event.goals))


@_describe.register
def _(event: ZonesFilled, state: State | None) -> Text:
    round_no = state.round if state is not None else 1
    if not event.tiles:
        return Text("Round {round}: no new tiles", round=round_no)
    tiles = ", ".join(f"{f.zone} {TILES[f.tile].name}" for f in event.tiles)
    return Text("Round {round}: new tiles by zone: {tiles}", round=round_no, tiles=tiles)


@_describe.register
def _(event: HuntersPlayed, state: State | None) -> Text:
    # planning is secret until everyone has chosen: the line says nothing about the cards
    return Text("{name} has chosen hunters (face down)", name=_name(state, event.colour))


def _party(state: State | None, colour: Any) -> str:
    """A revealed party: "Ann 17 (fastest 15)"."""
    if state is None:
        return colour.label
    speeds = state.player(colour).played
    power = sum(HUNTERS[s].power for s in speeds)
    return f"{_name(state, colour)} {power} (fastest {max(speeds)})"


@_describe.register
def _(event: TurnOrderSet, state: State | None) -> Text:
    if not event.order:
        return Text("Nobody hunts this round")
    order = " → ".join(_party(state, c) for c in event.order)
    passed = ", ".join(_name(state, c) for c in event.passed)
    if not event.passed:
        return Text("Order of play: {order}", order=order)
    if len(event.passed) == 1:
        return Text("Order of play: {order}; {passed} skips the hunt", order=order, passed=passed)
    return Text("Order of play: {order}; {passed} skip the hunt", order=order, passed=passed)


@_describe.register
def _(event: CardsDrawn, state: State | None) -> Text:
    template = _DRAWN[event.reason][0 if event.count == 1 else 1]
    if event.reshuffled:
        template += ", after shuffling the discard pile under the deck"
    if event.count < event.owed:
        template += "; {owed} were due but the cards ran out"
    return Text(template, name=_name(state, event.colour), count=event.count, owed=event.owed)


@_describe.register
def _(event: TileTaken, state: State | None) -> Text:
    template = ("{name} hunts {tile} in zone {zone} (power {power}, with an injury)" if event.injured
                else "{name} hunts {tile} in zone {zone} (power {power}, without injury)")
    return Text(template, name=_name(state, event.colour), tile=TILES[event.tile].name, zone=event.zone,
                power=sum(HUNTERS[s].power for s in event.hunters))


@_describe.register
def _(event: HuntEnded, state: State | None) -> Text:
    name = _name(state, event.colour)
    if not event.returned:
        return Text("{name} ends the hunt", name=name)
    if len(event.returned) == 1:
        return Text("{name} ends the hunt; 1 card back to the hand", name=name)
    return Text("{name} ends the hunt; {count} cards back to the hand", name=name, count=len(event.returned))


@_describe.register
def _(event: TilePainted, state: State | None) -> Text:
    placed = describe_placement(event.placement)
    return Text("{who} paints " + placed.template, who=_name(state, event.colour), **placed.params)


@_describe.register
def _(event: TileDiscarded, state: State | None) -> Text:
    return Text("{name} discards {tile}: it fits nowhere in the cave",
                name=_name(state, event.colour), tile=TILES[event.tile].name)


@_describe.register
def _(event: ObjectiveMet, state: State | None) -> Text:
    head = "{name} +1 totem: " if event.totems == 1 else "{name} +{totems} totems: "
    params: dict[str, Any] = {"name": _name(state, event.colour), "totems": event.totems}
    kind, _, line = event.objective.partition(" ")
    if event.objective in GOALS:
        what = "goal {goal} ({text})"
        params.update(goal=event.objective, text=GOALS[event.objective].text)
    elif kind in ("row", "column"):
        what = f"completed {kind} {{line}}"
        params["line"] = int(line)
    else:
        what = "painted a Legendary animal"
    tail = ", first to do it" if event.first else ""
    return Text(head + what + tail, **params)


@_describe.register
def _(event: GameWon, state: State | None) -> Text:
    return Text("{name} has placed every totem and wins!", name=_name(state, event.colour))
