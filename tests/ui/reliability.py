"""Reliability scenarios for ``tests/ui_driver.py``: the power pulled mid-game, the GPIO buttons on
gpiozero's mock pins, and a camera unplugged and plugged back while the dice screen is open.

Mixed into the driver's ``Driver`` (which supplies ``tap``, ``key``, ``place``, ``enter_dice``, ``pay``,
``expect``, ``shot``, ``snapshot``, ``state`` and ``report``). ``app_options(mode)`` gives the
``AppOptions`` fields a mode needs (a ``MockFactory`` for the buttons, an unpluggable camera).

Nothing here imports Kivy at module level, so the tests can use :func:`state_key` on states they
fold themselves from the SQLite file.
"""
from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any, Iterator

MODES = ("powercut", "powercut-resume", "buttons", "buttons-touch", "camera-unplug")
#: BCM pins of the default ``ButtonPins`` (settings.DEFAULT_PINS)
PINS = {"next": 17, "back": 27, "read": 22}


def state_key(state: Any) -> str:
    """The whole game state as text: frozen dataclasses, tuples and enums only, so equal states give
    equal text in any process."""
    return repr(state)


def app_options(mode: str) -> dict[str, Any]:
    """Extra ``AppOptions`` fields for ``mode`` (none for the driver's other modes)."""
    if mode in ("buttons", "buttons-touch"):
        from gpiozero.pins.mock import MockFactory

        return {"no_gpio": False, "pin_factory": MockFactory(), "camera": "still",
                "camera_opener": lambda spec: _still_dice((6, 6, 6, 6))}
    if mode == "camera-unplug":
        plug = Plug()
        return {"camera": "test", "camera_opener": plug.open, "_plug": plug}
    return {}


def _still_dice(values: tuple[int, ...]) -> Any:
    """The demo camera with its dice already at rest showing ``values``."""
    from hardware.demo_dice import DemoDice

    demo = DemoDice(len(values), auto_roll=None)
    demo.roll(values)
    demo.description = "still dice"
    return demo


class Plug:
    """A camera that can be pulled out: while ``present`` is False an open camera first gives no
    pictures (``read`` returns None), and opening it again raises ``DeviceUnavailable``."""

    def __init__(self) -> None:
        self.present = True
        self.opens = 0

    def open(self, spec: Any) -> Any:
        from hardware.errors import DeviceUnavailable

        if not self.present:
            raise DeviceUnavailable("camera unplugged")
        self.opens += 1
        return _PluggedCamera(self)


class _PluggedCamera:
    description = "test camera"
    pace = 1 / 30

    def __init__(self, plug: Plug) -> None:
        from hardware.demo_dice import DemoDice

        self.plug = plug
        self.demo = DemoDice(3, auto_roll=4.0)

    def read(self) -> Any:
        return self.demo.read() if self.plug.present else None

    def close(self) -> None:
        self.demo.close()


