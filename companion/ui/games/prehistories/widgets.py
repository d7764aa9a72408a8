"""Prehistories widgets: the base screen, a tile's shape, the sun/moon mark and the cave grid.

Looks that kv can say are in ``kv/ph_common.kv``; what needs drawing code (shapes, the printed cave
symbols) is here, drawn with canvas instructions like ``companion.ui.icons``.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Callable

from kivy.clock import Clock
from kivy.graphics import Canvas, Color, Ellipse, Line, Rectangle, RoundedRectangle, Triangle
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.relativelayout import RelativeLayout
from kivy.uix.widget import Widget

from companion.ui.widgets import CairnScreen

from . import look

KV_DIR = Path(__file__).resolve().parents[4] / "kv"


def load_common_kv() -> None:
    """Load ``kv/ph_common.kv`` once (every Prehistories screen needs its rules before it is built)."""
    path = str(KV_DIR / "ph_common.kv")
    if path not in Builder.files:
        Builder.load_file(path)


def make(cls_name: str, /, **values: Any) -> Any:
    """A new widget of the kv class ``cls_name`` with ``values`` set (kv-declared properties cannot be
    passed to the constructor)."""
    from kivy.factory import Factory

    widget = getattr(Factory, cls_name)()
    for key, value in values.items():
        setattr(widget, key, value)
    return widget


def pooled(box: Any, count: int, create: Callable[[], Any]) -> list[Any]:
    """Exactly ``count`` children in ``box``, in order: existing ones are kept (building kv widgets is
    slow on a Pi), missing ones made with ``create``, extra ones removed."""
    kids = list(reversed(box.children))
    while len(kids) > count:
        box.remove_widget(kids.pop())
    while len(kids) < count:
        kids.append(create())
        box.add_widget(kids[-1])
    return kids


class PhScreen(CairnScreen):
    """Base of the Prehistories screens: ``refresh`` follows the game to the screen its phase needs
    (the reveal, the cave, the winner) and otherwise calls ``update(state)``."""

    def __init__(self, **kwargs: Any) -> None:
        load_common_kv()
        super().__init__(**kwargs)

    @property
    def state(self) -> Any:
        """The game's state, or None without a game."""
        session = self.app.session if self.app else None
        return session.state if session is not None else None

    def refresh(self) -> None:
        from .router import route

        state = self.state
        if state is None:
            return
        if route(self.app, state, self.name):
            return
        self.update(state)

    def update(self, state: Any) -> None:
        """Redraw from ``state``."""


class _Drawn(Widget):
    """A widget that redraws its canvas (once per frame at most) when it moves or a property changes."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._trigger = Clock.create_trigger(self._redraw, -1)
        self.bind(pos=self._trigger, size=self._trigger)

    def _redraw(self, *args: Any) -> None:
        self.canvas.clear()
        if self.width > 0 and self.height > 0:
            with self.canvas:
                self.draw()

    def draw(self) -> None:
        """Canvas instructions for the current size."""


class PhTileShape(_Drawn):
    """The squares of a tile (``cells`` as ``[row, col]`` pairs) in its animal's colour, centred."""

    cells = ListProperty([])
    animal = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(cells=self._trigger, animal=self._trigger)

    def draw(self) -> None:
        if not self.cells:
            return
        rows = max(r for r, _c in self.cells) + 1
        cols = max(c for _r, c in self.cells) + 1
        unit = min(self.width / max(cols, 2), self.height / max(rows, 2))
        x0 = self.center_x - unit * cols / 2
        top = self.center_y + unit * rows / 2
        gap = max(1.0, unit * 0.06)
        Color(*look.animal(self.animal))
        for r, c in self.cells:
            RoundedRectangle(pos=(x0 + c * unit + gap, top - (r + 1) * unit + gap),
                             size=(unit - 2 * gap, unit - 2 * gap), radius=[unit * 0.12])


class PhSideMark(_Drawn):
    """A goal card's side: a sun for "A", a crescent moon for "B", nothing otherwise."""

    side = StringProperty("")
    back = ListProperty([0.27, 0.24, 0.21, 1])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(side=self._trigger, back=self._trigger)

    def draw(self) -> None:
        d = min(self.width, self.height)
        cx, cy = self.center
        if self.side == "A":
            Color(0.98, 0.78, 0.25, 1)
            Ellipse(pos=(cx - d * .24, cy - d * .24), size=(d * .48, d * .48))
            for i in range(8):
                a = math.pi * i / 4
                Line(points=[cx + math.cos(a) * d * .32, cy + math.sin(a) * d * .32,
                             cx + math.cos(a) * d * .46, cy + math.sin(a) * d * .46], width=max(1, d * .05))
        elif self.side == "B":
            Color(0.80, 0.85, 0.98, 1)
            Ellipse(pos=(cx - d * .38, cy - d * .38), size=(d * .76, d * .76))
            Color(*self.back)
            Ellipse(pos=(cx - d * .18, cy - d * .30), size=(d * .66, d * .66))


