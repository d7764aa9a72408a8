"""``describe(state_before, event)``: each event's reason, as a player reads it in the history."""
from __future__ import annotations

from typing import Any, Callable

from .data import CHANCE_COLOURS, skill_label
from .events import (
    ChanceCardDrawn, ChanceCardPlayed, ChanceCardsDiscarded, DemandCompleted, DemandDiscarded, DemandRevealed,
    FateDiceRolled, GameEnded, GameStarted, ResourcesEarned, RollOffRolled, SkillDrafted, SkillLearned,
    StartingHandsDealt, TurnEnded, TurnStarted, WinnerDeclared,
)
from .resources import Resources
from .state import GameState, SkillCard


def _gains(res: Resources, sign: str = "+") -> str:
    return ", ".join(f"{sign}{n} {k}" for k, n in res.items() if n) or "nothing"


def _card(card: SkillCard) -> str:
    return f"{skill_label(card.skill)} ({', '.join(map(str, card.numbers))})"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _dice(d: tuple[int, int]) -> str:
    return f"{d[0]} and {d[1]}"


def _started(s: GameState | None, e: GameStarted) -> str:
    order = e.players[e.start:] + e.players[:e.start]
    return f"New game: {', '.join(order)}; {e.rounds} rounds; {order[0]} starts" + "".join(
        f" ({w})" for w in e.warnings)


def _completed(s: GameState | None, e: DemandCompleted) -> str:
    pays = [f"{p.player} pays {p.resources.text()}" for p in e.payments]
    gets = [f"{g.player} +" + " +".join(
        x for x in (_plural(g.shells, "shell") if g.shells else "",
                    _plural(g.chance_cards, "chance card") if g.chance_cards else "") if x)
        for g in e.shares if g.shells or g.chance_cards]
    return f"Demand completed ({e.controller}'s deal): " + "; ".join(pays + gets)


def _played(s: GameState | None, e: ChanceCardPlayed) -> str:
    colour = CHANCE_COLOURS[e.colour]
    parts = [f"{e.player} plays a {colour.en.lower()} chance card ({colour.zh})"]
    if e.note:
        parts[0] += f": {e.note}"
    for a in e.effect:
        bits = [_gains(a.gain)] if a.gain.total() else []
        bits += [_gains(a.lose, "-")] if a.lose.total() else []
        bits += [f"{a.shells:+d} shells"] if a.shells else []
        bits += [f"{a.chance_cards:+d} chance cards"] if a.chance_cards else []
        if bits:
            parts.append(f"{a.player} {', '.join(bits)}")
    if e.take_control:
        parts.append(f"{e.player} takes control of the demand")
    return "; ".join(parts)


#: What decided the winner -> how the history says it.
_DECIDED_BY: dict[str, str] = {
    "shells": "with the most shells",
    "resource cards": "on resource cards (shells tied)",
    "roll-off": "the roll-off (shells and resource cards tied)",
}


def _winner(s: GameState | None, e: WinnerDeclared) -> str:
    how = _DECIDED_BY.get(e.decided_by, e.decided_by)
    return f"{e.winner} wins {how} and becomes the great chief (大酋長)"


_DESCRIBERS: dict[type, Callable[[Any, Any], str]] = {
    GameStarted: _started,
    SkillDrafted: lambda s, e: f"{e.player} learns {_card(e.card)} free: {_gains(e.resources)}",
    StartingHandsDealt: lambda s, e: f"Everyone draws {_plural(e.cards, 'starting chance card')}",
    TurnStarted: lambda s, e: f"Round {e.round}: {e.player}'s turn",
    ChanceCardDrawn: lambda s, e: f"{e.player} draws a chance card",
    FateDiceRolled: lambda s, e: f"{e.player} rolls {_dice(e.dice)} ({e.source})",
    ResourcesEarned: lambda s, e: f"{e.player} {_gains(e.resources)} (rolled {_dice(e.dice)})",
    DemandRevealed: lambda s, e: (
        f"{e.player} turns up a demand: {e.demand.cost.text()} for "
        f"{_plural(e.demand.shells, 'shell')}" + (f" and {_plural(e.demand.chance_cards, 'chance card')}"
                                                  if e.demand.chance_cards else "")
        + (f" ({e.demand.note})" if e.demand.note else "")),
    DemandCompleted: _completed,
    DemandDiscarded: lambda s, e: f"{e.controller} discards the demand unfulfilled",
    SkillLearned: lambda s, e: f"{e.player} learns {_card(e.card)}: -{e.shells} shells",
    ChanceCardPlayed: _played,
    ChanceCardsDiscarded: lambda s, e: f"{e.player} discards {_plural(e.count, 'chance card')} ({e.reason})",
    TurnEnded: lambda s, e: f"{e.player} passes the marker to the right",
    GameEnded: lambda s, e: f"Game over after {e.rounds} rounds",
    RollOffRolled: lambda s, e: f"{e.player} rolls {_dice(e.dice)} in the roll-off: {sum(e.dice)}",
    WinnerDeclared: _winner,
}


def describe(state: GameState | None, event: Any) -> str:
    """The reason ``event`` is in the history, e.g. ``"Ann +1 fish (rolled 3 and 5)"``."""
    fn = _DESCRIBERS.get(type(event))
    return fn(state, event) if fn else type(event).__name__
