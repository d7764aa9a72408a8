"""Deciding the demand card (需求卡): turning it up, the agreed deal committed in one step, or the discard."""
from __future__ import annotations

from ..errors import IllegalMove
from . import checks
from .commands import CompleteDemand, DiscardDemand, Payment, RevealDemand, Share
from .data import RESOURCE_KINDS
from .events import DemandCompleted, DemandDiscarded, DemandRevealed
from .resources import Resources
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
    """The demand goes unfulfilled to the discard pile: after a failed negotiation, or straight after the
    roll when the table sees the card and nobody deals (then its cost is never entered, as it moves
    nothing); either way it is the turn's one demand."""
    if state.phase is not Phase.NEGOTIATION:
        if state.demand_done:
            raise IllegalMove("only one demand card is turned up each turn")
        return (DemandDiscarded(state.current or ""),)
    return (DemandDiscarded(state.controller or ""),)
