"""A pretend e-dice tray on a new pseudo-terminal, so the whole flow can be tried without hardware.

The simulator owns both ends of a pty: the host (``main.py edice --serial PATH`` or the app) opens
:attr:`TraySim.path` as if it were ``/dev/ttyACM0``. It answers ``HELLO?`` and ``PING`` the way
docs/edice-protocol.md says a tray must, and :meth:`TraySim.roll` sends ``ROLLING`` then ``ROLL``
lines with the timing of real dice tumbling in a tray. Linux and macOS only (it needs ``pty``).

    with TraySim(dice=2, link=Path("/tmp/cairn-tray")) as tray:
        faces = tray.roll()          # {1: 4, 2: 6}, after the dice have "come to rest"
"""
from __future__ import annotations

import errno
import logging
import os
import pty
import random
import select
import threading
import tty
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from hardware.edice_protocol import (
    CRC_VERSION, MAX_DIE, PROTOCOL_VERSION, SUPPORTED_VERSIONS, LineSplitter, with_checksum,
)
from hardware.errors import BadSpec, DeviceUnavailable

log = logging.getLogger("cairn.edice.sim")


@dataclass(frozen=True)
class SimTiming:
    """How the pretend dice move, in seconds."""

    #: the dice leave the hand within this long of each other
    spread: float = 0.15
    #: each die tumbles for a time drawn uniformly from this range before it rests
    tumble: tuple[float, float] = (0.6, 1.4)


