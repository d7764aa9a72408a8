"""The child process of ``benchmarks/table_taps.py``: the real Cairn app in its own window, one scripted
game played by taps, the figures written as JSON.

    python benchmarks/taps_driver.py GAME MODE REPORT.json [--size 800x480] [--rounds N]

GAME is a registry id (``stone-age``, ``stone-tribe``, ``prehistories``). Every tap goes through
Kivy's input path (``companion.ui.taps.Taps.tap``) on the widget found by its ``tid``; a list that
must be scrolled to reach a widget is dragged by a touch (counted apart, as ``scrolls``). Kivy is
imported only once ``main`` runs, so the module can be imported anywhere.

Stone Age is checked as it goes: after each command the session's state must equal the rules' state
after that command (mirrored mode), or the players' books must equal them (board mode, where the
placements never reach the log).
"""
from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.taps_plan import READBACK, Figures, Tally, game_taps  # noqa: E402
from companion.ui.taps import Taps  # noqa: E402

GAMES = {"stone-age": 4, "stone-tribe": 6, "prehistories": 3}
#: the seeds of the 石器部落 and Prehistories games (Stone Age's is ``taps_plan.STONE_AGE_SEED``)
STONE_TRIBE_SEED = 11
PREHISTORIES_SEED = 5
#: the share of 石器部落 negotiations that fail (the demand card is discarded) though a deal was possible
DISCARDED = 0.35


class Unavailable(Exception):
    """The build has no screens for the mode asked for."""


