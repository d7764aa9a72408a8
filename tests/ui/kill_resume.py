"""Child of ``tests/test_ui_kill_resume.py``: a short scripted game of 石器部落 or Prehistories played by
real taps in a real window, printing what the screen shows after every move, and waiting to be killed.

    python tests/ui/kill_resume.py GAME KILL [--resume FROM]

Prints one JSON line per move: ``{"move": i, "label": ..., "shown": {...}}``. At the move ``KILL``
names it prints ``{"kill": i, "shown": {...}}`` and stops moving (the parent then sends SIGKILL):
``table-after:N`` is the first move numbered N or later that ends on the game's table screen,
``label:NAME`` the first move called NAME, ``none`` plays to the end and prints ``{"done": n}``.
``--resume FROM``: a restart after a kill: Resume is tapped on Home, ``{"resumed": {...}}`` is printed
with what the screen shows, and the moves go on numbered from FROM. GAME ``ph-setup`` is the
Prehistories setup form before any game exists: it is opened from Home by taps (a restart opens it
the same way), and at its end ``{"started": {...}}`` tells the goal cards the new game logged and
whether the setup draft is gone.

"What the screen shows" is the current screen's name and, in tree order, every widget on show (not
inside one with opacity 0) that carries text, a view model, a tile shape or a ``tid``: its tid, text,
view model, cells, kind and whether it is disabled. The decisions of the script come from seeded
generators and the game's state, so a run is the same every time.
"""
from __future__ import annotations

import dataclasses
import json
import os
import random
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion.ui.taps import Taps  # noqa: E402

SEED = 11
#: what a restart taps on Home to get back to where the game was killed
RESUME_TAPS = {"ph-setup": ("game-choice-prehistories", "start-game")}


def shown(app: Any) -> dict[str, Any]:
    """What the current screen shows, as plain values (see the module docstring)."""
    items: list[list[Any]] = []

    def visit(widget: Any) -> None:
        if widget.opacity == 0:
            return
        view = getattr(widget, "view", None)
        entry = [getattr(widget, "tid", "") or "", getattr(widget, "text", None),
                 repr(view) if dataclasses.is_dataclass(view) else None,
                 [list(c) for c in getattr(widget, "cells", None) or []], getattr(widget, "kind", None),
                 bool(widget.disabled)]
        if entry[0] or (isinstance(entry[1], str) and entry[1].strip()) or entry[2] or entry[3]:
            items.append(entry)
        for child in reversed(widget.children):
            visit(child)

    visit(app.sm.current_screen)
    return {"screen": app.sm.current, "items": items}


class KillDriver(Taps):
    """Plays the script one frame per step and prints after every move."""

    def __init__(self, app: Any, game: str, kill: str, resume_from: int | None) -> None:
        self.app, self.game, self.kill, self.resume_from = app, game, kill, resume_from
        self.rng = random.Random(SEED if resume_from is None else SEED + resume_from)
        self.steps: Iterator[None] = self.run()

    # -- plumbing ----------------------------------------------------------------------------------
    def start(self) -> None:
        """Play the script one frame a step (the app's own frame-stepper)."""
        from companion.ui.stepper import FrameStepper

        self.stepper = FrameStepper(self.steps, self._done, delay=0.5).start()

    def _done(self, error: str | None) -> None:
        if error is not None:
            emit({"error": error})
        self.app.stop()

    def settle(self, frames: int = 4) -> Iterator[None]:
        for _frame in range(frames):
            yield

    @property
    def state(self) -> Any:
        return self.app.session.state

    def run(self) -> Iterator[None]:
        yield from self.settle(6)
        if self.resume_from is not None:
            for tid in RESUME_TAPS.get(self.game, ("resume",)):
                yield from self.tap(tid)
            yield from self.settle(6)
            emit({"resumed": shown(self.app)})
            number = self.resume_from
        else:
            number = 0
        moves = {"stone-tribe": StoneTribeMoves, "prehistories": PrehistoriesMoves,
                 "ph-setup": PhSetupMoves}[self.game](self)
        for label, move in moves.script(fresh=self.resume_from is None):
            yield from move()
            yield from self.settle()
            view = shown(self.app)
            emit({"move": number, "label": label, "shown": view})
            if self.is_kill(number, label, view):
                emit({"kill": number, "shown": view})
                self.stepper.stop()  # wait for SIGKILL: the window stays as it is
                yield
                return
            number += 1
        emit({"done": number})

    def is_kill(self, number: int, label: str, view: dict[str, Any]) -> bool:
        kind, _sep, arg = self.kill.partition(":")
        if kind == "label":
            return label == arg
        if kind == "table-after":
            table = self.app.game_screens.table if self.app.game_screens else ""
            return number >= int(arg) and view["screen"] == table
        return False