class TraySim:
    """A tray of ``dice`` six-sided dice behind a pseudo-terminal.

    :param dice: how many dice the tray holds (1-99).
    :param device_id: the id sent in ``HELLO``.
    :param checksums: end every line with ``*HH`` (protocol 1; protocol 2 always does).
    :param protocol: the version announced in ``HELLO``: 2 (every line ends in its CRC-8) or 1 (an
        old tray: XOR checksums only with ``checksums``).
    :param link: also make this path a symlink to the pty (replaced if it is already a symlink),
        so a fixed ``--serial`` path works from one run to the next.
    :param rng: where faces and timings come from (seed it for repeatable rolls).
    :param on_host_line: called (on the simulator's thread) with each line the host sends.
    """

    def __init__(self, dice: int = 7, *, device_id: str = "cairn-sim", checksums: bool = False,
                 protocol: int = PROTOCOL_VERSION, link: Path | None = None, timing: SimTiming = SimTiming(),
                 rng: random.Random | None = None,
                 on_host_line: Callable[[str], None] | None = None) -> None:
        if not 1 <= dice <= MAX_DIE:
            raise BadSpec(f"a tray holds 1 to {MAX_DIE} dice, not {dice}")
        if protocol not in SUPPORTED_VERSIONS:
            spoken = " or ".join(map(str, SUPPORTED_VERSIONS))
            raise BadSpec(f"the simulator speaks protocol {spoken}, not {protocol}")
        self.protocol = protocol
        self.dice = dice
        self.device_id = device_id
        self.checksums = checksums
        self.timing = timing
        self.link = link
        self._rng = rng or random.Random()
        self._on_host_line = on_host_line
        self._write_lock = threading.Lock()
        self._closing = threading.Event()
        self._master = self._slave = -1
        self.path = ""
        self._thread: threading.Thread | None = None

    def open(self) -> TraySim:
        """Create the pty (and the symlink), start answering the host; returns self."""
        try:
            self._master, self._slave = pty.openpty()
        except OSError as exc:
            raise DeviceUnavailable(f"cannot create a pseudo-terminal: {exc}") from exc
        tty.setraw(self._slave)  # no echo, no newline translation, whoever opens it
        os.set_blocking(self._master, False)
        self.path = os.ttyname(self._slave)
        if self.link is not None:
            self._make_link(self.link)
        self._thread = threading.Thread(target=self._serve, name="cairn-edice-sim", daemon=True)
        self._thread.start()
        self.send(self._hello())  # a tray announces itself when it powers up
        return self

    def close(self) -> None:
        """Stop answering, remove the symlink and close the pty (the host sees an unplug)."""
        self._closing.set()
        if self._thread is not None:
            self._thread.join(2.0)
        if self.link is not None and self.link.is_symlink() and os.readlink(self.link) == self.path:
            self.link.unlink()
        for fd in (self._master, self._slave):
            if fd >= 0:
                os.close(fd)
        self._master = self._slave = -1

    def __enter__(self) -> TraySim:
        return self.open()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, text: str) -> bool:
        """Send one line as the tray (with its checksum under protocol 2, or if enabled); False if the
        pty buffer is full because no host is reading (a tray with nobody listening loses lines too)."""
        checked = self.checksums or self.protocol >= CRC_VERSION
        line = (with_checksum(text, self.protocol) if checked else text) + "\n"
        with self._write_lock:
            try:
                os.write(self._master, line.encode("ascii", "replace"))
                return True
            except BlockingIOError:
                return False
            except OSError as exc:
                if exc.errno == errno.EIO:
                    return False
                raise

    def roll(self, dice: Iterable[int] | None = None, faces: Iterable[int] | None = None) -> dict[int, int]:
        """Roll ``dice`` (1-based numbers; all when None) and return {die: face}; ``faces``, when given,
        are the faces they land on, in die order (a scripted game's dice), else they are random.

        Blocks for the tumble (about a second): ``ROLLING`` lines as the dice leave the hand, then
        one ``ROLL`` per die as each comes to rest, in the order they stop.
        """
        chosen = sorted(set(range(1, self.dice + 1) if dice is None else dice))
        if not chosen or not all(1 <= d <= self.dice for d in chosen):
            raise BadSpec(f"this tray has dice 1 to {self.dice}")
        wanted = list(faces) if faces is not None else None
        if wanted is not None and (len(wanted) != len(chosen) or not all(1 <= f <= 6 for f in wanted)):
            raise BadSpec(f"give one face 1 to 6 for each of the {len(chosen)} dice rolled")
        landed = dict(zip(chosen, wanted)) if wanted is not None else {d: self._rng.randint(1, 6) for d in chosen}
        starts = {d: self._rng.uniform(0, self.timing.spread) for d in chosen}
        stops = {d: starts[d] + self._rng.uniform(*self.timing.tumble) for d in chosen}
        events = sorted([(t, "ROLLING", d) for d, t in starts.items()]
                        + [(t, "ROLL", d) for d, t in stops.items()])
        elapsed = 0.0
        for when, word, die in events:
            if self._closing.wait(max(0.0, when - elapsed)):
                break
            elapsed = when
            self.send(f"ROLLING {die}" if word == "ROLLING" else f"ROLL {die} {landed[die]}")
        return landed

    def _hello(self) -> str:
        return f"HELLO {self.device_id} {self.dice} {self.protocol}"

    def _make_link(self, link: Path) -> None:
        if link.exists() and not link.is_symlink():
            raise BadSpec(f"{link} exists and is not a symlink; not replacing it")
        temp = link.with_name(f".{link.name}.{os.getpid()}")
        temp.unlink(missing_ok=True)
        temp.symlink_to(self.path)
        os.replace(temp, link)

    def _serve(self) -> None:
        splitter = LineSplitter()
        while not self._closing.is_set():
            ready, _, _ = select.select([self._master], [], [], 0.1)
            if not ready:
                continue
            try:
                data = os.read(self._master, 1024)
            except BlockingIOError:
                continue
            except OSError:  # no one has the slave open any more (it is held by us, so rare)
                self._closing.wait(0.1)
                continue
            for line in splitter.feed(data):
                if isinstance(line, bytes):
                    self._answer(line.decode("ascii", "replace").strip())

    def _answer(self, line: str) -> None:
        if self._on_host_line is not None:
            self._on_host_line(line)
        body = line.split("*", 1)[0].strip()
        if body == "HELLO?":
            self.send(self._hello())
            for die in range(1, self.dice + 1):
                self.send(f"BATT {die} {100 - 7 * die % 40}")
        elif body == "PING":
            self.send("PONG")
        elif body:
            self.send(f"ERR unknown command {body[:40]}")
