"""The event codec: frozen dataclasses to JSON-ready dicts and back, with errors naming the field."""
from __future__ import annotations

import enum
import json
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.codec import Registry, encode
from rules.errors import CodecError


class Colour(str, enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Inner:
    values: tuple[int, ...]
    colour: Colour


@dataclass(frozen=True)
class Outer:
    name: str
    inner: Inner
    pairs: tuple[tuple[str, int], ...] = ()
    maybe: int | None = None
    ratio: float = 0.0


REG = Registry([Inner, Outer])

outers = st.builds(
    Outer,
    name=st.text(max_size=8),
    inner=st.builds(Inner, values=st.lists(st.integers(-5, 99), max_size=6).map(tuple), colour=st.sampled_from(Colour)),
    pairs=st.lists(st.tuples(st.text(max_size=3), st.integers()), max_size=4).map(tuple),
    maybe=st.none() | st.integers(),
    ratio=st.floats(allow_nan=False, allow_infinity=False),
)


@given(outers)
def test_round_trip_through_json(obj: Outer) -> None:
    assert REG.decode(json.loads(json.dumps(encode(obj)))) == obj


def test_encoded_form_names_the_type() -> None:
    data = encode(Outer("Ann", Inner((1, 2), Colour.RED)))
    assert data["type"] == "Outer" and data["inner"] == {"type": "Inner", "values": [1, 2], "colour": "red"}


@pytest.mark.parametrize(
    "data, message",
    [
        ({"type": "Nope"}, "unknown type 'Nope'"),
        ({"name": "x"}, "expected an object with a 'type'"),
        ({"type": "Outer", "name": "A"}, "Outer.inner: missing"),
        ({"type": "Outer", "name": 3, "inner": {"values": [], "colour": "red"}}, "Outer.name: expected str"),
        ({"type": "Outer", "name": "A", "inner": {"values": [1, "2"], "colour": "red"}}, r"Outer.inner.values\[1\]"),
        ({"type": "Outer", "name": "A", "inner": {"values": [], "colour": "green"}}, "not a Colour"),
        ({"type": "Outer", "name": "A", "inner": {"values": [], "colour": "red"}, "maybe": "x"}, "Outer.maybe"),
    ],
)
def test_bad_data_names_the_field(data: dict, message: str) -> None:
    with pytest.raises(CodecError, match=message):
        REG.decode(data)


def test_bool_is_not_an_int() -> None:
    with pytest.raises(CodecError, match="expected int"):
        REG.decode({"type": "Inner", "values": [True], "colour": "red"})


def test_duplicate_names_are_refused() -> None:
    @dataclass(frozen=True)
    class Inner:  # noqa: F811 - a second class with the same name on purpose
        x: int

    with pytest.raises(ValueError, match="two classes named Inner"):
        Registry([globals()["Inner"], Inner])
