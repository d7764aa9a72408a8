"""Stone Age: the whole game's books (placement, actions, feeding, game end, final scoring).

Public model: ``state`` (GameState, PlayerState, Phase ...), ``commands`` (NewGame, Place, Gather,
UseVillage, BuildHut, BuyCard, Decline, PickDie, UseAnyTwo, Feed, StayHome), ``events``, the tables in ``data``,
``cards`` and ``huts``. ``RULES`` (in ``game``) is the ``GameRules`` value the session uses.
Helpers: ``view`` (whose turn, what is left, tool advice), ``feeding`` (who is short),
``scoring`` (the final table), ``endstate`` (``main.py score``), ``random_play`` (seeded legal games).
"""
from __future__ import annotations

from .cards import CARD_BY_ID, CARDS, Card, Culture, Effect, Multiplier
from .commands import (
    BuildHut,
    BuyCard,
    Decline,
    Feed,
    Gather,
    NewGame,
    PickDie,
    Place,
    StayHome,
    UseAnyTwo,
    UseVillage,
)
from .data import Area, Resource
from .game import RULES, finished
from .huts import HUT_BY_ID, HUTS, Hut, HutKind
from .state import BuiltHut, GameState, Lottery, Phase, Placement, PlayerState, ScoreRow, Seat
from .view import Prompt, card_roll_advice, gather_advice, whats_next

__all__ = [
    "CARDS",
    "CARD_BY_ID",
    "HUTS",
    "HUT_BY_ID",
    "RULES",
    "Area",
    "BuildHut",
    "BuiltHut",
    "BuyCard",
    "Card",
    "Culture",
    "Decline",
    "Effect",
    "Feed",
    "GameState",
    "Gather",
    "Hut",
    "HutKind",
    "Lottery",
    "Multiplier",
    "NewGame",
    "Phase",
    "PickDie",
    "Place",
    "Placement",
    "PlayerState",
    "Prompt",
    "Resource",
    "ScoreRow",
    "Seat",
    "StayHome",
    "UseAnyTwo",
    "UseVillage",
    "card_roll_advice",
    "finished",
    "gather_advice",
    "whats_next",
]
