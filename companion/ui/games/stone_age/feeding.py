"""Feeding: who is short and by how much; pay with resources or take −10, one tap each.

Players with enough food (or too few resources to choose) are fed by the rules themselves; only the
players who have a real choice get buttons.
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory

from companion.i18n import _, tr
from companion.ui.widgets import CairnScreen
from companion.viewmodels import feeding as fvm
from companion.viewmodels.stone_age import resource_label
from rules.stone_age import Feed, Phase


class FeedingScreen(CairnScreen):
    """One row per player; the short ones get "Pay …" and "−10 points"."""

    def refresh(self) -> None:
        session = self.app.session
        if session is None or session.state is None:
            return
        state = session.state
        box = self.ids.rows
        box.clear_widgets()
        if state.phase is not Phase.FEED:
            self.ids.title.text = _("Everyone has fed.") if state.phase is not Phase.OVER else _("Game over")
        else:
            self.ids.title.text = _("Feeding")
        for row in fvm.feed_rows(state):
            widget = Factory.FeedRowWidget()
            widget.row = row
            widget.screen = self
            widget.pay_text = (tr("Pay {what}", what=_(", ").join(resource_label(r.value) for r in row.pay))
                               if row.pay else "")
            widget.active = state.phase is Phase.FEED and not row.fed and row.short > 0
            box.add_widget(widget)

    def pay(self, seat: int) -> None:
        """The player pays the shortfall with their cheapest resources."""
        row = next(r for r in fvm.feed_rows(self.app.session.state) if r.seat == seat)
        if self.app.send(Feed(seat, resources=row.pay)):
            self._after()

    def penalty(self, seat: int) -> None:
        """The player takes −10 points instead."""
        if self.app.send(Feed(seat, penalty=True)):
            self._after()

    def _after(self) -> None:
        state = self.app.session.state
        if state.phase is not Phase.FEED:
            self.app.go_table()

    def on_next(self) -> None:
        state = self.app.session.state
        short = [r for r in fvm.feed_rows(state) if not r.fed and r.short > 0 and state.phase is Phase.FEED]
        if short and short[0].pay:
            self.pay(short[0].seat)
        elif not short:
            self.app.go_table()

    def on_back(self) -> None:
        self.app.go_table()
