"""The pure half of ``benchmarks/table_taps.py``: the scripted Stone Age game, the translation of each of
its commands into the taps a player makes, and the figures' counting and JSON lines. No Kivy here.

* ``stone_age_script(setup, seed)`` plays a whole game with the rules alone: the commands (chosen by
  ``bench_command``, the rules' seeded random player kept to what touch can enter) and the state
  before and after each one. The same seed gives the same game every run.
* ``stone_age_taps(command, before, mode)`` is the list of taps that enter ``command`` in ``before``:
  widget ``tid`` strings, and ``Figures(n)`` where the figure stepper is brought to ``n`` (one
  ``figures-up`` per figure above the first, as the table starts at 1).
* ``Tally`` counts taps per round (and per turn), ``json_line`` writes one result as a line.

Modes: ``mirrored`` enters every placement (Settings → Rules → Enter every placement); ``board`` (the
default) has no placing phase: ``board_script`` turns the same game into the commands the table takes
then (no ``Place``; ``StayHome`` where a player's figures stayed home), and a tap on the space resolves
it. The screens' own shortcuts are planned from the same pure view-model functions the screens call:
a fixed hut the player can pay is built by its tap, a payment that is the only one possible is filled
in, and a card is found by its printed bottom (one tap more only when that bottom holds several cards).
"""
from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from benchmarks.taps_player import table_command
from companion.viewmodels.stone_age import build as bvm
from companion.viewmodels.stone_age import card_group_key, card_groups
from companion.viewmodels.stone_age.dice import tool_advice
from companion.viewmodels.stone_age.feeding import proposal as feeding_proposal
from rules.stone_age import CARD_BY_ID, CARDS, HUT_BY_ID, HUTS, Effect
from rules.stone_age.commands import (
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
from rules.stone_age.data import EXACT_FIGURES
from rules.stone_age.decide import decide
from rules.stone_age.evolve import evolve
from rules.stone_age.random_play import random_command
from rules.stone_age.state import GameState, Phase

#: the scripted Stone Age players: the rules' random player, and one choosing as a table does
PLAYERS = {"random": random_command, "table": table_command}
MODES = ("mirrored", "board", "board-edice")
#: the modes whose dice come from a (simulated) e-dice tray rather than from taps on the faces
TRAY_MODES = ("board-edice",)
#: the seed of the benchmark's Stone Age game
STONE_AGE_SEED = 2026
#: the tap that reads the feeding back and starts the next round (or opens the final scoring); the
#: driver taps ``next`` for it when the feeding screen is on show
READBACK = "readback"


@dataclass(frozen=True)
class Roll:
    """The tray rolls these faces (die 1, 2, ...): the dice screen shows them; with ``confirms`` the
    screen's countdown confirms them (nothing is left to choose), so no tap is needed."""

    dice: tuple[int, ...]
    confirms: bool = True


@dataclass(frozen=True)
class Figures:
    """Bring the table's figure stepper to ``n`` (taps ``figures-up``/``figures-down``)."""

    n: int



# -- the scripted game -------------------------------------------------------------------------------
def _same_hut(a: Any, b: Any) -> bool:
    return (a.kind, a.resources, a.count, a.kinds) == (b.kind, b.resources, b.count, b.kinds)


def _same_card(a: Any, b: Any) -> bool:
    return (a.effect, a.amount, a.resource, a.culture, a.multiplier, a.figures) == \
        (b.effect, b.amount, b.resource, b.culture, b.multiplier, b.figures)


def shown_hut(hut_id: int, built: set[int]) -> int:
    """The tile the build screen shows for ``hut_id`` (identical tiles are shown once: the first unbuilt)."""
    hut = HUT_BY_ID[hut_id]
    return next(h.id for h in HUTS if h.id not in built and _same_hut(h, hut))


def shown_card(card_id: int, taken: set[int]) -> int:
    """The card the buy screen shows for ``card_id`` (identical cards are shown once: the first in play)."""
    card = CARD_BY_ID[card_id]
    return next(c.id for c in CARDS if c.id not in taken and _same_card(c, card))


def bench_command(state: GameState, rng: random.Random, player: str = "random") -> Any:
    """The next command of the ``player`` (``"random"``: the rules' random player; ``"table"``:
    ``taps_player.table_command``, choices as a table makes them), kept to what the screens can enter by touch: no kept
    "any 2 resources" card spent during the actions (it is spent on the feeding screen), identical huts
    and cards named by the tile the screen shows, no tools added to a "roll for a resource" card (the
    card's dice screen offers none), and each one-use tool value spent at most once per roll (the dice
    screen toggles tool cards by value)."""
    choose = PLAYERS[player]
    for _attempt in range(200):
        command = choose(state, rng)
        if not (isinstance(command, UseAnyTwo) and state.phase is Phase.ACTIONS):
            break
    else:
        raise RuntimeError("the random player keeps spending an any-2 card during the actions")
    if isinstance(command, BuildHut):
        built = {b.hut for p in state.players for b in p.huts}
        command = replace(command, hut=shown_hut(command.hut, built))
        filled = bvm.hut_default(HUT_BY_ID[command.hut], state.players[command.player])
        command = replace(command, paid=_as_filled(command.paid, filled))
    elif isinstance(command, BuyCard):
        taken = set(state.cards_out)
        card = shown_card(command.card, taken)
        extra = shown_card(command.extra_card, taken | {card}) if command.extra_card else 0
        filled = bvm.card_default(command.slot, state.players[command.player])
        command = replace(command, card=card, extra_card=extra, paid=_as_filled(command.paid, filled))
        if CARD_BY_ID[card].effect is Effect.ROLL:
            command = replace(command, tool_tiles=(), tool_cards=())
    elif isinstance(command, Gather):
        command = replace(command, tool_cards=tuple(dict.fromkeys(command.tool_cards)))
        if _advised(command, state.players[command.player]):  # as "Add and confirm" sends them
            advice = tool_advice(command.area, tuple(command.dice), state.players[command.player])
            command = replace(command, tool_tiles=advice.tiles, tool_cards=advice.cards)
    elif isinstance(command, Feed) and command.resources:  # in the order the feeding fills them in
        command = replace(command, resources=_as_filled(command.resources,
                                                        feeding_proposal(state.players[command.player])))
    return command


def _as_filled(paid: tuple[Any, ...], filled: tuple[Any, ...]) -> tuple[Any, ...]:
    """The payment as the screen fills it in when it is the same resources (its order is the screen's)."""
    return tuple(filled) if filled and Counter(filled) == Counter(paid) else tuple(paid)


@dataclass(frozen=True)
class Move:
    """One command of the scripted game with the rules' state before and after it."""

    command: Any
    before: GameState
    after: GameState


def apply(state: GameState | None, command: Any) -> GameState:
    """The rules' state after ``command`` (``IllegalMove`` when the rules refuse it)."""
    for event in decide(state, command):
        state = evolve(state, event)
    assert state is not None
    return state


def stone_age_script(setup: Any, seed: int = STONE_AGE_SEED, max_commands: int = 5000,
                     player: str = "random") -> list[Move]:
    """A whole game from the ``NewGame`` ``setup``, the moves chosen by ``bench_command`` for ``player``
    with ``random.Random(seed)``; raises RuntimeError when it does not end within ``max_commands``."""
    rng = random.Random(seed)
    state = apply(None, setup)
    moves: list[Move] = []
    for _n in range(max_commands):
        if state.phase is Phase.OVER:
            return moves
        command = bench_command(state, rng, player)
        after = apply(state, command)
        moves.append(Move(command, state, after))
        state = after
    raise RuntimeError(f"the scripted game (seed {seed}) did not end in {max_commands} commands")


def board_script(moves: list[Move], setup: Any) -> list[Move]:
    """The same game entered with the board keeping the placement: no ``Place``, no ``Decline`` (the
    figure on a building or card not taken goes home with the turn's "Done" tap, as the figures left at
    home do), and ``StayHome`` where a player's turn ends with figures not used."""
    state = apply(None, replace(setup, board=True))
    out: list[Move] = []
    for move in moves:
        command = move.command
        if isinstance(command, (Place, Decline)):
            continue
        if isinstance(command, NewGame):
            command = replace(command, board=True)
        while (state.phase is Phase.ACTIONS and state.lottery is None and not isinstance(command, UseAnyTwo)
               and (command.player != state.current or isinstance(command, (Feed, NewGame)))):
            stay = StayHome(state.current)
            after = apply(state, stay)
            out.append(Move(stay, state, after))
            state = after
        after = apply(state, command)
        out.append(Move(command, state, after))
        state = after
    return out


# -- commands to taps ---------------------------------------------------------------------------------
def stone_age_taps(command: Any, before: GameState, mode: str = "mirrored") -> list[Any]:
    """The taps that enter ``command`` when the game is in ``before`` (see the module docstring)."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; the modes are {', '.join(MODES)}")
    board = mode.startswith("board")
    if isinstance(command, Place):
        if board:
            return []
        steps: list[Any] = [f"space-{command.area.value}-{command.slot}"]
        if command.area not in EXACT_FIGURES:
            steps.append(Figures(command.figures))
        return steps + ["next"]
    if isinstance(command, Gather):
        player = before.players[command.player]
        if _advised(command, player):  # the tools the screen advises: "Add and confirm" takes and confirms them
            if mode in TRAY_MODES:
                return [f"action-{command.area.value}-0", Roll(tuple(command.dice), False), "use-advice"]
            return [f"action-{command.area.value}-0"] + [f"face-{v}" for v in command.dice] + ["use-advice"]
        tools = [f"tile-{i}" for i in command.tool_tiles]
        tools += [f"onecard-{player.one_use_tools.index(v)}" for v in command.tool_cards]
        if mode in TRAY_MODES:  # rolled on the tray; choosing a tool stops the countdown: then NEXT
            return [f"action-{command.area.value}-0", Roll(tuple(command.dice), not tools)] + tools + (
                ["next"] if tools else [])
        steps = [f"action-{command.area.value}-0"] + [f"face-{v}" for v in command.dice]
        return steps + tools + ["next"]
    if isinstance(command, UseVillage):
        return [f"action-{command.area.value}-0"]
    if isinstance(command, Decline):
        if board:  # the table has no row per space: the figure is taken back on its screen
            return [f"action-{command.area.value}-{command.slot}", "build-decline"]
        return [f"decline-{command.area.value}-{command.slot}"]
    if isinstance(command, StayHome):
        return ["stay-home"]
    if isinstance(command, BuildHut):
        hut, player = HUT_BY_ID[command.hut], before.players[command.player]
        steps = [f"action-building-{command.slot}", f"hut-{command.hut}"]
        if bvm.builds_at_once(hut, player):  # a fixed tile the player holds is built by its tap
            return steps
        return steps + _pay_taps(command.paid, bvm.hut_default(hut, player)) + ["next"]
    if isinstance(command, BuyCard):
        return _buy_taps(command, before, mode)
    if isinstance(command, PickDie):
        assert before.lottery is not None, "a die is picked only from a dice-for-everyone roll"
        return [f"pick-{before.lottery.dice.index(command.value)}"]
    if isinstance(command, UseAnyTwo):
        if before.phase is not Phase.FEED:
            raise ValueError("the benchmark spends a kept any-2 card only on the feeding screen")
        return ["feed-card"] + [f"feed-take-{r.value}" for r in command.chosen]
    if isinstance(command, Feed):
        if command.penalty:
            return [f"feed-penalty-{command.player}"]
        proposed = feeding_proposal(before.players[command.player])
        if Counter(proposed) == Counter(command.resources):  # the cheapest payment is filled in: Pay
            return [f"feed-pay-{command.player}"]
        # else the first resource tapped starts the filled-in payment again
        return [f"feed-take-{r.value}" for r in command.resources] + [f"feed-pay-{command.player}"]
    raise ValueError(f"no taps for {type(command).__name__}")


def _pay_taps(paid: tuple[Any, ...], filled: tuple[Any, ...]) -> list[Any]:
    """The payment's taps: none when the screen filled in these resources, else one per resource (the
    first tap on a filled-in payment starts it again)."""
    if filled and Counter(filled) == Counter(paid):
        return []
    return [f"pay-{r.value}" for r in paid]


def _advised(command: Gather, player: Any) -> bool:
    """True when the roll's tools are the ones the dice screen advises (and it advises some)."""
    advice = tool_advice(command.area, tuple(command.dice), player)
    chosen = (tuple(sorted(command.tool_tiles)), tuple(sorted(command.tool_cards)))
    return bool(advice.tiles or advice.cards) and chosen == (tuple(sorted(advice.tiles)), tuple(sorted(advice.cards)))


