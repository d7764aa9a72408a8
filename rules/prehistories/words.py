"""Prehistories' player words: tiles, goal ids and lists as translatable text, and the vocabulary.

Messages are ``rules.text.Text`` values (the English text plus its template and params), so the app
can show them in the table's language. A tile's name ("Mammoth4A") is a ``Text`` built from its animal
and its shape, and a goal id ("B7") one built from its side and card number: the English reads as the
data reference names them, while a catalog can spell each part in its own words. Game words that travel
as plain string params (animals, colours, stacks, goal texts) are listed in ``VOCABULARY`` so the
catalogs translate each one.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..text import Text
from .data import Colour, Stack
from .goals import GOALS
from .tile_words import animal_word, tile_name
from .tiles import Animal


def goal_name(goal: str) -> Text | str:
    """A goal id as a ``Text`` reading as the id itself ("A2": Sun side of card 2); an unknown id as it is."""
    if goal not in GOALS:
        return goal
    card = int(goal[1:])
    return Text("A{card}", card=card) if goal.startswith("A") else Text("B{card}", card=card)


def goal_text(goal: str) -> str:
    """What the goal card asks, in words (a ``VOCABULARY`` word)."""
    return GOALS[goal].text


def listing(items: Sequence[str]) -> str:
    """``items`` joined with ", " as a ``Text`` chain (a single item is returned as it is).

    >>> t = listing(["Ann", "Bob", "Chen"])
    >>> t, t.template, t.params["more"].params
    ('Ann, Bob, Chen', '{item}, {more}', {'item': 'Bob', 'more': 'Chen'})
    """
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return Text("{item}, {more}", item=items[0], more=listing(items[1:]))


def goal_list(goals: Sequence[str]) -> str:
    """Goal ids joined with spaces ("A1 B2 A3 A4"), each a ``goal_name``."""
    if not goals:
        return ""
    if len(goals) == 1:
        return goal_name(goals[0])
    return Text("{goal} {goals}", goal=goal_name(goals[0]), goals=goal_list(goals[1:]))


def order_chain(parties: Sequence[str]) -> str:
    """The order of play joined with arrows ("Ann 5 (fastest 60) → Bob 9 (fastest 27)")."""
    if not parties:
        return ""
    if len(parties) == 1:
        return parties[0]
    return Text("{first} → {rest}", first=parties[0], rest=order_chain(parties[1:]))


def _vocabulary() -> tuple[str, ...]:
    words: list[str] = [animal_word(a) for a in Animal if a is not Animal.LEGENDARY]
    words += [c.label for c in Colour]
    words += [s.label for s in Stack]
    words += [g.text for g in GOALS.values()]
    return tuple(dict.fromkeys(words))


#: Every game word that a message carries as a plain string param; each needs its own catalog entry.
VOCABULARY: tuple[str, ...] = _vocabulary()

__all__ = ["VOCABULARY", "animal_word", "goal_list", "goal_name", "goal_text", "listing", "order_chain",
           "tile_name"]
