"""History: every event with its reason, newest first; undo and redo."""
from __future__ import annotations

from kivy.properties import StringProperty
from kivy.uix.label import Label

from companion.ui import theme
from companion.ui.widgets import CairnScreen
from companion.viewmodels.history import history_rows, summary


class HistoryScreen(CairnScreen):
    """The game's log. Undone entries are dimmed and struck through until redone or replaced."""

    summary = StringProperty("")

    def refresh(self) -> None:
        box = self.ids.rows
        box.clear_widgets()
        session = self.app.session
        if session is None:
            self.summary = ""
            return
        rows = history_rows(session.history(), game=session.game)
        self.summary = summary(rows)
        u = self.app.u
        for row in rows:
            label = Label(text=f"[b]{row.when}[/b]   {'[s]' if row.undone else ''}{_escape(row.text)}{'[/s]' if row.undone else ''}",
                          markup=True, size_hint_y=None, halign="left", valign="middle",
                          color=theme.TEXT_DIM if row.undone else theme.TEXT, font_size=u(theme.FONT))
            label.bind(width=lambda lb, w: setattr(lb, "text_size", (w - u(16), None)),
                       texture_size=lambda lb, ts: setattr(lb, "height", max(ts[1] + u(10), u(40))))
            box.add_widget(label)

    def on_back(self) -> None:
        self.app.go_table()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
