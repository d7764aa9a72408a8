"""Stone Tribe bad input: whatever lands in a command's field (wrong type, out of range, empty), the rules
answer with an ``IllegalMove`` naming it, never a traceback, and the state does not change."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

import pytest

from rules.errors import IllegalMove
from rules.stone_tribe import (
    RULES, Adjustment, CompleteDemand, DiscardDemand, DraftSkill, DrawChanceCard, EndTurn, GameState, LearnSkill,
    Options, Payment, PlayChanceCard, Resources, RevealDemand, RollFateDice, RollOff, Share, StartGame,
    rolloff_due,
)

from .test_stone_tribe_support import Table, drafted, negotiating, rolled

GARBAGE: list[Any] = [None, "x", "", -1, 0, 7, 1.5, True, [], {}, ("a",), (1, 2, 3), {"salt": 1}, object(),
                      Resources(wood=-1), Options(rounds=-2), (Payment("Zed", Resources()),), (Share("Ann", -1),),
                      (Adjustment("Ann", shells="1"),)]  # type: ignore[arg-type]

PICKS = [("logging", (1,)), ("mining", (1,)), ("fishing", (1,)), ("hunting", (1,))]


def _rolloff_state() -> GameState:
    table = drafted(("Ann", "Bob"), 0, Options(rounds=1), PICKS)
    for _ in range(2):
        rolled(table, (6, 6))
        table.do(RevealDemand(Resources(wood=1), 1), DiscardDemand(), EndTurn())
    assert rolloff_due(table.s) == ("Ann", "Bob")
    return table.s


def _main() -> GameState:
    return rolled(drafted(("Ann", "Bob"), 0, picks=PICKS), (6, 6)).s


def _paid(state: GameState) -> GameState:
    """Ann completes a demand worth 3 shells."""
    deal = CompleteDemand((Payment("Ann", Resources(wood=1)),), (Share("Ann", 3),))
    for command in (RevealDemand(Resources(wood=1), 3), deal):
        state = RULES.fold(RULES.decide(state, command), state)
    return state


def _negotiation() -> GameState:
    return negotiating(rolled(drafted(("Ann", "Bob"), 0, picks=PICKS), (6, 6)), Resources(wood=1), 2, 1).s


def _draw() -> GameState:
    return drafted(("Ann", "Bob"), 0, picks=PICKS).s


def _draft() -> GameState:
    table = Table()
    table.do(StartGame(("Ann", "Bob")))
    return table.s


#: A legal command and a state it is legal in, per command class with fields.
CASES: list[tuple[Any, Callable[[], GameState | None]]] = [
    (StartGame(("Ann", "Bob"), 0, Options()), lambda: None),
    (DraftSkill("mining", (1, 2)), _draft),
    (RollFateDice((1, 2), "touch"), lambda: RULES.fold(RULES.decide(_draw(), DrawChanceCard()), _draw())),
    (RevealDemand(Resources(wood=1), 2, 1, "n"), _main),
    (LearnSkill("mining", (3,)), lambda: _paid(_main())),
    (PlayChanceCard("Ann", "red", "n", (Adjustment("Ann", Resources(fish=1)),), False), _main),
    (CompleteDemand((Payment("Ann", Resources(wood=1)),), (Share("Ann", 2, 1),)), _negotiation),
    (RollOff("Ann", (2, 3), "camera"), _rolloff_state),
]


def _fields_with_garbage() -> list[tuple[str, Any, Callable[[], GameState | None], str, Any]]:
    out = []
    for command, state in CASES:
        for f in dataclasses.fields(command):
            for i, junk in enumerate(GARBAGE):
                out.append((f"{type(command).__name__}.{f.name}#{i}", command, state, f.name, junk))
    return out


@pytest.mark.parametrize("label, command, make_state, field, junk", _fields_with_garbage(),
                         ids=[c[0] for c in _fields_with_garbage()])
def test_garbage_in_any_field_is_a_clear_refusal(label: str, command: Any, make_state: Callable[[], Any],
                                                  field: str, junk: Any) -> None:
    state = make_state()
    bad = dataclasses.replace(command, **{field: junk})
    try:
        events = RULES.decide(state, bad)
    except IllegalMove as exc:
        assert str(exc) and "Traceback" not in str(exc)
        return
    # accepted: the junk happened to be a legal value (e.g. an empty note); the events must apply cleanly
    RULES.fold(events, state)


def test_the_legal_base_commands_are_legal() -> None:
    """So a refusal above is about the garbage, not the phase."""
    for command, make_state in CASES:
        RULES.fold(RULES.decide(make_state(), command), make_state())


def test_not_a_command_at_all() -> None:
    with pytest.raises(IllegalMove, match="石器部落 has no command str"):
        RULES.decide(_main(), "roll 3 and 5")
    with pytest.raises(IllegalMove, match="no game is under way"):
        RULES.decide(None, {"type": "StartGame"})
