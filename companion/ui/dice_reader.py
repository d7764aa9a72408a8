"""Reads the dice off the UI thread: a thread that feeds the camera's latest frames to a SettleDetector.

It only works while ``active`` is set (a dice screen is open), and it reports each settled roll once
through ``on_settled(values, uncertain_count, fresh, asked)`` on its own thread; the bridge hands that
to the Kivy clock. ``fresh`` says whether the dice left the places of the last new roll and settled
again (a throw), or are what is left of it (dice picked up, nudged); ``asked`` marks a reading the
player asked for (READ). ``last_dice`` keeps the dice of the last reading, for outlining them on the
preview.

Every reading goes through the camera's calibration (``vision.calibrate.Calibration``: its dice area
and dice size), which :meth:`DiceReaderThread.set_calibration` swaps while the thread runs (once the
player has calibrated the camera); None reads the whole frame.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

#: ``on_dice(dice, (height, width))``: the dice of a reading with the size of the frame they were read in
DiceHook = Callable[[tuple[Any, ...], tuple[int, int]], None]


class DiceReaderThread:
    """A daemon thread: camera frames in, settled rolls out.

    :param camera: anything with ``latest() -> Shot | None`` (a :class:`~hardware.camera_worker.CameraWorker`).
    :param on_settled: ``on_settled(values, uncertain, fresh, asked)`` for each settled roll and READ.
    :param calibration: the camera's calibration to read through, or None for the whole frame.
    :param on_dice: also called (before ``on_settled``) with the dice read and the frame's size.
    """

    def __init__(self, camera: Any, on_settled: Callable[[tuple[int, ...], int, bool, bool], None],
                 period: float = 0.1, calibration: Any = None, on_dice: DiceHook | None = None) -> None:
        self.camera = camera
        self.on_settled = on_settled
        self.on_dice = on_dice
        self.period = period
        self.active = False
        self.last_dice: tuple[Any, ...] = ()
        self.status = "idle"
        #: the calibration every reading goes through (swapped by ``set_calibration``)
        self.calibration = calibration
        #: the dice of the last new roll reported: a later reading is new only if its dice left these places
        self._thrown: tuple[Any, ...] = ()
        #: the reading thread's id once it runs (never the UI thread's)
        self.ident: int | None = None
        self._stop = threading.Event()
        self._read_now = threading.Event()
        self._recalibrated = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cairn-dice-reader", daemon=True)

    def start(self) -> None:
        """Start the thread (returns at once)."""
        self._thread.start()

    def stop(self, wait: bool = True) -> None:
        """Stop the thread and (with ``wait``) wait briefly for it; without, it ends after the reading
        in progress, and reports nothing more."""
        self._stop.set()
        if wait and self._thread.is_alive():
            self._thread.join(timeout=1.0)

    def set_calibration(self, calibration: Any) -> None:
        """Read through ``calibration`` (None: the whole frame) from the next reading on, without
        restarting the thread; a roll half seen through the old one is forgotten."""
        self.calibration = calibration
        self._recalibrated.set()

    def read(self, frame: Any) -> list[Any]:
        """The dice in ``frame``, read through the calibration in use at this moment."""
        from vision.reader import read_dice

        return read_dice(frame, self.calibration)

    def _run(self) -> None:
        from vision.settle import SettleDetector, moved_on

        self.ident = threading.get_ident()
        self._warm_up()
        detector = SettleDetector(read=self.read)
        seen = -1
        while not self._stop.wait(self.period):
            if self._recalibrated.is_set():
                self._recalibrated.clear()
                detector.reset()
                self._thrown = ()
            if self._read_now.is_set():
                self._read_now.clear()
                self._read_latest()
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
            if settled is not None and not self._stop.is_set():
                self.last_dice = tuple(settled.dice)
                self._tell_dice(self.last_dice, settled.frame)
                fresh = moved_on(self._thrown, settled.dice)
                if fresh:
                    self._thrown = tuple(settled.dice)
                self.on_settled(settled.values, len(settled.uncertain), fresh, False)

    def _warm_up(self) -> None:
        """Pay what a process's first read pays once (``vision.warm``: OpenCV's colour tables, the
        networks) before the first roll, so that roll is read nearly as fast as a later one."""
        try:
            from vision.warm import warm_up

            warm_up()
        except Exception as exc:  # a missing model: every read says so again, and falls back to touch
            log.warning("dice reader: %s", exc)

    def request_read(self) -> None:
        """Read the latest frame as it is (READ pressed); the result comes through ``on_settled``."""
        self._read_now.set()

    def _read_latest(self) -> None:
        shot = self.camera.latest()
        if shot is None:
            self.on_settled((), 0, False, True)
            return
        try:
            dice = tuple(self.read(shot.frame))
        except Exception as exc:
            log.warning("dice reader: %s", exc)
            return
        self.last_dice = dice
        if dice:
            self._thrown = dice
        self._tell_dice(dice, shot.frame)
        self.on_settled(tuple(sorted(d.value for d in dice)), sum(1 for d in dice if not d.certain), True, True)

    def _tell_dice(self, dice: tuple[Any, ...], frame: Any) -> None:
        if self.on_dice is None:
            return
        try:
            self.on_dice(dice, tuple(frame.shape[:2]))  # type: ignore[arg-type]
        except Exception:  # the hook's failure must not end the reader
            log.exception("dice reader: on_dice failed")
