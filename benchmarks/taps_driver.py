"""The child process of ``benchmarks/table_taps.py``: the real Cairn app in its own window, one scripted
game played by taps, the figures written as JSON.

    python benchmarks/taps_driver.py GAME MODE REPORT.json [--size 800x480] [--rounds N]

GAME is a registry id (``stone-age``, ``stone-tribe``, ``prehistories``). Every tap goes through
Kivy's input path (``companion.ui.taps.Taps.tap``) on the widget found by its ``tid``; a list that
must be scrolled to reach a widget is dragged by a touch (counted apart, as ``scrolls``). Kivy is
imported only once ``main`` runs, so the module can be imported anywhere.

Stone Age is checked as it goes: after each command the session's state must equal the rules' state
after that command, in both modes (the board mode's commands come from ``taps_plan.board_script``).
"""
from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from dataclasses import replace
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.taps_games import PLAYERS, OtherGames
from benchmarks.taps_plan import READBACK, TRAY_MODES, Figures, Roll, Tally, game_taps
from companion.ui.taps import Taps

GAMES = PLAYERS


class Unavailable(Exception):
    """The build has no screens for the mode asked for."""


class BenchDriver(OtherGames, Taps):
    """Plays one game by taps, one frame per step, and keeps the tally."""

    def __init__(self, app: Any, game: str, mode: str, rounds: int | None = None, player: str = "random") -> None:
        self.app, self.game, self.mode, self.max_rounds = app, game, mode, rounds
        self.player = player  # the scripted Stone Age player (taps_plan.PLAYERS)
        self.tally = Tally()
        self.bucket: int | None = None  # the round the taps count for; None: the setup
        self.turn_taps = 0
        self.report: dict[str, Any] = {"errors": [], "game": game, "mode": mode}
        self.trace = bool(os.environ.get("CAIRN_TAPS_TRACE"))
        #: ``checkpoint(report)`` saves the report so far (set by ``main``)
        self.checkpoint: Any = None

    # -- plumbing ------------------------------------------------------------------------------------
    def start(self) -> None:
        from companion.ui.stepper import FrameStepper

        scenario = {"stone-age": self.stone_age, "stone-tribe": self.stone_tribe,
                    "prehistories": self.prehistories}[self.game]()
        self.stepper = FrameStepper(self._guarded(scenario), self._done, interval=0, delay=0.5).start()

    def _guarded(self, steps: Iterator[None]) -> Iterator[None]:
        try:
            yield from steps
        except Unavailable as exc:
            self.report["unavailable"] = str(exc)

    def _done(self, error: str | None) -> None:
        if error is not None:
            self.report["errors"].append(error)
        self.app.stop()

    @property
    def state(self) -> Any:
        return self.app.session.state

    def tap(self, tid: str) -> Iterator[None]:
        """A real tap on ``tid`` (after dragging its list until it shows), counted for the round."""
        widget = self.find(tid)
        yield from self._scroll_to(widget)
        yield from Taps.tap(self, tid)
        if self.trace:
            print(f"tap {tid} [{self.app.sm.current}] round {self.bucket}", file=sys.stderr, flush=True)
        if self.bucket is None:
            self.tally.setup_taps += 1
        else:
            self.tally.add(self.bucket)
            self.turn_taps += 1

    def has(self, tid: str) -> bool:
        try:
            self.find(tid)
        except LookupError:
            return False
        return True

    def _scroll_to(self, widget: Any) -> Iterator[None]:
        """Drag the ScrollView holding ``widget`` (by touch) until the widget's centre is inside it."""
        from kivy.tests.common import UnitTestTouch
        from kivy.uix.scrollview import ScrollView

        view, depth = widget.parent, 0
        while view is not None and not isinstance(view, ScrollView) and depth < 40:
            view, depth = getattr(view, "parent", None), depth + 1
        if not isinstance(view, ScrollView):
            return
        for _drag in range(12):
            cx, cy = widget.to_window(*widget.center)
            left, bottom = view.to_window(view.x, view.y)
            if bottom + 4 < cy < bottom + view.height - 4 and left < cx < left + view.width:
                return
            up = cy < bottom  # below the view: drag the content up
            x, y = left + view.width / 2, bottom + view.height / 2
            touch = UnitTestTouch(x, y)
            touch.touch_down()
            yield
            step = (view.height / 3) / 6 * (1 if up else -1)
            for _i in range(6):
                y += step
                touch.touch_move(x, y)
                yield
            touch.touch_up()
            self.tally.scrolls += 1
            for _frame in range(20):  # the scroll effect comes to rest
                yield
        raise RuntimeError(f"{widget.tid} could not be scrolled into view on {self.app.sm.current}")

    def frames(self, n: int = 2) -> Iterator[None]:
        for _i in range(n):
            yield

    def timed(self, round_no: int, steps: Iterator[None]) -> Iterator[None]:
        """Run ``steps`` with its taps and seconds counted for ``round_no``."""
        self.bucket = round_no
        began = time.perf_counter()
        yield from steps
        self.tally.time(round_no, time.perf_counter() - began)

    def go_home_game(self, game: str) -> Iterator[None]:
        """On Home, choose ``game`` (a setup tap, only when Home offers a choice)."""
        yield from self.frames(3)
        if self.app.sm.current != "home":
            raise RuntimeError(f"the app opened on {self.app.sm.current}, not Home")
        if self.app.sm.get_screen("home").game != game and self.has(f"game-choice-{game}"):
            yield from self.tap(f"game-choice-{game}")

    def finish(self, **extra: Any) -> None:
        if self.game == "stone-age":
            extra = dict(extra, player=self.player)
        self.report["result"] = self.tally.result(self.game, self.mode, GAMES[self.game], **extra)

    # -- Stone Age -------------------------------------------------------------------------------------
    def choose_placement(self) -> Iterator[None]:
        """Settings → Rules → Enter every placement on for ``mirrored``, off for ``board`` (setup taps)."""
        want = not self.mode.startswith("board")
        if self.app.settings.sa_every_placement == want:
            return
        yield from self.tap("open-settings")
        if not self.has("rule-every-placement"):
            raise Unavailable(f"mode {self.mode}: not available in this build (no Enter every placement)")
        yield from self.tap("rule-every-placement")
        yield from self.tap("settings-save")
        yield from self.tap("settings-back")
        if self.app.settings.sa_every_placement != want:
            raise RuntimeError("Settings did not keep the placement choice")

    def stone_age(self) -> Iterator[None]:
        from benchmarks.taps_plan import STONE_AGE_SEED, apply, board_script, stone_age_script
        from companion.ui import registry

        app = self.app
        yield from self.go_home_game("stone-age")
        yield from self.choose_placement()
        home = app.sm.get_screen("home")
        while len(home.form.seats) < GAMES["stone-age"]:
            yield from self.tap("add-player")
        home._read_names()
        screens = registry.screens_for("stone-age")
        setup = screens.setup_command([(s.name, s.colour) for s in home.form.seats], home.form.start_player)
        setup = replace(setup, board=False)  # the game is scripted with every placement, then converted
        yield from self.tap("start-game")
        if app.sm.current != "sa_table":
            raise RuntimeError(f"the game opened on {app.sm.current}")
        moves = stone_age_script(setup, STONE_AGE_SEED, player=self.player)
        board = self.mode.startswith("board")
        if board:
            moves = board_script(moves, setup)
        first = apply(None, replace(setup, board=board))
        if self.state != first:
            raise AssertionError("the game started on Home is not the rules' game from its setup command")
        self.report["commands"] = len(moves)
        table = app.sm.get_screen("sa_table")
        for round_no, steps, move in game_taps(moves, self.mode):
            if self.max_rounds is not None and round_no > self.max_rounds:
                break
            yield from self.timed(round_no, self._enter(steps, table))
            if move is not None:
                self._check(move)
            elif self.checkpoint is not None:  # a round read back: what is counted so far, in case of a kill
                self.finish(finished=False, seed=STONE_AGE_SEED, commands=len(moves), partial=True)
                self.checkpoint(self.report)
        self.bucket = None
        final = [p.score for p in self.state.players]
        done = self.state.phase.value == "over"
        if done and app.sm.current != "sa_scoring":
            raise AssertionError(f"the last read back opened {app.sm.current}, not the final scoring")
        self.finish(final_scores=final, finished=done, seed=STONE_AGE_SEED, commands=len(moves))

    def _enter(self, steps: list[Any], table: Any) -> Iterator[None]:
        for step in steps:
            if isinstance(step, Figures):
                for _tap in range(12):
                    if table.figures == step.n:
                        break
                    yield from self.tap("figures-up" if table.figures < step.n else "figures-down")
                else:
                    raise RuntimeError(f"the figure stepper stays at {table.figures}, not {step.n}")
            elif isinstance(step, Roll):
                yield from self._roll(step)
            elif step == READBACK:
                if self.app.sm.current == "sa_feeding":
                    yield from self.tap("next")
            else:
                yield from self.tap(step)
        yield

    def _roll(self, step: Roll) -> Iterator[None]:
        """The tray rolls ``step.dice``; frames until the dice screen shows them, then (``confirms``)
        until its countdown has confirmed them and the screen has moved on."""
        import threading

        screen = self.app.sm.get_screen("sa_dice")
        tray = self.app.tray
        threading.Thread(target=lambda: tray.roll(range(1, len(step.dice) + 1), faces=step.dice),
                         daemon=True).start()
        yield from self._until(lambda: tuple(screen.reading.values) == step.dice, f"the roll {step.dice}")
        if step.confirms:
            yield from self._until(lambda: self.app.sm.current != "sa_dice", "the countdown to confirm")
        yield

    def _until(self, check: Any, what: str, seconds: float = 60) -> Iterator[None]:
        end = time.monotonic() + seconds
        while not check():
            if time.monotonic() > end:
                raise RuntimeError(f"waited {seconds:g} s for {what} on {self.app.sm.current}")
            yield

    def _check(self, move: Any) -> None:
        """The session holds what the rules make of the command (all of it; in board mode the books)."""
        state = self.state
        if state != move.after:
            diff = [f"{name}: {getattr(state, name)!r} != {getattr(move.after, name)!r}"
                    for name in ("round", "phase", "current", "players", "placements", "lottery", "cards_out")
                    if getattr(state, name) != getattr(move.after, name)]
            raise AssertionError(f"after {move.command} (on {self.app.sm.current}, banner {self.app.banner!r}) "
                                 f"the session differs from the rules: " + "; ".join(diff)[:3000])


