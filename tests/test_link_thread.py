"""The device links' worker thread (hardware/link_thread.py): started once, stopped by its event,
a stop from the link's own thread does not wait for itself."""
from __future__ import annotations

import threading

import pytest

from hardware.link_thread import LinkThread


class Looping(LinkThread):
    LINK_NAME, THREAD_NAME, STOP_TIMEOUT = "test", "cairn-test", 5.0

    def __init__(self, stop_itself: bool = False) -> None:
        super().__init__()
        self.stop_itself, self.ran = stop_itself, threading.Event()

    def _run(self) -> None:
        self.ran.set()
        if self.stop_itself:
            self.stop()  # as a callback on the link's thread may
        self._stopping.wait()


def test_a_link_runs_on_its_named_thread_until_stopped() -> None:
    with Looping() as link:
        assert link.ran.wait(5)
        assert link._thread is not None and link._thread.name == "cairn-test" and link._thread.daemon
    assert not link._thread.is_alive()


def test_a_link_starts_once() -> None:
    link = Looping().start()
    try:
        with pytest.raises(RuntimeError, match="the test link is already started"):
            link.start()
    finally:
        link.stop()


def test_a_stop_from_the_links_own_thread_does_not_wait_for_itself() -> None:
    link = Looping(stop_itself=True).start()
    assert link.ran.wait(5)
    link._thread.join(5)
    assert not link._thread.is_alive()
