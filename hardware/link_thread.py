"""The worker thread a device link runs on (the serial tray's, the smart dice'): started once,
stopped by an event the link's loop watches, usable as a context manager."""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any, TypeVar

_Link = TypeVar("_Link", bound="LinkThread")


class LinkThread:
    """Mixin for a link whose ``_run()`` loops until ``self._stopping`` is set.

    Subclasses set ``LINK_NAME`` (for messages), ``THREAD_NAME`` and ``STOP_TIMEOUT`` and call ``LinkThread.__init__`` (or set
    ``_stopping`` and ``_thread`` themselves) before :meth:`start`.
    """

    LINK_NAME = "device"
    THREAD_NAME = "cairn-link"
    STOP_TIMEOUT = 2.0
    #: the logger a faulty app callback is reported to
    LOG_NAME = "cairn.link"
    _stopping: threading.Event
    _thread: threading.Thread | None
    _status: Any
    _on_status: Callable[[Any], None] | None

    def __init__(self) -> None:
        self._stopping = threading.Event()
        self._thread = None

    def _run(self) -> None:  # pragma: no cover - each link has its own
        raise NotImplementedError

    def start(self: _Link) -> _Link:
        """Start the link's thread (once); returns self. RuntimeError if it was started before."""
        if self._thread is not None:
            raise RuntimeError(f"the {self.LINK_NAME} link is already started")
        self._thread = threading.Thread(target=self._run, name=self.THREAD_NAME, daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float | None = None) -> None:
        """Ask the loop to end and wait for the thread, at most ``timeout`` seconds (default
        ``STOP_TIMEOUT``); a stop from the link's own thread (a callback) does not wait for itself."""
        self._stopping.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(self.STOP_TIMEOUT if timeout is None else timeout)

    def __enter__(self: _Link) -> _Link:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def _publish(self, status: Any) -> None:
        """Make ``status`` the latest and pass it to ``on_status``, unless it equals the latest."""
        if status == self._status:
            return
        self._status = status
        if self._on_status is not None:
            self._call(self._on_status, status)

    def _call(self, callback: Callable[[Any], None], value: object) -> None:
        """Run an app callback; a bug in it is logged, and the link carries on."""
        try:
            callback(value)
        except Exception:  # noqa: BLE001 - the link must outlive a faulty callback
            logging.getLogger(self.LOG_NAME).exception("%s callback %r failed on %r", self.LINK_NAME, callback,
                                                       value)
