"""The 石器部落 screenshot tour: a scripted six-player game played through the screens, a PNG of each.

The moves are legal commands sent through the screens' own methods (the same calls a tap makes), chosen
by a seeded random generator, so the game is the same every time. The last turn's red chance card evens
the two leaders' shells and resource cards, so the end shows a roll-off, tied once and then decided.

``StoneTribeTour(app, folder).start()`` runs it in a running app (``app.exit_status`` is 1 if a step
failed); ``python -m companion.ui.games.stone_tribe.tour DIR --lang zh_CN --size 800x480`` runs it alone.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator

from kivy.clock import Clock

from companion.ui.fit import print_cut
from companion.viewmodels import stone_tribe as vm
from companion.viewmodels.stone_tribe.setup import SetupForm
from rules.stone_tribe import RESOURCE_KINDS, SKILLS, Phase, Resources, rolloff_due, standings

from . import install

SEED = 11
NAMES = ("Ann", "阿明", "Bo", "小红", "Chen", "Dai")
WANTED = ("st-setup", "st-draft", "st-table", "st-dice", "st-demand", "st-negotiation-refused", "st-learn",
          "st-chance", "st-rolloff", "st-rolloff-dice", "st-end")


class StoneTribeTour:
    """Drives the app one step per frame; ``saved`` lists the PNGs written."""

    def __init__(self, app: Any, folder: Path, seed: int = SEED, exit_when_done: bool = True) -> None:
        self.app = app
        self.folder = Path(folder)
        self.rng = random.Random(seed)
        self.saved: list[Path] = []
        self.exit_when_done = exit_when_done
        self._shot_names: set[str] = set()

    def start(self) -> None:
        """Begin after the first frames are drawn."""
        from companion.ui.stepper import FrameStepper

        self.folder.mkdir(parents=True, exist_ok=True)
        self.stepper = FrameStepper(self._tour(), self._done, interval=0.05).start()

    def _done(self, error: str | None) -> None:
        if error is None:
            print(f"saved {len(self.saved)} screenshots in {self.folder}")
        else:
            print(error, file=sys.stderr, end="")
        self._finish(0 if error is None else 1)

    def _finish(self, status: int) -> None:
        self.app.exit_status = status
        if self.exit_when_done:
            self.app.stop()

    def shot(self, name: str) -> None:
        """Save the whole window as ``<name>-<W>x<H>-<lang>.png``."""
        w, h = (int(v) for v in self.app.root.size)
        path = self.folder / f"{name}-{w}x{h}-{self.app.lang}.png"
        self.app.root.export_to_png(str(path))
        self.saved.append(path)
        print_cut(self.app, name)
        self._shot_names.add(name)

    def wants(self, name: str) -> bool:
        """True while ``name`` has not been saved yet."""
        return name not in self._shot_names

    def settle(self, name: str) -> Iterator[None]:
        """Let the screen lay itself out, then save it."""
        yield
        yield
        self.shot(name)

    @property
    def state(self) -> Any:
        return self.app.session.state

    def screen(self, name: str) -> Any:
        return self.app.sm.get_screen(name)

    def check(self, sent: bool, what: str) -> None:
        """Stop the tour when a scripted move is refused."""
        if not sent:
            raise RuntimeError(f"the tour's move was refused ({what}): {self.app.banner}")

    # -- the game ----------------------------------------------------------------------------------------
    def steps(self) -> Iterator[None]:
        """The whole tour, one frame per ``yield`` (for a caller that drives several tours)."""
        return self._tour()

    def _tour(self) -> Iterator[None]:
        app = self.app
        install(app)
        setup = self.screen("st_setup")
        setup.form = SetupForm(NAMES, start=0)
        app.go("st_setup")
        yield from self.settle("st-setup")
        setup.start_game()
        self.check(app.session is not None and app.session.game == "stone-tribe", "start")
        yield
        yield from self._draft()
        turns = len(NAMES) * self.state.rounds
        for turn in range(turns):
            yield from self._turn(turn, last=turn == turns - 1)
        yield from self._rolloff()

    def _draft(self) -> Iterator[None]:
        self.screen("st_table").open_draft()
        skills = self.screen("st_skill")
        yield
        pick = 0
        while self.state.phase == Phase.DRAFT:
            left = [k for k in SKILLS if vm.stack_left(self.state, k) > 0]
            skills.choose(self.rng.choice(left))
            for n in self.rng.sample(range(1, 7), 2):
                skills.toggle_number(n)
            if pick == 4:
                yield from self.settle("st-draft")
            before = self.state.turn
            skills.on_next()
            self.check(self.state.turn != before or self.state.phase != Phase.DRAFT, "draft")
            pick += 1
        yield

    def _turn(self, turn: int, last: bool) -> Iterator[None]:
        table = self.screen("st_table")
        table.draw()
        self.check(self.state.phase == Phase.ROLL, "draw")
        yield from self._roll(table)
        if turn == 7:
            yield from self.settle("st-table")
        yield from self._demand(table)
        me = self.state.player(self.state.current)
        if me.shells >= 3 and len(me.skills) < 4 and self.rng.random() < 0.7:
            yield from self._learn(table)
        if turn == 9:
            yield from self._chance(table)
        if last:
            self._even_the_leaders()
        table.end_turn()
        yield

    def _roll(self, table: Any) -> Iterator[None]:
        if self.app.sm.current != "st_dice":  # the draw brings the dice up
            table.open_dice()
        dice = self.screen("st_dice")
        values = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        for i, v in enumerate(values):
            dice.set_die(i, v)
        if self.wants("st-dice") and len(vm.payout_preview(self.state, values)) >= 3:
            yield from self.settle("st-dice")
        if dice.reading.asking:  # the demo camera threw meanwhile: keep the turn's own dice
            dice.answer("keep")
        dice.on_next()
        self.check(self.state.phase == Phase.MAIN, "roll")
        yield

    def _demand(self, table: Any) -> Iterator[None]:
        table.open_demand()
        demand = self.screen("st_demand")
        held = sum((p.resources for p in self.state.players), Resources())
        kinds = [k for k in RESOURCE_KINDS if held.get(k)] or list(RESOURCE_KINDS)
        cost_units = [self.rng.choice(kinds) for _n in range(self.rng.randint(2, 4))]
        for kind in cost_units:
            demand.tap_card(kind)
        for _n in range(len(cost_units) + self.rng.randint(0, 2)):
            demand.tap_card("shells")
        if self.rng.random() < 0.3:
            demand.tap_card("cards")
        if self.wants("st-demand"):
            yield from self.settle("st-demand")
        demand.on_next()
        self.check(self.state.phase == Phase.NEGOTIATION, "reveal")
        yield
        plan = self._plan(self.state)
        if plan is None:
            demand.discard()
            yield
            return
        payments, shares = plan
        for name, kinds_paid in payments.items():
            demand.choose(name)
            for kind in kinds_paid:
                demand.tap_deal(kind)
        refuse = self.wants("st-negotiation-refused") and len(payments) >= 2
        for name, (shells, cards) in shares.items():
            demand.choose(name)
            for _n in range(shells - (1 if refuse and name == self.state.controller else 0)):
                demand.tap_deal("shells")
            for _n in range(cards):
                demand.tap_deal("cards")
        if refuse:
            demand.on_next()
            self.check(self.state.phase == Phase.NEGOTIATION, "the refused deal stays open")
            yield from self.settle("st-negotiation-refused")
            self.app.hide_banner()
            demand.choose(self.state.controller)
            demand.tap_deal("shells")
        demand.on_next()
        self.check(self.state.phase == Phase.MAIN, "deal")
        yield

    def _plan(self, state: Any) -> tuple[dict[str, list[str]], dict[str, tuple[int, int]]] | None:
        """Who pays which resources (the controller first, then the others in turn order) and the split."""
        demand = state.demand
        order = [state.controller] + [n for n in state.order if n != state.controller]
        payments: dict[str, list[str]] = {}
        for kind, due in demand.cost.items():
            for name in order:
                if due == 0:
                    break
                give = min(due, state.player(name).resources.get(kind))
                if give:
                    payments.setdefault(name, []).extend([kind] * give)
                    due -= give
            if due:
                return None
        shares = {name: (len(paid), 0) for name, paid in payments.items() if name != state.controller}
        given = sum(s for s, _c in shares.values())
        if given > demand.shells:
            shares = {name: (0, 0) for name in shares}
            given = 0
        shares[state.controller] = (demand.shells - given, demand.chance_cards)
        return payments, shares

    def _learn(self, table: Any) -> Iterator[None]:
        table.open_learn()
        skills = self.screen("st_skill")
        left = [k for k in SKILLS if vm.stack_left(self.state, k) > 0]
        skills.choose(self.rng.choice(left))
        for n in self.rng.sample(range(1, 7), 2):
            skills.toggle_number(n)
        if self.wants("st-learn"):
            yield from self.settle("st-learn")
        skills.on_next()
        yield

    def _chance(self, table: Any) -> Iterator[None]:
        table.open_chance()
        chance = self.screen("st_chance")
        chance.choose_colour("red")
        chance.tap_effect("fish")
        chance.tap_effect("fish")
        other = next(n for n in self.state.order if n != self.state.current)
        chance.choose_target(other)
        chance.tap_effect("shells")
        yield from self.settle("st-chance")
        chance.on_next()
        yield

    def _even_the_leaders(self) -> None:
        """A red card that leaves the two leaders level on shells and resource cards (a roll-off follows)."""
        state = self.state
        ranked = sorted(standings(state), key=lambda s: (-s.shells, -s.resource_cards, s.name))
        first, second = ranked[0], ranked[1]
        table = self.screen("st_table")
        table.open_chance()
        chance = self.screen("st_chance")
        chance.choose_colour("red")
        chance.choose_target(second.name)
        for _n in range(first.shells - second.shells):
            chance.tap_effect("shells")
        diff = first.resource_cards - second.resource_cards
        if diff < 0:
            chance.toggle_minus()
            res = state.player(second.name).resources
            for kind, n in res.items():
                take = min(n, -diff)
                for _k in range(take):
                    chance.tap_effect(kind)
                diff += take
            chance.toggle_minus()
        for _n in range(diff):
            chance.tap_effect("fruit")
        chance.on_next()
        self.check(self.state.phase == Phase.MAIN, "even the leaders")

    def _rolloff(self) -> Iterator[None]:
        app = self.app
        self.check(self.state.phase == Phase.ROLLOFF, "the game ends tied")
        app.go("st_end")
        yield from self.settle("st-rolloff")
        tied_round = True
        for _guard in range(20):
            if self.state.phase != Phase.ROLLOFF:
                break
            due = list(rolloff_due(self.state))
            for i, name in enumerate(due):
                self.screen("st_end").roll_off(name)
                dice = self.screen("st_dice")
                values = (3, 4) if tied_round else (6, 6 - i) if i < 6 else (1, 1)
                for j, v in enumerate(values):
                    dice.set_die(j, v)
                if self.wants("st-rolloff-dice"):
                    yield from self.settle("st-rolloff-dice")
                if dice.reading.asking:  # a throw seen meanwhile: keep the roll-off's own dice
                    dice.answer("keep")
                dice.on_next()
                yield
            tied_round = False
        self.check(self.state.phase == Phase.OVER, "the roll-off ends")
        app.go("st_end")
        yield from self.settle("st-end")


def main(argv: list[str] | None = None) -> int:
    """Run the tour alone: ``python -m companion.ui.games.stone_tribe.tour DIR [--lang L] [--size WxH]``."""
    parser = argparse.ArgumentParser(description="Screenshots of every 石器部落 screen from a scripted game.")
    parser.add_argument("folder")
    parser.add_argument("--lang", default="en", choices=("en", "zh_CN", "zh_TW"))
    parser.add_argument("--size", default="800x480")
    args = parser.parse_args(argv)
    os.environ.setdefault("CAIRN_DATA_DIR", tempfile.mkdtemp(prefix="cairn-st-tour-"))
    from companion.ui.kivy_config import configure_kivy, parse_size

    size = parse_size(args.size)
    configure_kivy(size, False, 0)
    from kivy.core.window import Window

    Window.size = size  # the window may already exist (this package's imports load Kivy first)
    from companion.ui.app import AppOptions, CairnApp

    app = CairnApp(AppOptions(camera="none", lang=args.lang, size=size, no_gpio=True))
    tour = StoneTribeTour(app, Path(args.folder).expanduser().resolve())
    Clock.schedule_once(lambda dt: tour.start(), 0.5)
    app.run()
    return int(getattr(app, "exit_status", 1))


if __name__ == "__main__":
    sys.exit(main())
