"""The events of 石器部落: facts ``evolve`` applies without question. Players are named by name."""
from __future__ import annotations

from dataclasses import dataclass

from .commands import Adjustment, Payment, Share
from .resources import Resources
from .state import Demand, Options, SkillCard


@dataclass(frozen=True)
class GameStarted:
    """A game began with these players (seating order), start player, options and round count."""

    players: tuple[str, ...]
    start: int
    options: Options
    rounds: int
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class SkillDrafted:
    """A free skill card taken in the setup draft, with its starting resources."""

    player: str
    card: SkillCard
    resources: Resources


@dataclass(frozen=True)
class StartingHandsDealt:
    """Every player draws their starting chance card(s)."""

    cards: int


@dataclass(frozen=True)
class TurnStarted:
    """``player`` takes the current-player marker."""

    player: str
    round: int


@dataclass(frozen=True)
class ChanceCardDrawn:
    """The current player drew the turn's chance card."""

    player: str


@dataclass(frozen=True)
class FateDiceRolled:
    """The fate dice of this turn, as read."""

    player: str
    dice: tuple[int, int]
    source: str


@dataclass(frozen=True)
class ResourcesEarned:
    """``player``'s skill cards matched the roll ``dice``."""

    player: str
    resources: Resources
    dice: tuple[int, int]


@dataclass(frozen=True)
class DemandRevealed:
    """A demand card turned up by ``player``; negotiation starts under their control."""

    player: str
    demand: Demand


@dataclass(frozen=True)
class DemandCompleted:
    """The agreed deal: payments back to the supply, shares of the reward handed out."""

    controller: str
    payments: tuple[Payment, ...]
    shares: tuple[Share, ...]


@dataclass(frozen=True)
class DemandDiscarded:
    """The demand card went to the discard pile without being completed."""

    controller: str


@dataclass(frozen=True)
class SkillLearned:
    """``player`` paid ``shells`` for a skill card."""

    player: str
    card: SkillCard
    shells: int


@dataclass(frozen=True)
class ChanceCardPlayed:
    """A chance card played, with the effect the table applied."""

    player: str
    colour: str
    note: str
    effect: tuple[Adjustment, ...]
    take_control: bool = False


@dataclass(frozen=True)
class ChanceCardsDiscarded:
    """``player`` discarded ``count`` chance cards from hand (``reason``: e.g. the hand limit)."""

    player: str
    count: int
    reason: str


@dataclass(frozen=True)
class TurnEnded:
    """``player`` passed the marker to the right."""

    player: str


@dataclass(frozen=True)
class GameEnded:
    """The last round is over; the ranking decides the winner (or the leaders roll off)."""

    rounds: int


@dataclass(frozen=True)
class RollOffRolled:
    """A tied leader's roll in the final roll-off."""

    player: str
    dice: tuple[int, int]
    source: str


@dataclass(frozen=True)
class WinnerDeclared:
    """The new great chief (大酋長). ``decided_by``: shells, resource cards or roll-off."""

    winner: str
    decided_by: str


EVENTS: tuple[type, ...] = (
    GameStarted, SkillDrafted, StartingHandsDealt, TurnStarted, ChanceCardDrawn, FateDiceRolled,
    ResourcesEarned, DemandRevealed, DemandCompleted, DemandDiscarded, SkillLearned, ChanceCardPlayed,
    ChanceCardsDiscarded, TurnEnded, GameEnded, RollOffRolled, WinnerDeclared,
)
