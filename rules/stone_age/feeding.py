"""Feeding (rulebook phase 3): take food equal to agriculture, then pay 1 food per person; what is
left is kept. Who is short, by how much, and the feeding that needs no decision."""
from __future__ import annotations

from .cards import ANY_TWO_AMOUNT
from .data import Resource
from .events import Fed
from .state import GameState, PlayerState


def food_needed(player: PlayerState) -> int:
    """Food tokens the player pays beyond the fields' food: people − agriculture (never below 0)."""
    return max(0, player.people - player.agriculture)


def food_after(player: PlayerState) -> int:
    """Food the player keeps after feeding with food alone (negative = that much short)."""
    return player.food + player.agriculture - player.people


def shortfall(player: PlayerState) -> int:
    """How much food the player lacks after eating the fields' food and all their own (0 = enough)."""
    return max(0, -food_after(player))


def shortfalls(state: GameState) -> dict[int, int]:
    """Seat -> food missing, for every player who is short this feeding (not yet fed)."""
    fed = state.fed or (False,) * state.player_count
    return {i: shortfall(p) for i, p in enumerate(state.players) if shortfall(p) > 0 and not fed[i]}


def payable(player: PlayerState) -> int:
    """Resources the player could pay: those held plus 2 per kept "any 2 resources" card."""
    return player.resource_total + ANY_TWO_AMOUNT * player.any_two


def can_pay_with_resources(player: PlayerState) -> bool:
    """True if the player is short and could cover the whole shortfall with resources (kept cards too)."""
    return 0 < shortfall(player) <= payable(player)


def fed_event(seat: int, player: PlayerState, resources: tuple[Resource, ...] = (),
              penalty: bool = False) -> Fed:
    """The ``Fed`` event of ``player``: the fields' food is taken, then each person eats one food
    (a short player eats all of it, and ``resources`` or ``penalty`` cover the rest)."""
    eaten = min(player.people, player.food + player.agriculture)
    return Fed(seat, eaten, tuple(resources), penalty, harvest=player.agriculture)


def automatic_feeding(seat: int, player: PlayerState) -> Fed | None:
    """The feeding that needs no decision, or ``None`` when the player must choose.

    Enough food: eat it and keep the rest. Short with too few resources to cover the gap (kept
    cards counted): eat all food, −10 points. Short with enough: the player chooses (``None``).
    """
    if shortfall(player) == 0:
        return fed_event(seat, player)
    if not can_pay_with_resources(player):
        return fed_event(seat, player, penalty=True)
    return None
