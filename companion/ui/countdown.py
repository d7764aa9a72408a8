"""The dice screen's countdown on screen: "Confirming in 3 s · tap to stop" over the row of faces, with
a bar that drains, and a hook on the window that stops it at the first touch anywhere.

The rules are :mod:`companion.viewmodels.countdown`'s; this part only shows them and feeds them the
clock, the touches and the key (the app's revision and the dice on show). When it is due it calls the
screen's own ``on_next``, the path a tap on NEXT takes, so what is logged is exactly the dice on show.
A dice screen needs three calls: :meth:`ConfirmCountdown.offer` when a roll is shown, and
:meth:`ConfirmCountdown.stop` in ``on_next`` and ``on_leave``.
"""
from __future__ import annotations

import time
from typing import Any, Callable, Hashable

from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics import Color, Rectangle

from companion.i18n import tr
from companion.ui import theme
from companion.ui.widgets import CairnButton
from companion.viewmodels import countdown as cd
from companion.viewmodels.dice_reading import Reading

#: how often the line and the bar are redrawn (and the clock looked at), in seconds
TICK = 0.1
#: the line's height (design pixels) where it stands above NEXT
BAR_HEIGHT = 56


def _touching() -> bool:
    """A finger (or a mouse button) is down on the window now; a mouse merely hovering is not a touch."""
    return any(getattr(t, "is_touch", False) for t in EventLoop.touches)


class CountdownBar(CairnButton):
    """The countdown's line (tid ``countdown-stop``): a tap on it stops the countdown, as any touch does;
    the bar along its foot shows the time left."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(tid="countdown-stop", kind="normal", size_hint=(None, None), **kwargs)
        self.left = 1.0
        with self.canvas.after:
            Color(*theme.ACCENT)
            self._bar = Rectangle()
        self.bind(pos=self._redraw, size=self._redraw)

    def show_left(self, fraction: float, seconds: int) -> None:
        """``fraction`` of the time left (1.0 … 0.0), ``seconds`` whole seconds left."""
        self.left = fraction
        self.text = tr("Confirming in {n} s · tap to stop", n=seconds)
        self._redraw()

    def _redraw(self, *args: Any) -> None:
        """The bar inside the button's foot, between its rounded corners."""
        inset, high = self.height * 0.15, max(4.0, self.height * 0.08)
        self._bar.pos = (self.x + inset, self.y + high)
        self._bar.size = (max(0.0, self.width - 2 * inset) * self.left, high)


class ConfirmCountdown:
    """One dice screen's countdown: ``screen.on_next`` is called when it is due.

    ``clock`` gives the time in seconds (monotonic); tests of the rules inject their own, the window
    keeps the real one.
    """

    def __init__(self, screen: Any, clock: Callable[[], float] = time.monotonic) -> None:
        self.screen, self.clock = screen, clock
        self.state: cd.Countdown = cd.IDLE
        self.bar: CountdownBar | None = None
        self._event: Any = None
        #: how many times it confirmed (for tests and the report)
        self.confirms = 0

    @classmethod
    def of(cls, screen: Any) -> "ConfirmCountdown":
        """The countdown of ``screen`` (made on first use)."""
        mine = screen.__dict__.get("_confirm_countdown")
        if mine is None:
            mine = screen.__dict__["_confirm_countdown"] = cls(screen)
        return mine

    # -- what the screen calls ---------------------------------------------------------------------
    def offer(self, reading: Reading, outcome: str, uncertain: int, expected: int) -> None:
        """A roll was just shown: count down when it leaves nothing to choose, else stop."""
        if not cd.eligible(reading, outcome, uncertain, expected):
            self.stop()
            return
        self.state = cd.start(self.length(), self.clock(), self._key(), touching=_touching())
        if self.state.running:
            self._show()
        else:
            self.stop()

    def stop(self) -> None:
        """Stop counting (the dice stay on show); nothing is confirmed."""
        self.state = cd.IDLE
        if self._event is not None:
            self._event.cancel()
            self._event = None
        Window.unbind(on_touch_down=self._on_touch)
        if self.bar is not None and self.bar.parent is not None:
            self.bar.parent.remove_widget(self.bar)

    @property
    def running(self) -> bool:
        return self.state.running

    def length(self) -> float:
        """The countdown's length: the run's ``AppOptions.countdown`` when set, else the player's setting."""
        app = self.screen.app
        forced = getattr(app.options, "countdown", None)
        return float(app.settings.confirm_countdown if forced is None else forced)

    # -- inside --------------------------------------------------------------------------------------
    def _key(self) -> Hashable:
        """What must stay the same for the countdown to confirm: the game (the app's revision), the
        dice on show, and the screen being the one on show."""
        screen = self.screen
        shown = screen.manager is not None and screen.manager.current == screen.name
        return (screen.app.revision, screen.reading, shown)

    def _show(self) -> None:
        if self.bar is None:
            app = self.screen.app
            self.bar = CountdownBar(font_size=app.u(theme.FONT), bold=True)
        if self.bar.parent is None:
            self.screen.add_widget(self.bar)
        anchor = self._anchor()
        anchor.bind(pos=self._place, size=self._place)
        self._place()
        Window.unbind(on_touch_down=self._on_touch)
        Window.bind(on_touch_down=self._on_touch)
        if self._event is None:
            self._event = Clock.schedule_interval(self._tick, TICK)
        self._draw()

    def _anchor(self) -> Any:
        """What the line covers or stands on: the row of faces, or the row holding NEXT."""
        if getattr(self.screen, "countdown_over", "faces") == "faces":
            return self.screen.ids.faces
        return next(w for w in self.screen.walk(restrict=True) if getattr(w, "tid", "") == "next").parent

    def _place(self, *args: Any) -> None:
        """Over the row of faces (not needed while nothing is left to choose), or just above the row of
        NEXT where a screen's faces are too small for the line (``countdown_over = "next"``)."""
        if self.bar is None:
            return
        anchor = self._anchor()
        if getattr(self.screen, "countdown_over", "faces") == "faces":
            self.bar.pos, self.bar.size = anchor.pos, anchor.size
            return
        gap = self.screen.app.u(6)
        self.bar.size = (anchor.width, self.screen.app.u(BAR_HEIGHT))
        self.bar.pos = (anchor.x, anchor.top + gap)

    def _draw(self) -> None:
        if self.bar is not None:
            now = self.clock()
            self.bar.show_left(cd.fraction_left(self.state, now), cd.seconds_left(self.state, now))

    def _on_touch(self, window: Any, touch: Any) -> bool:
        """Any touch anywhere on the window stops the countdown; the touch goes on to what it touched."""
        self.state = cd.touched(self.state)
        self.stop()
        return False

    def _tick(self, dt: float) -> None:
        self.state, step = cd.tick(self.state, self.clock(), self._key(), touching=_touching())
        if step == "wait":
            self._draw()
            return
        self.stop()
        if step == "confirm":
            self.confirms += 1
            self.screen.on_next()