Move = tuple[str, Callable[[], Iterator[None]]]


class StoneTribeMoves:
    """Three players: the free-skill draft, then turns of chance card, fate dice, a demand card turned up
    and discarded, and the end of the turn."""

    TURNS = 3

    def __init__(self, driver: KillDriver) -> None:
        self.d = driver

    def script(self, fresh: bool) -> Iterator[Move]:
        d = self.d
        if fresh:
            yield "setup", self.setup
        from rules.stone_tribe import Phase

        turns = 0
        while turns < self.TURNS:
            phase = d.state.phase
            if phase == Phase.DRAFT:
                yield "draft", self.draft
            elif phase == Phase.DRAW:
                yield "draw", lambda: d.tap("st-draw")
            elif phase == Phase.ROLL:
                yield "roll", self.roll
            elif phase == Phase.MAIN and not d.state.demand_done:
                yield "demand", self.demand
            elif phase == Phase.NEGOTIATION:
                yield "discard", lambda: d.tap("st-demand-discard")
            elif phase == Phase.MAIN:
                yield "end-turn", lambda: d.tap("st-end-turn")
                turns += 1
            else:
                raise RuntimeError(f"unexpected phase {phase}")

    def setup(self) -> Iterator[None]:
        from companion.ui.games.stone_tribe import open_setup

        open_setup(self.d.app, [("Ann", "red"), ("Bo", "blue"), ("Chen", "green")])
        yield
        yield from self.d.tap("st-start-game")

    def draft(self) -> Iterator[None]:
        from rules.stone_tribe import SKILLS

        d = self.d
        if d.app.sm.current != "st_skill":
            yield from d.tap("st-draft")
        me = d.state.player(d.state.current)
        owned = {c.skill for c in me.skills}
        skill = d.rng.choice([s for s in SKILLS if s not in owned])
        yield from d.tap(f"st-skill-{skill}")
        for face in ((1, 2) if not me.skills else (4, 5)):
            yield from d.tap(f"st-face-{face}")
        yield from d.tap("next")

    def roll(self) -> Iterator[None]:
        d = self.d
        if d.app.sm.current != "st_dice":  # the draw brings the dice up; a restarted app opens on the table
            yield from d.tap("st-roll")
        yield from d.tap(f"st-face-{d.rng.randint(1, 6)}")
        yield from d.tap(f"st-face-{d.rng.randint(1, 6)}")
        yield from d.tap("next")

    def demand(self) -> Iterator[None]:
        from rules.stone_tribe import RESOURCE_KINDS

        d = self.d
        yield from d.tap("st-demand")
        yield from d.tap(f"st-cost-{d.rng.choice(RESOURCE_KINDS)}")
        yield from d.tap("st-cost-shells")
        yield from d.tap("st-cost-shells")
        yield from d.tap("next")


