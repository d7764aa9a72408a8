"""A Prehistories tile's name as translatable text, from its animal and its shape.

Apart from ``words`` (which also names goals) so that ``cave`` can name a tile in a refusal without
reaching the goals, which are built on ``cave``.
"""
from __future__ import annotations

from ..text import Text
from .tiles import TILES, Animal

_LEGENDARY = "Legendary"


def animal_word(animal: Animal) -> str:
    """The animal as a tile's name spells it: "Mammoth"."""
    return animal.value.capitalize()


def tile_name(tile: int) -> Text:
    """The name of ``tile`` as a ``Text`` reading exactly as ``TILES[tile].name``.

    >>> t = tile_name(11)
    >>> t, t.template, t.params
    ('Mammoth4A', '{animal}4A', {'animal': 'Mammoth'})
    >>> tile_name(32), tile_name(32).template
    ('Legendary2', 'Legendary{n}')
    """
    kind = TILES[tile]
    if kind.animal is Animal.LEGENDARY:
        return Text("Legendary{n}", n=int(kind.name[len(_LEGENDARY):]))
    animal = animal_word(kind.animal)
    shape = kind.name[len(animal):]
    if shape == "1":
        return Text("{animal}1", animal=animal)
    if shape == "2":
        return Text("{animal}2", animal=animal)
    if shape == "3A":
        return Text("{animal}3A", animal=animal)
    if shape == "3B":
        return Text("{animal}3B", animal=animal)
    if shape == "4A":
        return Text("{animal}4A", animal=animal)
    if shape == "4B":
        return Text("{animal}4B", animal=animal)
    raise ValueError(f"tile {tile}: no words for the shape {shape!r} of {kind.name}")
