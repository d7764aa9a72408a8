"""Deciding the demand card (需求卡) and chance cards (機會卡): reveal, the agreed deal, discard, and
playing a card by its colour's timing."""
from __future__ import annotations

from ..errors import IllegalMove
from . import checks
from .commands import Adjustment, CompleteDemand, DiscardDemand, Payment, PlayChanceCard, RevealDemand, Share
from .data import CHANCE_COLOURS, RESOURCE_KINDS
from .events import ChanceCardPlayed, DemandCompleted, DemandDiscarded, DemandRevealed
from .evolve import apply_adjustment
from .resources import Resources
from .words import listing
from .state import Demand, GameState, Phase


def reveal(state: GameState, cmd: RevealDemand) -> tuple[DemandRevealed]:
    """The turn's one demand card, its cost and reward entered as printed; its revealer controls it."""
    if state.demand_done:
        raise IllegalMove("only one demand card is turned up each turn")
    cost = checks.resources(cmd.cost, "cost")
    if cost.total() == 0:
        raise IllegalMove("cost: a demand card asks for at least one resource")
    demand = Demand(cost, checks.count(cmd.shells, "shells"), checks.count(cmd.chance_cards, "chance_cards"),
                    checks.text(cmd.note, "note"))
    return (DemandRevealed(state.current or "", demand),)


def _payments(state: GameState, payments: object) -> tuple[Payment, ...]:
    if not isinstance(payments, (tuple, list)):
        raise IllegalMove("payments must be a list of who pays what")
    out = []
    for i, pay in enumerate(payments):
        if not isinstance(pay, Payment):
            raise IllegalMove("{field} must say who pays which resources", field=f"payments[{i}]")
        name = checks.player(state, pay.player, f"payments[{i}].player")
        paid = checks.resources(pay.resources, f"payments[{i}].resources")
        has = state.player(name).resources
        for kind, n in paid.items():
            if n > has.get(kind):
                raise IllegalMove("{player} cannot pay {count} {resource}: {player} has only {has}", player=name,
                                  count=n, resource=kind, has=has.get(kind))
        out.append(Payment(name, paid))
    checks.unique_players([p.player for p in out], "payments")
    return tuple(out)


def _shares(state: GameState, shares: object) -> tuple[Share, ...]:
    if not isinstance(shares, (tuple, list)):
        raise IllegalMove("shares must be a list of who gets which part of the reward")
    out = []
    for i, share in enumerate(shares):
        if not isinstance(share, Share):
            raise IllegalMove("{field} must say who gets which part of the reward", field=f"shares[{i}]")
        out.append(Share(checks.player(state, share.player, f"shares[{i}].player"),
                         checks.count(share.shells, f"shares[{i}].shells"),
                         checks.count(share.chance_cards, f"shares[{i}].chance_cards")))
    checks.unique_players([s.player for s in out], "shares")
    return tuple(out)


def complete(state: GameState, cmd: CompleteDemand) -> tuple[DemandCompleted]:
    """The deal, checked in full before anything changes: every payer holds what they pay, the payments
    add up to the cost exactly, and the shares hand out the whole reward."""
    demand = state.demand
    assert demand is not None
    payments = _payments(state, cmd.payments)
    shares = _shares(state, cmd.shares)
    paid = sum((p.resources for p in payments), Resources())
    for kind in RESOURCE_KINDS:
        if paid.get(kind) != demand.cost.get(kind):
            raise IllegalMove("unbalanced deal: it pays {paid} {resource}, the demand asks for {due}",
                              paid=paid.get(kind), resource=kind, due=demand.cost.get(kind))
    given = sum(s.shells for s in shares)
    if given != demand.shells:
        raise IllegalMove("unbalanced deal: it hands out {given} shells, the demand rewards {due}",
                          given=given, due=demand.shells)
    given = sum(s.chance_cards for s in shares)
    if given != demand.chance_cards:
        raise IllegalMove("unbalanced deal: it hands out {given} chance cards, the demand rewards {due}",
                          given=given, due=demand.chance_cards)
    return (DemandCompleted(state.controller or "", payments, shares),)


def discard(state: GameState, cmd: DiscardDemand) -> tuple[DemandDiscarded]:
    """The demand goes unfulfilled to the discard pile."""
    return (DemandDiscarded(state.controller or ""),)


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
