"""Cave data and every placement rule, with the reason a player reads when a placement is refused."""
from __future__ import annotations

import pytest

from rules.prehistories.cave import (
    Placement, check_placement, connected_cells, first_illegal, hand_prints_covered, legal_placements, owners,
)
from rules.prehistories.data import CAVES, HUNTERS, Colour, deck, layout_grid
from rules.prehistories.report import check_cave
from rules.prehistories.tiles import TILES, Stack, stack_contents, tile_cells
from tests.test_prehistories_support import cave_from

Y = Colour.YELLOW
FISH1, FISH2, MAMMOTH4A, BUFFALO4B, LEGENDARY1 = 1, 2, 11, 18, 31


# --- data ------------------------------------------------------------------------------------------


def test_cave_layout_grid_matches_the_printed_yellow_cave() -> None:
    assert layout_grid(Y) == (
        ".......",
        ".T.....",
        ".....2.",
        "..H....",
        "...1...",
        "....T..",
        ".......",
    )


@pytest.mark.parametrize("colour", list(Colour))
def test_cave_printed_cells_never_touch_and_share_no_line(colour: Colour) -> None:
    cave = CAVES[colour]
    cells = [cave.hunter, *cave.totems]
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1
            assert a[0] != b[0] and a[1] != b[1]
    assert 2 <= cave.hunter[0] <= 4 and 2 <= cave.hunter[1] <= 4


def test_cave_hunters_have_unique_speeds_and_the_printed_values() -> None:
    assert sorted(HUNTERS) == list(range(1, 61))
    for colour in Colour:
        assert sorted(HUNTERS[s].power for s in deck(colour)) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    assert HUNTERS[60].power == 1 and HUNTERS[60].colour is Y
    assert HUNTERS[1].power == 6 and HUNTERS[14].colour is Colour.WHITE


def test_cave_tile_stacks_hold_75_tiles() -> None:
    sizes = {stack: sum(stack_contents(stack).values()) for stack in Stack}
    assert sizes == {
        Stack.SIZE_1: 25, Stack.SIZE_2: 25, Stack.SIZE_3: 10, Stack.SIZE_4: 10, Stack.LEGENDARY: 5,
    }
    for kind in TILES.values():
        assert len(kind.shapes[0]) == len(kind.shapes[1]) == {0: 1, 1: 2, 2: 3, 3: 4, 4: 4}[kind.stack.value]


@pytest.mark.parametrize("tile,side,cells", [
    (BUFFALO4B, 0, {(2, 3), (2, 4), (2, 5), (3, 4)}),
    (BUFFALO4B, 1, {(2, 4), (3, 3), (3, 4), (4, 4)}),  # the anchor (2, 3) itself is not covered
    (FISH2, 1, {(2, 3), (3, 3)}),
    (5, 0, {(2, 3), (2, 4), (3, 4), (3, 5)}),  # Fish4A: a horizontal Z
    (5, 1, {(2, 4), (2, 5), (3, 3), (3, 4)}),
    (21, 1, {(2, 3), (2, 4), (3, 4)}),  # Ibex3A side 1 is side 0 turned half a turn
    (3, 1, {(2, 3), (2, 4), (3, 3)}),  # Fish3A side 1 is side 0 flipped top to bottom
    (24, 0, {(2, 4), (3, 3), (3, 4), (3, 5)}),  # Ibex4B: a T pointing up
])
def test_cave_tile_cells_follow_the_printed_shapes(tile: int, side: int, cells: set[tuple[int, int]]) -> None:
    assert tile_cells(tile, side, 2, 3) == cells


# --- placement rules ---------------------------------------------------------------------------------


def test_cave_first_tile_must_reach_the_left_column() -> None:
    assert check_placement(Y, [], Placement(FISH1, 0, 0, 0)) is None
    assert check_placement(Y, [], Placement(FISH2, 0, 6, 0)) is None
    assert check_placement(Y, [], Placement(FISH1, 0, 0, 1)) == (
        "Fish1 (tile 1), side 0 at row 0, column 1 is the first tile, "
        "so it must reach the left column (column 0)"
    )


def test_cave_first_tile_may_reach_the_left_column_with_any_cell() -> None:
    # Buffalo4B side 1 anchored at (4, 0) covers (4, 1), (5, 0), (5, 1), (6, 1): one cell in column 0
    assert check_placement(Y, [], Placement(BUFFALO4B, 1, 4, 0)) is None


def test_cave_the_hunter_gives_the_first_tile_no_help() -> None:
    # (3, 3) touches the Yellow Hunter at (3, 2), but nothing touches the Hunter yet
    assert "first tile" in check_placement(Y, [], Placement(FISH1, 0, 3, 3))


def test_cave_later_tiles_must_touch_the_painting() -> None:
    placed = [Placement(FISH1, 0, 0, 0)]
    assert check_placement(Y, placed, Placement(FISH1, 0, 0, 1)) is None
    assert check_placement(Y, placed, Placement(FISH1, 0, 6, 0)) == (
        "Fish1 (tile 1), side 0 at row 6, column 0 does not touch the painting "
        "(side by side, or through a painted Hunter or totem)"
    )


def test_cave_diagonal_contact_does_not_connect() -> None:
    placed = [Placement(FISH1, 0, 2, 0)]
    assert "does not touch" in check_placement(Y, placed, Placement(FISH1, 0, 3, 1))


