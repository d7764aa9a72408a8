"""The companion layer's errors."""
from __future__ import annotations

from rules.errors import CairnError


class CompanionError(CairnError):
    """Base class of the companion layer's errors."""


class StoreError(CompanionError, OSError):
    """The game store cannot be used: not a Cairn database, corrupt, read-only or out of space."""


class UsageError(CompanionError, ValueError):
    """A command-line input that Cairn cannot use (a missing file, bad JSON, an unknown game)."""
