"""Text-fit scenarios for ``tests/ui_driver.py``: screens whose words must be read whole at the size the
driver runs at (800×480), measured by ``companion.ui.fit.cut_labels`` (each label's whole text against
the room it has), with a screenshot of each state.

- ``fit-ph-goals``: Prehistories' goal-card picker with no card in play (each card shows both sides'
  goals), every card on its Sun side, every card on its Moon side.
- ``fit-sa-final``: Stone Age's final table of a 4-player game whose players kept the default names
  ("Player 1" …): the column heads.

Mixed into the driver's ``Driver`` (which supplies ``tap``, ``expect``, ``shot`` and ``report``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator


class TextFitScenarios:
    """Scenario generators; each yields once per frame. ``report["cut"]`` maps each state to its cut texts."""

    app: Any
    report: dict[str, Any]

    def text_fit_modes(self) -> dict[str, Any]:
        return {"fit-ph-goals": self.fit_ph_goals, "fit-sa-final": self.fit_sa_final}

    def _measure(self, name: str, widget: Any) -> Iterator[None]:
        from companion.ui.fit import cut_labels

        for _frame in range(4):  # layout and texture updates settle
            yield
        seen, cut = cut_labels(widget)
        self.report.setdefault("cut", {})[name] = cut
        self.report.setdefault("seen", {})[name] = seen
        self.shot(name)  # type: ignore[attr-defined]

    def fit_ph_goals(self) -> Iterator[None]:
        from companion.ui.games.prehistories import open_setup
        from companion.viewmodels.prehistories.setup import CARDS

        app = self.app
        yield
        open_setup(app)
        setup = app.sm.get_screen("ph_setup")
        yield
        for name, side in (("ph-goals-none", ""), ("ph-goals-sun", "A"), ("ph-goals-moon", "B")):
            setup.form = replace(setup.form, goals=tuple((card, side) for card in CARDS) if side else ())
            setup.refresh()
            yield from self._measure(name, setup.ids.goals)

    def fit_sa_final(self) -> Iterator[None]:
        from companion.i18n import tr
        from companion.session import GameSession
        from rules.stone_age import NewGame, Seat
        from rules.stone_age.random_play import play_game

        app = self.app
        yield
        played = play_game(7, players=4)
        first = played.commands[0]
        seats = tuple(Seat(tr("Player {n}", n=i + 1), s.colour) for i, s in enumerate(first.players))
        session = GameSession.new(app.store, "stone-age", replace(first, players=seats))
        for n, command in enumerate(played.commands[1:]):
            session.dispatch(command)
            if n % 200 == 0:
                yield
        app.open_session(session)
        yield
        app.go("sa_scoring")
        screen = app.sm.get_screen("sa_scoring")
        yield from self._measure("sa-final-4", screen.ids.table)