class ReliabilityScenarios:
    """Scenario generators; each yields once per frame."""

    app: Any
    report: dict[str, Any]

    def reliability_modes(self) -> dict[str, Any]:
        return {"powercut": self.powercut, "powercut-resume": self.powercut_resume,
                "buttons": lambda: self.button_round(True), "buttons-touch": lambda: self.button_round(False),
                "camera-unplug": self.camera_unplug}

    def wait(self, seconds: float) -> Iterator[None]:
        """Keep drawing frames for ``seconds`` of wall time."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            yield

    def wait_for(self, check: Any, what: str, seconds: float = 60) -> Iterator[None]:
        """Draw frames until ``check()`` is true; fail after a generous ``seconds``."""
        end = time.monotonic() + seconds
        while not check():
            if time.monotonic() > end:
                raise AssertionError(f"waited {seconds:g} s for {what}")
            yield

    # -- the power pulled mid-game ------------------------------------------------------------------
    def _ack_file(self) -> Path:
        return Path(os.environ["CAIRN_TEST_ACK"])

    def _ack(self, session: Any) -> None:
        """After every committed change: the last stored seq and the state, flushed to the ack file."""
        line = {"seq": session.store.last_seq(session.game_id), "game_id": session.game_id,
                "round": session.state.round, "phase": session.state.phase.value,
                "can_redo": session.can_redo, "state": state_key(session.state)}
        with self._ack_file().open("a", encoding="utf-8") as f:
            f.write(json.dumps(line) + "\n")
            f.flush()

    def powercut(self) -> Iterator[None]:
        """Round 1 by touch (an undo included), then random moves one a frame until the process is
        killed; every acknowledged change is written to ``$CAIRN_TEST_ACK``."""
        from rules.stone_age import Phase
        from rules.stone_age.random_play import random_command

        app = self.app
        yield
        yield from self.tap("start-game")
        app.session.add_listener(self._ack)
        self._ack(app.session)
        yield from self.place("forest", 5)
        yield from self.place("clay_pit", 5)
        yield from self.place("quarry", 5)
        self.expect(self.state.phase is Phase.ACTIONS, "round 1: all figures placed")
        yield from self._gather_one([6, 5, 4, 3, 2])
        yield from self._gather_one([1, 2, 3, 4, 5])
        yield from self.key("z", ("ctrl",))  # the last gathering undone: it waits on the redo stack
        self.expect(self.app.session.can_redo, "the undone gathering can be redone")
        with self._ack_file().open("a", encoding="utf-8") as f:
            f.write("ready\n")
        rng = random.Random(int(os.environ.get("CAIRN_TEST_SEED", "5")))
        app.go("settings")
        while True:  # until the power goes
            if self.state.phase is Phase.OVER:
                yield
                continue
            if not app.send(random_command(self.state, rng)):
                raise AssertionError(f"a random legal move was refused: {app.banner}")
            yield

    def _gather_one(self, dice: list[int]) -> Iterator[None]:
        from companion.viewmodels.stone_age import actions

        a = actions(self.state)[0]
        yield from self.tap(f"action-{a.area.value}-{a.slot}")
        yield from self.enter_dice(dice[: a.figures])
        yield from self.tap("next")

    def powercut_resume(self) -> Iterator[None]:
        """Started again on the same data: Home offers Resume, the game is as stored, play goes on."""
        from rules.stone_age import Phase
        from rules.stone_age.random_play import random_command

        app = self.app
        yield
        home = app.sm.get_screen("home")
        self.report["offered"] = {"screen": app.sm.current, "can_resume": home.can_resume,
                                  "text": home.resume_text}
        self.expect(home.can_resume, "Home offers to resume")
        yield from self.tap("resume")
        from companion.viewmodels.stone_age.feeding import on_show

        feeding = on_show(app.session.state)
        self.expect(app.sm.current == ("sa_feeding" if feeding else "sa_table"),
                    "resume opens the table, or the feeding if that was on show")
        if feeding and app.session.state.phase is not Phase.FEED:
            yield from self.tap("next")  # the read-back's one tap, on to the table
        session = app.session
        self.report["resumed"] = {"game_id": session.game_id, "seq": session.store.last_seq(session.game_id),
                                  "can_redo": session.can_redo, "state": state_key(session.state)}
        self.shot("powercut-resumed")
        rng = random.Random(99)
        played = 0
        while played < 12 and self.state.phase is not Phase.OVER:
            if self.state.phase is Phase.PLACE and played == 0:
                # one placement by touch: the first open space, NEXT tapped
                table = app.sm.get_screen("sa_table")
                table.refresh()
                space = next(w for w in app.root.walk(restrict=True)
                             if getattr(w, "tid", "").startswith("space-") and w.kind != "off")
                yield from self.tap(space.tid)
                yield from self.tap("next")
            elif not app.send(random_command(self.state, rng)):
                raise AssertionError(f"a random legal move was refused after resuming: {app.banner}")
            played += 1
            yield
        self.report["after"] = {"seq": session.store.last_seq(session.game_id),
                                "state": state_key(self.state)}

    # -- the GPIO buttons on gpiozero's mock pins ---------------------------------------------------
    def _watch_presses(self) -> None:
        app = self.app
        self.presses: list[str] = []
        self.rolls: list[tuple[int, ...]] = []
        self.reads = 0
        original_press, original_roll = app.handle_press, app.handle_roll

        def press(p: Any) -> None:
            self.presses.append(p.button)
            original_press(p)

        def roll(r: Any, uncertain: int = 0) -> None:
            self.rolls.append(tuple(r.values))
            original_roll(r, uncertain)

        app.handle_press, app.handle_roll = press, roll
        reader = app.bridge.reader
        if reader is not None:
            original_read = reader.request_read

            def request_read() -> None:
                self.reads += 1
                original_read()

            reader.request_read = request_read

    def _pin(self, name: str) -> Any:
        return self.app.options.pin_factory.pin(PINS[name])

    def press(self, name: str, hold: float = 0.15, bounce: bool = False) -> Iterator[None]:
        """Press and release the button ``name`` on its mock pin (pulled up: pressed is low). With
        ``bounce`` the contact chatters (low, high, low within a few ms) before it closes."""
        pin = self._pin(name)
        before = len(self.presses)
        if bounce:
            for _ in range(3):
                pin.drive_low()
                time.sleep(0.002)
                pin.drive_high()
                time.sleep(0.002)
        pin.drive_low()
        yield from self.wait(hold)
        pin.drive_high()
        yield from self.wait_for(lambda: len(self.presses) > before or name == "back" and hold >= 1.0,
                                 f"the {name} press to reach the app")
        yield from self.wait(0.3)  # any stray edge, bounce or settle would land within this
        self.report["steps"].append(f"button {name} ({'held' if hold >= 1 else 'pressed'}"
                                    f"{', bouncing' if bounce else ''}) -> {self.presses[before:]}")

    def confirm(self, buttons: bool, tap: str = "next", bounce: bool = False) -> Iterator[None]:
        """NEXT: the GPIO button, or the on-screen button ``tap``."""
        if buttons:
            before = len(self.presses)
            yield from self.press("next", bounce=bounce)
            self.expect(self.presses[before:] == ["next"], "one NEXT press is one action")
        else:
            yield from self.tap(tap)

    def button_round(self, buttons: bool) -> Iterator[None]:
        """Round 1 of a two-player game; with ``buttons`` every confirm, back, undo and read is a GPIO
        press, otherwise the same round by touch. Choices (space, figures, dice, card) are by touch."""
        from companion.viewmodels.stone_age import distinct_cards
        from rules.stone_age import CARDS, Effect, Phase

        app = self.app
        yield
        self._watch_presses()
        self.report["gpio"] = app.bridge.status.get("gpio", "")
        yield from self.tap("remove-player")
        yield from self.tap("start-game")
        table = app.sm.get_screen("sa_table")
        # BACK clears a chosen space
        yield from self.tap("space-quarry-0")
        self.expect(list(table.selected) == ["quarry", 0], "the quarry is chosen")
        if buttons:
            yield from self.press("back")
        else:
            table.on_back()  # what the BACK key and button call; touch has no BACK on the table
            yield
        self.expect(list(table.selected) == [], "BACK clears the chosen space")
        batches = len(app.session.history())
        yield from self.tap("space-forest-0")
        while table.figures < 4:
            yield from self.tap("figures-up")
        yield from self.confirm(buttons, bounce=True)
        self.expect(len(app.session.history()) == batches + 1, "a bouncing NEXT places once")
        yield from self.tap("space-hunting-0")
        while table.figures < 5:
            yield from self.tap("figures-up")
        yield from self.confirm(buttons)
        yield from self.tap("space-card-1")
        yield from self.confirm(buttons)
        self.expect(self.state.phase is Phase.ACTIONS, "all figures placed: actions")
        # NEXT opens the first action: the forest's dice
        yield from self.confirm(buttons)
        self.expect(app.sm.current == "sa_dice", "NEXT opens the forest's dice")
        dice = app.sm.get_screen("sa_dice")
        if app.bridge.reader is not None:
            app.bridge.reader.active = False  # only READ reads: the still dice never settle by themselves
        if buttons:
            rolls = len(self.rolls)
            yield from self.press("read", bounce=True)
            yield from self.wait_for(lambda: len(self.rolls) > rolls, "the dice read after READ")
            yield from self.wait(0.3)
            self.report["read"] = {"requests": self.reads, "rolls": self.rolls[rolls:],
                                   "screen": list(dice.values)}
            self.expect(self.reads == 1 and len(self.rolls) == rolls + 1, "one bouncing READ is one read")
            for i, v in enumerate(dice.values):  # a misread die is corrected by touch, as a player would
                if v != 6:
                    yield from self.tap(f"die-{i}")
                    yield from self.tap("face-6")
        else:
            yield from self.enter_dice([6, 6, 6, 6])
        self.expect(list(dice.values) == [6, 6, 6, 6], "four sixes on the dice screen")
        yield from self.confirm(buttons)
        self.expect(app.sm.current == "sa_table" and self.state.players[0].wood == 8,
                    "24 in the forest: 8 wood")
        # the card: chosen and paid by touch, confirmed by NEXT
        yield from self.confirm(buttons)
        self.expect(app.sm.current == "sa_build", "NEXT opens the card")
        card = next(c.id for c in distinct_cards(CARDS, set(self.state.cards_out)) if c.effect is Effect.FOOD)
        yield from self.pick_card(card)
        yield from self.pay(["wood"])
        yield from self.confirm(buttons)
        self.expect(card in self.state.players[0].cards, "the card is bought")
        # BACK on the dice screen goes back to the table without gathering
        yield from self.confirm(buttons)
        self.expect(app.sm.current == "sa_dice", "NEXT opens the hunt's dice")
        if buttons:
            yield from self.press("back")
        else:
            yield from self.tap("dice-back")
        self.expect(app.sm.current == "sa_table", "BACK leaves the dice screen")
        yield from self.confirm(buttons)
        yield from self.enter_dice([3, 3, 3, 3, 3])
        before_hunt = state_key(self.state)
        yield from self.confirm(buttons)
        self.expect(self.state.round == 2, "the hunt ends round 1 (everyone is fed)")
        self.expect(app.sm.current == "sa_table", "nobody was short: round 2's table with no NEXT")
        # holding BACK a second undoes the hunt; releasing it does nothing more
        if buttons:
            before = len(self.presses)
            yield from self.press("back", hold=1.6)
            yield from self.wait_for(lambda: len(self.presses) > before, "the undo of a held BACK")
            yield from self.wait(0.5)
            self.expect(self.presses[before:] == ["undo"], "a held BACK is one undo and no back")
        else:
            yield from self.tap("table-history")
            yield from self.tap("undo")
            yield from self.tap("history-back")
        self.expect(state_key(self.state) == before_hunt, "the undo gives the state before the hunt")
        self.report["presses"] = getattr(self, "presses", [])
        self.report["state_key"] = state_key(self.state)
        self.report["state"] = self.snapshot()

    # -- the camera unplugged and plugged back -------------------------------------------------------
    def camera_unplug(self) -> Iterator[None]:
        from rules.stone_age import Phase

        app = self.app
        plug: Plug = self.plug
        yield
        yield from self.tap("remove-player")
        yield from self.tap("start-game")
        yield from self.place("forest", 5)
        yield from self.place("hunting", 5)
        self.expect(self.state.phase is Phase.ACTIONS, "actions")
        yield from self.tap("action-forest-0")
        dice = app.sm.get_screen("sa_dice")
        start = dice.preview_frames
        yield from self.wait_for(lambda: dice.preview_frames >= start + 10, "the preview to move")
        self.report["before"] = {"status": dice.source_text, "frames": dice.preview_frames}
        plug.present = False  # unplugged: no more pictures, and it cannot be opened again
        yield from self.wait_for(lambda: "disconnected" in dice.source_text
                                 or "reconnecting" in dice.source_text, "the dice screen to say the camera is gone")
        yield from self.wait(0.3)
        frozen = dice.preview_frames
        yield from self.wait(1.0)
        self.report["gone"] = {"status": dice.source_text, "frames_while_gone": dice.preview_frames - frozen,
                               "camera_status": str(app.bridge.camera.status)}
        self.shot("camera-gone")
        # touch entry while the camera is gone: every die set by tapping it, then its face
        values = [3, 4, 5, 6, 2]
        for i, v in enumerate(values):
            yield from self.tap(f"die-{i}")
            yield from self.tap(f"face-{v}")
        self.expect(list(dice.values) == values, "dice entered by touch")
        yield from self.tap("next")
        self.expect(app.sm.current == "sa_table" and self.state.players[0].wood == 20 // 3,
                    "the gathering is confirmed by touch: 20 in the forest gives 6 wood")
        yield from self.tap("action-hunting-0")
        self.expect(app.sm.current == "sa_dice", "the next gathering's dice")
        self.report["gone_again"] = dice.source_text
        opens = plug.opens
        plug.present = True  # plugged back in
        start = dice.preview_frames
        yield from self.wait_for(lambda: plug.opens > opens and dice.preview_frames >= start + 10,
                                 "the preview to come back", seconds=90)
        self.report["back"] = {"status": dice.source_text, "frames": dice.preview_frames - start,
                               "opens": plug.opens}
        self.shot("camera-back")
        self.report["state"] = self.snapshot()
