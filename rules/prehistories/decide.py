"""``decide``: check a Prehistories command against the state and return the events it causes.

Guards run in a fixed order: the game exists and is not over, the command fits the phase, it is the
player's turn, then the move's own rules. A refusal is an ``IllegalMove`` naming the rule.
"""
from __future__ import annotations

from functools import reduce
from typing import Any

from ..errors import IllegalMove
from ..text import Text
from .cave import (
    Placement,
    check_placement,
    completed_columns,
    completed_rows,
    hand_prints_covered,
    legal_placements,
    legendary_count,
    painted,
)
from .commands import DrawTiles, EndHunt, FillZones, Hunt, Paint, PlayHunters, StartGame
from .data import HAND_PRINT_CARDS, HUNTERS, NO_TILE_DRAW, TOTEMS, Colour
from .events import (
    CardsDrawn,
    DrawReason,
    GameStarted,
    GameWon,
    HuntEnded,
    HuntersPlayed,
    ObjectiveMet,
    TileDiscarded,
    TilePainted,
    TilesDrawn,
    TileTaken,
    TurnOrderSet,
    ZonesFilled,
)
from .evolve import evolve
from .goals import GOALS, CaveView
from .setup import check_draw, check_fill, check_setup
from .state import Phase, Player, State, cards_after_hunt, hunt_order

_PHASE_OF: dict[type, Phase] = {
    DrawTiles: Phase.FILL,
    FillZones: Phase.FILL,
    PlayHunters: Phase.PLANNING,
    Hunt: Phase.HUNTING,
    EndHunt: Phase.HUNTING,
    Paint: Phase.PAINTING,
}
#: what is being done in each phase, as the refusal of a move made at the wrong time says it
_NOT_NOW: dict[Phase, Text] = {
    Phase.FILL: Text("that cannot be done now: the players are filling the hunting zones"),
    Phase.PLANNING: Text("that cannot be done now: the players are planning"),
    Phase.HUNTING: Text("that cannot be done now: the players are hunting"),
    Phase.PAINTING: Text("that cannot be done now: the players are painting"),
}


def decide(state: State | None, command: Any) -> tuple[Any, ...]:
    """The events ``command`` causes in ``state``, or ``IllegalMove`` naming the rule it breaks."""
    if isinstance(command, StartGame):
        if state is not None:
            raise IllegalMove("the game has already been set up")
        side = check_setup(command)
        return (GameStarted(command.players, command.goals, side),)
    if state is None:
        raise IllegalMove("set up the game first (players and goal cards)")
    if state.phase is Phase.OVER:
        winner = state.winner
        if winner is None:
            raise IllegalMove("the game is over")
        raise IllegalMove("the game is over: {name} won", name=state.player(winner).name)
    phase = _PHASE_OF.get(type(command))
    if phase is None:
        raise IllegalMove("Prehistories has no move called {move}", move=type(command).__name__)
    if phase is not state.phase:
        raise IllegalMove(_NOT_NOW[state.phase].template)
    if isinstance(command, DrawTiles):
        if type(command.by_cairn) is not bool:
            raise IllegalMove("DrawTiles.by_cairn must be true or false, not {value}", value=repr(command.by_cairn))
        check_draw(state, command.tiles)
        return (TilesDrawn(command.tiles, command.by_cairn),)
    if isinstance(command, FillZones):
        check_fill(state, command.tiles)
        return (ZonesFilled(command.tiles),)
    _check_numbers(command)
    player = _seated(state, command.colour)
    if isinstance(command, PlayHunters):
        return _play(state, player, command)
    if state.current is not player.colour:
        assert state.current is not None  # the phase check above: someone's turn to hunt or paint
        raise IllegalMove("it is {current}'s turn, not {name}'s",
                          current=state.player(state.current).name, name=player.name)
    if isinstance(command, Hunt):
        return _hunt(state, player, command)
    if isinstance(command, EndHunt):
        return _end_hunt(state, player)
    return _paint(state, player, command)


