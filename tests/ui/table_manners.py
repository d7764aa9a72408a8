"""Table-manners scenarios for ``tests/ui_driver.py``: what the Stone Age table does under a player's
finger. A choice made by one player never carries over to the next; a greyed space says on a tap which
rule forbids it; a banner covers no player panel and no button; the action list keeps every row where
it was while the player works down it.

Mixed into the driver's ``Driver`` (which supplies ``tap``, ``place``, ``expect``, ``shot``, ``find``,
``state`` and ``report``).
"""
from __future__ import annotations

from typing import Any, Iterator


def app_options(mode: str, shots: Any) -> dict[str, Any]:
    """``tour-start``: the screenshot tour, with the GPIO buttons asked for (none are on this machine)."""
    if mode == "tour-start":
        from companion.cli.app import start_tour

        return {"no_gpio": False, "camera": "none", "screenshot_dir": shots / "tour", "on_start": start_tour}
    return {}


def _rect(widget: Any) -> tuple[float, float, float, float]:
    """``widget``'s box in window coordinates: (left, bottom, right, top)."""
    x, y = widget.to_window(widget.x, widget.y)
    return x, y, x + widget.width, y + widget.height


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


class TableMannersScenarios:
    """Scenario generators; each yields once per frame."""

    app: Any
    report: dict[str, Any]

    def table_manners_modes(self) -> dict[str, Any]:
        return {"table-manners": self.table_manners, "tour-start": self.tour_start, "final-screen": self.final_screen}

    def final_screen(self) -> Iterator[None]:
        """A seeded two-player game to its end, then the final screen: who won, in words, and a chart
        with labelled axes."""
        import random

        from kivy.uix.label import Label

        from companion.viewmodels.stone_age.scoring import score_table, tiebreak_label
        from rules.stone_age import Phase
        from rules.stone_age.random_play import random_command

        app = self.app
        yield
        yield from self.tap("remove-player")
        yield from self.tap("start-game")
        rng = random.Random(5)
        app.go("settings")  # a light screen while the moves go in
        for n in range(4000):
            if self.state.phase is Phase.OVER:
                break
            if not app.send(random_command(self.state, rng)):
                raise AssertionError(f"a random legal move was refused: {app.banner}")
            if n % 100 == 0:
                yield
        app.go_table()
        yield
        yield from self.tap("next")
        self.expect(app.sm.current == "sa_scoring", "NEXT at the end opens final scoring")
        yield
        yield
        screen = app.sm.current_screen
        table = score_table(self.state)
        self.expect(bool(table.winner) and screen.winner == table.winner, f"the winner is said: {screen.winner!r}")
        cells = [w.text for w in screen.ids.table.children]
        self.expect((tiebreak_label() in cells) == table.show_tiebreak,
                    f"the tie-break row is shown only on equal totals ({table.totals})")
        ticks = [w.text for w in screen.ids.chart.children if isinstance(w, Label)]
        self.expect(len(ticks) >= 5 and "0" in ticks, f"the chart's axes are labelled: {ticks}")
        self.report["final"] = {"winner": screen.winner, "ticks": ticks, "totals": list(table.totals)}
        self.shot("final")

    def tour_start(self) -> Iterator[None]:
        """``--screenshot`` on a machine without GPIO buttons: the first pictures carry no banner."""
        import time

        folder = self.app.options.screenshot_dir
        deadline = time.monotonic() + 60
        while len(list(folder.glob("*.png"))) < 2 and time.monotonic() < deadline:
            yield
        self.report["tour_shots"] = sorted(str(p) for p in folder.glob("*.png"))
        self.report["hardware_status"] = self.app.hardware_status

    def _banner_hides_nothing(self, what: str) -> None:
        """The banner is up and lies over no player panel and no enabled button; it takes no touch."""
        from kivy.tests.common import UnitTestTouch

        from companion.ui.widgets import CairnButton

        app = self.app
        banner = app.root.ids.banner
        self.expect(bool(app.banner) and banner.opacity == 1, f"{what}: a banner is shown")
        box = _rect(banner)
        panels = app.sm.current_screen.ids.get("panels")
        if panels is not None:
            self.expect(not _overlap(box, _rect(panels)), f"{what}: the banner {box} leaves the player panels "
                                                          f"{_rect(panels)} free")
        covered = [w.tid for w in app.sm.current_screen.walk(restrict=True)
                   if isinstance(w, CairnButton) and not w.disabled and w.opacity > 0 and _overlap(box, _rect(w))]
        self.expect(not covered, f"{what}: the banner covers no button (covers {covered})")
        touch = UnitTestTouch(*banner.center)
        self.expect(banner.on_touch_down(touch) is False, f"{what}: a touch on the banner goes through")
        self.expect(app._banner_event is not None and app._banner_event.timeout <= 3.0,
                    f"{what}: an info banner goes within 3 s")

    def table_manners(self) -> Iterator[None]:
        from companion.i18n import _
        from rules.stone_age import Phase

        app = self.app
        yield
        yield from self.tap("start-game")
        table = app.sm.get_screen("sa_table")
        first = self.state.current
        # 1. the first player takes the tool maker (exactly one figure)
        yield from self.tap("space-tool_maker-0")
        yield from self.tap("next")
        second = self.state.current
        self.expect(second != first, "the next player places")
        # 2. the tool maker is greyed for the second player; a tap says why and chooses nothing
        self.expect(self.find("space-tool_maker-0").kind == "off", "a space the player may not use is greyed")
        yield from self.tap("space-tool_maker-0")
        self.expect(self.state.current == second and table.selected == [], "a greyed space is not chosen")
        self.expect(app.banner.startswith(_("Not allowed: {rule}").split("{")[0]) and len(app.banner) > 12,
                    f"a tap on a greyed space names the rule: {app.banner!r}")
        self.report["greyed_banner"] = app.banner
        self._banner_hides_nothing("table")
        self.shot("greyed-space")
        # 3. the second player's choice does not stay chosen for the third
        yield from self.place("forest", 3)
        third = self.state.current
        self.expect(third not in (first, second), "the third player places")
        yield
        chosen = [w.tid for w in app.root.walk(restrict=True)
                  if getattr(w, "tid", "").startswith("space-") and w.kind == "selected"]
        self.expect(table.selected == [] and not chosen, f"nothing is chosen for the next player (chosen: {chosen})")
        self.expect(table.next_text == _("Tap a space"), f"NEXT asks for a space, not {table.next_text!r}")
        self.expect(self.find("figures-up").disabled, "no figure stepper is left over")
        # the rest of the placements: the third player clays, the first hunts, the second quarries
        yield from self.place("clay_pit", 5)
        yield from self.place("hunting", self.state.players[first].people - 1)
        yield from self.place("quarry", self.state.players[second].people - 3)
        self.expect(self.state.phase is Phase.ACTIONS and self.state.current == first, "the first player resolves")
        # 4. the action rows keep their places: the resolved one stays, greyed
        yield
        before = {tid: _rect(self.find(tid)) for tid in ("action-tool_maker-0", "action-hunting-0")}
        yield from self.tap("action-tool_maker-0")
        yield
        self.expect(self.state.current == first, "the first player still has the hunt to resolve")
        after = {tid: _rect(self.find(tid)) for tid in before}
        self.expect(after == before, f"the rows did not move: {before} -> {after}")
        self.expect(self.find("action-tool_maker-0").disabled, "the resolved row is greyed")
        self.expect(not self.find("action-hunting-0").disabled, "the hunt can still be tapped")
        self.shot("actions-kept")
        # 5. a banner on the dice screen covers no button either
        yield from self.tap("action-hunting-0")
        self.expect(app.sm.current == "sa_dice", "the hunt opens the dice screen")
        yield from self.tap("next")  # no dice yet: refused with a banner
        yield
        self.expect(bool(app.banner), "NEXT without dice says what is missing")
        self.report["dice_banner"] = app.banner
        box = _rect(app.root.ids.banner)
        from companion.ui.widgets import CairnButton

        covered = [w.tid for w in app.sm.current_screen.walk(restrict=True)
                   if isinstance(w, CairnButton) and not w.disabled and w.opacity > 0 and _overlap(box, _rect(w))]
        self.expect(not covered, f"dice: the banner covers no button (covers {covered})")
        self.shot("dice-banner")
