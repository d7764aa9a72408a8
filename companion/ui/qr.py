"""The BG Stats QR code on a final screen: a small code with a caption, and, on a tap, the same code
large enough for a phone across the table, over the whole screen until the next tap.

The code is drawn as one texture, one pixel per module, scaled up with nearest-neighbour filtering
to a whole number of screen pixels per module, so its edges stay sharp for a camera.
"""
from __future__ import annotations

import logging
from typing import Any

from kivy.app import App
from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.i18n import _
from companion.ui import theme

log = logging.getLogger("cairn.ui")


class QrImage(Widget):
    """The QR code of ``text``, square, centred, as large as whole pixels per module allow."""

    text = StringProperty("")
    #: light modules drawn around the code (4, the standard's quiet zone, unless the widget sits on white)
    quiet = NumericProperty(4)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._texture: Texture | None = None
        self._side = 0
        self.bind(text=self._make, pos=self._draw, size=self._draw)
        self._make()

    def _make(self, *args: Any) -> None:
        self._texture = None
        if self.text:
            try:
                from companion.qr import luminance

                self._side, pixels = luminance(self.text, int(self.quiet))
            except (ImportError, ValueError) as exc:  # no segno, or a text too long for any QR code
                log.warning("no QR code for the play: %s", exc)
            else:
                # RGBA: four bytes a pixel keep every row 4-byte aligned, as OpenGL reads them by default
                rgba = bytes(b for grey in pixels for b in (grey, grey, grey, 255))
                texture = Texture.create(size=(self._side, self._side), colorfmt="rgba")
                texture.blit_buffer(rgba, colorfmt="rgba", bufferfmt="ubyte")
                texture.flip_vertical()  # the pixels run top row first, a texture bottom row first
                texture.mag_filter = texture.min_filter = "nearest"
                self._texture = texture
        self._draw()

    def _draw(self, *args: Any) -> None:
        self.canvas.clear()
        if self._texture is None or self._side == 0:
            return
        room = min(self.width, self.height)
        scale = max(1, int(room // self._side)) if room >= self._side else room / self._side
        edge = self._side * scale
        x, y = self.center_x - edge / 2, self.center_y - edge / 2
        with self.canvas:
            Color(1, 1, 1, 1)
            Rectangle(pos=(round(x), round(y)), size=(edge, edge), texture=self._texture)


class PlayQr(ButtonBehavior, BoxLayout):
    """A final screen's QR code of the BG Stats link (``text``), with its caption; a tap shows it
    large (:class:`QrOverlay`). Nothing shows while ``text`` is empty (the game is not over)."""

    tid = StringProperty("bgstats-qr")
    text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("orientation", "vertical")
        super().__init__(**kwargs)
        u = App.get_running_app().u
        self._image = QrImage()
        self.add_widget(self._image)
        caption = Label(text=_("BG Stats"), size_hint_y=None, height=u(22),
                        font_size=u(theme.FONT_SMALL), color=theme.TEXT_DIM, shorten=True, halign="center")
        caption.bind(size=lambda label, size: setattr(label, "text_size", size))
        self.add_widget(caption)
        self.bind(text=self._show)
        self._show()

    def _show(self, *args: Any) -> None:
        self._image.text = self.text
        self.opacity = 1 if self.text else 0
        self.disabled = not self.text

    def on_release(self) -> None:
        screen = self.parent
        while screen is not None and not hasattr(screen, "manager"):
            screen = screen.parent
        if self.text and screen is not None:
            screen.add_widget(QrOverlay(text=self.text))


class QrOverlay(ButtonBehavior, FloatLayout):
    """The QR code large, over the whole screen, with what to do with it; any tap closes it. The
    screen turns white, so the whole screen is the code's quiet zone and the code itself can take
    the full height: five pixels a module up to a version 19 code (a four-player play) at 800×480."""

    tid = StringProperty("bgstats-close")
    text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        u = App.get_running_app().u
        with self.canvas.before:
            Color(1, 1, 1, 1)
            self._bg = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=self._cover, size=self._cover)
        box = BoxLayout(padding=u(4), spacing=u(4))
        caption = Label(text=_("Scan with BG Stats to log this play. Tap to close."), size_hint_x=None,
                        width=u(156), font_size=u(theme.FONT_SMALL), color=(0.1, 0.1, 0.1, 1),
                        halign="left", valign="middle")
        caption.bind(size=lambda label, size: setattr(label, "text_size", size))
        box.add_widget(caption)
        box.add_widget(QrImage(text=self.text, quiet=1))
        box.add_widget(Widget(size_hint_x=None, width=u(156)))  # keeps the code in the middle
        self.add_widget(box)

    def _cover(self, *args: Any) -> None:
        self._bg.pos, self._bg.size = self.pos, self.size

    def on_release(self) -> None:
        if self.parent is not None:
            self.parent.remove_widget(self)
