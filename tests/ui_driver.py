"""Drives the real Cairn app in its own window and reports what happened as JSON.

Run as a child process under a display (``tests/test_ui_game.py`` starts Xvfb)::

    python tests/ui_driver.py game   REPORT.json SHOTS_DIR   # a game by touch and keys
    python tests/ui_driver.py resume REPORT.json SHOTS_DIR   # restart: resume the saved game

Taps go through Kivy's own input path (``kivy.tests.common.UnitTestTouch`` posted to the event loop)
at the centre of the widget carrying a ``tid``; keys go through ``Window.dispatch('on_key_down')``.
The game: three players, three rounds entered entirely by touch (placements, every gathering's dice
tapped in, a hut, a card, feeding with a shortage paid once with resources and once with −10); then
the rest of the game is played by the rules' seeded random player through ``app.send`` (the path a tap
takes) to reach the end quickly, and the final table is opened by touch.
"""
from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.ui import ble_scenarios, countdown_scenarios, dice_scenarios, reliability  # noqa: E402
from tests.ui.bgstats_scenarios import BgStatsScenarios  # noqa: E402
from tests.ui import calibrate_scenarios  # noqa: E402
from tests.ui.fast_scenarios import FastScenarios  # noqa: E402
from tests.ui.feeding import FeedingScenarios  # noqa: E402
from tests.ui.kiosk_scenarios import KioskScenarios, kiosk_keyboard, kiosk_options  # noqa: E402
from tests.ui.scenarios import ExtraScenarios  # noqa: E402
from tests.ui.store_scenarios import StoreScenarios  # noqa: E402
from tests.ui import table_manners  # noqa: E402
from tests.ui.table_manners import TableMannersScenarios  # noqa: E402
from tests.ui.text_fit import TextFitScenarios  # noqa: E402
from companion.ui.taps import Taps  # noqa: E402
from tests.ui import board_scenarios  # noqa: E402
from tests.ui.board_scenarios import BOARD_MODES, BoardScenarios  # noqa: E402


def main() -> int:
    mode, report_path, shots = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    size = tuple(int(v) for v in os.environ.get("CAIRN_TEST_SIZE", "800x480").split("x"))
    from companion.ui.kivy_config import configure_kivy

    configure_kivy(size, False, 0, kiosk_keyboard(mode))  # type: ignore[arg-type]
    from companion.ui.app import AppOptions, CairnApp

    tray = None
    tray_dice = {**dice_scenarios.TRAY_DICE, **countdown_scenarios.TRAY_DICE, **board_scenarios.TRAY_DICE}
    if mode == "edice" or mode in tray_dice:  # a simulated e-dice tray on a real pseudo-terminal
        from hardware.edice_sim import TraySim

        tray = TraySim(tray_dice.get(mode, 5), rng=random.Random(4)).open()
    # the confirm countdown is off but where a scenario is about it: the dice wait for NEXT
    fields = dict(no_gpio=True, camera="demo" if mode == "camera" else "none",
                  serial=tray.path if tray else None, lang=os.environ.get("CAIRN_TEST_LANG", "en"),
                  countdown=0)
    fields.update(reliability.app_options(mode))  # mock GPIO pins, an unpluggable camera
    fields.update(kiosk_options(mode))
    fields.update(table_manners.app_options(mode, shots))  # the screenshot tour's start
    fields.update(dice_scenarios.app_options(mode))  # a demo camera that keeps throwing
    fields.update(ble_scenarios.app_options(mode))  # smart dice on a fake Bluetooth backend
    fields.update(countdown_scenarios.app_options(mode))  # the confirm countdown, where it is tested
    fields.update(board_scenarios.app_options(mode))
    fields.update(calibrate_scenarios.app_options(mode))  # a camera over a tray, or none
    plug = fields.pop("_plug", None)
    app = CairnApp(AppOptions(**fields))
    app.tray = tray
    driver = Driver(app, shots, mode)
    driver.plug = plug
    app.driver = driver  # the clock keeps only weak references
    driver.start()
    app.run()
    report_path.write_text(json.dumps(driver.report, indent=1, default=str))
    return 0 if not driver.report["errors"] else 1


