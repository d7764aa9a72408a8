"""More scenarios for ``tests/ui_driver.py``: dice for everyone, the camera, the e-dice tray, a data
folder that cannot be written, and Settings. Mixed into its ``Driver`` (which supplies ``tap``, ``place``,
``enter_dice``, ``pay``, ``expect``, ``shot``, ``snapshot``, ``state`` and ``report``)."""
from __future__ import annotations

from typing import Any, Iterator


class ExtraScenarios:
    """Scenario generators; each yields once per frame."""

    app: Any
    report: dict[str, Any]

    # -- a "dice for everyone" card: dice on the dice screen, then each player picks on the table ------
    def lottery(self) -> Iterator[None]:
        from companion.viewmodels.stone_age import distinct_cards
        from rules.stone_age import CARDS, Effect, Phase

        app = self.app
        yield
        yield from self.tap("remove-player")
        yield from self.tap("start-game")
        self.expect(self.state.player_count == 2, "two players")
        yield from self.place("forest", 4)
        yield from self.place("hunting", 5)
        yield from self.place("card", 1, slot=1)
        yield from self.tap("action-forest-0")
        yield from self.enter_dice([6, 6, 6, 6])
        yield from self.tap("next")
        self.expect(self.state.players[0].wood == 8, "24 on four dice gives 8 wood")
        yield from self.tap("action-card-1")
        card = next(c.id for c in distinct_cards(CARDS, set()) if c.effect is Effect.DICE_FOR_ALL)
        yield from self.pick_card(card)
        yield from self.pay(["wood"])
        yield from self.tap("next")
        self.expect(app.sm.current == "sa_dice", "dice for everyone: the dice screen asks for one die a player")
        yield from self.enter_dice([1, 6])
        self.shot("lottery-dice")
        yield from self.tap("next")
        self.expect(app.sm.current == "sa_table" and self.state.lottery is not None, "the table offers the dice")
        self.shot("lottery-pick")
        wood, agriculture = self.state.players[0].wood, self.state.players[0].agriculture
        yield from self.tap("pick-1")  # the buyer takes the 6: agriculture
        self.expect(self.state.players[0].agriculture == agriculture + 1, "a 6 gives agriculture")
        if self.state.lottery is not None:  # the last die may go to the last player by itself
            yield from self.tap("pick-0")
        self.expect(self.state.players[1].wood == 1 and self.state.lottery is None, "a 1 gives wood; all picked")
        self.expect(self.state.phase is Phase.ACTIONS, "back to resolving")
        self.report["state"] = self.snapshot()

    # -- the camera preview and reader run off the UI thread ----------------------------------------
    def camera(self) -> Iterator[None]:
        """The dice screen with the demo camera: the preview keeps moving and a settled roll arrives."""
        import threading
        import time

        from rules.stone_age import Area

        app = self.app
        yield
        yield from self.tap("start-game")
        dice = app.sm.get_screen("sa_dice")
        dice.prepare_gather(Area.FOREST, 3)
        app.go("sa_dice")
        start, last, worst = time.monotonic(), time.monotonic(), 0.0
        frames_at_start = dice.preview_frames
        questions = []
        while time.monotonic() - start < 120 and not all(dice.values):  # a bound for a busy machine, not a latency
            if self.prompt_open() and not questions[-1:] == [self.prompt_open()]:
                # the reader saw more dice than the 3 asked for (a misread of the synthetic tray): left
                # unanswered, the next throw must replace the dice offered (it held every roll back once)
                questions.append(self.prompt_open())
            yield
            now = time.monotonic()
            worst, last = max(worst, now - last), now
        self.report["camera"] = {"seconds": time.monotonic() - start, "frames": dice.preview_frames - frames_at_start,
                                 "values": list(dice.values), "worst_gap": worst,
                                 "outlined": len(app.bridge.reader.last_dice),
                                 "reader_thread": app.bridge.reader.ident, "ui_thread": threading.get_ident(),
                                 "questions": questions}
        self.shot("camera")

    # -- an e-dice tray on a serial port -----------------------------------------------------------
    def edice(self) -> Iterator[None]:
        """The tray's roll arrives on the dice screen through the link thread and the Kivy clock."""
        import threading
        import time

        app = self.app
        yield
        deadline = time.monotonic() + 15
        while "connected" not in app.bridge.status.get("edice", "") and time.monotonic() < deadline:
            yield
        self.report["edice_status"] = app.bridge.status.get("edice", "")
        yield from self.tap("remove-player")
        yield from self.tap("start-game")
        yield from self.place("forest", 5)
        yield from self.place("hunting", 5)
        yield from self.tap("action-forest-0")
        dice = app.sm.get_screen("sa_dice")
        rolled: dict[int, int] = {}
        threading.Thread(target=lambda: rolled.update(app.tray.roll()), daemon=True).start()
        while time.monotonic() < deadline + 10 and not (rolled and all(dice.values)):
            yield
        self.report["edice"] = {"tray": sorted(rolled.values()), "screen": list(dice.values)}
        yield from self.tap("next")
        self.report["state"] = self.snapshot()
        app.tray.close()

    # -- a data folder that cannot be written --------------------------------------------------------
    def readonly(self) -> Iterator[None]:
        app = self.app
        yield
        home = app.sm.get_screen("home")
        self.report["readonly"] = {"error": home.store_error, "start_disabled": self.find("start-game").disabled}
        self.shot("readonly")

    # -- the language switched in Settings and kept ------------------------------------------------
    def settings(self) -> Iterator[None]:
        app = self.app
        yield
        yield from self.tap("open-settings")
        yield from self.tap("lang-zh_CN")
        yield from self.tap("rotation-180")
        yield from self.tap("settings-save")
        self.expect(app.lang == "zh_CN", "the language switches at once")
        yield from self.tap("settings-back")
        self.report["settings"] = {"start_text": self.find("start-game").text, "screen": app.sm.current}
        self.shot("home-zh")
