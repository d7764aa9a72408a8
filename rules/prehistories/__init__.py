"""Prehistories (The Flying Games, 2021): hunting, cave painting and the race to place 8 totems.

``RULES`` is the game's ``GameRules``. The cave checks (``cave``, ``goals``) are pure functions a
screen or the headless ``check-cave`` can use on their own.
"""
from __future__ import annotations

from ..codec import Registry
from ..game import GameRules
from .cave import Placement
from .commands import COMMANDS
from .decide import decide
from .describe import describe
from .events import EVENTS
from .evolve import evolve
from .state import Award, Phase, Player, State

REGISTRY = Registry((*COMMANDS, *EVENTS, Placement, Award, Player, State))


def finished(state: State) -> bool:
    """Whether someone has placed all their totems (the game ends at once)."""
    return state.phase is Phase.OVER


RULES: GameRules[State] = GameRules(
    name="prehistories",
    decide=decide,
    evolve=evolve,
    describe=describe,
    finished=finished,
    registry=REGISTRY,
)
