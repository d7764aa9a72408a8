"""Stone Age screens: table, dice, build / buy, feeding and final scoring."""
from __future__ import annotations

from dataclasses import replace

from companion.settings import Settings
from companion.ui.registry import GameScreens, register
from rules.stone_age import NewGame, Seat

from .build import BuildScreen
from .dice import DiceScreen
from .feeding import FeedingScreen
from .scoring import ScoringScreen
from .table import TableScreen


def _setup(players: list[tuple[str, str]], start_player: int) -> NewGame:
    return NewGame(tuple(Seat(name, colour) for name, colour in players), start_player)


def _with_settings(command: NewGame, settings: Settings) -> NewGame:
    """The board keeps the placement unless Settings asks for every placement to be entered."""
    return replace(command, board=not settings.sa_every_placement)


SCREENS = register(GameScreens(
    game="stone-age",
    title="Stone Age",
    screens={"sa_table": (TableScreen, "sa_table"), "sa_dice": (DiceScreen, "sa_dice"),
             "sa_build": (BuildScreen, "sa_build"), "sa_feeding": (FeedingScreen, "sa_feeding"),
             "sa_scoring": (ScoringScreen, "sa_scoring")},
    table="sa_table",
    setup_command=_setup,
    extra={"with_settings": _with_settings},
))
