"""石器部落's pictures: the five resources, shells and chance cards, drawn like Cairn's other icons.

``StIcon(kind=...)`` adds fruit, meat, fish, shell and chance (a card in the colour of ``tint``) to the
shared ``Icon`` (wood, stone, die, ... come from there).
"""
from __future__ import annotations

import math

from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle, Triangle

from companion.ui.icons import Icon

#: resource and symbol colours of this game
COLOURS: dict[str, tuple[float, float, float, float]] = {
    "fruit": (0.90, 0.36, 0.20, 1),
    "meat": (0.78, 0.30, 0.32, 1),
    "fish": (0.36, 0.62, 0.82, 1),
    "shell": (0.96, 0.86, 0.70, 1),
    "gold": (0.93, 0.74, 0.20, 1),
    "red": (0.82, 0.24, 0.20, 1),
    "blue": (0.24, 0.48, 0.84, 1),
    "green": (0.28, 0.64, 0.32, 1),
}
#: skill -> the resource drawn on its button
SKILL_ICON = {"gathering": "fruit", "mining": "stone", "hunting": "meat", "logging": "wood",
              "fishing": "fish"}


class StIcon(Icon):
    """A square icon; kinds of the shared ``Icon`` plus fruit, meat, fish, shell and chance."""

    def _mine(self, name: str) -> Color:
        return Color(*(self.tint or COLOURS[name]))

    def _draw_fruit(self, x: float, y: float, d: float) -> None:
        self._mine("fruit")
        Ellipse(pos=(x + d * .16, y + d * .08), size=(d * .68, d * .68))
        Color(0.45, 0.30, 0.15, 1)
        Line(points=[x + d * .5, y + d * .7, x + d * .54, y + d * .88], width=max(1.2, d * .035))
        Color(0.40, 0.70, 0.30, 1)
        Ellipse(pos=(x + d * .55, y + d * .72), size=(d * .26, d * .14))

    def _draw_meat(self, x: float, y: float, d: float) -> None:
        Color(0.95, 0.90, 0.80, 1)
        Line(points=[x + d * .22, y + d * .22, x + d * .46, y + d * .46], width=max(1.5, d * .07))
        Ellipse(pos=(x + d * .08, y + d * .14), size=(d * .16, d * .16))
        Ellipse(pos=(x + d * .15, y + d * .06), size=(d * .16, d * .16))
        self._mine("meat")
        Ellipse(pos=(x + d * .34, y + d * .32), size=(d * .56, d * .56))
        Color(0.92, 0.62, 0.58, 1)
        Ellipse(pos=(x + d * .50, y + d * .52), size=(d * .22, d * .22))

    def _draw_fish(self, x: float, y: float, d: float) -> None:
        self._mine("fish")
        Ellipse(pos=(x + d * .08, y + d * .30), size=(d * .64, d * .40))
        Triangle(points=[x + d * .64, y + d * .5, x + d * .94, y + d * .74, x + d * .94, y + d * .26])
        Color(0.10, 0.08, 0.06, 1)
        Ellipse(pos=(x + d * .20, y + d * .50), size=(d * .08, d * .08))

    def _draw_shell(self, x: float, y: float, d: float) -> None:
        self._mine("shell")
        cx, cy, r = x + d * .5, y + d * .2, d * .7
        steps = 12
        pts = [(cx + r * math.cos(math.radians(20 + 140 * i / steps)),
                cy + r * math.sin(math.radians(20 + 140 * i / steps))) for i in range(steps + 1)]
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            Triangle(points=[cx, cy, ax, ay, bx, by])
        Rectangle(pos=(cx - d * .12, y + d * .08), size=(d * .24, d * .14))
        Color(0.70, 0.52, 0.36, 1)
        w = max(1, d * .025)
        for i in range(1, 6):
            a = math.radians(20 + 140 * i / 6)
            Line(points=[cx, cy, cx + r * .95 * math.cos(a), cy + r * .95 * math.sin(a)], width=w)

    def _draw_chance(self, x: float, y: float, d: float) -> None:
        Color(*(self.tint or (0.55, 0.50, 0.44, 1)))
        RoundedRectangle(pos=(x + d * .2, y + d * .05), size=(d * .6, d * .9), radius=[d * .08])
        Color(0.96, 0.93, 0.84, 1)
        RoundedRectangle(pos=(x + d * .28, y + d * .14), size=(d * .44, d * .72), radius=[d * .05])
        Color(*(self.tint or (0.55, 0.50, 0.44, 1)))
        Triangle(points=[x + d * .5, y + d * .72, x + d * .62, y + d * .5, x + d * .38, y + d * .5])
        Triangle(points=[x + d * .5, y + d * .28, x + d * .62, y + d * .5, x + d * .38, y + d * .5])
