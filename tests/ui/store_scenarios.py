"""Scenarios for ``tests/ui_driver.py`` over a damaged game file (prepared by tests/test_ui_store.py):
Home lists the games, names the damaged one on a tap, never offers an empty game, and shows the card
offering the rolling copy when the file ends before the last moves saved."""
from __future__ import annotations

from typing import Any, Iterator


class StoreScenarios:
    """Scenario generators; each yields once per frame (mixed into the driver's ``Driver``)."""

    app: Any
    report: dict[str, Any]

    def store_modes(self) -> dict[str, Any]:
        return {"damaged-row": self.damaged_row, "recovery": self.recovery}

    def damaged_row(self) -> Iterator[None]:
        """Game 1's players are damaged, game 2 is sound, game 3 (newest) has no moves."""
        app = self.app
        yield
        yield
        home = app.sm.get_screen("home")
        games = [w.text for w in app.root.walk(restrict=True)
                 if getattr(w, "tid", "").startswith("game-") and w.tid[5:].isdigit()]
        self.report["home"] = {"screen": app.sm.current, "can_resume": home.can_resume,
                               "resume_text": home.resume_text, "games": games}
        self.shot("home-damaged-row")
        yield from self.tap("game-1")
        self.report["banner"] = app.banner
        self.expect(app.sm.current == "home", "the damaged game does not open")
        yield from self.tap("resume")
        self.report["resumed"] = {"screen": app.sm.current, "game_id": app.session.game_id}

    def recovery(self) -> Iterator[None]:
        """The file ends before the last moves saved: the card names them and offers the copy."""
        app = self.app
        yield
        yield
        card = self.find("recovery-card")
        self.report["card"] = [w.text for w in card.walk() if hasattr(w, "text") and w.text]
        self.report["offered"] = app.store.recovery is not None
        self.shot(f"home-recovery-{app.lang}")
        yield from self.tap("resume")  # under the card: not reached
        self.report["under_card"] = app.sm.current
        yield from self.tap("recovery-use-copy")
        self.expect(app.store.recovery is None, "the copy was taken")
        try:
            self.find("recovery-card")
            self.report["card_gone"] = False
        except LookupError:
            self.report["card_gone"] = True
        self.shot(f"home-after-recovery-{app.lang}")
        yield from self.tap("resume")
        self.report["resumed"] = {"screen": app.sm.current, "game_id": app.session.game_id,
                                  "seq": app.store.last_seq(app.session.game_id)}