#: command type -> its whole-number fields (single numbers and tuples of numbers)
_NUMBERS: dict[type, tuple[str, ...]] = {
    PlayHunters: ("speeds",),
    Hunt: ("zone", "hunters"),
    Paint: ("tile", "side", "row", "col"),
}


def _check_numbers(command: Any) -> None:
    """Refuse a command whose number fields hold something else (a screen bug, not a player's move)."""
    for name in _NUMBERS.get(type(command), ()):
        value = getattr(command, name)
        values = value if isinstance(value, tuple) else (value,)
        if not all(type(v) is int for v in values):
            raise IllegalMove("{move}.{field} must be whole numbers, not {value}",
                              move=type(command).__name__, field=name, value=repr(value))


def _seated(state: State, colour: Any) -> Player:
    if not isinstance(colour, Colour):
        raise IllegalMove("{value} is not a colour (yellow, blue, red, green or white)", value=repr(colour))
    try:
        return state.player(colour)
    except KeyError:
        raise IllegalMove("nobody plays {colour} in this game", colour=colour.label) from None


def _play(state: State, player: Player, command: PlayHunters) -> tuple[Any, ...]:
    if player.planned:
        raise IllegalMove("{name} has already revealed hunters this round", name=player.name)
    speeds = command.speeds
    if len(set(speeds)) != len(speeds):
        raise IllegalMove("each hunter card can be played only once (a speed is repeated)")
    for s in speeds:
        hunter = HUNTERS.get(s)
        if hunter is None:
            raise IllegalMove("there is no hunter with speed {speed} (speeds are 1-60)", speed=s)
        if hunter.colour is not player.colour:
            raise IllegalMove("hunter {speed} is a {card} card; {name} plays {colour}", speed=s,
                              card=hunter.colour.label, name=player.name, colour=player.colour.label)
        if s in player.discard:
            raise IllegalMove("{name}'s hunter {speed} is in the discard pile, not in the hand",
                              name=player.name, speed=s)
    if len(speeds) > player.hand:
        raise IllegalMove("{name} holds only {hand} cards, not {count}",
                          name=player.name, hand=player.hand, count=len(speeds))
    events: list[Any] = [HuntersPlayed(player.colour, speeds)]
    after = evolve(state, events[0])
    if all(p.planned for p in after.players):
        parties = {p.colour: p.played for p in after.players}
        passed = tuple(c for c, s in parties.items() if not s)
        events.append(TurnOrderSet(hunt_order(parties), passed))
        events.extend(_draw(after.player(c), NO_TILE_DRAW, DrawReason.NO_HUNT) for c in passed)
    return _with_discards(state, events)


def _hunt(state: State, player: Player, command: Hunt) -> tuple[Any, ...]:
    zones = state.zone_table
    if not 0 <= command.zone < len(zones):
        raise IllegalMove("there is no hunting zone {zone} (zones are 0-{last})",
                          zone=command.zone, last=len(zones) - 1)
    zone = zones[command.zone]
    tile = state.zones[command.zone]
    if tile is None:
        raise IllegalMove("hunting zone {zone} is empty", zone=command.zone)
    hunters = command.hunters
    if not hunters:
        raise IllegalMove("send at least one hunter to hunt")
    if len(set(hunters)) != len(hunters):
        raise IllegalMove("each hunter can be sent only once (a speed is repeated)")
    for s in hunters:
        if s not in player.played:
            raise IllegalMove("hunter {speed} is not among {name}'s hunters still waiting this round",
                              speed=s, name=player.name)
    power = sum(HUNTERS[s].power for s in hunters)
    if power < zone.injury:
        raise IllegalMove("zone {zone} ({stack} tiles) needs hunters worth at least {need}; "
                          "these are worth {power}",
                          zone=command.zone, stack=zone.stack.label, need=zone.injury, power=power)
    events: list[Any] = [TileTaken(player.colour, command.zone, tile, hunters, injured=power < zone.safe)]
    if "B8" in state.goals and "B8" not in player.goals_met and len(player.taken) + 1 >= 3:
        after = evolve(state, events[0])
        taken = len(player.taken) + 1
        events.extend(_award(after, after.player(player.colour), ["B8"], taken_this_turn=taken))
    return tuple(events)


