"""What the screens ask of a state: who must act, on what, and which tools are worth adding.

Pure read-only helpers over ``GameState``; nothing here changes the game.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import CARD_BY_ID, Effect
from .data import GATHERING, RESOURCE_VALUE, Area
from .feeding import shortfall
from .state import GameState, Phase, Placement
from .tools import ToolAdvice, advise
from .turns import figures_left, legal_places, unresolved


@dataclass(frozen=True)
class Prompt:
    """The next thing the table must do.

    ``task`` is one of "place", "resolve", "pick_die", "feed", "over". ``player`` is the seat that
    acts (-1 when the game is over). ``spaces`` are the player's spaces still to resolve (task
    "resolve"); ``places`` the legal (area, slot, most figures) choices (task "place");
    ``dice`` the dice for everyone still on the table; ``missing_food`` the shortfall (task "feed").
    """

    task: str
    player: int
    figures_left: int = 0
    places: tuple[tuple[Area, int, int], ...] = ()
    spaces: tuple[Placement, ...] = ()
    dice: tuple[int, ...] = ()
    missing_food: int = 0


def whats_next(state: GameState) -> Prompt:
    """Who acts now and what they may do."""
    seat = state.current
    if state.phase is Phase.OVER or seat < 0:
        return Prompt("over", -1)
    if state.phase is Phase.PLACE:
        return Prompt("place", seat, figures_left(state, seat), places=legal_places(state, seat))
    if state.phase is Phase.ACTIONS:
        if state.lottery is not None:
            return Prompt("pick_die", seat, dice=state.lottery.dice)
        return Prompt("resolve", seat, spaces=unresolved(state, seat))
    return Prompt("feed", seat, missing_food=shortfall(state.players[seat]))


def gather_advice(state: GameState, player: int, area: Area, dice: tuple[int, ...]) -> ToolAdvice:
    """Tool advice for ``player``'s roll of ``dice`` at a gathering ``area`` (shown, never forced)."""
    p = state.players[player]
    return advise(sum(dice), GATHERING[area][1], p.tools, p.tools_used, p.one_use_tools)


def card_roll_advice(state: GameState, player: int, card_id: int, dice: tuple[int, ...]) -> ToolAdvice:
    """Tool advice for the 2-dice roll of a "roll for a resource" card."""
    card = CARD_BY_ID[card_id]
    if card.effect is not Effect.ROLL or card.resource is None:
        raise ValueError(f"the {card.label} has no resource roll")
    p = state.players[player]
    return advise(sum(dice), RESOURCE_VALUE[card.resource], p.tools, p.tools_used, p.one_use_tools)