def _pick_card(card_id: int, taken: set[int]) -> list[Any]:
    """A card found by its printed bottom: the group, then the card unless it is the group's only one."""
    card = CARD_BY_ID[card_id]
    key = card_group_key(card)
    group = next(g for g in card_groups(CARDS, taken) if g.key == key)
    return [f"card-group-{key}"] + ([] if len(group.cards) == 1 else [f"card-{card_id}"])


def _buy_taps(command: BuyCard, before: GameState, mode: str = "mirrored") -> list[Any]:
    card = CARD_BY_ID[command.card]
    taken = set(before.cards_out)
    steps: list[Any] = [f"action-card-{command.slot}"] + _pick_card(command.card, taken)
    if card.effect is Effect.EXTRA_CARD and command.extra_card:  # the second pick names the card drawn
        steps += _pick_card(command.extra_card, taken | {command.card})
    steps += _pay_taps(command.paid, bvm.card_default(command.slot, before.players[command.player]))
    if card.effect is Effect.ANY_TWO:
        steps += [f"take-{r.value}" for r in command.chosen]
    steps.append("next")
    if card.effect in (Effect.ROLL, Effect.DICE_FOR_ALL):  # then the card's dice, and NEXT again
        if mode in TRAY_MODES:
            steps.append(Roll(tuple(command.dice)))
        else:
            steps += [f"face-{v}" for v in command.dice] + ["next"]
    return steps


