"""Helpers for the Prehistories tests: build legal caves from pictures, and play commands through RULES.

A cave picture is 7 strings of 7 characters, row 0 first: ``f m b i o`` paint fish, mammoth, buffalo,
ibex, boar; ``L`` marks 2x2 Legendary tiles; ``H`` and ``T`` must sit on the printed Hunter and totems;
``.``, ``1`` and ``2`` are unpainted. Same-animal neighbours become dominoes (across first), the rest
single tiles; the tiles are then put in an order where every placement is legal.
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

import pytest

from rules.codec import encode
from rules.prehistories import RULES
from rules.prehistories.cave import Placement, check_placement, first_illegal
from rules.prehistories.data import CAVES, Colour
from rules.prehistories.goals import CaveView

#: letter -> (size-1 tile id, size-2 tile id)
ANIMAL_TILES = {"f": (1, 2), "m": (7, 8), "b": (13, 14), "i": (19, 20), "o": (25, 26)}


def _tiles_from_picture(colour: Colour, picture: Sequence[str]) -> list[Placement]:
    assert len(picture) == 7 and all(len(row) == 7 for row in picture), "a cave picture is 7 x 7"
    cave = CAVES[colour]
    for r, row in enumerate(picture):
        for c, ch in enumerate(row):
            if ch == "H":
                assert (r, c) == cave.hunter, f"the {colour.value} Hunter is not at {(r, c)}"
            if ch == "T":
                assert (r, c) in cave.totems, f"no {colour.value} totem at {(r, c)}"
            if (r, c) in cave.blocked:
                assert ch in "HT", f"{(r, c)} is printed in the {colour.value} cave"
    used: set[tuple[int, int]] = set()
    placements: list[Placement] = []
    legendary = iter(range(31, 36))
    for r in range(7):
        for c in range(7):
            ch = picture[r][c]
            if (r, c) in used or ch not in ANIMAL_TILES and ch != "L":
                continue
            if ch == "L":
                block = {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)}
                assert all(picture[y][x] == "L" and (y, x) not in used for y, x in block), \
                    f"bad L at {(r, c)}"
                used |= block
                placements.append(Placement(next(legendary), 0, r, c))
                continue
            single, double = ANIMAL_TILES[ch]
            if c + 1 < 7 and picture[r][c + 1] == ch and (r, c + 1) not in used:
                used |= {(r, c), (r, c + 1)}
                placements.append(Placement(double, 0, r, c))
            elif r + 1 < 7 and picture[r + 1][c] == ch and (r + 1, c) not in used:
                used |= {(r, c), (r + 1, c)}
                placements.append(Placement(double, 1, r, c))
            else:
                used.add((r, c))
                placements.append(Placement(single, 0, r, c))
    return placements


def legal_order(colour: Colour, placements: Iterable[Placement]) -> list[Placement]:
    """``placements`` reordered so that each one is legal after those before it (fails the test otherwise)."""
    todo, done = list(placements), []
    while todo:
        for p in todo:
            if check_placement(colour, done, p) is None:
                done.append(p)
                todo.remove(p)
                break
        else:
            pytest.fail(f"no legal order: {check_placement(colour, done, todo[0])}")
    return done


def cave_from(colour: Colour, picture: Sequence[str]) -> list[Placement]:
    """The legal placements that paint ``picture`` in the cave of ``colour``."""
    placements = legal_order(colour, _tiles_from_picture(colour, picture))
    assert first_illegal(colour, placements) is None
    return placements


def view_of(colour: Colour, picture: Sequence[str]) -> CaveView:
    """The goal view of the cave painted as ``picture``."""
    return CaveView.of(colour, cave_from(colour, picture))


class Table:
    """A game played through ``RULES.decide``/``evolve``, keeping every event (each one round-tripped
    through the codec on the way)."""

    def __init__(self) -> None:
        self.state: Any = None
        self.events: list[Any] = []

    def do(self, command: Any) -> tuple[Any, ...]:
        """Apply ``command``; returns its events."""
        assert RULES.registry.decode(encode(command)) == command
        events = RULES.decide(self.state, command)
        for event in events:
            assert RULES.registry.decode(encode(event)) == event
            assert isinstance(RULES.describe(self.state, event), str)
            self.state = RULES.evolve(self.state, event)
        self.events.extend(events)
        return events


# --- the helpers' own checks -------------------------------------------------------------------------


def test_support_picture_becomes_dominoes_and_singles() -> None:
    picture = ["fff....", "fT.....", "m......", "m.H....", "b......", "....T..", "......."]
    assert sorted(cave_from(Colour.YELLOW, picture), key=lambda p: (p.row, p.col)) == [
        Placement(2, 0, 0, 0), Placement(1, 0, 0, 2), Placement(1, 0, 1, 0), Placement(8, 1, 2, 0),
        Placement(13, 0, 4, 0),
    ]


def test_support_refuses_a_picture_that_covers_the_hunter() -> None:
    with pytest.raises(AssertionError):
        cave_from(Colour.YELLOW,
                  [".......", ".T.....", ".......", "ffm....", ".......", "....T..", "......."])


def test_support_fails_when_no_legal_order_exists() -> None:
    with pytest.raises(pytest.fail.Exception):
        legal_order(Colour.YELLOW, [Placement(1, 0, 0, 0), Placement(7, 0, 6, 6)])
