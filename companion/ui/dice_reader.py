"""Reads the dice off the UI thread: a thread that feeds the camera's latest frames to a SettleDetector.

It only works while ``active`` is set (a dice screen is open), and it reports each settled roll once
through ``on_settled(values, uncertain_count, fresh, asked)`` on its own thread; the bridge hands that
to the Kivy clock. ``fresh`` says whether the dice left the places of the last new roll and settled
again (a throw), or are what is left of it (dice picked up, nudged); ``asked`` marks a reading the
player asked for (READ). ``last_dice`` keeps the dice of the last reading, for outlining them on the
preview.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import Any, Callable

log = logging.getLogger(__name__)


class DiceReaderThread:
    """A daemon thread: camera frames in, settled rolls out."""

    def __init__(self, camera: Any, on_settled: Callable[[tuple[int, ...], int, bool, bool], None],
                 period: float = 0.1) -> None:
        self.camera = camera
        self.on_settled = on_settled
        self.period = period
        self.active = False
        self.last_dice: tuple[Any, ...] = ()
        self.status = "idle"
        #: the dice of the last new roll reported: a later reading is new only if its dice left these places
        self._thrown: tuple[Any, ...] = ()
        #: the reading thread's id once it runs (never the UI thread's)
        self.ident: int | None = None
        self._stop = threading.Event()
        self._read_now = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cairn-dice-reader", daemon=True)

    def start(self) -> None:
        """Start the thread (returns at once)."""
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread and wait briefly for it."""
        self._stop.set()
        self._thread.join(timeout=1.0)

    def _run(self) -> None:
        from vision.reader import read_dice
        from vision.settle import SettleDetector, moved_on

        self.ident = threading.get_ident()
        detector = SettleDetector(read=read_dice)
        seen = -1
        while not self._stop.wait(self.period):
            if self._read_now.is_set():
                self._read_now.clear()
                self._read_latest(read_dice)
                continue
            if not self.active:
                detector.reset()
                continue
            shot = self.camera.latest()
            if shot is None or shot.seq == seen:
                continue
            seen = shot.seq
            try:
                settled = detector.feed(shot.frame, shot.t)
            except Exception as exc:  # a bad frame must not end the reader
                log.warning("dice reader: %s", exc)
                continue
            self.status = detector.status
            if self.status in ("moving", "hand"):
                self.last_dice = ()
            if settled is not None:
                self.last_dice = tuple(settled.dice)
                fresh = moved_on(self._thrown, settled.dice)
                if fresh:
                    self._thrown = tuple(settled.dice)
                self.on_settled(settled.values, len(settled.uncertain), fresh, False)

    def request_read(self) -> None:
        """Read the latest frame as it is (READ pressed); the result comes through ``on_settled``."""
        self._read_now.set()

    def _read_latest(self, read_dice: Callable[[Any], Any]) -> None:
        shot = self.camera.latest()
        if shot is None:
            self.on_settled((), 0, False, True)
            return
        try:
            dice = tuple(read_dice(shot.frame))
        except Exception as exc:
            log.warning("dice reader: %s", exc)
            return
        self.last_dice = dice
        if dice:
            self._thrown = dice
        self.on_settled(tuple(sorted(d.value for d in dice)), sum(1 for d in dice if not d.certain), True, True)
