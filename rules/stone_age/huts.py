"""The 28 building (hut) tiles as a table, and the check of a payment against a tile.

Source: reference/stone-age.md section 6. Points are always the sum of the values of the
resources paid (wood 3, brick 4, stone 5, gold 6). Hut ids 1..28 name physical tiles.
"""
from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..errors import IllegalMove
from ..text import Text
from .data import RESOURCE_VALUE, Resource
from .words import listing


class HutKind(str, enum.Enum):
    """The three kinds of building tile."""

    FIXED = "fixed"        # exactly the three printed resources
    COUNT_KINDS = "count_kinds"  # exactly ``count`` resources of exactly ``kinds`` different kinds
    ANY = "any"            # 1..``count`` resources of any kinds


@dataclass(frozen=True)
class Hut:
    """One building tile."""

    id: int
    kind: HutKind
    resources: tuple[Resource, ...] = ()
    count: int = 0
    kinds: int = 0

    @property
    def label(self) -> str:
        """The tile in player words (a ``Text``), e.g. "wood, brick, stone" or "5 resources of 2 kinds"."""
        if self.kind is HutKind.FIXED:
            return listing([r.value for r in self.resources])
        if self.kind is HutKind.COUNT_KINDS:
            if self.kinds == 1:
                return Text("{count} resources of {kinds} kind", count=self.count, kinds=self.kinds)
            return Text("{count} resources of {kinds} kinds", count=self.count, kinds=self.kinds)
        return Text("1–{count} resources of any kinds", count=self.count)


_W, _B, _S, _G = Resource.WOOD, Resource.BRICK, Resource.STONE, Resource.GOLD

# Fixed huts: (resources, copies).
_FIXED: tuple[tuple[tuple[Resource, ...], int], ...] = (
    ((_W, _W, _B), 1),
    ((_W, _W, _S), 1),
    ((_W, _B, _B), 1),
    ((_W, _W, _G), 1),
    ((_W, _B, _S), 2),
    ((_W, _S, _S), 1),
    ((_B, _B, _S), 1),
    ((_W, _B, _G), 2),
    ((_B, _B, _G), 1),
    ((_B, _S, _S), 1),
    ((_W, _S, _G), 2),
    ((_B, _S, _G), 2),
    ((_S, _S, _G), 1),
)
# "count resources of exactly kinds kinds": (count, kinds), one tile each.
_COUNT_KINDS: tuple[tuple[int, int], ...] = tuple((n, k) for n in (4, 5) for k in (1, 2, 3, 4))
_ANY_COPIES = 3
_ANY_MAX = 7


def _build() -> tuple[Hut, ...]:
    tiles: list[Hut] = []
    for res, copies in _FIXED:
        tiles.extend(Hut(0, HutKind.FIXED, resources=res, count=3, kinds=len(set(res))) for _ in range(copies))
    tiles.extend(Hut(0, HutKind.COUNT_KINDS, count=n, kinds=k) for n, k in _COUNT_KINDS)
    tiles.extend(Hut(0, HutKind.ANY, count=_ANY_MAX) for _ in range(_ANY_COPIES))
    return tuple(Hut(i, h.kind, h.resources, h.count, h.kinds) for i, h in enumerate(tiles, 1))


HUTS: tuple[Hut, ...] = _build()

#: Hut id -> tile.
HUT_BY_ID: Mapping[int, Hut] = MappingProxyType({h.id: h for h in HUTS})


def hut_points(paid: Iterable[Resource]) -> int:
    """Points for a hut paid with ``paid``: the sum of the resource values."""
    return sum(RESOURCE_VALUE[r] for r in paid)


def check_payment(hut: Hut, paid: tuple[Resource, ...]) -> None:
    """Return quietly if ``paid`` builds ``hut``; otherwise raise ``IllegalMove`` saying what the tile needs."""
    if hut.kind is HutKind.FIXED:
        if Counter(paid) != Counter(hut.resources):
            raise IllegalMove("this building needs exactly {hut}", hut=hut.label)
    elif hut.kind is HutKind.COUNT_KINDS:
        if len(paid) != hut.count or len(set(paid)) != hut.kinds:
            raise IllegalMove("this building needs exactly {hut}", hut=hut.label)
    elif not 1 <= len(paid) <= hut.count:
        raise IllegalMove("this building needs {hut}", hut=hut.label)
