"""Whose turn it is and where figures may go: the placement rules as pure functions.

``place_problem`` gives the rule a placement breaks (or ``None``) in a fixed order: the space
exists, the per-round and per-space rules, the player-count limits, then the player's figures.
"""
from __future__ import annotations

from ..text import Text
from .data import (
    AREA_NAME,
    CAPACITY,
    CARD_SLOTS,
    EXACT_FIGURES,
    RESOURCE_AREA_PLAYERS,
    RESOURCE_AREAS,
    VILLAGE,
    VILLAGE_SPACES_USABLE,
    Area,
)
from .state import GameState, Placement


def space_name(area: Area, slot: int = 0) -> str:
    """A space in player words: "the forest" (a vocabulary word), or ``Text`` "building 2", "card slot 3"."""
    if area is Area.BUILDING:
        return Text("building {slot}", slot=slot)
    if area is Area.CARD:
        return Text("card slot {slot}", slot=slot)
    return AREA_NAME[area]


def figures_left(state: GameState, player: int) -> int:
    """Figures ``player`` still has at home this round."""
    placed = sum(p.figures for p in state.placements if p.player == player)
    people = state.round_people[player] if state.board and state.round_people else state.players[player].people
    return people - placed


def figures_on(state: GameState, area: Area, slot: int = 0) -> int:
    """Figures (all players) on a space."""
    return sum(p.figures for p in state.placements if p.area is area and p.slot == slot)


def placement_of(state: GameState, player: int, area: Area, slot: int = 0) -> Placement | None:
    """``player``'s placement on a space this round, if any."""
    for p in state.placements:
        if p.player == player and p.area is area and p.slot == slot:
            return p
    return None


def _slots(state: GameState, area: Area) -> range:
    if area is Area.BUILDING:
        return range(1, len(state.stacks) + 1)
    if area is Area.CARD:
        return range(1, CARD_SLOTS + 1)
    return range(1)


def place_problem(state: GameState, player: int, area: Area, figures: int, slot: int = 0) -> Text | None:
    """The rule (a ``Text``) that forbids ``player`` putting ``figures`` on the space, or ``None``."""
    name = space_name(area, slot)
    n = state.player_count
    if slot not in _slots(state, area):
        if area in (Area.BUILDING, Area.CARD):
            return Text("there is no {space}", space=name)
        return Text("{space} has no numbered slots", space=AREA_NAME[area])
    if figures < 1:
        return Text("place at least one figure")
    if placement_of(state, player, area, slot) is not None:
        if area is Area.HUNTING:
            return Text("a player goes hunting only once per round")
        return Text("you already have figures on {space}; a space is used once per round, "
                    "all figures at once", space=name)
    if area is Area.BUILDING and state.stacks[slot - 1] == 0:
        return Text("building stack {slot} is empty", slot=slot)
    if area is Area.CARD and not state.slots_filled[slot - 1]:
        return Text("card slot {slot} is empty", slot=slot)
    exact = EXACT_FIGURES.get(area)
    cap = CAPACITY[area]
    if exact is not None and figures_on(state, area, slot) > 0:
        return Text("{space} is taken this round", space=name)
    if area in VILLAGE:
        used = {p.area for p in state.placements if p.area in VILLAGE}
        if area not in used and len(used) >= VILLAGE_SPACES_USABLE[n]:
            return Text("with {players} players only {usable} of the 3 village spaces are used in a round",
                        players=n, usable=VILLAGE_SPACES_USABLE[n])
    if exact is not None and figures != exact:
        if exact > 1:
            return Text("{space} takes exactly {count} figures", space=name, count=exact)
        return Text("{space} takes exactly {count} figure", space=name, count=exact)
    if cap is not None and figures_on(state, area, slot) + figures > cap:
        return Text("{space} holds at most {count} figures", space=name, count=cap)
    if area in RESOURCE_AREAS:
        there = {p.player for p in state.placements if p.area is area}
        limit = RESOURCE_AREA_PLAYERS[n]
        if len(there) >= limit:
            if limit == 1:
                return Text("with {players} players 1 player uses {space} in a round", players=n, space=name)
            return Text("with {players} players at most {limit} players use {space} in a round",
                        players=n, limit=limit, space=name)
    left = figures_left(state, player)
    if figures > left:
        if left == 1:
            return Text("you have only {count} figure left to place", count=left)
        return Text("you have only {count} figures left to place", count=left)
    return None


def legal_places(state: GameState, player: int) -> tuple[tuple[Area, int, int], ...]:
    """Every space ``player`` may use now, as (area, slot, most figures allowed there)."""
    out = []
    left = figures_left(state, player)
    for area in Area:
        for slot in _slots(state, area):
            most = next((f for f in range(left, 0, -1) if place_problem(state, player, area, f, slot) is None), 0)
            if most:
                out.append((area, slot, most))
    return tuple(out)


def can_place(state: GameState, player: int) -> bool:
    """True if ``player`` has figures left and somewhere legal to put them."""
    if figures_left(state, player) <= 0:
        return False
    return any(
        place_problem(state, player, area, EXACT_FIGURES.get(area, 1), slot) is None
        for area in Area for slot in _slots(state, area)
    )


def next_placer(state: GameState, after: int) -> int | None:
    """The next player clockwise after ``after`` (ending with ``after`` itself) who can still place."""
    n = state.player_count
    for i in range(1, n + 1):
        seat = (after + i) % n
        if can_place(state, seat):
            return seat
    return None


def unresolved(state: GameState, player: int) -> tuple[Placement, ...]:
    """``player``'s spaces still to resolve in the actions phase."""
    return tuple(p for p in state.placements if p.player == player and not p.resolved)


def next_actor(state: GameState) -> int | None:
    """In the actions phase: the first player in turn order with spaces left to resolve (when the board
    keeps the placement: or with figures left that may still go somewhere)."""
    for seat in state.turn_order():
        if unresolved(state, seat) or (state.board and seat not in state.stayed_home and can_place(state, seat)):
            return seat
    return None
