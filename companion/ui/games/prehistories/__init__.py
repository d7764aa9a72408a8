"""Prehistories screens: setup, the table (new tiles, planning, hunting), the secret plans, the order
of play, the caves, the totems and the winner. Importing this package registers them."""
from __future__ import annotations

import random
from typing import Any

from companion.ui.registry import GameScreens, register
from companion.viewmodels.prehistories.setup import start_from_home
from rules.prehistories.commands import StartGame

from .cave import PhCaveScreen
from .order import PhOrderScreen
from .plan import PhPlanScreen
from .setup import PhSetupScreen
from .table import PhTableScreen
from .totems import PhTotemsScreen
from .winner import PhWinnerScreen

SETUP_SCREEN = "ph_setup"


def setup_command(players: list[tuple[str, str]], start_player: int = 0) -> StartGame:
    """A start from Home's player rows: the colours as chosen there, goal cards drawn at random.

    Prehistories has no start player (the order comes from the hunters played), so ``start_player``
    is not used.
    """
    return start_from_home(players, random.Random())


def open_setup(app: Any, players: list[tuple[str, str]] | None = None) -> None:
    """Show the Prehistories setup (players, colours, the goal cards the players drew) before any game
    is open, as its draft left it; ``players`` ``[(name, colour value), ...]`` from Home fill its seats."""
    app._add_game_screens(SCREENS.game)
    app.sm.get_screen(SETUP_SCREEN).begin(players)
    app.go(SETUP_SCREEN)


SCREENS = register(GameScreens(
    game="prehistories",
    title="Prehistories",
    screens={"ph_table": (PhTableScreen, "ph_table"), "ph_setup": (PhSetupScreen, "ph_setup"),
             "ph_plan": (PhPlanScreen, "ph_plan"), "ph_order": (PhOrderScreen, "ph_order"),
             "ph_cave": (PhCaveScreen, "ph_cave"), "ph_totems": (PhTotemsScreen, "ph_totems"),
             "ph_winner": (PhWinnerScreen, "ph_winner")},
    table="ph_table",
    setup_command=setup_command,
    min_players=2,
    max_players=5,
    extra={"setup_screen": SETUP_SCREEN, "open_setup": open_setup},
))
