"""A whole 3-player game of Prehistories, round by round, through RULES only.

Ann (Yellow), Bao (Blue) and Chen (Red); goals A1, A8, B9 and A7. Every round checks the order of
play, every card drawn (with its reason and any reshuffle) and the totems placed. Ann places her
eighth totem while painting in round 10, and the game ends before Chen can paint.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from rules.errors import IllegalMove
from rules.prehistories import RULES
from rules.prehistories.commands import (
    EndHunt, FillZones, Hunt, Paint, PlayerSetup, PlayHunters, StartGame, ZoneFill,
)
from rules.prehistories.data import Colour
from rules.prehistories.events import CardsDrawn, DrawReason, GameWon, ObjectiveMet, TurnOrderSet
from rules.prehistories.state import Phase
from tests.test_prehistories_support import Table

Y, B, R = Colour.YELLOW, Colour.BLUE, Colour.RED
HUNT, NONE, PRINT = DrawReason.HUNT, DrawReason.NO_HUNT, DrawReason.HAND_PRINT


@dataclass
class Round:
    """One round: the tiles drawn, the hunters revealed, the hunts and paintings in order, and what
    must follow."""

    fills: dict[int, int]
    plays: dict[Colour, tuple[int, ...]]
    order: tuple[Colour, ...]
    hunts: dict[Colour, list[tuple[int, tuple[int, ...]]]]
    paints: dict[Colour, list[tuple[int, int, int, int]]]
    draws: dict[Colour, list[tuple[int, DrawReason, bool]]]
    totems: dict[Colour, int]
    awards: list[tuple[Colour, str, int]] = field(default_factory=list)


ROUNDS = [
    Round(  # 1: Bao and Chen bid low; Ann spends three cards on the Legendary
        fills={0: 1, 1: 8, 2: 15, 3: 23, 4: 31},
        plays={Y: (1, 10, 15), B: (52,), R: (53, 44)},
        order=(B, R, Y),
        hunts={B: [(0, (52,))], R: [], Y: [(4, (1, 10, 15))]},
        paints={B: [(1, 0, 0, 0)], Y: [(31, 0, 2, 0)]},
        draws={B: [(1, HUNT, False)], R: [(3, HUNT, False)], Y: [(2, HUNT, False)]},
        totems={Y: 1, B: 0, R: 0},
        awards=[(Y, "legendary", 1)],
    ),
    Round(  # 2
        fills={0: 7, 4: 32},
        plays={Y: (16, 24), B: (2, 9, 20), R: (3, 8, 12, 19)},
        order=(Y, B, R),
        hunts={Y: [(0, (24,)), (1, (16,))], B: [(4, (2, 9, 20))], R: [(3, (3, 8)), (2, (12, 19))]},
        paints={Y: [(7, 0, 1, 0), (8, 1, 4, 0)], B: [(32, 0, 1, 0)], R: [(15, 0, 0, 0), (23, 0, 2, 0)]},
        draws={Y: [(1, HUNT, False)], B: [(2, HUNT, False)], R: [(1, HUNT, False)]},
        totems={Y: 1, B: 1, R: 0},
        awards=[(B, "legendary", 1)],
    ),
    Round(  # 3: Ann and Chen tie on 1; Ann's hunter 60 is faster than Chen's 58
        fills={0: 25, 1: 2, 2: 21, 3: 29, 4: 33},
        plays={Y: (60,), B: (59, 43), R: (58,)},
        order=(Y, R, B),
        hunts={Y: [(0, (60,))], R: [], B: []},
        paints={Y: [(25, 0, 0, 0)]},
        draws={Y: [(1, HUNT, False)], R: [(3, HUNT, False)], B: [(3, HUNT, False)]},
        totems={Y: 1, B: 1, R: 0},
    ),
    Round(  # 4: Bao's second Legendary sits right below the first: B9
        fills={0: 19},
        plays={Y: (51,), B: (34, 37, 25, 26), R: (21, 30)},
        order=(Y, R, B),
        hunts={Y: [(0, (51,))], R: [(2, (21, 30))], B: [(4, (34, 37, 25, 26))]},
        paints={Y: [(19, 0, 6, 0)], R: [(21, 0, 3, 0)], B: [(33, 0, 3, 0)]},
        draws={Y: [(1, HUNT, False)], R: [(1, HUNT, False)], B: [(1, HUNT, False)]},
        totems={Y: 2, B: 4, R: 0},
        awards=[(Y, "column 0", 1), (B, "legendary", 1), (B, "B9", 2)],
    ),
    Round(  # 5
        fills={0: 13, 2: 3, 4: 34},
        plays={Y: (42,), B: (59,), R: (53, 58, 44, 47, 35)},
        order=(B, Y, R),
        hunts={B: [(0, (59,))], Y: [], R: [(2, (44, 47, 35))]},
        paints={B: [(13, 0, 5, 0)], R: [(3, 1, 4, 2)]},
        draws={B: [(1, HUNT, False)], Y: [(3, HUNT, False)], R: [(1, HUNT, False)]},
        totems={Y: 2, B: 4, R: 0},
    ),
    Round(  # 6: Chen's deck is empty, so his discard pile is shuffled under it before he draws
        fills={0: 25, 2: 16},
        plays={Y: (33, 38, 27, 49), B: (11,), R: (36,)},
        order=(R, B, Y),
        hunts={R: [(0, (36,))], B: [(1, (11,))], Y: [(3, (33, 38, 27))]},
        paints={R: [(25, 0, 5, 0)], B: [(2, 0, 6, 0)], Y: [(29, 0, 4, 1)]},
        draws={R: [(1, HUNT, True)], B: [(1, HUNT, False)], Y: [(1, HUNT, False)]},
        totems={Y: 2, B: 5, R: 0},
        awards=[(B, "column 0", 1)],
    ),
    Round(  # 7: Ann connects her second totem first (A1: 2), Chen later (1); two hand prints covered
        fills={0: 7, 1: 20, 3: 18},
        plays={Y: (42,), B: (43, 48), R: (3, 8, 12)},
        order=(Y, B, R),
        hunts={Y: [(0, (42,))], B: [(1, (43, 48))], R: [(4, (3, 8, 12))]},
        paints={Y: [(7, 0, 5, 3)], B: [(20, 1, 0, 2)], R: [(34, 0, 0, 2)]},
        draws={Y: [(1, HUNT, True)], B: [(1, HUNT, True), (1, PRINT, False)],
               R: [(2, HUNT, False), (1, PRINT, False)]},
        totems={Y: 4, B: 5, R: 2},
        awards=[(Y, "A1", 2), (R, "legendary", 1), (R, "A1", 1)],
    ),
    Round(  # 8: a tie on 1 again: Ann's 60 beats Bao's 52; Ann's fifth size-1 tile (A8); Chen's column 0
        fills={0: 1, 1: 26, 4: 35},
        plays={Y: (60,), B: (52,), R: (21,)},
        order=(Y, B, R),
        hunts={Y: [(0, (60,))], B: [], R: [(1, (21,))]},
        paints={Y: [(1, 0, 6, 2)], R: [(26, 0, 6, 0)]},
        draws={Y: [(1, HUNT, False)], B: [(3, HUNT, False)], R: [(1, HUNT, False)]},
        totems={Y: 6, B: 5, R: 3},
        awards=[(Y, "A8", 2), (R, "column 0", 1)],
    ),
    Round(  # 9: Ann completes row 5 through her totem; Bao takes the last Legendary
        fills={0: 1, 1: 20},
        plays={Y: (1, 49), B: (2, 9, 20, 11), R: (53,)},
        order=(R, Y, B),
        hunts={R: [(0, (53,))], Y: [(1, (1, 49))], B: [(4, (2, 9, 20))]},
        paints={R: [(1, 0, 6, 2)], Y: [(20, 0, 5, 5)], B: [(35, 0, 2, 2)]},
        draws={R: [(1, HUNT, False)], Y: [(2, HUNT, False)], B: [(2, HUNT, False)]},
        totems={Y: 7, B: 6, R: 3},
        awards=[(Y, "row 5", 1), (B, "legendary", 1)],
    ),
]


def test_scripted_three_player_game() -> None:
    table = Table()
    table.do(StartGame((PlayerSetup("Ann", Y), PlayerSetup("Bao", B), PlayerSetup("Chen", R)),
                       ("A1", "A8", "B9", "A7")))
    for number, rnd in enumerate(ROUNDS, start=1):
        play_round(table, number, rnd)
    # Round 10: the Legendary stack is out, so zone 4 stays empty
    with pytest.raises(IllegalMove, match="no Legendary1"):
        RULES.decide(table.state, FillZones((ZoneFill(0, 7), ZoneFill(1, 14), ZoneFill(4, 31))))
    table.do(FillZones((ZoneFill(0, 7), ZoneFill(1, 14))))
    assert table.state.zones == (7, 14, 16, 18, None)
    table.do(PlayHunters(Y, (51,)))
    table.do(PlayHunters(B, (43,)))
    events = table.do(PlayHunters(R, (44, 47)))
    assert events[-1] == TurnOrderSet((Y, B, R), ())
    table.do(Hunt(Y, 0, (51,)))
    table.do(EndHunt(Y))
    table.do(EndHunt(B))
    table.do(Hunt(R, 1, (44, 47)))
    table.do(EndHunt(R))
    # Ann paints (6, 6): both corners of A7 (worth 2 to the first) but only one totem is left
    events = table.do(Paint(Y, 7, 0, 6, 6))
    assert ObjectiveMet(Y, "A7", 1, True) in events and events[-1] == GameWon(Y)
    assert RULES.finished(table.state) and table.state.winner is Y
    assert {p.colour: p.totems for p in table.state.players} == {Y: 8, B: 6, R: 3}
    with pytest.raises(IllegalMove, match="the game is over: Ann won"):
        RULES.decide(table.state, Paint(R, 14, 0, 6, 3))
    assert RULES.fold(table.events) == table.state


def play_round(table: Table, number: int, rnd: Round) -> None:
    """Play ``rnd`` and check its order, draws and totems."""
    start = len(table.events)
    assert table.state.phase is Phase.FILL and table.state.round == number
    table.do(FillZones(tuple(ZoneFill(z, t) for z, t in sorted(rnd.fills.items()))))
    for colour, speeds in rnd.plays.items():
        table.do(PlayHunters(colour, speeds))
    assert table.state.order == rnd.order, f"round {number}"
    for colour in rnd.order:
        for zone, hunters in rnd.hunts[colour]:
            table.do(Hunt(colour, zone, hunters))
        table.do(EndHunt(colour))
    assert table.state.phase is Phase.PAINTING, f"round {number}"
    for colour in rnd.order:
        for tile, side, row, col in rnd.paints.get(colour, []):
            table.do(Paint(colour, tile, side, row, col))
    events = table.events[start:]
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    draws = {c: [(e.count, e.reason, e.reshuffled) for e in drawn if e.colour is c] for c in rnd.order}
    assert draws == rnd.draws, f"round {number}"
    assert [(e.colour, e.objective, e.totems) for e in events if isinstance(e, ObjectiveMet)] == rnd.awards, \
        f"round {number}"
    assert {p.colour: p.totems for p in table.state.players} == rnd.totems, f"round {number}"
