"""Stone Age: the whole game's books (placement, actions, feeding, game end, final scoring).

Public model: ``state`` (GameState, PlayerState, Phase ...), ``commands`` (NewGame, Place, Gather,
UseVillage, BuildHut, BuyCard, Decline, PickDie, UseAnyTwo, Feed), ``events``, the tables in ``data``,
``cards`` and ``huts``. ``RULES`` (in ``game``) is the ``GameRules`` value the session uses.
Helpers: ``view`` (whose turn, what is left, tool advice), ``feeding`` (who is short),
``scoring`` (the final table), ``endstate`` (``main.py score``), ``random_play`` (seeded legal games).
"""
from __future__ import annotations

from .cards import CARD_BY_ID, CARDS, Card, Culture, Effect, Multiplier
from .commands import BuildHut, BuyCard, Decline, Feed, Gather, NewGame, PickDie, Place, UseAnyTwo, UseVillage
from .data import Area, Resource
from .game import RULES, finished
from .huts import HUT_BY_ID, HUTS, Hut, HutKind
from .view import Prompt, card_roll_advice, gather_advice, whats_next
from .state import BuiltHut, GameState, Lottery, Phase, Placement, PlayerState, ScoreRow, Seat

__all__ = [
    "RULES", "finished",
    "Area", "Resource", "Card", "CARDS", "CARD_BY_ID", "Culture", "Effect", "Multiplier", "Hut", "HUTS",
    "HUT_BY_ID", "HutKind", "BuiltHut", "GameState", "Lottery", "Phase", "Placement", "PlayerState",
    "ScoreRow", "Seat", "NewGame", "Place", "Gather", "UseVillage", "BuildHut", "BuyCard", "Decline",
    "PickDie", "UseAnyTwo", "Feed", "Prompt", "whats_next", "gather_advice", "card_roll_advice",
]
