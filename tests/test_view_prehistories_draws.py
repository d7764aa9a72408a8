"""The new-tiles step without a window: the zones still waiting for a tile, the tiles a zone may get
(what its stack has left, counting the tiles told for other zones), and Cairn's draw for the table,
which only fills the zones nobody told and is a command the rules accept."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from companion import i18n
from companion.viewmodels import prehistories as vm
from companion.viewmodels.prehistories import draws as draws
from rules.prehistories import RULES
from rules.prehistories.commands import DrawTiles, FillZones, PlayerSetup, StartGame, ZoneFill
from rules.prehistories.data import Colour
from tests.test_prehistories_support import Table


@pytest.fixture(autouse=True)
def english() -> None:
    i18n.set_language("en")


def game(players: int = 4) -> Table:
    table = Table()
    seats = tuple(PlayerSetup(f"P{i}", c) for i, c in enumerate(list(Colour)[:players]))
    table.do(StartGame(seats, ("A1", "A2", "A3", "A4", "A5")[:4 if players < 4 else 5]))
    return table


def test_draws_every_empty_zone_waits_then_the_next_after_the_one_told() -> None:
    table = game()
    assert draws.zones_to_tell(table.state) == tuple(range(7))
    assert draws.next_zone(table.state) == 0
    table.do(DrawTiles((ZoneFill(0, 1),)))
    assert draws.next_zone(table.state, after=0) == 1
    table.do(DrawTiles((ZoneFill(6, 33),)))
    assert draws.next_zone(table.state, after=6) == 1  # back to the first still waiting
    assert draws.fill_info(table.state, 1) == ("Highlighted zone (1 square): tap the tile drawn for it, "
                                               "or let Cairn draw.")


def test_draws_the_choices_of_a_zone_count_the_tiles_told_for_the_others() -> None:
    table = game()  # zones 0 and 1 both take size-1 tiles: five kinds, five copies each
    table.do(DrawTiles((ZoneFill(0, 1),)))
    for_zone_1 = {c.tile: c.caption for c in draws.tile_choices(table.state, 1)}
    assert for_zone_1 == {1: "Fish ×4", 7: "Mammoth ×5", 13: "Buffalo ×5", 19: "Ibex ×5", 25: "Boar ×5"}
    mine = draws.tile_choices(table.state, 0)
    assert [c.tile for c in mine if c.chosen] == [1] and mine[0].caption == "Fish ×5"
    legendary = draws.tile_choices(table.state, 6)
    assert [c.caption for c in legendary] == [f"Legendary {n} ×1" for n in range(1, 6)]


def test_draws_cairn_draws_only_the_zones_not_told_and_the_rules_accept_it() -> None:
    table = game()
    table.do(DrawTiles((ZoneFill(2, 8), ZoneFill(6, 35))))
    fills = vm.draw_fills(table.state, random.Random(7))
    assert fills == vm.draw_fills(table.state, random.Random(7))
    assert [f.zone for f in fills] == [0, 1, 3, 4, 5]
    table.do(DrawTiles(fills, by_cairn=True))
    assert draws.zones_to_tell(table.state) == ()
    assert draws.fill_info(table.state, None).startswith("Every zone has its tile")
    table.do(FillZones(table.state.drawn))
    assert table.state.zones[2] == 8 and table.state.zones[6] == 35


def test_draws_cairn_never_draws_a_copy_that_is_told_elsewhere() -> None:
    for seed in range(60):
        table = game()
        # leave one copy of each size-1 tile but Fish: Fish has 1, told for zone 0
        table.state = replace(table.state, stacks=tuple(
            (t, 1 if t in (1, 7) else 0 if t in (13, 19, 25) else n) for t, n in table.state.stacks))
        table.do(DrawTiles((ZoneFill(0, 1),)))
        (fill_1, *rest) = vm.draw_fills(table.state, random.Random(seed))
        assert fill_1 == ZoneFill(1, 7)
        RULES.decide(table.state, DrawTiles((fill_1, *rest), by_cairn=True))


def test_draws_the_zones_show_the_told_tiles_as_new_and_the_prompt_asks_for_the_rest() -> None:
    table = game(players=2)
    assert vm.prompt(table.state) == "New tiles: draw one from its stack for each empty zone."
    table.do(DrawTiles((ZoneFill(4, 32),)))
    views = vm.zone_views(table.state, table.state.drawn)
    assert [(v.tile, v.label, v.is_new) for v in views][3:] == [(0, "Empty", False), (32, "Legendary 2", True)]
    table.do(DrawTiles(vm.draw_fills(table.state, random.Random(1)), by_cairn=True))
    assert vm.prompt(table.state) == "Put the drawn tiles in their hunting zones."
    assert Counter(type(e).__name__ for e in table.events)["TilesDrawn"] == 2


def test_draws_the_demo_player_finishes_a_fill_the_players_began() -> None:
    from companion.viewmodels.prehistories.demo import demo_command

    table = game(players=3)
    table.do(DrawTiles((ZoneFill(1, 8),)))
    rng = random.Random(2)
    command = demo_command(table.state, rng)
    assert isinstance(command, DrawTiles) and command.by_cairn and [f.zone for f in command.tiles] == [0, 2, 3, 4]
    table.do(command)
    command = demo_command(table.state, rng)
    assert command == FillZones(table.state.drawn)
    table.do(command)
    assert table.state.zones[1] == 8
