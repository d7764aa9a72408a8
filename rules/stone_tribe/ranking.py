"""The final ranking of 石器部落: most shells, then most resource cards, then a roll-off of the two fate
dice between the players still tied (highest total wins, repeated while tied).

Ranks are competition ranks (1, 2, 2, 4): players still tied, or waiting for a roll-off, share a rank.
The ranking never depends on the order the players are listed in.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .state import GameState


@dataclass(frozen=True)
class Entry:
    """One player's end-of-game numbers. ``rolloff``: the totals of their successive roll-off rolls."""

    name: str
    shells: int
    resource_cards: int
    rolloff: tuple[int, ...] = ()


@dataclass(frozen=True)
class Standing:
    """One player's place in the ranking."""

    name: str
    shells: int
    resource_cards: int
    rolloff: tuple[int, ...]
    rank: int


def _split(members: list[int], key: Mapping[int, int]) -> list[list[int]]:
    """``members`` grouped by equal ``key`` (highest first)."""
    groups: dict[int, list[int]] = {}
    for m in members:
        groups.setdefault(key[m], []).append(m)
    return [groups[k] for k in sorted(groups, reverse=True)]


def _roll_off(entries: Sequence[Entry], members: list[int], depth: int = 0) -> list[list[int]]:
    """A tied group separated by roll-off roll ``depth`` onwards; a group some of whose members lack that
    roll stays tied."""
    if len(members) == 1 or any(len(entries[m].rolloff) <= depth for m in members):
        return [members]
    key = {m: entries[m].rolloff[depth] for m in members}
    out: list[list[int]] = []
    for group in _split(members, key):
        out.extend(_roll_off(entries, group, depth + 1))
    return out


def tiers(entries: Sequence[Entry]) -> list[list[int]]:
    """Indices of ``entries`` from first place down, grouped where players are (still) tied."""
    everyone = list(range(len(entries)))
    by_shells = _split(everyone, {i: e.shells for i, e in enumerate(entries)})
    out: list[list[int]] = []
    for group in by_shells:
        for tied in _split(group, {i: entries[i].resource_cards for i in group}):
            out.extend(_roll_off(entries, tied))
    return out


def rank(entries: Sequence[Entry]) -> tuple[int, ...]:
    """The rank of each entry, in input order (1 = winner; equal ranks where still tied)."""
    ranks = [0] * len(entries)
    place = 1
    for tier in tiers(entries):
        for i in tier:
            ranks[i] = place
        place += len(tier)
    return tuple(ranks)


def entries_of(state: GameState) -> tuple[Entry, ...]:
    """The ranking entries of a game's players, in seating order."""
    return tuple(
        Entry(p.name, p.shells, p.resources.total(), tuple(a + b for a, b in p.rolloff)) for p in state.players
    )


def standings(state: GameState) -> tuple[Standing, ...]:
    """Every player's standing now, in seating order (meaningful at any time; final once the game is over)."""
    entries = entries_of(state)
    return tuple(
        Standing(e.name, e.shells, e.resource_cards, e.rolloff, r) for e, r in zip(entries, rank(entries))
    )


def leaders(state: GameState) -> tuple[str, ...]:
    """The players sharing first place now (one name once the winner is clear)."""
    return tuple(s.name for s in standings(state) if s.rank == 1)


def rolloff_due(state: GameState) -> tuple[str, ...]:
    """The tied leaders who still have to roll in the current roll-off round (empty when nobody is tied)."""
    tied = leaders(state)
    if len(tied) < 2:
        return ()
    rolls = {name: len(state.player(name).rolloff) for name in tied}
    due = min(rolls.values())
    return tuple(name for name in tied if rolls[name] == due)


def decided_by(entries: Sequence[Entry]) -> str:
    """What separated the single leader from the rest: ``"shells"``, ``"resource cards"`` or ``"roll-off"``."""
    top_shells = max(e.shells for e in entries)
    top = [e for e in entries if e.shells == top_shells]
    if len(top) == 1:
        return "shells"
    top_cards = max(e.resource_cards for e in top)
    if sum(1 for e in top if e.resource_cards == top_cards) == 1:
        return "resource cards"
    return "roll-off"
