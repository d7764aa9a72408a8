"""石器部落 (Stone Tribe) screens: setup, free-skill draft, table, fate dice, demand and negotiation,
learning a skill, chance cards, and the end with the roll-off.

Importing this package registers the screens with ``companion.ui.registry``. ``install(app)`` adds them
to a running app before any Stone Tribe game is open (the setup screen comes before the session).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder

from companion.ui.registry import GameScreens, register
from rules.stone_tribe import StartGame

KV_DIR = Path(__file__).resolve().parents[4] / "kv"
COMMON_KV = KV_DIR / "st_common.kv"
if str(COMMON_KV) not in Builder.files:
    Builder.load_file(str(COMMON_KV))

from .chance import ChanceScreen  # noqa: E402  (the kv above first: screens use its widgets)
from .demand import DemandScreen  # noqa: E402
from .dice import FateDiceScreen  # noqa: E402
from .end import EndScreen  # noqa: E402
from .setup import SetupScreen  # noqa: E402
from .skills import SkillScreen  # noqa: E402
from .table import StTableScreen  # noqa: E402


def _setup(players: list[tuple[str, str]], start_player: int) -> StartGame:
    """The start command from Home's form (names in seating order; colours are not used by this game)."""
    return StartGame(tuple(name for name, _colour in players), start_player)


SCREENS = register(GameScreens(
    game="stone-tribe",
    title="石器部落",
    screens={"st_setup": (SetupScreen, "st_setup"), "st_table": (StTableScreen, "st_table"),
             "st_skill": (SkillScreen, "st_skill"), "st_dice": (FateDiceScreen, "st_dice"),
             "st_demand": (DemandScreen, "st_demand"), "st_chance": (ChanceScreen, "st_chance"),
             "st_end": (EndScreen, "st_end")},
    table="st_table",
    setup_command=_setup,
    min_players=2,
    max_players=5,  # what Home's form offers; the setup screen takes up to 8
    extra={"setup_screen": "st_setup", "max_players": 8},
))


def open_setup(app: Any, players: list[tuple[str, str]] | None = None) -> None:
    """Show the Stone Tribe setup (2–8 players, start player, doubles option) before any game is open;
    ``players`` ``[(name, colour), ...]`` from Home fill its seats (colours are not used by this game)."""
    install(app)
    if players:
        app.sm.get_screen("st_setup").use_players([name for name, _colour in players])
    app.go("st_setup")


SCREENS.extra["open_setup"] = open_setup


def install(app: Any) -> None:
    """Add the Stone Tribe screens to ``app``'s screen manager (once), so the setup screen can open."""
    for name, (cls, kv) in SCREENS.screens.items():
        if app.sm.has_screen(name):
            continue
        path = str(KV_DIR / f"{kv}.kv")
        if path not in Builder.files:
            Builder.load_file(path)
        app.sm.add_widget(cls(name=name))
