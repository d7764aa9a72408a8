"""The confirm countdown by taps, for ``tests/ui_driver.py``: a sure e-dice roll confirms itself, a tap
stops it, a finger held down never lets it confirm, and undo after it is the usual one key.

* ``countdown``: Stone Age, a simulated 3-dice tray on a real pseudo-terminal; the length is set to
  5 s on Settings by taps (and read back from ``settings.json``). Also: the screen left by BACK during
  the countdown confirms nothing.
* ``countdown-st``: 石器部落's fate dice from a 2-dice tray; the length comes from ``AppOptions``.

Every other driver mode runs with the countdown off (``ui_driver`` sets ``countdown=0``), so their
dice wait for NEXT as before. Nothing here measures time: "not confirmed" is checked after a bounded
wait *beyond* the countdown's length, which only a broken countdown can fail.
"""
from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any, Iterator

MODES = ("countdown", "countdown-st")
#: dice in the simulated tray of each mode
TRAY_DICE = {"countdown": 3, "countdown-st": 2}
#: the length chosen on Settings (seconds) in ``countdown``
LENGTH = 5
#: the length of ``countdown-st`` (AppOptions)
ST_LENGTH = 2


def app_options(mode: str) -> dict[str, Any]:
    """``countdown`` follows the player's setting (None); ``countdown-st`` a short one for the run."""
    if mode == "countdown":
        return {"countdown": None}
    if mode == "countdown-st":
        return {"countdown": ST_LENGTH}
    return {}


