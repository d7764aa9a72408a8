"""The card Home shows over itself while the game file ends before the last moves that were saved.

It names what is missing per game and offers the rolling copy ("Use the copy from 14:02", tid
``recovery-use-copy``) or going on as it is (tid ``recovery-keep``); either choice is final and the card
goes. It is part of the Home screen's widget tree, so it takes touches before anything under it.
"""
from __future__ import annotations

from typing import Any

from kivy.graphics import Color, RoundedRectangle
from kivy.uix.anchorlayout import AnchorLayout
from kivy.uix.boxlayout import BoxLayout

from companion.errors import StoreError
from companion.i18n import tr
from companion.ui import theme
from companion.ui.widgets import Caption, CairnButton
from companion.viewmodels.recovery import recovery_view


class RecoveryCard(AnchorLayout):
    """A dimmed backdrop over Home holding the offer; built from ``app.store.recovery``."""

    def __init__(self, app: Any, on_done: Any, **kwargs: Any) -> None:
        super().__init__(anchor_x="center", anchor_y="center", **kwargs)
        self.app, self.on_done = app, on_done
        aside = app.store.moved_aside
        view = recovery_view(app.store.recovery, aside.name if aside is not None else "")
        with self.canvas.before:
            Color(0, 0, 0, 0.6)
            self._shade = RoundedRectangle(pos=self.pos, size=self.size)
        self.bind(pos=self._layout, size=self._layout)
        u = app.u
        card = BoxLayout(orientation="vertical", size_hint=(0.92, None), padding=u(14), spacing=u(6))
        with card.canvas.before:
            Color(*theme.SURFACE_HI)
            self._card = RoundedRectangle(radius=[u(12)])
        card.bind(pos=lambda w, p: setattr(self._card, "pos", p),
                  size=lambda w, s: setattr(self._card, "size", s))
        rows = [(view.title, True), *((line, False) for line in view.lines)]
        for text, title in rows:
            label = Caption(text=text, fit=False, size_hint_y=None,
                            font_size=u(theme.FONT_LARGE) if title else u(theme.FONT), halign="left",
                            valign="top", bold=title)
            label.bind(width=lambda w, v: setattr(w, "text_size", (v, None)),
                       texture_size=lambda w, s: setattr(w, "height", s[1]))
            card.add_widget(label)
        buttons = BoxLayout(size_hint_y=None, height=u(theme.TOUCH + 8), spacing=u(8))
        if view.use_copy:
            use = CairnButton(text=view.use_copy, tid="recovery-use-copy", kind="accent")
            use.bind(on_release=lambda b: self.choose(True))
            buttons.add_widget(use)
        keep = CairnButton(text=view.keep, tid="recovery-keep", kind="normal" if view.use_copy else "accent")
        keep.bind(on_release=lambda b: self.choose(False))
        buttons.add_widget(keep)
        card.add_widget(buttons)
        card.bind(minimum_height=card.setter("height"))
        self.add_widget(card)
        self.tid = "recovery-card"

    def _layout(self, *args: Any) -> None:
        self._shade.pos, self._shade.size = self.pos, self.size

    def choose(self, use_copy: bool) -> None:
        """Take the copy (``use_copy``) or keep the file as it is; the card goes either way."""
        try:
            self.app.store.use_copy() if use_copy else self.app.store.keep_as_is()
        except StoreError as exc:
            self.app.show_banner(tr("Not saved: {reason}", reason=str(exc)), "error", seconds=12)
            return
        self.on_done(self)

    def on_touch_down(self, touch: Any) -> bool:
        super().on_touch_down(touch)
        return True  # nothing under the card is touched while it is up

    def on_touch_up(self, touch: Any) -> bool:
        super().on_touch_up(touch)
        return True
