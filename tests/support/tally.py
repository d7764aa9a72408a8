"""A tiny game for testing the session and store without any real game's rules.

Players add points; a player reaching ``target`` ends the game. Small, but it has a setup command,
illegal moves, several events per command and a finished state, like the real games.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from rules.codec import Registry
from rules.errors import IllegalMove
from rules.game import GameRules
from rules.text import Text


@dataclass(frozen=True)
class Player:
    name: str
    points: int = 0


@dataclass(frozen=True)
class State:
    players: tuple[Player, ...]
    target: int
    winner: str | None = None


@dataclass(frozen=True)
class Start:
    names: tuple[str, ...]
    target: int = 10


@dataclass(frozen=True)
class Add:
    player: int
    points: int


@dataclass(frozen=True)
class Started:
    names: tuple[str, ...]
    target: int


@dataclass(frozen=True)
class Scored:
    player: int
    points: int


@dataclass(frozen=True)
class Won:
    player: int


def decide(state: State | None, command: object) -> tuple[object, ...]:
    if isinstance(command, Start):
        if state is not None:
            raise IllegalMove("the game has already started")
        if not 1 <= len(command.names) <= 4:
            raise IllegalMove("a tally needs 1 to 4 players")
        return (Started(command.names, command.target),)
    if state is None:
        raise IllegalMove("start the game first")
    if state.winner is not None:
        raise IllegalMove("the game is over")
    if isinstance(command, Add):
        if not 0 <= command.player < len(state.players):
            raise IllegalMove("no such player")
        if not 1 <= command.points <= 6:
            raise IllegalMove("a turn scores 1 to 6 points")
        events: tuple[object, ...] = (Scored(command.player, command.points),)
        if state.players[command.player].points + command.points >= state.target:
            events += (Won(command.player),)
        return events
    raise IllegalMove(f"unknown command {type(command).__name__}")


def evolve(state: State | None, event: object) -> State:
    if isinstance(event, Started):
        return State(tuple(Player(n) for n in event.names), event.target)
    assert state is not None
    if isinstance(event, Scored):
        players = list(state.players)
        p = players[event.player]
        players[event.player] = replace(p, points=p.points + event.points)
        return replace(state, players=tuple(players))
    if isinstance(event, Won):
        return replace(state, winner=state.players[event.player].name)
    raise TypeError(event)


def describe(state: State | None, event: object) -> str:
    if isinstance(event, Started):
        return "new game: " + ", ".join(event.names)
    assert state is not None
    if isinstance(event, Scored):
        return Text("{name} +{points}", name=state.players[event.player].name, points=event.points)
    if isinstance(event, Won):
        return f"{state.players[event.player].name} wins"
    return type(event).__name__


RULES = GameRules(
    name="tally",
    decide=decide,
    evolve=evolve,
    describe=describe,
    finished=lambda s: s.winner is not None,
    registry=Registry([Start, Add, Started, Scored, Won]),
)
