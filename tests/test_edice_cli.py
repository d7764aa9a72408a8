"""`main.py edice-sim` and `main.py edice --json` as real processes talking over a pty."""
from __future__ import annotations

import json
import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Iterator

import pytest

from companion.cli.edice import format_roll
from hardware.inputs import DiceRoll

ROOT = Path(__file__).resolve().parents[1]
WAIT = 20.0  # two Python processes starting on a busy machine


class Proc:
    """A running ``main.py`` sub-command whose stdout and stderr lines can be awaited."""

    def __init__(self, *args: str, sigint_ignored: bool = False) -> None:
        """``sigint_ignored``: started as a non-interactive shell starts ``cmd &`` (SIGINT ignored)."""
        ignore = (lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if sigint_ignored else None
        self.popen = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, text=True, bufsize=1,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=ignore)
        self.out: queue.Queue[str] = queue.Queue()
        self.err: queue.Queue[str] = queue.Queue()
        self.err_seen: list[str] = []
        for stream, into in ((self.popen.stdout, self.out), (self.popen.stderr, self.err)):
            threading.Thread(target=self._pump, args=(stream, into), daemon=True).start()

    @staticmethod
    def _pump(stream: IO[str] | None, into: queue.Queue[str]) -> None:
        assert stream is not None
        for line in stream:
            into.put(line.rstrip("\n"))

    def line(self, timeout: float = WAIT) -> str:
        return self.out.get(timeout=timeout)

    def err_until(self, pattern: str, timeout: float = WAIT) -> str:
        while True:
            line = self.err.get(timeout=timeout)
            self.err_seen.append(line)
            if re.search(pattern, line):
                return line

    def say(self, text: str) -> None:
        assert self.popen.stdin is not None
        self.popen.stdin.write(text + "\n")
        self.popen.stdin.flush()

    def finish(self, timeout: float = WAIT) -> int:
        code = self.popen.wait(timeout)
        while not self.err.empty():
            self.err_seen.append(self.err.get())
        return code

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait(WAIT)


@pytest.fixture
def procs() -> Iterator[list[Proc]]:
    started: list[Proc] = []
    yield started
    for proc in started:
        proc.kill()


@pytest.mark.slow
def test_edice_sim_and_monitor_end_to_end(tmp_path: Path, procs: list[Proc]) -> None:
    link = tmp_path / "tray"
    sim = Proc("edice-sim", "--dice", "2", "--link", str(link), "--checksums", "--seed", "5")
    procs.append(sim)
    assert re.fullmatch(rf"tray on /dev/\S+ \(also {re.escape(str(link))}\)", sim.line())
    monitor = Proc("edice", "--serial", str(link), "--json")
    procs.append(monitor)
    monitor.err_until(r"^e-dice connected: cairn-sim, 2 dice")

    sim.say("")  # Enter: roll every die
    match = re.fullmatch(r"rolled dice 1 2: ([1-6]) ([1-6])", sim.line())
    assert match, "the simulator did not report its roll"
    a, b = int(match.group(1)), int(match.group(2))
    assert monitor.line() == f'{{"values": [{a}, {b}], "dice": [1, 2], "source": "edice"}}'

    sim.say("r 2")
    match = re.fullmatch(r"rolled dice 2: ([1-6])", sim.line())
    assert match
    assert json.loads(monitor.line()) == {"values": [int(match.group(1))], "dice": [2], "source": "edice"}

    sim.say("send ROLL 1 9")  # garbage from the tray: reported on stderr, not a roll
    monitor.err_until(r"^rejected \(bad-face\): b'ROLL 1 9\*")

    monitor.popen.send_signal(signal.SIGINT)  # Ctrl+C
    assert monitor.finish() == 0
    assert not any("Traceback" in line for line in monitor.err_seen)
    assert monitor.err_seen[-1] == "rejected lines: bad-face 1"
    assert monitor.out.empty()

    sim.say("q")
    assert sim.finish() == 0
    assert not link.exists()


@pytest.mark.slow
def test_edice_monitor_reports_unplug_and_carries_on(tmp_path: Path, procs: list[Proc]) -> None:
    link = tmp_path / "tray"
    sim = Proc("edice-sim", "--dice", "1", "--link", str(link), "--seed", "1")
    procs.append(sim)
    sim.line()
    monitor = Proc("edice", "--serial", str(link))
    procs.append(monitor)
    monitor.err_until(r"^e-dice connected: cairn-sim, 1 dice")
    sim.say("q")
    assert sim.finish() == 0
    monitor.err_until(r"^e-dice disconnected")

    again = Proc("edice-sim", "--dice", "1", "--link", str(link), "--seed", "2")  # plugged back in
    procs.append(again)
    again.line()
    monitor.err_until(r"^e-dice connected: cairn-sim, 1 dice")
    again.say("")
    face = re.fullmatch(r"rolled dice 1: ([1-6])", again.line())
    assert face
    assert monitor.line() == f"{face.group(1)}  (dice 1)"
    monitor.popen.terminate()  # SIGTERM ends it cleanly too
    assert monitor.finish() == 0


def test_edice_bad_url_exits_2_with_one_line(procs: list[Proc]) -> None:
    monitor = Proc("edice", "--serial", "nosuch://tray")
    procs.append(monitor)
    assert monitor.finish() == 2
    assert monitor.err_seen == ["cairn: nosuch://tray: invalid URL, protocol 'nosuch' not known"]


def test_edice_sim_refuses_a_bad_dice_count(procs: list[Proc]) -> None:
    sim = Proc("edice-sim", "--dice", "0")
    procs.append(sim)
    assert sim.finish() == 2
    assert sim.err_seen == ["cairn: --dice must be 1 to 99"]


def test_format_roll_json_is_exact() -> None:
    roll = DiceRoll(values=(4, 6), source="edice", dice=(1, 2))
    assert format_roll(roll, True) == '{"values": [4, 6], "dice": [1, 2], "source": "edice"}'
    assert format_roll(roll, False) == "4 6  (dice 1 2)"


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_edice_monitor_stops_on_ctrl_c_even_when_started_in_the_background(
        tmp_path: Path, procs: list[Proc], sig: signal.Signals) -> None:
    """A script's ``main.py edice ... &`` inherits SIGINT ignored; Ctrl+C (or kill -INT) still ends the
    watch with status 0, as SIGTERM does (this hung on a fresh Debian 13 root, where the suite ran so)."""
    monitor = Proc("edice", "--serial", str(tmp_path / "no-tray"), sigint_ignored=True)
    procs.append(monitor)
    monitor.err_until(r"^e-dice")  # watching: the tray is not there yet
    monitor.popen.send_signal(sig)
    assert monitor.finish() == 0, monitor.err_seen
