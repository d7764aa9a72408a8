"""What players tell Cairn: one frozen dataclass per command.

Dice values are inputs (read by camera, e-dice or touch); the rules never roll. ``player`` is a
seat index 0..n-1. ``tool_tiles`` are indexes into the player's ``tools`` tuple; ``tool_cards``
are the values of one-use tool cards spent (2, 3 or 4).
"""
from __future__ import annotations

from dataclasses import dataclass

from .data import Area, Resource
from .state import Seat


@dataclass(frozen=True)
class NewGame:
    """Set up a game for 2–4 players (seats clockwise). Legal only as the first command.

    ``board``: the board keeps the placement. There is no placing phase in Cairn: each round opens on
    the actions, and resolving a space (``Gather``, ``UseVillage``, ``BuildHut``, ``BuyCard``,
    ``Decline``) also records the figures on it (one per die for a gathering, the space's own count
    otherwise), checked by the same placement rules. With ``False`` every placement is entered.
    """

    players: tuple[Seat, ...]
    start_player: int = 0
    board: bool = False


@dataclass(frozen=True)
class Place:
    """Put ``figures`` figures on a space. Place phase, on the player's turn.

    ``slot`` is the building stack (1..players) or card slot (1..4) for ``BUILDING``/``CARD``, else 0.
    """

    player: int
    area: Area
    figures: int = 1
    slot: int = 0


@dataclass(frozen=True)
class Gather:
    """Resolve hunting or a resource area: one die value per figure there, plus tools chosen.

    Yields floor((sum(dice) + tools) / divisor) of the area's food or resource.
    """

    player: int
    area: Area
    dice: tuple[int, ...]
    tool_tiles: tuple[int, ...] = ()
    tool_cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class UseVillage:
    """Resolve the tool maker (+1 tool step), hut (+1 person) or field (+1 agriculture)."""

    player: int
    area: Area


@dataclass(frozen=True)
class BuildHut:
    """Build the top hut of stack ``slot``: ``hut`` is its tile id, ``paid`` the resources given."""

    player: int
    slot: int
    hut: int
    paid: tuple[Resource, ...]


@dataclass(frozen=True)
class BuyCard:
    """Buy the card in slot ``slot`` (costs ``slot`` resources, any kinds): ``card`` is its id.

    Inputs for the card's top effect, only where it needs them:
    ``dice`` – 2 values for a "roll for a resource" card, or one value per player for
    "dice for everyone"; ``tool_tiles``/``tool_cards`` – tools added to a "roll" card;
    ``extra_card`` – the id of the card drawn by the "extra card" card (0 if the deck is empty);
    ``chosen`` – the 2 resources taken by the "any 2 resources" card, or () to keep the card and
    take them later (``UseAnyTwo``).
    """

    player: int
    slot: int
    card: int
    paid: tuple[Resource, ...]
    dice: tuple[int, ...] = ()
    tool_tiles: tuple[int, ...] = ()
    tool_cards: tuple[int, ...] = ()
    extra_card: int = 0
    chosen: tuple[Resource, ...] = ()


@dataclass(frozen=True)
class Decline:
    """Take a figure back from a building or card slot without building/buying."""

    player: int
    area: Area
    slot: int


@dataclass(frozen=True)
class PickDie:
    """Take one die of a "dice for everyone" roll: 1 wood, 2 brick, 3 stone, 4 gold, 5 tool, 6 agriculture."""

    player: int
    value: int


@dataclass(frozen=True)
class UseAnyTwo:
    """Spend a kept "any 2 resources" card: take the 2 ``chosen`` resources now.

    Legal on the player's own turn in the actions phase (before paying for a hut or a card) and in
    the feed phase while the player is short and has not fed.
    """

    player: int
    chosen: tuple[Resource, ...]


@dataclass(frozen=True)
class Feed:
    """A player short of food decides: the fields' food and all food tokens are eaten, then either
    ``resources`` (exactly the shortfall, 1:1, any kinds the player chooses) or ``penalty=True``
    (−10 points). Players with enough food feed automatically and keep what is left."""

    player: int
    resources: tuple[Resource, ...] = ()
    penalty: bool = False


@dataclass(frozen=True)
class StayHome:
    """When the board keeps the placement: ``player``'s figures still at home stay there this round
    (nowhere was left to put them on the board), so the turn passes. The player's own actions turn."""

    player: int


COMMANDS: tuple[type, ...] = (NewGame, Place, Gather, UseVillage, BuildHut, BuyCard, Decline, PickDie,
                              UseAnyTwo, Feed, StayHome)
