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


class CairnButton(Button):
    """A flat, rounded button with a minimum touch size; ``kind`` picks its colour."""

    tid = StringProperty("")
    kind = StringProperty("normal")  # normal | accent | danger | ok | selected | ghost
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

    ``fit`` shrinks the font down to 60 % so long translations stay on one line instead of being cut.
    """

    fit = BooleanProperty(True)
    base_size = NumericProperty(18)

    def on_texture_size(self, *args: Any) -> None:
        if not self.fit or not self.text or self.width <= 0:
            return
        want = App.get_running_app().u(self.base_size) if App.get_running_app() else self.base_size
        if self.texture_size[0] > self.width and self.font_size > want * 0.6:
            self.font_size = max(want * 0.6, self.font_size * self.width / self.texture_size[0] * 0.98)


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


class Pill(Label):
    """A small rounded tag, e.g. a used tool mark or a one-use tool."""

    bg = ListProperty([0.3, 0.3, 0.3, 1])
