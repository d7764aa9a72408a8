"""The 36 civilization cards as a table (reference/stone-age.md section 5).

A card has a top (an immediate effect when bought) and a bottom (scored at the end):
either a culture symbol (green) or a multiplier kind with a number of figures (sand).
Card ids 1..36 name physical cards; identical cards (the two Music "3 points") have two ids.
"""
from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..text import Text
from .data import Resource


class Culture(str, enum.Enum):
    """The eight culture symbols on green cards (two cards of each)."""

    MEDICINE = "medicine"
    ART = "art"
    WRITING = "writing"
    POTTERY = "pottery"
    SUNDIAL = "sundial"
    TRANSPORT = "transport"
    MUSIC = "music"
    WEAVING = "weaving"


class Multiplier(str, enum.Enum):
    """The four sand-card kinds; the value names the final-scoring category."""

    FARMERS = "farmers"          # × agriculture
    TOOL_MAKERS = "tool_makers"  # × total of the tool tiles
    HUT_BUILDERS = "hut_builders"  # × number of huts
    SHAMANS = "shamans"          # × people


class Effect(str, enum.Enum):
    """A card's immediate (top) effect."""

    FOOD = "food"                  # +amount food
    RESOURCE = "resource"          # +amount of ``resource``
    ROLL = "roll"                  # roll 2 dice (+ unused tools) for ``resource``
    POINTS = "points"              # +amount points
    AGRICULTURE = "agriculture"    # +1 agriculture
    ONE_USE_TOOL = "one_use_tool"  # a one-use tool of value ``amount``
    TOOL = "tool"                  # one tool step, as at the tool maker
    EXTRA_CARD = "extra_card"      # draw a card from the deck; only its bottom counts
    ANY_TWO = "any_two"            # 2 resources of the buyer's choice
    DICE_FOR_ALL = "dice_for_all"  # one die per player, picked in turn from the buyer


#: How a multiplier card names its figures: "Farmer ×2 card".
MULTIPLIER_WORD: Mapping[Multiplier, str] = MappingProxyType({
    Multiplier.FARMERS: "Farmer", Multiplier.TOOL_MAKERS: "Tool maker",
    Multiplier.HUT_BUILDERS: "Hut builder", Multiplier.SHAMANS: "Shaman",
})


@dataclass(frozen=True)
class Card:
    """One civilization card. Exactly one of ``culture`` / ``multiplier`` is set."""

    id: int
    effect: Effect
    amount: int = 0
    resource: Resource | None = None
    culture: Culture | None = None
    multiplier: Multiplier | None = None
    figures: int = 0

    @property
    def label(self) -> str:
        """The card as players name it (a translatable ``Text``), e.g. "Music card" or "Farmer ×2 card"."""
        if self.culture is not None:
            return Text("{symbol} card", symbol=self.culture.value.capitalize())
        assert self.multiplier is not None
        return Text("{kind} ×{figures} card", kind=MULTIPLIER_WORD[self.multiplier], figures=self.figures)


_C, _M, _E, _R = Culture, Multiplier, Effect, Resource

