"""Feeding: fields feed first, then one food per person; who is short and by how much."""
from __future__ import annotations

from .events import Fed
from .state import GameState, PlayerState


def food_needed(player: PlayerState) -> int:
    """Food tokens the player must pay: people minus agriculture (never below 0)."""
    return max(0, player.people - player.agriculture)


def shortfall(player: PlayerState) -> int:
    """How much food the player lacks after eating all their food (0 = enough)."""
    return max(0, food_needed(player) - player.food)


def shortfalls(state: GameState) -> dict[int, int]:
    """Seat -> food missing, for every player who is short this feeding (not yet fed)."""
    fed = state.fed or (False,) * state.player_count
    return {i: shortfall(p) for i, p in enumerate(state.players) if shortfall(p) > 0 and not fed[i]}


def can_pay_with_resources(player: PlayerState) -> bool:
    """True if the player is short and holds enough resources to cover the whole shortfall."""
    return 0 < shortfall(player) <= player.resource_total


def automatic_feeding(seat: int, player: PlayerState) -> Fed | None:
    """The feeding that needs no decision, or ``None`` when the player must choose.

    Enough food: eat it. Short with too few resources to cover the gap: eat all food, −10 points.
    Short with enough resources: the player chooses resources or the penalty (``None``).
    """
    if shortfall(player) == 0:
        return Fed(seat, food_needed(player), (), False)
    if not can_pay_with_resources(player):
        return Fed(seat, player.food, (), True)
    return None

