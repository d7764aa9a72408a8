"""Ctrl+C and SIGTERM end a watching command cleanly, however it was started.

A process started in the background by a non-interactive shell (``cmd &`` in a script, a service
wrapper) inherits SIGINT as *ignored*, and Python then leaves it ignored: Ctrl+C or ``kill -INT``
would never reach ``KeyboardInterrupt``. ``stop_on_signals`` sets its own handler for both signals,
so such a watch stops the same way as one in a terminal.
"""
from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

#: the signals that end a watch
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def stop_on_signals(done: threading.Event) -> Iterator[None]:
    """While inside, SIGINT and SIGTERM set ``done`` instead of interrupting; the previous handlers are
    put back on the way out. Off the main thread (where Python allows no handler) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_signal(signum: int, frame: FrameType | None) -> None:
        done.set()

    previous = {sig: signal.signal(sig, on_signal) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
