"""Setting up Prehistories: 2–5 players with their colours, and the goal cards (Sun or Moon side),
chosen by tapping or drawn at random. Start game creates the session and opens the table."""
from __future__ import annotations

import random
from typing import Any

from kivy.factory import Factory
from kivy.properties import ObjectProperty, StringProperty

from companion.i18n import tr
from companion.viewmodels.prehistories_setup import CARDS, SetupForm
from companion.viewmodels.prehistories_words import goal_side, goal_text

from companion.ui.player_form import PlayerFormScreen

from .widgets import PhScreen, make


class PhSetupScreen(PlayerFormScreen, PhScreen):
    """``form`` is the setup being edited (a ``SetupForm``)."""

    form = ObjectProperty(None)
    goal_status = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        self.rng = random.Random()
        super().__init__(**kwargs)
        self.form = SetupForm.default(self.rng)

    def refresh(self) -> None:
        """The setup does not follow a game: it redraws from the form alone."""
        self._fill_seats()
        self._fill_goals()

    def _fill_seats(self) -> None:
        box = self.ids.seats
        box.clear_widgets()
        for i, seat in enumerate(self.form.seats):
            row = Factory.PhSeatRow()
            row.seat, row.screen, row.colour = i, self, seat.colour.value
            self.show_name(row.ids.name, i, seat.name)
            box.add_widget(row)
        self.fill_recent()

    def _fill_goals(self) -> None:
        grid = self.ids.goals
        grid.clear_widgets()
        for card in CARDS:
            side = self.form.side_of(card)
            widget = make("PhGoalCard", card=card, side=side, tid=f"goal-{card}", payload=card,
                                        kind="selected" if side else "normal")
            both = "\n".join(tr("{side}: {goal}", side=goal_side(g), goal=goal_text(g))
                             for g in (f"A{card}", f"B{card}"))
            widget.caption = goal_text(f"{side}{card}") if side else both
            widget.bind(on_release=lambda w: self.tap_goal(w.payload))
            grid.add_widget(widget)
        self.goal_status = self.form.goal_status()

    # -- the form --------------------------------------------------------------------------------
    def seat_colour(self, seat: int) -> None:
        """Give seat ``seat`` the next free colour."""
        self.edit(lambda form: form.next_colour(seat))

    def tap_goal(self, card: int) -> None:
        """Cycle goal card ``card``: not in play → Sun → Moon → not in play."""
        self._read_names()
        before = self.form
        self.form = self.form.cycle_goal(card)
        if self.form is before:
            text = tr("{n} goal cards are in play: tap one to take it out first.", n=before.needed)
            self.app.show_banner(text, "info", seconds=4)
        self.refresh()

    def draw_goals(self) -> None:
        """Draw the goal cards again at random (random sides)."""
        self.edit(lambda form: form.draw_goals(self.rng))

    def use_players(self, players: list[tuple[str, str]]) -> None:
        """Seats from elsewhere (Home's rows): names and colour values; goal cards drawn again."""
        self.form = SetupForm.from_players(players, self.rng)

    def set_names(self, names: list[str]) -> None:
        """Fill in the player names (for a scripted start)."""
        while len(self.form.seats) > max(2, len(names)):
            self.form = self.form.remove_player()
        for i, name in enumerate(names):
            if i >= len(self.form.seats):
                self.form = self.form.add_player()
            self.form = self.form.rename(i, name)
        self.refresh()

    # -- start -----------------------------------------------------------------------------------
    def start_game(self) -> None:
        """Start the game as set up (the banner says what is missing otherwise)."""
        if self.ready_to_start():
            self.app.start_session("prehistories", self.form.command())

    def on_next(self) -> None:
        self.start_game()

    def on_back(self) -> None:
        self.app.go("home")
