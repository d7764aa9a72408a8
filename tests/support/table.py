"""A game played command by command through a game's real ``RULES``, keeping every event."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from rules.game import GameRules


@dataclass
class GameTable:
    """Subclass with ``rules = <game>.RULES``; ``events`` is the whole log of what was played."""

    rules: ClassVar[GameRules[Any]]
    state: Any = None
    events: list[Any] = field(default_factory=list)

    def do(self, *commands: Any) -> tuple[Any, ...]:
        """Apply ``commands`` in order; returns the events of the last one."""
        out: tuple[Any, ...] = ()
        for command in commands:
            out = self.rules.decide(self.state, command)
            for event in out:
                self.state = self.rules.evolve(self.state, event)
                self.events.append(event)
        return out

    @property
    def s(self) -> Any:
        """The state, which must exist (the game has started)."""
        assert self.state is not None
        return self.state