class CountdownScenarios:
    """Scenario generators; each yields once per frame (mixed into the driver's ``Driver``)."""

    app: Any
    report: dict[str, Any]

    def countdown_modes(self) -> dict[str, Any]:
        return {"countdown": self.countdown_sa, "countdown-st": self.countdown_st}

    # -- plumbing ----------------------------------------------------------------------------------
    def watch_countdown(self) -> None:
        """After each roll the screen took: whether a countdown runs, and the dice on show then."""
        from companion.ui.countdown import ConfirmCountdown

        self.cd_rolls: list[dict[str, Any]] = []
        original = self.app.handle_roll

        def roll(r: Any, uncertain: int = 0) -> None:
            original(r, uncertain)
            screen = self.app.sm.current_screen
            running = hasattr(screen, "reading") and ConfirmCountdown.of(screen).running
            self.cd_rolls.append({"values": list(r.values), "running": running, "shown": self.shown_dice()})

        self.app.handle_roll = roll

    def counting(self) -> bool:
        """The countdown's line is on show."""
        try:
            self.find("countdown-stop")
            return True
        except LookupError:
            return False

    def throw(self) -> Iterator[None]:
        """The tray rolls all its dice; frames until the roll has reached the screen."""
        n = len(self.cd_rolls)
        threading.Thread(target=self.app.tray.roll, daemon=True).start()
        yield from self.wait_for(lambda: len(self.cd_rolls) > n, "the tray's roll", seconds=120)

    def frames_for(self, seconds: float) -> Iterator[None]:
        """Frames for at least ``seconds`` (a wait, never an assert on time)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            yield

    def cut_words(self, widget: Any) -> list[str]:
        """The labels under ``widget`` whose whole text does not fit (``companion.ui.fit``)."""
        from companion.ui.fit import cut_labels

        return cut_labels(widget)[1]

    def wait_edice(self) -> Iterator[None]:
        deadline = time.monotonic() + 30
        while "connected" not in self.app.bridge.status.get("edice", "") and time.monotonic() < deadline:
            yield

    def not_confirmed_past_the_countdown(self, before: int, length: float, what: str) -> Iterator[None]:
        """Wait well past ``length``: still on the dice screen, nothing more in the log."""
        screen = self.app.sm.current
        yield from self.frames_for(length + 3)
        self.expect(len(self.logged_dice()) == before and self.app.sm.current == screen,
                    f"{what}: nothing confirmed {length + 3:g} s later")

    # -- Stone Age -----------------------------------------------------------------------------------
    def countdown_sa(self) -> Iterator[None]:
        from kivy.core.window import Window
        from kivy.tests.common import UnitTestTouch

        from companion.ui.countdown import ConfirmCountdown

        app = self.app
        yield
        self.watch_countdown()
        yield from self.wait_edice()
        out: dict[str, Any] = {}
        # the length, chosen on Settings by taps and kept in settings.json
        yield from self.tap("open-settings")
        yield from self.scroll_to(f"countdown-{LENGTH}")
        yield from self.tap(f"countdown-{LENGTH}")
        self.shot("settings-countdown")
        out["cut"] = self.cut_words(self.find(f"countdown-{LENGTH}").parent)
        yield from self.tap("settings-save")
        saved = json.loads((Path(os.environ["CAIRN_DATA_DIR"]) / "settings.json").read_text(encoding="utf-8"))
        out["saved"] = saved.get("confirm_countdown")
        self.expect(app.settings.confirm_countdown == LENGTH, f"the countdown is {LENGTH} s")
        yield from self.tap("settings-back")
        yield from self.players(2)
        yield from self.place("forest", 3)
        yield from self.place("quarry", 3)
        yield from self.place("clay_pit", 2)
        yield from self.place("hunting", 2)
        dice = app.sm.get_screen("sa_dice")
        countdown = ConfirmCountdown.of(dice)

        # 1. a sure roll of the 3 dice asked for: the countdown shows, then confirms by itself
        yield from self.tap("action-forest-0")
        before = len(self.logged_dice())
        yield from self.throw()
        first = self.cd_rolls[-1]
        self.expect(first["running"] and all(first["shown"]), f"a countdown over the dice {first['shown']}")
        yield
        yield
        if self.counting():
            self.shot("countdown")
            out["cut"] += self.cut_words(self.find("countdown-stop"))
        yield from self.wait_for(lambda: len(self.logged_dice()) > before, "the countdown's confirm", seconds=120)
        logged = self.logged_dice()
        out["auto"] = {"shown": first["shown"], "logged": logged[-1], "new": len(logged) - before,
                       "screen": app.sm.current, "confirms": countdown.confirms}
        yield
        yield
        # undo is the usual one key
        wood = self.state.players[0].wood
        yield from self.key("z", ("ctrl",))
        out["undo"] = {"wood_before": wood, "wood_after": self.state.players[0].wood, "current": self.state.current,
                       "screen": app.sm.current}

        # 3. a finger held down anywhere during the countdown: nothing is confirmed, even after it lifts
        yield from self.tap("action-forest-0")
        before = len(self.logged_dice())
        yield from self.throw()
        held = self.cd_rolls[-1]
        self.expect(held["running"], "a countdown for the new roll")
        finger = UnitTestTouch(Window.width * 0.2, Window.height * 0.5)  # on the picture, no button there
        finger.touch_down()
        yield
        out["held"] = {"shown": held["shown"], "running_while_held": countdown.running}
        yield from self.not_confirmed_past_the_countdown(before, LENGTH, "a finger held down")
        finger.touch_up()
        yield
        yield from self.not_confirmed_past_the_countdown(before, LENGTH, "the finger lifted")
        out["held"]["screen_after"] = self.shown_dice()
        yield from self.confirm_dice()
        out["held"]["logged"] = self.logged_dice()[-1]

        # dice entered by touch never count down
        yield from self.tap("action-clay_pit-0")
        yield from self.set_dice([2, 5])
        out["touch_counting"] = self.counting() or countdown.running
        yield from self.confirm_dice()

        # the screen left during the countdown (BACK, a key: no touch at all): nothing is confirmed
        yield from self.tap("action-quarry-0")
        before = len(self.logged_dice())
        yield from self.throw()
        self.expect(self.cd_rolls[-1]["running"], "a countdown for the quarry's roll")
        yield from self.key("backspace")
        self.expect(app.sm.current == "sa_table", "BACK leaves the dice screen")
        yield from self.not_confirmed_past_the_countdown(before, LENGTH, "the dice screen left")
        out["left"] = {"running": countdown.running, "screen": app.sm.current}

        # 2. a tap during the countdown stops it: the dice stay, NEXT confirms them
        yield from self.tap("action-quarry-0")
        before = len(self.logged_dice())
        yield from self.throw()
        tapped = self.cd_rolls[-1]
        self.expect(tapped["running"], "a countdown for the quarry's roll")
        yield from self.tap("countdown-stop")
        out["tapped"] = {"shown": tapped["shown"], "running_after_tap": countdown.running,
                         "bar_after_tap": self.counting()}
        yield from self.not_confirmed_past_the_countdown(before, LENGTH, "a tap on the countdown")
        out["tapped"]["screen_after"] = self.shown_dice()
        yield from self.confirm_dice()
        out["tapped"]["logged"] = self.logged_dice()[-1]
        self.report["countdown"] = out
        self.report["state"] = self.snapshot()
        app.tray.close()

    # -- 石器部落 --------------------------------------------------------------------------------------
    def countdown_st(self) -> Iterator[None]:
        app = self.app
        yield
        self.watch_countdown()
        yield from self.wait_edice()
        yield from self.st_three_drafted()
        yield from self.tap("st-draw")  # the fate dice come up with the draw
        before = len(self.logged_dice())
        yield from self.throw()
        roll = self.cd_rolls[-1]
        yield
        yield
        if self.counting():
            self.shot("st-countdown")
        yield from self.wait_for(lambda: len(self.logged_dice()) > before, "the countdown's confirm", seconds=120)
        self.report["st"] = {"running": roll["running"], "shown": roll["shown"], "logged": self.logged_dice()[-1],
                             "last_roll": list(self.state.last_roll or ()), "screen": app.sm.current}
        app.tray.close()
