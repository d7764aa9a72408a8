"""The Home screen without a window: the new-game form and the list of saved games."""
from __future__ import annotations

import time
from dataclasses import dataclass, replace

from companion.i18n import _, tr
from companion.viewmodels.seat_names import names_problem

#: seat colours in the order new seats take them (the fifth only for games of five)
COLOURS = ("red", "blue", "green", "yellow", "white")


@dataclass(frozen=True)
class SeatForm:
    """One player row of the new-game form."""

    name: str
    colour: str


@dataclass(frozen=True)
class NewGameForm:
    """The new-game form: 2–4 players with names and colours, and who starts."""

    seats: tuple[SeatForm, ...]
    start_player: int = 0
    min_players: int = 2
    max_players: int = 4

    @classmethod
    def default(cls, count: int = 3) -> "NewGameForm":
        """``count`` players named "Player 1".. in the four board colours; player 1 starts."""
        return cls(tuple(SeatForm(tr("Player {n}", n=i + 1), COLOURS[i]) for i in range(count)))

    def add_player(self) -> "NewGameForm":
        """One more player (up to the maximum), in the first colour nobody has."""
        if len(self.seats) >= self.max_players:
            return self
        free = next((c for c in COLOURS if c not in {s.colour for s in self.seats}), COLOURS[0])
        return replace(self, seats=self.seats + (SeatForm(tr("Player {n}", n=len(self.seats) + 1), free),))

    def remove_player(self) -> "NewGameForm":
        """One player fewer (down to the minimum); the start player stays in range."""
        if len(self.seats) <= self.min_players:
            return self
        seats = self.seats[:-1]
        return replace(self, seats=seats, start_player=min(self.start_player, len(seats) - 1))

    def rename(self, seat: int, name: str) -> "NewGameForm":
        """Seat ``seat`` renamed (surrounding spaces dropped, at most 16 characters)."""
        seats = list(self.seats)
        seats[seat] = replace(seats[seat], name=name.strip()[:16])
        return replace(self, seats=tuple(seats))

    def next_colour(self, seat: int) -> "NewGameForm":
        """Seat ``seat`` takes the next colour nobody else has."""
        taken = {s.colour for i, s in enumerate(self.seats) if i != seat}
        order = list(COLOURS)
        start = order.index(self.seats[seat].colour)
        for step in range(1, len(order) + 1):
            colour = order[(start + step) % len(order)]
            if colour not in taken:
                seats = list(self.seats)
                seats[seat] = replace(seats[seat], colour=colour)
                return replace(self, seats=tuple(seats))
        return self

    def set_start(self, seat: int) -> "NewGameForm":
        """Seat ``seat`` holds the start-player marker."""
        return replace(self, start_player=seat)

    def problem(self) -> str | None:
        """Why the game cannot start yet, in the player's language; None when it can."""
        names = [s.name for s in self.seats]
        problem = names_problem(names)
        if problem:
            return problem
        if len({s.colour for s in self.seats}) != len(self.seats):
            return _("Two players have the same colour.")
        return None


def game_line(title: str, players: tuple[str, ...], updated: float, finished: bool, now: float | None = None) -> str:
    """One saved game as Home lists it: "Ann, Bo, Cy · 2 h ago · finished"."""
    who = ", ".join(players) or title
    return f"{who}  ·  {ago(updated, now)}  ·  {_('finished') if finished else _('in progress')}"


def ago(when: float, now: float | None = None) -> str:
    """How long ago ``when`` was, coarsely: "just now", "5 min ago", "3 h ago", "2 days ago"."""
    seconds = max(0, (time.time() if now is None else now) - when)
    if seconds < 60:
        return _("just now")
    if seconds < 3600:
        return tr("{n} min ago", n=int(seconds // 60))
    if seconds < 86400:
        return tr("{n} h ago", n=int(seconds // 3600))
    return tr("{n} days ago", n=int(seconds // 86400))
