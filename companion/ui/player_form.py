"""What the setup screens share (Home's new-game rows, the 石器部落 and Prehistories setups): a form
of seats whose typed names are read back before every change, and a start that names what is
missing.

On a touch-only table a name is typed on Kivy's docked keyboard (the kiosk's keyboard setting), or
picked with one tap from the names of earlier games (``app.recent_names``): a name typed once, 小明
with a keyboard's input method, is never typed again. A seat's default name ("Player 2") is only the
field's hint, so typing replaces it instead of adding to it."""
from __future__ import annotations

from typing import Any, Callable

from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from companion.i18n import _, tr
from companion.recent_names import same_name


def default_name(seat: int) -> str:
    """The name a seat has until one is typed: "Player 1", "玩家 1" …"""
    return tr("Player {n}", n=seat + 1)


class PlayerFormScreen:
    """Mixin for a screen with ``form`` (a setup form with ``rename``, ``add_player``,
    ``remove_player`` and ``problem``) whose name rows (widgets with ``seat`` and ``ids.name``)
    sit in the boxes named by ``seat_boxes``, and, when its kv has one, a :class:`RecentNames` bar
    with the id ``recent``."""

    form: Any
    app: Any
    ids: Any
    seat_boxes: tuple[str, ...] = ("seats",)
    _last_seat: int | None = None

    def show_name(self, field: Any, seat: int, name: str) -> None:
        """Put seat ``seat``'s ``name`` in its ``field``: a default name only as the hint."""
        field.hint_text = default_name(seat)
        field.text = "" if name == field.hint_text else name

    def _read_names(self) -> None:
        for box in self.seat_boxes:
            for row in self.ids[box].children:
                if hasattr(row, "seat"):
                    field = row.ids.name
                    self.form = self.form.rename(row.seat, field.text.strip() or field.hint_text)

    def _form_names(self) -> list[str]:
        names = getattr(self.form, "names", None)
        return list(names) if names is not None else [seat.name for seat in self.form.seats]

    def _redraw(self) -> None:
        """Repaint after the form changed (the whole screen, unless a screen says less)."""
        self.refresh()

    def edit(self, change: Callable[[Any], Any]) -> None:
        """Read back the names typed so far, apply ``change`` to the form and repaint."""
        self._read_names()
        self.form = change(self.form)
        self._redraw()

    def change_players(self, delta: int) -> None:
        """One player more (+1) or fewer (−1)."""
        self.edit(lambda form: form.add_player() if delta > 0 else form.remove_player())

    # -- names of earlier games --------------------------------------------------------------------
    def name_focus(self, seat: int, focused: bool, field: Any = None) -> None:
        """A name field got (or lost) the focus: a picked name goes to the seat touched last, and
        the field stays above the on-screen keyboard."""
        if focused:
            self._last_seat = seat
        if field is not None:
            keep_above_keyboard(field)

    def fill_recent(self) -> None:
        """Show the earlier games' names that no seat has yet (the bar folds away when none)."""
        bar = self.ids.get("recent")
        if bar is not None:
            taken = self._form_names()
            bar.show([n for n in getattr(self.app, "recent_names", ()) if not any(same_name(n, t) for t in taken)],
                     self.use_recent)

    def use_recent(self, name: str) -> None:
        """One tap on an earlier name: it goes to the seat touched last if that has no name typed,
        else to the first seat still showing its default."""
        self._read_names()
        names = self._form_names()
        unnamed = [i for i, n in enumerate(names) if n == default_name(i)]
        target = self._last_seat if self._last_seat in unnamed else (unnamed[0] if unnamed else None)
        if target is None:
            self.app.show_banner(_("Every seat has a name: clear one to put this name there."), "info", seconds=4)
            return
        self._last_seat = None
        self.form = self.form.rename(target, name)
        self._redraw()

    def ready_to_start(self) -> bool:
        """The names read back; False, after a banner saying what is missing, when the form
        cannot start a game. Names typed for a game that can start are kept for later games."""
        self._read_names()
        problem = self.form.problem()
        if problem:
            self.app.show_banner(problem, "error")
            return False
        remember = getattr(self.app, "remember_names", None)
        if remember is not None:
            remember([n for i, n in enumerate(self._form_names()) if n != default_name(i)])
        return True


def keep_above_keyboard(field: Any) -> None:
    """Next frame, slide the whole window up just enough that ``field``, when it has the focus,
    is above Kivy's docked keyboard (and back down when no field has it). The widgets really move,
    so touches land where they are drawn (Kivy's own ``softinput_mode`` places the keyboard by the
    field's local position, which is wrong inside a ScrollView)."""
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.uix.vkeyboard import VKeyboard

    def slide(dt: float) -> None:
        root = App.get_running_app().root
        if root is None:
            return
        keyboard = next((w for w in Window.children if isinstance(w, VKeyboard)), None)
        if keyboard is None or not field.focus or field.get_root_window() is None:
            root.y = 0
            return
        above = keyboard.y + keyboard.height * keyboard.scale + 8
        bottom = field.to_window(field.x, field.y)[1] - root.y
        root.y = max(0.0, above - bottom)

    Clock.schedule_once(slide, 0)


class RecentNames(BoxLayout):
    """A row of one-tap names from earlier games ("recent-name-<i>"), scrolling sideways; no height
    when there is none to offer."""

    app = ObjectProperty(None)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", 0)
        super().__init__(**kwargs)
        self.opacity = 0

    def show(self, names: list[str], pick: Callable[[str], None]) -> None:
        from kivy.app import App

        from companion.ui import theme
        from companion.ui.widgets import CairnButton

        app = App.get_running_app()
        self.clear_widgets()
        self.height, self.opacity = (app.u(52), 1) if names else (0, 0)
        if not names:
            return
        self.spacing = app.u(6)
        self.add_widget(Label(text=_("Earlier players"), size_hint_x=None, width=app.u(110),
                              color=theme.TEXT_DIM, font_size=app.u(16), font_name=app.font_name,
                              halign="left", valign="middle", text_size=(app.u(110), None)))
        scroll = ScrollView(do_scroll_y=False, bar_width=app.u(4))
        row = BoxLayout(size_hint_x=None, spacing=app.u(4))
        row.bind(minimum_width=row.setter("width"))
        for i, name in enumerate(names):
            chip = CairnButton(text=name, tid=f"recent-name-{i}", payload=name, size_hint_x=None)
            chip.texture_update()
            chip.width = max(app.u(64), chip.texture_size[0] + app.u(28))
            chip.bind(on_release=lambda b: pick(b.payload))
            row.add_widget(chip)
        scroll.add_widget(row)
        self.add_widget(scroll)
