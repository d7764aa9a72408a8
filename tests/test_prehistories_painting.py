"""Painting through RULES: placement refusals, forced discards, hand-print draws, objectives and the
totem race."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rules.errors import IllegalMove
from rules.prehistories import RULES
from rules.prehistories.cave import Placement
from rules.prehistories.commands import (
    EndHunt, FillZones, Hunt, Paint, PlayerSetup, PlayHunters, StartGame, ZoneFill,
)
from rules.prehistories.data import Colour
from rules.prehistories.events import (
    CardsDrawn, DrawReason, GameWon, ObjectiveMet, TileDiscarded, TilePainted,
)
from rules.prehistories.state import Award, Phase
from tests.test_prehistories_support import Table, cave_from

Y, R = Colour.YELLOW, Colour.RED
GOALS = ("A2", "A5", "B7", "B8")
FILL = (ZoneFill(0, 1), ZoneFill(1, 8), ZoneFill(2, 15), ZoneFill(3, 5), ZoneFill(4, 31))
#: one corner short of B7 (and of row 6): the missing cell is (6, 6)
Y_NEAR_B7 = ["fbbbbbb", "fT.....", "f......", "f.H....", "f......", "f...T..", "fmmmmm."]
R_NEAR_B7 = ["fbbbbbb", "f...T..", "f......", "f..H...", "f......", "fT.....", "fmmmmm."]
STRIPED = ["fffffff", "mT.....", "bbbbbbb", "m.H....", "iiiiiii", "o...T..", "ooooooo"]


def game() -> Table:
    """Ann (Yellow) and Chen (Red), zones filled, nobody has planned yet."""
    table = Table()
    table.do(StartGame((PlayerSetup("Ann", Y), PlayerSetup("Chen", R)), GOALS))
    table.do(FillZones(FILL))
    return table


def painting(yellow: dict, red: dict | None = None, order: tuple[Colour, ...] = (Y, R)) -> Table:
    """A hand-built painting phase: each dict replaces fields of that player (cave, taken, awards...)."""
    table = game()
    state = table.state
    state = state.replace_player(replace(state.player(Y), planned=True, **yellow))
    state = state.replace_player(replace(state.player(R), planned=True, **(red or {})))
    table.state = replace(state, phase=Phase.PAINTING, order=order, turn=0)
    return table


def refused(table: Table, command: object) -> str:
    with pytest.raises(IllegalMove) as exc:
        RULES.decide(table.state, command)
    return str(exc.value)


def awards(events: tuple) -> list[tuple[Colour, str, int, bool]]:
    return [(e.colour, e.objective, e.totems, e.first) for e in events if isinstance(e, ObjectiveMet)]


def test_painting_first_completer_places_more_totems_than_later_ones() -> None:
    table = painting({"cave": tuple(cave_from(Y, Y_NEAR_B7)), "taken": (7,)},
                     {"cave": tuple(cave_from(R, R_NEAR_B7)), "taken": (7,)})
    events = table.do(Paint(Y, 7, 0, 6, 6))
    assert events[0] == TilePainted(Y, Placement(7, 0, 6, 6))
    assert awards(events) == [(Y, "row 6", 1, False), (Y, "B7", 3, True)]
    assert table.state.current is R
    assert awards(table.do(Paint(R, 7, 0, 6, 6))) == [(R, "row 6", 1, False), (R, "B7", 2, False)]
    assert table.state.first_to_meet("B7") is Y
    assert table.state.player(Y).totems == 4 and table.state.player(R).totems == 3
    assert table.state.phase is Phase.FILL and table.state.round == 2


def test_painting_each_goal_counts_once_per_player() -> None:
    table = painting({"cave": tuple(cave_from(Y, Y_NEAR_B7)), "taken": (7, 1)})
    assert awards(table.do(Paint(Y, 7, 0, 6, 6)))[-1] == (Y, "B7", 3, True)
    assert awards(table.do(Paint(Y, 1, 0, 1, 2))) == []


def test_painting_one_tile_can_complete_a_row_and_a_column() -> None:
    cave = cave_from(Y, ["ffffff.", "oT....m", "o.....m", "o.H...m", "o.....m", "o...T.m", "obbbbbm"])
    table = painting({"cave": tuple(cave), "taken": (13,)})
    assert awards(table.do(Paint(Y, 13, 0, 0, 6))) == [
        (Y, "row 0", 1, False), (Y, "column 6", 1, False), (Y, "B7", 3, True)]


def test_painting_a_legendary_places_a_totem() -> None:
    table = painting({"cave": (Placement(1, 0, 3, 0),), "taken": (31,)})
    assert awards(table.do(Paint(Y, 31, 0, 4, 0))) == [(Y, "legendary", 1, False)]


def test_painting_refusals() -> None:
    table = painting({"cave": (Placement(1, 0, 3, 0),), "taken": (31, 7)}, {"taken": (2,)})
    assert refused(table, Paint(R, 2, 0, 0, 0)) == "it is Ann's turn, not Chen's"
    assert refused(table, Paint(Y, 2, 0, 0, 0)) == "Ann has no tile 2 to paint this round"
    assert refused(table, Paint(Y, 31, 0, 0, 5)) == (
        "Legendary1 (tile 31), side 0 at row 0, column 5 does not touch the painting "
        "(side by side, or through a painted Hunter or totem)")
    assert refused(table, Paint(Y, 7, 3, 2, 0)) == (
        "a tile has only sides 0 and 1, not 3 (tiles are flipped, never turned)")
    assert refused(table, Paint(Y, 31, 0, 3, 1)).endswith(
        "would cover the Hunter painting at row 3, column 2")
    assert refused(table, Hunt(Y, 0, (1,))) == "that cannot be done now: the players are painting"


def test_painting_a_tile_that_fits_nowhere_is_discarded_when_its_painter_comes() -> None:
    table = game()
    table.do(PlayHunters(Y, (1, 10, 15)))  # 17
    table.do(PlayHunters(R, (53,)))  # 1: Chen hunts first
    table.do(Hunt(R, 0, (53,)))
    table.do(EndHunt(R))
    striped = tuple(cave_from(Y, STRIPED))
    table.state = table.state.replace_player(replace(table.state.player(Y), cave=striped))
    table.do(Hunt(Y, 4, (1, 10, 15)))  # the Legendary, safely
    events = table.do(EndHunt(Y))
    assert not any(isinstance(e, TileDiscarded) for e in events)  # Chen paints first
    assert table.state.current is R
    events = table.do(Paint(R, 1, 0, 0, 0))
    assert events[-1] == TileDiscarded(Y, 31)  # Ann's turn comes, and her Legendary fits nowhere
    assert table.state.phase is Phase.FILL and table.state.player(Y).taken == ()


def test_painting_discard_waits_until_no_taken_tile_fits() -> None:
    table = painting({"cave": tuple(cave_from(Y, STRIPED)), "taken": (31, 1)}, order=(Y,))
    events = table.do(Paint(Y, 1, 0, 1, 2))
    # the striped cave already holds four corners: B7 comes with the first tile painted
    assert events[0] == TilePainted(Y, Placement(1, 0, 1, 2)) and events[-1] == TileDiscarded(Y, 31)
    assert awards(events) == [(Y, "B7", 3, True)]
    assert table.state.phase is Phase.FILL


def test_painting_hand_print_draws_even_after_two_injuries() -> None:
    table = game()
    table.do(PlayHunters(Y, (1, 10, 15)))
    table.do(PlayHunters(R, (53, 8, 12)))  # 1 + 6 + 5 = 12: Chen first
    table.do(Hunt(R, 0, (53,)))  # 1 at zone 0: injured
    table.do(Hunt(R, 3, (8, 12)))  # 11 at zone 3 (injury 10, safe 13): injured
    assert CardsDrawn(R, 0, 0, False, DrawReason.HUNT) in table.do(EndHunt(R))
    table.do(EndHunt(Y))
    hand = table.state.player(R).hand
    # Fish4A side 1 at (0, 0) covers (0, 1), (0, 2), (1, 0), (1, 1): (0, 2) is Red's one-hand print
    events = table.do(Paint(R, 5, 1, 0, 0))
    assert CardsDrawn(R, 1, 1, False, DrawReason.HAND_PRINT) in events
    assert table.state.player(R).hand == hand + 1
    events = table.do(Paint(R, 1, 0, 2, 0))
    assert not any(isinstance(e, CardsDrawn) for e in events)


def test_painting_totem_race_ends_the_game_mid_round() -> None:
    seven = (Award("A5", 2), Award("row 0", 1), Award("row 1", 1), Award("column 0", 1), Award("A2", 2))
    table = painting({"cave": tuple(cave_from(Y, Y_NEAR_B7)), "taken": (7,), "awards": seven},
                     {"cave": tuple(cave_from(R, R_NEAR_B7)), "taken": (7,)})
    events = table.do(Paint(Y, 7, 0, 6, 6))
    assert awards(events) == [(Y, "row 6", 1, False)]  # the eighth totem: B7 is never reached
    assert events[-1] == GameWon(Y)
    assert RULES.finished(table.state) and table.state.winner is Y
    assert refused(table, Paint(R, 7, 0, 6, 6)) == "the game is over: Ann won"


def test_painting_award_is_cut_to_the_totems_left() -> None:
    six = (Award("A5", 2), Award("row 0", 1), Award("row 1", 1), Award("A2", 2))
    table = painting({"cave": tuple(cave_from(Y, Y_NEAR_B7)), "taken": (7,), "awards": six})
    events = table.do(Paint(Y, 7, 0, 6, 6))
    assert awards(events) == [(Y, "row 6", 1, False), (Y, "B7", 1, True)]
    assert events[-1] == GameWon(Y) and table.state.player(Y).totems == 8


def test_painting_b8_third_tile_in_one_hunt_can_win_during_the_hunt() -> None:
    table = game()
    seven = (Award("A5", 2), Award("row 0", 1), Award("row 1", 1), Award("column 0", 1), Award("A2", 2))
    table.state = table.state.replace_player(replace(table.state.player(Y), hand=5, awards=seven))
    table.do(PlayHunters(Y, (60, 15, 1, 16)))  # 1 + 5 + 6 + 5 = 17
    table.do(PlayHunters(R, (3,)))  # Chen: 6, hunts first
    table.do(EndHunt(R))
    table.do(Hunt(Y, 0, (60,)))
    assert awards(table.do(Hunt(Y, 1, (15,)))) == []
    events = table.do(Hunt(Y, 2, (1, 16)))
    assert awards(events) == [(Y, "B8", 1, True)] and events[-1] == GameWon(Y)
    assert refused(table, EndHunt(Y)) == "the game is over: Ann won"


def test_painting_history_gives_each_totem_its_reason() -> None:
    table = painting({"cave": tuple(cave_from(Y, Y_NEAR_B7)), "taken": (7,)})
    before = table.state
    events = table.do(Paint(Y, 7, 0, 6, 6))
    lines = [RULES.describe(before, e) for e in events]
    assert lines == [
        "Ann paints Mammoth1 (tile 7), side 0 at row 6, column 6",
        "Ann +1 totem: completed row 6",
        "Ann +3 totems: goal B7 (Paint all four corners), first to do it",
    ]


def test_painting_refusals_and_history_keep_templates_for_translation() -> None:
    table = painting({"cave": (Placement(1, 0, 3, 0),), "taken": (31,)})
    with pytest.raises(IllegalMove) as exc:
        RULES.decide(table.state, Paint(Y, 31, 0, 0, 5))
    assert exc.value.rule == ("{name} (tile {tile}), side {side} at row {row}, column {col} does not touch "
                              "the painting (side by side, or through a painted Hunter or totem)")
    assert exc.value.params == {"name": "Legendary1", "tile": 31, "side": 0, "row": 0, "col": 5}
    before = table.state
    events = table.do(Paint(Y, 31, 0, 4, 0))
    line = RULES.describe(before, events[-1])
    assert (line, line.template, line.params) == (
        "Ann +1 totem: painted a Legendary animal", "{name} +1 totem: painted a Legendary animal",
        {"name": "Ann", "totems": 1})
