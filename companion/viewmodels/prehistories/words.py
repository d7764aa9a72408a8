"""Prehistories words in the table's language: colours, animals, tiles, goal cards and rule messages.

Every name a Prehistories screen shows comes from here, so the catalogs hold each word once. ``N_``
marks a text for translation where it is defined; ``_()`` translates it where it is shown.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.i18n import _, pgettext, tr
from rules.prehistories.data import Colour, Stack
from rules.prehistories.goals import GOALS
from rules.prehistories.tiles import TILES, Animal


def N_(text: str) -> str:
    """``text`` unchanged: marks a table entry for translation (it is translated when shown)."""
    return text


_COLOURS: dict[Colour, str] = {
    Colour.YELLOW: N_("Yellow"), Colour.BLUE: N_("Blue"), Colour.RED: N_("Red"),
    Colour.GREEN: N_("Green"), Colour.WHITE: N_("White"),
}
_ANIMALS: dict[Animal, str] = {
    Animal.FISH: N_("Fish"), Animal.MAMMOTH: N_("Mammoth"), Animal.BUFFALO: N_("Buffalo"),
    Animal.IBEX: N_("Ibex"), Animal.BOAR: N_("Boar"), Animal.LEGENDARY: N_("Legendary"),
}
_STACKS: dict[Stack, str] = {
    Stack.SIZE_1: N_("1 square"), Stack.SIZE_2: N_("2 squares"), Stack.SIZE_3: N_("3 squares"),
    Stack.SIZE_4: N_("4 squares"), Stack.LEGENDARY: N_("Legendary"),
}
#: goal id -> the short text shown on a card (the rules' own texts are the English msgids' source)
_GOALS: dict[str, str] = {
    "A1": N_("Connect both totemic animals to the painting"),
    "B1": N_("Completely surround both totemic animals"),
    "A2": N_("Paint the central 3×3 block"),
    "B2": N_("Paint the whole back column"),
    "A3": N_("A column with 5 different animals"),
    "B3": N_("A row with 5 different animals"),
    "A4": N_("A group of 8 identical animals"),
    "B4": N_("A group of 10 identical animals"),
    "A5": N_("Completely surround the Hunter painting"),
    "B5": N_("4 different animals beside the Hunter painting"),
    "A6": N_("5 animals of the same kind in one column"),
    "B6": N_("5 animals of the same kind in one row"),
    "A7": N_("Connect the top-left and bottom-right corners"),
    "B7": N_("Paint all four corners"),
    "A8": N_("Paint 5 one-square tiles"),
    "B8": N_("Take 3 animal tiles in one hunt"),
    "A9": N_("Completely surround a Legendary animal"),
    "B9": N_("Two Legendary animals side by side"),
}


def colour_name(colour: Colour) -> str:
    """"Yellow" in the current language."""
    return _(_COLOURS[colour])


def animal_name(animal: Animal) -> str:
    """"Mammoth" in the current language."""
    return _(_ANIMALS[animal])


#: The ``msgctxt`` of an animal's name written in one square of the cave (a 16 px line about 54 px wide
#: at 800x480): where a language's full name is too long for that, its catalog gives a shorter one.
CELL_CONTEXT = "cave square"


def cell_name(animal: Animal) -> str:
    """The animal's name as written in one square of the cave: the catalog's short name in
    ``CELL_CONTEXT`` where it has one (传奇 for 传奇动物), else the name itself."""
    short = pgettext(CELL_CONTEXT, _ANIMALS[animal])
    return short if short != _ANIMALS[animal] else animal_name(animal)


def tile_label(tile: int) -> str:
    """A tile as players name it: "Mammoth · 3 squares" (a Legendary tile is just "Legendary")."""
    kind = TILES[tile]
    if kind.animal is Animal.LEGENDARY:
        return animal_name(kind.animal)
    return tr("{animal} · {size}", animal=animal_name(kind.animal), size=_(_STACKS[kind.stack]))


def stack_name(stack: Stack) -> str:
    """"2 squares" or "Legendary"."""
    return _(_STACKS[stack])


def goal_side(goal: str) -> str:
    """"Sun" for an A side, "Moon" for a B side."""
    return _("Sun") if goal.startswith("A") else _("Moon")


def goal_title(goal: str) -> str:
    """"Card 2 · Sun" for ``A2``."""
    return tr("Card {n} · {side}", n=int(goal[1:]), side=goal_side(goal))


def goal_text(goal: str) -> str:
    """What the goal asks, in the current language (the rules' English text for an unknown id)."""
    if goal in _GOALS:
        return _(_GOALS[goal])
    return GOALS[goal].text if goal in GOALS else goal


def goal_values(goal: str) -> str:
    """The totems it is worth: "first 2 · then 1"."""
    g = GOALS[goal]
    return tr("first {first} · then {later}", first=g.first, later=g.later)


def objective_name(objective: str) -> str:
    """An objective of an ``Award``: "Row 4", "Column 1", "Legendary animal" or the goal card's title.

    Rows and columns are counted from 1 for players (the rules count from 0).
    """
    kind, _sep, rest = objective.partition(" ")
    if kind == "row":
        return tr("Row {n}", n=int(rest) + 1)
    if kind == "column":
        return tr("Column {n}", n=int(rest) + 1)
    if objective == "legendary":
        return _("Legendary animal")
    return goal_title(objective)


# -- rule messages ---------------------------------------------------------------------------------
def render(template: str, params: Mapping[str, Any] | None = None) -> str:
    """A rules message (a template and its params, as ``IllegalMove`` and ``Text`` keep them) in the
    current language, through the rules' catalogs; English when a catalog lacks it. Never raises."""
    from companion import i18n

    return i18n.render(template, dict(params or {}))