def flat(steps: Iterable[Any]) -> list[str]:
    """The tids of ``steps`` with the stepper brought up from 1 and the read-back as NEXT."""
    out: list[str] = []
    for step in steps:
        if isinstance(step, Figures):
            out += ["figures-up"] * (step.n - 1)
        elif isinstance(step, Roll):
            continue  # the tray's roll is no tap
        else:
            out.append("next" if step == READBACK else step)
    return out


def game_taps(moves: list[Move], mode: str) -> list[tuple[int, list[Any], Move | None]]:
    """``(round, taps, move)`` for each move entered in ``mode``, with the feeding read-back (``move``
    None) tapped where the feeding screen shows it (a round whose feeding had a choice in it; a feeding
    with nobody short takes no tap) and after the last move (it opens the final scoring)."""
    from companion.viewmodels.stone_age.feeding import on_show

    out: list[tuple[int, list[Any], Move | None]] = []
    last_round = None
    last: Move | None = None
    for move in moves:
        if mode.startswith("board") and isinstance(move.command, Place):
            raise ValueError("a game entered with the board keeping the placement has no Place: use board_script")
        steps = stone_age_taps(move.command, move.before, mode)
        if last is not None and last_round is not None and move.before.round > last_round and on_show(last.after):
            out.append((last_round, [READBACK], None))  # a feeding with a choice in it is read back
        out.append((move.before.round, steps, move))
        last_round, last = move.before.round, move
    if moves and last_round is not None:
        out.append((last_round, [READBACK], None))  # the last feeding read back opens the final scoring
    return out


