"""The 石器部落 setup: 2–8 players in seating order, the start player, and how a double pays."""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import ObjectProperty, StringProperty

from companion.ui.screens.home import NameInput  # noqa: F401  (the name field the Home screen uses)
from companion.viewmodels.stone_tribe import seat_colour, seat_text
from companion.viewmodels.stone_tribe.setup import SetupForm, doubles_label
from rules.stone_tribe import Doubles

from companion.ui.player_form import PlayerFormScreen

from .base import StScreen


class SetupScreen(PlayerFormScreen, StScreen):
    """``form`` holds the choices; START begins the draft of free skills."""

    form = ObjectProperty(None)
    seat_boxes = ("seats_left", "seats_right")
    warning = StringProperty("")
    rounds_text = StringProperty("")
    per_die_text = StringProperty("")
    once_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.form = SetupForm.default()

    def use_players(self, names: list[str]) -> None:
        """Start from ``names`` (e.g. Home's players), in seating order; blank names keep "Player n"."""
        form = SetupForm.default(max(2, min(8, len(names))))
        for i, name in enumerate(names[:8]):
            if name.strip():
                form = form.rename(i, name)
        self.form = form

    def refresh(self) -> None:
        self.warning = self.form.warning()
        self.rounds_text = self.form.rounds_line()
        self.per_die_text = doubles_label(Doubles.PER_DIE)
        self.once_text = doubles_label(Doubles.ONCE)
        self._fill_seats()

    def _fill_seats(self) -> None:
        left, right = self.ids.seats_left, self.ids.seats_right
        left.clear_widgets()
        right.clear_widgets()
        for i, name in enumerate(self.form.names):
            row = Factory.StSeatRow()
            row.seat, row.screen, row.starts = i, self, i == self.form.start
            row.bg, row.fg = list(seat_colour(i)), list(seat_text(i))
            self.show_name(row.ids.name, i, name)
            (left if i < 4 else right).add_widget(row)
        self.fill_recent()
        for box in (left, right):
            while len(box.children) < 4:
                box.add_widget(Factory.Widget(size_hint_y=None, height=self.app.u(52)))

    # -- taps --------------------------------------------------------------------------------------
    def set_start(self, seat: int) -> None:
        """Seat ``seat`` starts (the youngest player)."""
        self.edit(lambda form: form.set_start(seat))

    def set_doubles(self, doubles: str) -> None:
        """Choose how a double pays."""
        self.edit(lambda form: form.set_doubles(doubles))

    def start_game(self) -> None:
        """Start the game (the draft of free skills comes first)."""
        if self.ready_to_start():
            self.app.start_session("stone-tribe", self.form.command(), explain=self.explain)

    def on_next(self) -> None:
        self.start_game()

    def on_back(self) -> None:
        self.app.go("home")
