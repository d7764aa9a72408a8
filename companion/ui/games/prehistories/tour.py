"""A screenshot tour of Prehistories: a scripted 3-player game played through the screens, with a PNG
of each screen saved on the way (setup, new tiles, secret planning, the reveal, hunting, the cave with
a preview and a refused placement, totems, the winner).

The moves come from ``demo_play`` with a seeded generator, so the game is legal and the same every
time; they go through the screens' own methods (the taps) or ``app.send``. Run on its own::

    python -m companion.ui.games.prehistories.tour DIR --lang zh_CN --size 800x480

or from another tour: ``PrehistoriesTour(app, folder, on_done=...).start()``, or ``yield from
tour.steps()`` inside a tour that already steps once per frame.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator

from companion.ui.fit import print_cut
from companion.viewmodels.prehistories.demo import SEED, demo_command, plan_for
from rules.prehistories.cave import check_placement
from rules.prehistories.commands import EndHunt, Hunt, Paint
from rules.prehistories.data import SIZE
from rules.prehistories.state import Phase
from rules.prehistories.tiles import TILES

from .tour_support import TourChecks, small_targets
DEMO_PLAYERS = ("Ann", "Bo", "Chen", "Dai", "Eve")


class PrehistoriesTour(TourChecks):
    """Drives the app one step per frame; ``saved`` lists the PNGs written."""

    def __init__(self, app: Any, folder: Path, seed: int = SEED,
                 on_done: Callable[[bool], None] | None = None, players: int = 3) -> None:
        self.app = app
        self.players = players
        self.folder = Path(folder)
        self.rng = random.Random(seed)
        self.saved: list[Path] = []
        self.small_targets: list[str] = []
        self.targets_seen = 0
        self.on_done = on_done

    # -- driving -------------------------------------------------------------------------------
    def start(self) -> None:
        """Begin after the first frames are drawn."""
        from companion.ui.stepper import FrameStepper

        self.stepper = FrameStepper(self.steps(), self._done).start()

    def _done(self, error: str | None) -> None:
        if error is None:
            print(f"saved {len(self.saved)} Prehistories screenshots in {self.folder}")
            (self.folder / "ph-touch-targets.json").write_text(
                json.dumps({"checked": self.targets_seen, "small": self.small_targets}, indent=1))
        else:
            print(error, file=sys.stderr, end="")
        self._finish(error is None)

    def _finish(self, ok: bool) -> None:
        if self.on_done is not None:
            self.on_done(ok)
            return
        self.app.exit_status = 0 if ok else 1
        self.app.stop()

    def shot(self, name: str) -> None:
        """Save the whole window as ``ph-<name>-<W>x<H>-<lang>.png``."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self.app.hide_banner()
        w, h = (int(v) for v in self.app.root.size)
        path = self.folder / f"ph-{name}-{w}x{h}-{self.app.lang}.png"
        self.app.root.export_to_png(str(path))
        self.saved.append(path)
        print_cut(self.app, name)
        seen, small = small_targets(self.app)
        self.targets_seen += seen
        self.small_targets += [f"{name}: {t}" for t in small]

    def snap(self, name: str) -> Iterator[None]:
        """Let layout and canvases settle for a few frames, then save the screenshot ``name``."""
        for _frame in range(3):
            yield
        self.shot(name)

    def send(self, command: Any) -> None:
        """Send a demo move; a refusal stops the tour (the demo only plays legal moves)."""
        if not self.app.send(command):
            raise RuntimeError(f"the demo move {command} was refused: {self.app.banner}")

    @property
    def state(self) -> Any:
        return self.app.session.state

    def screen(self, name: str) -> Any:
        return self.app.sm.get_screen(name)

    # -- the tour ------------------------------------------------------------------------------
    def steps(self) -> Iterator[None]:
        """The whole tour, one frame per ``yield``."""
        from . import open_setup

        app = self.app
        open_setup(app)
        setup = self.screen("ph_setup")
        setup.rng = self.rng
        yield
        yield from self.tap("ph-draw-goals")  # the form starts with no goal card: Cairn draws them
        yield from self._try_the_setup(setup)
        setup.set_names(list(DEMO_PLAYERS[:self.players]))
        setup.form = setup.form.draw_goals(self.rng)
        setup.refresh()
        yield from self.snap("setup")
        self.screen("ph_table").rng = self.rng
        yield from self.tap("setup-start")
        yield from self.snap("new-tiles")
        yield from self._tell_a_tile()
        yield from self.snap("new-tiles-told")
        yield from self.tap("ph-draw-for-us")
        yield from self.snap("new-tiles-drawn")
        yield from self.tap("next")
        yield from self.snap("planning")
        yield from self._plan_round(shots=True)
        yield
        yield
        yield from self.snap("order")
        yield from self._undo_redo_the_reveal()
        yield from self._hunt_round(shots=True)
        yield from self._paint_round(shots=True)
        yield from self._play_on()

    def _tell_a_tile(self) -> Iterator[None]:
        """The players tell the first zone's tile as drawn from its stack (one tap on its tile)."""
        from companion.viewmodels.prehistories.draws import tile_choices, zones_to_tell

        zone = zones_to_tell(self.state)[0]
        yield from self.tap(f"zone-{zone}")
        choices = tile_choices(self.state, zone)
        yield from self.tap(f"pick-{self.rng.choice(choices).tile}")

    def _plan_round(self, shots: bool) -> Iterator[None]:
        """Everyone plans; in the first round (``shots``) by touch, and the screens are saved."""
        table, plan = self.screen("ph_table"), self.screen("ph_plan")
        first = True
        while self.state.phase is Phase.PLANNING:
            player = next(p for p in self.state.players if not p.planned)
            if self.app.sm.current != "ph_plan":
                if shots:
                    yield from self.tap(f"plan-{player.colour.value}")
                else:
                    table.open_plan(player.colour.value)
                    yield
            if shots and first:
                yield from self.snap("plan-cover")
            speeds = plan_for(self.state, player, self.rng)
            if shots:
                yield from self.tap("plan-show")
                for speed in speeds:
                    yield from self.tap(f"card-{speed}")
            else:
                plan.show_cards()
                for speed in speeds:
                    plan.toggle(speed)
                yield
            if shots and first:
                yield from self.snap("plan-secret")
            if shots:
                yield from self.tap("plan-play")
            else:
                plan.confirm()
                yield
            if shots and first and self.state.phase is Phase.PLANNING:
                yield from self.snap("plan-masked")
            first = False

    def _hunt_round(self, shots: bool) -> Iterator[None]:
        """Everyone hunts; in the first round (``shots``) by touch, with the hunting screens saved."""
        table = self.screen("ph_table")
        self.app.go_table()
        yield
        shot_taken = not shots
        injured_shot = not shots
        while self.state.phase is Phase.HUNTING:
            command = demo_command(self.state, self.rng)
            if isinstance(command, Hunt):
                for speed in command.hunters:
                    if shots:
                        yield from self.tap(f"hunter-{speed}")
                    else:
                        table.toggle_hunter(speed)
                yield
                if not shot_taken:
                    yield from self.snap("hunting")
                    shot_taken = True
                before = self.state.player(command.colour).injuries
                if shots:
                    yield from self.tap(f"zone-{command.zone}")
                else:
                    table.hunt(command.zone)
                    yield
                if not injured_shot and self.state.phase is Phase.HUNTING and \
                        self.state.player(command.colour).injuries > before:
                    yield from self.snap("hunting-injury")
                    injured_shot = True
            elif isinstance(command, EndHunt):
                if shots:
                    yield from self.tap("next")
                else:
                    table.on_next()
                    yield
            else:
                raise RuntimeError(f"unexpected move while hunting: {command}")

    def _paint_round(self, shots: bool) -> Iterator[None]:
        """Everyone paints; in the first round (``shots``) by touch on the cave, with a refused
        placement and a preview saved first."""
        cave = self.screen("ph_cave")
        first = shots
        while self.state.phase is Phase.PAINTING:
            command = demo_command(self.state, self.rng)
            if not isinstance(command, Paint):
                raise RuntimeError(f"unexpected move while painting: {command}")
            if self.app.sm.current != "ph_cave":
                self.app.go("ph_cave")
                yield
            player = self.state.player(command.colour)
            first_cell = min(TILES[command.tile].shapes[command.side])
            target = (command.row + first_cell[0], command.col + first_cell[1])
            if not shots:
                cave.choose_tile(list(player.taken).index(command.tile))
                cave.choose_side(command.side)
                cave.hover_cell(target)
                yield
                cave.paint()
                yield
                continue
            yield from self.tap(f"tile-{list(player.taken).index(command.tile)}")
            if TILES[command.tile].shapes[0] != TILES[command.tile].shapes[1]:
                yield from self.tap(f"side-{command.side}")
            if first:
                bad = self._refused_cell(command, player)
                if bad is not None:
                    yield from self.tap(f"cell-{bad[0]}-{bad[1]}")
                    yield from self.snap("cave-refused")
            yield from self.tap(f"cell-{target[0]}-{target[1]}")
            if first:
                yield from self.snap("cave-preview")
                first = False
            yield from self.tap("paint")

    def _refused_cell(self, command: Paint, player: Any) -> tuple[int, int] | None:
        """A cell where the same tile and side would be refused for a reason other than leaving the
        cave (covering the Hunter or a totem, or not touching the painting), for the screenshot."""
        from companion.viewmodels.prehistories.cave import placement_at

        for row in range(SIZE):
            for col in range(SIZE - 1, -1, -1):
                p = placement_at(command.tile, command.side, row, col)
                reason = check_placement(player.colour, player.cave, p)
                if reason is not None and "outside" not in reason.template:
                    return row, col
        return None

    def _play_on(self) -> Iterator[None]:
        """The middle of the game played fast (behind a screen that does not redraw per move), then the
        last rounds through the screens again, so the winner is announced as it happens; the totems
        are shown once a goal card has been met."""
        totems_shot = False
        self.app.go("settings")
        for _move in range(3000):
            state = self.state
            if state.phase is Phase.OVER or max(p.totems for p in state.players) >= 6:
                break
            if not totems_shot and state.firsts and state.phase is Phase.FILL:
                self.app.go("ph_totems")
                yield
                yield from self.snap("totems")
                totems_shot = True
                self.app.go("settings")
            self.send(demo_command(state, self.rng))
            if _move % 8 == 0:
                yield
        self.app.go_table()
        yield
        for _round in range(40):
            state = self.state
            if state.phase is Phase.OVER:
                break
            if state.phase is Phase.FILL:
                self.screen("ph_table").draw_for_us()
                yield
                self.screen("ph_table").on_next()
                yield
            elif state.phase is Phase.PLANNING:
                yield from self._plan_round(shots=False)
            elif state.phase is Phase.HUNTING:
                yield from self._hunt_round(shots=False)
            else:
                yield from self._paint_round(shots=False)
        if self.state.phase is not Phase.OVER:
            raise RuntimeError("the demo game did not end")
        yield
        yield
        if self.app.sm.current != "ph_winner":
            raise RuntimeError(f"the winner was not announced (on {self.app.sm.current})")
        yield from self.snap("winner")
        self.app.go("ph_totems")
        yield
        yield from self.snap("totems-final")
        self.app.sm.get_screen("ph_cave").show(self.state.winner.value)
        self.app.go("ph_cave")
        yield
        yield
        yield from self.snap("cave-winner")
        yield from self._reopen_the_finished_game()