def main(argv: list[str] | None = None) -> int:
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description="Play one scripted game by taps (a child of table_taps.py).")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("mode")
    parser.add_argument("report", type=Path)
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--rounds", type=int, default=None, help="stop after this many rounds")
    parser.add_argument("--player", default="random", help="the scripted Stone Age player: random or table")
    args = parser.parse_args(argv)
    if not os.environ.get("CAIRN_DATA_DIR"):  # never among the user's own games
        os.environ["CAIRN_DATA_DIR"] = tempfile.mkdtemp(prefix="cairn-taps-")
    from companion.ui.kivy_config import configure_kivy, parse_size

    size = parse_size(args.size)
    configure_kivy(size, False, 0)
    from kivy.core.window import Window

    Window.size = size
    from companion.ui.app import AppOptions, CairnApp

    tray = None
    if args.mode in TRAY_MODES:  # a simulated e-dice tray on a real pseudo-terminal, a 2 s countdown
        import random

        from hardware.edice_sim import TraySim

        tray = TraySim(10, rng=random.Random(5)).open()
    app = CairnApp(AppOptions(camera="none", lang="en", size=size, no_gpio=True,
                              serial=tray.path if tray else None, countdown=2 if tray else 0))
    app.tray = tray
    driver = BenchDriver(app, args.game, args.mode, args.rounds, args.player)
    driver.checkpoint = lambda report: args.report.write_text(json.dumps(report, ensure_ascii=False, default=str),
                                                              encoding="utf-8")
    app.bench_driver = driver  # the clock keeps only weak references
    driver.start()
    began = time.perf_counter()
    app.run()
    driver.report["wall_s"] = round(time.perf_counter() - began, 1)
    if tray is not None:
        tray.close()
    args.report.write_text(json.dumps(driver.report, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    return 0 if not driver.report["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
