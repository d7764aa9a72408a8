"""Simple, clean icons drawn with Kivy canvas instructions (no image files, no borrowed art).

``Icon(kind="wood")`` draws inside its own box and redraws when it moves or resizes. Kinds: wood,
brick, stone, gold, food, tool, people, agriculture, score, hut, card, die (with ``value``).
"""
from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, Quad, Rectangle, RoundedRectangle, Triangle
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.widget import Widget

from companion.ui.theme import ICON_COLOURS

_DARK = (0.10, 0.08, 0.06, 1)
#: pip positions of a die face on a 3×3 grid (column, row), row 0 at the top
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


class Icon(Widget):
    """A square icon centred in the widget."""

    kind = StringProperty("wood")
    value = NumericProperty(0)
    tint = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._trigger = Clock.create_trigger(self._redraw, -1)
        self.bind(pos=self._trigger, size=self._trigger, kind=self._trigger, value=self._trigger, tint=self._trigger)
        self._trigger()

    def _redraw(self, *args: Any) -> None:
        self.canvas.clear()
        d = min(self.width, self.height)
        if d <= 0:
            return
        x = self.center_x - d / 2
        y = self.center_y - d / 2
        draw = getattr(self, f"_draw_{self.kind}", self._draw_card)
        with self.canvas:
            draw(x, y, d)

    def _c(self, name: str) -> Color:
        return Color(*(self.tint or ICON_COLOURS.get(name, (0.8, 0.8, 0.8, 1))))

    def _draw_wood(self, x: float, y: float, d: float) -> None:
        self._c("wood")
        RoundedRectangle(pos=(x + d * .08, y + d * .30), size=(d * .84, d * .40), radius=[d * .2])
        Color(0.80, 0.62, 0.38, 1)
        Ellipse(pos=(x + d * .64, y + d * .30), size=(d * .28, d * .40))
        Color(*_DARK)
        Line(ellipse=(x + d * .71, y + d * .40, d * .14, d * .20), width=max(1, d * .02))

    def _draw_brick(self, x: float, y: float, d: float) -> None:
        self._c("brick")
        Rectangle(pos=(x + d * .08, y + d * .25), size=(d * .84, d * .50))
        Color(0.95, 0.85, 0.75, 1)
        w = max(1, d * .025)
        Line(points=[x + d * .08, y + d * .5, x + d * .92, y + d * .5], width=w)
        Line(points=[x + d * .5, y + d * .5, x + d * .5, y + d * .75], width=w)
        Line(points=[x + d * .3, y + d * .25, x + d * .3, y + d * .5], width=w)
        Line(points=[x + d * .7, y + d * .25, x + d * .7, y + d * .5], width=w)

    def _draw_stone(self, x: float, y: float, d: float) -> None:
        self._c("stone")
        Quad(points=[x + d * .12, y + d * .3, x + d * .35, y + d * .78, x + d * .8, y + d * .7, x + d * .9, y + d * .22])
        Color(0.78, 0.80, 0.84, 1)
        Triangle(points=[x + d * .35, y + d * .78, x + d * .8, y + d * .7, x + d * .5, y + d * .5])

    def _draw_gold(self, x: float, y: float, d: float) -> None:
        self._c("gold")
        Quad(points=[x + d * .5, y + d * .9, x + d * .88, y + d * .5, x + d * .5, y + d * .1, x + d * .12, y + d * .5])
        Color(1, 0.95, 0.6, 1)
        Triangle(points=[x + d * .5, y + d * .9, x + d * .5, y + d * .5, x + d * .12, y + d * .5])

    def _draw_food(self, x: float, y: float, d: float) -> None:
        Color(0.95, 0.90, 0.80, 1)
        Line(points=[x + d * .25, y + d * .22, x + d * .5, y + d * .47], width=max(1.5, d * .07))
        Ellipse(pos=(x + d * .12, y + d * .1), size=(d * .16, d * .16))
        Ellipse(pos=(x + d * .2, y + d * .04), size=(d * .14, d * .14))
        self._c("food")
        Ellipse(pos=(x + d * .38, y + d * .36), size=(d * .52, d * .52))

    def _draw_tool(self, x: float, y: float, d: float) -> None:
        Color(0.62, 0.44, 0.24, 1)
        Line(points=[x + d * .22, y + d * .1, x + d * .66, y + d * .82], width=max(1.5, d * .06))
        self._c("tool")
        Quad(points=[x + d * .48, y + d * .86, x + d * .88, y + d * .66, x + d * .78, y + d * .5, x + d * .5, y + d * .62])

    def _draw_people(self, x: float, y: float, d: float) -> None:
        self._c("people")
        Ellipse(pos=(x + d * .36, y + d * .6), size=(d * .28, d * .28))
        Triangle(points=[x + d * .2, y + d * .08, x + d * .8, y + d * .08, x + d * .5, y + d * .6])

    def _draw_agriculture(self, x: float, y: float, d: float) -> None:
        self._c("agriculture")
        w = max(1.2, d * .04)
        Line(points=[x + d * .5, y + d * .08, x + d * .5, y + d * .9], width=w)
        for i in range(4):
            yy = y + d * (.3 + i * .15)
            Ellipse(pos=(x + d * .28, yy), size=(d * .2, d * .12))
            Ellipse(pos=(x + d * .52, yy), size=(d * .2, d * .12))

    def _draw_score(self, x: float, y: float, d: float) -> None:
        self._c("score")
        cx, cy, r = x + d / 2, y + d / 2, d * .45
        import math

        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * .45
            a = math.pi / 2 + i * math.pi / 5
            pts += [cx + rr * math.cos(a), cy + rr * math.sin(a)]
        for i in range(10):
            j = (i + 1) % 10
            Triangle(points=[cx, cy, pts[2 * i], pts[2 * i + 1], pts[2 * j], pts[2 * j + 1]])

    def _draw_hut(self, x: float, y: float, d: float) -> None:
        self._c("hut")
        Rectangle(pos=(x + d * .2, y + d * .1), size=(d * .6, d * .45))
        Color(0.45, 0.32, 0.18, 1)
        Triangle(points=[x + d * .08, y + d * .52, x + d * .92, y + d * .52, x + d * .5, y + d * .92])
        Color(*_DARK)
        Rectangle(pos=(x + d * .42, y + d * .1), size=(d * .16, d * .26))

    def _draw_card(self, x: float, y: float, d: float) -> None:
        self._c("card")
        RoundedRectangle(pos=(x + d * .2, y + d * .05), size=(d * .6, d * .9), radius=[d * .08])
        Color(0.93, 0.88, 0.72, 1)
        RoundedRectangle(pos=(x + d * .27, y + d * .5), size=(d * .46, d * .36), radius=[d * .05])

    def _draw_die(self, x: float, y: float, d: float) -> None:
        Color(0.96, 0.94, 0.88, 1)
        RoundedRectangle(pos=(x + d * .05, y + d * .05), size=(d * .9, d * .9), radius=[d * .16])
        Color(*_DARK)
        p = d * .16
        for col, row in PIPS.get(int(self.value), ()):
            cx = x + d * (.25 + .25 * col)
            cy = y + d * (.75 - .25 * row)
            Ellipse(pos=(cx - p / 2, cy - p / 2), size=(p, p))
