"""Which screens each game brings: a per-game registry the app reads when a game starts.

A game registers a ``GameScreens``: its screen classes (each with the kv file it needs), the name of
the screen that shows the table, and the game's new-game options. Adding a game's screens means
writing the package ``companion/ui/games/<game>/`` (the game's name with ``_`` for ``-``) whose
``__init__`` calls ``register(...)``; it is found by name, and the app, Home, History and Settings
screens stay as they are.
"""
from __future__ import annotations

import importlib
import importlib.util
import logging
from dataclasses import dataclass, field
from typing import Any, Callable

def module_for(game: str) -> str:
    """The package that holds ``game``'s screens: ``stone-age`` -> ``companion.ui.games.stone_age``."""
    return "companion.ui.games." + game.replace("-", "_")


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
log = logging.getLogger(__name__)


def register(screens: GameScreens) -> GameScreens:
    """Add a game's screens (the last registration of a game wins)."""
    _REGISTRY[screens.game] = screens
    return screens


def has_screens(game: str) -> bool:
    """True if ``game`` has a screens package (without importing it)."""
    if game in _REGISTRY:
        return True
    try:
        return importlib.util.find_spec(module_for(game)) is not None
    except ModuleNotFoundError:
        return False


def screens_for(game: str) -> GameScreens | None:
    """The screens of ``game``, importing its package on first use; None for a game without screens."""
    if game not in _REGISTRY and has_screens(game):
        try:
            importlib.import_module(module_for(game))
        except Exception as exc:  # a game whose screens do not load must not stop the others
            log.warning("the screens of %s cannot be loaded: %s", game, exc)
    return _REGISTRY.get(game)


def playable_games() -> list[str]:
    """The games that have registered screens, in the order ``rules.game`` lists them."""
    from rules.game import game_names

    return [g for g in game_names() if has_screens(g) and screens_for(g) is not None]
