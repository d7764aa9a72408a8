"""``describe(state_before, event) -> Text``: each event's reason as a player reads it in the history.

Score changes lead with the points, e.g. "Ann +13: building (wood, brick, stone)", "Ben −10: hunger",
"Ann +3: Music card". Every reason is a ``rules.text.Text``: the English line plus its template and
params, composed parts (the space, the card, the resources paid, a gain) nested as ``Text`` in turn,
so the app can show the same line in Chinese.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..text import Text
from .cards import CARD_BY_ID, Effect
from .data import GATHERING, Area
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
from .state import GameState
from .tools import improve
from .turns import space_name
from .words import listing, resource_list

_ORDINAL = {1: Text("1st"), 2: Text("2nd"), 3: Text("3rd"), 4: Text("4th")}
_END = {"huts": Text("a building stack is empty"),
        "cards": Text("the civilization deck cannot refill the card slots")}


def _num(n: int) -> str:
    """A score as printed on the sheet: negatives with a real minus sign."""
    return str(n) if n >= 0 else f"−{-n}"


def gain_text(g: Gain) -> str:
    """A gain in words (a ``Text``): "+5 food, +1 stone, +1 tool", or "nothing"."""
    parts: list[str] = [Text("+{count} {resource}", count=getattr(g, k), resource=k)
                        for k in ("food", "wood", "brick", "stone", "gold", "agriculture") if getattr(g, k)]
    if g.tool_steps:
        parts.append(Text("+1 tool"))
    if g.one_use_tool:
        parts.append(Text("one-use tool {value}", value=g.one_use_tool))
    if g.any_two:
        parts.append(Text("“any 2 resources” kept for later"))
    return listing(parts) if parts else Text("nothing")


def _name(s: GameState | None, seat: int) -> str:
    return s.players[seat].name if s is not None else Text("player {number}", number=seat + 1)


def _started(s: GameState | None, e: GameStarted) -> Text:
    return Text("New game: {names}; {who} starts", names=listing([p.name for p in e.players]),
                who=e.players[e.start_player].name)


def _placed(s: GameState | None, e: FiguresPlaced) -> Text:
    who, space = _name(s, e.player), space_name(e.area, e.slot)
    if e.figures > 1:
        return Text("{who} placed {count} figures on {space}", who=who, count=e.figures, space=space)
    return Text("{who} placed {count} figure on {space}", who=who, count=e.figures, space=space)


def _gathered(s: GameState | None, e: Gathered) -> Text:
    res = GATHERING[e.area][0]
    what = "food" if res is None else res.value
    tools = list(e.tool_cards)
    if s is not None:
        tools = [s.players[e.player].tools[i] for i in e.tool_tiles] + tools
    dice = "+".join(str(d) for d in e.dice)
    who, space = _name(s, e.player), space_name(e.area)
    if tools:
        return Text("{who} +{amount} {what}: {space} (dice {dice}, tools +{tools})", who=who, amount=e.amount,
                    what=what, space=space, dice=dice, tools=sum(tools))
    return Text("{who} +{amount} {what}: {space} (dice {dice})", who=who, amount=e.amount, what=what,
                space=space, dice=dice)


def _village(s: GameState | None, e: VillageUsed) -> Text:
    who = _name(s, e.player)
    if not e.gained:
        return Text("{who}: {space} (already at the top, nothing gained)", who=who, space=space_name(e.area))
    if e.area is Area.HUT:
        return Text("{who} +1 person: the hut", who=who)
    if e.area is Area.FIELD:
        return Text("{who} +1 agriculture: the field", who=who)
    tiles = improve(s.players[e.player].tools) if s is not None else None
    shown = "/".join(str(t) for t in tiles) if tiles else "?"
    return Text("{who} +1 tool: the tool maker (tools {tools})", who=who, tools=shown)


def _hut(s: GameState | None, e: HutBuilt) -> Text:
    return Text("{who} +{points}: building ({paid})", who=_name(s, e.player), points=e.points,
                paid=resource_list(e.paid))


def _stayed(s: GameState | None, e: StayedHome) -> Text:
    if e.figures > 1:
        return Text("{who}: {count} figures went home", who=_name(s, e.player), count=e.figures)
    return Text("{who}: {count} figure went home", who=_name(s, e.player), count=e.figures)


def _declined(s: GameState | None, e: Declined) -> Text:
    return Text("{who} took the figure back from {space}", who=_name(s, e.player),
                space=space_name(e.area, e.slot))


def _bought(s: GameState | None, e: CardBought) -> Text:
    card = CARD_BY_ID[e.card]
    who = _name(s, e.player)
    paid = Text("slot {slot}, paid {paid}", slot=e.slot, paid=resource_list(e.paid))
    if card.effect is Effect.POINTS:
        return Text("{who} +{points}: {card} ({paid})", who=who, points=e.gain.points, card=card.label,
                    paid=paid)
    if card.effect is Effect.DICE_FOR_ALL:
        rolled = ", ".join(str(d) for d in e.dice)
        return Text("{who} bought the {card} ({paid}): dice for everyone {dice}", who=who, card=card.label,
                    paid=paid, dice=rolled)
    if card.effect is Effect.EXTRA_CARD:
        extra = (Text("drew the {card}", card=CARD_BY_ID[e.extra_card].label) if e.extra_card
                 else Text("the deck was empty"))
        return Text("{who} bought the {card} ({paid}): {extra}", who=who, card=card.label, paid=paid,
                    extra=extra)
    return Text("{who} {gain}: {card} ({paid})", who=who, gain=gain_text(e.gain), card=card.label, paid=paid)


def _die(s: GameState | None, e: DieChosen) -> Text:
    return Text("{who} {gain}: dice for everyone ({value})", who=_name(s, e.player), gain=gain_text(e.gain),
                value=e.value)


def _any_two(s: GameState | None, e: AnyTwoUsed) -> Text:
    return Text("{who} took {resources}: the kept “any 2 resources” card", who=_name(s, e.player),
                resources=resource_list(e.chosen))


def _fed(s: GameState | None, e: Fed) -> Text:
    who = _name(s, e.player)
    if e.harvest:
        return _fed_from_fields(s, e, who)
    if e.penalty:
        return Text("{who} −10: hunger (ate {food} food)", who=who, food=e.food)
    if e.resources:
        return Text("{who} fed: {food} food and {resources}", who=who, food=e.food,
                    resources=resource_list(e.resources))
    return Text("{who} fed: {food} food", who=who, food=e.food)


def _fed_from_fields(s: GameState | None, e: Fed, who: str) -> Text:
    """A feeding where the fields gave food (only events written since the surplus is kept)."""
    if e.penalty:
        return Text("{who} −10: hunger (fields +{harvest}, ate {food} food)", who=who, harvest=e.harvest,
                    food=e.food)
    if e.resources:
        return Text("{who} fed: fields +{harvest}, ate {food} food and {resources}", who=who,
                    harvest=e.harvest, food=e.food, resources=resource_list(e.resources))
    if s is None:
        return Text("{who} fed: fields +{harvest}, ate {food} food", who=who, harvest=e.harvest, food=e.food)
    left = s.players[e.player].food + e.harvest - e.food
    return Text("{who} fed: fields +{harvest}, ate {food} → {left} food", who=who, harvest=e.harvest,
                food=e.food, left=left)


def _round_ended(s: GameState | None, e: RoundEnded) -> Text:
    scores = listing([Text("{name} {score}", name=_name(s, i), score=_num(sc))
                      for i, sc in enumerate(e.scores)])
    return Text("Round {round} ended: {scores}", round=e.round, scores=scores)


def _round_started(s: GameState | None, e: RoundStarted) -> Text:
    who = _name(s, e.start_player)
    if e.refilled != 1:
        return Text("Round {round}: {who} starts; {count} new cards", round=e.round, who=who,
                    count=e.refilled)
    return Text("Round {round}: {who} starts; {count} new card", round=e.round, who=who, count=e.refilled)


def _ended(s: GameState | None, e: GameEnded) -> Text:
    return Text("Game over: {reason}", reason=_END.get(e.reason, e.reason))


def _final(s: GameState | None, e: FinalScored) -> Text:
    rows = sorted(e.rows, key=lambda r: r.rank)
    return Text("Final scoring: {rows}", rows=listing([
        Text("{name} {total} ({rank})", name=r.name, total=_num(r.total), rank=_ORDINAL.get(r.rank, r.rank))
        for r in rows]))


_TEXT: dict[type, Callable[[Any, Any], Text]] = {
    GameStarted: _started, FiguresPlaced: _placed, Gathered: _gathered, VillageUsed: _village, HutBuilt: _hut,
    StayedHome: _stayed, Declined: _declined, CardBought: _bought, DieChosen: _die, AnyTwoUsed: _any_two, Fed: _fed,
    RoundEnded: _round_ended, RoundStarted: _round_started, GameEnded: _ended, FinalScored: _final,
}


def describe(state: GameState | None, event: Any) -> Text:
    """The reason for ``event`` in player words (a translatable ``Text``), given the state before it."""
    text = _TEXT.get(type(event))
    if text is None:
        return Text("{event}", event=type(event).__name__)
    return text(state, event)


__all__ = ["describe", "gain_text"]
