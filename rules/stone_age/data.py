"""Stone Age board data: resources, areas, divisors, capacities and player-count limits.

Everything here is a table; the rules read these tables instead of branching on names.
Source: reference/stone-age.md sections 2 and 7 and the original Chinese rule text.
"""
from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType


class Resource(str, enum.Enum):
    """The four building resources. Food is not a resource (it cannot pay for huts or cards)."""

    WOOD = "wood"
    BRICK = "brick"
    STONE = "stone"
    GOLD = "gold"


RESOURCES: tuple[Resource, ...] = tuple(Resource)

#: Points a resource is worth when it pays for a hut, and its divisor when gathered.
RESOURCE_VALUE: Mapping[Resource, int] = MappingProxyType(
    {Resource.WOOD: 3, Resource.BRICK: 4, Resource.STONE: 5, Resource.GOLD: 6}
)


class Area(str, enum.Enum):
    """A place on the board where figures go. ``BUILDING`` and ``CARD`` have numbered slots."""

    HUNTING = "hunting"
    FOREST = "forest"
    CLAY_PIT = "clay_pit"
    QUARRY = "quarry"
    RIVER = "river"
    TOOL_MAKER = "tool_maker"
    HUT = "hut"
    FIELD = "field"
    BUILDING = "building"
    CARD = "card"


#: Gathering areas: what one whole result yields (``None`` = food) and the divisor.
GATHERING: Mapping[Area, tuple[Resource | None, int]] = MappingProxyType(
    {
        Area.HUNTING: (None, 2),
        Area.FOREST: (Resource.WOOD, 3),
        Area.CLAY_PIT: (Resource.BRICK, 4),
        Area.QUARRY: (Resource.STONE, 5),
        Area.RIVER: (Resource.GOLD, 6),
    }
)

#: The four resource areas, which the 2- and 3-player rules restrict.
RESOURCE_AREAS: tuple[Area, ...] = (Area.FOREST, Area.CLAY_PIT, Area.QUARRY, Area.RIVER)

#: The village: tool maker, hut (the "love hut", +1 person) and field.
VILLAGE: tuple[Area, ...] = (Area.TOOL_MAKER, Area.HUT, Area.FIELD)

#: Most figures a space holds in total (``None`` = unlimited). Building and card: per slot.
CAPACITY: Mapping[Area, int | None] = MappingProxyType(
    {
        Area.HUNTING: None,
        Area.FOREST: 7,
        Area.CLAY_PIT: 7,
        Area.QUARRY: 7,
        Area.RIVER: 7,
        Area.TOOL_MAKER: 1,
        Area.HUT: 2,
        Area.FIELD: 1,
        Area.BUILDING: 1,
        Area.CARD: 1,
    }
)

#: Spaces that take an exact number of figures (the hut needs a couple).
EXACT_FIGURES: Mapping[Area, int] = MappingProxyType({Area.HUT: 2, Area.TOOL_MAKER: 1, Area.FIELD: 1,
                                                     Area.BUILDING: 1, Area.CARD: 1})

#: Player words for each area, used in messages and the history.
AREA_NAME: Mapping[Area, str] = MappingProxyType(
    {
        Area.HUNTING: "the hunting grounds",
        Area.FOREST: "the forest",
        Area.CLAY_PIT: "the clay pit",
        Area.QUARRY: "the quarry",
        Area.RIVER: "the river",
        Area.TOOL_MAKER: "the tool maker",
        Area.HUT: "the hut",
        Area.FIELD: "the field",
        Area.BUILDING: "the building",
        Area.CARD: "the civilization card",
    }
)

MIN_PLAYERS = 2
MAX_PLAYERS = 4
START_PEOPLE = 5
START_FOOD = 12
MAX_PEOPLE = 10
MAX_AGRICULTURE = 10
MAX_TOOL_TILES = 3
MAX_TOOL_VALUE = 4
HUNGER_PENALTY = 10
HUTS_PER_STACK = 7
CARD_SLOTS = 4
DECK_SIZE = 36

#: Per player count: how many of the 3 village spaces may be used in one round.
VILLAGE_SPACES_USABLE: Mapping[int, int] = MappingProxyType({2: 2, 3: 2, 4: 3})

#: Per player count: how many different players may use one resource area in a round.
RESOURCE_AREA_PLAYERS: Mapping[int, int] = MappingProxyType({2: 1, 3: 2, 4: 4})

#: Per player count: how many building stacks are in play (one of 7 huts per player).
BUILDING_STACKS: Mapping[int, int] = MappingProxyType({2: 2, 3: 3, 4: 4})

#: Dice for everyone: what each die face gives ("tool" = one tool step, "agriculture" = +1).
DIE_REWARD: Mapping[int, str] = MappingProxyType(
    {1: Resource.WOOD.value, 2: Resource.BRICK.value, 3: Resource.STONE.value, 4: Resource.GOLD.value,
     5: "tool", 6: "agriculture"}
)
