"""The fate dice: two dice entered by touch, or arriving from the camera or the e-dice, with who earns what
from this roll shown BEFORE it is confirmed. The same screen reads a player's roll in the final roll-off.

It keeps Stone Age's dice screen for the camera: the live preview with the dice outlined, READ, and the
reader switched on while the screen is open. Entering the dice follows the same approach (tap a die,
then its face 1–6; an unset die takes the next face tapped) with this game's own widgets, heading,
preview and commands; its kv rule replaces the Stone Age layout (``<-FateDiceScreen>``). A roll that
arrives while dice are on show is handled as on Stone Age's screen (the same promises, the same
question over the dice, also when more dice are seen than the two needed).
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from companion.ui import theme
from companion.ui.games.stone_age.dice import DiceScreen
from companion.ui.widgets import IconButton
from companion.viewmodels import dice_reading as dr
from companion.viewmodels import stone_tribe as vm
from companion.viewmodels.stone_tribe.text import _, tr
from rules.stone_tribe import Phase, RollFateDice, RollOff

from .base import StScreen


class FateDiceScreen(DiceScreen):
    """``mode`` is ``roll`` (the turn's fate dice) or ``rolloff`` (``player`` rolls in the roll-off)."""

    player = StringProperty("")
    summary = StringProperty("")
    #: the die the next face tap sets (-1: the first die not set yet)
    chosen_die = NumericProperty(-1)

    #: the confirm countdown's line stands above NEXT (the faces here are a small grid)
    countdown_over = "next"
    state = StScreen.state
    back_to_table = StScreen.back_to_table

    def prepare_roll(self) -> None:
        """The current player's two fate dice, not entered yet."""
        self.mode, self.player, self.chosen_die = "roll", "", -1
        self._start(2)

    def prepare_rolloff(self, player: str) -> None:
        """``player``'s two dice in the final roll-off."""
        self.mode, self.player, self.chosen_die = "rolloff", player, -1
        self._start(2)

    @property
    def source(self) -> str:
        """Who read the dice on show: camera, edice, or touch (entered or corrected by tapping)."""
        return self.reading.source if self.reading.source in ("camera", "edice") else "touch"

    # -- redraw ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        state = self.state
        if state is None:
            return
        if len(self.values) != 2:
            self.reading, self.values = dr.blank(2), [0, 0]
        self._fill_dice()
        entered = all(v > 0 for v in self.values)
        dice = (int(self.values[0]), int(self.values[1]))
        if self.mode == "rolloff":
            self.heading = tr("Roll-off: {name} rolls the fate dice", name=self.player)
            self.summary = tr("{name} rolls {a} + {b} = {total}", name=self.player, a=dice[0], b=dice[1],
                              total=sum(dice)) if entered else _("Tap a face for each die, or roll.")
            self._fill_rolloff(state)
            return
        self.heading = tr("{name} rolls the fate dice", name=state.current)
        if not entered:
            self.summary = _("Tap a face for each die, or roll.")
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
            row = BoxLayout(spacing=self.app.u(4), size_hint_y=None, height=self.app.u(42),
                            padding=(0, self.app.u(4)))
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
            totals = Label(text=tr("roll-off totals: {totals}", totals=row.rolloff), halign="left",
                           valign="middle", font_size=self.app.u(theme.FONT))
            totals.bind(size=lambda lb, size: setattr(lb, "text_size", size))
            line.add_widget(totals)
            grid.add_widget(line)

    # -- touch and readers -------------------------------------------------------------------------------
    def _fill_dice(self) -> None:
        """The two dice (the one a face tap sets is highlighted) and the faces 1–6 to tap."""
        box = self.ids.dice
        box.clear_widgets()
        target = self._target()
        for i, v in enumerate(self.values):
            kind = "selected" if i == target else "normal" if v else "danger"
            b = IconButton(icon="die", value=v, count=str(v) if v else "?", tid=f"st-die-{i}", payload=i,
                           kind=kind)
            b.bind(on_release=lambda btn: self.select_die(btn.payload))
            box.add_widget(b)
        faces = self.ids.faces
        if not faces.children:
            for v in range(1, 7):
                f = IconButton(icon="die", value=v, tid=f"st-face-{v}", payload=v)
                f.bind(on_release=lambda btn: self.tap_face(btn.payload))
                faces.add_widget(f)

    def _target(self) -> int:
        """The die the next face tap sets: the chosen one, else the first not set, else -1."""
        if 0 <= self.chosen_die < len(self.values):
            return int(self.chosen_die)
        return next((i for i, v in enumerate(self.values) if not v), -1)

    def select_die(self, index: int) -> None:
        """Tap on a die: the next face tapped goes to it."""
        self.chosen_die = index
        self._show(dr.touch(self.reading))

    def tap_face(self, value: int) -> None:
        """Tap on a face 1–6: it goes to the chosen die, or the first die not set (entered by touch)."""
        target = self._target()
        if target < 0:
            self.app.show_banner(_("Both dice are set: tap a die to change it."), "info", seconds=3)
            return
        self.set_die(target, value)

    def set_die(self, index: int, value: int) -> None:
        """Die ``index`` shows ``value`` (1..6), as entered by touch."""
        self.chosen_die = -1
        super().set_die(index, value)

    def on_next(self) -> None:
        """Confirm the two dice on show: everyone's earnings are paid (or the roll-off roll is kept)."""
        if self.reading.asking:
            self.app.show_banner(_("Answer the question about the dice first."), "info", seconds=3)
            return
        if not all(v > 0 for v in self.values):
            self.app.show_banner(_("Set both dice first (tap them)."), "error", seconds=4)
            return
        dice = (int(self.reading.values[0]), int(self.reading.values[1]))
        if self.mode == "rolloff":
            if self.app.send(RollOff(self.player, dice, self.source)):
                self.app.go("st_end")
            return
        if self.app.send(RollFateDice(dice, self.source)):
            self.back_to_table()

    def on_back(self) -> None:
        state = self.state
        ended = state is not None and state.phase in (Phase.ROLLOFF, Phase.OVER)
        self.app.go("st_end" if ended else "st_table")


def _name_label(app: Any, seat: int, name: str) -> Label:
    """A player's name on their seat colour."""
    label = Factory.StNameTag(text=name, size_hint_x=None, width=app.u(110))
    label.bg, label.fg = list(vm.seat_colour(seat)), list(vm.seat_text(seat))
    return label
