"""A thread that opens and reads a camera off the UI thread, keeps the latest frame and reconnects.

>>> worker = CameraWorker("auto", on_status=print)        # doctest: +SKIP
>>> worker.start()                                       # returns at once
>>> shot = worker.latest()                               # None until the first frame
>>> worker.stop()

Status changes go to ``on_status`` (called on the worker thread: the app moves them to the UI thread
with ``Clock.schedule_once``). A camera that fails or disappears is closed and opened again after
0.25 s, 0.5 s, 1 s, 2 s, 4 s, then every 5 s, so it is picked up again when it comes back. A spec
that makes no sense stops the worker at once, but only if it never worked: a camera folder that opened
once and then went away (a USB stick pulled out, a network share gone) is tried again like an unplugged
camera.
"""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, Literal

import numpy as np

from hardware.camera import CameraSpec, FrameSource, NoCamera, open_source
from hardware.errors import BadSpec

log = logging.getLogger(__name__)

State = Literal["connecting", "connected", "disconnected", "reconnecting", "stopped"]


@dataclass(frozen=True)
class CameraStatus:
    """Where the camera stands: ``state``, what ``source`` it is, why it is not connected, and when the
    next attempt comes (``retry_in`` seconds, None when there will be none)."""

    state: State
    source: str
    reason: str = ""
    retry_in: float | None = None

    def __str__(self) -> str:
        text = f"{self.source}: {self.state}"
        if self.reason:
            text += f" ({self.reason})"
        if self.retry_in is not None:
            text += f", trying again in {self.retry_in:g} s"
        return text


@dataclass(frozen=True)
class Shot:
    """A frame with the clock time it was read and its number (1, 2, …) since the worker started."""

    frame: np.ndarray = field(repr=False)
    t: float
    seq: int


def backoff(first: float = 0.25, limit: float = 5.0) -> Iterator[float]:
    """Retry delays: ``first``, doubling each time, never more than ``limit``."""
    delay = first
    while True:
        yield min(delay, limit)
        delay = min(delay * 2, limit)


