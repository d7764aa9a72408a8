"""Stone Age with the board keeping the placement (the default), by taps: no placing phase; a tap on a
space resolves it, the dice say how many figures stand there, a building is declined on its own
screen, and figures left at home stay there with one tap. Mixed into ``tests/ui_driver.py``'s
``Driver`` (which supplies ``tap``, ``key``, ``expect``, ``shot``, ``snapshot``, ``state``, ``report``)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from companion.i18n import tr

#: the driver's modes that play Stone Age as it starts by default (the board keeps the placement)
BOARD_MODES = frozenset({"board", "board-edice", "sa-game-board"})
#: dice in the simulated e-dice tray of each mode
TRAY_DICE = {"board-edice": 3}


def app_options(mode: str) -> dict[str, Any]:
    """``board-edice``: a 2 s confirm countdown (every other mode runs with it off); ``sa-game-board``:
    the demo camera throwing 3 dice all game long, as in ``sa-game``."""
    if mode == "sa-game-board":
        from tests.ui.dice_scenarios import app_options as camera_options

        return camera_options("sa-game")
    return {"countdown": 2} if mode == "board-edice" else {}


class BoardScenarios:
    """Scenario generators; each yields once per frame."""

    app: Any
    report: dict[str, Any]

    def board_modes(self) -> dict[str, Any]:
        return {"board": self.board_round, "board-edice": self.board_edice, "sa-game-board": self.sa_game_board}

    def _last_lines(self, n: int) -> list[str]:
        return [line.text for line in self.app.session.history()[-n:]]

    def board_round(self) -> Iterator[None]:
        from rules.stone_age import Area, Phase
        from rules.stone_age.events import Declined, StayedHome

        app = self.app
        yield
        yield from self.tap("remove-player")
        yield from self.tap("start-game")
        s = self.state
        self.expect(s.board and s.phase is Phase.ACTIONS and s.current == 0, "the round opens on the actions")
        self.expect(self.find("stay-home").text == tr("Done: {n} go home", n=5), "Ann has 5 figures not used")
        self.shot("board-table")
        # Ann: three dice in the forest, entered by touch: three figures stand there
        yield from self.tap("action-forest-0")
        self.expect(app.sm.current == "sa_dice", "a gathering space opens the dice screen")
        for face in (6, 6, 5):
            yield from self.tap(f"face-{face}")
        yield from self.tap("die-2")
        yield from self.tap("face-6")
        self.shot("board-dice")
        yield from self.confirm_dice()  # the dice in the SQLite log are the dice on the screen at the tap
        self.expect(self.state.players[0].wood == 6, "18 on three dice gives 6 wood")
        self.expect(list(self._gathered_dice(Area.FOREST)) == [6, 6, 6], "three dice: three figures")
        # the tool maker: one tap
        yield from self.tap("action-tool_maker-0")
        self.expect(self.state.players[0].tools == (1,), "the tool maker gives a tool")
        # a building Ann cannot pay: the figure is taken back on the build screen
        yield from self.tap("action-building-1")
        self.expect(app.sm.current == "sa_build", "a building opens the build screen")
        yield from self.tap("build-decline")
        self.expect(app.sm.current == "sa_table", "back on the table")
        self.expect(any(isinstance(e, Declined) for e in self._events()), "the figure was taken back")
        self.expect(self.state.current == 1, "Ann's five figures are used: Ben's turn")
        # Ben: the forest is Ann's this round at 2 players: the tap says the rule and changes nothing
        before = self.state
        yield from self.tap("action-forest-0")
        self.expect(bool(app.banner) and self.state == before, "the forest is refused, with the rule named")
        # hunting with two dice; a die tapped by mistake is taken away again
        yield from self.tap("action-hunting-0")
        for face in (1, 2):
            yield from self.tap(f"face-{face}")
        yield from self.tap("die-remove")
        yield from self.tap("face-3")
        yield from self.confirm_dice()
        self.expect(list(self._gathered_dice(Area.HUNTING)) == [1, 3], "the dice on show are the dice logged")
        self.expect(self.find("stay-home").text == tr("Done: {n} go home", n=3), "Ben has 3 not used")
        yield from self.tap("stay-home")
        self.expect(any(isinstance(e, StayedHome) for e in self._events()), "Ben's other figures stayed home")
        yield from self.key("z", ("ctrl",))
        self.expect(self.state.current == 1 and self.state.round == 1, "undo: Ben's turn again")
        yield from self.tap("stay-home")
        if app.sm.current == "sa_feeding":
            yield from self.tap("next")
        self.expect(self.state.round == 2 and self.state.phase is Phase.ACTIONS, "round 2 opens on the actions")
        self.report["history"] = self._last_lines(12)
        self.report["state"] = self.snapshot()
        self.shot("board-round-2")

    def board_edice(self) -> Iterator[None]:
        """A sure e-dice roll on an open count: the dice read are the figures there; it counts down and
        confirms itself, and the log holds the tray's dice."""
        import threading
        import time

        from rules.stone_age import Area

        app = self.app
        yield
        yield from self.wait_for(lambda: "connected" in app.bridge.status.get("edice", ""), "the tray", 30)
        yield from self.tap("remove-player")
        yield from self.tap("start-game")
        yield from self.tap("action-forest-0")
        rolled: dict[int, int] = {}
        threading.Thread(target=lambda: rolled.update(app.tray.roll()), daemon=True).start()
        yield from self.wait_for(lambda: bool(self._gathered_dice(Area.FOREST)), "the roll to confirm itself", 90)
        self.report["board_edice"] = {"tray": sorted(rolled.values()),
                                      "logged": sorted(self._gathered_dice(Area.FOREST)),
                                      "screen": app.sm.current, "at": time.monotonic()}
        self.expect(sorted(rolled.values()) == sorted(self._gathered_dice(Area.FOREST)),
                    "the dice logged are the tray's three")
        self.expect(app.sm.current == "sa_table", "back on the table after the countdown")
        self.expect(self.state.players[0].wood == sum(rolled.values()) // 3, "the wood of the dice read")
        app.tray.close()

    def sa_game_board(self) -> Iterator[None]:
        """``sa-game`` with the board keeping the placement: seven rounds of 4 players, the start player
        builds from stack 1 with the wood and clay just gathered (2 figures each), the others hunt with
        all five; each space is tapped as it is resolved, the dice come from the camera (which keeps
        throwing) and are corrected by touch (dice added or taken away to the figures there), and every
        confirm is checked against the SQLite log."""
        from companion.viewmodels.stone_age import nobody_short
        from rules.stone_age import Phase

        app = self.app
        yield
        self.watch_rolls()
        yield from self.players(4)
        self.expect(self.state.player_count == 4 and self.state.board, "four players, the board keeps the placement")
        gathers = 0
        for _ in range(40):
            if self.state.phase is Phase.OVER:
                break
            round_no = self.state.round
            builder = self.state.start_player
            plans = {seat: ([("forest", 2), ("clay_pit", 2), ("building", 1)] if seat == builder
                            else [("hunting", 5)]) for seat in range(4)}
            if round_no == 1:
                self.shot("game-board-table")
            while self.state.phase is Phase.ACTIONS and self.state.round == round_no:
                area, figures = plans[self.state.current].pop(0)
                if area == "building":
                    yield from self._build()
                    continue
                yield from self.tap(f"action-{area}-0")
                yield from self._open_game_dice(figures, gathers)
                gathers += 1
            self.expect(self.state.phase in (Phase.ACTIONS, Phase.OVER), f"round {round_no}: everyone was fed")
            if self.state.phase is Phase.ACTIONS:
                self.expect(nobody_short(self.state) and app.sm.current == "sa_table", f"round {round_no}: fed, no tap")
            (self.shots / "progress.txt").write_text(f"round {round_no} done, {gathers} gatherings\n")
        self.expect(self.state.phase is Phase.OVER, "the game ended by the rules")
        yield from self.tap("next")
        self.expect(app.sm.current == "sa_scoring", "the final scoring")
        yield
        self.shot("game-board-scoring")
        self.report["gathers"] = gathers
        self.report["camera_rolls"] = self.fresh_rolls()
        self.report["state"] = self.snapshot()

    def _open_game_dice(self, figures: int, k: int) -> Iterator[None]:
        """Every third gathering waits for the camera's dice first; then the dice are made ``figures``
        sixes by touch (faces added, dice taken away, wrong ones corrected) and confirmed."""
        dice = self.app.sm.get_screen("sa_dice")
        if k % 3 == 0:
            yield from self.wait_for(lambda: any(dice.values) or self.prompt_open(), "the camera's dice", seconds=180)
            if k == 0:
                self.shot("game-board-dice-camera")
        want = [6] * figures
        for _ in range(40):
            if self.prompt_open():
                yield from self.tap("prompt-keep")
                continue
            shown = self.shown_dice()
            if shown == want:
                break
            wrong = [i for i, v in enumerate(shown[: len(want)]) if v != 6]
            if len(shown) > len(want):
                yield from self.tap("die-remove")
            elif wrong:
                yield from self.tap(f"die-{wrong[0]}")
                if not self.prompt_open():
                    yield from self.tap("face-6")
            else:
                yield from self.tap("face-6")
        else:
            raise AssertionError(f"the dice could not be made {want}: {self.shown_dice()}")
        yield from self.confirm_dice()

    def _events(self) -> list[Any]:
        return self.app.session.events()

    def _gathered_dice(self, area: Any) -> tuple[int, ...]:
        from rules.stone_age.events import Gathered

        found = [e for e in self._events() if isinstance(e, Gathered) and e.area is area]
        return found[-1].dice if found else ()
