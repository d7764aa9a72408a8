"""Widgets shared by the screens. Their looks are in ``kv/common.kv``; behaviour is here.

Every tappable widget carries a ``tid`` (a stable name) so the UI test driver can find it and touch
it through Kivy's real input path.
"""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from companion.ui import icons  # noqa: F401  (registers Icon with the Factory for kv)
from companion.ui import theme


class CairnButton(Button):
    """A flat, rounded button with a minimum touch size; ``kind`` picks its colour."""

    tid = StringProperty("")
    kind = StringProperty("normal")  # normal | accent | danger | ok | selected | ghost | off (greyed, still tappable)
    payload = ObjectProperty(None, allownone=True)


class IconButton(CairnButton):
    """A button showing an icon (``icon``) above or beside a short caption."""

    icon = StringProperty("wood")
    value = NumericProperty(0)
    count = StringProperty("")


class IconCount(BoxLayout):
    """An icon with a number next to it: "[wood] 3"."""

    icon = StringProperty("wood")
    text = StringProperty("0")
    dim = BooleanProperty(False)


class Caption(Label):
    """A left-aligned label that wraps inside its width and shrinks its font to fit one line.

    ``fit`` shrinks the font, never below ``theme.FONT_SMALL`` (16 px at 800×480), so long translations
    stay on one line where they can; past that they wrap.
    """

    fit = BooleanProperty(True)
    base_size = NumericProperty(18)

    def on_texture_size(self, *args: Any) -> None:
        if not self.fit or not self.text or self.width <= 0:
            return
        app = App.get_running_app()
        least = app.u(theme.FONT_SMALL) if app else theme.FONT_SMALL
        if self.texture_size[0] > self.width and self.font_size > least:
            self.font_size = max(least, self.font_size * self.width / self.texture_size[0] * 0.98)


class CairnScreen(Screen):
    """Base of every screen: ``refresh()`` redraws from the app's state; NEXT/BACK/READ hooks."""

    title = StringProperty("")

    @property
    def app(self) -> Any:
        return App.get_running_app()

    def refresh(self) -> None:
        """Redraw from the current state (called on entering and after every change)."""

    def on_next(self) -> None:
        """The NEXT button or key."""

    def on_back(self) -> None:
        """The BACK button or key: by default, back to the table (or Home)."""
        self.app.go_table()

    def on_read(self) -> None:
        """The READ button or key (only the dice screen reads)."""


class Banner(Label):
    """The app's one message line. It never takes a touch (a tap goes to whatever lies under it) and it
    sits over the current screen's top-bar title, so it hides no player's panel and no button.

    ``place_over(screen)`` moves it there; a text too long for the bar's height grows downwards.
    """

    #: the smallest font a player is asked to read at 800×480, in design pixels
    MIN_FONT = theme.FONT_SMALL

    def on_touch_down(self, touch: Any) -> bool:
        return False

    def on_touch_move(self, touch: Any) -> bool:
        return False

    def on_touch_up(self, touch: Any) -> bool:
        return False

    def place_over(self, screen: Any) -> None:
        """Cover ``screen``'s top-bar title (the widest label in its ``TopBar``), or the top strip."""
        app = App.get_running_app()
        u = app.u if app else (lambda v: v)
        root = self.parent
        if root is None:
            return
        x, top, width, height = root.x + u(110), root.top, root.width - u(230), u(58)
        slot = _title_slot(screen)
        if slot is not None:
            x, y = slot.to_window(slot.x, slot.y)
            width, height, top = slot.width, max(slot.height, u(46)), y + slot.height
        for size in (theme.FONT, self.MIN_FONT):
            self.font_size = u(size)
            self.text_size = (max(1, width - u(16)), None)
            self.texture_update()
            if self.texture_size[1] + u(8) <= height:
                break
        self.size = width, max(height, self.texture_size[1] + u(8))
        self.pos = x, top - self.height


def _title_slot(screen: Any) -> Any:
    """The widest plain label of ``screen``'s top bar, or None when it has no top bar."""
    if screen is None:
        return None
    for widget in screen.walk(restrict=True):
        if type(widget).__name__ == "TopBar":
            labels = [c for c in widget.children if isinstance(c, Label) and not isinstance(c, Button)]
            return max(labels, key=lambda c: c.width) if labels else None
    return None


class Pill(Label):
    """A small rounded tag, e.g. a used tool mark or a one-use tool."""

    bg = ListProperty([0.3, 0.3, 0.3, 1])
