"""``describe(state_before, event) -> str``: each event's reason as a player reads it in the history.

Score changes lead with the points, e.g. "Ann +13: hut (wood, brick, stone)", "Ben −10: hunger",
"Ann +3: Music card".
"""
from __future__ import annotations

from typing import Any, Callable

from .cards import CARD_BY_ID, Effect
from .data import GATHERING, Area
from .events import (CardBought, Declined, DieChosen, Fed, FiguresPlaced, FinalScored, Gain, GameEnded,
                     GameStarted, Gathered, HutBuilt, RoundEnded, RoundStarted, VillageUsed)
from .state import GameState
from .tools import improve
from .turns import space_name

_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
_END = {"huts": "a building stack is empty", "cards": "the civilization deck cannot refill the card slots"}


def _num(n: int) -> str:
    """A score as printed on the sheet: negatives with a real minus sign."""
    return str(n) if n >= 0 else f"−{-n}"


def _resources(paid: tuple[Any, ...]) -> str:
    return ", ".join(r.value for r in paid)


def gain_text(g: Gain) -> str:
    """A gain in words: "+5 food, +1 stone, +1 tool", or "nothing"."""
    parts = [f"+{getattr(g, k)} {k}" for k in ("food", "wood", "brick", "stone", "gold", "agriculture")
             if getattr(g, k)]
    if g.tool_steps:
        parts.append("+1 tool")
    if g.one_use_tool:
        parts.append(f"one-use tool {g.one_use_tool}")
    return ", ".join(parts) or "nothing"


def _name(s: GameState | None, seat: int) -> str:
    return s.players[seat].name if s is not None else f"player {seat + 1}"


def _started(s: GameState | None, e: GameStarted) -> str:
    names = ", ".join(p.name for p in e.players)
    return f"New game: {names}; {e.players[e.start_player].name} starts"


def _placed(s: GameState | None, e: FiguresPlaced) -> str:
    return f"{_name(s, e.player)} placed {e.figures} figure{'s' if e.figures > 1 else ''} on {space_name(e.area, e.slot)}"


def _gathered(s: GameState | None, e: Gathered) -> str:
    res = GATHERING[e.area][0]
    what = "food" if res is None else res.value
    tools = list(e.tool_cards)
    if s is not None:
        tools = [s.players[e.player].tools[i] for i in e.tool_tiles] + tools
    dice = "+".join(str(d) for d in e.dice)
    extra = f", tools +{sum(tools)}" if tools else ""
    return f"{_name(s, e.player)} +{e.amount} {what}: {space_name(e.area)} (dice {dice}{extra})"


def _village(s: GameState | None, e: VillageUsed) -> str:
    who = _name(s, e.player)
    if not e.gained:
        return f"{who}: {space_name(e.area)} (already at the top, nothing gained)"
    if e.area is Area.HUT:
        return f"{who} +1 person: the hut"
    if e.area is Area.FIELD:
        return f"{who} +1 agriculture: the field"
    tiles = improve(s.players[e.player].tools) if s is not None else None
    shown = "/".join(str(t) for t in tiles) if tiles else "?"
    return f"{who} +1 tool: the tool maker (tools {shown})"


def _hut(s: GameState | None, e: HutBuilt) -> str:
    return f"{_name(s, e.player)} +{e.points}: hut ({_resources(e.paid)})"


def _declined(s: GameState | None, e: Declined) -> str:
    return f"{_name(s, e.player)} took the figure back from {space_name(e.area, e.slot)}"


def _bought(s: GameState | None, e: CardBought) -> str:
    card = CARD_BY_ID[e.card]
    who = _name(s, e.player)
    paid = f"slot {e.slot}, paid {_resources(e.paid)}"
    if card.effect is Effect.POINTS:
        return f"{who} +{e.gain.points}: {card.label} ({paid})"
    if card.effect is Effect.DICE_FOR_ALL:
        rolled = ", ".join(str(d) for d in e.dice)
        return f"{who} bought the {card.label} ({paid}): dice for everyone {rolled}"
    if card.effect is Effect.EXTRA_CARD:
        extra = f"drew the {CARD_BY_ID[e.extra_card].label}" if e.extra_card else "the deck was empty"
        return f"{who} bought the {card.label} ({paid}): {extra}"
    return f"{who} {gain_text(e.gain)}: {card.label} ({paid})"


def _die(s: GameState | None, e: DieChosen) -> str:
    return f"{_name(s, e.player)} {gain_text(e.gain)}: dice for everyone ({e.value})"


def _fed(s: GameState | None, e: Fed) -> str:
    who = _name(s, e.player)
    if e.penalty:
        return f"{who} −10: hunger (ate {e.food} food)"
    extra = f" and {_resources(e.resources)}" if e.resources else ""
    return f"{who} fed: {e.food} food{extra}"


def _round_ended(s: GameState | None, e: RoundEnded) -> str:
    scores = ", ".join(f"{_name(s, i)} {_num(sc)}" for i, sc in enumerate(e.scores))
    return f"Round {e.round} ended: {scores}"


def _round_started(s: GameState | None, e: RoundStarted) -> str:
    return f"Round {e.round}: {_name(s, e.start_player)} starts; {e.refilled} new card{'s' if e.refilled != 1 else ''}"


def _ended(s: GameState | None, e: GameEnded) -> str:
    return f"Game over: {_END.get(e.reason, e.reason)}"


def _final(s: GameState | None, e: FinalScored) -> str:
    rows = sorted(e.rows, key=lambda r: r.rank)
    return "Final scoring: " + ", ".join(f"{r.name} {_num(r.total)} ({_ORDINAL.get(r.rank, r.rank)})" for r in rows)


_TEXT: dict[type, Callable[[Any, Any], str]] = {
    GameStarted: _started, FiguresPlaced: _placed, Gathered: _gathered, VillageUsed: _village, HutBuilt: _hut,
    Declined: _declined, CardBought: _bought, DieChosen: _die, Fed: _fed, RoundEnded: _round_ended,
    RoundStarted: _round_started, GameEnded: _ended, FinalScored: _final,
}


def describe(state: GameState | None, event: Any) -> str:
    """The reason for ``event`` in player words, given the state before it."""
    text = _TEXT.get(type(event))
    if text is None:
        return type(event).__name__
    return text(state, event)


__all__ = ["describe", "gain_text"]
