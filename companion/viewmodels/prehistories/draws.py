"""New tiles as the table draws them: which zones still need a tile, the tiles a zone can get (what is
left in its stack, the tiles told for the other zones counted as gone), and the words of the fill step.

The players draw from the stacks and tap each tile; Cairn's own draw ("draw for us") is
``prehistories.draw_fills``. Either way the tiles are sent as ``DrawTiles`` before they are shown, so a
resume shows what the table has.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import _, tr
from rules.prehistories.data import Stack
from rules.prehistories.setup import required_fills
from rules.prehistories.state import State
from rules.prehistories.tiles import TILES, Animal

from companion.viewmodels.prehistories.words import animal_name, stack_name


def told(state: State) -> dict[int, int]:
    """Zone -> the tile told for it this round (not on the board yet)."""
    return {f.zone: f.tile for f in state.drawn}


def zones_to_tell(state: State) -> tuple[int, ...]:
    """The zones that get a tile this round and have none told yet, in zone order."""
    known = told(state)
    return tuple(z for z in required_fills(state) if z not in known)


def next_zone(state: State, after: int | None = None) -> int | None:
    """The zone to ask about next: the first one after ``after`` still without a tile (then from the
    start); None when every zone has its tile."""
    waiting = zones_to_tell(state)
    later = [z for z in waiting if after is None or z > after]
    return (later or list(waiting) or [None])[0]


@dataclass(frozen=True)
class TileChoice:
    """A tile the players may have drawn for a zone."""

    tile: int
    caption: str  # "Mammoth ×4": the tile and the copies left
    animal: str
    cells: tuple[tuple[int, int], ...]
    chosen: bool  # the tile told for this zone


def tile_name_short(tile: int) -> str:
    """"Mammoth", or "Legendary 2" (each Legendary tile is its own)."""
    kind = TILES[tile]
    if kind.animal is Animal.LEGENDARY:
        return tr("Legendary {n}", n=tile - 30)
    return animal_name(kind.animal)


def tile_choices(state: State, zone: int) -> list[TileChoice]:
    """The tiles of ``zone``'s stack still left, by id, each with the copies left for this zone."""
    stack = state.zone_table[zone].stack
    left = state.left_in_stack(stack)
    mine = told(state).get(zone)
    for f in state.drawn:
        if f.zone != zone and f.tile in left:
            left[f.tile] -= 1
    out = []
    for tile, n in sorted(left.items()):
        if n <= 0:
            continue
        kind = TILES[tile]
        caption = tr("{tile} ×{n}", tile=tile_name_short(tile), n=n)
        out.append(TileChoice(tile, caption, kind.animal.value, kind.shapes[0], tile == mine))
    return out


def fill_info(state: State, zone: int | None) -> str:
    """The line under the zones while the tiles are told."""
    if not required_fills(state):
        return _("No tiles left to draw: the empty zones stay empty.")
    if zone is None:
        return _("Every zone has its tile: put them on the board, then tap the button.")
    stack: Stack = state.zone_table[zone].stack
    return tr("Highlighted zone ({stack}): tap the tile drawn for it, or let Cairn draw.",
              stack=stack_name(stack))
