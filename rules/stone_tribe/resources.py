"""``Resources``: a count of resource cards of each kind (果 fruit, 石 stone, 肉 meat, 木 wood, 魚 fish)."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from .data import RESOURCE_KINDS


@dataclass(frozen=True)
class Resources:
    """Resource cards by kind. The rules keep counts non-negative; ``decide`` checks before subtracting."""

    fruit: int = 0
    stone: int = 0
    meat: int = 0
    wood: int = 0
    fish: int = 0

    @classmethod
    def of(cls, kind: str, count: int = 1) -> Resources:
        """``count`` cards of one ``kind``."""
        return cls(**{kind: count})

    @classmethod
    def from_mapping(cls, counts: Mapping[str, int]) -> Resources:
        """From ``{"wood": 2, ...}``; kinds left out count 0. Unknown kinds raise ``KeyError``."""
        unknown = set(counts) - set(RESOURCE_KINDS)
        if unknown:
            raise KeyError(min(unknown))
        return cls(**dict(counts))

    def get(self, kind: str) -> int:
        """The count of ``kind``."""
        return int(getattr(self, kind))

    def items(self) -> Iterator[tuple[str, int]]:
        """``(kind, count)`` for every kind, in the table's order (zero counts included)."""
        return ((kind, self.get(kind)) for kind in RESOURCE_KINDS)

    def total(self) -> int:
        """The number of resource cards."""
        return sum(count for _, count in self.items())

    def __add__(self, other: Resources) -> Resources:
        return Resources(**{k: self.get(k) + other.get(k) for k in RESOURCE_KINDS})

    def __sub__(self, other: Resources) -> Resources:
        return Resources(**{k: self.get(k) - other.get(k) for k in RESOURCE_KINDS})

    def covers(self, other: Resources) -> bool:
        """True when this holds at least ``other`` of every kind."""
        return all(self.get(k) >= n for k, n in other.items())


assert tuple(f.name for f in dataclasses.fields(Resources)) == RESOURCE_KINDS, "Resources must follow the table"
