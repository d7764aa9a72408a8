"""``evolve(state, event)``: the state after one event. Events are facts; nothing here refuses."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .commands import Adjustment
from .data import CHANCE_COLOURS
from .events import (
    ChanceCardDrawn,
    ChanceCardPlayed,
    ChanceCardsDiscarded,
    DemandCompleted,
    DemandDiscarded,
    DemandRevealed,
    FateDiceRolled,
    GameEnded,
    GameStarted,
    ResourcesEarned,
    RollOffRolled,
    SkillDrafted,
    SkillLearned,
    StartingHandsDealt,
    TurnEnded,
    TurnStarted,
    WinnerDeclared,
)
from .state import GameState, Phase, PlayerState


def apply_adjustment(player: PlayerState, adj: Adjustment) -> PlayerState:
    """``player`` after a chance card's change (counts may go negative here; ``decide`` refuses that)."""
    return replace(
        player,
        resources=player.resources + adj.gain - adj.lose,
        shells=player.shells + adj.shells,
        hand=player.hand + adj.chance_cards,
    )


def _with(state: GameState, name: str, **changes: Any) -> GameState:
    return replace(state, players=state.replace_player(replace(state.player(name), **changes)))


def _started(_: GameState | None, e: GameStarted) -> GameState:
    return GameState(
        players=tuple(PlayerState(n) for n in e.players), start=e.start, options=e.options, rounds=e.rounds,
        warnings=e.warnings,
    )


def _drafted(s: GameState, e: SkillDrafted) -> GameState:
    p = s.player(e.player)
    s = _with(s, e.player, skills=p.skills + (e.card,), resources=p.resources + e.resources)
    return replace(s, turn=s.turn + 1)


def _hands(s: GameState, e: StartingHandsDealt) -> GameState:
    return replace(s, players=tuple(replace(p, hand=p.hand + e.cards) for p in s.players))


def _turn_started(s: GameState, e: TurnStarted) -> GameState:
    turn = (e.round - 1) * len(s.players) + s.order.index(e.player)
    return replace(s, phase=Phase.DRAW, turn=turn, learned_this_turn=False, demand=None, demand_done=False,
                   controller=None, greens_on_table=0, last_roll=None)


def _drawn(s: GameState, e: ChanceCardDrawn) -> GameState:
    return replace(_with(s, e.player, hand=s.player(e.player).hand + 1), phase=Phase.ROLL)


def _rolled(s: GameState, e: FateDiceRolled) -> GameState:
    return replace(s, phase=Phase.MAIN, last_roll=e.dice)


def _earned(s: GameState, e: ResourcesEarned) -> GameState:
    return _with(s, e.player, resources=s.player(e.player).resources + e.resources)


def _revealed(s: GameState, e: DemandRevealed) -> GameState:
    return replace(s, phase=Phase.NEGOTIATION, demand=e.demand, controller=e.player)


def _negotiation_over(s: GameState) -> GameState:
    return replace(s, phase=Phase.MAIN, demand=None, demand_done=True, controller=None, greens_on_table=0)


def _completed(s: GameState, e: DemandCompleted) -> GameState:
    for pay in e.payments:
        s = _with(s, pay.player, resources=s.player(pay.player).resources - pay.resources)
    for share in e.shares:
        p = s.player(share.player)
        s = _with(s, share.player, shells=p.shells + share.shells, hand=p.hand + share.chance_cards)
    return _negotiation_over(s)


def _discarded_demand(s: GameState, e: DemandDiscarded) -> GameState:
    return _negotiation_over(s)


def _learned(s: GameState, e: SkillLearned) -> GameState:
    p = s.player(e.player)
    s = _with(s, e.player, skills=p.skills + (e.card,), shells=p.shells - e.shells)
    return replace(s, learned_this_turn=True)


def _played(s: GameState, e: ChanceCardPlayed) -> GameState:
    colour = CHANCE_COLOURS[e.colour]
    p = s.player(e.player)
    s = _with(s, e.player, hand=p.hand - 1, blue_cards=p.blue_cards + ((e.note,) if colour.stays else ()))
    for adj in e.effect:
        s = replace(s, players=s.replace_player(apply_adjustment(s.player(adj.player), adj)))
    if e.colour == "green":
        s = replace(s, greens_on_table=s.greens_on_table + 1)
    if e.take_control:
        s = replace(s, controller=e.player)
    return replace(s, last_card_by=e.player)


def _discarded_cards(s: GameState, e: ChanceCardsDiscarded) -> GameState:
    return _with(s, e.player, hand=s.player(e.player).hand - e.count)


def _turn_ended(s: GameState, e: TurnEnded) -> GameState:
    return replace(s, learned_this_turn=False, demand=None, demand_done=False, controller=None)


def _game_ended(s: GameState, e: GameEnded) -> GameState:
    return replace(s, phase=Phase.ROLLOFF, turn=len(s.players) * s.rounds)


def _rolled_off(s: GameState, e: RollOffRolled) -> GameState:
    return _with(s, e.player, rolloff=s.player(e.player).rolloff + (e.dice,))


def _won(s: GameState, e: WinnerDeclared) -> GameState:
    return replace(s, phase=Phase.OVER, winner=e.winner)


_EVOLVERS: dict[type, Callable[[Any, Any], GameState]] = {
    GameStarted: _started, SkillDrafted: _drafted, StartingHandsDealt: _hands, TurnStarted: _turn_started,
    ChanceCardDrawn: _drawn, FateDiceRolled: _rolled, ResourcesEarned: _earned, DemandRevealed: _revealed,
    DemandCompleted: _completed, DemandDiscarded: _discarded_demand, SkillLearned: _learned,
    ChanceCardPlayed: _played, ChanceCardsDiscarded: _discarded_cards, TurnEnded: _turn_ended,
    GameEnded: _game_ended, RollOffRolled: _rolled_off, WinnerDeclared: _won,
}


def evolve(state: GameState | None, event: Any) -> GameState:
    """The state after ``event``. Any event but a chance card closes the window for gold cards."""
    fn = _EVOLVERS.get(type(event))
    if fn is None:
        raise TypeError(f"not a Stone Tribe event: {type(event).__name__}")
    if state is None and not isinstance(event, GameStarted):
        raise TypeError(f"{type(event).__name__} before the game started")
    new = fn(state, event)
    if not isinstance(event, ChanceCardPlayed) and new.last_card_by is not None:
        new = replace(new, last_card_by=None)
    return new
