"""``describe``: each Prehistories event as a line a player reads in the game's history.

Every line is a ``Text``: the English sentence, with its template and values kept so the app can
show it in the table's language. Templates are whole sentences (one per case) spelled out where they
are made, so the message extractor sees each; composed parts (a placement, a list, a tile's name, a
goal id) are ``Text`` in turn, and the only plain words passed as values are those of
``words.VOCABULARY`` (colours, animals, goal texts), so each can be translated as it stands.
"""
from __future__ import annotations

from functools import singledispatch
from typing import Any

from ..text import Text
from .cave import describe_placement
from .data import HUNTERS
from .events import (
    CardsDrawn,
    DrawReason,
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
from .goals import GOALS
from .state import State
from .words import goal_list, goal_name, goal_text, listing, order_chain, tile_name


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
    seats = listing([Text("{name} ({colour})", name=p.name, colour=p.colour.label) for p in event.players])
    return Text("New game: {seats}; board side {side} players; goals {goals}",
                seats=seats, side=event.side.value, goals=goal_list(event.goals))


@_describe.register
def _(event: ZonesFilled, state: State | None) -> Text:
    round_no = state.round if state is not None else 1
    if not event.tiles:
        return Text("Round {round}: no new tiles", round=round_no)
    tiles = listing([Text("{zone} {tile}", zone=f.zone, tile=tile_name(f.tile)) for f in event.tiles])
    return Text("Round {round}: new tiles by zone: {tiles}", round=round_no, tiles=tiles)


@_describe.register
def _(event: TilesDrawn, state: State | None) -> Text:
    tiles = listing([Text("{zone} {tile}", zone=f.zone, tile=tile_name(f.tile)) for f in event.tiles])
    if event.by_cairn:
        return Text("Cairn drew for the table, by zone: {tiles}", tiles=tiles)
    return Text("Drawn from the stacks, by zone: {tiles}", tiles=tiles)


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
    return Text("{name} {power} (fastest {speed})", name=_name(state, colour), power=power, speed=max(speeds))


@_describe.register
def _(event: TurnOrderSet, state: State | None) -> Text:
    if not event.order:
        return Text("Nobody hunts this round")
    order = order_chain([_party(state, c) for c in event.order])
    passed = listing([_name(state, c) for c in event.passed])
    if not event.passed:
        return Text("Order of play: {order}", order=order)
    if len(event.passed) == 1:
        return Text("Order of play: {order}; {passed} skips the hunt", order=order, passed=passed)
    return Text("Order of play: {order}; {passed} skip the hunt", order=order, passed=passed)


@_describe.register
def _(event: CardsDrawn, state: State | None) -> Text:
    name, count, one = _name(state, event.colour), event.count, event.count == 1
    if event.reason is DrawReason.NO_HUNT:
        drawn = (Text("{name} draws 1 card (took no tile)", name=name) if one
                 else Text("{name} draws {count} cards (took no tile)", name=name, count=count))
    elif event.reason is DrawReason.HUNT:
        drawn = (Text("{name} draws 1 card (hunt)", name=name) if one
                 else Text("{name} draws {count} cards (hunt)", name=name, count=count))
    else:
        drawn = (Text("{name} draws 1 card (covered a hand print)", name=name) if one
                 else Text("{name} draws {count} cards (covered a hand print)", name=name, count=count))
    short = event.count < event.owed
    if event.reshuffled and short:
        return Text("{drawn}, after shuffling the discard pile under the deck; "
                    "{owed} were due but the cards ran out", drawn=drawn, owed=event.owed)
    if event.reshuffled:
        return Text("{drawn}, after shuffling the discard pile under the deck", drawn=drawn)
    if short:
        return Text("{drawn}; {owed} were due but the cards ran out", drawn=drawn, owed=event.owed)
    return drawn


@_describe.register
def _(event: TileTaken, state: State | None) -> Text:
    params = {"name": _name(state, event.colour), "tile": tile_name(event.tile), "zone": event.zone,
              "power": sum(HUNTERS[s].power for s in event.hunters)}
    if event.injured:
        return Text("{name} hunts {tile} in zone {zone} (power {power}, with an injury)", **params)
    return Text("{name} hunts {tile} in zone {zone} (power {power}, without injury)", **params)


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
    return Text("{who} paints {placement}", who=_name(state, event.colour),
                placement=describe_placement(event.placement))


@_describe.register
def _(event: TileDiscarded, state: State | None) -> Text:
    return Text("{name} discards {tile}: it fits nowhere in the cave",
                name=_name(state, event.colour), tile=tile_name(event.tile))


@_describe.register
def _(event: ObjectiveMet, state: State | None) -> Text:
    params: dict[str, Any] = {"name": _name(state, event.colour), "totems": event.totems}
    one = event.totems == 1
    kind, _, line = event.objective.partition(" ")
    if event.objective in GOALS:
        params.update(goal=goal_name(event.objective), text=goal_text(event.objective))
        met = (Text("{name} +1 totem: goal {goal} ({text})", **params) if one
               else Text("{name} +{totems} totems: goal {goal} ({text})", **params))
    elif kind == "row":
        params["line"] = int(line)
        met = (Text("{name} +1 totem: completed row {line}", **params) if one
               else Text("{name} +{totems} totems: completed row {line}", **params))
    elif kind == "column":
        params["line"] = int(line)
        met = (Text("{name} +1 totem: completed column {line}", **params) if one
               else Text("{name} +{totems} totems: completed column {line}", **params))
    else:
        met = (Text("{name} +1 totem: painted a Legendary animal", **params) if one
               else Text("{name} +{totems} totems: painted a Legendary animal", **params))
    if event.first:
        return Text("{met}, first to do it", met=met)
    return met


@_describe.register
def _(event: GameWon, state: State | None) -> Text:
    return Text("{name} has placed every totem and wins!", name=_name(state, event.colour))
