"""``main.py --screenshot DIR``: play scripted demo games (Stone Age, then Prehistories and 石器部落) and save a PNG of every screen.

The moves come from the rules' seeded random player (``rules.stone_age.random_play``), so the game is
legal and the same every time; they go through ``app.send`` like a tap would. Each screen is shown with
the values of the move about to be made (the dice of a gathering, the hut being built, the card being
bought) and saved with ``export_to_png`` before the move is sent. The app exits when the tour is done;
``app.exit_status`` is 1 if a step failed.
"""
from __future__ import annotations

import logging
import random
import sys
from pathlib import Path
from typing import Any, Iterator

from companion.ui.fit import print_cut
from companion.ui.stepper import FrameStepper
from companion.viewmodels.stone_age import card_group_key
from rules.stone_age import CARD_BY_ID, Area, BuildHut, BuyCard, Feed, Gather, Phase
from rules.stone_age.random_play import random_command

log = logging.getLogger(__name__)

SEED = 7
DEMO_PLAYERS = (("Ann", "red"), ("Bo", "blue"), ("Chen", "green"), ("Dora", "yellow"))


class ScreenshotTour:
    """Drives the app one step per frame; ``saved`` lists the PNGs written."""

    def __init__(self, app: Any, folder: Path, seed: int = SEED) -> None:
        self.app = app
        self.folder = Path(folder)
        self.rng = random.Random(seed)
        self.saved: list[Path] = []
        self._steps: Iterator[None] | None = None
        self._wanted = {"dice", "build", "buy", "feeding"}

    def start(self) -> None:
        """Begin after the first frames are drawn."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self.stepper = FrameStepper(self._tour(), self._done, interval=0.12).start()

    def _done(self, error: str | None) -> None:
        if error is None:
            print(f"saved {len(self.saved)} screenshots in {self.folder}")
        else:
            print(error, file=sys.stderr, end="")
        self.app.exit_status = 0 if error is None else 1
        self.app.stop()

    def shot(self, name: str) -> None:
        """Save the whole window as ``<name>-<W>x<H>-<lang>.png`` (with no banner over it)."""
        self.app.hide_banner()
        w, h = (int(v) for v in self.app.root.size)
        path = self.folder / f"{name}-{w}x{h}-{self.app.lang}.png"
        self.app.root.export_to_png(str(path))
        self.saved.append(path)
        print_cut(self.app, name)

    # -- the tour ----------------------------------------------------------------------------------
    def _tour(self) -> Iterator[None]:
        app = self.app
        app.go("home")
        yield
        self.shot("home")
        yield
        home = app.sm.get_screen("home")
        while len(home.form.seats) < len(DEMO_PLAYERS):
            home.change_players(1)
        for i, (name, _colour) in enumerate(DEMO_PLAYERS):
            home.form = home.form.rename(i, name)
        home._fill_seats()
        yield
        self.shot("home-setup")
        home.start_game()
        yield
        placed = 0
        while app.session.state.phase is Phase.PLACE:
            self._play_one()
            placed += 1
            if placed == 4:
                yield
                app.sm.get_screen("sa_table").select_space(Area.FOREST.value, 0)
                yield
                self.shot("table")
                app.sm.get_screen("sa_table").selected = []
        if app.session.state.board:  # the board keeps the placement: the table opens on the spaces to resolve
            app.go_table()
            yield
            self.shot("table")
        yield
        yield from self._play_until_over()
        app.go("sa_scoring")
        yield
        yield
        self.shot("scoring")
        app.go("history")
        yield
        self.shot("history")
        app.go("settings")
        yield
        self.shot("settings")
        yield from self._other_games()

    def _other_games(self) -> Iterator[None]:
        """The Prehistories and 石器部落 tours, each a scripted game of its own."""
        from companion.ui.games.prehistories.tour import PrehistoriesTour
        from companion.ui.games.stone_tribe.tour import StoneTribeTour

        for tour in (PrehistoriesTour(self.app, self.folder), StoneTribeTour(self.app, self.folder)):
            yield from tour.steps()
            self.saved += tour.saved

    def _play_until_over(self) -> Iterator[None]:
        app = self.app
        table_actions_shot = False
        for _ in range(3000):
            state = app.session.state
            if not self._wanted and table_actions_shot and app.sm.current != "settings":
                app.go("settings")  # play the rest fast: the settings screen does not redraw per move
            if state.phase is Phase.OVER:
                return
            command = random_command(state, self.rng)
            if state.phase is Phase.ACTIONS and not table_actions_shot:
                app.go_table()
                yield
                self.shot("table-actions")
                table_actions_shot = True
            if isinstance(command, Gather) and "dice" in self._wanted:
                yield from self._show_dice(command)
            elif isinstance(command, BuildHut) and "build" in self._wanted:
                yield from self._show_build(command)
            elif isinstance(command, BuyCard) and "buy" in self._wanted and not command.dice:
                yield from self._show_buy(command)
            elif isinstance(command, Feed) and "feeding" in self._wanted:
                app.go("sa_feeding")
                yield
                self.shot("feeding")
                self._wanted.discard("feeding")
            if not app.send(command):
                raise RuntimeError(f"the demo move {command} was refused: {app.banner}")
            if self._wanted and app.sm.current != app.game_screens.table:
                app.go_table()
        raise RuntimeError("the demo game did not end")

    def _play_one(self) -> None:
        command = random_command(self.app.session.state, self.rng)
        if not self.app.send(command):
            raise RuntimeError(f"the demo move {command} was refused: {self.app.banner}")

    def _show_dice(self, command: Gather) -> Iterator[None]:
        dice = self.app.sm.get_screen("sa_dice")
        state = self.app.session.state  # the board keeps the placement: the dice say how many stand there
        dice.prepare_gather(command.area, len(command.dice), open_count=bool(getattr(state, "board", False)))
        self.app.go("sa_dice")
        for i, v in enumerate(command.dice):
            dice.set_die(i, v)
        reader = self.app.bridge.reader if self.app.bridge else None
        for _ in range(100):  # let the camera's dice settle and be read, so the preview shows outlines
            if reader is None or reader.last_dice:
                break
            yield
        for i, v in enumerate(command.dice):  # the move's own dice, whatever the camera saw
            dice.set_die(i, v)
        if dice.reading.asking:  # a throw seen meanwhile: keep the move's dice
            dice.answer("keep")
        dice.tiles, dice.cards = list(command.tool_tiles), list(command.tool_cards)
        dice.refresh()
        self.app.hide_banner()
        yield
        yield
        self.shot("dice")
        self._wanted.discard("dice")

    def _show_build(self, command: BuildHut) -> Iterator[None]:
        build = self.app.sm.get_screen("sa_build")
        build.prepare("build", command.slot)
        self.app.go("sa_build")
        build.chosen = command.hut  # not choose(): a printed hut the player holds would be built by it
        build.paid = [r.value for r in command.paid]
        build.refresh()
        yield
        self.shot("build")
        self._wanted.discard("build")

    def _show_buy(self, command: BuyCard) -> Iterator[None]:
        build = self.app.sm.get_screen("sa_build")
        build.prepare("buy", command.slot)
        self.app.go("sa_build")
        build.choose(command.card)
        build.group = card_group_key(CARD_BY_ID[command.card])  # the card among the others of its bottom
        proposal = list(build.paid)
        build.paid = [r.value for r in command.paid]
        build.proposed = build.proposed and sorted(proposal) == sorted(build.paid)  # as the taps would leave it
        build.refresh()
        yield
        self.shot("buy")
        self._wanted.discard("buy")
