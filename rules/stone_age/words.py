"""Stone Age's player words: lists as translatable text, refusals from ``Text``, and the vocabulary.

Messages are ``rules.text.Text`` values: the English text plus its template and params, so the app
can translate both. A list ("wood, brick, stone") is a chain of the one template "{first}, {rest}",
which a catalog can turn into "木头、砖块、石头". Game words that travel as plain string params
(resources, areas, card symbols) are listed in ``VOCABULARY`` so the catalogs translate each one.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..errors import IllegalMove
from ..text import Text
from .cards import MULTIPLIER_WORD, Culture
from .data import AREA_NAME, DIE_REWARD, Resource

#: A card's optional inputs as refusals name them: "the Music card takes no dice".
INPUT_WORDS: dict[str, str] = {"dice": "dice", "tool_tiles": "tool tiles", "tool_cards": "one-use tools",
                               "extra_card": "extra card", "chosen": "chosen resources"}


def listing(items: Sequence[str]) -> str:
    """``items`` joined with ", " as a ``Text`` chain (a single item is returned as it is).

    >>> t = listing(["wood", "brick", "stone"])
    >>> t, t.template, t.params["first"], t.params["rest"].params
    ('wood, brick, stone', '{first}, {rest}', 'wood', {'first': 'brick', 'rest': 'stone'})
    """
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return Text("{first}, {rest}", first=items[0], rest=listing(items[1:]))


def resource_list(paid: Sequence[Resource]) -> str:
    """Resources in words, each kind once with its count, where it was first paid: (wood, brick, wood,
    wood) is "3 wood, 1 brick" (as 石器部落 counts its cards)."""
    return listing([Text("{count} {resource}", count=n, resource=r.value) for r, n in Counter(paid).items()])


def refusal(message: Text) -> IllegalMove:
    """The ``IllegalMove`` that says ``message`` (same template and params, so it translates the same)."""
    return IllegalMove(message.template, **message.params)


def _vocabulary() -> tuple[str, ...]:
    words: list[str] = ["food", "agriculture"]
    words += [r.value for r in Resource]
    words += list(AREA_NAME.values())
    words += list(DIE_REWARD.values())
    words += [c.value for c in Culture] + [c.value.capitalize() for c in Culture]
    words += list(MULTIPLIER_WORD.values())
    words += list(INPUT_WORDS.values())
    return tuple(dict.fromkeys(words))


#: Every game word that a message carries as a plain string param; each needs its own catalog entry.
VOCABULARY: tuple[str, ...] = _vocabulary()

#: Templates that games saved by earlier versions hold, and the one each now reads as: the building tiles
#: are "buildings" (the rulebook's word), the village's "hut" is only the space that gives a person.
SUPERSEDED: dict[str, str] = {
    "{who} +{points}: hut ({paid})": "{who} +{points}: building ({paid})",
}

__all__ = ["INPUT_WORDS", "VOCABULARY", "listing", "refusal", "resource_list"]
