"""One frame-stepper for everything that plays the app by itself: the screenshot tours and the UI
test drivers. A scenario is a generator that yields once per frame it wants drawn; the stepper
calls ``next`` on Kivy's clock until the generator ends or raises.
"""
from __future__ import annotations

import traceback
from typing import Any, Callable, Iterator


class FrameStepper:
    """Step ``steps`` on Kivy's clock: the first step ``delay`` seconds after :meth:`start` (so the
    first frames are drawn), then one every ``interval`` seconds (0: every frame).

    ``on_done(error)`` is called once, with ``None`` when the generator ended and with the formatted
    traceback when it raised; ``after_step()``, if given, after every step that did not end it.
    The stepper keeps itself alive while it runs (Kivy's clock keeps only weak references).
    """

    def __init__(self, steps: Iterator[Any], on_done: Callable[[str | None], None], *, interval: float = 0.0,
                 delay: float = 0.3, after_step: Callable[[], None] | None = None) -> None:
        self.steps, self.on_done, self.after_step = steps, on_done, after_step
        self.interval, self.delay = interval, delay
        self.running = False
        self._event: Any = None

    def start(self) -> FrameStepper:
        """Schedule the first step; returns the stepper."""
        from kivy.clock import Clock

        self.running = True
        self._event = Clock.schedule_once(self._step, self.delay)
        return self

    def stop(self) -> None:
        """No further steps (``on_done`` is not called)."""
        self.running = False
        if self._event is not None:
            self._event.cancel()
            self._event = None

    def _step(self, dt: float) -> None:
        from kivy.clock import Clock

        if not self.running:
            return
        try:
            next(self.steps)
        except StopIteration:
            self._end(None)
            return
        except Exception:
            self._end(traceback.format_exc())
            return
        if self.after_step is not None:
            self.after_step()
        if self.running:
            self._event = Clock.schedule_once(self._step, self.interval)

    def _end(self, error: str | None) -> None:
        self.running, self._event = False, None
        self.on_done(error)
