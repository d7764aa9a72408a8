"""What happened: one frozen dataclass per event. Events are facts; ``evolve`` never refuses them.

Every number a player sees change is carried by an event, so the history explains each point.
"""
from __future__ import annotations

from dataclasses import dataclass

from .data import Area, Resource
from .state import ScoreRow, Seat


@dataclass(frozen=True)
class Gain:
    """Things a player receives at once (card tops, dice-for-everyone picks)."""

    food: int = 0
    wood: int = 0
    brick: int = 0
    stone: int = 0
    gold: int = 0
    points: int = 0
    agriculture: int = 0
    tool_steps: int = 0
    one_use_tool: int = 0
    any_two: int = 0  # "any 2 resources" card tops kept for later


@dataclass(frozen=True)
class GameStarted:
    """Setup: seats, start player, huts per building stack and face-down deck size; ``board``: the
    board keeps the placement (see ``NewGame``)."""

    players: tuple[Seat, ...]
    start_player: int
    stacks: tuple[int, ...]
    deck: int
    board: bool = False


@dataclass(frozen=True)
class FiguresPlaced:
    """``figures`` of ``player``'s figures went onto a space (``slot`` 1-based for building/card, else 0)."""

    player: int
    area: Area
    slot: int
    figures: int


@dataclass(frozen=True)
class Gathered:
    """Hunting or a resource area resolved; ``amount`` of the area's food or resource was taken."""

    player: int
    area: Area
    dice: tuple[int, ...]
    tool_tiles: tuple[int, ...]
    tool_cards: tuple[int, ...]
    amount: int


@dataclass(frozen=True)
class VillageUsed:
    """Tool maker / hut / field resolved. ``gained`` is False when the track was already at its top."""

    player: int
    area: Area
    gained: bool


@dataclass(frozen=True)
class HutBuilt:
    """``player`` built hut tile ``hut`` from stack ``slot`` with ``paid`` and scored ``points``."""

    player: int
    slot: int
    hut: int
    paid: tuple[Resource, ...]
    points: int


@dataclass(frozen=True)
class Declined:
    """The player took the figure back from a building or card slot."""

    player: int
    area: Area
    slot: int


@dataclass(frozen=True)
class CardBought:
    """A card bought from ``slot``; ``gain`` is its top effect. ``extra_card`` is a drawn card (0 = none).

    For "dice for everyone", ``dice`` is the roll and picks follow as ``DieChosen`` events.
    For "roll for a resource", ``dice``/``tool_tiles``/``tool_cards`` are the roll and tools spent.
    """

    player: int
    slot: int
    card: int
    paid: tuple[Resource, ...]
    gain: Gain
    extra_card: int = 0
    dice: tuple[int, ...] = ()
    tool_tiles: tuple[int, ...] = ()
    tool_cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class DieChosen:
    """``player`` took the die showing ``value`` from a "dice for everyone" roll and got ``gain``."""

    player: int
    value: int
    gain: Gain


@dataclass(frozen=True)
class AnyTwoUsed:
    """``player`` spent a kept "any 2 resources" card and took ``chosen``."""

    player: int
    chosen: tuple[Resource, ...]


@dataclass(frozen=True)
class Fed:
    """A player fed: ``harvest`` food taken from the fields first, then ``food`` paid for the people
    (food left = food before + harvest − food), ``resources`` paid instead of missing food,
    ``penalty`` = lost 10 points.

    ``harvest`` is this event's version mark. Games saved before the fields' surplus was kept have
    no ``harvest`` in their ``Fed`` payloads: it decodes as 0 and their ``food`` is what that code
    took (people − agriculture, never below 0), so an old log replays to the state it had.
    """

    player: int
    food: int
    resources: tuple[Resource, ...]
    penalty: bool
    harvest: int = 0


@dataclass(frozen=True)
class RoundEnded:
    """Feeding done: ``scores`` is each player's track; tools are untapped, the board cleared."""

    round: int
    scores: tuple[int, ...]


@dataclass(frozen=True)
class RoundStarted:
    """A new round: the marker passed to ``start_player``; ``refilled`` cards came off the deck."""

    round: int
    start_player: int
    refilled: int


@dataclass(frozen=True)
class GameEnded:
    """The game is over: ``reason`` is "cards" (deck cannot refill) or "huts" (a stack is empty)."""

    reason: str


@dataclass(frozen=True)
class FinalScored:
    """Final scoring, one row per player in seat order (the same code as ``endstate.score_json``)."""

    rows: tuple[ScoreRow, ...]


@dataclass(frozen=True)
class StayedHome:
    """``figures`` of ``player``'s figures stayed home this round (the board keeps the placement)."""

    player: int
    figures: int


EVENTS: tuple[type, ...] = (
    Gain, GameStarted, FiguresPlaced, Gathered, VillageUsed, HutBuilt, Declined, CardBought, DieChosen,
    AnyTwoUsed, Fed, RoundEnded, RoundStarted, GameEnded, FinalScored, StayedHome,
)