def _end_hunt(state: State, player: Player) -> tuple[Any, ...]:
    ended = HuntEnded(player.colour, player.played)
    after = evolve(state, ended)
    owed = cards_after_hunt(len(player.taken), player.injuries)
    return _with_discards(state, [ended, _draw(after.player(player.colour), owed, DrawReason.HUNT)])


def _paint(state: State, player: Player, command: Paint) -> tuple[Any, ...]:
    if command.tile not in player.taken:
        raise IllegalMove("{name} has no tile {tile} to paint this round",
                          name=player.name, tile=command.tile)
    placement = Placement(command.tile, command.side, command.row, command.col)
    reason = check_placement(player.colour, player.cave, placement)
    if reason is not None:
        raise IllegalMove(reason.template, **reason.params)
    events: list[Any] = [TilePainted(player.colour, placement)]
    cave = player.cave + (placement,)
    before_prints = hand_prints_covered(player.colour, player.cave)
    after_prints = hand_prints_covered(player.colour, cave)
    bonus = sum(HAND_PRINT_CARDS[k] for k, on in after_prints.items() if on and not before_prints[k])
    after = evolve(state, events[0])
    if bonus:
        events.append(_draw(after.player(player.colour), bonus, DrawReason.HAND_PRINT))
        after = evolve(after, events[-1])
    grid_before, grid_after = painted(player.colour, player.cave), painted(player.colour, cave)
    objectives = [f"row {r}" for r in completed_rows(grid_after) if r not in completed_rows(grid_before)]
    objectives += [f"column {c}" for c in completed_columns(grid_after)
                   if c not in completed_columns(grid_before)]
    objectives += ["legendary"] * (legendary_count(cave) - legendary_count(player.cave))
    objectives += [g for g in state.goals if g not in player.goals_met]
    events.extend(_award(after, after.player(player.colour), objectives))
    return _with_discards(state, events)


def _award(state: State, player: Player, candidates: list[str], taken_this_turn: int = 0) -> list[Any]:
    """Totems for the objectives in ``candidates`` the player now meets (goal ids are tested; lines and
    "legendary" are already known to be met), each cut to the totems left, stopping when the player wins.
    ``taken_this_turn`` counts the tiles taken in the current hunt (0 while painting)."""
    view = CaveView.of(player.colour, player.cave, taken_this_turn=taken_this_turn)
    events: list[Any] = []
    placed = player.totems
    for objective in candidates:
        if placed >= TOTEMS:
            break
        goal = GOALS.get(objective)
        if goal is None:
            first, value = False, 1
        elif goal.met(view):
            first = state.first_to_meet(objective) is None
            value = goal.first if first else goal.later
        else:
            continue
        totems = min(value, TOTEMS - placed)
        placed += totems
        events.append(ObjectiveMet(player.colour, objective, totems, first))
    if placed >= TOTEMS:
        events.append(GameWon(player.colour))
    return events


def _draw(player: Player, owed: int, reason: DrawReason) -> CardsDrawn:
    """Draw ``owed`` cards; when the deck is short, the discard pile is shuffled under it first."""
    deck = player.deck
    reshuffled = deck < owed and bool(player.discard)
    if reshuffled:
        deck += len(player.discard)
    return CardsDrawn(player.colour, min(owed, deck), owed, reshuffled, reason)


def _with_discards(state: State, events: list[Any]) -> tuple[Any, ...]:
    """``events`` plus the discards they force: while the painter whose turn it is holds only tiles that
    fit nowhere in the cave, those tiles are discarded (and the turn moves on)."""
    after = reduce(evolve, events, state)
    while after.phase is Phase.PAINTING and after.current is not None:
        painter = after.player(after.current)
        if any(legal_placements(painter.colour, painter.cave, t) for t in set(painter.taken)):
            break
        for tile in painter.taken:
            events.append(TileDiscarded(painter.colour, tile))
            after = evolve(after, events[-1])
    return tuple(events)

