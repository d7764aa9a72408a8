"""The Prehistories setup without a window: 2–5 players with colours, and the goal cards in play.

Goal cards: 4 at 2–3 players, 5 at 4–5, each on its Sun (A) or Moon (B) side. The players draw them
from the deck and tap the cards they drew; the form starts with none. "Draw for us" draws only the
cards still missing (the screen saves that draw as a draft before it shows it: ``to_draft`` and
``from_draft``). ``command()`` builds the rules' ``StartGame``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from companion.i18n import tr
from rules.prehistories.commands import PlayerSetup, StartGame
from rules.prehistories.data import PLAYER_COUNTS, Colour
from companion.viewmodels.seat_names import names_problem

#: colours in the order the setup offers them
COLOURS: tuple[Colour, ...] = (Colour.YELLOW, Colour.BLUE, Colour.RED, Colour.GREEN, Colour.WHITE)
CARDS = tuple(range(1, 10))
MIN_PLAYERS, MAX_PLAYERS = 2, 5


def goal_count(players: int) -> int:
    """Goal cards in play for ``players`` players (4 at 2–3, 5 at 4–5)."""
    return PLAYER_COUNTS[max(MIN_PLAYERS, min(MAX_PLAYERS, players))][1]


def random_goals(rng: random.Random, count: int) -> dict[int, str]:
    """``count`` different cards, each on a random side: card number -> "A" (Sun) or "B" (Moon)."""
    return {n: rng.choice("AB") for n in sorted(rng.sample(CARDS, count))}


@dataclass(frozen=True)
class Seat:
    """One player row: name and colour."""

    name: str
    colour: Colour


@dataclass(frozen=True)
class SetupForm:
    """Players and goal cards; ``goals`` maps a card number to its side ("A" Sun, "B" Moon)."""

    seats: tuple[Seat, ...]
    goals: tuple[tuple[int, str], ...] = ()

    @classmethod
    def default(cls, count: int = 3) -> "SetupForm":
        """``count`` players "Player 1".. in the first colours, and no goal card chosen yet."""
        seats = tuple(Seat(tr("Player {n}", n=i + 1), COLOURS[i]) for i in range(count))
        return cls(seats)

    @classmethod
    def from_players(cls, players: list[tuple[str, str]]) -> "SetupForm":
        """Seats ``[(name, colour value), ...]`` (2–5 kept), and no goal card chosen yet."""
        seats = tuple(Seat(name, Colour(colour)) for name, colour in players[:MAX_PLAYERS])
        return cls(seats)

    # -- the draft kept while the form is open -------------------------------------------------------
    def to_draft(self) -> dict[str, Any]:
        """The form as plain JSON values:
        ``{"seats": [[name, colour], ...], "goals": [[card, side], ...]}``."""
        return {"seats": [[s.name, s.colour.value] for s in self.seats],
                "goals": [[card, side] for card, side in sorted(self.goals)]}

    @classmethod
    def from_draft(cls, draft: Any, players: list[tuple[str, str]] | None = None) -> "SetupForm | None":
        """The form ``to_draft`` saved, or None when ``draft`` is not one (damaged, hand-edited).

        With ``players`` (Home's rows), the seats are those and only the draft's goal cards are kept,
        the lowest-numbered first when fewer players need fewer cards.
        """
        try:
            rows = players if players is not None else draft["seats"]
            seats = tuple(Seat(name, Colour(colour)) for name, colour in rows[:MAX_PLAYERS])
            goals = tuple(sorted((card, side) for card, side in draft["goals"]))
        except (KeyError, TypeError, ValueError):
            return None
        cards = [card for card, _side in goals]
        if (not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS or len(set(cards)) != len(cards)
                or any(not isinstance(seat.name, str) for seat in seats)
                or any(type(card) is not int or card not in CARDS or side not in ("A", "B")
                       for card, side in goals)):
            return None
        return cls(seats, goals[:goal_count(len(seats))])

    @property
    def needed(self) -> int:
        """Goal cards this many players use."""
        return goal_count(len(self.seats))

    @property
    def missing(self) -> int:
        """Goal cards still to choose (0 when the form has them all)."""
        return max(0, self.needed - len(self.goals))

    def side_of(self, card: int) -> str:
        """"A", "B" or "" (not in play) for goal card ``card``."""
        return dict(self.goals).get(card, "")

    def goal_ids(self) -> tuple[str, ...]:
        """The chosen goals as the rules name them ("A2", "B7"), by card number."""
        return tuple(f"{side}{card}" for card, side in sorted(self.goals))

    # -- players ---------------------------------------------------------------------------------
    def add_player(self) -> "SetupForm":
        """One more player (at most 5) in the first free colour."""
        if len(self.seats) >= MAX_PLAYERS:
            return self
        free = next(c for c in COLOURS if c not in {s.colour for s in self.seats})
        return replace(self, seats=self.seats + (Seat(tr("Player {n}", n=len(self.seats) + 1), free),))

    def remove_player(self) -> "SetupForm":
        """One player fewer (at least 2); goal cards beyond the new count are dropped."""
        if len(self.seats) <= MIN_PLAYERS:
            return self
        seats = self.seats[:-1]
        return replace(self, seats=seats, goals=tuple(sorted(self.goals))[:goal_count(len(seats))])

    def rename(self, seat: int, name: str) -> "SetupForm":
        """Seat ``seat`` renamed (spaces trimmed, at most 16 characters)."""
        seats = list(self.seats)
        seats[seat] = replace(seats[seat], name=name.strip()[:16])
        return replace(self, seats=tuple(seats))

    def next_colour(self, seat: int) -> "SetupForm":
        """Seat ``seat`` takes the next colour nobody else has."""
        taken = {s.colour for i, s in enumerate(self.seats) if i != seat}
        start = COLOURS.index(self.seats[seat].colour)
        for step in range(1, len(COLOURS)):
            colour = COLOURS[(start + step) % len(COLOURS)]
            if colour not in taken:
                seats = list(self.seats)
                seats[seat] = replace(seats[seat], colour=colour)
                return replace(self, seats=tuple(seats))
        return self

    # -- goal cards ------------------------------------------------------------------------------
    def cycle_goal(self, card: int) -> "SetupForm":
        """A tap on goal card ``card``: not in play -> Sun -> Moon -> not in play. A card is not added
        when enough cards are already in play (the form stays as it was)."""
        goals = dict(self.goals)
        side = goals.get(card, "")
        if side == "":
            if len(goals) >= self.needed:
                return self
            goals[card] = "A"
        elif side == "A":
            goals[card] = "B"
        else:
            del goals[card]
        return replace(self, goals=tuple(sorted(goals.items())))

    def draw_goals(self, rng: random.Random) -> "SetupForm":
        """The missing goal cards drawn at random among those not chosen, each on a random side; the
        cards already chosen stay as they are (the form itself when none is missing)."""
        if not self.missing:
            return self
        goals = dict(self.goals)
        left = [card for card in CARDS if card not in goals]
        goals.update({card: rng.choice("AB") for card in rng.sample(left, self.missing)})
        return replace(self, goals=tuple(sorted(goals.items())))

    def all_sun(self, rng: random.Random) -> "SetupForm":
        """Cards drawn at random, all on the Sun side (advised for a first game)."""
        return replace(self, goals=tuple((n, "A") for n in sorted(rng.sample(CARDS, self.needed))))

    def goal_status(self) -> str:
        """"Goal cards: 1 of 4 chosen, 3 still needed", or "Goal cards: all 4 chosen"."""
        if self.missing:
            return tr("Goal cards: {n} of {need} chosen, {left} still needed", n=len(self.goals),
                      need=self.needed, left=self.missing)
        return tr("Goal cards: all {need} chosen", need=self.needed)

    def problem(self) -> str | None:
        """Why the game cannot start yet, in the current language; None when it can."""
        names = [s.name for s in self.seats]
        problem = names_problem(names)
        if problem:
            return problem
        if len(self.goals) != self.needed:
            return tr("Choose {need} goal cards ({n} chosen).", need=self.needed, n=len(self.goals))
        return None

    def command(self) -> StartGame:
        """The rules' setup command for this form."""
        return StartGame(tuple(PlayerSetup(s.name, s.colour) for s in self.seats), self.goal_ids())


def start_from_home(players: list[tuple[str, str]], rng: random.Random) -> StartGame:
    """A start from Home's player rows ``[(name, colour value), ...]``: the colours as chosen there and
    the goal cards drawn at random (Home does not choose them)."""
    goals = tuple(f"{side}{card}" for card, side in random_goals(rng, goal_count(len(players))).items())
    return StartGame(tuple(PlayerSetup(name, Colour(colour)) for name, colour in players), goals)
