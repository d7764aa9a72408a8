"""``decide(state, command) -> events``: the guard order, setup, placement, feeding and round flow.

Guards run in a fixed order (as boardgame.io's reducer): the game exists and is not over → the
command belongs to the current phase → the seat exists → it is this player's turn → the area's
rule (``turns.place_problem`` / ``actions``) → the player's resources. Then the automatic
follow-ups are appended: the last "dice for everyone" die, feeding that needs no choice, the end
of the round, the end of the game and final scoring.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import IllegalMove
from ..names import first_repeat
from ..text import Text
from . import actions
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
from .data import (
    BUILDING_STACKS,
    CARD_SLOTS,
    DECK_SIZE,
    EXACT_FIGURES,
    HUTS_PER_STACK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Area,
)
from .events import (
    DieChosen,
    Fed,
    FiguresPlaced,
    FinalScored,
    GameEnded,
    GameStarted,
    RoundEnded,
    RoundStarted,
    StayedHome,
)
from .evolve import evolve
from .feeding import automatic_feeding, fed_event, shortfall
from .scoring import score_game
from .state import GameState, Phase
from .turns import figures_left, place_problem, space_name
from .validate import check_fields
from .words import refusal

_PHASE_OF: dict[type, tuple[Phase, Text]] = {
    Place: (Phase.PLACE, Text("figures are placed only in the placing phase")),
    Gather: (Phase.ACTIONS, Text("areas are resolved only in the actions phase")),
    UseVillage: (Phase.ACTIONS, Text("areas are resolved only in the actions phase")),
    BuildHut: (Phase.ACTIONS, Text("buildings are built only in the actions phase")),
    BuyCard: (Phase.ACTIONS, Text("cards are bought only in the actions phase")),
    Decline: (Phase.ACTIONS, Text("figures are taken back only in the actions phase")),
    PickDie: (Phase.ACTIONS, Text("dice for everyone are picked only after a card is bought")),
    Feed: (Phase.FEED, Text("feeding happens only after all actions are resolved")),
    StayHome: (Phase.ACTIONS, Text("figures stay home only in the actions phase")),
}

# One template per player count: a refusal of the setup keeps its English text as its template.
_START_PLAYER: dict[int, Text] = {
    2: Text("the start player must be one of the 2 players"),
    3: Text("the start player must be one of the 3 players"),
    4: Text("the start player must be one of the 4 players"),
}


def _setup(c: NewGame) -> tuple[GameStarted]:
    if not isinstance(c.players, tuple) or not MIN_PLAYERS <= len(c.players) <= MAX_PLAYERS:
        raise IllegalMove("Stone Age is for 2 to 4 players")  # MIN_PLAYERS to MAX_PLAYERS
    names = [s.name.strip() for s in c.players]
    if any(not n for n in names):
        raise IllegalMove("every player needs a name")
    if first_repeat(names) is not None:  # also "Ann" and "ann ", or the same name in another Unicode form
        raise IllegalMove("two players have the same name")
    colours = [s.colour.strip() for s in c.players]
    if any(not col for col in colours) or len(set(colours)) != len(colours):
        raise IllegalMove("every player needs a colour of their own")
    if not 0 <= c.start_player < len(c.players):
        raise refusal(_START_PLAYER[len(c.players)])
    n = len(c.players)
    return (GameStarted(tuple(c.players), c.start_player, (HUTS_PER_STACK,) * BUILDING_STACKS[n],
                        DECK_SIZE - CARD_SLOTS, c.board),)


def _place(state: GameState, c: Place) -> tuple[FiguresPlaced]:
    problem = place_problem(state, c.player, c.area, c.figures, c.slot)
    if problem is not None:
        raise refusal(problem)
    return (FiguresPlaced(c.player, c.area, c.slot, c.figures),)


def _space_of(command: Any) -> tuple[Area, int, int] | None:
    """The space a resolving command uses and the figures on it, when the board keeps the placement."""
    if isinstance(command, Gather):
        return command.area, 0, len(command.dice)
    if isinstance(command, UseVillage):
        return command.area, 0, EXACT_FIGURES.get(command.area, 1)
    if isinstance(command, BuildHut):
        return Area.BUILDING, command.slot, 1
    if isinstance(command, BuyCard):
        return Area.CARD, command.slot, 1
    if isinstance(command, Decline):
        return command.area, command.slot, 1
    return None


def _placed_by_board(state: GameState, command: Any) -> tuple[FiguresPlaced, ...]:
    """When the board keeps the placement: the figures a resolving command stands for, checked by the
    placement rules (or ``IllegalMove`` naming the rule); () otherwise."""
    space = _space_of(command)
    if not state.board or space is None or state.lottery is not None:
        return ()
    area, slot, figures = space
    if isinstance(command, Gather) and not command.dice:
        raise IllegalMove("enter one die for each figure on {space}", space=space_name(area, slot))
    problem = place_problem(state, command.player, area, figures, slot)
    if problem is not None:
        raise refusal(problem)
    return (FiguresPlaced(command.player, area, slot, figures),)


def _stay_home(state: GameState, c: StayHome) -> tuple[StayedHome]:
    if not state.board:
        raise IllegalMove("every figure is placed on the board in the placing phase")
    left = figures_left(state, c.player)
    if left <= 0:
        raise IllegalMove("all your figures are on the board")
    return (StayedHome(c.player, left),)


def _feed(state: GameState, c: Feed) -> tuple[Fed]:
    p = state.players[c.player]
    missing = shortfall(p)
    if c.penalty:
        if c.resources:
            raise IllegalMove("either pay the missing food with resources or take −10 points, not both")
        return (fed_event(c.player, p, penalty=True),)
    if len(c.resources) != missing:
        raise IllegalMove("{missing} food is missing: pay {missing} resources or take −10 points",
                          missing=missing)
    actions.check_has(p, tuple(c.resources))
    return (fed_event(c.player, p, tuple(c.resources)),)


_HANDLERS: dict[type, Callable[[GameState, Any], tuple[Any, ...]]] = {
    Place: _place, Gather: actions.decide_gather, UseVillage: actions.decide_village,
    BuildHut: actions.decide_build, BuyCard: actions.decide_buy, Decline: actions.decide_decline,
    PickDie: actions.decide_pick, UseAnyTwo: actions.decide_any_two, Feed: _feed, StayHome: _stay_home,
}


def _check_turn(state: GameState, command: Any) -> None:
    if isinstance(command, UseAnyTwo):
        _check_any_two_turn(state, command)
        return
    if isinstance(command, Place) and state.board:
        raise IllegalMove("the board keeps the placement: resolve a space to place its figures")
    phase, rule = _PHASE_OF[type(command)]
    if state.phase is not phase:
        raise refusal(rule)
    if isinstance(command, PickDie) != (state.lottery is not None):
        raise IllegalMove("first every player picks a die for everyone" if state.lottery
                          else "there are no dice for everyone to pick")
    seat = command.player
    if type(seat) is not int or not 0 <= seat < state.player_count:
        raise IllegalMove("there is no player {seat}", seat=seat)
    if isinstance(command, Feed):
        if state.fed[seat] or shortfall(state.players[seat]) == 0:
            raise IllegalMove("{name} has already fed", name=state.players[seat].name)
        return
    if seat != state.current:
        raise IllegalMove("it is {name}'s turn", name=state.players[state.current].name)


def _check_any_two_turn(state: GameState, c: UseAnyTwo) -> None:
    """A kept card is spent on the player's own actions turn, or while short at feeding."""
    seat = c.player
    if type(seat) is not int or not 0 <= seat < state.player_count:
        raise IllegalMove("there is no player {seat}", seat=seat)
    if state.phase is Phase.FEED:
        if state.fed[seat] or shortfall(state.players[seat]) == 0:
            raise IllegalMove("{name} has already fed", name=state.players[seat].name)
        return
    if state.phase is not Phase.ACTIONS or state.lottery is not None:
        raise IllegalMove("a kept card is used on your own turn in the actions phase, or at feeding")
    if seat != state.current:
        raise IllegalMove("it is {name}'s turn", name=state.players[state.current].name)