class PrehistoriesMoves:
    """Three players, two rounds: new tiles (one told by tapping, the rest drawn by Cairn), secret plans,
    the reveal, the hunt and the painting, by the seeded demo player's choices."""

    ROUNDS = 2

    def __init__(self, driver: KillDriver) -> None:
        self.d = driver

    def script(self, fresh: bool) -> Iterator[Move]:
        from rules.prehistories.state import Phase

        d = self.d
        if fresh:
            yield "setup", self.setup
        while not (d.state.round > self.ROUNDS or d.state.phase is Phase.OVER):
            state = d.state
            if state.phase is Phase.FILL:
                yield from self.fill(state)
            elif state.phase is Phase.PLANNING:
                colour = next(p.colour.value for p in state.players if not p.planned)
                yield f"plan-{colour}", lambda: self.plan(colour)
            elif state.phase is Phase.HUNTING and d.app.sm.current == "ph_order":
                yield "order-seen", lambda: d.tap("next")
            elif state.phase is Phase.HUNTING:
                yield "hunt", self.hunt
            else:
                yield "paint", self.paint

    def setup(self) -> Iterator[None]:
        from companion.ui.games.prehistories import open_setup

        d = self.d
        open_setup(d.app)
        setup = d.app.sm.get_screen("ph_setup")
        yield
        setup.set_names(["Ann", "Bo", "Chen"])
        setup.form = setup.form.draw_goals(d.rng)
        setup.refresh()
        yield
        d.app.sm.get_screen("ph_table").rng = random.Random(SEED)
        yield from d.tap("setup-start")

    def fill(self, state: Any) -> Iterator[Move]:
        from companion.viewmodels.prehistories.draws import tile_choices, zones_to_tell

        d = self.d
        waiting = zones_to_tell(state)
        if waiting and not state.drawn:
            zone = waiting[d.rng.randrange(len(waiting))]

            def tell() -> Iterator[None]:
                yield from d.tap(f"zone-{zone}")
                yield from d.tap(f"pick-{d.rng.choice(tile_choices(d.state, zone)).tile}")
            yield "tell", tell
        elif waiting:
            yield "draw-for-us", lambda: d.tap("ph-draw-for-us")
        else:
            yield "on-board", lambda: d.tap("next")

    def plan(self, colour: str) -> Iterator[None]:
        from companion.viewmodels.prehistories.demo import plan_for

        d = self.d
        if d.app.sm.current != "ph_plan":  # after a plan the private screen stays, covered, for the next
            yield from d.tap(f"plan-{colour}")
        yield from d.tap("plan-show")
        player = next(p for p in d.state.players if p.colour.value == colour)
        for speed in plan_for(d.state, player, d.rng):
            yield from d.tap(f"card-{speed}")
        yield from d.tap("plan-play")

    def hunt(self) -> Iterator[None]:
        from companion.viewmodels.prehistories.demo import demo_command
        from rules.prehistories.commands import Hunt

        d = self.d
        command = demo_command(d.state, d.rng)
        if isinstance(command, Hunt):
            for speed in command.hunters:
                yield from d.tap(f"hunter-{speed}")
            yield from d.tap(f"zone-{command.zone}")
        else:
            yield from d.tap("next")

    def paint(self) -> Iterator[None]:
        from companion.viewmodels.prehistories.demo import demo_command
        from rules.prehistories.tiles import TILES

        d = self.d
        if d.app.sm.current != "ph_cave":
            yield from d.tap("next")
        command = demo_command(d.state, d.rng)
        player = d.state.player(command.colour)
        first = min(TILES[command.tile].shapes[command.side])
        yield from d.tap(f"tile-{list(player.taken).index(command.tile)}")
        if TILES[command.tile].shapes[0] != TILES[command.tile].shapes[1]:
            yield from d.tap(f"side-{command.side}")
        yield from d.tap(f"cell-{command.row + first[0]}-{command.col + first[1]}")
        yield from d.tap("paint")


class PhSetupMoves:
    """The Prehistories setup, opened from Home: one goal card told by two taps (its Moon side), then
    "draw for us"; after the restart, Start."""

    def __init__(self, driver: KillDriver) -> None:
        self.d = driver

    def script(self, fresh: bool) -> Iterator[Move]:
        d = self.d
        if fresh:
            yield "open-setup", self.open_setup
            yield "tell", lambda: self.taps("goal-5", "goal-5")
            yield "draw-for-us", lambda: d.tap("ph-draw-goals")
        yield "start", self.start

    def open_setup(self) -> Iterator[None]:
        yield from self.taps(*RESUME_TAPS["ph-setup"])

    def taps(self, *tids: str) -> Iterator[None]:
        for tid in tids:
            yield from self.d.tap(tid)

    def start(self) -> Iterator[None]:
        d = self.d
        yield from d.tap("setup-start")
        yield from d.settle()
        from companion.session import GameSession

        session = d.app.session
        replayed = GameSession.resume(session.store, session.game_id)  # what the log on disk holds
        emit({"started": {"screen": d.app.sm.current, "goals": list(d.state.goals),
                          "logged": list(replayed.state.goals),
                          "drafts": sorted(p.name for p in d.app.store.path.parent.glob("setup-*"))}})


def emit(record: dict[str, Any]) -> None:
    print(json.dumps(record, ensure_ascii=False, default=str), flush=True)


def main(argv: list[str]) -> int:
    game, kill = argv[0], argv[1]
    resume_from = int(argv[3]) if len(argv) > 3 and argv[2] == "--resume" else None
    size = tuple(int(v) for v in os.environ.get("CAIRN_TEST_SIZE", "800x480").split("x"))
    from companion.ui.kivy_config import configure_kivy

    configure_kivy(size, False, 0)  # type: ignore[arg-type]
    from companion.ui.app import AppOptions, CairnApp

    app = CairnApp(AppOptions(camera="none", no_gpio=True, lang=os.environ.get("CAIRN_TEST_LANG", "zh_CN"),
                              size=size))  # type: ignore[arg-type]
    driver = KillDriver(app, game, kill, resume_from)
    app.kill_driver = driver  # the clock keeps only weak references
    driver.start()
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
