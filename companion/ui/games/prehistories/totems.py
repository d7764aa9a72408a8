"""Totems: each player's totems per objective, who met each goal card first, and the totals."""
from __future__ import annotations

from kivy.properties import StringProperty
from kivy.uix.label import Label

from companion.i18n import _
from companion.ui import theme
from companion.viewmodels.prehistories import totems as tvm
from rules.prehistories.state import State

from .widgets import PhScreen, make


class PhTotemsScreen(PhScreen):
    """A table: objectives down the side, players across, totals at the bottom."""

    firsts = StringProperty("")

    def update(self, state: State) -> None:
        grid = self.ids.table
        grid.clear_widgets()
        grid.cols = 1 + len(state.players)
        u = self.app.u
        grid.add_widget(Label(text=_("Objective"), bold=True, color=theme.TEXT_DIM, size_hint_y=None,
                              height=u(36), halign="left", valign="middle", font_size=u(theme.FONT_SMALL)))
        for p in state.players:
            grid.add_widget(make("PhBar", colour=p.colour.value, text=p.name, size_hint_y=None, height=u(36),
                                          font_size=u(theme.FONT)))
        for row in tvm.totem_rows(state):
            cell = make("PhObjectiveCell", title=row.title, detail=row.detail, first=row.first)
            grid.add_widget(cell)
            for value in row.cells:
                grid.add_widget(Label(text=value, bold=True, font_size=u(theme.FONT_LARGE),
                                      color=theme.ACCENT if tvm.FIRST in value else theme.TEXT,
                                      size_hint_y=None, height=cell.height))
        grid.add_widget(Label(text=_("Totems placed"), bold=True, size_hint_y=None, height=u(44),
                              halign="left", valign="middle", font_size=u(theme.FONT)))
        for total in tvm.totals(state):
            grid.add_widget(Label(text=total, bold=True, color=theme.ACCENT, size_hint_y=None, height=u(44),
                                  font_size=u(theme.FONT_LARGE)))
        for label in grid.children:
            if isinstance(label, Label) and label.halign == "left":
                label.bind(size=lambda lb, sz: setattr(lb, "text_size", sz))
        # each card's row names who met it first (★); the line below only says what ★ means, or that none is met
        self.firsts = "" if state.firsts else tvm.firsts_line(state)

    def on_next(self) -> None:
        self.app.go_table()
