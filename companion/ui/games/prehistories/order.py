"""The reveal: everyone's hunters are face up, and the order of play is shown big."""
from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.i18n import _, tr
from companion.viewmodels import prehistories as vm
from rules.prehistories.state import Phase, State

from .widgets import PhScreen


class PhOrderScreen(PhScreen):
    """Rows from ``order_rows``: place, name, hunting value, fastest hunter; then who skips."""

    heading = StringProperty("")
    tie = StringProperty("")
    go_text = StringProperty("")

    def update(self, state: State) -> None:
        self.heading = tr("Round {n}", n=state.round) + "  ·  " + _("Order of play")
        events = self.app.session.events()
        rows = vm.order_rows(state, events)
        self.tie = vm.tie_note(state, events)
        box = self.ids.rows
        box.clear_widgets()
        for row in rows:
            widget = Factory.PhOrderRow()
            widget.view = row
            widget.height = self.app.u(64 if len(rows) <= 4 else 54)
            box.add_widget(widget)
        if state.phase is Phase.HUNTING and state.current is not None:
            self.go_text = tr("Start hunting: {name}", name=state.player(state.current).name)
        else:
            self.go_text = _("Table")

    def on_next(self) -> None:
        self.app.go_table()
