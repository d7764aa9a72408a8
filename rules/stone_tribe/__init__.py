"""石器部落 (Stone Tribe): two fate dice every turn, skills that earn resources, tribe demands paid for
in shells. The package's ``RULES`` is what the session uses; ``payout`` previews a roll and
``standings`` ranks the players (shells, then resource cards, then the roll-off).
"""
from __future__ import annotations

from ..codec import Registry
from ..game import GameRules
from .commands import (
    COMMANDS,
    Adjustment,
    CompleteDemand,
    DiscardDemand,
    DraftSkill,
    DrawChanceCard,
    EndTurn,
    LearnSkill,
    Payment,
    PlayChanceCard,
    RevealDemand,
    RollFateDice,
    RollOff,
    Share,
    StartGame,
)
from .data import CHANCE_COLOURS, RESOURCE_KINDS, SKILLS, rounds_for
from .decide import ALLOWED, decide
from .describe import describe
from .events import EVENTS
from .evolve import evolve
from .payout import payout
from .ranking import Standing, leaders, rolloff_due, standings
from .resources import Resources
from .state import Demand, Doubles, GameState, Options, Phase, PlayerState, SkillCard, draft_order


def finished(state: GameState) -> bool:
    """True once the winner is known (after the last round, and after any roll-off)."""
    return state.phase == Phase.OVER


REGISTRY = Registry((*COMMANDS, *EVENTS, Adjustment, Payment, Share, Resources, Options, SkillCard, Demand))

RULES: GameRules[GameState] = GameRules(
    name="stone-tribe", decide=decide, evolve=evolve, describe=describe, finished=finished, registry=REGISTRY,
)

__all__ = [
    "ALLOWED",
    "CHANCE_COLOURS",
    "RESOURCE_KINDS",
    "RULES",
    "SKILLS",
    "Adjustment",
    "CompleteDemand",
    "Demand",
    "DiscardDemand",
    "Doubles",
    "DraftSkill",
    "DrawChanceCard",
    "EndTurn",
    "GameState",
    "LearnSkill",
    "Options",
    "Payment",
    "Phase",
    "PlayChanceCard",
    "PlayerState",
    "Resources",
    "RevealDemand",
    "RollFateDice",
    "RollOff",
    "Share",
    "SkillCard",
    "Standing",
    "StartGame",
    "draft_order",
    "finished",
    "leaders",
    "payout",
    "rolloff_due",
    "rounds_for",
    "standings",
]
