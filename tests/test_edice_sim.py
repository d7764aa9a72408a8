"""The tray simulator: what it answers and sends, and the link reading it in-process."""
from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pytest
import serial

from hardware.edice import EDiceLink, LinkState
from hardware.edice_protocol import Hello, Rolled, Rolling, parse_line
from hardware.edice_sim import SimTiming, TraySim
from hardware.errors import BadSpec

from tests.test_edice_link import WAIT, Recorder

FAST = SimTiming(spread=0.05, tumble=(0.1, 0.3))


def _lines(port: serial.Serial, count: int) -> list[bytes]:
    out: list[bytes] = []
    deadline = time.monotonic() + WAIT
    while len(out) < count and time.monotonic() < deadline:
        line = port.readline()
        if line:
            out.append(line)
    return out


def test_sim_answers_hello_and_ping_over_its_pty(tmp_path: Path) -> None:
    with TraySim(3, device_id="t-1", link=tmp_path / "tray") as tray, \
            serial.serial_for_url(str(tmp_path / "tray"), baudrate=115200, timeout=0.2) as port:
        assert os.readlink(tmp_path / "tray") == tray.path
        port.write(b"HELLO?\n")
        hello, *batts = _lines(port, 4)
        assert parse_line(hello.rstrip(b"\n")) == Hello("t-1", 3, 2)
        assert [b.split()[:2] for b in batts] == [[b"BATT", b"1"], [b"BATT", b"2"], [b"BATT", b"3"]]
        port.write(b"PING\n")
        assert _lines(port, 1) == [b"PONG*EC\n"]  # protocol 2: every line carries its CRC-8
    assert not (tmp_path / "tray").exists()  # the symlink goes with the tray


def test_sim_roll_sends_rolling_then_roll_for_each_chosen_die() -> None:
    with TraySim(5, checksums=True, timing=FAST, rng=random.Random(3)) as tray, \
            serial.serial_for_url(tray.path, baudrate=115200, timeout=0.2) as port:
        faces = tray.roll([2, 5])
        messages = [parse_line(line.rstrip(b"\n"), 2) for line in _lines(port, 4)]
    assert set(faces) == {2, 5}
    assert {m for m in messages if isinstance(m, Rolling)} == {Rolling(2), Rolling(5)}
    assert {m for m in messages if isinstance(m, Rolled)} == {Rolled(d, f) for d, f in faces.items()}
    for die in (2, 5):  # every die starts before it stops (checksums all verified by parse_line)
        assert messages.index(Rolling(die)) < messages.index(Rolled(die, faces[die]))


def test_sim_rolls_the_faces_it_is_given() -> None:
    with TraySim(4, checksums=True, timing=FAST, rng=random.Random(3)) as tray, \
            serial.serial_for_url(tray.path, baudrate=115200, timeout=0.2) as port:
        faces = tray.roll([1, 3, 4], faces=[6, 1, 6])
        messages = [parse_line(line.rstrip(b"\n"), 2) for line in _lines(port, 6)]
    assert faces == {1: 6, 3: 1, 4: 6}
    assert {m for m in messages if isinstance(m, Rolled)} == {Rolled(1, 6), Rolled(3, 1), Rolled(4, 6)}
    with TraySim(2) as tray, pytest.raises(BadSpec, match="one face 1 to 6 for each of the 2 dice"):
        tray.roll(faces=[7, 1])


def test_sim_refuses_dice_it_does_not_have() -> None:
    with pytest.raises(BadSpec) as exc:
        TraySim(0)
    assert str(exc.value) == "a tray holds 1 to 99 dice, not 0"
    with TraySim(2) as tray, pytest.raises(BadSpec):
        tray.roll([3])


def test_sim_and_link_end_to_end_in_process(tmp_path: Path) -> None:
    recorder = Recorder()
    with TraySim(2, timing=FAST, link=tmp_path / "tray", rng=random.Random(11)) as tray:
        with EDiceLink(str(tmp_path / "tray"), on_roll=recorder.on_roll, on_status=recorder.on_status):
            recorder.wait_status(lambda s: s.device == Hello("cairn-sim", 2, 2))
            faces = tray.roll()
            roll = recorder.roll()
            assert roll.dice == (1, 2) and roll.values == (faces[1], faces[2])
            faces = tray.roll([2])
            assert recorder.roll().values == (faces[2],)
            start = len(recorder.statuses)
            tray.close()  # unplugged
            recorder.wait_status(lambda s: s.state is LinkState.DISCONNECTED, start)
