"""Checks for setting up a game and for filling the hunting zones at the start of each round."""
from __future__ import annotations

from collections import Counter

from ..errors import IllegalMove
from ..text import Text
from .commands import PlayerSetup, StartGame, ZoneFill
from .data import PLAYER_COUNTS, BoardSide, Colour, Stack
from .goals import GOALS, card_of
from .state import State
from .tiles import TILES
from .words import listing, tile_name


def check_setup(command: StartGame) -> BoardSide:
    """The board side for ``command``'s players, or ``IllegalMove`` naming what is wrong with the setup."""
    players = command.players
    if not all(isinstance(p, PlayerSetup) and isinstance(p.name, str) for p in players):
        raise IllegalMove("each player needs a name and a colour")
    if not all(isinstance(g, str) for g in command.goals):
        raise IllegalMove("goal cards are given by their ids, such as \"A2\"")
    if len(players) not in PLAYER_COUNTS:
        raise IllegalMove("Prehistories is for 2-5 players, not {count}", count=len(players))
    colours = [p.colour for p in players]
    for c in colours:
        if not isinstance(c, Colour):
            raise IllegalMove("{value} is not a colour (yellow, blue, red, green or white)", value=repr(c))
    twice = [c for c, n in Counter(colours).items() if n > 1]
    if twice:
        raise IllegalMove("two players cannot both play {colour}", colour=twice[0].label)
    for p in players:
        if not p.name.strip():
            raise IllegalMove("the {colour} player needs a name", colour=p.colour.label)
    side, cards = PLAYER_COUNTS[len(players)]
    goals = command.goals
    unknown = [g for g in goals if g not in GOALS]
    if unknown:
        raise IllegalMove("there is no goal {goal} (Sun side A1-A9, Moon side B1-B9)", goal=repr(unknown[0]))
    if len(goals) != cards:
        raise IllegalMove("{players} players use {cards} goal cards, not {count}",
                          players=len(players), cards=cards, count=len(goals))
    shared = [n for n, k in Counter(card_of(g) for g in goals).items() if k > 1]
    if shared:
        n = shared[0]
        raise IllegalMove("goal card {n} is used twice (A{n} and B{n} are its two sides)", n=n)
    return side


def required_fills(state: State) -> tuple[int, ...]:
    """The empty zones that get a tile this round: in zone order, while the zone's stack lasts."""
    left: Counter[Stack] = Counter()
    for tile, n in state.stacks:
        left[TILES[tile].stack] += n
    zones: list[int] = []
    for i, (zone, filled) in enumerate(zip(state.zone_table, state.zones)):
        if filled is None and left[zone.stack] > 0:
            left[zone.stack] -= 1
            zones.append(i)
    return tuple(zones)


def _check_one(state: State, fill: object, seen: set[int], left: dict[int, int]) -> None:
    """Refuse one zone fill that is malformed, names a zone twice or one holding a tile, or gives a tile of
    the wrong stack or none left (``left`` and ``seen`` are updated)."""
    table = state.zone_table
    if not isinstance(fill, ZoneFill) or type(fill.zone) is not int or type(fill.tile) is not int:
        raise IllegalMove("a zone fill names a zone and a tile by number, not {value}", value=repr(fill))
    if not 0 <= fill.zone < len(table):
        raise IllegalMove("there is no hunting zone {zone} (zones are 0-{last})",
                          zone=fill.zone, last=len(table) - 1)
    if fill.zone in seen:
        raise IllegalMove("zone {zone} is filled twice", zone=fill.zone)
    seen.add(fill.zone)
    if state.zones[fill.zone] is not None:
        raise IllegalMove("zone {zone} still holds a tile", zone=fill.zone)
    kind = TILES.get(fill.tile)
    if kind is None:
        raise IllegalMove("there is no tile {tile} (tiles are numbered 1-35)", tile=fill.tile)
    stack = table[fill.zone].stack
    if kind.stack is not stack:
        raise IllegalMove("zone {zone} takes {stack} tiles; {name} is a {tile_stack} tile",
                          zone=fill.zone, stack=stack.label, name=tile_name(fill.tile),
                          tile_stack=kind.stack.label)
    if left[fill.tile] <= 0:
        raise IllegalMove("no {name} (tile {tile}) is left in the {stack} stack",
                          name=tile_name(fill.tile), tile=fill.tile, stack=stack.label)
    left[fill.tile] -= 1


def check_draw(state: State, fills: tuple[ZoneFill, ...]) -> None:
    """Refuse ``fills`` (tiles told for some zones before they go on the board) unless each names a zone
    that gets a tile this round and a tile of its stack still left, counting the tiles already told for
    the other zones (a zone told again gives its old tile back)."""
    if not isinstance(fills, tuple) or not fills:
        raise IllegalMove("say which tile was drawn for which zone")
    told = {f.zone for f in fills if isinstance(f, ZoneFill)}
    left = dict(state.stacks)
    for other in state.drawn:
        if other.zone not in told:
            left[other.tile] -= 1
    seen: set[int] = set()
    required = required_fills(state)
    for fill in fills:
        _check_one(state, fill, seen, left)
        if fill.zone not in required:
            raise IllegalMove("zone {zone} gets no tile this round (its stack is used up by the zones before it)",
                              zone=fill.zone)


def check_fill(state: State, fills: tuple[ZoneFill, ...]) -> None:
    """Refuse ``fills`` unless it gives exactly the zones ``required_fills`` names a tile of the right
    stack that is still in it; once tiles were told (``state.drawn``), exactly those."""
    table = state.zone_table
    seen: set[int] = set()
    left = dict(state.stacks)
    for fill in fills:
        _check_one(state, fill, seen, left)
    if state.drawn and set(fills) != set(state.drawn):
        raise IllegalMove("the tiles told for the zones were {tiles}: put those on the board, "
                          "or tell the zone again first", tiles=listing(
                              [Text("{zone} {tile}", zone=f.zone, tile=tile_name(f.tile)) for f in state.drawn]))
    missing = [z for z in required_fills(state) if z not in seen]
    if missing:
        stack = table[missing[0]].stack
        raise IllegalMove("zone {zone} is empty and the {stack} stack still holds tiles: "
                          "say which tile was drawn for it", zone=missing[0], stack=stack.label)
    extra = sorted(seen - set(required_fills(state)))
    if extra:
        raise IllegalMove("zone {zone} gets no tile this round (its stack is used up by the zones before it)",
                          zone=extra[0])
