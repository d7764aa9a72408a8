"""The question a dice screen asks over its dice: a new roll seen ("use it / keep mine"), or more dice
read than are needed ("tap the dice to use"). The same panel serves every game's dice screen.

It covers the whole screen and takes every touch, so nothing under it can be tapped (or confirmed)
while the question is open; the screen's NEXT refuses while it is open too.
"""
from __future__ import annotations

from typing import Any, Callable

from kivy.graphics import Color, Rectangle, RoundedRectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label

from companion.i18n import _, tr
from companion.ui import theme
from companion.ui.widgets import CairnButton, IconButton
from companion.viewmodels.dice_reading import Reading
from companion.viewmodels.dice_reading import use_picked as dr_use_picked


class DicePrompt(FloatLayout):
    """The open question about ``reading``; the buttons call ``answer(word, index)``.

    ``word`` is ``use`` / ``keep`` for a new roll, ``pick`` (with the die's index) / ``use-picked`` /
    ``keep`` for a choice of dice.
    """

    def __init__(self, app: Any, answer: Callable[[str, int], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.app, self.answer = app, answer
        with self.canvas.before:
            Color(0, 0, 0, 0.55)
            self._shade = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=self._redraw, size=self._redraw)
        self.panel = BoxLayout(orientation="vertical", size_hint=(0.86, None), pos_hint={"center_x": 0.5,
                               "center_y": 0.5}, padding=app.u(14), spacing=app.u(10))
        with self.panel.canvas.before:
            Color(*theme.BG)
            self._panel_bg = RoundedRectangle(radius=[app.u(12)])
        self.panel.bind(pos=self._redraw, size=self._redraw)
        self.message = Label(font_size=app.u(theme.FONT), halign="left", valign="middle", color=theme.TEXT,
                             size_hint_y=None, height=app.u(56))
        self.message.bind(size=lambda lb, size: setattr(lb, "text_size", size))
        self.dice = BoxLayout(size_hint_y=None, height=app.u(72), spacing=app.u(6))
        self.buttons = BoxLayout(size_hint_y=None, height=app.u(64), spacing=app.u(10))
        for part in (self.message, self.dice, self.buttons):
            self.panel.add_widget(part)
        self.panel.height = app.u(56 + 72 + 64 + 28 + 20)
        self.add_widget(self.panel)
        self._shape: tuple[str, int] = ("", 0)
        self._use: CairnButton | None = None

    def _redraw(self, *args: Any) -> None:
        self._shade.pos, self._shade.size = self.pos, self.size
        self._panel_bg.pos, self._panel_bg.size = self.panel.pos, self.panel.size

    def on_touch_down(self, touch: Any) -> bool:
        super().on_touch_down(touch)
        return True  # nothing under the question takes a touch

    def on_touch_move(self, touch: Any) -> bool:
        super().on_touch_move(touch)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        super().on_touch_up(touch)
        return True

    def show(self, reading: Reading) -> None:
        """Draw the question ``reading`` asks (a waiting roll first, else the dice to pick from).

        While the question keeps its shape (the same kind and number of dice), the buttons on show are
        updated where they stand, never removed and rebuilt: a finger already on "use" or on a die
        keeps its tap when a newer roll or a pick changes what they show.
        """
        if reading.pending:
            shape: tuple[str, int] = ("new", len(reading.pending))
            text = tr("New roll seen: {dice}. Use it, or keep the dice you set?",
                      dice=" · ".join(str(v) for v in reading.pending))
        else:
            shape = ("pick", len(reading.choice))
            if reading.most:  # one die per figure: the player taps those of this space
                text = tr("{got} dice seen, at most {need}: tap the dice of this space.",
                          got=len(reading.choice), need=reading.most)
            else:
                text = tr("{got} dice seen, {need} needed: tap the {need} to use.",
                          got=len(reading.choice), need=len(reading.values))
        if shape != self._shape:
            self._build(reading, shape)
        self.message.text = text
        dice = list(reversed(self.dice.children))  # Kivy keeps children last-added first
        if reading.pending:
            for b, v in zip(dice, reading.pending):
                b.value, b.count = v, str(v)
            return
        for i, (b, v) in enumerate(zip(dice, reading.choice)):
            b.value, b.count = v, str(v)
            b.kind = "selected" if i in reading.picked else "normal"
        if self._use is not None:
            self._use.text = tr("Use these {n}", n=len(reading.picked) if reading.most else len(reading.values))
            self._use.disabled = dr_use_picked(reading) is None

    def _build(self, reading: Reading, shape: tuple[str, int]) -> None:
        """Put up the dice and buttons of a question of ``shape`` (their values come from ``show``)."""
        self._shape, self._use = shape, None
        self.dice.clear_widgets()
        self.buttons.clear_widgets()
        if shape[0] == "new":
            for i in range(shape[1]):
                self.dice.add_widget(IconButton(icon="die", tid=f"new-die-{i}", kind="ghost", disabled=True))
            self._button(_("Use the new roll"), "prompt-use", "use", kind="normal")
            self._button(_("Keep mine"), "prompt-keep", "keep", kind="accent")
            return
        for i in range(shape[1]):
            b = IconButton(icon="die", tid=f"pick-die-{i}", payload=i, kind="normal")
            b.bind(on_release=lambda btn: self.answer("pick", btn.payload))
            self.dice.add_widget(b)
        self._button(_("None of these"), "prompt-keep", "keep", kind="normal")
        self._use = self._button("", "prompt-use-picked", "use-picked", kind="accent")

    def _button(self, text: str, tid: str, word: str, kind: str) -> CairnButton:
        b = CairnButton(text=text, tid=tid, kind=kind, font_size=self.app.u(theme.FONT))
        b.bind(on_release=lambda btn: self.answer(word, -1))
        self.buttons.add_widget(b)
        return b
