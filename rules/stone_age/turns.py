"""Whose turn it is and where figures may go: the placement rules as pure functions.

``place_problem`` gives the rule a placement breaks (or ``None``) in a fixed order: the space
exists, the per-round and per-space rules, the player-count limits, then the player's figures.
"""
from __future__ import annotations

from .data import (AREA_NAME, CAPACITY, CARD_SLOTS, EXACT_FIGURES, RESOURCE_AREA_PLAYERS, RESOURCE_AREAS,
                   VILLAGE, VILLAGE_SPACES_USABLE, Area)
from .state import GameState, Placement


def space_name(area: Area, slot: int = 0) -> str:
    """A space in player words: "the forest", "building 2", "card slot 3"."""
    if area is Area.BUILDING:
        return f"building {slot}"
    if area is Area.CARD:
        return f"card slot {slot}"
    return AREA_NAME[area]


def figures_left(state: GameState, player: int) -> int:
    """Figures ``player`` still has at home this round."""
    placed = sum(p.figures for p in state.placements if p.player == player)
    return state.players[player].people - placed


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
    return range(0, 1)


def place_problem(state: GameState, player: int, area: Area, figures: int, slot: int = 0) -> str | None:
    """The rule that forbids ``player`` putting ``figures`` on the space, or ``None`` if legal."""
    name = space_name(area, slot)
    n = state.player_count
    if slot not in _slots(state, area):
        if area in (Area.BUILDING, Area.CARD):
            return f"there is no {name}"
        return f"{AREA_NAME[area]} has no numbered slots"
    if figures < 1:
        return "place at least one figure"
    if placement_of(state, player, area, slot) is not None:
        if area is Area.HUNTING:
            return "a player goes hunting only once per round"
        return f"you already have figures on {name}; a space is used once per round, all figures at once"
    if area is Area.BUILDING and state.stacks[slot - 1] == 0:
        return f"building stack {slot} is empty"
    if area is Area.CARD and not state.slots_filled[slot - 1]:
        return f"card slot {slot} is empty"
    exact = EXACT_FIGURES.get(area)
    cap = CAPACITY[area]
    if exact is not None and figures_on(state, area, slot) > 0:
        return f"{name} is taken this round"
    if area in VILLAGE:
        used = {p.area for p in state.placements if p.area in VILLAGE}
        if area not in used and len(used) >= VILLAGE_SPACES_USABLE[n]:
            return f"with {n} players only {VILLAGE_SPACES_USABLE[n]} of the 3 village spaces are used in a round"
    if exact is not None and figures != exact:
        return f"{name} takes exactly {exact} figure{'s' if exact > 1 else ''}"
    if cap is not None and figures_on(state, area, slot) + figures > cap:
        return f"{name} holds at most {cap} figures"
    if area in RESOURCE_AREAS:
        there = {p.player for p in state.placements if p.area is area}
        limit = RESOURCE_AREA_PLAYERS[n]
        if len(there) >= limit:
            who = "1 player uses" if limit == 1 else f"at most {limit} players use"
            return f"with {n} players {who} {name} in a round"
    left = figures_left(state, player)
    if figures > left:
        return f"you have only {left} figure{'s' if left != 1 else ''} left to place"
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
    """In the actions phase: the first player in turn order with spaces left to resolve."""
    for seat in state.turn_order():
        if unresolved(state, seat):
            return seat
    return None
