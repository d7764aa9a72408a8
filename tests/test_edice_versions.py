"""Protocol 2 (a CRC-8 on every line) beside protocol 1 (XOR), over real pseudo-terminals.

The link reads each tray by the version its ``HELLO`` announced: a version 2 tray's lines must
carry their CRC-8, an old tray's are read as before.
"""
from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware.edice import LinkState
from hardware.edice_protocol import (
    Hello, Reason, Rejected, Rolled, crc8, parse_line, with_checksum,
)
from hardware.edice_sim import SimTiming, TraySim
from hardware.errors import BadSpec
from hardware.inputs import DiceRoll

from tests.test_edice_link import Recorder, Tray, _link

FAST = SimTiming(spread=0.05, tumble=(0.1, 0.3))


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


def test_parse_line_reads_a_version_2_tray_by_its_crc() -> None:
    assert parse_line(b"ROLL 1 6*F2", 2) == Rolled(1, 6)
    assert parse_line(b"ROLL 1 6*f2", 2) == Rolled(1, 6)
    assert parse_line(b"ROLL 1 6*1A", 2) == Rejected(Reason.BAD_CHECKSUM, b"ROLL 1 6*1A")  # its XOR
    assert parse_line(b"ROLL 1 6", 2) == Rejected(Reason.BAD_CHECKSUM, b"ROLL 1 6")  # no CRC: not trusted
    assert parse_line(b"ROLL 1 6*1A", 1) == Rolled(1, 6)  # an old tray is read as before
    assert parse_line(b"ROLL 1 6", 1) == Rolled(1, 6)
    assert [parse_line(line, 2) for line in (b"", b"HELLO?", b"PING")] == [None] * 3  # echoes, blanks


def test_the_issue_s_wrong_roll_passes_xor_and_not_the_crc() -> None:
    # ROLL 1 1 with two bits flipped reads as die 3 showing 3; the XOR of both lines is 1D.
    assert parse_line(b"ROLL 3 3*1D", 1) == Rolled(3, 3)
    wrong = f"ROLL 3 3*{crc8('ROLL 1 1')}".encode()
    assert parse_line(wrong, 2) == Rejected(Reason.BAD_CHECKSUM, wrong)


def test_a_hello_is_checked_by_the_version_it_announces() -> None:
    hello = with_checksum("HELLO tray-2 3 2", 2).encode()
    assert parse_line(hello) == Hello("tray-2", 3, 2)  # before any HELLO: read by its own CRC
    assert parse_line(b"HELLO tray-2 3 2") == Rejected(Reason.BAD_CHECKSUM, b"HELLO tray-2 3 2")
    assert parse_line(with_checksum("HELLO tray-2 3 2", 1).encode()).reason is Reason.BAD_CHECKSUM  # type: ignore[union-attr]
    # a version 2 link is not talked back to XOR (or to no checksum) by a HELLO with a wrong digit
    assert parse_line(b"HELLO tray-2 3 0", 2) == Rejected(Reason.BAD_CHECKSUM, b"HELLO tray-2 3 0")
    assert parse_line(b"HELLO tray-2 3 1", None) == Hello("tray-2", 3, 1)


def test_link_reads_a_version_2_tray_and_rejects_its_unchecked_lines(tray: Tray, recorder: Recorder) -> None:
    with _link(str(tray.path), recorder) as link:
        assert tray.received(want=b"HELLO?")
        tray.send(with_checksum("HELLO tray-2 2 2", 2))
        recorder.wait_status(lambda s: s.device == Hello("tray-2", 2, 2))
        assert link.status.text == "e-dice connected: tray-2, 2 dice"  # no version mismatch shown
        tray.send("ROLL 1 4", with_checksum("ROLL 1 5", 1), "ROLL 3 3*1D",
                  b"ROLL 1 1*" + crc8("ROLL 1 1").encode())
        assert recorder.roll() == DiceRoll(values=(1,), source="edice", dice=(1,))
        assert link.rejects == {"bad-checksum": 3}
        assert [r.line for r in recorder.rejected] == [b"ROLL 1 4", b"ROLL 1 5*19", b"ROLL 3 3*1D"]
    tray.unplug()


def test_link_still_reads_an_old_xor_tray(tray: Tray, recorder: Recorder) -> None:
    with _link(str(tray.path), recorder) as link:
        assert tray.received(want=b"HELLO?")
        tray.send("HELLO old 2 1", "ROLL 1 4", with_checksum("ROLL 2 6", 1))
        assert recorder.roll() == DiceRoll(values=(4, 6), source="edice", dice=(1, 2))
        assert link.status.device == Hello("old", 2, 1)
        assert link.status.text == "e-dice connected: old, 2 dice"
        assert link.rejects == {}
    tray.unplug()


@pytest.mark.parametrize("protocol", [1, 2])
def test_sim_of_either_protocol_reaches_the_link(tmp_path: Path, recorder: Recorder, protocol: int) -> None:
    with TraySim(2, protocol=protocol, timing=FAST, link=tmp_path / "tray", rng=random.Random(4)) as sim:
        with _link(str(tmp_path / "tray"), recorder) as link:
            recorder.wait_status(lambda s: s.device == Hello("cairn-sim", 2, protocol))
            faces = sim.roll()
            assert recorder.roll().values == (faces[1], faces[2])
            assert link.rejects == {} and link.status.state is LinkState.CONNECTED


def test_sim_refuses_a_protocol_it_does_not_speak() -> None:
    with pytest.raises(BadSpec) as exc:
        TraySim(2, protocol=3)
    assert str(exc.value) == "the simulator speaks protocol 1 or 2, not 3"