class PhCaveCell(RelativeLayout):
    """One cell of a cave: the wall, a painted animal, the printed Hunter / totem / hand print, a
    tile's outline (``edges`` top, right, bottom, left) and the preview overlay ("ok" / "bad")."""

    kind = StringProperty("wall")
    animal = StringProperty("")
    label = StringProperty("")
    edges = ListProperty([False, False, False, False])
    preview = StringProperty("")
    colour = StringProperty("yellow")
    s = NumericProperty(1.0)
    tid = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._art = Canvas()
        self.canvas.before.add(self._art)  # after the layout's own PushMatrix/Translate, which stay
        self._trigger = Clock.create_trigger(self._redraw, -1)
        self.bind(size=self._trigger, kind=self._trigger, animal=self._trigger, edges=self._trigger,
                  preview=self._trigger, colour=self._trigger)

    def _redraw(self, *args: Any) -> None:
        self._art.clear()
        w, h = self.size
        if w <= 0:
            return
        with self._art:
            Color(*(look.animal(self.animal) if self.kind == "tile" else look.WALL))
            Rectangle(pos=(0, 0), size=(w, h))
            Color(*look.WALL_LINE)
            Line(rectangle=(0, 0, w, h), width=1)
            getattr(self, f"_draw_{self.kind}", lambda: None)()
            if self.kind == "tile":
                self._outline()
            if self.preview:
                Color(*(look.PREVIEW_OK if self.preview == "ok" else look.PREVIEW_BAD))
                Rectangle(pos=(w * .06, h * .06), size=(w * .88, h * .88))

    def _outline(self) -> None:
        w, h = self.size
        Color(0.12, 0.09, 0.06, 1)
        width = max(1.5, self.s * 2)
        top, right, bottom, left = self.edges
        if top:
            Line(points=[0, h - 1, w, h - 1], width=width)
        if right:
            Line(points=[w - 1, 0, w - 1, h], width=width)
        if bottom:
            Line(points=[0, 1, w, 1], width=width)
        if left:
            Line(points=[1, 0, 1, h], width=width)

    def _draw_hunter(self) -> None:
        """A red-ochre stick hunter with a spear, as painted on the cave wall."""
        w, h = self.size
        d = min(w, h)
        cx, cy = w / 2, h / 2
        Color(*look.OCHRE)
        lw = max(1.2, d * .05)
        Ellipse(pos=(cx - d * .08, cy + d * .20), size=(d * .16, d * .16))
        Line(points=[cx, cy + d * .20, cx, cy - d * .10], width=lw)
        Line(points=[cx, cy - d * .10, cx - d * .14, cy - d * .36], width=lw)
        Line(points=[cx, cy - d * .10, cx + d * .14, cy - d * .36], width=lw)
        Line(points=[cx - d * .18, cy + d * .04, cx + d * .18, cy + d * .12], width=lw)
        Line(points=[cx + d * .30, cy - d * .36, cx + d * .22, cy + d * .38], width=lw * .8)

    def _draw_totem(self) -> None:
        """The tribe's totemic animal: a totem pole in the player's colour."""
        w, h = self.size
        d = min(w, h)
        cx, cy = w / 2, h / 2
        Color(*look.player(self.colour))
        RoundedRectangle(pos=(cx - d * .16, cy - d * .36), size=(d * .32, d * .56), radius=[d * .05])
        Triangle(points=[cx - d * .30, cy + d * .20, cx + d * .30, cy + d * .20, cx, cy + d * .40])
        Color(0.12, 0.09, 0.06, 1)
        Ellipse(pos=(cx - d * .10, cy + d * .02), size=(d * .07, d * .07))
        Ellipse(pos=(cx + d * .03, cy + d * .02), size=(d * .07, d * .07))
        Line(points=[cx - d * .10, cy - d * .14, cx + d * .10, cy - d * .14], width=max(1, d * .03))

    def _hand(self, cx: float, cy: float, d: float) -> None:
        Ellipse(pos=(cx - d * .13, cy - d * .16), size=(d * .26, d * .26))
        lw = max(1.2, d * .045)
        for dx, top in ((-.11, .12), (-.04, .20), (.03, .21), (.10, .17)):
            Line(points=[cx + d * dx, cy, cx + d * dx, cy + d * top], width=lw)
        Line(points=[cx - d * .12, cy - d * .06, cx - d * .22, cy + d * .04], width=lw)

    def _draw_hand1(self) -> None:
        w, h = self.size
        Color(0.90, 0.86, 0.78, 0.85)
        self._hand(w / 2, h / 2, min(w, h) * 1.1)

    def _draw_hand2(self) -> None:
        w, h = self.size
        d = min(w, h)
        Color(0.90, 0.86, 0.78, 0.85)
        self._hand(w * .32, h * .5, d * .8)
        self._hand(w * .68, h * .5, d * .8)


class PhCaveGrid(GridLayout):
    """The 7×7 cells. A touch (down or moving) on a cell fires ``on_cell((row, col))``, so the tile
    being placed follows the finger."""

    active = BooleanProperty(True)

    def __init__(self, **kwargs: Any) -> None:
        self.register_event_type("on_cell")
        super().__init__(**kwargs)

    def on_cell(self, cell: Any) -> None:
        """A cell was touched."""

    def _cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        if not self.collide_point(x, y) or self.width <= 0:
            return None
        col = int((x - self.x) / self.width * 7)
        row = int((self.top - y) / self.height * 7)
        return (min(6, max(0, row)), min(6, max(0, col)))

    def on_touch_down(self, touch: Any) -> bool:
        cell = self._cell_at(*touch.pos) if self.active else None
        if cell is None:
            return super().on_touch_down(touch)
        touch.grab(self)
        self.dispatch("on_cell", cell)
        return True

    def on_touch_move(self, touch: Any) -> bool:
        if touch.grab_current is self:
            cell = self._cell_at(*touch.pos)
            if cell is not None:
                self.dispatch("on_cell", cell)
            return True
        return super().on_touch_move(touch)

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self:
            touch.ungrab(self)
            return True
        return super().on_touch_up(touch)
