"""Builders shared by the Stone Age tests (no tests here): play commands through the real ``RULES``
and keep the log; hand-build a scenario (boardgame.io style) when a test needs a specific board."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.stone_age import RULES, Area, GameState, NewGame, Phase, Placement, Seat
from rules.stone_age.turns import next_actor
from tests.support.table import GameTable

NAMES = ("Ann", "Ben", "Cai", "Dan")
COLOURS = ("red", "blue", "green", "yellow")


class Table(GameTable):
    """A game played command by command; ``events`` is its whole log."""

    rules = RULES

    def edit(self, seat: int, **changes: Any) -> None:
        """Hand-set a player's books (scenario setup, not a move)."""
        players = list(self.s.players)
        players[seat] = replace(players[seat], **changes)
        self.state = replace(self.s, players=tuple(players))

    def board(self, **changes: Any) -> None:
        """Hand-set game fields (scenario setup, not a move)."""
        self.state = replace(self.s, **changes)


def new_table(players: int = 2, start: int = 0) -> Table:
    """A fresh game of ``players`` (Ann, Ben, ...) with ``start`` holding the marker."""
    t = Table()
    t.do(NewGame(tuple(Seat(NAMES[i], COLOURS[i]) for i in range(players)), start))
    return t


def at_actions(players: int, *placed: tuple[int, Area, int, int], start: int = 0) -> Table:
    """A table in the actions phase with exactly ``placed`` = (seat, area, figures, slot) on the board."""
    t = new_table(players, start)
    spots = tuple(Placement(seat, area, slot, figures) for seat, area, figures, slot in placed)
    t.board(phase=Phase.ACTIONS, placements=spots)
    actor = next_actor(t.s)
    t.board(current=actor if actor is not None else -1)
    return t
