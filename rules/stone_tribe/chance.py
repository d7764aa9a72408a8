"""Deciding chance cards (機會卡): each colour's timing, control of the demand, and the effect the table
applies to the books (the seed does not print the cards' effects, so the players enter them)."""
from __future__ import annotations

from ..errors import IllegalMove
from . import checks
from .commands import Adjustment, PlayChanceCard
from .data import CHANCE_COLOURS
from .events import ChanceCardPlayed
from .evolve import apply_adjustment
from .state import GameState, Phase
from .words import listing


def _effect(state: GameState, effect: object, player: str) -> tuple[Adjustment, ...]:
    if not isinstance(effect, (tuple, list)):
        raise IllegalMove("effect must be a list of changes to players' books")
    out = []
    for i, adj in enumerate(effect):
        field = f"effect[{i}]"
        if not isinstance(adj, Adjustment):
            raise IllegalMove("{field} must be one player's change", field=field)
        out.append(Adjustment(checks.player(state, adj.player, f"{field}.player"),
                              checks.resources(adj.gain, f"{field}.gain"), checks.resources(adj.lose, f"{field}.lose"),
                              checks.signed(adj.shells, f"{field}.shells"),
                              checks.signed(adj.chance_cards, f"{field}.chance_cards")))
    checks.unique_players([a.player for a in out], "effect")
    for adj in out:
        before = state.player(adj.player)
        if adj.player == player:
            before = apply_adjustment(before, Adjustment(player, chance_cards=-1))
        after = apply_adjustment(before, adj)
        for kind, n in after.resources.items():
            if n < 0:
                raise IllegalMove("{player} has only {has} {resource}; the card cannot take {count}",
                                  player=adj.player, has=before.resources.get(kind), resource=kind,
                                  count=adj.lose.get(kind))
        if after.shells < 0:
            raise IllegalMove("{player} has only {has} shells; the card cannot take {count}",
                              player=adj.player, has=before.shells, count=-adj.shells)
        if after.hand < 0:
            raise IllegalMove("{player} has only {has} chance cards in hand; the card cannot take {count}",
                              player=adj.player, has=before.hand, count=-adj.chance_cards)
    return tuple(out)


def play_card(state: GameState, cmd: PlayChanceCard) -> tuple[ChanceCardPlayed]:
    """A chance card played at its colour's moment: gold right after another player's card; red and blue by
    the current player after the roll, outside negotiation; green during a negotiation."""
    name = checks.player(state, cmd.player)
    colour = CHANCE_COLOURS.get(cmd.colour) if isinstance(cmd.colour, str) else None
    if colour is None:
        raise IllegalMove("{field} must be one of {choices}, not {value}", field="colour",
                          choices=listing(tuple(CHANCE_COLOURS)), value=repr(cmd.colour))
    if state.player(name).hand < 1:
        raise IllegalMove("{player} has no chance card in hand", player=name)
    if state.phase.value not in colour.phases:
        raise IllegalMove(colour.timing)
    if colour.own_turn and name != state.current:
        raise IllegalMove("{rule}; it is {player}'s turn", rule=colour.timing, player=state.current)
    if colour.reaction and (state.last_card_by is None or state.last_card_by == name):
        raise IllegalMove(colour.timing)
    if not isinstance(cmd.take_control, bool):
        raise IllegalMove("take_control must be true or false")
    if cmd.take_control:
        if not colour.takes_control or state.phase != Phase.NEGOTIATION:
            raise IllegalMove("only a green chance card played during a negotiation takes control of the demand")
        if state.controller == name:
            raise IllegalMove("{player} already controls the demand", player=name)
    effect = _effect(state, cmd.effect, name)
    return (ChanceCardPlayed(name, colour.key, checks.text(cmd.note, "note"), effect, cmd.take_control),)