# (effect, amount, resource, culture, multiplier, figures); ids are the 1-based positions.
_TABLE: tuple[tuple[Effect, int, Resource | None, Culture | None, Multiplier | None, int], ...] = (
    (_E.FOOD, 5, None, _C.MEDICINE, None, 0),
    (_E.ANY_TWO, 2, None, _C.MEDICINE, None, 0),
    (_E.TOOL, 1, None, _C.ART, None, 0),
    (_E.ROLL, 2, _R.GOLD, _C.ART, None, 0),
    (_E.EXTRA_CARD, 1, None, _C.WRITING, None, 0),
    (_E.DICE_FOR_ALL, 0, None, _C.WRITING, None, 0),
    (_E.FOOD, 7, None, _C.POTTERY, None, 0),
    (_E.DICE_FOR_ALL, 0, None, _C.POTTERY, None, 0),
    (_E.AGRICULTURE, 1, None, _C.SUNDIAL, None, 0),
    (_E.DICE_FOR_ALL, 0, None, _C.SUNDIAL, None, 0),
    (_E.RESOURCE, 2, _R.STONE, _C.TRANSPORT, None, 0),
    (_E.DICE_FOR_ALL, 0, None, _C.TRANSPORT, None, 0),
    (_E.POINTS, 3, None, _C.MUSIC, None, 0),
    (_E.POINTS, 3, None, _C.MUSIC, None, 0),
    (_E.FOOD, 1, None, _C.WEAVING, None, 0),
    (_E.FOOD, 3, None, _C.WEAVING, None, 0),
    (_E.RESOURCE, 1, _R.STONE, None, _M.FARMERS, 1),
    (_E.AGRICULTURE, 1, None, None, _M.FARMERS, 1),
    (_E.DICE_FOR_ALL, 0, None, None, _M.FARMERS, 1),
    (_E.FOOD, 3, None, None, _M.FARMERS, 2),
    (_E.DICE_FOR_ALL, 0, None, None, _M.FARMERS, 2),
    (_E.FOOD, 4, None, None, _M.HUT_BUILDERS, 1),
    (_E.DICE_FOR_ALL, 0, None, None, _M.HUT_BUILDERS, 1),
    (_E.FOOD, 2, None, None, _M.HUT_BUILDERS, 2),
    (_E.DICE_FOR_ALL, 0, None, None, _M.HUT_BUILDERS, 2),
    (_E.POINTS, 3, None, None, _M.HUT_BUILDERS, 3),
    (_E.RESOURCE, 1, _R.STONE, None, _M.SHAMANS, 1),
    (_E.RESOURCE, 1, _R.GOLD, None, _M.SHAMANS, 1),
    (_E.ROLL, 2, _R.STONE, None, _M.SHAMANS, 1),
    (_E.RESOURCE, 1, _R.BRICK, None, _M.SHAMANS, 2),
    (_E.ROLL, 2, _R.WOOD, None, _M.SHAMANS, 2),
    (_E.ONE_USE_TOOL, 4, None, None, _M.TOOL_MAKERS, 1),
    (_E.ONE_USE_TOOL, 3, None, None, _M.TOOL_MAKERS, 1),
    # [CONFLICT] in the reference: Qt-StoneAge prints 1 figure here; best estimate 2.
    (_E.ONE_USE_TOOL, 2, None, None, _M.TOOL_MAKERS, 2),
    (_E.DICE_FOR_ALL, 0, None, None, _M.TOOL_MAKERS, 2),
    (_E.DICE_FOR_ALL, 0, None, None, _M.TOOL_MAKERS, 2),
)

CARDS: tuple[Card, ...] = tuple(
    Card(i, eff, amount, res, cult, mult, fig) for i, (eff, amount, res, cult, mult, fig) in enumerate(_TABLE, 1)
)

#: Card id -> card.
CARD_BY_ID: Mapping[int, Card] = MappingProxyType({c.id: c for c in CARDS})

#: How many cards of each culture symbol the deck holds (2 each).
CULTURE_COPIES: Mapping[Culture, int] = MappingProxyType(
    {s: sum(1 for c in CARDS if c.culture is s) for s in Culture}
)

#: The figures printed on the sand cards of each kind, e.g. farmers (1, 1, 1, 2, 2).
MULTIPLIER_FIGURES: Mapping[Multiplier, tuple[int, ...]] = MappingProxyType(
    {m: tuple(c.figures for c in CARDS if c.multiplier is m) for m in Multiplier}
)


#: Resources one "any 2 resources" card top gives (taken at once or kept and used later).
ANY_TWO_AMOUNT: int = next(c.amount for c in CARDS if c.effect is Effect.ANY_TWO)
