"""Stone Tribe's player words: resource lists as translatable text, and the vocabulary.

Refusals and history lines are ``rules.text.Text`` / ``IllegalMove`` templates with params, so the app
can show them in Chinese. A list ("2 wood, 1 fish") is a chain of the one template "{first}, {rest}".
Game words that travel as plain string params (resources, skills, chance-card colours, who read the
dice, what decided the winner) are listed in ``VOCABULARY`` so the catalogs translate each one.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..text import Text
from .data import CHANCE_COLOURS, DICE_SOURCES, HAND_LIMIT, RESOURCE_KINDS, SKILLS, skill_label
from .resources import Resources

#: The catalogs' context (``msgctxt``) of this game's words, its name in ``rules.game``: the table says 石 and
#: 木 where Stone Age says 石头 and 木头, and its "gold" is a card colour (金色), not a resource (金子), so
#: every word of ``VOCABULARY`` is translated in this context, apart from the other games' words.
MSGCTXT = "stone-tribe"

#: Templates that games saved by earlier versions hold, and the one each now reads as (the seed's colour
#: note "(紅色)" is gone from the chance-card line: the colour word is already in the reader's language).
SUPERSEDED: dict[str, str] = {
    "{player} plays a {colour} chance card ({zh})": "{player} plays a {colour} chance card",
}

#: Why cards left a hand at the end of a turn (stored in ``ChanceCardsDiscarded.reason``).
HAND_LIMIT_REASON = f"hand limit {HAND_LIMIT}"

#: ``WinnerDeclared.decided_by`` values.
DECIDED_BY = ("shells", "resource cards", "roll-off")


def listing(items: Sequence[str]) -> str:
    """``items`` joined with ", " as a ``Text`` chain (a single item is returned as it is).

    >>> t = listing(["wood", "fish"])
    >>> t, t.template
    ('wood, fish', '{first}, {rest}')
    """
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return Text("{first}, {rest}", first=items[0], rest=listing(items[1:]))


def resource_text(res: Resources) -> str:
    """Resource cards in words: "2 wood, 1 fish" (a ``Text``), or "nothing"."""
    parts = [Text("{count} {resource}", count=n, resource=k) for k, n in res.items() if n]
    return listing(parts) if parts else Text("nothing")


def gain_text(gain: Resources, lose: Resources = Resources()) -> str:
    """A change in words: "+2 wood, -1 fish" (a ``Text``), or "nothing"."""
    parts = [Text("+{count} {resource}", count=n, resource=k) for k, n in gain.items() if n]
    parts += [Text("-{count} {resource}", count=n, resource=k) for k, n in lose.items() if n]
    return listing(parts) if parts else Text("nothing")


def shells_text(n: int) -> str:
    """"1 shell" / "3 shells"."""
    return Text("{count} shell" if n == 1 else "{count} shells", count=n)


def cards_text(n: int) -> str:
    """"1 chance card" / "2 chance cards"."""
    return Text("{count} chance card" if n == 1 else "{count} chance cards", count=n)


def _vocabulary() -> tuple[str, ...]:
    words: list[str] = list(RESOURCE_KINDS)
    words += [skill_label(k) for k in SKILLS]
    words += [c.key for c in CHANCE_COLOURS.values()] + [c.timing for c in CHANCE_COLOURS.values()]
    words += list(DICE_SOURCES)
    words += [HAND_LIMIT_REASON, *DECIDED_BY]
    return tuple(dict.fromkeys(words))


#: Every game word that a message carries as a plain string param; each needs its own catalog entry.
VOCABULARY: tuple[str, ...] = _vocabulary()
