"""Touching the app's widgets by their ``tid``, through Kivy's own input path: what the screenshot
tours and the UI tests use to press buttons as a player would."""
from __future__ import annotations

from typing import Any, Iterator


class Taps:
    """``find`` and ``tap`` for anything holding the running ``app``."""

    app: Any

    def find(self, tid: str) -> Any:
        """The widget on show whose ``tid`` is ``tid``; LookupError when there is none."""
        for widget in self.app.root.walk(restrict=True):
            if getattr(widget, "tid", None) == tid:
                return widget
        raise LookupError(f"no widget {tid!r} on screen {self.app.sm.current}")

    def tap(self, tid: str) -> Iterator[None]:
        """Touch the widget ``tid`` at its centre, down then up a frame apart (a generator to step
        one frame per ``next``); RuntimeError when it is disabled."""
        from kivy.tests.common import UnitTestTouch

        widget = self.find(tid)
        if widget.disabled:
            raise RuntimeError(f"{tid} is disabled on screen {self.app.sm.current}")
        touch = UnitTestTouch(*widget.to_window(*widget.center))
        touch.touch_down()
        yield
        touch.touch_up()
        yield
        yield
