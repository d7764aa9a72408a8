"""The rules layer's errors: one base class, each also the matching builtin."""
from __future__ import annotations


class CairnError(Exception):
    """Base class of every error Cairn raises on purpose."""


class RulesError(CairnError):
    """Base class of the rules layer's errors."""


class IllegalMove(RulesError, ValueError):
    """A command the rules refuse, naming the rule it breaks in words a player reads.

    ``rule`` is the message template and ``params`` its values, so the app can translate the template
    and fill in the same values; ``str()`` is the English message.

    >>> str(IllegalMove("the forest holds at most 7 figures"))
    'the forest holds at most 7 figures'
    >>> e = IllegalMove("you have only {count} {resource}", count=2, resource="wood")
    >>> str(e), e.rule, e.params
    ('you have only 2 wood', 'you have only {count} {resource}', {'count': 2, 'resource': 'wood'})
    """

    def __init__(self, rule: str, /, **params: object) -> None:
        super().__init__(rule.format(**params) if params else rule)
        self.rule = rule
        self.params = params


class InvalidState(RulesError, ValueError):
    """A game state (e.g. an end-state file) that cannot happen. ``field`` names where it is wrong."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


class CodecError(RulesError, ValueError):
    """A stored event or command that cannot be decoded (unknown type, missing or bad field)."""
