"""Stone Tribe messages can be read in Chinese: every history line and refusal is a template the message
extractor finds (or a listed game word), with params that fill it back to the English text."""
from __future__ import annotations

import random
from typing import Any, Iterator

import pytest

from companion.rules_text import render
from rules.errors import IllegalMove
from rules.stone_tribe import (
    RULES, SKILLS, Adjustment, CompleteDemand, DiscardDemand, DraftSkill, DrawChanceCard, EndTurn, GameState,
    LearnSkill, Options, Payment, Phase, PlayChanceCard, Resources, RevealDemand, RollFateDice, RollOff, Share,
    StartGame, rolloff_due,
)
from rules.stone_tribe.words import VOCABULARY
from rules.text import Text
from tools.extract_messages import collect

from .test_stone_tribe_support import Table

MSGIDS = set(collect("stone_tribe"))
#: Params that carry a game word (translated on its own), as opposed to names, notes and numbers.
WORD_PARAMS = {"resource", "skill", "colour", "source", "reason", "rule", "warning"}


def templates(value: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every (template, params) in a ``Text`` or ``IllegalMove``, nested params included."""
    template = getattr(value, "template", None) or getattr(value, "rule", None)
    if template is None:
        return
    params = getattr(value, "params", {}) or {}
    yield template, params
    for v in params.values():
        yield from templates(v)


def check_translatable(message: Any) -> None:
    assert render(getattr(message, "template", None) or message.rule, message.params, lambda s: s) == str(message)
    for template, params in templates(message):
        assert template in MSGIDS or template in VOCABULARY, template
        for name, value in params.items():
            if name in WORD_PARAMS and isinstance(value, str) and not isinstance(value, Text):
                assert value in VOCABULARY, (name, value)


def random_game(seed: int) -> tuple[list[Any], list[IllegalMove]]:
    """A random 2-8 player game through the commands; its events and the refusals met on the way."""
    rnd = random.Random(seed)
    n = rnd.randint(2, 8)
    table = Table()
    table.do(StartGame(("Ann", "Bob", "Cy", "Dee", "阿明", "Fay", "Gus", "小華")[:n], rnd.randrange(n),
                       Options(rounds=rnd.choice([None, 1]))))
    refusals: list[IllegalMove] = []
    die = lambda: (rnd.randint(1, 6), rnd.randint(1, 6))  # noqa: E731
    for _ in range(3000):
        s: GameState = table.s
        if RULES.finished(s):
            break
        someone = rnd.choice(s.names)
        small = Resources(**{k: rnd.randint(0, 1) for k in ("fruit", "stone", "meat", "wood", "fish")})
        card = PlayChanceCard(someone, rnd.choice(["gold", "red", "blue", "green"]), rnd.choice(["", "note"]),
                              (Adjustment(someone, small, Resources(), rnd.randint(-1, 1), rnd.randint(-1, 1)),),
                              rnd.random() < 0.3)
        options: list[Any] = {
            Phase.DRAFT: [DraftSkill(rnd.choice(sorted(SKILLS)), (rnd.randint(1, 6),))],
            Phase.DRAW: [DrawChanceCard(), RollFateDice(die())],
            Phase.ROLL: [RollFateDice(die(), rnd.choice(["camera", "edice", "touch"]))],
            Phase.MAIN: [RevealDemand(small, rnd.randint(0, 4), rnd.randint(0, 2)), LearnSkill("mining", (2,)),
                         card, EndTurn()],
            Phase.NEGOTIATION: [DiscardDemand(), card] + ([CompleteDemand(
                (Payment(someone, s.demand.cost),), (Share(someone, s.demand.shells, s.demand.chance_cards),))]
                if s.demand else []),
            Phase.ROLLOFF: [RollOff(rnd.choice((*rolloff_due(s), someone)), die())],
        }[s.phase]
        try:
            table.do(rnd.choice(options))
        except IllegalMove as exc:
            refusals.append(exc)
    return table.events, refusals


@pytest.mark.parametrize("seed", range(6))
def test_history_lines_and_refusals_are_translatable_templates(seed: int) -> None:
    events, refusals = random_game(seed)
    assert refusals, "the random game should meet refusals"
    state = None
    for event in events:
        line = RULES.describe(state, event)
        assert isinstance(line, Text)
        check_translatable(line)
        state = RULES.evolve(state, event)
    for refusal in refusals:
        check_translatable(refusal)


def test_every_event_kind_is_met_by_the_random_games() -> None:
    """So the test above covered every history line."""
    kinds = {type(e).__name__ for seed in range(6) for e in random_game(seed)[0]}
    assert kinds >= {"SkillDrafted", "ResourcesEarned", "DemandCompleted", "DemandDiscarded", "ChanceCardPlayed",
                     "ChanceCardsDiscarded", "SkillLearned", "RollOffRolled", "WinnerDeclared", "GameEnded"}


def test_game_words_are_in_the_vocabulary() -> None:
    assert {"fruit", "stone", "meat", "wood", "fish", "Logging", "gold", "camera", "hand limit 4",
            "a green chance card is played only during a negotiation"} <= set(VOCABULARY)