# -- counting and reporting ----------------------------------------------------------------------------
@dataclass
class Tally:
    """Taps and seconds per round (and per turn, where a game counts turns)."""

    rounds: dict[int, int] = field(default_factory=dict)
    seconds: dict[int, float] = field(default_factory=dict)
    turns: list[dict[str, Any]] = field(default_factory=list)
    setup_taps: int = 0
    keys: int = 0
    scrolls: int = 0

    def add(self, round_no: int, taps: int = 1) -> None:
        self.rounds[round_no] = self.rounds.get(round_no, 0) + taps

    def time(self, round_no: int, seconds: float) -> None:
        self.seconds[round_no] = self.seconds.get(round_no, 0.0) + seconds

    def result(self, game: str, mode: str, players: int, **extra: Any) -> dict[str, Any]:
        """The figures as the JSON line carries them (taps of the rounds; the setup apart)."""
        rounds = len(self.rounds)
        taps = sum(self.rounds.values())
        out: dict[str, Any] = {
            "game": game, "mode": mode, "players": players, "rounds": rounds, "taps": taps,
            "taps_per_round": round(taps / rounds, 1) if rounds else 0.0,
            "seconds_per_round": round(sum(self.seconds.values()) / rounds, 2) if rounds else 0.0,
            "setup_taps": self.setup_taps, "keys": self.keys, "scrolls": self.scrolls,
            "taps_by_round": [self.rounds[r] for r in sorted(self.rounds)],
        }
        if self.turns:
            out.update(turn_figures(self.turns))
        out.update(extra)
        return out


def turn_figures(turns: list[dict[str, Any]]) -> dict[str, Any]:
    """Taps per turn, all turns and split into turns with a deal and turns without one."""
    def mean(xs: list[int]) -> float:
        return round(sum(xs) / len(xs), 1) if xs else 0.0

    deal = [t["taps"] for t in turns if t["deal"]]
    other = [t["taps"] for t in turns if not t["deal"]]
    return {"turns": len(turns), "taps_per_turn": mean(deal + other), "deal_turns": len(deal),
            "taps_per_deal_turn": mean(deal), "taps_per_other_turn": mean(other),
            "most_taps_other_turn": max(other, default=0)}


#: the keys every JSON line starts with, in this order
JSON_KEYS = ("game", "mode", "players", "rounds", "taps", "taps_per_round", "seconds_per_round")


def json_line(result: dict[str, Any]) -> str:
    """One result as one line of JSON, the spec's keys first."""
    missing = [k for k in JSON_KEYS if k not in result]
    if missing:
        raise ValueError(f"a result lacks {', '.join(missing)}")
    ordered = {k: result[k] for k in JSON_KEYS}
    ordered.update((k, v) for k, v in result.items() if k not in ordered)
    return json.dumps(ordered, ensure_ascii=False)
