"""The fate dice: two dice entered by touch, or arriving from the camera or the e-dice, with who earns what
from this roll shown BEFORE it is confirmed. The same screen reads a player's roll in the final roll-off.

It is Stone Age's dice screen (camera preview, reading, tapping a die to correct it) with this game's
heading, preview and commands; its kv rule replaces the Stone Age layout (``<-FateDiceScreen>``).
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from companion.ui import theme
from companion.ui.games.stone_age.dice import DiceScreen
from companion.viewmodels import stone_tribe as vm
from companion.viewmodels.stone_tribe_text import _, tr
from hardware.inputs import DiceRoll
from rules.stone_tribe import Phase, RollFateDice, RollOff

from .base import StScreen


class FateDiceScreen(DiceScreen):
    """``mode`` is ``roll`` (the turn's fate dice) or ``rolloff`` (``player`` rolls in the roll-off)."""

    player = StringProperty("")
    summary = StringProperty("")
    source = StringProperty("touch")

    state = StScreen.state
    back_to_table = StScreen.back_to_table

    def prepare_roll(self) -> None:
        """The current player's two fate dice, not entered yet."""
        self.mode, self.player, self.source, self.values = "roll", "", "touch", [0, 0]

    def prepare_rolloff(self, player: str) -> None:
        """``player``'s two dice in the final roll-off."""
        self.mode, self.player, self.source, self.values = "rolloff", player, "touch", [0, 0]

    # -- redraw ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        state = self.state
        if state is None:
            return
        if len(self.values) != 2:
            self.values = [0, 0]
        self._fill_dice()
        entered = all(v > 0 for v in self.values)
        dice = (int(self.values[0]), int(self.values[1]))
        if self.mode == "rolloff":
            self.heading = tr("Roll-off: {name} rolls the fate dice", name=self.player)
            self.summary = tr("{name} rolls {a} + {b} = {total}", name=self.player, a=dice[0], b=dice[1],
                              total=sum(dice)) if entered else _("Tap each die to set it, or roll.")
            self._fill_rolloff(state)
            return
        self.heading = tr("{name} rolls the fate dice", name=state.current)
        if not entered:
            self.summary = _("Tap each die to set it, or roll.")
            self.ids.earnings.clear_widgets()
            return
        self.summary = vm.payout_summary(state, dice)
        self._fill_earnings(state, dice)

    def _fill_earnings(self, state: Any, dice: tuple[int, int]) -> None:
        grid: GridLayout = self.ids.earnings
        grid.clear_widgets()
        views = vm.payout_preview(state, dice)
        grid.cols = 2 if len(views) > 4 else 1
        for view in views:
            row = BoxLayout(spacing=self.app.u(4), size_hint_y=None, height=self.app.u(42), padding=(0, self.app.u(4)))
            row.add_widget(_name_label(self.app, view.seat, view.name))
            for kind, n in view.earned:
                count = Factory.StCount(icon=kind, text=f"+{n}", size_hint_x=None, width=self.app.u(72))
                row.add_widget(count)
            row.add_widget(BoxLayout())
            grid.add_widget(row)

    def _fill_rolloff(self, state: Any) -> None:
        grid: GridLayout = self.ids.earnings
        grid.clear_widgets()
        grid.cols = 1
        for row in vm.ranking(state):
            if row.rank != 1:
                continue
            line = BoxLayout(spacing=self.app.u(4), size_hint_y=None, height=self.app.u(40))
            line.add_widget(_name_label(self.app, row.seat, row.name))
            line.add_widget(Label(text=tr("roll-off totals: {totals}", totals=row.rolloff), halign="left",
                                  valign="middle", font_size=self.app.u(theme.FONT)))
            grid.add_widget(line)

    # -- touch and readers -------------------------------------------------------------------------------
    def step_die(self, index: int) -> None:
        """A tap sets the die by hand (the roll then counts as entered by touch)."""
        self.source = "touch"
        super().step_die(index)

    def on_roll(self, roll: DiceRoll, uncertain: int = 0) -> None:
        """Two dice from the camera or e-dice; they can still be corrected by tapping."""
        if roll.values:
            self.source = roll.source if roll.source in ("camera", "edice") else "touch"
        super().on_roll(roll, uncertain)

    def on_next(self) -> None:
        """Confirm the two dice: everyone's earnings are paid (or the roll-off roll is kept)."""
        if not all(v > 0 for v in self.values):
            self.app.show_banner(_("Set both dice first (tap them)."), "error", seconds=4)
            return
        dice = (int(self.values[0]), int(self.values[1]))
        if self.mode == "rolloff":
            if self.app.send(RollOff(self.player, dice, self.source)):
                self.app.go("st_end")
            return
        if self.app.send(RollFateDice(dice, self.source)):
            self.back_to_table()

    def on_back(self) -> None:
        state = self.state
        self.app.go("st_end" if state is not None and state.phase in (Phase.ROLLOFF, Phase.OVER) else "st_table")


def _name_label(app: Any, seat: int, name: str) -> Label:
    """A player's name on their seat colour."""
    label = Factory.StNameTag(text=name, size_hint_x=None, width=app.u(110))
    label.bg, label.fg = list(vm.seat_colour(seat)), list(vm.seat_text(seat))
    return label
