"""Player names: what a name may hold, and when two names are the same player.

One helper for every place a name comes in (an end-state file for ``main.py score``, a setup screen),
so that a table reads the same everywhere and a name never breaks a printed table or a saved file.

>>> clean_name("  Ann ", "players[0].name")
'Ann'
>>> name_key("ANN") == name_key("ann") == name_key("A nn") == name_key("Ａｎｎ")
True
>>> clean_name("A\\tB", "players[1].name")
Traceback (most recent call last):
...
rules.errors.InvalidState: players[1].name: holds a control character (U+0009); use letters, digits and spaces
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from .errors import InvalidState

#: The longest name a player strip, a table column or a score sheet has room for.
MAX_NAME_LENGTH = 40
#: Joiners kept although they are format characters: emoji and some scripts need them.
_JOINERS = {"\u200c", "\u200d"}
#: Character categories a name may not hold: controls (tab, newline, escape…), surrogates, private use,
#: line and paragraph separators, and format characters other than the joiners (e.g. right-to-left
#: overrides that turn a printed table around).
_REFUSED = {"Cc", "Cs", "Co", "Zl", "Zp", "Cf"}


def name_problem(value: Any) -> str | None:
    """Why ``value`` cannot be a player's name (one line in English), or None when it can.

    A name is text of 1 to ``MAX_NAME_LENGTH`` characters after trimming the spaces around it, with no
    control character, lone surrogate or invisible format character.
    """
    if not isinstance(value, str):
        return f"expected a name (text), not {type(value).__name__}"
    text = value.strip()
    if not text:
        return "expected a non-empty name"
    for ch in text:
        category = unicodedata.category(ch)
        if category == "Cs":
            return f"holds a lone surrogate (U+{ord(ch):04X}), not a character"
        if category in _REFUSED and ch not in _JOINERS:
            kind = "a control" if category == "Cc" else "an invisible or formatting"
            return f"holds {kind} character (U+{ord(ch):04X}); use letters, digits and spaces"
    if len(text) > MAX_NAME_LENGTH:
        return f"is {len(text)} characters long; a name has at most {MAX_NAME_LENGTH}"
    return None


def clean_name(value: Any, field: str) -> str:
    """``value`` as a name: trimmed, inner runs of spaces made one, in Unicode NFC form.

    Raises ``InvalidState(field, ...)`` saying what is wrong (see :func:`name_problem`).
    """
    problem = name_problem(value)
    if problem is not None:
        raise InvalidState(field, problem)
    return unicodedata.normalize("NFC", " ".join(value.split()))


def name_key(name: str) -> str:
    """What two names must share to be the same player: the name without case, spaces or width and
    composition differences (NFKC, case-folded, spaces removed)."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


def first_repeat(names: Iterable[str]) -> tuple[int, int] | None:
    """``(earlier, later)`` indexes of the first name that repeats an earlier one by :func:`name_key`,
    or None when all are different players."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = name_key(name)
        if key in seen:
            return seen[key], i
        seen[key] = i
    return None


def check_names(values: list[Any], field: str = "players") -> list[str]:
    """Each value cleaned by :func:`clean_name` (field ``{field}[i].name``), refusing two names that are
    the same player by :func:`name_key` with ``InvalidState`` naming the later one."""
    names = [clean_name(v, f"{field}[{i}].name") for i, v in enumerate(values)]
    repeat = first_repeat(names)
    if repeat is not None:
        earlier, later = repeat
        raise InvalidState(f"{field}[{later}].name",
                           f"{names[later]!r} is the same name as {field}[{earlier}] ({names[earlier]!r})")
    return names
