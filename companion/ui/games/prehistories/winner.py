"""The winner, announced the moment they place their last totem (even in the middle of a round)."""
from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.bgstats import session_link
from companion.i18n import _, tr
from companion.viewmodels.prehistories import totems as tvm
from rules.prehistories.data import TOTEMS
from rules.prehistories.state import Phase, State

from .widgets import PhScreen


class PhWinnerScreen(PhScreen):
    """The winner big, in their colour; then everyone by totems placed."""

    title_text = StringProperty("")
    colour = StringProperty("yellow")
    subtitle = StringProperty("")
    firsts = StringProperty("")

    def update(self, state: State) -> None:
        if state.phase is not Phase.OVER or state.winner is None:
            self.app.go_table()  # an undo took the win back
            return
        self.title_text = tvm.winner_line(state)
        self.colour = state.winner.value
        self.subtitle = tr("All {n} totems placed in round {round}.", n=TOTEMS, round=state.round)
        self.firsts = tvm.firsts_line(state)
        self.ids.qr.text = session_link(self.app.session)
        box = self.ids.ranking
        box.clear_widgets()
        for row in tvm.ranking(state):
            widget = Factory.PhRankRow()
            widget.view = row
            box.add_widget(widget)

    def on_next(self) -> None:
        self.app.go("ph_totems")
