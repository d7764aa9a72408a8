"""A round of Prehistories through RULES: setup, filling zones, planning, turn order, hunting and draws."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rules.errors import IllegalMove
from rules.prehistories import RULES
from rules.prehistories.commands import (
    EndHunt, FillZones, Hunt, PlayerSetup, PlayHunters, StartGame, ZoneFill,
)
from rules.prehistories.data import BoardSide, Colour
from rules.prehistories.events import CardsDrawn, DrawReason, GameStarted, TileTaken, TurnOrderSet
from rules.prehistories.state import Phase, hunt_order
from tests.test_prehistories_support import Table

Y, B, R, G, W = Colour.YELLOW, Colour.BLUE, Colour.RED, Colour.GREEN, Colour.WHITE
SEATS = {Y: "Ann", B: "Bao", R: "Chen", G: "Dai", W: "Eve"}
#: Fish1, Mammoth2, Buffalo3A, Fish4A, Legendary1 on the 2-3 player board
FEW_FILL = (ZoneFill(0, 1), ZoneFill(1, 8), ZoneFill(2, 15), ZoneFill(3, 5), ZoneFill(4, 31))
MANY_FILL = (ZoneFill(0, 1), ZoneFill(1, 7), ZoneFill(2, 8), ZoneFill(3, 14), ZoneFill(4, 15), ZoneFill(5, 5),
             ZoneFill(6, 31))
GOALS4 = ("A1", "A2", "B7", "B8")


def started(*colours: Colour, goals: tuple[str, ...] = GOALS4) -> Table:
    """A game with ``colours`` seated and the zones filled."""
    table = Table()
    table.do(StartGame(tuple(PlayerSetup(SEATS[c], c) for c in colours), goals))
    table.do(FillZones(FEW_FILL if len(colours) < 4 else MANY_FILL))
    return table


def refused(table: Table, command: object) -> str:
    """The rule ``command`` breaks (the test fails if it is accepted)."""
    with pytest.raises(IllegalMove) as exc:
        RULES.decide(table.state, command)
    return str(exc.value)


# --- setup --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("count,side,zones,goals", [
    (2, BoardSide.FEW, 5, ("A1", "A2", "A3", "A4")),
    (3, BoardSide.FEW, 5, ("B1", "A2", "B3", "A9")),
    (4, BoardSide.MANY, 7, ("A1", "B2", "A3", "B4", "A5")),
    (5, BoardSide.MANY, 7, ("B5", "B6", "B7", "B8", "B9")),
])
def test_round_setup_board_side_and_goals_by_player_count(count: int, side: BoardSide, zones: int,
                                                          goals: tuple[str, ...]) -> None:
    table = Table()
    (event,) = table.do(StartGame(tuple(PlayerSetup(SEATS[c], c) for c in list(Colour)[:count]), goals))
    assert event == GameStarted(event.players, goals, side)
    assert len(table.state.zones) == zones and table.state.phase is Phase.FILL
    assert all(p.hand == 3 and p.deck == 9 for p in table.state.players)


@pytest.mark.parametrize("players,goals,rule", [
    ((Y,), ("A1", "A2", "A3", "A4"), "Prehistories is for 2-5 players, not 1"),
    ((Y, B), ("A1", "A2", "A3"), "2 players use 4 goal cards, not 3"),
    ((Y, B, R, G), ("A1", "A2", "A3", "A4"), "4 players use 5 goal cards, not 4"),
    ((Y, B), ("A1", "A2", "A3", "B2"), "goal card 2 is used twice (A2 and B2 are its two sides)"),
    ((Y, B), ("A1", "A2", "A3", "C4"), "there is no goal 'C4' (Sun side A1-A9, Moon side B1-B9)"),
    ((Y, Y), ("A1", "A2", "A3", "A4"), "two players cannot both play Yellow"),
])
def test_round_setup_refusals(players: tuple[Colour, ...], goals: tuple[str, ...], rule: str) -> None:
    command = StartGame(tuple(PlayerSetup(f"P{i}", c) for i, c in enumerate(players)), goals)
    assert refused(Table(), command) == rule


def test_round_commands_before_setup_are_refused() -> None:
    assert refused(Table(), FillZones(FEW_FILL)) == "set up the game first (players and goal cards)"


# --- filling the zones ------------------------------------------------------------------------------


def test_round_fill_takes_tiles_from_their_stacks() -> None:
    table = started(Y, B)
    assert table.state.zones == (1, 8, 15, 5, 31)
    assert table.state.left_in_stack(table.state.zone_table[0].stack)[1] == 4
    assert 31 not in table.state.left_in_stack(table.state.zone_table[4].stack)
    assert table.state.phase is Phase.PLANNING


@pytest.mark.parametrize("fills,rule", [
    (FEW_FILL[:4],
     "zone 4 is empty and the legendary stack still holds tiles: say which tile was drawn for it"),
    (FEW_FILL[:4] + (ZoneFill(4, 2),), "zone 4 takes legendary tiles; Fish2 is a size-2 tile"),
    (FEW_FILL + (ZoneFill(0, 7),), "zone 0 is filled twice"),
    (FEW_FILL + (ZoneFill(5, 7),), "there is no hunting zone 5 (zones are 0-4)"),
    (FEW_FILL[:4] + (ZoneFill(4, 40),), "there is no tile 40 (tiles are numbered 1-35)"),
])
def test_round_fill_refusals(fills: tuple[ZoneFill, ...], rule: str) -> None:
    table = Table()
    table.do(StartGame((PlayerSetup("Ann", Y), PlayerSetup("Bao", B)), GOALS4))
    assert refused(table, FillZones(fills)) == rule


def test_round_zone_stays_empty_when_its_stack_is_out() -> None:
    table = Table()
    table.do(StartGame((PlayerSetup("Ann", Y), PlayerSetup("Bao", B)), GOALS4))
    # hand-built: only Legendary1 is left in the legendary stack and it was just drawn for zone 4
    table.state = replace(table.state, stacks=tuple((t, 0 if t in (32, 33, 34, 35) else n)
                                                    for t, n in table.state.stacks))
    table.do(FillZones(FEW_FILL))
    table.state = replace(table.state, zones=(1, 8, 15, 5, None), phase=Phase.FILL)
    assert refused(table, FillZones((ZoneFill(4, 32),))) == (
        "no Legendary2 (tile 32) is left in the legendary stack")
    table.do(FillZones(()))
    assert table.state.zones[4] is None and table.state.phase is Phase.PLANNING


def test_round_two_zones_share_a_stack_in_zone_order() -> None:
    table = Table()
    table.do(StartGame(tuple(PlayerSetup(SEATS[c], c) for c in (Y, B, R, G)), ("A1", "A2", "A3", "A4", "A5")))
    table.state = replace(table.state, stacks=tuple((t, 1 if t == 1 else 0 if t in (7, 13, 19, 25) else n)
                                                    for t, n in table.state.stacks))
    rest = (ZoneFill(2, 8), ZoneFill(3, 14), ZoneFill(4, 15), ZoneFill(5, 5), ZoneFill(6, 31))
    assert refused(table, FillZones((ZoneFill(1, 1),) + rest)).startswith("zone 0 is empty")
    table.do(FillZones((ZoneFill(0, 1),) + rest))
    assert table.state.zones[:2] == (1, None)


# --- planning and the order of play ------------------------------------------------------------------


def test_round_turn_order_lowest_total_first() -> None:
    table = started(Y, B, R)
    table.do(PlayHunters(Y, (1,)))  # 6
    table.do(PlayHunters(B, (52, 43)))  # 1 + 2 = 3
    events = table.do(PlayHunters(R, (53, 44, 58)))  # 1 + 2 + 1 = 4
    assert TurnOrderSet((B, R, Y), ()) in events
    assert table.state.phase is Phase.HUNTING and table.state.current is B


def test_round_turn_order_tie_goes_to_the_highest_single_speed() -> None:
    table = started(Y, B, R)
    table.do(PlayHunters(Y, (51, 42)))  # 1 + 2 = 3, best speed 51
    table.do(PlayHunters(B, (59, 43)))  # 1 + 2 = 3, best speed 59
    table.do(PlayHunters(R, (35,)))  # 3, best speed 35
    assert table.state.order == (B, Y, R)


def test_round_players_who_play_nothing_skip_the_hunt_and_draw_three() -> None:
    table = started(Y, B, R)
    table.do(PlayHunters(Y, ()))
    table.do(PlayHunters(B, (9,)))
    events = table.do(PlayHunters(R, ()))
    assert events[1] == TurnOrderSet((B,), (Y, R))
    assert events[2:] == (
        CardsDrawn(Y, 3, 3, False, DrawReason.NO_HUNT), CardsDrawn(R, 3, 3, False, DrawReason.NO_HUNT))
    assert table.state.player(Y).hand == 6 and table.state.player(B).hand == 2


def test_round_everyone_passing_ends_the_round() -> None:
    table = started(Y, B)
    table.do(PlayHunters(Y, ()))
    table.do(PlayHunters(B, ()))
    assert table.state.phase is Phase.FILL and table.state.round == 2


def test_round_hunt_order_ignores_seating() -> None:
    assert hunt_order({Y: (10,), B: (52,), R: ()}) == (B, Y)
    assert hunt_order({Y: (60, 51), R: (53, 58)}) == (Y, R)


@pytest.mark.parametrize("speeds,rule", [
    ((61,), "there is no hunter with speed 61 (speeds are 1-60)"),
    ((2,), "hunter 2 is a Blue card; Ann plays Yellow"),
    ((1, 1), "each hunter card can be played only once (a speed is repeated)"),
    ((1, 10, 15, 16), "Ann holds only 3 cards, not 4"),
])
def test_round_planning_refusals(speeds: tuple[int, ...], rule: str) -> None:
    assert refused(started(Y, B), PlayHunters(Y, speeds)) == rule


def test_round_planning_once_per_round_and_only_seated_colours() -> None:
    table = started(Y, B)
    table.do(PlayHunters(Y, (1,)))
    assert refused(table, PlayHunters(Y, (10,))) == "Ann has already revealed hunters this round"
    assert refused(table, PlayHunters(R, (3,))) == "nobody plays Red in this game"


def test_round_discarded_hunters_cannot_be_played() -> None:
    table = started(Y, B)
    table.state = table.state.replace_player(replace(table.state.player(Y), discard=frozenset({1})))
    assert refused(table, PlayHunters(Y, (1,))) == "Ann's hunter 1 is in the discard pile, not in the hand"


# --- hunting -------------------------------------------------------------------------------------------


def hunting(y: tuple[int, ...], b: tuple[int, ...] = (52,)) -> Table:
    """Yellow and Blue have revealed; Yellow hunts first when its total is lower."""
    table = started(Y, B)
    table.do(PlayHunters(Y, y))
    table.do(PlayHunters(B, b))
    return table


def test_round_hunt_injury_and_safe_thresholds() -> None:
    table = hunting((60, 27, 1), b=(52, 43, 48))  # Yellow 1 + 4 + 6 = 11, Blue 1 + 2 + 2 = 5
    table.state = replace(table.state, order=(Y, B))
    (taken,) = table.do(Hunt(Y, 1, (27,)))  # power 4 at zone 1 (injury 4, safe 7)
    assert taken == TileTaken(Y, 1, 8, (27,), injured=True)
    (taken,) = table.do(Hunt(Y, 0, (1,)))  # power 6 at zone 0 (safe 4)
    assert not taken.injured
    yellow = table.state.player(Y)
    assert yellow.taken == (8, 1) and yellow.injuries == 1 and yellow.played == (60,)
    assert yellow.discard == {27, 1} and table.state.zones[:2] == (None, None)


def test_round_hunt_refusals() -> None:
    table = hunting((60, 27))  # Yellow 5, Blue 1: Blue hunts first
    assert table.state.order == (B, Y)
    assert refused(table, Hunt(Y, 0, (60,))) == "it is Bao's turn, not Ann's"
    assert refused(table, Hunt(B, 1, (52,))) == (
        "zone 1 (size-2 tiles) needs hunters worth at least 4; these are worth 1")
    assert refused(table, Hunt(B, 7, (52,))) == "there is no hunting zone 7 (zones are 0-4)"
    assert refused(table, Hunt(B, 0, ())) == "send at least one hunter to hunt"
    assert refused(table, Hunt(B, 0, (59,))) == (
        "hunter 59 is not among Bao's hunters still waiting this round")
    table.do(Hunt(B, 0, (52,)))
    assert refused(table, Hunt(B, 0, (52,))) == "hunting zone 0 is empty"
    assert refused(table, PlayHunters(B, (59,))) == "that cannot be done now: the players are hunting"


@pytest.mark.parametrize("hunts,owed", [
    ((), 3),  # no tile
    (((0, (27,)),), 2),  # a tile without injury
    (((0, (60,)),), 1),  # one injury
    (((0, (60,)), (1, (27,))), 0),  # two injuries
])
def test_round_cards_drawn_after_the_hunt(hunts: tuple[tuple[int, tuple[int, ...]], ...], owed: int) -> None:
    table = hunting((60, 27, 33), b=(52,))
    table.state = replace(table.state, order=(Y, B))
    for zone, hunters in hunts:
        table.do(Hunt(Y, zone, hunters))
    events = table.do(EndHunt(Y))
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert drawn == [CardsDrawn(Y, owed, owed, False, DrawReason.HUNT)]
    spent = sum(len(h) for _, h in hunts)
    assert table.state.player(Y).hand == 3 - spent + owed
    assert table.state.current is B


def test_round_discard_pile_is_shuffled_under_a_short_deck() -> None:
    table = hunting((60,))
    yellow = table.state.player(Y)
    # hand-built: 8 hunters in the discard pile, 2 in hand, 60 played: the deck holds 1
    discard = frozenset({1, 10, 15, 16, 24, 27, 33, 38})
    table.state = table.state.replace_player(replace(yellow, hand=2, discard=discard))
    table.state = replace(table.state, order=(Y, B))
    assert table.state.player(Y).deck == 1
    events = table.do(EndHunt(Y))
    assert CardsDrawn(Y, 3, 3, True, DrawReason.HUNT) in events
    assert table.state.player(Y).discard == frozenset() and table.state.player(Y).deck == 6


def test_round_draws_fewer_when_every_card_is_out() -> None:
    table = hunting((60,))
    table.state = table.state.replace_player(replace(table.state.player(Y), hand=10))
    table.state = replace(table.state, order=(Y, B))
    assert table.state.player(Y).deck == 1
    assert CardsDrawn(Y, 1, 3, False, DrawReason.HUNT) in table.do(EndHunt(Y))


def test_round_commands_with_the_wrong_kind_of_value_are_refused_not_crashed() -> None:
    table = hunting((60, 27))
    assert refused(table, Hunt(B, 0, ("52",))) == "Hunt.hunters must be whole numbers, not ('52',)"
    assert refused(started(Y, B), PlayHunters(B, (None,))) == (
        "PlayHunters.speeds must be whole numbers, not (None,)")
    assert refused(Table(), StartGame(("Ann", "Bao"), GOALS4)) == "each player needs a name and a colour"
    assert refused(Table(), StartGame((PlayerSetup("Ann", "yellow"), PlayerSetup("Bao", B)), GOALS4)) == (
        "'yellow' is not a colour (yellow, blue, red, green or white)")


def test_round_history_keeps_plans_secret_until_the_reveal() -> None:
    table = started(Y, B, R)
    (chosen,) = table.do(PlayHunters(Y, (1, 10)))
    assert RULES.describe(None, chosen) == "Yellow has chosen hunters (face down)"
    before = table.state
    table.do(PlayHunters(B, (52,)))
    after_bao = table.state
    events = table.do(PlayHunters(R, ()))
    assert RULES.describe(after_bao, events[0]) == "Chen has chosen hunters (face down)"
    revealed = RULES.fold(events[:1], after_bao)
    assert RULES.describe(revealed, events[1]) == (
        "Order of play: Bao 1 (fastest 52) → Ann 12 (fastest 10); Chen skips the hunt")
    assert RULES.describe(revealed, events[2]) == "Chen draws 3 cards (took no tile)"
    assert before.player(Y).played == (1, 10)


def test_round_refusal_names_its_values_apart_from_the_words() -> None:
    table = hunting((60, 27))
    with pytest.raises(IllegalMove) as exc:
        RULES.decide(table.state, Hunt(B, 1, (52,)))
    assert exc.value.rule == (
        "zone {zone} ({stack} tiles) needs hunters worth at least {need}; these are worth {power}")
    assert exc.value.params == {"zone": 1, "stack": "size-2", "need": 4, "power": 1}
