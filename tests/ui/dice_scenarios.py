"""Dice-screen scenarios for ``tests/ui_driver.py``: what is confirmed is what is on the screen.

* ``tools-last``: a gathering with a tool tile as a player's last action, the next player without tools.
* ``hold-camera``: the demo camera keeps throwing 3 dice while dice are read, touched, picked and confirmed.
* ``hold-edice``: the same with a simulated e-dice tray (3 dice) on a real pseudo-terminal.
* ``st-extra``: 石器部落's fate dice from a 3-dice tray: the player picks the 2 to use.
* ``sa-game``: a whole 4-player Stone Age game by taps while the demo camera keeps throwing.

After every confirm :meth:`DiceScenarios.confirm_dice` compares the dice on the screen at the moment of
the confirming tap with the last dice event in the game's SQLite file on disk. Mixed into the driver's
``Driver`` (which supplies ``tap``, ``find``, ``place``, ``expect``, ``shot``, ``snapshot``, ``state``,
``wait_for`` and ``report``).
"""
from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any, Iterator

MODES = ("tools-last", "hold-camera", "hold-edice", "st-extra", "sa-game")
#: dice in the simulated tray of each e-dice mode
TRAY_DICE = {"hold-edice": 3, "st-extra": 3}
#: the dice events a confirm writes, per game
DICE_EVENTS = ("Gathered", "FateDiceRolled", "RollOffRolled")


def app_options(mode: str) -> dict[str, Any]:
    """Extra ``AppOptions`` fields: a seeded demo camera that throws 3 dice again every ~5.6 s."""
    if mode in ("hold-camera", "sa-game"):
        seed = int(os.environ.get("CAIRN_TEST_SEED", "3"))
        return {"camera": "demo:3", "camera_opener": lambda spec: _throwing_dice(seed)}
    return {}


def _throwing_dice(seed: int) -> Any:
    from hardware.demo_dice import DemoDice

    # the dice lie still 5 s between throws: time enough for two readings, and for a correction by
    # touch between two questions, on a loaded machine
    return DemoDice(3, rng=seed, auto_roll=5.0, roll_seconds=0.6)


