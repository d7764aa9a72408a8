"""The e-dice line protocol without a port: parsing, checksums, line splitting and roll grouping."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.edice_protocol import (
    CRC_VERSION, MAX_LINE, Abandoned, Battery, DeviceError, Hello, LineSplitter, Pong, Reason, Rejected,
    Rolled, Rolling, RollGrouper, checksum, parse_line, with_checksum,
)
from hardware.inputs import DiceRoll


@pytest.mark.parametrize(("line", "message"), [
    (b"HELLO tray-7 2 1", Hello("tray-7", 2, 1)),
    (b"ROLLING 1", Rolling(1)),
    (b"ROLL 2 6", Rolled(2, 6)),
    (b"ROLL 1 6\r", Rolled(1, 6)),
    (b"ROLL  12   1", Rolled(12, 1)),
    (b"BATT 1 80", Battery(1, 80)),
    (b"BATT 1 0", Battery(1, 0)),
    (b"ERR tilt sensor not found", DeviceError("tilt sensor not found")),
    (b"ERR", DeviceError("")),
    (b"PONG", Pong()),
    (b"ROLL 1 6*1A", Rolled(1, 6)),
    (b"ROLL 1 6*1a", Rolled(1, 6)),
    (b"PONG*16", Pong()),
])
def test_parse_line_messages(line: bytes, message: object) -> None:
    assert parse_line(line) == message


@pytest.mark.parametrize(("line", "reason"), [
    (b"ROLL 1 7", Reason.BAD_FACE),
    (b"ROLL 1 0", Reason.BAD_FACE),
    (b"ROLL 0 3", Reason.BAD_DIE),
    (b"ROLL 100 3", Reason.BAD_DIE),
    (b"ROLL 1", Reason.BAD_ARGUMENTS),
    (b"ROLL 1 2 3", Reason.BAD_ARGUMENTS),
    (b"ROLL one 2", Reason.BAD_ARGUMENTS),
    (b"ROLL 1 -2", Reason.BAD_ARGUMENTS),
    (b"ROLL 1 +2", Reason.BAD_ARGUMENTS),
    (b"ROLLING", Reason.BAD_ARGUMENTS),
    (b"BATT 1 101", Reason.BAD_ARGUMENTS),
    (b"HELLO tray 0 1", Reason.BAD_ARGUMENTS),
    (b"HELLO tray 2", Reason.BAD_ARGUMENTS),
    (b"PONG 1", Reason.BAD_ARGUMENTS),
    (b"roll 1 6", Reason.UNKNOWN_WORD),
    (b"SHAKE 1", Reason.UNKNOWN_WORD),
    (b"ROLL 1 6*1B", Reason.BAD_CHECKSUM),
    (b"ROLL 1 6*", Reason.BAD_CHECKSUM),
    (b"ROLL 1 6*1A ", Reason.BAD_CHECKSUM),
    (b"ROLL 1 *1A6", Reason.BAD_CHECKSUM),
    (b"*00", Reason.BAD_ARGUMENTS),
    (b"ROLL 1 \xe2\x9a\x80", Reason.BINARY),
    (b"\x00\x01\x02", Reason.BINARY),
    (b"ROLL\t1 6", Reason.BINARY),
    (b"R" * (MAX_LINE + 1), Reason.TOO_LONG),
])
def test_parse_line_rejects_with_reason(line: bytes, reason: Reason) -> None:
    assert parse_line(line) == Rejected(reason, line.removesuffix(b"\r"))


def test_parse_line_ignores_blank_lines_and_echoed_host_queries() -> None:
    assert [parse_line(line) for line in (b"", b"\r", b"   ", b"HELLO?", b"PING")] == [None] * 5


def test_parse_line_accepts_exactly_max_line() -> None:
    line = with_checksum("ERR " + "x" * (MAX_LINE - 7)).encode()
    assert len(line) == MAX_LINE
    assert parse_line(line) == DeviceError("x" * (MAX_LINE - 7))
    assert parse_line(line + b"\r") == DeviceError("x" * (MAX_LINE - 7))


def test_checksum_examples_match_the_protocol_document() -> None:
    # The same pairs appear in docs/edice-protocol.md; if one changes, both must.
    assert checksum("ROLL 1 6") == "1A"
    assert checksum("ROLLING 1") == "4C"
    assert checksum("HELLO cairn-sim 2 1") == "4C"
    assert checksum("PING") == "10"
    assert checksum("HELLO?") == "7D"
    assert with_checksum("BATT 1 80") == "BATT 1 80*3A"


# -- hypothesis: the parser never raises and classifies every line ------------------------------

_VALID = st.one_of(
    st.builds(lambda d: f"ROLLING {d}", st.integers(1, 99)),
    st.builds(lambda d, f: f"ROLL {d} {f}", st.integers(1, 99), st.integers(1, 6)),
    st.builds(lambda d, p: f"BATT {d} {p}", st.integers(1, 99), st.integers(0, 100)),
    st.builds(lambda i, n, v: f"HELLO {i} {n} {v}", st.from_regex(r"[A-Za-z0-9_-]{1,32}", fullmatch=True),
              st.integers(1, 99), st.integers(0, 999)),
    st.just("PONG"),
    st.builds(lambda t: f"ERR {t}", st.from_regex(r"[ -)+-~]{0,60}", fullmatch=True)),
)


def _announced(text: str) -> int:
    """The version whose checksum a valid ``text`` carries: its own if it is a ``HELLO``."""
    return int(text.split()[3]) if text.startswith("HELLO ") else 1


_MESSAGES = (Hello, Rolling, Rolled, Battery, DeviceError, Pong, Rejected)


def _near_valid() -> st.SearchStrategy[bytes]:
    """Valid messages with a few bytes changed, dropped or added: the garbage that gets furthest."""
    def mutate(text: str, edits: list[tuple[int, int]]) -> bytes:
        data = bytearray(text.encode())
        for position, byte in edits:
            index = position % (len(data) + 1)
            if byte < 64:
                del data[index:index + 1]
            else:
                data.insert(index, byte % 128)
        return bytes(data)
    edits = st.lists(st.tuples(st.integers(0, 100), st.integers(0, 255)), max_size=4)
    return st.builds(mutate, _VALID, edits)


def _check_classified(line: bytes) -> None:
    result = parse_line(line)
    assert result is None or isinstance(result, _MESSAGES)
    if result is None:  # only blank lines and our own echoed queries are ignored uncounted
        assert line.removesuffix(b"\r").split(b"*")[0].split() in ([], [b"HELLO?"], [b"PING"])
    if isinstance(result, Rejected):
        assert isinstance(result.reason, Reason)
    if isinstance(result, Rolled):
        assert 1 <= result.face <= 6 and 1 <= result.die <= 99


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=200))
def test_parse_line_never_raises_and_classifies_any_bytes(line: bytes) -> None:
    _check_classified(line)


@settings(max_examples=400, deadline=None)
@given(_near_valid())
def test_parse_line_never_raises_on_near_valid_lines(line: bytes) -> None:
    _check_classified(line)


@settings(max_examples=300, deadline=None)
@given(_VALID, st.booleans(), st.booleans())
def test_parse_line_accepts_every_valid_message_with_or_without_checksum(
        text: str, sum_it: bool, cr: bool) -> None:
    announced = _announced(text)
    sum_it = sum_it or announced >= CRC_VERSION  # a HELLO of protocol 2 or later carries its CRC-8
    line = (with_checksum(text, announced) if sum_it else text).encode() + (b"\r" if cr else b"")
    result = parse_line(line)
    assert result is not None and not isinstance(result, Rejected), result


@settings(max_examples=300, deadline=None)
@given(_VALID, st.integers(0, 7), st.data())
def test_parse_line_rejects_any_single_bit_flip_under_a_checksum(
        text: str, bit: int, data: st.DataObject) -> None:
    line = bytearray(with_checksum(text, _announced(text)).encode())
    star = line.index(b"*")
    index = data.draw(st.integers(0, star - 1))
    line[index] ^= 1 << bit
    result = parse_line(bytes(line))
    assert isinstance(result, Rejected), (bytes(line), result)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.binary(max_size=300), max_size=12), st.lists(_VALID, max_size=5))
def test_splitter_bounds_lines_and_keeps_valid_lines_whole(
        noise: list[bytes], valid: list[str]) -> None:
    splitter = LineSplitter()
    out: list[bytes | Rejected] = []
    for chunk in noise:
        out += splitter.feed(chunk)
    out += splitter.feed(b"\n")  # whatever the noise left half done ends here
    tail: list[bytes | Rejected] = []
    stream = b"".join(f"{v}\r\n".encode() for v in valid)
    for i in range(0, len(stream), 7):  # arbitrary chunking must not matter
        tail += splitter.feed(stream[i:i + 7])
    assert all(isinstance(x, Rejected) or len(x) <= MAX_LINE + 1 for x in out + tail)
    assert tail == [f"{v}\r".encode() for v in valid]


def test_splitter_reports_one_too_long_for_a_flood_without_newlines() -> None:
    splitter = LineSplitter()
    for _ in range(1000):
        assert splitter.feed(b"\xff" * 1000) == []
    [rejected, pong] = splitter.feed(b"\nPONG\n")
    assert isinstance(rejected, Rejected) and rejected.reason is Reason.TOO_LONG
    assert len(rejected.line) <= MAX_LINE + 1
    assert pong == b"PONG"


# -- roll grouping: the 300 ms rule with an injected time -------------------------------------

def _roll(values: tuple[int, ...], dice: tuple[int, ...]) -> DiceRoll:
    return DiceRoll(values=values, source="edice", dice=dice)


def test_grouper_completes_when_all_rolling_dice_rested_and_settle_passed() -> None:
    g = RollGrouper(settle=0.3)
    g.rolling(1, 0.0)
    g.rolling(2, 0.05)
    g.rolled(2, 6, 0.8)
    assert g.poll(0.9) is None  # die 1 still moving
    g.rolled(1, 4, 1.0)
    assert g.poll(1.0) == _roll((4, 6), (1, 2))
    assert g.poll(5.0) is None and not g.in_progress


def test_grouper_waits_300_ms_after_the_last_rolling() -> None:
    g = RollGrouper(settle=0.3)
    g.rolling(1, 0.0)
    g.rolled(1, 3, 0.1)
    assert g.deadline() == pytest.approx(0.3)
    assert g.poll(0.29) is None
    g.rolling(2, 0.25)  # a second die starts moving before the window closes: same roll
    g.rolled(2, 5, 0.4)
    assert g.poll(0.54) is None
    assert g.poll(0.55) == _roll((3, 5), (1, 2))


def test_grouper_die_rolling_again_replaces_its_value() -> None:
    g = RollGrouper(settle=0.3)
    g.rolling(1, 0.0)
    g.rolling(2, 0.0)
    g.rolled(1, 2, 0.5)
    g.rolling(1, 0.6)  # knocked by die 2
    g.rolled(2, 6, 0.7)
    assert g.poll(1.0) is None
    g.rolled(1, 5, 1.1)
    assert g.poll(1.1) == _roll((5, 6), (1, 2))


def test_grouper_bare_roll_joins_the_roll_in_progress() -> None:
    g = RollGrouper(settle=0.3)
    g.rolling(1, 0.0)
    g.rolled(3, 2, 0.1)  # no ROLLING for die 3
    g.rolled(1, 1, 0.2)
    assert g.poll(0.39) is None
    assert g.poll(0.4) == _roll((1, 2), (1, 3))


def test_grouper_bare_rolls_alone_make_one_roll() -> None:
    g = RollGrouper(settle=0.3)
    g.rolled(2, 4, 10.0)
    g.rolled(1, 6, 10.1)
    g.rolled(2, 3, 10.2)  # the same die again: replaces
    assert g.poll(10.45) is None
    assert g.poll(10.5) == _roll((6, 3), (1, 2))


def test_grouper_two_rolls_in_a_row_are_separate() -> None:
    g = RollGrouper(settle=0.3)
    g.rolling(1, 0.0)
    g.rolled(1, 6, 0.5)
    assert g.poll(0.5) == _roll((6,), (1,))
    g.rolling(1, 2.0)
    g.rolled(1, 1, 2.5)
    assert g.poll(2.5) == _roll((1,), (1,))


def test_grouper_abandons_a_roll_whose_die_never_rests() -> None:
    g = RollGrouper(settle=0.3, stall=10.0)
    g.rolling(1, 0.0)
    g.rolling(2, 0.0)
    g.rolled(1, 4, 1.0)
    assert g.poll(10.9) is None
    assert g.poll(11.0) == Abandoned(moving=(2,), values=(4,), dice=(1,))
    assert not g.in_progress


# -- the protocol document's examples are the code's ------------------------------------------

def _doc() -> str:
    from pathlib import Path

    return (Path(__file__).resolve().parents[1] / "docs" / "edice-protocol.md").read_text()


def test_protocol_document_checksum_table_is_right() -> None:
    import re

    rows = re.findall(r"^\| `([^`*]+)`(?: / `([^`*]+)`)?(?: \(host\))? \| `([^`]+)` \| `([^`]+)` \|$", _doc(),
                      flags=re.MULTILINE)
    assert len(rows) >= 10
    for body, body_v2, xor_line, crc_line in rows:
        assert with_checksum(body, 1) == xor_line
        assert with_checksum(body_v2 or body, 2) == crc_line
        for line, version in ((xor_line, 1), (crc_line, 2)):
            result = parse_line(line.encode(), version)
            assert result is None or not isinstance(result, Rejected)


def test_protocol_document_timeline_is_what_the_grouper_does() -> None:
    g = RollGrouper(settle=0.3)
    g.rolling(1, 0.0)
    g.rolling(2, 0.020)
    g.rolled(2, 4, 0.850)
    g.rolled(1, 3, 1.100)
    assert g.poll(1.100) == _roll((3, 4), (1, 2))
    g.rolling(1, 5.000)
    g.rolled(1, 2, 5.200)
    assert g.poll(5.249) is None
    g.rolling(2, 5.250)
    g.rolling(1, 5.400)
    g.rolled(2, 6, 6.000)
    assert g.poll(6.099) is None
    g.rolled(1, 5, 6.100)
    assert g.poll(6.100) == _roll((5, 6), (1, 2))
    g.rolled(1, 4, 9.000)
    g.rolled(2, 1, 9.100)
    assert g.poll(9.399) is None
    assert g.poll(9.400) == _roll((4, 1), (1, 2))
