"""What every game package offers the session: pure decide / evolve over frozen dataclasses.

The session (``companion.session``) knows games only through a ``GameRules`` value:

* ``decide(state, command) -> tuple[event, ...]`` checks a command against the state and returns the
  events it causes, or raises ``IllegalMove`` naming the rule. ``state`` is ``None`` before the game
  starts; the first command is the game's setup command.
* ``evolve(state, event) -> state`` applies one event. It never refuses: events are facts.
* ``describe(state, event) -> str`` is the event's reason as a player reads it in the history
  ("Ann +13: building (wood, brick, stone)"), given the state *before* the event.
* ``finished(state)`` says the game is over (final scoring done).
* ``registry`` knows every command and event class by name, for the SQLite log.

Randomness never lives in the rules: dice and random draws are inputs carried by commands.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import reduce
from typing import Any, Generic, TypeVar

from .codec import Registry

S = TypeVar("S")


@dataclass(frozen=True)
class GameRules(Generic[S]):
    """One game's pure functions and its type registry."""

    name: str
    decide: Callable[[S | None, Any], tuple[Any, ...]]
    evolve: Callable[[S | None, Any], S]
    describe: Callable[[S | None, Any], str]
    finished: Callable[[S], bool]
    registry: Registry

    def fold(self, events: Iterable[Any], state: S | None = None) -> S | None:
        """The state after applying ``events`` in order to ``state``."""
        return reduce(self.evolve, events, state)


_GAMES: dict[str, str] = {
    "stone-age": "rules.stone_age",
    "prehistories": "rules.prehistories",
    "stone-tribe": "rules.stone_tribe",
}


def game_names() -> tuple[str, ...]:
    """The names of the games Cairn keeps."""
    return tuple(_GAMES)


def load_game(name: str) -> GameRules[Any]:
    """The ``GameRules`` of the game called ``name`` (its package's ``RULES``)."""
    import importlib

    from .errors import RulesError

    if name not in _GAMES:
        raise RulesError(f"unknown game {name!r}; Cairn knows {', '.join(_GAMES)}")
    return importlib.import_module(_GAMES[name]).RULES
