"""The companion layer's errors."""
from __future__ import annotations

from rules.errors import CairnError


class CompanionError(CairnError):
    """Base class of the companion layer's errors."""


class StoreError(CompanionError, OSError):
    """The game store cannot be used: not a Cairn database, corrupt, read-only or out of space."""


class UsageError(CompanionError, ValueError):
    """A command-line input that Cairn cannot use (a missing file, bad JSON, an unknown game)."""


class DamagedGameError(StoreError):
    """One saved game cannot be read (a damaged row); the file's other games are not affected.

    ``game_id`` and ``name`` (its players, or "game N" when even they are unreadable) say which one.
    """

    def __init__(self, game_id: int, name: str, detail: str) -> None:
        super().__init__(f"the saved game {name} (game {game_id}) is damaged: {detail}")
        self.game_id, self.name, self.detail = game_id, name, detail
