"""The state of a Stone Age game: frozen dataclasses built only by ``evolve``.

Player indexes are seats 0..n-1 in clockwise order. Derived facts (whose turn, what is left to
resolve, who is short of food) are answered by ``turns.py`` and ``feeding.py`` from this state.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

from .data import Area, Resource


class Phase(str, enum.Enum):
    """Where the round stands. ``OVER`` means final scoring is done."""

    PLACE = "place"      # players place figures in turn
    ACTIONS = "actions"  # players resolve their spaces in turn
    FEED = "feed"        # players short of food choose how to pay
    OVER = "over"


@dataclass(frozen=True)
class Seat:
    """A player at the table as entered at setup."""

    name: str
    colour: str


@dataclass(frozen=True)
class BuiltHut:
    """A hut a player built: which tile, what was paid and the points it scored."""

    hut: int
    paid: tuple[Resource, ...]
    points: int


@dataclass(frozen=True)
class PlayerState:
    """One player's books.

    ``tools`` are the tool tiles' values, highest first (at most 3, values 1..4); ``tools_used``
    marks the tiles used this round (same length). ``one_use_tools`` are unused one-use tool cards
    (values 2, 3, 4). ``any_two`` counts the "any 2 resources" card tops kept for later: each one
    is spent by ``UseAnyTwo`` when the player pays (a hut, a card, a feeding shortfall); one still
    held at the end scores nothing (it is not a resource). ``cards`` are the ids of every
    civilization card held (bought or drawn).
    ``round_scores`` is the score track at the end of each finished round.
    """

    name: str
    colour: str
    score: int = 0
    food: int = 12
    wood: int = 0
    brick: int = 0
    stone: int = 0
    gold: int = 0
    agriculture: int = 0
    people: int = 5
    tools: tuple[int, ...] = ()
    tools_used: tuple[bool, ...] = ()
    one_use_tools: tuple[int, ...] = ()
    any_two: int = 0
    huts: tuple[BuiltHut, ...] = ()
    cards: tuple[int, ...] = ()
    round_scores: tuple[int, ...] = ()

    def amount(self, resource: Resource) -> int:
        """How many of ``resource`` the player holds."""
        return getattr(self, resource.value)

    @property
    def resource_total(self) -> int:
        """Wood + brick + stone + gold (food excluded)."""
        return self.wood + self.brick + self.stone + self.gold


@dataclass(frozen=True)
class Placement:
    """Figures a player put on a space this round. ``slot`` is 1-based for building/card, else 0."""

    player: int
    area: Area
    slot: int
    figures: int
    resolved: bool = False


@dataclass(frozen=True)
class Lottery:
    """A "dice for everyone" card being resolved: the dice still on the table and who picks next.

    ``order`` lists the pickers, starting with the buyer, clockwise; ``next`` indexes into it.
    """

    buyer: int
    dice: tuple[int, ...]
    order: tuple[int, ...]
    next: int = 0


@dataclass(frozen=True)
class FeedLine:
    """How one player fed: ``harvest`` food from the fields, ``eaten`` food paid for the people,
    ``resources`` paid instead of missing food, ``penalty`` = lost 10 points, ``food`` left after."""

    player: int
    harvest: int
    eaten: int
    resources: tuple[Resource, ...]
    penalty: bool
    food: int


@dataclass(frozen=True)
class ScoreRow:
    """One player's final-scoring line. ``total`` = the sum of the seven categories."""

    name: str
    track: int
    culture: int
    farmers: int
    tool_makers: int
    hut_builders: int
    shamans: int
    resources: int
    total: int
    tiebreak: int
    rank: int


@dataclass(frozen=True)
class GameState:
    """The whole game.

    * ``round`` counts from 1; ``phase`` is the round's phase; ``start_player`` holds the
      start-player marker this round. ``current`` is the seat whose turn it is: the placer, the
      player resolving spaces, the next "dice for everyone" picker, or the first player still to
      choose how to feed; -1 when nobody has to act.
    * ``placements`` are this round's figures on the board, in the order placed.
    * ``deck`` is the number of face-down civilization cards; ``slots_filled`` says which of card
      slots 1..4 hold a card; ``cards_out`` are the ids of cards taken by players so far.
    * ``stacks`` is the number of huts left in each building stack (slot 1..n = index 0..n-1).
    * ``lottery`` is set while a "dice for everyone" card waits for picks.
    * ``fed`` marks, in the feed phase, who has fed this round; ``feeding`` is the latest feeding, one
      line per player who has fed, kept after the round ends so the table can read it back.
    * ``ended`` is "" while playing, else why the game ended; ``final`` is the final scoring.
    * ``board``: the board keeps the placement: no placing phase, a space is placed as it is resolved.
    * ``round_people``: each player's figures at the start of the round (a person won at the hut
      this round is placed from the next round on); empty in states made by hand: ``people`` counts.
    * ``stayed_home``: seats whose figures left at home stay there this round (``StayHome``).
    """

    players: tuple[PlayerState, ...]
    round: int = 1
    phase: Phase = Phase.PLACE
    start_player: int = 0
    current: int = 0
    placements: tuple[Placement, ...] = ()
    deck: int = 32
    slots_filled: tuple[bool, ...] = (True, True, True, True)
    cards_out: tuple[int, ...] = ()
    stacks: tuple[int, ...] = ()
    lottery: Lottery | None = None
    fed: tuple[bool, ...] = ()
    feeding: tuple[FeedLine, ...] = ()
    ended: str = ""
    final: tuple[ScoreRow, ...] = ()
    board: bool = False
    round_people: tuple[int, ...] = ()
    stayed_home: tuple[int, ...] = ()

    @property
    def player_count(self) -> int:
        """How many players sit at the table."""
        return len(self.players)

    def turn_order(self) -> tuple[int, ...]:
        """Seats clockwise from the start player."""
        n = self.player_count
        return tuple((self.start_player + i) % n for i in range(n))
