"""A seeded demo player for Prehistories: the moves of the screenshot tour's game (no window needed).

Every move is legal by construction and checked by the rules when it is sent. The tiles drawn at the
start of a round come from ``draw_fills`` with the tour's seeded generator, as the app draws them
(after tiles told by tapping, the rest are drawn for the table first).
"""
from __future__ import annotations

import random
from typing import Any

from companion.viewmodels.prehistories import draw_fills
from rules.prehistories import RULES
from rules.prehistories.cave import legal_placements, neighbours, painted
from rules.prehistories.commands import DrawTiles, EndHunt, FillZones, Hunt, Paint, PlayHunters
from rules.prehistories.data import HUNTERS, deck
from rules.prehistories.events import ObjectiveMet
from rules.prehistories.state import Phase, Player, State
from rules.prehistories.tiles import TILES


#: the seed of the tour's game
SEED = 5


def demo_command(state: State, rng: random.Random) -> Any:
    """The next command of the demo game in ``state``."""
    if state.phase is Phase.FILL:
        fills = draw_fills(state, rng)
        if state.drawn:  # some tiles were told: draw the rest for the table, then put them all on
            return DrawTiles(fills, by_cairn=True) if fills else FillZones(state.drawn)
        return FillZones(fills)
    if state.phase is Phase.PLANNING:
        player = next(p for p in state.players if not p.planned)
        return PlayHunters(player.colour, plan_for(state, player, rng))
    if state.phase is Phase.HUNTING:
        return hunt_for(state, state.player(state.current))
    if state.phase is Phase.PAINTING:
        return paint_for(state, state.player(state.current))
    raise ValueError("the game is over")


def _cheapest(speeds: list[int], need: int) -> tuple[int, ...] | None:
    """The fewest, weakest cards among ``speeds`` worth at least ``need`` (strongest first), or None."""
    chosen: list[int] = []
    for s in sorted(speeds, key=lambda s: -HUNTERS[s].power):
        if sum(HUNTERS[x].power for x in chosen) >= need:
            break
        chosen.append(s)
    if sum(HUNTERS[x].power for x in chosen) < need:
        return None
    return tuple(chosen)


def plan_for(state: State, player: Player, rng: random.Random) -> tuple[int, ...]:
    """Hunters for one target zone: a big tile when the cards allow it, otherwise a small one."""
    free = sorted(deck(player.colour) - player.discard, key=lambda s: -HUNTERS[s].power)
    hand = free[:player.hand] if player.hand < len(free) else free
    rng.shuffle(hand)
    hand = hand[:player.hand]
    targets = [z for i, z in enumerate(state.zone_table) if state.zones[i] is not None]
    for zone in sorted(targets, key=lambda z: -z.safe):
        party = _cheapest(hand, zone.safe if rng.random() < 0.7 else zone.injury)
        if party is not None:
            return party
    return ()


def hunt_for(state: State, player: Player) -> Any:
    """Take the biggest tile the waiting hunters can still pay for; end the hunt when none."""
    zones = [(i, z) for i, z in enumerate(state.zone_table) if state.zones[i] is not None]
    for i, zone in sorted(zones, key=lambda iz: -iz[1].injury):
        party = _cheapest(list(player.played), zone.safe) or _cheapest(list(player.played), zone.injury)
        if party is not None:
            return Hunt(player.colour, i, party)
    return EndHunt(player.colour)


def paint_for(state: State, player: Player) -> Paint:
    """The placement of a taken tile that earns most totems, then touches most painted cells."""
    best: tuple[float, Paint] | None = None
    for tile in sorted(set(player.taken), key=lambda t: -TILES[t].size):
        grid = painted(player.colour, player.cave)
        for p in legal_placements(player.colour, player.cave, tile):
            command = Paint(player.colour, tile, p.side, p.row, p.col)
            totems = sum(e.totems for e in RULES.decide(state, command) if isinstance(e, ObjectiveMet))
            touching = sum(1 for cell in p.cells for n in neighbours(cell) if n in grid)
            score = totems * 100 + touching * 3 - p.col - abs(p.row - 3) * 0.5
            if best is None or score > best[0]:
                best = (score, command)
    if best is None:
        raise ValueError(f"{player.name} has nothing to paint")
    return best[1]
