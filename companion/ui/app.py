"""The Kivy App: one window, a ScreenManager, the game session and the hardware bridge.

Every change to the game goes through ``CairnApp.send(command)`` on the UI thread: the session stores
it, the screens refresh from the new state, and an ``IllegalMove`` becomes a banner naming the rule.
Hardware threads (buttons, e-dice, camera) reach the app only through ``companion.ui.bridge``, which
hands everything over with ``Clock.schedule_once``.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion import i18n, recent_names, settings as settings_mod
from companion.errors import StoreError
from companion.i18n import _, tr
from companion.ui import fonts, registry, theme
from companion.ui.options import AppOptions
from hardware.inputs import DiceRoll, Press
from rules.errors import IllegalMove

log = logging.getLogger(__name__)
#: ``AppOptions`` is ``companion.ui.options``'; it is named here too, where a run is started
__all__ = ["AppOptions", "CairnApp", "run_app"]
KV_DIR = Path(__file__).resolve().parents[2] / "kv"
#: the longest a banner stays, by kind (seconds): short enough not to stand in the way of the next move
BANNER_MOST = {"info": 3.0, "ok": 2.5, "error": 6.0}
COMMON_SCREENS = {"home": ("companion.ui.screens.home", "HomeScreen"),
                  "history": ("companion.ui.screens.history", "HistoryScreen"),
                  "settings": ("companion.ui.screens.settings", "SettingsScreen"),
                  "calibrate": ("companion.ui.screens.calibrate", "CalibrateScreen")}


class CairnApp(App):
    """Cairn's window. Screens read ``app.session``, ``app.settings`` and the properties below."""

    #: size factor against the 800×480 design (kv multiplies every size by it)
    s = NumericProperty(1.0)
    font_name = StringProperty("Roboto")
    lang = StringProperty("en")
    #: bumped after every change of the game, so kv and screens can refresh
    revision = NumericProperty(0)
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    banner = StringProperty("")
    banner_kind = StringProperty("info")
    hardware_status = StringProperty("")
    session = ObjectProperty(None, allownone=True)

    def __init__(self, options: AppOptions | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.options = options or AppOptions()
        self.theme = theme
        self.settings = settings_mod.load()
        self.store: Any = None
        self.store_error = ""
        #: when the data folder cannot be written: where else the games could go
        self.other_folders: list[Path] = []
        #: True while the games are kept in memory only (``play_unsaved``)
        self.unsaved = False
        self._unsaved_dir: Path | None = None
        self.recent_names: list[str] = []
        self.bridge: Any = None
        self.game_screens: registry.GameScreens | None = None
        self._banner_event: Any = None
        self.title = "Cairn"

    # -- building ------------------------------------------------------------------------------
    def build(self) -> Any:
        language = self.options.lang or self.settings.language or i18n.system_language()
        self._apply_language(language)
        Builder.load_file(str(KV_DIR / "common.kv"))
        Window.clearcolor = theme.BG
        Window.bind(size=self._on_window_size, on_key_down=self._on_key_down)
        self._on_window_size(Window, Window.size)
        self._open_store()
        self.recent_names = recent_names.load()
        return self._build_root()

    def _apply_language(self, language: str) -> None:
        i18n.set_language(language)
        self.font_name = fonts.register(language)
        self.lang = language

    def _build_root(self) -> Any:
        from kivy.factory import Factory

        root = Factory.CairnRoot()
        self.sm: ScreenManager = root.ids.sm
        self.sm.transition = NoTransition()
        for name, (module, cls_name) in COMMON_SCREENS.items():
            self._add_screen(name, getattr(__import__(module, fromlist=[cls_name]), cls_name), name)
        if self.session is not None:
            self._add_game_screens(self.session.game)
        return root

    def _add_screen(self, name: str, cls: type, kv: str) -> None:
        path = str(KV_DIR / f"{kv}.kv")
        if path not in Builder.files:
            Builder.load_file(path)
        self.sm.add_widget(cls(name=name))

    def _add_game_screens(self, game: str) -> None:
        screens = registry.screens_for(game)
        if screens is None:
            raise StoreError(f"{game} has no screens in this version of Cairn")
        self.game_screens = screens
        for name, (cls, kv) in screens.screens.items():
            if not self.sm.has_screen(name):
                self._add_screen(name, cls, kv)

    def on_start(self) -> None:
        self.go("home")
        if self.store_error:
            self.show_banner(self.store_error, "error", seconds=12)
        from companion.ui.bridge import HardwareBridge

        self.bridge = HardwareBridge(self, self.options, self.settings)
        self.bridge.start()
        if self.options.on_start is not None:
            self.tour = self.options.on_start(self)  # kept: Kivy's clock holds only weak references

    def on_stop(self) -> None:
        if self.bridge is not None:
            self.bridge.stop()
        if self._unsaved_dir is not None:  # games played without saving go with the app
            import shutil

            shutil.rmtree(self._unsaved_dir, ignore_errors=True)

    def _open_store(self) -> None:
        from companion.paths import data_dir
        from companion.store import GameStore
        from companion.viewmodels.storage import other_folders, store_text, write_problem

        folder = data_dir()
        try:
            self.store = GameStore()
            self.store_error, self.other_folders = "", []
            if self.store.notice and self.store.recovery is None:  # else Home's card says it (ui/recovery.py)
                notice = store_text(self.store.notice)  # in the table's language
                Clock.schedule_once(lambda dt: self.show_banner(notice, "error", seconds=12), 0)
        except StoreError as exc:
            log.warning("games cannot be saved: %s", exc)
            self.store = None
            self.store_error = tr("Games cannot be saved: {reason}", reason=write_problem(exc, folder))
            self.other_folders = other_folders(folder)

    def play_unsaved(self) -> None:
        """Play on with the games kept in memory only (a folder in RAM, removed when Cairn closes),
        with a "Not saved" mark on every screen."""
        import tempfile

        from companion.store import GameStore

        shm = Path("/dev/shm")
        self._unsaved_dir = Path(tempfile.mkdtemp(prefix="cairn-unsaved-", dir=shm if shm.is_dir() else None))
        try:
            self.store = GameStore(self._unsaved_dir / "cairn.sqlite3")
        except StoreError as exc:
            self.show_banner(tr("Games cannot be saved: {reason}", reason=str(exc)), "error", seconds=12)
            return
        self.store_error, self.other_folders, self.unsaved = "", [], True
        self._show_unsaved_mark()
        self.show_banner(_("Playing without saving: the games are lost when Cairn closes."), "error", seconds=6)
        self.go("home")

    def _show_unsaved_mark(self) -> None:
        """The "Not saved" mark, above every screen (it takes no touches)."""
        from kivy.factory import Factory

        if getattr(self, "_mark", None) is not None:
            Window.remove_widget(self._mark)
        self._mark = Factory.NotSavedMark()
        Window.add_widget(self._mark)

    def use_folder(self, folder: Path) -> None:
        """Keep the games (and settings, names) in ``folder`` from now on, for this run."""
        import os

        os.environ["CAIRN_DATA_DIR"] = str(folder)
        self._open_store()
        if self.store is not None:
            self.recent_names = recent_names.load()
            self.show_banner(tr("Save games in {folder}", folder=str(folder)), "ok", seconds=4)
        self.go("home")

    def _on_window_size(self, window: Any, size: tuple[int, int]) -> None:
        self.s = theme.scale_for(*size)
        Clock.schedule_once(lambda dt: self._place_banner(), 0)

    # -- sizes for kv --------------------------------------------------------------------------
    def u(self, value: float) -> float:
        """``value`` design pixels at the current window size."""
        return value * self.s

    # -- navigation ----------------------------------------------------------------------------
    def go(self, name: str) -> None:
        """Show the screen called ``name`` (and let it refresh first). A screen may send the players on
        to another first (``redirect``): the Stone Age table to the feeding that just happened."""
        screen = self.sm.get_screen(name)
        other = screen.redirect() if hasattr(screen, "redirect") else None
        if other:
            return self.go(other)
        if hasattr(screen, "refresh"):
            screen.refresh()
        self.sm.current = name
        self._place_banner()

    def go_table(self) -> None:
        """Back to the current game's table, or Home when no game is open."""
        if self.session is not None and self.game_screens is not None:
            self.go(self.game_screens.table)
        else:
            self.go("home")

    @property
    def current_screen(self) -> Any:
        return self.sm.current_screen

    # -- the game ------------------------------------------------------------------------------
    def open_session(self, session: Any) -> None:
        """Make ``session`` the game on the table and show its table screen."""
        if self.session is not None:
            self.session.remove_listener(self._on_session_change)
        self._add_game_screens(session.game)
        self.session = session
        session.add_listener(self._on_session_change)
        self._on_session_change(session)
        self.go_table()

    def start_session(self, game: str, setup: Any, explain: Callable[[IllegalMove], None] | None = None) -> bool:
        """Start a new game of ``game`` with its setup command and open it.

        A refused setup is shown by ``explain`` (default: the banner naming the rule), a store problem in
        the banner; either way nothing is opened and False is returned.
        """
        if self.store is None:
            self.show_banner(self.store_error or _("Games cannot be saved."), "error")
            return False
        from companion.session import GameSession

        try:
            session = GameSession.new(self.store, game, setup)
        except IllegalMove as exc:
            if explain is None:
                self.show_banner(tr("Not allowed: {rule}", rule=i18n.message(exc, game)), "error")
            else:
                explain(exc)
            return False
        except StoreError as exc:
            self.show_banner(tr("Games cannot be saved: {reason}", reason=str(exc)), "error", seconds=12)
            return False
        self.open_session(session)
        return True

    def close_session(self) -> None:
        """Leave the game (it stays saved) and go Home."""
        if self.session is not None:
            self.session.remove_listener(self._on_session_change)
        self.session = None
        self.go("home")

    def send(self, command: Any) -> bool:
        """Dispatch ``command`` to the session. A refused command shows its rule and changes nothing."""
        if self.session is None:
            self.show_banner(_("No game is open."), "error")
            return False
        try:
            self.session.dispatch(command)
        except IllegalMove as exc:
            self.show_banner(tr("Not allowed: {rule}", rule=i18n.message(exc, self.session.game)), "error")
            return False
        except StoreError as exc:
            self.show_banner(tr("Not saved: {reason}", reason=str(exc)), "error", seconds=12)
            return False
        return True

    def undo(self) -> None:
        """Undo the last command (the banner says what was undone)."""
        if self.session is not None and self._guard(self.session.undo):
            self.show_banner(_("Undone."), "info", seconds=2)

    def redo(self) -> None:
        """Bring back the last undone command."""
        if self.session is not None and self._guard(self.session.redo):
            self.show_banner(_("Redone."), "info", seconds=2)

    def _guard(self, action: Callable[[], bool]) -> bool:
        try:
            return action()
        except StoreError as exc:
            self.show_banner(tr("Not saved: {reason}", reason=str(exc)), "error", seconds=12)
            return False

    def _on_session_change(self, session: Any) -> None:
        self.can_undo, self.can_redo = session.can_undo, session.can_redo
        self.revision += 1
        screen = self.sm.current_screen
        if hasattr(screen, "refresh"):
            screen.refresh()
        if self.bridge is not None:
            self.bridge.on_state(session.state)

    # -- banner --------------------------------------------------------------------------------
    def show_banner(self, text: str, kind: str = "info", seconds: float = 6) -> None:
        """Show ``text`` over the top bar's title for ``seconds``, at most ``BANNER_MOST`` of its kind.

        It never blocks a touch and covers no player panel or button (``widgets.Banner``)."""
        self.banner, self.banner_kind = text, kind
        self._place_banner()
        if self._banner_event is not None:
            self._banner_event.cancel()
        seconds = min(seconds, BANNER_MOST.get(kind, BANNER_MOST["info"]))
        self._banner_event = Clock.schedule_once(lambda dt: self.hide_banner(), seconds)

    def _place_banner(self, again: bool = True) -> None:
        """Put the banner over the current screen's title, now and (once laid out) on the next frame."""
        banner = self.root.ids.get("banner") if self.root is not None else None
        if banner is not None and self.banner:
            banner.place_over(self.sm.current_screen)
            if again:
                Clock.schedule_once(lambda dt: self._place_banner(False), 0)

    def hide_banner(self) -> None:
        """Remove the banner."""
        self.banner = ""

    # -- inputs --------------------------------------------------------------------------------
    def _on_key_down(self, window: Any, key: int, scancode: int, codepoint: str | None, modifiers: list[str]) -> bool:
        from companion.ui.keys import press_for_key

        if self._typing():
            return False
        press = press_for_key(key, modifiers)
        if press is None:
            return False
        self.handle_press(press)
        return True

    def _typing(self) -> bool:
        from kivy.uix.textinput import TextInput

        return any(isinstance(w, TextInput) and w.focus for w in self.root.walk()) if self.root else False

    def handle_press(self, press: Press) -> None:
        """A button or key on the UI thread: NEXT / BACK / undo / READ go to the current screen."""
        if press.button == "undo":
            self.undo()
            return
        screen = self.sm.current_screen
        handler = getattr(screen, f"on_{press.button}", None)
        if handler is not None:
            handler()

    def handle_roll(self, roll: DiceRoll, uncertain: int = 0) -> None:
        """An e-dice or camera roll on the UI thread: the dice screen takes it if it is open."""
        handler = getattr(self.sm.current_screen, "on_roll", None)
        if handler is not None:
            handler(roll, uncertain)

    # -- settings ------------------------------------------------------------------------------
    def save_settings(self, new: settings_mod.Settings) -> bool:
        """Keep ``new`` (on disk and for this run); switches the language at once if it changed."""
        try:
            settings_mod.save(new)
        except StoreError as exc:
            self.show_banner(str(exc), "error")
            return False
        old, self.settings = self.settings, new
        if new.language != old.language:
            self.switch_language(new.language or i18n.system_language())
        if self.bridge is not None:
            self.bridge.apply_settings(new)
        self.show_banner(_("Settings saved."), "ok", seconds=2)
        return True

    def remember_names(self, names: list[str]) -> None:
        """Keep ``names`` (just typed or picked for a game) first among the earlier games' names,
        in the data folder when it can be written, else for this run."""
        self.recent_names = recent_names.merge(names, self.recent_names)
        recent_names.save(self.recent_names)

    def switch_language(self, language: str) -> None:
        """Redraw every screen in ``language`` and stay on the same screen."""
        current = self.sm.current
        self._apply_language(language)
        Window.remove_widget(self.root)
        self.root = self._build_root()
        Window.add_widget(self.root)
        if self.unsaved:
            self._show_unsaved_mark()
        self.go(current)


def run_app(options: AppOptions) -> int:
    """Open the window and run until it closes; returns the exit status."""
    app = CairnApp(options)
    app.run()
    return getattr(app, "exit_status", 0)
