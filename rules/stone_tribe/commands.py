"""The commands of 石器部落: what the players tell Cairn. ``decide`` checks each against the state.

Players are named by name. Dice values and everything printed on cards arrive here, entered at the
table (touch) or read from the dice (camera, e-dice): the rules never draw or roll.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..text import Text
from .resources import Resources
from .state import Options


@dataclass(frozen=True)
class StartGame:
    """Begin a game. ``players`` in seating order going to the right; ``start`` is the index of the start
    player (the youngest, by the seed)."""

    players: tuple[str, ...]
    start: int = 0
    options: Options = Options()


@dataclass(frozen=True)
class DraftSkill:
    """The player whose pick it is takes a free skill card of ``skill`` showing ``numbers``."""

    skill: str
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class DrawChanceCard:
    """The current player draws the turn's chance card."""


@dataclass(frozen=True)
class RollFateDice:
    """The two fate dice as read (``source``: camera, edice or touch). Every matching skill card pays."""

    dice: tuple[int, int]
    source: str = "touch"


@dataclass(frozen=True)
class RevealDemand:
    """The current player turns up a demand card: what it asks (``cost``) and what it gives. Negotiation
    starts."""

    cost: Resources
    shells: int
    chance_cards: int = 0
    note: str = ""


@dataclass(frozen=True)
class Payment:
    """What one player pays towards the demand."""

    player: str
    resources: Resources


@dataclass(frozen=True)
class Share:
    """What one player receives of the demand's reward."""

    player: str
    shells: int = 0
    chance_cards: int = 0


@dataclass(frozen=True)
class CompleteDemand:
    """The agreed deal, final once committed: who pays what, who gets which part of the reward. The
    payments must add up to the demand's cost and the shares to its whole reward."""

    payments: tuple[Payment, ...]
    shares: tuple[Share, ...]


@dataclass(frozen=True)
class DiscardDemand:
    """The negotiation failed (or the controller declines): the demand card goes to the discard pile."""


@dataclass(frozen=True)
class LearnSkill:
    """The current player pays 3 shells for a skill card of ``skill`` showing ``numbers``."""

    skill: str
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class Adjustment:
    """One player's change caused by a chance card's effect, as the table agrees it reads."""

    player: str
    gain: Resources = Resources()
    lose: Resources = Resources()
    shells: int = 0
    chance_cards: int = 0


@dataclass(frozen=True)
class PlayChanceCard:
    """``player`` plays a chance card of ``colour`` (gold, red, blue, green). ``note`` is what the card
    says; ``effect`` the changes it makes to the books; ``take_control`` gives the player control of the
    demand under negotiation (green cards only)."""

    player: str
    colour: str
    note: str = ""
    effect: tuple[Adjustment, ...] = ()
    take_control: bool = False


@dataclass(frozen=True)
class EndTurn:
    """The current player ends the turn: the hand is cut to 4 chance cards and the marker passes right."""


@dataclass(frozen=True)
class RollOff:
    """A player tied for the lead rolls the two fate dice in the final roll-off."""

    player: str
    dice: tuple[int, int]
    source: str = "touch"


COMMANDS: tuple[type, ...] = (
    StartGame, DraftSkill, DrawChanceCard, RollFateDice, RevealDemand, CompleteDemand, DiscardDemand,
    LearnSkill, PlayChanceCard, EndTurn, RollOff,
)

#: Command class name -> what it does, as a player reads it in a refusal.
COMMAND_LABELS: dict[str, Text] = {
    "StartGame": Text("Starting a game"),
    "DraftSkill": Text("Choosing a free skill"),
    "DrawChanceCard": Text("Drawing the turn's chance card"),
    "RollFateDice": Text("Rolling the fate dice"),
    "RevealDemand": Text("Turning up a demand card"),
    "CompleteDemand": Text("Completing the demand"),
    "DiscardDemand": Text("Discarding the demand"),
    "LearnSkill": Text("Learning a skill"),
    "PlayChanceCard": Text("Playing a chance card"),
    "EndTurn": Text("Ending the turn"),
    "RollOff": Text("Rolling off"),
}
