"""The Feeding screen without a window: who is short, by how much, and the one-tap choices."""
from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import tr
from rules.stone_age.data import RESOURCES, Resource
from rules.stone_age.feeding import can_pay_with_resources, food_needed, shortfall
from rules.stone_age.state import GameState, PlayerState


@dataclass(frozen=True)
class FeedRow:
    """One player's feeding line."""

    seat: int
    name: str
    colour: str
    line: str
    short: int
    fed: bool
    pay: tuple[Resource, ...]  # the cheapest resources covering the shortfall, () if they cannot pay


def cheapest_payment(player: PlayerState, short: int) -> tuple[Resource, ...]:
    """The ``short`` resources worth the fewest points (wood first), or () if the player has too few."""
    pool = [r for r in RESOURCES for _ in range(player.amount(r))]
    return tuple(pool[:short]) if len(pool) >= short else ()


def feed_rows(state: GameState) -> list[FeedRow]:
    """Every player: fed or not, and for the short ones the shortfall and what would pay it."""
    fed = state.fed or (False,) * state.player_count
    rows = []
    for seat, p in enumerate(state.players):
        short = shortfall(p)
        need = food_needed(p)
        if fed[seat]:
            line = tr("{name} has fed.", name=p.name)
        elif short:
            line = tr("{name} needs {need} food, has {food}: short {short}", name=p.name, need=need,
                      food=p.food, short=short)
        else:
            line = tr("{name} needs {need} food and has {food}", name=p.name, need=need, food=p.food)
        pay = cheapest_payment(p, short) if short and can_pay_with_resources(p) else ()
        rows.append(FeedRow(seat, p.name, p.colour, line, short, bool(fed[seat]), pay))
    return rows