def _round_over(s: GameState) -> list[Any]:
    ended = evolve(s, RoundEnded(s.round, tuple(p.score for p in s.players)))
    events: list[Any] = [RoundEnded(s.round, tuple(p.score for p in s.players))]
    empty_slots = sum(1 for f in ended.slots_filled if not f)
    if any(n == 0 for n in ended.stacks):
        reason = "huts"
    elif empty_slots > ended.deck:
        reason = "cards"
    else:
        return events + [RoundStarted(s.round + 1, (s.start_player + 1) % s.player_count, empty_slots)]
    over = evolve(ended, GameEnded(reason))
    return events + [GameEnded(reason), FinalScored(score_game(over))]


def _automatic(s: GameState) -> list[Any]:
    """Events that follow with no decision from anyone (empty when somebody must act)."""
    if s.phase is Phase.ACTIONS and s.lottery is not None and len(s.lottery.dice) == 1:
        picker = s.lottery.order[s.lottery.next]
        value = s.lottery.dice[0]
        return [DieChosen(picker, value, actions.die_gain(s, picker, value))]
    if s.phase is Phase.FEED:
        auto = [f for i in s.turn_order() if not s.fed[i]
                for f in [automatic_feeding(i, s.players[i])] if f is not None]
        if auto:
            return auto
        if all(s.fed):
            return _round_over(s)
    return []


def follow_ups(state: GameState, events: tuple[Any, ...]) -> tuple[Any, ...]:
    """``events`` plus every automatic event that follows them."""
    out = list(events)
    for e in events:
        state = evolve(state, e)
    while True:
        more = _automatic(state)
        if not more:
            return tuple(out)
        for e in more:
            state = evolve(state, e)
        out.extend(more)


def decide(state: GameState | None, command: Any) -> tuple[Any, ...]:
    """The events ``command`` causes, or ``IllegalMove`` naming the rule it breaks."""
    check_fields(command)
    if state is None:
        if not isinstance(command, NewGame):
            raise IllegalMove("start a new game first")
        return _setup(command)
    if isinstance(command, NewGame):
        raise IllegalMove("the game has already started")
    if state.phase is Phase.OVER:
        raise IllegalMove("the game is over")
    _check_turn(state, command)
    placed = _placed_by_board(state, command)
    before = state
    for e in placed:
        state = evolve(state, e)
    return follow_ups(before, placed + _HANDLERS[type(command)](state, command))


__all__ = ["decide", "follow_ups"]