def test_cave_connection_through_the_painted_hunter() -> None:
    placed = [Placement(FISH2, 0, 3, 0)]  # (3, 0) and (3, 1): touches the Hunter at (3, 2)
    assert check_placement(Y, placed, Placement(FISH1, 0, 3, 3)) is None
    assert check_placement(Y, placed, Placement(FISH1, 0, 2, 2)) is None
    assert "does not touch" in check_placement(Y, placed, Placement(FISH1, 0, 2, 3))  # diagonal to the Hunter


def test_cave_hunter_touching_no_tile_connects_nothing() -> None:
    placed = [Placement(FISH1, 0, 4, 0)]
    assert "does not touch" in check_placement(Y, placed, Placement(FISH1, 0, 2, 2))
    assert (2, 2) not in connected_cells(Y, placed)


def test_cave_connection_through_a_totem() -> None:
    placed = [Placement(FISH1, 0, 1, 0)]  # touches the totem at (1, 1)
    assert check_placement(Y, placed, Placement(FISH1, 0, 1, 2)) is None
    assert check_placement(Y, placed, Placement(FISH1, 0, 0, 1)) is None


@pytest.mark.parametrize("placement,where", [
    (Placement(FISH2, 0, 0, 6), "row 0, column 7"),
    (Placement(FISH2, 1, 6, 0), "row 7, column 0"),
    (Placement(FISH1, 0, -1, 0), "row -1, column 0"),
    (Placement(LEGENDARY1, 0, 2, -1), "row 2, column -1"),
])
def test_cave_tiles_stay_inside_the_cave(placement: Placement, where: str) -> None:
    reason = check_placement(Y, [], placement)
    assert reason is not None and f"goes outside the cave ({where})" in reason


def test_cave_no_overlap_with_an_earlier_tile() -> None:
    placed = [Placement(FISH2, 0, 0, 0)]
    assert check_placement(Y, placed, Placement(7, 0, 0, 1)) == (
        "Mammoth1 (tile 7), side 0 at row 0, column 1 would cover Fish2 (tile 2), side 0 at row 0, column 0 "
        "at row 0, column 1"
    )


def test_cave_no_overlap_with_the_printed_hunter_or_totems() -> None:
    placed = [Placement(FISH2, 0, 3, 0)]
    assert check_placement(Y, placed, Placement(FISH2, 0, 3, 1)).endswith(
        "would cover the Hunter painting at row 3, column 2")
    assert check_placement(Y, [], Placement(FISH2, 0, 1, 0)).endswith(
        "would cover a totemic animal at row 1, column 1")


def test_cave_hand_prints_may_be_covered() -> None:
    placed = [Placement(FISH2, 0, 4, 0), Placement(FISH1, 0, 4, 2)]
    cover = Placement(7, 0, 4, 3)  # the one-hand print at (4, 3)
    assert check_placement(Y, placed, cover) is None
    assert hand_prints_covered(Y, [*placed, cover]) == {"1": True, "2": False}


def test_cave_only_sides_0_and_1() -> None:
    assert check_placement(Y, [], Placement(FISH1, 2, 0, 0)) == (
        "a tile has only sides 0 and 1, not 2 (tiles are flipped, never turned)")
    assert check_placement(Y, [], Placement(FISH1, -1, 0, 0)) is not None


def test_cave_unknown_tile() -> None:
    assert check_placement(Y, [], Placement(36, 0, 0, 0)) == "there is no tile 36 (tiles are numbered 1-35)"


def test_cave_no_more_copies_than_the_game_holds() -> None:
    column = [Placement(FISH1, 0, r, 0) for r in range(5)]
    assert first_illegal(Y, column) is None
    assert "only 5 Fish1 tiles" in check_placement(Y, column, Placement(FISH1, 0, 5, 0))
    once = [Placement(MAMMOTH4A, 0, 2, 0)]  # cells (2,1), (3,0), (3,1), (4,0)
    assert "only one Mammoth4A tile" in check_placement(Y, once, Placement(MAMMOTH4A, 0, 4, 1))


def test_cave_legal_placements_lists_every_side_and_anchor() -> None:
    first = legal_placements(Y, [], LEGENDARY1)
    # a 2x2 square reaching column 0 without covering the totem at (1, 1): anchors (r, 0) with r != 0, 1
    assert {(p.row, p.col) for p in first} == {(r, 0) for r in (2, 3, 4, 5)}
    assert {p.side for p in first} == {0, 1}


def test_cave_striped_cave_leaves_no_room_for_a_legendary() -> None:
    striped = cave_from(Y, ["fffffff", "mT.....", "bbbbbbb", "m.H....", "iiiiiii", "o...T..", "ooooooo"])
    assert legal_placements(Y, striped, LEGENDARY1) == ()
    assert legal_placements(Y, striped, FISH2)  # a domino still fits in row 1


def test_cave_first_illegal_names_the_position_and_the_rule() -> None:
    tiles = [Placement(FISH1, 0, 0, 0), Placement(FISH1, 0, 0, 1), Placement(FISH1, 0, 5, 5)]
    index, reason = first_illegal(Y, tiles)
    assert index == 2 and "does not touch the painting" in reason
    report = check_cave(Y, ["A7"], tiles)
    assert not report.valid and report.error_index == 2
    assert report.error.startswith("tile 3 of 3 (tiles[2]): Fish1 (tile 1), side 0 at row 5, column 5")


def test_cave_owners_says_which_tile_covers_each_cell() -> None:
    tiles = [Placement(FISH2, 1, 0, 0), Placement(BUFFALO4B, 0, 0, 1)]
    assert owners(tiles) == {(0, 0): 0, (1, 0): 0, (0, 1): 1, (0, 2): 1, (0, 3): 1, (1, 2): 1}
