"""Setting up Prehistories: 2–5 players with their colours, and the goal cards (Sun or Moon side): the
players tap the cards they drew, or let Cairn draw the missing ones. Start game creates the session
and opens the table.

The form is kept as a draft beside the games file after every change (``companion.setup_draft``), and
Cairn's draw is saved there before it is shown, so a power cut before Start reopens the setup with
the goal cards the table laid out. Start clears the draft once the game holds the goal cards."""
from __future__ import annotations

import random
from typing import Any

from kivy.factory import Factory
from kivy.properties import NumericProperty, ObjectProperty, StringProperty

from companion import setup_draft
from companion.errors import StoreError
from companion.i18n import tr
from companion.viewmodels.prehistories.setup import CARDS, SetupForm
from companion.viewmodels.prehistories.words import goal_side, goal_text

from companion.ui.player_form import PlayerFormScreen

from .widgets import PhScreen, make


class PhSetupScreen(PlayerFormScreen, PhScreen):
    """``form`` is the setup being edited (a ``SetupForm``)."""

    form = ObjectProperty(None)
    goal_status = StringProperty("")
    #: goal cards still to choose ("draw for us" is off at 0)
    missing = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        self.rng = random.Random()
        super().__init__(**kwargs)
        self.form = SetupForm.default()

    # -- the draft -------------------------------------------------------------------------------
    def _draft_path(self) -> Any:
        """The draft beside the games file (None when no games can be saved)."""
        store = self.app.store
        return setup_draft.draft_path(store.path.parent, "prehistories") if store is not None else None

    def _save_draft(self, form: SetupForm) -> bool:
        """Keep ``form`` as the draft; False, after a banner saying why, when it cannot be saved."""
        path = self._draft_path()
        try:
            if path is None:
                raise StoreError(self.app.store_error or tr("Games cannot be saved."))
            setup_draft.save(form.to_draft(), path)
        except StoreError as exc:
            self.app.show_banner(tr("Not saved: {reason}", reason=str(exc)), "error", seconds=8)
            return False
        return True

    def begin(self, players: list[tuple[str, str]] | None = None) -> None:
        """Open the form as the draft left it (a power cut before Start), else empty; ``players``
        from Home's rows take the seats, the draft's goal cards stay."""
        path = self._draft_path()
        draft = setup_draft.load(path) if path is not None else None
        form = SetupForm.from_draft(draft, players) if draft is not None else None
        if form is None:
            form = SetupForm.from_players(players) if players else SetupForm.default()
        self.form = form

    def _redraw(self) -> None:
        """Every change the players make is kept as the draft, then shown."""
        self._save_draft(self.form)
        self.refresh()

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
        self.missing = self.form.missing

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
        self._redraw()

    def draw_goals(self) -> None:
        """"Draw for us": Cairn draws the missing goal cards (random sides), saved as the draft before
        they are shown; when the draft cannot be saved nothing is drawn and the banner says why."""
        self._read_names()
        drawn = self.form.draw_goals(self.rng)
        if drawn is not self.form and self._save_draft(drawn):
            self.form = drawn
        self.refresh()

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
        if self.ready_to_start() and self.app.start_session("prehistories", self.form.command()):
            path = self._draft_path()
            if path is not None:
                setup_draft.clear(path)

    def on_next(self) -> None:
        self.start_game()

    def on_back(self) -> None:
        self.app.go("home")
