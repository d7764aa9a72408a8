"""The e-dice link over real pseudo-terminals: rolls, garbage, unplug/replug, auto-detect, stop."""
from __future__ import annotations

import os
import pty
import queue
import select
import threading
import time
import tty
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Iterator

import pytest
import serial

from hardware.edice import EDiceLink, LinkState, LinkStatus
from hardware.edice_protocol import Hello, Reason, Rejected, with_checksum
from hardware.inputs import DiceRoll

WAIT = 10.0  # generous: the machine may be busy


class Tray:
    """The device side of a pty pair, reached by the host through a symlink that can be re-pointed."""

    def __init__(self, link_path: Path | None = None) -> None:
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        self.tty = os.ttyname(self.slave)
        self.path = link_path
        if link_path is not None:
            _point(link_path, self.tty)
        self._buffer = b""

    def send(self, *lines: str | bytes) -> None:
        for line in lines:
            os.write(self.master, (line.encode() if isinstance(line, str) else line) + b"\n")

    def received(self, timeout: float = WAIT, want: bytes | None = None) -> list[bytes]:
        """Lines the host wrote; with ``want``, waits until that line has arrived."""
        deadline = time.monotonic() + timeout
        while True:
            lines = self._buffer.split(b"\n")
            if want is None or want in lines[:-1] or time.monotonic() > deadline:
                if want is None or want in lines[:-1]:
                    self._buffer = lines[-1]
                    return lines[:-1]
                return []
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                self._buffer += os.read(self.master, 1024)

    def unplug(self) -> None:
        os.close(self.master)
        os.close(self.slave)


def _point(link: Path, target: str) -> None:
    temp = link.with_name(link.name + ".new")
    temp.unlink(missing_ok=True)
    temp.symlink_to(target)
    os.replace(temp, link)


class Recorder:
    """Collects a link's callbacks and waits for them without sleeping blindly."""

    def __init__(self) -> None:
        self.rolls: queue.Queue[DiceRoll] = queue.Queue()
        self.statuses: list[LinkStatus] = []
        self.rejected: list[Rejected] = []
        self._changed = threading.Condition()

    def on_roll(self, roll: DiceRoll) -> None:
        self.rolls.put(roll)

    def on_status(self, status: LinkStatus) -> None:
        with self._changed:
            self.statuses.append(status)
            self._changed.notify_all()

    def on_reject(self, rejected: Rejected) -> None:
        self.rejected.append(rejected)

    def roll(self, timeout: float = WAIT) -> DiceRoll:
        return self.rolls.get(timeout=timeout)

    def wait_status(self, check: Callable[[LinkStatus], bool], start: int = 0, timeout: float = WAIT) -> int:
        """Index of the first status from ``start`` on that passes ``check``; fails after ``timeout``."""
        with self._changed:
            found = self._changed.wait_for(
                lambda: any(check(s) for s in self.statuses[start:]), timeout)
            assert found, f"no such status in {self.statuses}"
            return next(i for i, s in enumerate(self.statuses) if i >= start and check(s))