class BenchDriver(Taps):
    """Plays one game by taps, one frame per step, and keeps the tally."""

    def __init__(self, app: Any, game: str, mode: str, rounds: int | None = None) -> None:
        self.app, self.game, self.mode, self.max_rounds = app, game, mode, rounds
        self.tally = Tally()
        self.bucket: int | None = None  # the round the taps count for; None: the setup
        self.turn_taps = 0
        self.report: dict[str, Any] = {"errors": [], "game": game, "mode": mode}
        self.trace = bool(os.environ.get("CAIRN_TAPS_TRACE"))

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
        self.report["result"] = self.tally.result(self.game, self.mode, GAMES[self.game], **extra)

    # -- Stone Age -------------------------------------------------------------------------------------
    def stone_age(self) -> Iterator[None]:
        from benchmarks.taps_plan import STONE_AGE_SEED, apply, stone_age_script
        from companion.ui import registry

        app = self.app
        yield from self.go_home_game("stone-age")
        home = app.sm.get_screen("home")
        if self.mode == "board" and not self.has("placement-board"):
            raise Unavailable("mode board: not available in this build (Home has no placement-board)")
        while len(home.form.seats) < GAMES["stone-age"]:
            yield from self.tap("add-player")
        if self.has(f"placement-{self.mode}"):
            yield from self.tap(f"placement-{self.mode}")
        home._read_names()
        setup = registry.screens_for("stone-age").setup_command(
            [(s.name, s.colour) for s in home.form.seats], home.form.start_player)
        yield from self.tap("start-game")
        if app.sm.current != "sa_table":
            raise RuntimeError(f"the game opened on {app.sm.current}")
        moves = stone_age_script(setup, STONE_AGE_SEED)
        first = apply(None, setup)
        if self.mode == "mirrored" and self.state != first:
            raise AssertionError("the game started on Home is not the rules' game from its setup command")
        self.report["commands"] = len(moves)
        table = app.sm.get_screen("sa_table")
        for round_no, steps, move in game_taps(moves, self.mode):
            if self.max_rounds is not None and round_no > self.max_rounds:
                break
            yield from self.timed(round_no, self._enter(steps, table))
            if move is not None:
                self._check(move)
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
            elif step == READBACK:
                if self.app.sm.current == "sa_feeding":
                    yield from self.tap("next")
            else:
                yield from self.tap(step)
        yield

    def _check(self, move: Any) -> None:
        """The session holds what the rules make of the command (all of it; in board mode the books)."""
        state = self.state
        if self.mode == "mirrored":
            ok = state == move.after
        else:
            ok = (state.players, state.cards_out, state.round) == (move.after.players, move.after.cards_out,
                                                                   move.after.round)
        if not ok:
            diff = [f"{name}: {getattr(state, name)!r} != {getattr(move.after, name)!r}"
                    for name in ("round", "phase", "current", "players", "placements", "lottery", "cards_out")
                    if getattr(state, name) != getattr(move.after, name)]
            raise AssertionError(f"after {move.command} (on {self.app.sm.current}, banner {self.app.banner!r}) "
                                 f"the session differs from the rules: " + "; ".join(diff)[:3000])

    # -- 石器部落 -------------------------------------------------------------------------------------
    def stone_tribe(self) -> Iterator[None]:
        from rules.stone_tribe import Phase

        app = self.app
        rng = random.Random(STONE_TRIBE_SEED)
        yield from self.go_home_game("stone-tribe")
        home = app.sm.get_screen("home")
        while len(home.form.seats) < home.form.max_players and len(home.form.seats) < GAMES["stone-tribe"]:
            yield from self.tap("add-player")
        yield from self.tap("start-game")
        while len(app.sm.get_screen("st_setup").form.names) < GAMES["stone-tribe"]:
            yield from self.tap("st-add-player")
        yield from self.tap("st-start-game")
        if self.state.phase != Phase.DRAFT:
            raise RuntimeError(f"the game started in {self.state.phase}")
        draft_before = self.tally.setup_taps
        yield from self.tap("st-draft")
        while self.state.phase == Phase.DRAFT:
            yield from self._st_skill(rng)
        self.report["draft_taps"] = self.tally.setup_taps - draft_before
        while self.state.phase not in (Phase.OVER, Phase.ROLLOFF):
            round_no = self.state.round
            if self.max_rounds is not None and round_no > self.max_rounds:
                break
            self.turn_taps, deal = 0, [False]
            turn = self.state.turn
            yield from self.timed(round_no, self._st_turn(rng, deal))
            self.tally.turns.append({"round": round_no, "turn": turn, "taps": self.turn_taps, "deal": deal[0]})
        if self.state.phase == Phase.ROLLOFF:
            yield from self.timed(self.state.round, self._st_rolloff())
        self.bucket = None
        from rules.stone_tribe import standings

        self.finish(finished=self.state.phase == Phase.OVER, seed=STONE_TRIBE_SEED,
                    final_shells=[s.shells for s in standings(self.state)])

    def _st_skill(self, rng: random.Random) -> Iterator[None]:
        """Choose a skill left in the stacks and two numbers for it, then NEXT (draft or learning)."""
        from companion.viewmodels import stone_tribe as vm
        from rules.stone_tribe import SKILLS

        left = [k for k in SKILLS if vm.stack_left(self.state, k) > 0]
        yield from self.tap(f"st-skill-{rng.choice(left)}")
        for n in rng.sample(range(1, 7), 2):
            yield from self.tap(f"st-face-{n}")
        before = (self.state.turn, self.state.phase, len(self.state.player(self.state.current).skills))
        yield from self.tap("next")
        if (self.state.turn, self.state.phase, len(self.state.player(self.state.current).skills)) == before:
            raise RuntimeError(f"the skill was refused: {self.app.banner}")

    def _st_turn(self, rng: random.Random, deal: list[bool]) -> Iterator[None]:
        from companion.ui.games.stone_tribe.tour import StoneTribeTour
        from rules.stone_tribe import RESOURCE_KINDS, Phase, Resources

        state = self.state
        me = state.current
        yield from self.tap("st-draw")
        yield from self.tap("st-roll")
        values = (rng.randint(1, 6), rng.randint(1, 6))
        for v in values:
            yield from self.tap(f"st-face-{v}")
        yield from self.tap("next")
        if self.state.phase != Phase.MAIN or tuple(self.state.last_roll or ()) != values:
            raise RuntimeError(f"the fate dice {values} were not taken: {self.app.banner}")
        yield from self.tap("st-demand")
        held = sum((p.resources for p in self.state.players), Resources())
        kinds = [k for k in RESOURCE_KINDS if held.get(k)] or list(RESOURCE_KINDS)
        cost = [rng.choice(kinds) for _n in range(rng.randint(2, 4))]
        for kind in cost:
            yield from self.tap(f"st-cost-{kind}")
        for _n in range(len(cost) + rng.randint(0, 2)):
            yield from self.tap("st-cost-shells")
        if rng.random() < 0.3:
            yield from self.tap("st-cost-cards")
        yield from self.tap("next")
        if self.state.phase != Phase.NEGOTIATION:
            raise RuntimeError(f"the demand card was not turned up: {self.app.banner}")
        plan = StoneTribeTour._plan(None, self.state)  # type: ignore[arg-type]  (it reads only the state)
        demand = self.app.sm.get_screen("st_demand")
        if plan is None or rng.random() < DISCARDED:
            yield from self.tap("st-demand-discard")
        else:
            payments, shares = plan
            for name, paid in payments.items():
                yield from self._st_choose(demand, name)
                for kind in paid:
                    yield from self.tap(f"st-deal-{kind}")
            for name, (shells, cards) in shares.items():
                if shells or cards:
                    yield from self._st_choose(demand, name)
                for _n in range(shells):
                    yield from self.tap("st-deal-shells")
                for _n in range(cards):
                    yield from self.tap("st-deal-cards")
            yield from self.tap("next")
            deal[0] = True
        if self.state.phase != Phase.MAIN:
            raise RuntimeError(f"the negotiation did not end: {self.app.banner}")
        player = self.state.player(me)
        if player.shells >= 3 and len(player.skills) < 4 and rng.random() < 0.7:
            yield from self.tap("st-learn")
            yield from self._st_skill(rng)
        turn = self.state.turn
        yield from self.tap("st-end-turn")
        if self.state.turn == turn and self.state.phase == Phase.MAIN:
            raise RuntimeError(f"the turn did not end: {self.app.banner}")

    def _st_choose(self, demand: Any, name: str) -> Iterator[None]:
        """Tap the player whose part the deal pictures enter (no tap when already chosen)."""
        if demand.chosen != name:
            yield from self.tap(f"st-deal-player-{self.state.names.index(name)}")

    def _st_rolloff(self) -> Iterator[None]:
        from rules.stone_tribe import Phase, rolloff_due

        if self.app.sm.current != "st_end":
            yield from self.tap("st-ranking")
        for _guard in range(10):
            if self.state.phase != Phase.ROLLOFF:
                return
            for i, name in enumerate(list(rolloff_due(self.state))):
                yield from self.tap(f"st-rolloff-{self.state.names.index(name)}")
                for v in (6, max(1, 6 - i)):
                    yield from self.tap(f"st-face-{v}")
                yield from self.tap("next")
                yield
        raise RuntimeError("the roll-off did not end")

    # -- Prehistories ---------------------------------------------------------------------------------
    def prehistories(self) -> Iterator[None]:
        from rules.prehistories.state import Phase

        app = self.app
        rng = random.Random(PREHISTORIES_SEED)
        yield from self.go_home_game("prehistories")
        home = app.sm.get_screen("home")
        while len(home.form.seats) < GAMES["prehistories"]:
            yield from self.tap("add-player")
        while len(home.form.seats) > GAMES["prehistories"]:
            yield from self.tap("remove-player")
        yield from self.tap("start-game")
        app.sm.get_screen("ph_setup").rng = rng  # the goal cards Cairn draws, seeded
        yield from self.tap("ph-draw-goals")
        yield from self.tap("setup-start")
        if app.session is None or app.session.game != "prehistories":
            raise RuntimeError(f"the game did not start: {app.banner}")
        app.sm.get_screen("ph_table").rng = rng  # the tiles Cairn draws for the table, seeded
        tour = _PhTour(self, rng)
        for _guard in range(200):
            state = self.state
            if state.phase is Phase.OVER:
                break
            round_no = state.round
            if self.max_rounds is not None and round_no > self.max_rounds:
                break
            yield from self.timed(round_no, self._ph_phase(tour, state.phase))
        self.bucket = None
        done = self.state.phase is Phase.OVER
        if done:
            yield from self.frames(3)
            if app.sm.current != "ph_winner":
                raise AssertionError(f"the winner was not announced (on {app.sm.current})")
        self.finish(finished=done, seed=PREHISTORIES_SEED,
                    winner=self.state.winner.value if done and self.state.winner else None)

    def _ph_phase(self, tour: Any, phase: Any) -> Iterator[None]:
        from rules.prehistories.state import Phase

        app = self.app
        if phase is Phase.FILL:
            if app.sm.current != "ph_table":
                raise RuntimeError(f"new tiles, but the app shows {app.sm.current}")
            yield from self.tap("ph-draw-for-us")
            yield from self.tap("next")
        elif phase is Phase.PLANNING:
            yield from tour._plan_round(shots=True)
        elif phase is Phase.HUNTING:
            if app.sm.current == "ph_order":
                yield from self.tap("next")  # the order of play read back: on to the hunt
            yield from tour._hunt_round(shots=True)
        elif phase is Phase.PAINTING:
            if app.sm.current != "ph_cave":
                raise RuntimeError(f"painting, but the app shows {app.sm.current}")
            yield from tour._paint_round(shots=True)
        yield
        if self.state.phase is phase and phase is not Phase.PAINTING and phase is not Phase.HUNTING:
            raise RuntimeError(f"the {phase.value} phase did not end: {app.banner}")