# -- running it on its own -------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    """``python -m companion.ui.games.prehistories.tour DIR [--lang L] [--size WxH] [--seed N]``."""
    parser = argparse.ArgumentParser(
        description="Play a scripted Prehistories game and save a PNG of each screen.")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--lang", default="en", choices=("en", "zh_CN", "zh_TW"))
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4, 5))
    args = parser.parse_args(argv)
    # the demo game never goes among the user's games; in memory when possible (no disk sync per move)
    shm = Path("/dev/shm")
    in_memory = shm.is_dir() and os.access(shm, os.W_OK)
    data = tempfile.mkdtemp(prefix="cairn-ph-tour-", dir=shm if in_memory else None)
    os.environ["CAIRN_DATA_DIR"] = data
    try:
        return _run(args)
    finally:
        shutil.rmtree(data, ignore_errors=True)


def _run(args: argparse.Namespace) -> int:
    from companion.ui.kivy_config import configure_kivy, parse_size

    size = parse_size(args.size)
    configure_kivy(size, False, 0)
    from companion.ui.app import AppOptions, CairnApp


    class TourApp(CairnApp):
        """The app with the Prehistories tour instead of the hardware."""

        def on_start(self) -> None:
            self.go("home")
            self.tour = PrehistoriesTour(self, args.folder.expanduser().resolve(), seed=args.seed,
                                         players=args.players)
            self.tour.start()

    app = TourApp(AppOptions(lang=args.lang, size=size, no_gpio=True, camera="none"))
    app.run()
    return getattr(app, "exit_status", 1)


if __name__ == "__main__":
    sys.exit(main())
