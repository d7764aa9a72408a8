"""The end: the ranking (shells, then resource cards, then the roll-off), how it was decided, and the
roll-off itself, read like any roll and repeated while the leaders stay tied."""
from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.bgstats import session_link
from companion.ui import theme
from companion.ui.widgets import CairnButton
from companion.viewmodels import stone_tribe as vm
from companion.viewmodels.stone_tribe.text import _, tr
from rules.stone_tribe import Phase, rolloff_due

from .base import StScreen


class EndScreen(StScreen):
    """The final ranking; during a roll-off, one button per player who still has to roll."""

    heading = StringProperty("")
    outcome = StringProperty("")

    def refresh(self) -> None:
        state = self.state
        if state is None:
            return
        over = state.phase == Phase.OVER
        self.ids.qr.text = session_link(self.app.session) if over else ""
        self.heading = _("Final ranking") if over or state.phase == Phase.ROLLOFF else _("Standings so far")
        self.outcome = vm.outcome_line(state) or _("The game is still on: shells so far, best first.")
        self._fill_rows(state)
        self._fill_actions(state)

    def _fill_rows(self, state: object) -> None:
        box = self.ids.rows
        box.clear_widgets()
        u = self.app.u
        for row in vm.ranking(state):
            line = BoxLayout(size_hint_y=None, height=u(34), spacing=u(4))
            first = theme.ACCENT if row.rank == 1 else None
            line.add_widget(_cell(str(row.rank), u(50), bold=True, colour=first))
            tag = Factory.StNameTag(text=row.name, size_hint_x=None, width=u(150))
            tag.bg, tag.fg = list(vm.seat_colour(row.seat)), list(vm.seat_text(row.seat))
            line.add_widget(tag)
            line.add_widget(_cell(str(row.shells), u(110), bold=True))
            line.add_widget(_cell(str(row.resource_cards), u(150)))
            roll = row.rolloff + ("  " + _("to roll") if row.due else "")
            line.add_widget(_cell(roll, None, colour=theme.ACCENT if row.due else None))
            box.add_widget(line)

    def _fill_actions(self, state: object) -> None:
        box = self.ids.actions
        box.clear_widgets()
        for i, name in enumerate(rolloff_due(state) if state.phase == Phase.ROLLOFF else ()):
            b = CairnButton(text=tr("{name} rolls", name=name), tid=f"st-rolloff-{vm.seat_of(state, name)}",
                            payload=name, kind="accent" if i == 0 else "normal", bold=i == 0)
            b.bind(on_release=lambda btn: self.roll_off(btn.payload))
            box.add_widget(b)
        if state.phase == Phase.OVER:
            b = CairnButton(text=_("Home"), tid="st-end-home", kind="accent", bold=True)
            b.bind(on_release=lambda btn: self.app.close_session())
            box.add_widget(b)

    def roll_off(self, name: str) -> None:
        """``name`` rolls the two fate dice (camera, e-dice or touch)."""
        self.app.sm.get_screen("st_dice").prepare_rolloff(name)
        self.app.go("st_dice")

    def on_next(self) -> None:
        state = self.state
        if state is not None and state.phase == Phase.ROLLOFF:
            self.roll_off(rolloff_due(state)[0])


def _cell(text: str, width: float | None, bold: bool = False, colour: object = None) -> Label:
    label = Label(text=text, bold=bold, halign="left", valign="middle", shorten=True,
                  size_hint_x=None if width else 1, width=width or 100)
    label.bind(size=lambda lb, size: setattr(lb, "text_size", size))
    if colour is not None:
        label.color = colour
    return label