class Driver(dice_scenarios.DiceScenarios, ble_scenarios.BleScenarios, KioskScenarios, ExtraScenarios,
             FeedingScenarios, TableMannersScenarios, reliability.ReliabilityScenarios, StoreScenarios,
             BgStatsScenarios, TextFitScenarios, BoardScenarios, countdown_scenarios.CountdownScenarios,
             FastScenarios, calibrate_scenarios.CalibrateScenarios, Taps):
    """Steps a scenario one frame at a time and records checks, banners and screenshots."""

    def __init__(self, app: Any, shots: Path, mode: str) -> None:
        self.app = app
        self.mode = mode
        self.shots = shots
        self.report: dict[str, Any] = {"errors": [], "steps": [], "banners": [], "shots": [], "state": None}
        self.scenario: Iterator[None] = {"game": lambda: self.game(True), "partial": lambda: self.game(False),
                                         "resume": self.resume, "camera": self.camera, "readonly": self.readonly,
                                         "settings": self.settings, "lottery": self.lottery, "edice": self.edice,
                                         **self.reliability_modes(), **self.kiosk_modes(),
                                         **self.feeding_modes(), **self.store_modes(),
                                         **self.table_manners_modes(), **self.dice_modes(),
                                         **self.ble_modes(), **self.bgstats_modes(), **self.text_fit_modes(),
                                         **self.board_modes(), **self.countdown_modes(), **self.fast_modes(),
                                         **self.calibrate_modes()}[mode]()
        self.report["targets"] = {}

    # -- plumbing ------------------------------------------------------------------------------------
    def start(self) -> None:
        """Step the scenario one frame at a time (the app's own frame-stepper) until it ends."""
        from companion.ui.stepper import FrameStepper

        self.stepper = FrameStepper(self._settings_first(self.scenario), self._done, interval=0.02, delay=0.5,
                                    after_step=self._note_banner).start()

    def _settings_first(self, scenario: Iterator[None]) -> Iterator[None]:
        """The scenarios written for Stone Age with every placement entered keep that setting; the
        board-keeps-the-placement scenarios (``BOARD_MODES``) play the default."""
        if self.mode not in BOARD_MODES:
            self.app.settings = self.app.settings.replace(sa_every_placement=True)
        yield from scenario

    def _done(self, error: str | None) -> None:
        if error is not None:
            self.report["errors"].append(error)
        self.app.stop()

    def _note_banner(self) -> None:
        if self.app.banner and (not self.report["banners"] or self.report["banners"][-1] != self.app.banner):
            self.report["banners"].append(self.app.banner)

    def tap(self, tid: str) -> Iterator[None]:
        """Touch down and up at the widget's centre, a frame apart, and note the step."""
        yield from Taps.tap(self, tid)
        self.report["steps"].append(f"tap {tid}")

    def key(self, name: str, modifiers: tuple[str, ...] = ()) -> Iterator[None]:
        """Press a key through the window (``spacebar``, ``enter``, ``backspace``, ``z`` …)."""
        from kivy.core.window import Keyboard, Window

        code = Keyboard.keycodes[name]
        Window.dispatch("on_key_down", code, 0, name if len(name) == 1 else None, list(modifiers))
        Window.dispatch("on_key_up", code, 0)
        yield
        yield
        self.report["steps"].append(f"key {'+'.join(modifiers + (name,))}")

    def shot(self, name: str) -> None:
        path = self.shots / f"{name}.png"
        self.app.root.export_to_png(str(path))
        self.report["shots"].append(str(path))
        self.report["targets"][name] = self.smallest_target()

    def smallest_target(self) -> list[float]:
        """The smallest width and height of the enabled, visible buttons on the screen (touch targets)."""
        from companion.ui.widgets import CairnButton

        sizes = [(w.width, w.height) for w in self.app.root.walk(restrict=True)
                 if isinstance(w, CairnButton) and not w.disabled and w.opacity > 0 and w.width > 1]
        return [min(s[0] for s in sizes), min(s[1] for s in sizes)] if sizes else [0, 0]

    def expect(self, ok: bool, what: str) -> None:
        if not ok:
            raise AssertionError(what)
        self.report["steps"].append(f"ok: {what}")

    @property
    def state(self) -> Any:
        return self.app.session.state

    # -- scenario helpers ----------------------------------------------------------------------------
    def place(self, area: str, figures: int, slot: int = 0, use_key: bool = False) -> Iterator[None]:
        """Tap the space, step the figures up to ``figures``, then NEXT (the button or the Enter key)."""
        yield from self.tap(f"space-{area}-{slot}")
        table = self.app.sm.get_screen("sa_table")
        while table.figures < figures:
            yield from self.tap("figures-up")
        if use_key:
            yield from self.key("enter")
        else:
            yield from self.tap("next")

    def enter_dice(self, values: list[int]) -> Iterator[None]:
        """One tap on the face row per die, in order."""
        for value in values:
            yield from self.tap(f"face-{value}")

    def pay(self, resources: list[str]) -> Iterator[None]:
        """Tap the resources paid, unless the build screen filled in exactly these (the first tap on a
        payment the screen filled in starts it again)."""
        build = self.app.sm.get_screen("sa_build")
        filled = list(build.paid)
        if filled and sorted(filled) == sorted(resources):
            return
        if filled and not build.proposed:
            raise AssertionError(f"the scenario pays {resources} on top of {filled}, which it tapped")
        for r in resources:
            yield from self.tap(f"pay-{r}")

    def pick_card(self, card: int) -> Iterator[None]:
        """Find the card by its printed bottom (the group), then its top, unless it was the last of its group."""
        from companion.viewmodels.stone_age import card_group_key
        from rules.stone_age import CARD_BY_ID

        yield from self.tap(f"card-group-{card_group_key(CARD_BY_ID[card])}")
        if self.app.sm.get_screen("sa_build").chosen != card:
            yield from self.tap(f"card-{card}")

    def snapshot(self) -> dict[str, Any]:
        s = self.state
        return {"round": s.round, "phase": s.phase.value, "current": s.current,
                "players": [{"name": p.name, "score": p.score, "food": p.food, "wood": p.wood, "brick": p.brick,
                             "stone": p.stone, "gold": p.gold, "huts": len(p.huts), "cards": list(p.cards),
                             "people": p.people} for p in s.players],
                "final": [[r.name, r.total, r.rank] for r in s.final], "game_id": self.app.session.game_id,
                "history": len(self.app.session.history())}

    # -- the game ----------------------------------------------------------------------------------
    def game(self, to_end: bool) -> Iterator[None]:
        """Three rounds by touch; with ``to_end`` the rest by the random player and the final table."""
        from rules.stone_age import Phase

        app = self.app
        yield
        self.expect(app.sm.current == "home", "the app opens on Home")
        self.shot("home")
        yield from self.tap("seat-1-start")
        yield from self.tap("start-game")
        self.expect(app.sm.current == "sa_table", "a new game opens the table")
        self.expect(self.state.start_player == 1 and self.state.current == 1, "player 2 starts")
        # round 1: seat 1 takes the forest (3), a building and a card; the others gather clay and stone
        yield from self.place("forest", 3)
        yield from self.place("clay_pit", 5, use_key=True)
        yield from self.place("quarry", 5)
        yield from self.place("building", 1, slot=1)
        yield from self.place("card", 1, slot=1)
        self.expect(self.state.phase is Phase.ACTIONS, "all figures placed: actions")
        self.shot("table-actions")
        # seat 1: forest 6+6+6 = 18 -> 6 wood
        yield from self.tap("action-forest-0")
        self.expect(app.sm.current == "sa_dice", "gathering opens the dice screen")
        yield from self.enter_dice([6, 6, 5])
        yield from self.tap("die-2")  # a correction: the third die was a 6
        yield from self.tap("face-6")
        self.shot("dice")
        yield from self.tap("next")
        self.expect(self.state.players[1].wood == 6, "18 on three dice gives 6 wood")
        # an illegal hut payment is refused with the rule named, and nothing changes
        yield from self.tap("action-building-1")
        self.expect(app.sm.current == "sa_build", "the building opens the build screen")
        hut = self._hut_of_any_resources()
        yield from self.tap(f"hut-{hut}")
        self.expect(list(app.sm.get_screen("sa_build").paid) == [], "1 to 6 wood could pay it: nothing filled in")
        yield from self.tap("next")
        self.expect(app.banner.startswith("Not allowed"), "an empty payment is refused with a reason")
        self.expect(self.state.players[1].huts == (), "nothing was built")
        yield from self.pay(["wood", "wood", "wood", "wood"])
        self.shot("build")
        yield from self.tap("next")
        p = self.state.players[1]
        self.expect(len(p.huts) == 1 and p.score == 12 and p.wood == 2, "a hut for 4 wood scores 12")
        # the card in slot 1: a food card, paid with 1 wood
        yield from self.tap("action-card-1")
        card = self._food_card()
        yield from self.pick_card(card)
        yield from self.pay(["wood"])
        self.shot("buy")
        yield from self.tap("next")
        self.expect(card in self.state.players[1].cards, "the card is bought")
        # undo by key, redo by the history screen
        yield from self.key("z", ("ctrl",))
        self.expect(card not in self.state.players[1].cards, "Ctrl+Z undoes the purchase")
        yield from self.tap("table-history")
        yield from self.tap("redo")
        self.expect(card in self.state.players[1].cards, "redo brings it back")
        self.shot("history")
        yield from self.tap("history-back")
        yield from self._gather_rest([4, 4, 4, 4, 4])
        # rounds 2 and 3: everyone gathers, nobody hunts, so food runs short in round 3
        for round_no in (2, 3):
            self.expect(self.state.round == round_no and self.state.phase is Phase.PLACE, f"round {round_no} begins")
            areas = ["forest", "clay_pit", "quarry"]
            for i in range(3):
                yield from self.place(areas[i], self.state.players[self.state.current].people)
            yield from self._gather_rest([5, 5, 5, 5, 5])
        self.expect(self.state.phase is Phase.FEED, "round 3 feeding waits for the short players")
        yield from self.key("enter")
        self.expect(app.sm.current == "sa_feeding", "NEXT opens feeding")
        self.shot("feeding")
        short = [i for i, f in enumerate(self.state.fed or ()) if not f]
        self.expect(len(short) >= 2, "at least two players are short")
        first = self.state.current
        food_before = self.state.players[first].resource_total
        yield from self.feed_with_resources(first)
        self.expect(self.state.players[first].resource_total == food_before - 3, "3 resources pay a shortfall of 3")
        second = self.state.current
        before = self.state.players[second].score
        yield from self.tap(f"feed-penalty-{second}")
        self.expect(self.state.players[second].score == before - 10, "−10 points for the unfed")
        while self.state.phase is Phase.FEED:
            yield from self.feed_with_resources(self.state.current)
        yield from self.tap("next")  # the feeding read back: one tap starts the next round
        self.expect(self.state.round == 4, "round 4 after feeding")
        self.report["mid"] = self.snapshot()
        if not to_end:
            self.report["state"] = self.snapshot()
            return
        # the rest of the game by the seeded random player, through app.send
        yield from self._play_to_end()
        app.go_table()
        yield
        yield from self.tap("next")
        self.expect(app.sm.current == "sa_scoring", "NEXT at the end opens final scoring")
        yield
        self.shot("scoring")
        self.report["state"] = self.snapshot()

    def feed_with_resources(self, seat: int) -> Iterator[None]:
        """The short player taps the resources that pay (here: the first ones held), then Pay."""
        from rules.stone_age.data import RESOURCES
        from rules.stone_age.feeding import shortfall

        p = self.state.players[seat]
        held = [r.value for r in RESOURCES for _ in range(p.amount(r))]
        for name in held[: shortfall(p)]:
            yield from self.tap(f"feed-take-{name}")
        yield from self.tap(f"feed-pay-{seat}")

    def _hut_of_any_resources(self) -> int:
        """A "1–7 resources of any kinds" tile: the player chooses how much to pay."""
        from companion.viewmodels.stone_age import distinct_huts
        from rules.stone_age import HUTS, HutKind

        return next(h.id for h in distinct_huts(HUTS, set()) if h.kind is HutKind.ANY and h.count >= 4)

    def _food_card(self) -> int:
        from companion.viewmodels.stone_age import distinct_cards
        from rules.stone_age import CARDS, Effect

        return next(c.id for c in distinct_cards(CARDS, set(self.state.cards_out)) if c.effect is Effect.FOOD)

    def _gather_rest(self, dice: list[int]) -> Iterator[None]:
        """Resolve every remaining gathering by tapping the action and the dice."""
        from rules.stone_age import Phase

        while self.state.phase is Phase.ACTIONS:
            actions = [a for a in __import__("companion.viewmodels.stone_age", fromlist=["actions"]).actions(self.state)]
            a = actions[0]
            yield from self.tap(f"action-{a.area.value}-{a.slot}")
            yield from self.enter_dice(dice[: a.figures])
            yield from self.tap("next")
        if self.app.sm.current == "sa_feeding" and self.state.phase is not Phase.FEED:
            yield from self.tap("next")  # a choice was made (or −10 taken): read back, one tap to the next round

    def _play_to_end(self) -> Iterator[None]:
        from rules.stone_age import Phase
        from rules.stone_age.random_play import random_command

        rng = random.Random(11)
        self.app.go("settings")  # a light screen while the moves go in
        for n in range(4000):
            if self.state.phase is Phase.OVER:
                return
            if not self.app.send(random_command(self.state, rng)):
                raise AssertionError(f"a random legal move was refused: {self.app.banner}")
            if n % 50 == 0:
                yield
        raise AssertionError("the game did not end")

    # -- resume after a restart --------------------------------------------------------------------
    def resume(self) -> Iterator[None]:
        app = self.app
        yield
        self.expect(app.sm.current == "home", "the app opens on Home")
        self.expect(app.sm.get_screen("home").can_resume, "Home offers to resume the unfinished game")
        yield from self.tap("resume")
        from companion.viewmodels.stone_age.feeding import on_show

        where = "sa_feeding" if on_show(self.state) else "sa_table"
        self.expect(app.sm.current == where, f"resume opens {where}, as it was left")
        self.shot("resumed")
        self.report["state"] = self.snapshot()


if __name__ == "__main__":
    sys.exit(main())