class DiceScenarios:
    """Scenario generators; each yields once per frame."""

    app: Any
    report: dict[str, Any]

    def dice_modes(self) -> dict[str, Any]:
        return {"tools-last": self.tools_last, "hold-camera": self.hold_camera, "hold-edice": self.hold_edice,
                "st-extra": self.st_extra, "sa-game": self.sa_game}

    # -- plumbing ----------------------------------------------------------------------------------
    def watch_rolls(self) -> None:
        """Count the rolls reaching the app (after the screen has taken each)."""
        self.rolls: list[dict[str, Any]] = []
        original = self.app.handle_roll

        def roll(r: Any, uncertain: int = 0) -> None:
            original(r, uncertain)
            self.rolls.append({"values": list(r.values), "fresh": getattr(r, "fresh", True),
                               "asked": getattr(r, "asked", False),
                               "screen": self.shown_dice()})

        self.app.handle_roll = roll

    def read_requests(self) -> list[int]:
        """One entry per READ that reached the camera reader."""
        reader = self.app.bridge.reader
        if not hasattr(reader, "requests"):
            reader.requests = []
            original = reader.request_read

            def request_read() -> None:
                reader.requests.append(1)
                original()

            reader.request_read = request_read
        return reader.requests

    def fresh_rolls(self) -> int:
        return sum(1 for r in self.rolls if r["fresh"] and not r["asked"])

    def _die_prefix(self) -> str:
        return "st-die-" if self.app.sm.current == "st_dice" else "die-"

    def shown_dice(self) -> list[int]:
        """The dice as the screen shows them (the numbers on the die buttons; 0 for "?")."""
        screen = self.app.sm.current_screen
        if not hasattr(screen, "values"):
            return []
        out = []
        for i in range(len(screen.values)):
            try:
                text = self.find(f"{self._die_prefix()}{i}").count
            except LookupError:
                return []
            out.append(int(text) if text.isdigit() else 0)
        return out

    def prompt_open(self) -> str:
        """"new" (a new roll to use or keep), "pick" (dice to pick from) or ""."""
        for tid, kind in (("prompt-use", "new"), ("prompt-use-picked", "pick")):
            try:
                self.find(tid)
                return kind
            except LookupError:
                pass
        return ""

    def logged_dice(self) -> list[list[int]]:
        """The dice of every dice event in the game's SQLite file, oldest first (a fresh connection)."""
        path = Path(os.environ["CAIRN_DATA_DIR"]) / "cairn.sqlite3"
        marks = ",".join("?" * len(DICE_EVENTS))
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            rows = db.execute(f"SELECT payload FROM events WHERE game_id = ? AND kind IN ({marks}) ORDER BY seq",
                              (self.app.session.game_id, *DICE_EVENTS)).fetchall()
        return [list(json.loads(p)["dice"]) for (p,) in rows]

    def confirm_dice(self, keep: bool = True) -> Iterator[None]:
        """Confirm the dice on show (answering "keep mine" to any question first), then check that the
        dice written to the log are the dice the screen showed at the confirming tap."""
        from kivy.tests.common import UnitTestTouch

        before = len(self.logged_dice())
        for _ in range(100):
            if self.prompt_open():
                yield from self.tap("prompt-keep" if keep else "prompt-use")
                continue
            widget = self.find("next")
            touch = UnitTestTouch(*widget.to_window(*widget.center))
            touch.touch_down()
            yield
            shown = self.shown_dice()
            touch.touch_up()  # NEXT runs now, in this call: nothing can change the dice in between
            yield
            yield
            logged = self.logged_dice()
            if len(logged) > before:
                self.report.setdefault("confirms", []).append({"shown": shown, "logged": logged[-1]})
                self.expect(len(logged) == before + 1 and sorted(logged[-1]) == sorted(shown),
                            f"the log holds the dice on the screen at confirm: {logged[-1]} == {shown}")
                self.report["steps"].append("confirm")
                return
        screen = self.app.sm.current_screen
        raise AssertionError(f"the dice could not be confirmed: {getattr(screen, 'reading', None)} "
                             f"values={list(getattr(screen, 'values', []))} shown={self.shown_dice()} "
                             f"owner={getattr(screen, 'owner', None)} turn={(self.state.current, self.state.round)}")

    def set_dice(self, values: list[int]) -> Iterator[None]:
        """Tap each die that does not show its planned value, then the face (a correction by touch),
        answering "keep mine" whenever a new roll's question comes up (it takes the tap it covers)."""
        prefix = self._die_prefix()
        face = "st-face-" if prefix == "st-die-" else "face-"
        for _ in range(20 * len(values) + 20):
            if self.prompt_open():
                yield from self.tap("prompt-keep")
                continue
            wrong = [i for i, (shown, v) in enumerate(zip(self.shown_dice(), values)) if shown != v]
            if not wrong:
                return
            shown = self.shown_dice()
            if not (shown[wrong[0]] == 0 and all(shown[: wrong[0]])):  # else the face goes there by itself
                yield from self.tap(f"{prefix}{wrong[0]}")
            if not self.prompt_open():
                yield from self.tap(f"{face}{values[wrong[0]]}")
        raise AssertionError(f"the dice could not be set to {values}: {self.shown_dice()}")

    def st_three_drafted(self) -> Iterator[None]:
        """A 3-player 石器部落 game set up and its free-skill draft done by taps."""
        from companion.ui.games.stone_tribe import open_setup

        open_setup(self.app, [("", "red"), ("", "blue"), ("", "green")])
        yield
        yield from self.tap("st-start-game")
        yield from self.tap("st-draft")
        faces = 0
        while self.state.phase.value == "draft":
            yield from self.tap(f"st-skill-{('gathering', 'mining', 'hunting', 'logging', 'fishing')[faces % 5]}")
            yield from self.tap(f"st-face-{faces % 6 + 1}")
            yield from self.tap("st-face-5" if faces % 6 + 1 != 5 else "st-face-3")
            yield from self.tap("next")
            faces += 1

    def wait_roll(self, what: str, fresh_after: int | None = None) -> Iterator[None]:
        """Frames until a new camera or tray roll has reached the screen (after ``fresh_after`` ones)."""
        start = self.fresh_rolls() if fresh_after is None else fresh_after
        yield from self.wait_for(lambda: self.fresh_rolls() > start, what, seconds=180)

    def players(self, n: int) -> Iterator[None]:
        """Home: ``n`` players (3 at first), then start."""
        for _ in range(3 - n):
            yield from self.tap("remove-player")
        for _ in range(n - 3):
            yield from self.tap("add-player")
        yield from self.tap("start-game")

    # -- 1. a tool tile on a player's last gathering ------------------------------------------------
    def tools_last(self) -> Iterator[None]:
        from rules.stone_age import Phase

        app = self.app
        yield
        yield from self.players(2)
        yield from self.place("tool_maker", 1)
        yield from self.place("hunting", 5)
        yield from self.place("forest", 4)
        self.expect(self.state.phase is Phase.ACTIONS, "all figures placed")
        yield from self.tap("action-tool_maker-0")
        self.expect(self.state.players[0].tools == (1,), "player 1 has a tool tile of 1")
        yield from self.tap("action-forest-0")
        yield from self.set_dice([2, 3, 3, 3])
        yield from self.tap("tile-0")
        self.shot("dice-tool")
        yield from self.confirm_dice()
        self.expect(app.sm.current == "sa_table", "the table, not a crash, after the last action")
        self.expect(self.state.players[0].wood == (11 + 1) // 3, "11 + 1 in the forest gives 4 wood")
        self.expect(self.state.current == 1 and self.state.players[1].tools == (), "player 2, without tools")
        yield from self.tap("action-hunting-0")
        self.expect(not any(getattr(w, "tid", "").startswith("tile-") for w in app.root.walk(restrict=True)),
                    "the next player's dice screen offers no tool tiles")
        self.shot("dice-next-player")
        yield from self.set_dice([1, 2, 3, 4, 5])
        yield from self.confirm_dice()
        self.report["state"] = self.snapshot()

    # -- 2. the camera keeps throwing -------------------------------------------------------------
    def hold_camera(self) -> Iterator[None]:
        app = self.app
        yield
        self.watch_rolls()
        yield from self.players(2)
        yield from self.place("forest", 3)
        yield from self.place("hunting", 5)
        yield from self.place("clay_pit", 2)
        dice = app.sm.get_screen("sa_dice")
        out: dict[str, Any] = {}
        # a camera reading fills the dice; a new throw replaces it while nobody has touched it
        yield from self.tap("action-forest-0")
        yield from self.wait_for(lambda: all(dice.values) and not self.prompt_open(), "the camera's dice", seconds=180)
        n = self.fresh_rolls()
        yield from self.wait_roll("a new throw", n)
        last = [r for r in self.rolls if r["fresh"] and not r["asked"]][-1]
        out["untouched"] = {"roll": sorted(last["values"]), "screen": last["screen"]}
        # touched: the next throws wait for an answer, and "keep mine" keeps the dice on show
        first = self.shown_dice()
        yield from self.tap("die-0")
        yield from self.tap(f"face-{6 if first[0] != 6 else 1}")
        mine = self.shown_dice()
        yield from self.wait_roll("a throw after the touch")
        yield from self.wait_for(lambda: self.prompt_open() == "new", "the question about the new roll", seconds=180)
        out["touched"] = {"mine": mine, "screen_while_asking": self.shown_dice()}
        self.shot("dice-new-roll")
        yield from self.tap("prompt-keep")
        out["touched"]["kept"] = self.shown_dice()
        yield from self.confirm_dice()
        # more dice than figures: the player picks the 2 to use
        yield from self.tap("action-clay_pit-0")
        yield from self.wait_for(lambda: self.prompt_open() == "pick", "the question which dice to use", seconds=180)
        self.shot("dice-pick")
        choice = list(dice.reading.choice)
        yield from self.tap("pick-die-0")
        yield from self.tap("pick-die-2")
        yield from self.tap("prompt-use-picked")
        out["picked"] = {"choice": choice, "screen": self.shown_dice()}
        yield from self.confirm_dice()
        # fewer dice than figures: the rest by touch; "read dice" replaces even touched dice
        yield from self.tap("action-hunting-0")
        yield from self.wait_for(lambda: dice.values[0] and not self.prompt_open(), "the camera's 3 dice", seconds=180)
        out["short"] = self.shown_dice()
        yield from self.set_dice(out["short"][:3] + [4, 5])
        asked = sum(1 for r in self.rolls if r["asked"])
        reads = len(self.read_requests())
        while len(self.read_requests()) == reads:  # a question may come up over the button and take the tap
            if self.prompt_open():
                yield from self.tap("prompt-keep")
            yield from self.tap("read")
        yield from self.wait_for(lambda: sum(1 for r in self.rolls if r["asked"]) > asked, "the dice read on READ",
                                 seconds=180)
        last = [r for r in self.rolls if r["asked"]][-1]
        out["read_again"] = {"roll": sorted(last["values"]), "screen": last["screen"]}
        yield from self.set_dice([v or 3 for v in self.shown_dice()])
        yield from self.confirm_dice()
        self.report["hold"] = out
        self.report["state"] = self.snapshot()

    # -- 2. the e-dice tray ------------------------------------------------------------------------
    def hold_edice(self) -> Iterator[None]:
        import threading
        import time

        app = self.app
        yield
        self.watch_rolls()
        deadline = time.monotonic() + 30
        while "connected" not in app.bridge.status.get("edice", "") and time.monotonic() < deadline:
            yield
        yield from self.players(2)
        yield from self.place("forest", 3)
        yield from self.place("hunting", 5)
        yield from self.place("clay_pit", 2)
        out: dict[str, Any] = {}

        def throw() -> Iterator[None]:
            n = self.fresh_rolls()
            threading.Thread(target=app.tray.roll, daemon=True).start()
            yield from self.wait_roll("the tray's roll", n)

        yield from self.tap("action-forest-0")
        yield from throw()
        out["first"] = {"roll": sorted(self.rolls[-1]["values"]), "screen": self.shown_dice()}
        yield from throw()  # untouched: the new roll replaces it
        out["second"] = {"roll": sorted(self.rolls[-1]["values"]), "screen": self.shown_dice()}
        shown = self.shown_dice()
        yield from self.set_dice([6 if shown[0] != 6 else 1] + shown[1:])
        mine = self.shown_dice()
        yield from throw()  # touched: asked, and kept
        out["touched"] = {"mine": mine, "asking": self.prompt_open(), "screen": self.shown_dice()}
        yield from self.confirm_dice()
        yield from self.tap("action-clay_pit-0")
        yield from throw()
        out["pick"] = self.prompt_open()
        yield from self.tap("pick-die-1")
        yield from self.tap("pick-die-2")
        yield from self.tap("prompt-use-picked")
        yield from self.confirm_dice()
        yield from self.tap("action-hunting-0")
        yield from self.set_dice([2, 2, 3, 3, 4])  # by touch alone
        yield from throw()
        out["touch_asking"] = self.prompt_open()
        yield from self.confirm_dice(keep=True)
        self.report["hold"] = out
        self.report["state"] = self.snapshot()
        app.tray.close()

    # -- 2. 石器部落: more dice in the tray than the 2 fate dice ---------------------------------------
    def st_extra(self) -> Iterator[None]:
        import threading
        import time

        app = self.app
        yield
        self.watch_rolls()
        deadline = time.monotonic() + 30
        while "connected" not in app.bridge.status.get("edice", "") and time.monotonic() < deadline:
            yield
        yield from self.st_three_drafted()
        yield from self.tap("st-draw")  # the fate dice come up with the draw
        n = self.fresh_rolls()
        threading.Thread(target=app.tray.roll, daemon=True).start()
        yield from self.wait_roll("the tray's roll", n)
        yield from self.wait_for(lambda: self.prompt_open() == "pick", "the question which dice to use", seconds=180)
        screen = app.sm.get_screen("st_dice")
        choice = list(screen.reading.choice)
        self.shot("st-dice-pick")
        yield from self.tap("pick-die-0")
        yield from self.tap("pick-die-2")
        yield from self.tap("prompt-use-picked")
        self.report["st"] = {"choice": choice, "screen": self.shown_dice(), "source": screen.source}
        yield from self.confirm_dice()
        self.report["st"]["last_roll"] = list(self.state.last_roll or ())
        app.tray.close()

    # -- 3. a whole 4-player game, the demo camera throwing all the while ----------------------------
    def sa_game(self) -> Iterator[None]:
        """Seven rounds of 4 players: the start player builds from stack 1 each round (a stack of 7 is
        empty after round 7, which ends the game) with the wood and clay just gathered, the others hunt
        with all five; the dice are taken from the camera and corrected by touch, or tapped in, and every
        confirm is checked."""
        from companion.viewmodels.stone_age import actions
        from companion.viewmodels.stone_age import nobody_short
        from rules.stone_age import Phase

        app = self.app
        yield
        self.watch_rolls()
        yield from self.players(4)
        self.expect(self.state.player_count == 4, "four players")
        gathers = 0
        for _ in range(40):
            if self.state.phase is Phase.OVER:
                break
            round_no = self.state.round
            builder = self.state.start_player
            plans = {seat: ([("building", 1, 1), ("forest", 2, 0), ("clay_pit", 2, 0)]
                            if seat == builder else [("hunting", 5, 0)]) for seat in range(4)}
            while self.state.phase is Phase.PLACE:
                area, figures, slot = plans[self.state.current].pop(0)
                yield from self.place(area, figures, slot=slot)
            if round_no == 1:
                self.shot("game-table")
            order = ("forest", "clay_pit", "hunting", "building")
            while self.state.phase is Phase.ACTIONS:
                a = min(actions(self.state), key=lambda v: order.index(v.area.value))
                if a.kind == "gather":
                    yield from self.tap(f"action-{a.area.value}-{a.slot}")
                    yield from self._game_dice(a.figures, gathers)
                    gathers += 1
                else:
                    yield from self._build()
            self.expect(self.state.phase in (Phase.PLACE, Phase.OVER), f"round {round_no}: everyone was fed")
            if self.state.phase is Phase.PLACE and nobody_short(self.state):  # no tap: the table says it was fed
                self.expect(app.sm.current == "sa_table", f"round {round_no}: fed with no tap")
            else:
                self.expect(app.sm.current == "sa_feeding", f"round {round_no}: the feeding is read back")
            if app.sm.current == "sa_feeding" and self.state.phase is Phase.PLACE:
                yield from self.tap("next")  # one tap ends the feeding
                self.expect(app.sm.current == "sa_table", f"round {round_no}: back to the table")
            (self.shots / "progress.txt").write_text(f"round {round_no} done, {gathers} gatherings\n")
        self.expect(self.state.phase is Phase.OVER, "the game ended by the rules")
        yield from self.tap("next")
        self.expect(app.sm.current == "sa_scoring", "the final scoring")
        yield
        self.shot("game-scoring")
        self.report["gathers"] = gathers
        self.report["camera_rolls"] = self.fresh_rolls()
        self.report["state"] = self.snapshot()

    def _game_dice(self, figures: int, k: int) -> Iterator[None]:
        """Every third gathering waits for the camera (picking dice if it saw more), the others are
        tapped in; then each die is corrected to 6 by touch."""
        dice = self.app.sm.get_screen("sa_dice")
        if k % 3 == 0:
            yield from self.wait_for(lambda: any(dice.values) or self.prompt_open(), "the camera's dice", seconds=180)
            if self.prompt_open() == "pick":
                if k == 0:
                    self.shot("game-dice-pick")
                # the question may have opened in this very frame: let it be laid out (drawn) before
                # the first tap, as an eye sees it before a finger moves
                yield
                yield
                for i in range(figures):
                    yield from self.tap(f"pick-die-{i}")
                self.expect(len(dice.reading.picked) == figures, f"{figures} dice picked: {dice.reading.picked}")
                yield from self.tap("prompt-use-picked")
            elif k == 0:
                self.shot("game-dice-camera")
        yield from self.set_dice([6] * figures)
        if k == 1:
            self.shot("game-dice-touch")
        yield from self.confirm_dice()

    def _build(self) -> Iterator[None]:
        """The builder's hut from stack 1: three printed resources held, 4 or 5 of one kind, or 1 wood."""
        from companion.viewmodels.stone_age import build as bvm
        from companion.viewmodels.stone_age import distinct_huts
        from rules.stone_age import HUTS, HutKind

        yield from self.tap("action-building-1")
        seat = self.state.current
        p = self.state.players[seat]
        held = {"wood": p.wood, "brick": p.brick, "stone": p.stone, "gold": p.gold}
        built = {b.hut for q in self.state.players for b in q.huts}
        choice: tuple[int, list[str]] | None = None
        for hut in distinct_huts(HUTS, built):
            if hut.kind is HutKind.FIXED:
                need = [r.value for r in hut.resources]
                if all(need.count(r) <= held[r] for r in need):
                    choice = (hut.id, need)
                    break
        if choice is None:
            for hut in distinct_huts(HUTS, built):
                if hut.kind is HutKind.COUNT_KINDS and hut.kinds == 1 and held["wood"] >= hut.count:
                    choice = (hut.id, ["wood"] * hut.count)
                    break
        if choice is None:
            hut = next(h for h in distinct_huts(HUTS, built) if h.kind is HutKind.ANY)
            choice = (hut.id, ["wood"])
        at_once = bvm.builds_at_once(HUTS[choice[0] - 1], p)
        yield from self.tap(f"hut-{choice[0]}")
        if not at_once:  # a printed hut the player holds, or a tile with one payment possible, is built by its tap
            yield from self.pay(choice[1])
            if not self.report.get("built"):
                self.shot("game-build")
            yield from self.tap("next")
        self.expect(len(self.state.players[seat].huts) == len(p.huts) + 1, f"hut {choice[0]} is built")
        self.report.setdefault("built", []).append(choice[0])