class CameraWorker:
    """Reads the source ``spec`` names on its own daemon thread; nothing here blocks the caller.

    :param spec: a camera spec string (see :mod:`hardware.camera`) or a parsed :class:`CameraSpec`.
    :param opener: ``opener(spec) -> FrameSource``; :func:`~hardware.camera.open_source` by default.
    :param on_status: called with each new :class:`CameraStatus` (on the worker thread).
    :param on_frame: called with each new :class:`Shot` (on the worker thread); keep it quick. An exception
        in a callback is logged and the camera goes on.
    :param clock: seconds, for frame times and for noticing a camera that stopped giving pictures.
    :param sleep: ``sleep(seconds)``; by default a wait that :meth:`stop` cuts short.
    :param first_retry: the first reconnect delay; it doubles up to ``max_retry``.
    :param lost_after: seconds without a picture after which a camera counts as gone.
    """

    def __init__(self, spec: str | CameraSpec, *,
                 opener: Callable[[str | CameraSpec], FrameSource] = open_source,
                 on_status: Callable[[CameraStatus], object] | None = None,
                 on_frame: Callable[[Shot], object] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], object] | None = None,
                 first_retry: float = 0.25, max_retry: float = 5.0, lost_after: float = 2.0) -> None:
        self.spec = spec
        self._opener = opener
        self._on_status = on_status
        self._on_frame = on_frame
        self._clock = clock
        self._stop = threading.Event()
        self._sleep = sleep or self._stop.wait
        self.first_retry, self.max_retry, self.lost_after = first_retry, max_retry, lost_after
        self._lock = threading.Lock()
        self._latest: Shot | None = None
        self._seq = 0
        self._status = CameraStatus("connecting", str(spec))
        self._thread: threading.Thread | None = None
        self._source: FrameSource | None = None

    @property
    def source(self) -> FrameSource | None:
        """The source being read right now, or None (e.g. to :meth:`~hardware.demo_dice.DemoDice.roll`
        the demo camera when READ is pressed)."""
        return self._source

    @property
    def status(self) -> CameraStatus:
        """The current status (never blocks)."""
        return self._status

    def latest(self) -> Shot | None:
        """The newest frame from the camera as it is connected now, or None (before the first frame and
        while the camera is gone); never waits for a frame."""
        with self._lock:
            return self._latest

    def start(self) -> None:
        """Start the thread and return at once; starting twice is an error."""
        if self._thread is not None:
            raise RuntimeError("the camera worker has already been started")
        self._thread = threading.Thread(target=self._run, name=f"camera {self.spec}", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 1.0) -> bool:
        """Ask the thread to stop and wait up to ``timeout`` s; True when it has ended. A camera stuck in
        its driver cannot be interrupted: the thread then ends (and closes it) once the driver returns."""
        self._stop.set()
        if self._thread is None:
            return True
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def __enter__(self) -> CameraWorker:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- the thread ----------------------------------------------------------------------------------

    def _set(self, state: State, source: str, reason: str = "", retry_in: float | None = None) -> None:
        status = CameraStatus(state, source, reason, retry_in)
        if status == self._status:
            return
        self._status = status
        if self._on_status is not None:
            _call(self._on_status, status)

    def _run(self) -> None:
        name = str(self.spec)
        delays = backoff(self.first_retry, self.max_retry)
        first = True
        worked = False  # once a source opened, a spec refused later names something that went away
        try:
            while not self._stop.is_set():
                if not first:
                    self._set("reconnecting", name, self._status.reason)
                first = False
                try:
                    source = self._opener(self.spec)
                except Exception as exc:  # DeviceUnavailable, or a driver's own error: retry later
                    if isinstance(exc, BadSpec) and not worked:
                        self._set("disconnected", name, str(exc))
                        return  # a spec that makes no sense will not start working
                    # (a BadSpec for a spec that worked: what it names, e.g. a folder, went away)
                    delay = next(delays)
                    self._set("disconnected", name, str(exc) or type(exc).__name__, delay)
                    self._sleep(delay)
                    continue
                if isinstance(source, NoCamera):
                    self._set("disconnected", source.description, "the camera is set to none")
                    return
                name, worked = source.description, True
                try:
                    if self._stop.is_set():
                        return
                    self._source = source
                    self._set("connected", name)
                    reason = self._pump(source)
                finally:
                    self._source = None
                    source.close()
                if reason is None:
                    return
                with self._lock:
                    self._latest = None  # an old picture must not pass for what the camera sees now
                delays = backoff(self.first_retry, self.max_retry)
                delay = next(delays)
                self._set("disconnected", name, reason, delay)
                self._sleep(delay)
        finally:
            self._set("stopped", name, self._status.reason if self._status.state == "disconnected" else "")

    def _pump(self, source: FrameSource) -> str | None:
        """Read frames until stopped (None) or the camera fails (the reason)."""
        pace = float(getattr(source, "pace", 0.0) or 0.0)
        last_frame = self._clock()
        while not self._stop.is_set():
            try:
                frame = source.read()
            except Exception as exc:
                return str(exc) or type(exc).__name__
            now = self._clock()
            if frame is None:
                if now - last_frame >= self.lost_after:
                    return f"no picture for {self.lost_after:g} s"
                self._sleep(max(pace, 0.02))
                continue
            last_frame = now
            with self._lock:
                self._seq += 1
                shot = self._latest = Shot(frame, now, self._seq)
            if self._on_frame is not None:
                _call(self._on_frame, shot)
            if pace:
                self._sleep(pace)
        return None


def _call(callback: Callable[[object], object], value: object) -> None:
    """Run a caller's callback; its failure is logged and must not stop the camera."""
    try:
        callback(value)
    except Exception:
        log.exception("camera callback %r failed", callback)
