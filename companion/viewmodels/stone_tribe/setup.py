"""The 石器部落 setup form, without a window: 2–8 names in seating order, the start player and the doubles
option. Outside the box's 4–8 players the form warns but still starts (as the rules do).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from companion.viewmodels.stone_tribe.text import _, tr
from rules.stone_tribe import Doubles, Options, StartGame, rounds_for
from rules.stone_tribe.data import BOX_MAX_PLAYERS, BOX_MIN_PLAYERS, MAX_PLAYERS, MIN_PLAYERS
from companion.viewmodels.seat_names import names_problem

NAME_LENGTH = 12


@dataclass(frozen=True)
class SetupForm:
    """Players in seating order (going to the right), who starts, and how a double pays."""

    names: tuple[str, ...]
    start: int = 0
    doubles: Doubles = Doubles.PER_DIE

    @classmethod
    def default(cls, count: int = 6) -> "SetupForm":
        """``count`` players named "Player 1".. (6 is the seed's recommended table); player 1 starts."""
        return cls(tuple(tr("Player {n}", n=i + 1) for i in range(count)))

    def add_player(self) -> "SetupForm":
        """One more player (up to 8)."""
        if len(self.names) >= MAX_PLAYERS:
            return self
        return replace(self, names=self.names + (tr("Player {n}", n=len(self.names) + 1),))

    def remove_player(self) -> "SetupForm":
        """The last player left out (down to 2); the start player stays in range."""
        if len(self.names) <= MIN_PLAYERS:
            return self
        names = self.names[:-1]
        return replace(self, names=names, start=min(self.start, len(names) - 1))

    def rename(self, seat: int, name: str) -> "SetupForm":
        """Seat ``seat`` renamed (spaces around it dropped, at most 12 characters)."""
        names = list(self.names)
        names[seat] = name.strip()[:NAME_LENGTH]
        return replace(self, names=tuple(names))

    def set_start(self, seat: int) -> "SetupForm":
        """Seat ``seat`` starts (the youngest player, by the rules)."""
        return replace(self, start=seat)

    def set_doubles(self, doubles: str) -> "SetupForm":
        """How a double pays: ``per_die`` (twice) or ``once``."""
        return replace(self, doubles=Doubles(doubles))

    def warning(self) -> str:
        """The box's player-count warning, or ""."""
        if BOX_MIN_PLAYERS <= len(self.names) <= BOX_MAX_PLAYERS:
            return ""
        return tr("The box says {least} to {most} players: {n} can play, but the game is not made for it.",
                  least=BOX_MIN_PLAYERS, most=BOX_MAX_PLAYERS, n=len(self.names))

    def rounds_line(self) -> str:
        """"6 players · 3 rounds"."""
        return tr("{n} players  ·  {rounds} rounds", n=len(self.names), rounds=rounds_for(len(self.names)))

    def problem(self) -> str | None:
        """Why the game cannot start yet, or None."""
        problem = names_problem(self.names)
        if problem:
            return problem
        return None

    def command(self) -> StartGame:
        """The rules' command that starts this game."""
        return StartGame(self.names, self.start, Options(doubles=self.doubles))


def doubles_label(doubles: Doubles) -> str:
    """The option's button text."""
    if doubles == Doubles.PER_DIE:
        return _("pays twice")
    return _("pays once")
