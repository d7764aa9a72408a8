"""``RULES``: the Stone Age ``GameRules`` value the session uses."""
from __future__ import annotations

from ..codec import Registry
from ..game import GameRules
from .commands import COMMANDS
from .decide import decide
from .describe import describe
from .events import EVENTS
from .evolve import evolve
from .state import BuiltHut, GameState, Lottery, Phase, Placement, PlayerState, ScoreRow, Seat


def finished(state: GameState) -> bool:
    """True once final scoring is done."""
    return state is not None and state.phase is Phase.OVER


REGISTRY = Registry(COMMANDS + EVENTS + (Seat, ScoreRow, BuiltHut, Placement, PlayerState, Lottery, GameState))

RULES: GameRules[GameState] = GameRules(
    name="stone-age", decide=decide, evolve=evolve, describe=describe, finished=finished, registry=REGISTRY,
)
