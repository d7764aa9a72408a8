"""Which screens each game brings: a per-game registry the app reads when a game starts.

A game registers a ``GameScreens``: its screen classes (each with the kv file it needs), the name of
the screen that shows the table, and the game's new-game options. Adding a game's screens means
writing them and one ``register(...)`` call in ``companion/ui/games/<game>.py``; the app, Home,
History and Settings screens stay as they are.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

#: game name -> module that registers its screens when imported
GAME_MODULES: dict[str, str] = {"stone-age": "companion.ui.games.stone_age"}


@dataclass(frozen=True)
class GameScreens:
    """A game's screens.

    ``screens`` maps a screen name to ``(screen class, kv file name)``; ``table`` is the screen shown
    when the game opens; ``setup_command(players, start_player)`` builds the game's setup command from
    the Home screen's choices ``[(name, colour), ...]``; ``min_players``/``max_players`` bound the
    player count Home offers.
    """

    game: str
    title: str
    screens: dict[str, tuple[type, str]]
    table: str
    setup_command: Callable[[list[tuple[str, str]], int], Any]
    min_players: int = 2
    max_players: int = 4
    extra: dict[str, Any] = field(default_factory=dict)


_REGISTRY: dict[str, GameScreens] = {}


def register(screens: GameScreens) -> GameScreens:
    """Add a game's screens (the last registration of a game wins)."""
    _REGISTRY[screens.game] = screens
    return screens


def screens_for(game: str) -> GameScreens | None:
    """The screens of ``game``, importing its module on first use; None for a game without screens."""
    if game not in _REGISTRY and game in GAME_MODULES:
        importlib.import_module(GAME_MODULES[game])
    return _REGISTRY.get(game)


def playable_games() -> list[str]:
    """The games that have screens, in the order Home lists them."""
    return [g for g in GAME_MODULES if screens_for(g) is not None]
