"""Home: start a new game, resume the unfinished one, or open a past game."""
from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.textinput import TextInput

from companion.errors import StoreError
from companion.i18n import _, tr
from companion.ui import registry, theme
from companion.ui.player_form import PlayerFormScreen
from companion.ui.widgets import CairnButton, CairnScreen
from companion.viewmodels.home import NewGameForm, game_line
from companion.viewmodels.storage import store_text


class HomeScreen(PlayerFormScreen, CairnScreen):
    """The first screen. ``form`` is the new-game form; ``resume_text`` names the unfinished game."""

    form = ObjectProperty(None)
    resume_text = StringProperty("")
    can_resume = BooleanProperty(False)
    store_error = StringProperty("")
    game = StringProperty("stone-age")
    game_title = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.form = NewGameForm.default()
        self._resume_id: int | None = None

    def refresh(self) -> None:
        app = self.app
        self.store_error = app.store_error
        self._resume_id = None
        self.resume_text = ""
        records = []
        if app.store is not None:
            try:
                records = app.store.games()
            except StoreError as exc:
                self.store_error = store_text(exc)
        unfinished = [r for r in records
                      if not r.finished and not r.damage and registry.screens_for(r.game) is not None]
        if unfinished:
            latest = max(unfinished, key=lambda r: r.updated)
            self._resume_id = latest.id
            self.resume_text = tr("Resume: {line}", line=", ".join(latest.players))
        self.can_resume = self._resume_id is not None
        self._fill_store_offers()
        self._fill_games_choice()
        self._fill_seats()
        self._fill_games(records[:20])
        self._show_recovery()

    def _show_recovery(self) -> None:
        """The card naming lost moves and offering the copy, while the store reports some."""
        from companion.ui.recovery import RecoveryCard

        card = getattr(self, "_recovery_card", None)
        wanted = self.app.store is not None and self.app.store.recovery is not None
        if wanted and card is None:
            self._recovery_card = RecoveryCard(self.app, self._recovery_done)
            self.add_widget(self._recovery_card)
        elif not wanted and card is not None:
            self._recovery_done(card)

    def _recovery_done(self, card: Any) -> None:
        self.remove_widget(card)
        self._recovery_card = None
        self.refresh()

    def _fill_store_offers(self) -> None:
        """Under a store problem: play without saving, or keep the games in another folder."""
        box = self.ids.store_offers
        box.clear_widgets()
        box.height = self.app.u(56) if self.store_error else 0
        if not self.store_error:
            return
        play = CairnButton(text=_("Play without saving"), tid="play-unsaved", kind="accent")
        play.bind(on_release=lambda b: self.app.play_unsaved())
        box.add_widget(play)
        for i, folder in enumerate(getattr(self.app, "other_folders", [])[:2]):
            button = CairnButton(text=tr("Save games in {folder}", folder=str(folder)), tid=f"use-folder-{i}",
                                 payload=folder, shorten=True)
            button.bind(on_release=lambda b: self.app.use_folder(b.payload))
            box.add_widget(button)

    # -- the form --------------------------------------------------------------------------------
    def _fill_seats(self) -> None:
        box = self.ids.seats
        box.clear_widgets()
        from kivy.factory import Factory

        for i, seat in enumerate(self.form.seats):
            row = Factory.SeatRow()
            row.seat = i
            row.screen = self
            self.show_name(row.ids.name, i, seat.name)
            row.colour = seat.colour
            row.starts = i == self.form.start_player
            box.add_widget(row)
        self.fill_recent()

    def _fill_games_choice(self) -> None:
        """One button per game that has screens (only shown when there is a choice)."""
        box = self.ids.game_choice
        box.clear_widgets()
        games = registry.playable_games()
        if self.game not in games and games:
            self.game = games[0]
        screens = registry.screens_for(self.game)
        self.game_title = tr("New game of {game}", game=_(screens.title)) if screens else ""
        box.height = self.app.u(52) if len(games) > 1 else 0
        for game in games if len(games) > 1 else ():
            title = _(registry.screens_for(game).title)
            button = CairnButton(text=title, tid=f"game-choice-{game}", payload=game,
                                 kind="selected" if game == self.game else "normal")
            button.bind(on_release=lambda b: self.choose_game(b.payload))
            box.add_widget(button)

    def choose_game(self, game: str) -> None:
        """Set up a new game of ``game`` (the player count is kept within its limits)."""
        screens = registry.screens_for(game)
        self._read_names()
        self.game = game
        form = self.form
        form = type(form)(form.seats, form.start_player, screens.min_players, screens.max_players)
        while len(form.seats) < form.min_players:
            form = form.add_player()
        while len(form.seats) > form.max_players:
            form = form.remove_player()
        self.form = form
        self.refresh()

    def _fill_games(self, records: list[Any]) -> None:
        box = self.ids.games
        box.clear_widgets()
        if not records:
            from kivy.uix.label import Label

            box.add_widget(Label(text=_("No saved games yet."), size_hint_y=None, height=self.app.u(48),
                                 color=theme.TEXT_DIM))
            return
        for record in records:
            line = game_line(record.title, record.players, record.updated, record.finished)
            if record.damage:  # it cannot be opened: a tap says why
                line = f"{record.name}  ·  {_('damaged')}"
            button = CairnButton(text=line,
                                 size_hint_y=None, height=self.app.u(52), tid=f"game-{record.id}",
                                 payload=record.id)
            button.bind(on_release=lambda b: self.open_game(b.payload))
            box.add_widget(button)

    def seat_action(self, seat: int, action: str) -> None:
        """A tap in a player row: ``colour`` cycles the colour, ``start`` gives the start marker."""
        if action == "colour":
            self.edit(lambda form: form.next_colour(seat))
        elif action == "start":
            self.edit(lambda form: form.set_start(seat))

    def _redraw(self) -> None:
        """A change of the new-game rows repaints just the rows."""
        self._fill_seats()

    # -- actions ---------------------------------------------------------------------------------
    def start_game(self) -> None:
        """Start a game with the form's players (the banner says what is wrong otherwise)."""
        if not self.ready_to_start():
            return
        app = self.app
        screens = registry.screens_for(self.game)
        seats = [(s.name, s.colour) for s in self.form.seats]
        open_setup = screens.extra.get("open_setup")
        if open_setup is not None:  # the game has its own setup screen (goal cards, rule options, 8 seats)
            open_setup(app, seats)
            return
        command = screens.setup_command(seats, self.form.start_player)
        with_settings = screens.extra.get("with_settings")
        if with_settings is not None:  # a rule option chosen in Settings (Stone Age: who keeps the placement)
            command = with_settings(command, app.settings)
        app.start_session(screens.game, command)

    def resume(self) -> None:
        """Open the unfinished game exactly where it was left."""
        if self._resume_id is not None:
            self.open_game(self._resume_id)

    def open_game(self, game_id: int) -> None:
        """Open a saved game (finished games open on their final table)."""
        app = self.app
        from companion.session import GameSession

        try:
            session = GameSession.resume(app.store, game_id)
        except (StoreError, ValueError) as exc:
            app.show_banner(tr("This game cannot be opened: {reason}", reason=store_text(exc)), "error")
            return
        app.open_session(session)

    def on_next(self) -> None:
        if getattr(self, "_recovery_card", None) is not None:
            return  # the card asks first
        if self.can_resume:
            self.resume()
        else:
            self.start_game()

    def on_back(self) -> None:
        """Nothing to go back to from Home."""


class NameInput(TextInput):
    """A one-line player-name field."""

    tid = StringProperty("")
