"""BG Stats scenarios for ``tests/ui_driver.py``: each game played to its final screen, where the QR
code of the BG Stats link is shown; a tap enlarges it, and the picture of the window is kept for the
test to read the code back with OpenCV.

Mixed into the driver's ``Driver`` (which supplies ``tap``, ``expect``, ``shot``, ``find``, ``state``
and ``report``).
"""
from __future__ import annotations

from typing import Any, Iterator

#: where each game's final screen is, and its QR code
FINAL_SCREENS = {"stone-age": "sa_scoring", "stone-tribe": "st_end", "prehistories": "ph_winner"}


class BgStatsScenarios:
    """Scenario generators; each yields once per frame."""

    app: Any
    report: dict[str, Any]
    shots: Any

    def bgstats_modes(self) -> dict[str, Any]:
        return {"bgstats-stone-age": self.bgstats_stone_age, "bgstats-stone-tribe": self.bgstats_stone_tribe,
                "bgstats-prehistories": self.bgstats_prehistories}

    def bgstats_stone_age(self) -> Iterator[None]:
        """A seeded four-player game to its end (the setup by taps, the moves through ``app.send``, the
        path a tap takes), then NEXT: the final scoring, with the code."""
        import random

        from rules.stone_age import Phase
        from rules.stone_age.random_play import random_command

        app = self.app
        yield
        yield from self.tap("add-player")
        yield from self.tap("start-game")
        rng = random.Random(5)
        app.go("settings")  # a light screen while the moves go in
        for n in range(6000):
            if self.state.phase is Phase.OVER:
                break
            if not app.send(random_command(self.state, rng)):
                raise AssertionError(f"a random legal move was refused: {app.banner}")
            if n % 100 == 0:
                yield
        app.go_table()
        yield
        yield from self.tap("next")
        yield from self._bgstats_final("stone-age")

    def bgstats_stone_tribe(self) -> Iterator[None]:
        """The 石器部落 screenshot tour's game (drafting, turns, a roll-off), then its end screen."""
        from companion.ui.games.stone_tribe.tour import StoneTribeTour

        yield
        tour = StoneTribeTour(self.app, self.shots / "tour", exit_when_done=False)
        (self.shots / "tour").mkdir(parents=True, exist_ok=True)
        yield from tour.steps()
        self.app.go("st_end")
        yield from self._bgstats_final("stone-tribe")

    def bgstats_prehistories(self) -> Iterator[None]:
        """The Prehistories screenshot tour's game to its winner, then the winner screen."""
        from companion.ui.games.prehistories.tour import PrehistoriesTour

        yield
        (self.shots / "tour").mkdir(parents=True, exist_ok=True)
        tour = PrehistoriesTour(self.app, self.shots / "tour")
        yield from tour.steps()
        self.app.go("ph_winner")
        yield from self._bgstats_final("prehistories")

    def _bgstats_final(self, game: str) -> Iterator[None]:
        from kivy.uix.label import Label

        from companion.bgstats import session_link, session_play

        app = self.app
        yield
        yield
        self.expect(app.sm.current == FINAL_SCREENS[game], f"the final screen is up ({app.sm.current})")
        self.report["link"] = session_link(app.session)
        self.report["play"] = session_play(app.session)
        self.expect(self.find("bgstats-qr").opacity == 1, "the small code is shown")
        qr = self.find("bgstats-qr")
        self.report["qr_box"] = box = _box(qr)
        self.report["screen_box"] = _box(app.root)
        mine = {id(w) for w in qr.walk()}
        covered = [w.text for w in app.sm.current_screen.walk(restrict=True)
                   if isinstance(w, Label) and w.text and id(w) not in mine and w.opacity > 0
                   and _overlap(_box(w), box)]
        self.expect(not covered, f"the code covers no text: {covered}")
        self.shot("final")
        yield from self.tap("bgstats-qr")
        yield
        yield
        self.shot("qr")
        yield from self.tap("bgstats-close")
        yield
        closed = True
        try:
            self.find("bgstats-close")
            closed = False
        except LookupError:
            pass
        self.expect(closed, "a tap closes the large code")
        self.shot("after")


def _box(widget: Any) -> list[float]:
    """``widget``'s box in window coordinates: left, bottom, right, top."""
    x, y = widget.to_window(widget.x, widget.y)
    return [x, y, x + widget.width, y + widget.height]


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1
