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

    ``game_id`` and ``name`` (its players, or "game N" when even they are unreadable) say which one;
    ``detail`` what is wrong: English text, or a message with ``template`` and ``params`` (a row's
    ``Damaged``). ``str()`` is English (logs, the command line); ``reason`` is the same as a template
    ``REASON`` and its params, for the screens to translate.
    """

    REASON = "the saved game {name} (game {game_id}) is damaged: {detail}"

    def __init__(self, game_id: int, name: str, detail: object) -> None:
        super().__init__(self.REASON.format(name=name, game_id=game_id, detail=detail))
        self.game_id, self.name, self.detail = game_id, name, detail

    @property
    def reason(self) -> tuple[str, dict[str, object]]:
        """``(template, params)`` of the message; ``detail`` stays a message with its own parts when it is one."""
        return self.REASON, {"name": self.name, "game_id": self.game_id, "detail": self.detail}