class FakeClock:
    """A clock the test advances by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def tray(tmp_path: Path) -> Iterator[Tray]:
    device = Tray(tmp_path / "ttyCAIRN")
    yield device
    for fd in (device.master, device.slave):
        try:
            os.close(fd)
        except OSError:
            pass


def _link(port: str | None, recorder: Recorder, **kwargs: Any) -> EDiceLink:
    return EDiceLink(port, on_roll=recorder.on_roll, on_status=recorder.on_status,
                     on_reject=recorder.on_reject, **kwargs)


def _barrier(tray: Tray, link: EDiceLink, mark: int) -> None:
    """Wait until the link has handled every line sent so far (lines are handled in order)."""
    tray.send(f"BATT 99 {mark}")
    deadline = time.monotonic() + WAIT
    while link.batteries.get(99) != mark:
        assert time.monotonic() < deadline, "the link did not read the line"
        time.sleep(0.01)


def test_link_reports_a_roll_and_asks_hello(tray: Tray, recorder: Recorder) -> None:
    with _link(str(tray.path), recorder) as link:
        assert tray.received(want=b"HELLO?")
        tray.send("HELLO tray-7 2 1", "ROLLING 1", "ROLLING 2", "ROLL 1 4", "ROLL 2 6")
        assert recorder.roll() == DiceRoll(values=(4, 6), source="edice", dice=(1, 2))
        recorder.wait_status(lambda s: s.device == Hello("tray-7", 2, 1))
        assert link.status.text == "e-dice connected: tray-7, 2 dice"
        assert link.rejects == {}
        assert link.send("PING") and tray.received(want=b"PING")


def test_link_groups_by_the_300_ms_rule_on_its_clock(tmp_path: Path, recorder: Recorder) -> None:
    tray = Tray(tmp_path / "tty")
    clock = FakeClock()
    with _link(str(tray.path), recorder, clock=clock, settle=0.3) as link:
        assert tray.received(want=b"HELLO?")  # the port is open (opening flushes older input)
        tray.send("HELLO t 99 1", "ROLLING 1", "ROLL 1 3")
        _barrier(tray, link, 1)
        clock.now = 0.29
        tray.send("ROLLING 2")  # inside the window: the same roll
        _barrier(tray, link, 2)
        clock.now = 0.5
        tray.send("ROLL 2 5")
        _barrier(tray, link, 3)
        clock.now = 0.58
        _barrier(tray, link, 4)
        assert recorder.rolls.empty()  # 0.29 + 0.3 has not passed yet
        clock.now = 0.6
        assert recorder.roll() == DiceRoll(values=(3, 5), source="edice", dice=(1, 2))
        # a die that rolls again before completion replaces its value
        tray.send("ROLLING 1", "ROLLING 2", "ROLL 1 2", "ROLL 2 2", "ROLLING 1")
        _barrier(tray, link, 5)
        clock.now = 5.0
        _barrier(tray, link, 6)
        assert recorder.rolls.empty()  # die 1 is moving again
        tray.send("ROLL 1 6")
        assert recorder.roll() == DiceRoll(values=(6, 2), source="edice", dice=(1, 2))
    tray.unplug()


def test_link_counts_and_skips_garbage(tray: Tray, recorder: Recorder) -> None:
    with _link(str(tray.path), recorder) as link:
        assert tray.received(want=b"HELLO?")
        tray.send(
            "HELLO tray 3 1",
            b"\x00\xff\xfe garbage \x07",
            "ROLLING 1",
            "SHAKE 1",
            "ROLL 1 9",
            b"x" * 500,
            "ROLL 1 5*00",
            "ROLL 4 2",  # the tray said it has 3 dice
            "ROLL 1",
            with_checksum("ROLL 1 5"),
        )
        assert recorder.roll() == DiceRoll(values=(5,), source="edice", dice=(1,))
        assert link.rejects == {"binary": 1, "unknown-word": 1, "bad-face": 1, "too-long": 1,
                                "bad-checksum": 1, "bad-die": 1, "bad-arguments": 1}
        assert [r.reason for r in recorder.rejected] == [
            Reason.BINARY, Reason.UNKNOWN_WORD, Reason.BAD_FACE, Reason.TOO_LONG, Reason.BAD_CHECKSUM,
            Reason.BAD_DIE, Reason.BAD_ARGUMENTS]
        assert link.status.state is LinkState.CONNECTED


def test_link_survives_unplug_and_replug_on_the_same_path(tray: Tray, recorder: Recorder) -> None:
    with _link(str(tray.path), recorder, max_backoff=0.5):
        first = recorder.wait_status(lambda s: s.state is LinkState.CONNECTED)
        assert tray.received(want=b"HELLO?")
        tray.send("ROLL 1 2")
        assert recorder.roll().values == (2,)
        tray.unplug()
        gone = recorder.wait_status(lambda s: s.state is LinkState.DISCONNECTED, first)
        assert recorder.statuses[gone].text == "e-dice disconnected"
        assert recorder.statuses[gone].port == str(tray.path)
        time.sleep(1.0)  # a few failed reopen attempts on the dangling path: one status only
        assert [s.state for s in recorder.statuses[gone:]] == [LinkState.DISCONNECTED]
        again = Tray(tray.path)  # plugged back in: the path now leads to a new tty
        tray.master, tray.slave = again.master, again.slave  # so the fixture closes it
        recorder.wait_status(lambda s: s.state is LinkState.CONNECTED, gone)
        assert again.received(want=b"HELLO?")
        again.send("ROLLING 1", "ROLL 1 6")
        assert recorder.roll() == DiceRoll(values=(6,), source="edice", dice=(1,))


def test_link_waits_for_a_port_that_is_not_there_yet(tmp_path: Path, recorder: Recorder) -> None:
    path = tmp_path / "ttyLATE"
    with _link(str(path), recorder, max_backoff=0.3) as link:
        recorder.wait_status(lambda s: s.state is LinkState.DISCONNECTED)
        assert "No such file" in link.status.detail
        tray = Tray(path)
        recorder.wait_status(lambda s: s.state is LinkState.CONNECTED)
        assert tray.received(want=b"HELLO?")
        tray.send("ROLL 2 3")
        assert recorder.roll() == DiceRoll(values=(3,), source="edice", dice=(2,))
    tray.unplug()


def test_link_backs_off_but_not_beyond_the_limit(tmp_path: Path, recorder: Recorder) -> None:
    attempts: list[float] = []

    def counting_open(url: str, **kwargs: Any) -> Any:
        attempts.append(time.monotonic())
        return serial.serial_for_url(url, **kwargs)

    with _link(str(tmp_path / "missing"), recorder, serial_for_url=counting_open, max_backoff=1.0):
        deadline = time.monotonic() + WAIT
        while len(attempts) < 6 and time.monotonic() < deadline:
            time.sleep(0.05)
    gaps = [b - a for a, b in zip(attempts, attempts[1:])]
    assert len(gaps) >= 5
    assert gaps[0] >= 0.2 and gaps[1] >= 0.45 and gaps[2] >= 0.95  # 0.25, 0.5, 1.0 ...
    assert all(g >= 0.95 for g in gaps[3:])  # ... and stays at the limit (never faster)


def test_link_stop_is_prompt_when_connected_and_when_retrying(tray: Tray, tmp_path: Path,
                                                             recorder: Recorder) -> None:
    for port in (str(tray.path), str(tmp_path / "missing")):
        link = _link(port, recorder, max_backoff=5.0).start()
        time.sleep(0.5)
        started = time.monotonic()
        link.stop(timeout=WAIT)
        assert time.monotonic() - started < 3.0  # well below the 5 s back-off it must not sit out
        assert link.status.state is LinkState.STOPPED


def test_link_loop_url_echo_is_not_counted(recorder: Recorder) -> None:
    with _link("loop://", recorder) as link:
        recorder.wait_status(lambda s: s.state is LinkState.CONNECTED)
        assert link.send("ROLL 1 4")  # the loopback hands it straight back
        assert recorder.roll() == DiceRoll(values=(4,), source="edice", dice=(1,))
        assert link.rejects == {}


def test_link_bad_url_fails_once_and_stops(recorder: Recorder) -> None:
    link = _link("nosuch://tray", recorder).start()
    recorder.wait_status(lambda s: s.state is LinkState.STOPPED)
    assert [s.state for s in recorder.statuses] == [LinkState.FAILED, LinkState.STOPPED]
    assert "nosuch" in recorder.statuses[0].text
    link.stop()


def test_link_outlives_a_faulty_callback(tray: Tray, recorder: Recorder) -> None:
    calls: list[DiceRoll] = []

    def faulty(roll: DiceRoll) -> None:
        calls.append(roll)
        raise RuntimeError("app bug")

    with EDiceLink(str(tray.path), on_roll=faulty, on_status=recorder.on_status) as link:
        assert tray.received(want=b"HELLO?")
        tray.send("ROLL 1 1")
        tray.send("ROLL 2 2")
        _barrier(tray, link, 1)
        deadline = time.monotonic() + WAIT
        while not calls and time.monotonic() < deadline:
            time.sleep(0.02)
        tray.send("ROLLING 3", "ROLL 3 3")
        while len(calls) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert [c.values for c in calls] == [(1, 2), (3,)]
        assert link.status.state is LinkState.CONNECTED


def _answer_hello(tray: Tray, stop: threading.Event, hello: str) -> None:
    while not stop.is_set():
        if b"HELLO?" in tray.received(timeout=0.1, want=b"HELLO?"):
            tray.send(hello)


def test_link_auto_detects_the_port_that_answers_hello(tmp_path: Path, recorder: Recorder) -> None:
    silent, foreign, real = Tray(), Tray(), Tray()
    ports = [SimpleNamespace(device=silent.tty, vid=0x1A86),   # a CH340 with something else on it
             SimpleNamespace(device=foreign.tty, vid=0x1234),  # not a vendor we probe
             SimpleNamespace(device=real.tty, vid=0x2341)]     # an Arduino running tray firmware
    stop = threading.Event()
    # HELLO and BATT in one write: what follows HELLO in the same read must not be lost
    answer = threading.Thread(target=_answer_hello, args=(real, stop, "HELLO tray-9 2 1\nBATT 1 77"),
                              daemon=True)
    answer.start()
    try:
        with _link(None, recorder, list_ports=lambda: ports, hello_timeout=0.6) as link:
            recorder.wait_status(lambda s: s.device is not None)
            assert link.status.port == real.tty
            assert link.status.device == Hello("tray-9", 2, 1)
            deadline = time.monotonic() + WAIT
            while link.batteries != {1: 77} and time.monotonic() < deadline:
                time.sleep(0.02)
            assert link.batteries == {1: 77}
            assert recorder.statuses[0].state is LinkState.SEARCHING
            stop.set()
            answer.join(WAIT)
            real.send("ROLLING 2", "ROLL 2 4")
            assert recorder.roll() == DiceRoll(values=(4,), source="edice", dice=(2,))
        assert silent.received(timeout=0.1, want=b"HELLO?")  # it was asked ...
        assert foreign.received(timeout=0.3) == []            # ... this one never was
    finally:
        stop.set()
        answer.join(WAIT)
        for t in (silent, foreign, real):
            t.unplug()


def test_link_auto_detect_keeps_searching_until_a_tray_appears(recorder: Recorder) -> None:
    ports: list[SimpleNamespace] = []
    with _link(None, recorder, list_ports=lambda: list(ports), hello_timeout=0.5, max_backoff=0.3):
        recorder.wait_status(lambda s: s.state is LinkState.SEARCHING)
        tray = Tray()
        ports.append(SimpleNamespace(device=tray.tty, vid=0x10C4))
        stop = threading.Event()
        answer = threading.Thread(target=_answer_hello, args=(tray, stop, "HELLO late 1 1"), daemon=True)
        answer.start()
        try:
            recorder.wait_status(lambda s: s.device == Hello("late", 1, 1))
        finally:
            stop.set()
            answer.join(WAIT)
    tray.unplug()


def test_link_does_not_share_a_port_with_another_reader(tray: Tray, recorder: Recorder) -> None:
    other = Recorder()
    with _link(str(tray.path), recorder):
        recorder.wait_status(lambda s: s.state is LinkState.CONNECTED)
        with _link(str(tray.path), other, max_backoff=0.3) as second:
            other.wait_status(lambda s: s.state is LinkState.DISCONNECTED)
            assert "lock" in second.status.detail
            tray.send("ROLL 1 3")
            assert recorder.roll().values == (3,)
            assert other.rolls.empty()


def test_link_shows_an_unexpected_failure_in_its_status(recorder: Recorder) -> None:
    def broken_open(url: str, **kwargs: Any) -> Any:
        raise RuntimeError("driver bug")

    link = _link("/dev/ttyACM0", recorder, serial_for_url=broken_open).start()
    recorder.wait_status(lambda s: s.state is LinkState.STOPPED)
    assert [s.state for s in recorder.statuses] == [LinkState.FAILED, LinkState.STOPPED]
    assert recorder.statuses[0].text == "e-dice: unexpected error: driver bug"
    link.stop()
