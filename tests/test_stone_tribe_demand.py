"""Stone Tribe demand cards: revealing, the agreed deal (balanced, unbalanced, paying what one lacks),
discarding, and that a refused deal changes nothing."""
from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.stone_tribe import (
    RULES, CompleteDemand, DiscardDemand, Payment, Phase, Resources, RevealDemand, Share,
)
from rules.stone_tribe.events import DemandCompleted, DemandDiscarded, DemandRevealed
from rules.stone_tribe.state import Demand

from .test_stone_tribe_support import Table, drafted, negotiating, rolled

# Ann: logging + fishing -> 2 wood 2 fish; Bob: mining + gathering -> 2 stone 2 fruit; Cy: logging + hunting
PICKS = [("logging", (1,)), ("mining", (1,)), ("logging", (1,)),
         ("hunting", (1,)), ("gathering", (1,)), ("fishing", (1,))]


def table_at_demand(cost: Resources, shells: int = 4, cards: int = 1) -> Table:
    table = rolled(drafted(("Ann", "Bob", "Cy"), 0, picks=PICKS), (6, 6))
    return negotiating(table, cost, shells, cards)


def test_reveal_opens_a_negotiation_controlled_by_the_current_player() -> None:
    table = rolled(drafted(("Ann", "Bob", "Cy"), 0, picks=PICKS), (6, 6))
    events = table.do(RevealDemand(Resources(wood=2, stone=1), 4, 1, "feast"))
    assert events == (DemandRevealed("Ann", Demand(Resources(wood=2, stone=1), 4, 1, "feast")),)
    assert (table.s.phase, table.s.controller) == (Phase.NEGOTIATION, "Ann")
    assert RULES.describe(None, events[0]) == (
        "Ann turns up a demand: 1 stone, 2 wood for 4 shells and 1 chance card (feast)")


@pytest.mark.parametrize("command, message", [
    (RevealDemand(Resources(), 3), "cost: a demand card asks for at least one resource"),
    (RevealDemand(Resources(wood=-1), 3), "cost.wood must be 0 or more, not -1"),
    (RevealDemand({"salt": 1}, 3), "cost.salt is not a resource (they are fruit, stone, meat, wood, fish)"),
    (RevealDemand(Resources(wood=1), -2), "shells must be 0 or more, not -2"),
    (RevealDemand(Resources(wood=1), 2, "1"), "chance_cards must be a whole number, not '1'"),
])
def test_reveal_checks_the_card_as_entered(command: RevealDemand, message: str) -> None:
    table = rolled(drafted(("Ann", "Bob", "Cy"), 0, picks=PICKS), (6, 6))
    with pytest.raises(IllegalMove) as exc:
        table.do(command)
    assert str(exc.value) == message


def test_reveal_accepts_a_mapping_for_the_cost() -> None:
    table = rolled(drafted(("Ann", "Bob", "Cy"), 0, picks=PICKS), (6, 6))
    (event,) = table.do(RevealDemand({"wood": 2}, 3))  # type: ignore[arg-type]
    assert event.demand.cost == Resources(wood=2)


def test_balanced_deal_with_partners_pays_and_rewards_in_one_step() -> None:
    table = table_at_demand(Resources(wood=3, stone=1), shells=4, cards=1)
    deal = CompleteDemand(
        payments=(Payment("Ann", Resources(wood=2)), Payment("Cy", Resources(wood=1)), Payment("Bob", Resources(stone=1))),
        shares=(Share("Ann", 2, 1), Share("Bob", 1), Share("Cy", 1)),
    )
    (event,) = table.do(deal)
    assert event == DemandCompleted("Ann", deal.payments, deal.shares)
    s = table.s
    assert s.player("Ann").resources == Resources(fish=2)
    assert s.player("Bob").resources == Resources(stone=1, fruit=2)
    assert s.player("Cy").resources == Resources(wood=1, meat=2)
    assert [(p.shells, p.hand) for p in s.players] == [(2, 3), (1, 1), (1, 1)]
    assert (s.phase, s.demand, s.demand_done, s.controller) == (Phase.MAIN, None, True, None)
    assert RULES.describe(None, event) == (
        "Demand completed (Ann's deal): Ann pays 2 wood; Cy pays 1 wood; Bob pays 1 stone; "
        "Ann +2 shells +1 chance card; Bob +1 shell; Cy +1 shell")