def _PhTour(driver: BenchDriver, rng: random.Random) -> Any:
    """The Prehistories screenshot tour's touch rounds, with its taps counted by ``driver`` and no
    screenshots or detours (a refused placement is not tried)."""
    from companion.ui.games.prehistories.tour import PrehistoriesTour

    class Tour(PrehistoriesTour):
        def tap(self, tid: str) -> Iterator[None]:
            yield from driver.tap(tid)

        def snap(self, name: str) -> Iterator[None]:
            yield

        def _refused_cell(self, command: Any, player: Any) -> None:
            return None

    tour = Tour(driver.app, Path("/nonexistent"))
    tour.rng = rng
    return tour


def main(argv: list[str] | None = None) -> int:
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description="Play one scripted game by taps (a child of table_taps.py).")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("mode")
    parser.add_argument("report", type=Path)
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--rounds", type=int, default=None, help="stop after this many rounds")
    args = parser.parse_args(argv)
    os.environ.setdefault("CAIRN_DATA_DIR", tempfile.mkdtemp(prefix="cairn-taps-"))
    from companion.ui.kivy_config import configure_kivy, parse_size

    size = parse_size(args.size)
    configure_kivy(size, False, 0)
    from kivy.core.window import Window

    Window.size = size
    from companion.ui.app import AppOptions, CairnApp

    app = CairnApp(AppOptions(camera="none", lang="en", size=size, no_gpio=True))
    driver = BenchDriver(app, args.game, args.mode, args.rounds)
    app.bench_driver = driver  # the clock keeps only weak references
    driver.start()
    began = time.perf_counter()
    app.run()
    driver.report["wall_s"] = round(time.perf_counter() - began, 1)
    args.report.write_text(json.dumps(driver.report, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    return 0 if not driver.report["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
