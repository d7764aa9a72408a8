"""The live camera picture with the dice area's outline on it; a finger drags the outline's corners.

The picture is fitted inside the widget (its whole frame shown, aspect kept), the world outside the
area is shaded, and each corner has a round handle. ``area`` is in fractions (x, y, w, h) of the
frame from its top left, as ``vision.calibrate`` has it; the widget turns it into its own (Kivy's
bottom-left) coordinates. A touch near a corner (within ``GRAB`` design pixels) takes that corner
until the finger lifts; the area it spans with the opposite corner is reported through ``on_drag``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.graphics.texture import Texture
from kivy.properties import BooleanProperty, ListProperty
from kivy.uix.widget import Widget

from companion.ui import theme

#: how near a corner (design pixels) a touch takes it
GRAB = 64
#: the handles' radius (design pixels)
HANDLE = 11


class AreaPicker(Widget):
    """``area``: the outline (fractions of the frame); ``editable``: whether its corners can be dragged.
    ``on_drag(area)`` is called with each new outline while a corner is dragged."""

    area = ListProperty([0.0, 0.0, 1.0, 1.0])
    editable = BooleanProperty(True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_drag: Callable[[tuple[float, float, float, float]], None] | None = None
        self.frame_size: tuple[int, int] | None = None  # (w, h) of the frames shown
        self.frames = 0
        self._texture: Texture | None = None
        self._grabbed: int | None = None
        with self.canvas:
            Color(*theme.SURFACE)
            self._back = Rectangle()
            Color(1, 1, 1, 1)
            self._picture = Rectangle()
            Color(0, 0, 0, 0.5)
            self._shade = [Rectangle() for _ in range(4)]
            Color(*theme.ACCENT)
            self._outline = Line(width=2)
            self._handle_colour = Color(*theme.ACCENT)  # see-through while the corners stay put
            self._handles = [Ellipse() for _ in range(4)]
        self.bind(pos=self._redraw, size=self._redraw, area=self._redraw, editable=self._redraw)
        self._redraw()

    # -- the picture ---------------------------------------------------------------------------------
    def show_frame(self, frame: Any) -> None:
        """Show ``frame`` (H×W×3 BGR uint8) as the picture."""
        h, w = frame.shape[:2]
        if self._texture is None or self._texture.size != (w, h):
            self._texture = Texture.create(size=(w, h), colorfmt="bgr")
            self._texture.flip_vertical()
            self.frame_size = (w, h)
        self._texture.blit_buffer(frame.tobytes(), colorfmt="bgr", bufferfmt="ubyte")
        self._picture.texture = self._texture
        self.frames += 1
        self._redraw()
        self.canvas.ask_update()

    def picture_rect(self) -> tuple[float, float, float, float]:
        """Where the picture lies in the widget's parent coordinates: x, y, w, h (the whole widget
        before the first frame)."""
        if self.frame_size is None:
            return self.x, self.y, self.width, self.height
        fw, fh = self.frame_size
        scale = min(self.width / fw, self.height / fh) if fw and fh else 1.0
        w, h = fw * scale, fh * scale
        return self.x + (self.width - w) / 2, self.y + (self.height - h) / 2, w, h

    # -- fractions and points ------------------------------------------------------------------------
    def point(self, fx: float, fy: float) -> tuple[float, float]:
        """The point (parent coordinates) of the frame's fraction ``(fx, fy)`` from its top left."""
        x, y, w, h = self.picture_rect()
        return x + fx * w, y + (1.0 - fy) * h

    def fraction(self, px: float, py: float) -> tuple[float, float]:
        """The frame's fraction (from its top left, kept within 0..1) under the point ``(px, py)``."""
        x, y, w, h = self.picture_rect()
        fx = (px - x) / w if w else 0.0
        fy = 1.0 - (py - y) / h if h else 0.0
        return min(1.0, max(0.0, fx)), min(1.0, max(0.0, fy))

    def corners(self) -> list[tuple[float, float]]:
        """The outline's corners (parent coordinates): top left, top right, bottom right, bottom left."""
        ax, ay, aw, ah = self.area
        return [self.point(ax, ay), self.point(ax + aw, ay), self.point(ax + aw, ay + ah), self.point(ax, ay + ah)]

    # -- dragging ------------------------------------------------------------------------------------
    def on_touch_down(self, touch: Any) -> bool:
        if not self.editable or not self.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        reach = _u(GRAB)
        near = [(abs(cx - touch.x) + abs(cy - touch.y), i) for i, (cx, cy) in enumerate(self.corners())]
        distance, corner = min(near)
        if distance > reach * 1.4:
            return super().on_touch_down(touch)
        self._grabbed = corner
        touch.grab(self)
        return True

    def on_touch_move(self, touch: Any) -> bool:
        if touch.grab_current is not self or self._grabbed is None:
            return super().on_touch_move(touch)
        fx, fy = self.fraction(touch.x, touch.y)
        ax, ay, aw, ah = self.area
        # the corner opposite the one held stays where it is
        ox = ax + aw if self._grabbed in (0, 3) else ax
        oy = ay + ah if self._grabbed in (0, 1) else ay
        area = (min(fx, ox), min(fy, oy), abs(ox - fx), abs(oy - fy))
        if self.on_drag is not None:
            self.on_drag(area)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return super().on_touch_up(touch)
        touch.ungrab(self)
        self._grabbed = None
        return True

    # -- drawing -------------------------------------------------------------------------------------
    def _redraw(self, *args: Any) -> None:
        px, py, pw, ph = self.picture_rect()
        self._back.pos, self._back.size = self.pos, self.size
        self._picture.pos, self._picture.size = (px, py), (pw, ph)
        ax, ay, aw, ah = self.area
        left, top = self.point(ax, ay)
        right, bottom = self.point(ax + aw, ay + ah)
        parts = [((px, py), (pw, max(0.0, bottom - py))),                      # below the area
                 ((px, top), (pw, max(0.0, py + ph - top))),                   # above it
                 ((px, bottom), (max(0.0, left - px), max(0.0, top - bottom))),  # left of it
                 ((right, bottom), (max(0.0, px + pw - right), max(0.0, top - bottom)))]
        for rect, (pos, size) in zip(self._shade, parts):
            rect.pos, rect.size = pos, size
        self._outline.width = max(1.5, _u(2.5))
        self._outline.rectangle = (left, bottom, right - left, top - bottom)
        r = _u(HANDLE)
        self._handle_colour.a = 1.0 if self.editable else 0.0
        for handle, (cx, cy) in zip(self._handles, self.corners()):
            handle.pos, handle.size = (cx - r, cy - r), (2 * r, 2 * r)


def _u(value: float) -> float:
    app = App.get_running_app()
    return app.u(value) if app is not None and hasattr(app, "u") else value
