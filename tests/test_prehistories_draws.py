"""New tiles as the table's input: tiles told per zone (or drawn by Cairn for the table) are logged
before they go on the board, ``FillZones`` puts exactly those on it, and a log saved before this
existed still replays."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rules.codec import encode
from rules.errors import IllegalMove
from rules.prehistories import RULES
from rules.prehistories.commands import DrawTiles, FillZones, PlayerSetup, StartGame, ZoneFill
from rules.prehistories.data import Colour
from rules.prehistories.events import TilesDrawn, ZonesFilled
from rules.prehistories.state import Phase
from tests.test_prehistories_support import Table

FIXTURE = Path(__file__).parent / "data" / "prehistories_log_before_draws.json"
#: Fish1, Mammoth2, Buffalo3A, Fish4A, Legendary1 on the 2-3 player board
FEW_FILL = (ZoneFill(0, 1), ZoneFill(1, 8), ZoneFill(2, 15), ZoneFill(3, 5), ZoneFill(4, 31))


def new_game(players: int = 3) -> Table:
    colours = list(Colour)[:players]
    goals = ("A1", "A2", "B3", "A4", "A5")[:4 if players < 4 else 5]
    table = Table()
    table.do(StartGame(tuple(PlayerSetup(f"P{i}", c) for i, c in enumerate(colours)), goals))
    return table


def refused(table: Table, command: object) -> str:
    with pytest.raises(IllegalMove) as exc:
        RULES.decide(table.state, command)
    return str(exc.value)


def test_draws_a_told_tile_is_logged_but_stays_off_the_board_until_filled() -> None:
    table = new_game()
    (event,) = table.do(DrawTiles((ZoneFill(2, 15),)))
    assert event == TilesDrawn((ZoneFill(2, 15),), by_cairn=False)
    state = table.state
    assert state.drawn == (ZoneFill(2, 15),) and state.phase is Phase.FILL
    assert state.zones == (None,) * 5 and dict(state.stacks)[15] == 1
    assert RULES.describe(None, event) == "Drawn from the stacks, by zone: 2 Buffalo3A"


def test_draws_a_zone_told_again_gets_the_new_tile_and_the_rest_keep_zone_order() -> None:
    table = new_game()
    table.do(DrawTiles((ZoneFill(3, 5),)))
    table.do(DrawTiles((ZoneFill(0, 1),)))
    table.do(DrawTiles((ZoneFill(3, 11),)))
    assert table.state.drawn == (ZoneFill(0, 1), ZoneFill(3, 11))


def test_draws_cairn_draws_all_in_one_command_then_fill_puts_exactly_those_on_the_board() -> None:
    table = new_game()
    (event,) = table.do(DrawTiles(FEW_FILL, by_cairn=True))
    assert RULES.describe(None, event).template == "Cairn drew for the table, by zone: {tiles}"
    rule = refused(table, FillZones(FEW_FILL[:4] + (ZoneFill(4, 32),)))
    assert rule.startswith("the tiles told for the zones were 0 Fish1, 1 Mammoth2")
    (filled,) = table.do(FillZones(FEW_FILL))
    assert filled == ZonesFilled(FEW_FILL)
    assert table.state.drawn == () and table.state.phase is Phase.PLANNING
    assert table.state.zones == (1, 8, 15, 5, 31)


def test_draws_two_zones_cannot_share_the_last_copy() -> None:
    table = new_game(players=4)  # two size-1 zones (0 and 1)
    table.state = replace(table.state, stacks=tuple((t, 1 if t == 1 else n) for t, n in table.state.stacks))
    table.do(DrawTiles((ZoneFill(0, 1),)))
    assert "no Fish1 (tile 1) is left" in refused(table, DrawTiles((ZoneFill(1, 1),)))
    table.do(DrawTiles((ZoneFill(0, 7),)))  # zone 0 told again: its Fish 1 is back in the stack
    table.do(DrawTiles((ZoneFill(1, 1),)))
    assert table.state.drawn == (ZoneFill(0, 7), ZoneFill(1, 1))


@pytest.mark.parametrize("command,rule", [
    (DrawTiles(()), "say which tile was drawn for which zone"),
    (DrawTiles((ZoneFill(9, 1),)), "there is no hunting zone 9"),
    (DrawTiles((ZoneFill(0, 8),)), "zone 0 takes size-1 tiles; Mammoth2 is a size-2 tile"),
    (DrawTiles((ZoneFill(0, 1), ZoneFill(0, 7))), "zone 0 is filled twice"),
    (DrawTiles((ZoneFill(0, 99),)), "there is no tile 99"),
    (DrawTiles((ZoneFill(0, 1),), by_cairn="yes"), "DrawTiles.by_cairn must be true or false"),  # type: ignore[arg-type]
])
def test_draws_bad_draws_are_refused_naming_the_rule(command: DrawTiles, rule: str) -> None:
    assert rule in refused(new_game(), command)


def test_draws_only_while_the_zones_are_being_filled() -> None:
    table = new_game()
    table.do(FillZones(FEW_FILL))
    assert "the players are planning" in refused(table, DrawTiles((ZoneFill(0, 1),)))


def test_draws_a_log_saved_before_draws_were_told_replays_to_its_state() -> None:
    saved = json.loads(FIXTURE.read_text(encoding="utf-8"))
    events = [RULES.registry.decode({k: v for k, v in row.items() if k != "schema"}) for row in saved["events"]]
    assert not any(isinstance(e, TilesDrawn) for e in events)
    state = RULES.fold(events)
    assert encode(state) == dict(saved["state"], drawn=[])
    assert state == RULES.registry.decode(saved["state"])
    # and it plays on with the new way of telling tiles
    assert state.phase is Phase.PLANNING and state.round == 3
