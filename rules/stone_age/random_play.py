"""A seeded random player that only makes legal moves, for tests and demos of whole games.

``random_command(state, rng)`` proposes one legal command for whoever must act;
``play_game(seed, players)`` plays a whole game and returns the commands, events and final state.
The dice and card draws are taken from the seeded ``random.Random``, never from the rules.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .cards import CARD_BY_ID, CARDS, Effect
from .commands import (
    BuildHut,
    BuyCard,
    Decline,
    Feed,
    Gather,
    NewGame,
    PickDie,
    Place,
    StayHome,
    UseAnyTwo,
    UseVillage,
)
from .data import EXACT_FIGURES, GATHERING, RESOURCES, VILLAGE, Area, Resource
from .decide import decide
from .evolve import evolve
from .feeding import shortfall
from .huts import HUTS, Hut, HutKind
from .state import GameState, Phase, PlayerState, Seat
from .turns import legal_places, unresolved

_NAMES = ("Ann", "Ben", "Cai", "Dan")
_COLOURS = ("red", "blue", "green", "yellow")


def _holding(p: PlayerState) -> list[Resource]:
    return [r for r in RESOURCES for _ in range(p.amount(r))]


def hut_payment(hut: Hut, p: PlayerState, rng: random.Random) -> tuple[Resource, ...] | None:
    """A payment ``p`` can make for ``hut``, or ``None`` if the player cannot build it."""
    have = Counter(_holding(p))
    if hut.kind is HutKind.FIXED:
        need = Counter(hut.resources)
        return hut.resources if all(have[r] >= n for r, n in need.items()) else None
    if hut.kind is HutKind.ANY:
        pool = _holding(p)
        if not pool:
            return None
        rng.shuffle(pool)
        return tuple(pool[: rng.randint(1, min(hut.count, len(pool)))])
    kinds = [r for r in RESOURCES if have[r] > 0]
    if len(kinds) < hut.kinds:
        return None
    chosen = rng.sample(kinds, hut.kinds)
    paid = list(chosen)
    extra = [r for r in chosen for _ in range(have[r] - 1)]
    if len(extra) < hut.count - hut.kinds:
        return None
    rng.shuffle(extra)
    return tuple(paid + extra[: hut.count - hut.kinds])


def _tools(p: PlayerState, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    tiles = tuple(i for i, used in enumerate(p.tools_used) if not used and rng.random() < 0.5)
    cards = tuple(v for v in p.one_use_tools if rng.random() < 0.3)
    return tiles, cards


def _roll(rng: random.Random, n: int) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(n))


def _buy(state: GameState, seat: int, slot: int, rng: random.Random) -> Any:
    p = state.players[seat]
    pool = _holding(p)
    free = [c.id for c in CARDS if c.id not in state.cards_out]
    if len(pool) < slot or not free or rng.random() < 0.1:
        return Decline(seat, Area.CARD, slot)
    card = CARD_BY_ID[rng.choice(free)]
    rng.shuffle(pool)
    paid = tuple(pool[:slot])
    kw: dict[str, Any] = {}
    if card.effect is Effect.ROLL:
        kw["dice"] = _roll(rng, 2)
        kw["tool_tiles"], kw["tool_cards"] = _tools(p, rng)
    elif card.effect is Effect.DICE_FOR_ALL:
        kw["dice"] = _roll(rng, state.player_count)
    elif card.effect is Effect.EXTRA_CARD and state.deck > 0:
        others = [c for c in free if c != card.id]
        kw["extra_card"] = rng.choice(others) if others else 0
    elif card.effect is Effect.ANY_TWO and rng.random() < 0.5:  # else the card is kept for later
        kw["chosen"] = (rng.choice(RESOURCES), rng.choice(RESOURCES))
    return BuyCard(seat, slot, card.id, paid, **kw)


def _build(state: GameState, seat: int, slot: int, rng: random.Random) -> Any:
    built = {b.hut for p in state.players for b in p.huts}
    free = [h for h in HUTS if h.id not in built]
    rng.shuffle(free)
    for hut in free:
        paid = hut_payment(hut, state.players[seat], rng)
        if paid is not None and rng.random() < 0.9:
            return BuildHut(seat, slot, hut.id, paid)
    return Decline(seat, Area.BUILDING, slot)


def _use_any_two(seat: int, rng: random.Random) -> UseAnyTwo:
    return UseAnyTwo(seat, (rng.choice(RESOURCES), rng.choice(RESOURCES)))


def _resolve(state: GameState, rng: random.Random) -> Any:
    seat = state.current
    if state.lottery is not None:
        return PickDie(seat, rng.choice(state.lottery.dice))
    if state.players[seat].any_two and rng.random() < 0.3:
        return _use_any_two(seat, rng)
    left = unresolved(state, seat)
    if left:
        pl = rng.choice(left)
        area, slot, figures = pl.area, pl.slot, pl.figures
    else:  # the board keeps the placement: the space is chosen as it is resolved
        if not legal_places(state, seat):
            return StayHome(seat)
        chosen = _place(state, rng)
        area, slot, figures = chosen.area, chosen.slot, chosen.figures
    if area in GATHERING:
        tiles, cards = _tools(state.players[seat], rng)
        return Gather(seat, area, _roll(rng, figures), tiles, cards)
    if area in VILLAGE:
        return UseVillage(seat, area)
    if area is Area.BUILDING:
        return _build(state, seat, slot, rng)
    return _buy(state, seat, slot, rng)


def _place(state: GameState, rng: random.Random) -> Place:
    seat = state.current
    options = legal_places(state, seat)
    weights = [4 if a in (Area.BUILDING, Area.CARD) else 1 for a, _, _ in options]
    area, slot, most = rng.choices(options, weights)[0]
    figures = EXACT_FIGURES.get(area) or rng.randint(1, most)
    return Place(seat, area, figures, slot)


def _feed(state: GameState, rng: random.Random) -> Feed | UseAnyTwo:
    seat = state.current
    p = state.players[seat]
    if p.any_two and (p.resource_total < shortfall(p) or rng.random() < 0.5):
        return _use_any_two(seat, rng)
    if rng.random() < 0.2:
        return Feed(seat, penalty=True)
    pool = _holding(p)
    rng.shuffle(pool)
    return Feed(seat, tuple(pool[: shortfall(p)]))


def random_command(state: GameState | None, rng: random.Random, players: int = 3, board: bool = False) -> Any:
    """One legal command for whoever must act now (a ``NewGame`` of ``players`` when ``state`` is None;
    ``board``: a game where the board keeps the placement)."""
    if state is None:
        seats = tuple(Seat(_NAMES[i], _COLOURS[i]) for i in range(players))
        return NewGame(seats, rng.randrange(players), board)
    if state.phase is Phase.PLACE:
        return _place(state, rng)
    if state.phase is Phase.ACTIONS:
        return _resolve(state, rng)
    if state.phase is Phase.FEED:
        return _feed(state, rng)
    raise ValueError("the game is over")


@dataclass(frozen=True)
class PlayedGame:
    """A whole random game: the commands given, the events they caused and the final state."""

    commands: tuple[Any, ...]
    events: tuple[Any, ...]
    state: GameState


def play_game(seed: int, players: int = 3, max_commands: int = 5000,
              stop: Callable[[GameState], bool] | None = None, board: bool = False) -> PlayedGame:
    """Play a random legal game with ``random.Random(seed)`` to its end, or until ``stop(state)``.

    ``stop`` lets a test reach a situation, e.g. ``lambda s: s.lottery is not None``; the game is
    returned at the first state (after a whole command) where it holds. Raises ``RuntimeError``
    if neither the end nor ``stop`` comes within ``max_commands`` commands.
    """
    rng = random.Random(seed)
    state: GameState | None = None
    commands: list[Any] = []
    events: list[Any] = []
    for _ in range(max_commands):
        command = random_command(state, rng, players, board)
        new = decide(state, command)
        commands.append(command)
        for e in new:
            state = evolve(state, e)
            events.append(e)
        assert state is not None
        if state.phase is Phase.OVER or (stop is not None and stop(state)):
            return PlayedGame(tuple(commands), tuple(events), state)
    raise RuntimeError(f"the random game (seed {seed}) did not end in {max_commands} commands")
