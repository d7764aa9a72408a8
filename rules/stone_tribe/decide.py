"""``decide(state, command)``: the events a command causes, or ``IllegalMove`` naming the rule it breaks.

Guards run in a fixed order: a game exists → it is not over → the command belongs to the phase → the
right player acts → the command's own rules. Nothing changes until every check has passed.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import IllegalMove
from ..names import name_key
from ..text import Text
from . import chance, checks, demand
from .commands import (
    COMMAND_LABELS,
    CompleteDemand,
    DiscardDemand,
    DraftSkill,
    DrawChanceCard,
    EndTurn,
    LearnSkill,
    PlayChanceCard,
    RevealDemand,
    RollFateDice,
    RollOff,
    StartGame,
)
from .data import (
    BOX_MAX_PLAYERS,
    BOX_MIN_PLAYERS,
    HAND_LIMIT,
    LEARN_COST_SHELLS,
    MAX_PLAYERS,
    MAX_SKILL_CARDS,
    MIN_PLAYERS,
    SKILLS,
    STARTING_HAND,
    STARTING_RESOURCES_PER_CARD,
    rounds_for,
    skill_label,
)
from .events import (
    ChanceCardDrawn,
    ChanceCardsDiscarded,
    FateDiceRolled,
    GameEnded,
    GameStarted,
    ResourcesEarned,
    RollOffRolled,
    SkillDrafted,
    SkillLearned,
    StartingHandsDealt,
    TurnEnded,
    TurnStarted,
    WinnerDeclared,
)
from .evolve import evolve
from .payout import payout
from .ranking import decided_by, entries_of, leaders, rolloff_due
from .resources import Resources
from .state import Doubles, GameState, Options, Phase, SkillCard, draft_order
from .words import HAND_LIMIT_REASON, listing

#: The commands each phase accepts.
ALLOWED: dict[Phase, frozenset[type]] = {
    Phase.DRAFT: frozenset({DraftSkill}),
    Phase.DRAW: frozenset({DrawChanceCard}),
    Phase.ROLL: frozenset({RollFateDice}),
    Phase.MAIN: frozenset({RevealDemand, DiscardDemand, LearnSkill, PlayChanceCard, EndTurn}),
    Phase.NEGOTIATION: frozenset({CompleteDemand, DiscardDemand, PlayChanceCard}),
    Phase.ROLLOFF: frozenset({RollOff}),
    Phase.OVER: frozenset(),
}

#: Why a phase refuses other commands, as a player reads it, given the current player.
_PHASE_WHY: dict[Phase, Callable[[str | None], Text]] = {
    Phase.DRAFT: lambda c: Text("the players are still choosing their free skills ({current} chooses)", current=c),
    Phase.DRAW: lambda c: Text("{current} first draws the turn's chance card", current=c),
    Phase.ROLL: lambda c: Text("{current} first rolls the fate dice", current=c),
    Phase.MAIN: lambda c: Text("it is {current}'s turn after the roll, and no demand is under negotiation", current=c),
    Phase.NEGOTIATION: lambda c: Text("a demand is under negotiation"),
    Phase.ROLLOFF: lambda c: Text("the last round is over and the leaders roll off"),
    Phase.OVER: lambda c: Text("the game is over"),
}

#: The warning a game outside the box's player count carries (no params: it is kept as plain text).
BOX_WARNING = "石器部落 is made for 4 to 8 players; this table is outside the box's range"


def _start(cmd: StartGame) -> tuple[GameStarted]:
    players = cmd.players
    if not isinstance(players, (tuple, list)):
        raise IllegalMove("players must be a list of names")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalMove("石器部落 needs {least} to {most} players, not {count}", least=MIN_PLAYERS, most=MAX_PLAYERS,
                          count=len(players))
    names: list[str] = []
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise IllegalMove("{field} needs a name", field=f"players[{i}]")
        if name_key(name) in (name_key(n) for n in names):  # case, spaces and Unicode form aside
            raise IllegalMove("{field}: two players are called {player}", field=f"players[{i}]", player=name.strip())
        names.append(name.strip())
    start = checks.count(cmd.start, "start")
    if start >= len(names):
        raise IllegalMove("start must be the index of a player (0 to {last}), not {value}", last=len(names) - 1,
                          value=start)
    opts = cmd.options
    if not isinstance(opts, Options):
        raise IllegalMove("options must be rule options")
    try:
        doubles = Doubles(opts.doubles)
    except ValueError:
        raise IllegalMove("{field} must be one of {choices}, not {value}", field="options.doubles",
                          choices=listing([d.value for d in Doubles]), value=repr(opts.doubles)) from None
    rounds = rounds_for(len(names)) if opts.rounds is None else checks.count(opts.rounds, "options.rounds", 1)
    per_skill = checks.count(opts.skill_cards_per_skill, "options.skill_cards_per_skill", 1)
    if per_skill * len(SKILLS) < 2 * len(names):
        raise IllegalMove("options.skill_cards_per_skill: {count} cards per skill cannot cover the free skills "
                          "of {players} players", count=per_skill, players=len(names))
    warnings: tuple[str, ...] = ()
    if not BOX_MIN_PLAYERS <= len(names) <= BOX_MAX_PLAYERS:
        warnings = (Text(BOX_WARNING),)
    options = Options(doubles, opts.rounds, per_skill)
    return (GameStarted(tuple(names), start, options, rounds, warnings),)


def _skill_card(state: GameState, skill: Any, numbers: Any) -> SkillCard:
    key = checks.skill(skill)
    if state.skill_cards_taken(key) >= state.options.skill_cards_per_skill:
        raise IllegalMove("the {skill} stack is empty", skill=skill_label(key))
    return SkillCard(key, checks.numbers(numbers))


def _draft(state: GameState, cmd: DraftSkill) -> tuple[Any, ...]:
    card = _skill_card(state, cmd.skill, cmd.numbers)
    picker = state.current or ""
    events: list[Any] = [SkillDrafted(picker, card, Resources.of(card.resource, STARTING_RESOURCES_PER_CARD))]
    if state.turn + 1 == len(draft_order(state.order)):
        events += [StartingHandsDealt(STARTING_HAND), TurnStarted(state.order[0], 1)]
    return tuple(events)


def _draw(state: GameState, cmd: DrawChanceCard) -> tuple[ChanceCardDrawn]:
    return (ChanceCardDrawn(state.current or ""),)


def _roll(state: GameState, cmd: RollFateDice) -> tuple[Any, ...]:
    dice = checks.fate_dice(cmd.dice)
    src = checks.source(cmd.source)
    earned = [ResourcesEarned(name, res, dice) for name, res in payout(state, dice).items() if res.total()]
    return (FateDiceRolled(state.current or "", dice, src), *earned)


def _learn(state: GameState, cmd: LearnSkill) -> tuple[SkillLearned]:
    me = state.player(state.current or "")
    if state.learned_this_turn:
        raise IllegalMove("{player} has already learned a skill this turn (one per turn)", player=me.name)
    if len(me.skills) >= MAX_SKILL_CARDS:
        raise IllegalMove("{player} already has {count} skill cards, the most a player may hold", player=me.name,
                          count=MAX_SKILL_CARDS)
    if me.shells < LEARN_COST_SHELLS:
        raise IllegalMove("learning a skill costs {cost} shells; {player} has {has}", cost=LEARN_COST_SHELLS,
                          player=me.name, has=me.shells)
    return (SkillLearned(me.name, _skill_card(state, cmd.skill, cmd.numbers), LEARN_COST_SHELLS),)


def _winner_events(state: GameState) -> tuple[Any, ...]:
    """``WinnerDeclared`` if the ranking of ``state`` has a single leader, else nothing (a roll-off is due)."""
    top = leaders(state)
    return (WinnerDeclared(top[0], decided_by(entries_of(state))),) if len(top) == 1 else ()


def _end_turn(state: GameState, cmd: EndTurn) -> tuple[Any, ...]:
    me = state.player(state.current or "")
    if not state.demand_done:
        raise IllegalMove("{player} must turn up this turn's demand card before ending the turn", player=me.name)
    events: list[Any] = []
    if me.hand > HAND_LIMIT:
        events.append(ChanceCardsDiscarded(me.name, me.hand - HAND_LIMIT, HAND_LIMIT_REASON))
    events.append(TurnEnded(me.name))
    turn = state.turn + 1
    n = len(state.players)
    if turn < n * state.rounds:
        events.append(TurnStarted(state.order[turn % n], turn // n + 1))
        return tuple(events)
    events.append(GameEnded(state.rounds))
    after = state
    for e in events:
        after = evolve(after, e)
    return (*events, *_winner_events(after))


def _roll_off(state: GameState, cmd: RollOff) -> tuple[Any, ...]:
    name = checks.player(state, cmd.player)
    dice = checks.fate_dice(cmd.dice)
    src = checks.source(cmd.source)
    tied = leaders(state)
    if name not in tied:
        raise IllegalMove("{player} is not in the roll-off (it is between {players})", player=name,
                          players=listing(tied))
    waiting = rolloff_due(state)
    if name not in waiting:
        raise IllegalMove("{player} has already rolled in this roll-off; waiting for {players}", player=name,
                          players=listing(waiting))
    event = RollOffRolled(name, dice, src)
    return (event, *_winner_events(evolve(state, event)))


_HANDLERS: dict[type, Callable[[GameState, Any], tuple[Any, ...]]] = {
    DraftSkill: _draft, DrawChanceCard: _draw, RollFateDice: _roll, RevealDemand: demand.reveal,
    CompleteDemand: demand.complete, DiscardDemand: demand.discard, LearnSkill: _learn,
    PlayChanceCard: chance.play_card, EndTurn: _end_turn, RollOff: _roll_off,
}


def decide(state: GameState | None, command: Any) -> tuple[Any, ...]:
    """The events ``command`` causes in ``state`` (``None`` before ``StartGame``); ``IllegalMove`` names
    the rule a refused command breaks."""
    if state is None:
        if not isinstance(command, StartGame):
            raise IllegalMove("no game is under way: start one first")
        return _start(command)
    if isinstance(command, StartGame):
        raise IllegalMove("a game is already under way")
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise IllegalMove("石器部落 has no command {name}", name=type(command).__name__)
    if state.phase == Phase.OVER:
        raise IllegalMove("the game is over: {player} won", player=state.winner)
    if type(command) not in ALLOWED[state.phase]:
        raise IllegalMove("{action} is not possible now: {why}", action=COMMAND_LABELS[type(command).__name__],
                          why=_PHASE_WHY[state.phase](state.current))
    return handler(state, command)