def test_the_controller_may_complete_alone_or_broker_for_others() -> None:
    table = table_at_demand(Resources(fruit=2), shells=3, cards=0)
    table.do(CompleteDemand((Payment("Bob", Resources(fruit=2)),), (Share("Bob", 2), Share("Ann", 1))))
    assert (table.s.player("Ann").shells, table.s.player("Bob").shells) == (1, 2)


@pytest.mark.parametrize("deal, message", [
    (CompleteDemand((Payment("Ann", Resources(wood=2)),), (Share("Ann", 4, 1),)),
     "unbalanced deal: it pays 0 stone, the demand asks for 1"),
    (CompleteDemand((Payment("Ann", Resources(wood=2)), Payment("Bob", Resources(stone=1, fruit=1))),
                    (Share("Ann", 4, 1),)),
     "unbalanced deal: it pays 1 fruit, the demand asks for 0"),
    (CompleteDemand((Payment("Ann", Resources(wood=2)), Payment("Bob", Resources(stone=1))), (Share("Ann", 3, 1),)),
     "unbalanced deal: it hands out 3 shells, the demand rewards 4"),
    (CompleteDemand((Payment("Ann", Resources(wood=2)), Payment("Bob", Resources(stone=1))),
                    (Share("Ann", 2, 1), Share("Bob", 2, 1))),
     "unbalanced deal: it hands out 2 chance cards, the demand rewards 1"),
])
def test_unbalanced_deals_are_refused(deal: CompleteDemand, message: str) -> None:
    table = table_at_demand(Resources(wood=2, stone=1), shells=4, cards=1)
    before = table.s
    with pytest.raises(IllegalMove) as exc:
        table.do(deal)
    assert str(exc.value) == message
    assert table.s == before


@pytest.mark.parametrize("deal, message", [
    (CompleteDemand((Payment("Ann", Resources(wood=3)),), (Share("Ann", 4),)), "Ann cannot pay 3 wood: Ann has only 2"),
    (CompleteDemand((Payment("Bob", Resources(wood=3)),), (Share("Bob", 4),)), "Bob cannot pay 3 wood: Bob has only 0"),
    (CompleteDemand((Payment("Ann", Resources(wood=2)), Payment("Ann", Resources(wood=1))), (Share("Ann", 4),)),
     "payments lists Ann twice"),
    (CompleteDemand((Payment("Zed", Resources(wood=3)),), (Share("Ann", 4),)),
     "payments[0].player: 'Zed' is not a player in this game"),
    (CompleteDemand((Payment("Ann", Resources(wood=2)), Payment("Cy", Resources(wood=1))), (Share("Ann", -1),)),
     "shares[0].shells must be 0 or more, not -1"),
    (CompleteDemand((Payment("Ann", Resources(wood=2)), Payment("Cy", Resources(wood=1))),
                    (Share("Ann", 2), Share("Ann", 2))),
     "shares lists Ann twice"),
    (CompleteDemand(("Ann pays",), ()), "payments[0] must say who pays which resources"),
])
def test_deals_paying_what_one_lacks_or_naming_strangers_are_refused(deal: CompleteDemand, message: str) -> None:
    table = table_at_demand(Resources(wood=3), shells=4, cards=0)
    before = table.s
    with pytest.raises(IllegalMove) as exc:
        table.do(deal)
    assert str(exc.value) == message
    assert table.s == before


def test_a_discarded_demand_changes_no_books_and_ends_the_negotiation() -> None:
    table = table_at_demand(Resources(meat=5))
    books = [(p.resources, p.shells, p.hand) for p in table.s.players]
    assert table.do(DiscardDemand()) == (DemandDiscarded("Ann"),)
    assert [(p.resources, p.shells, p.hand) for p in table.s.players] == books
    assert (table.s.phase, table.s.demand_done) == (Phase.MAIN, True)


def test_deal_commands_need_an_open_demand() -> None:
    """A deal needs a demand under negotiation; a discard needs the roll done (after it, with no card
    entered, it is the "nobody takes it" discard: tests/test_stone_tribe_turn.py)."""
    table = drafted(("Ann", "Bob", "Cy"), 0, picks=PICKS)
    with pytest.raises(IllegalMove, match="Discarding the demand is not possible now: Ann first draws"):
        table.do(DiscardDemand())
    table = rolled(table, (6, 6))
    with pytest.raises(IllegalMove, match="Completing the demand is not possible now"):
        table.do(CompleteDemand((), ()))
