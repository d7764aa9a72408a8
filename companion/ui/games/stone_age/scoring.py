"""Final scoring: the category table for every player, the ranking with the tie-break, and a chart
of each player's score round by round. The numbers are the rules' final table (``state.final``)."""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.graphics import Color, Line, Rectangle
from kivy.properties import ListProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.bgstats import session_link
from companion.i18n import _
from companion.ui import theme
from companion.ui.widgets import CairnScreen
from companion.viewmodels.stone_age.scoring import round_marks, score_series, score_table, tiebreak_label


def ending_text(reason: str) -> str:
    """Why the game ended, in the player's language."""
    return {"huts": _("a building stack is empty"), "cards": _("the civilization cards ran out")}.get(reason, _(reason))


class ScoreChart(Widget):
    """Lines of each player's score per round (``series``) in their ``colours``, on axes: points up the
    left (0 and the top value labelled, a grid line every quarter), rounds along the bottom."""

    series = ListProperty([])
    colours = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._redraw, size=self._redraw, series=self._redraw)

    def _redraw(self, *args: Any) -> None:
        self.canvas.clear()
        self.clear_widgets()
        if not self.series:
            return
        u = App.get_running_app().u
        longest = max(len(s) for s in self.series)
        top = max(1, max(max(s) for s in self.series))
        low = min(0, min(min(s) for s in self.series))
        span = max(1, top - low)
        left, bottom = u(44), u(26)  # room for the point and round labels
        x0, y0, w, h = self.x + left, self.y + bottom, self.width - left - u(8), self.height - bottom - u(8)
        ticks = [low + span * k / 4 for k in range(5)]
        with self.canvas:
            Color(*theme.SURFACE)
            Rectangle(pos=self.pos, size=self.size)
            Color(0.4, 0.37, 0.33, 1)
            for k in range(5):
                y = y0 + h * k / 4
                Line(points=[x0, y, x0 + w, y], width=1)
            Color(*theme.TEXT_DIM)
            Line(points=[x0, y0 + h, x0, y0, x0 + w, y0], width=1.4)  # the axes
            for series, colour in zip(self.series, self.colours):
                Color(*theme.player_colour(colour))
                pts = []
                for i, v in enumerate(series):
                    pts += [x0 + w * i / max(1, longest - 1), y0 + h * (v - low) / span]
                if len(pts) >= 4:
                    Line(points=pts, width=2.2)
        for k, value in enumerate(ticks):
            if k in (0, 2, 4):
                self._label(str(round(value)), self.x, y0 + h * k / 4 - u(10), left - u(4), u(20), "right")
        # round numbers; the last point is the final total ("end"), kept inside the chart
        for mark in round_marks(longest, w, u(6), self._text_width, _("end"), gap=u(8)):
            self._label(mark.text, x0 + mark.left - u(2), self.y + u(2), mark.right - mark.left + u(4), u(22),
                        "center")

    def _text_width(self, text: str) -> float:
        """The width (px) of ``text`` as the axis labels draw it."""
        u = App.get_running_app().u
        label = Label(text=text, font_size=u(16))
        label.texture_update()
        return float(label.texture_size[0])

    def _label(self, text: str, x: float, y: float, width: float, height: float, halign: str) -> None:
        u = App.get_running_app().u
        label = Label(text=text, pos=(x, y), size=(width, height), font_size=u(16), color=theme.TEXT_DIM,
                      halign=halign, valign="middle")
        label.text_size = label.size
        self.add_widget(label)


class ScoringScreen(CairnScreen):
    """Shown when the game is over (and from Home for a finished game)."""

    ranking = StringProperty("")
    heading = StringProperty("")
    winner = StringProperty("")

    def refresh(self) -> None:
        session = self.app.session
        self.ids.qr.text = session_link(session)
        if session is None or session.state is None or not session.state.final:
            self.ranking, self.winner, self.heading = "", "", _("Final scoring comes when the game ends.")
            return
        state = session.state
        table = score_table(state)
        self.heading = _("Final scoring") + "  ·  " + ending_text(state.ended)
        self.ranking = "\n".join(table.ranking)
        self.winner = table.winner
        grid = self.ids.table
        grid.clear_widgets()
        grid.cols = len(table.names) + 1
        u = self.app.u

        def cell(text: str, bold: bool = False, colour: Any = theme.TEXT, left: bool = False) -> Label:
            # the categories at the least size a player reads, so "Hut builders × buildings" fits its column
            # (212 px: the heads wrap, so the players can spare the room)
            label = Label(text=text, bold=bold, color=colour,
                          font_size=u(theme.FONT_SMALL if left and not bold else theme.FONT_SMALL + 1),
                          halign="left" if left else "center", valign="middle", shorten=True)
            if left:  # the category column keeps its width; the players share the rest
                label.size_hint_x, label.width = None, u(212)
            label.bind(size=lambda lb, s: setattr(lb, "text_size", s))
            return label

        def head(name: str, colour: Any) -> Label:
            """A player's column head: the name wrapped on up to two lines ("Player" / "1"), never cut
            short at four players; the full names are in the ranking beside the table too."""
            label = Label(text=name, bold=True, color=colour, font_size=u(theme.FONT_SMALL + 1),
                          halign="center", valign="middle", max_lines=2)
            label.bind(width=lambda lb, w: setattr(lb, "text_size", (w, None)))
            return label

        grid.rows_minimum = {0: u(52)}  # the heads' row holds two lines
        grid.add_widget(cell("", left=True))
        for name, colour in zip(table.names, table.colours):
            grid.add_widget(head(name, theme.player_colour(colour)))
        for title, values in table.rows:
            grid.add_widget(cell(title, left=True, colour=theme.TEXT_DIM))
            for v in values:
                grid.add_widget(cell(str(v)))
        grid.add_widget(cell(_("Total"), True, left=True))
        for v in table.totals:
            grid.add_widget(cell(str(v), True, theme.ACCENT))
        if table.show_tiebreak:
            grid.add_widget(cell(tiebreak_label(), left=True, colour=theme.TEXT_DIM))
            for v in table.tiebreaks:
                grid.add_widget(cell(str(v)))
        self.ids.chart.colours = list(table.colours)
        self.ids.chart.series = [list(s) for s in score_series(state)]

    def on_next(self) -> None:
        self.app.close_session()

    def on_back(self) -> None:
        self.app.go_table()
