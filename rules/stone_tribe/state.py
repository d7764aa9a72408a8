"""The state of a game of 石器部落: players, their books, and where the turn stands.

Players are kept in seating order going to the right (counter-clockwise seen from above): the
current-player marker passes to the next player in this order, and the setup draft starts in it too.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

from .data import FREE_DRAFT_PASSES, SKILLS
from .resources import Resources


class Phase(str, enum.Enum):
    """Where the game stands; each phase allows its own commands (``decide.ALLOWED``)."""

    DRAFT = "draft"              # setup: free skills chosen in a snake draft
    DRAW = "draw"                # a turn began: the current player draws a chance card
    ROLL = "roll"                # the current player rolls the two fate dice
    MAIN = "main"                # after the roll, outside negotiation: demand, learning, red/blue cards
    NEGOTIATION = "negotiation"  # a demand card is open: complete it or discard it; green cards
    ROLLOFF = "rolloff"          # the last round is over and the leaders are tied: they roll the fate dice
    OVER = "over"                # the winner is known


class Doubles(str, enum.Enum):
    """How a roll pays a skill card (rule option)."""

    PER_DIE = "per_die"  # each die is matched on its own: a double of a card's number pays twice
    ONCE = "once"        # each number rolled counts once: a double pays like a single die


@dataclass(frozen=True)
class Options:
    """Rule options chosen at setup.

    ``rounds``: ``None`` plays the seed's count (4 rounds with 4 or fewer players, 3 with 5 or more); the
    seed lets the table choose another. ``skill_cards_per_skill``: cards in each skill's stack (the box
    holds 30 skill cards in five stacks; the seed does not print the split, an even 6 is assumed).
    """

    doubles: Doubles = Doubles.PER_DIE
    rounds: int | None = None
    skill_cards_per_skill: int = 6


@dataclass(frozen=True)
class SkillCard:
    """A learned skill card and the number(s) printed on it (entered when the card is taken)."""

    skill: str
    numbers: tuple[int, ...]

    @property
    def resource(self) -> str:
        """The resource kind this card earns."""
        return SKILLS[self.skill].resource


@dataclass(frozen=True)
class PlayerState:
    """One player's books. ``hand`` counts chance cards in hand (their faces are secret); ``blue_cards``
    holds the notes of blue chance cards lying face up in front of the player; ``rolloff`` the pairs of
    fate dice rolled in the final roll-off."""

    name: str
    skills: tuple[SkillCard, ...] = ()
    resources: Resources = Resources()
    shells: int = 0
    hand: int = 0
    blue_cards: tuple[str, ...] = ()
    rolloff: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Demand:
    """The open demand card (需求卡): the resources it asks for and its reward, as entered."""

    cost: Resources
    shells: int
    chance_cards: int = 0
    note: str = ""


@dataclass(frozen=True)
class GameState:
    """The whole game. ``turn`` counts turns from 0 (the draft pick during ``DRAFT``); the current player
    and the round follow from it and the seat order."""

    players: tuple[PlayerState, ...]
    start: int
    options: Options
    rounds: int
    warnings: tuple[str, ...] = ()
    phase: Phase = Phase.DRAFT
    turn: int = 0
    learned_this_turn: bool = False
    demand: Demand | None = None
    demand_done: bool = False
    controller: str | None = None
    greens_on_table: int = 0
    last_card_by: str | None = None
    last_roll: tuple[int, int] | None = None
    winner: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """Player names in seating order."""
        return tuple(p.name for p in self.players)

    @property
    def order(self) -> tuple[str, ...]:
        """Player names in turn order: the start player, then to the right."""
        n = len(self.players)
        return tuple(self.players[(self.start + i) % n].name for i in range(n))

    @property
    def current(self) -> str | None:
        """Who holds the current-player marker (or picks in the draft); ``None`` once the turns are over."""
        if self.phase == Phase.DRAFT:
            picks = draft_order(self.order)
            return picks[self.turn] if self.turn < len(picks) else None
        if self.phase in (Phase.ROLLOFF, Phase.OVER):
            return None
        return self.order[self.turn % len(self.players)]

    @property
    def round(self) -> int:
        """The round being played, from 1 (0 during the draft)."""
        if self.phase == Phase.DRAFT:
            return 0
        return min(self.turn // len(self.players) + 1, self.rounds)

    def player(self, name: str) -> PlayerState:
        """The player called ``name`` (``KeyError`` if none)."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def replace_player(self, updated: PlayerState) -> tuple[PlayerState, ...]:
        """The players with ``updated`` in place of the player of the same name."""
        return tuple(updated if p.name == updated.name else p for p in self.players)

    def skill_cards_taken(self, skill: str) -> int:
        """How many cards of ``skill`` the players hold (the rest are still in its stack)."""
        return sum(1 for p in self.players for card in p.skills if card.skill == skill)


def draft_order(order: tuple[str, ...], passes: int = FREE_DRAFT_PASSES) -> tuple[str, ...]:
    """Who picks at each step of the setup draft: along ``order`` (turn order from the start player),
    then back from the last player, alternating for ``passes`` passes (a snake draft)."""
    picks: list[str] = []
    for p in range(passes):
        picks.extend(order if p % 2 == 0 else reversed(order))
    return tuple(picks)

