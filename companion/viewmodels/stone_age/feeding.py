"""The Feeding screen without a window: one line per player, the short player's own choice of
resources, and the one tap that ends the phase.

A line reads as the table would say it: "Ann: fields +7, eats −6 → 12 food". During the feed
phase the players who have fed show their line and the short ones what they lack; after the
round ended the screen reads back the feeding just done (``GameState.feeding``).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.i18n import _, tr
from rules.stone_age.cards import ANY_TWO_AMOUNT
from rules.stone_age.data import RESOURCES, Resource
from rules.stone_age.feeding import can_pay_with_resources, food_after, shortfall
from rules.stone_age.state import FeedLine, GameState, Phase, PlayerState

from companion.viewmodels.stone_age import cheapest, nobody_short, resources_listed


@dataclass(frozen=True)
class FeedRow:
    """One player's feeding line. ``choosing`` = this player must choose now (pay or −10);
    ``can_pay`` = their resources (and a kept card) could cover ``short``."""

    seat: int
    name: str
    colour: str
    line: str
    short: int
    fed: bool
    choosing: bool
    can_pay: bool
    any_two: int


def fed_line(name: str, line: FeedLine) -> str:
    """How a player fed, e.g. "Ann: fields +7, eats −6 → 12 food"."""
    if line.penalty:
        return tr("{name}: fields +{harvest}, eats −{eaten}, −10 points → {food} food", name=name,
                  harvest=line.harvest, eaten=line.eaten, food=line.food)
    if line.resources:
        return tr("{name}: fields +{harvest}, eats −{eaten}, pays {what} → {food} food", name=name,
                  harvest=line.harvest, eaten=line.eaten, what=resources_listed(line.resources), food=line.food)
    return tr("{name}: fields +{harvest}, eats −{eaten} → {food} food", name=name, harvest=line.harvest,
              eaten=line.eaten, food=line.food)


def short_line(p: PlayerState) -> str:
    """A player still to choose: what the fields and their food cover, and what is missing."""
    return tr("{name}: fields +{harvest}, eats all {food} food: {short} short", name=p.name,
              harvest=p.agriculture, food=p.food + p.agriculture, short=shortfall(p))


def feed_rows(state: GameState) -> list[FeedRow]:
    """Every player in seat order: fed (their line) or still short (what they lack)."""
    lines = {line.player: line for line in state.feeding}
    feeding = state.phase is Phase.FEED
    rows: list[FeedRow] = []
    for seat, p in enumerate(state.players):
        line = lines.get(seat)
        if line is not None:
            rows.append(FeedRow(seat, p.name, p.colour, fed_line(p.name, line), 0, True, False, False,
                                p.any_two))
            continue
        short = shortfall(p)
        if short:
            text = short_line(p)
        else:  # not fed yet and not short: what feeding will do
            text = fed_line(p.name, FeedLine(seat, p.agriculture, p.people, (), False, food_after(p)))
        rows.append(FeedRow(seat, p.name, p.colour, text, short, False, feeding and seat == state.current,
                            can_pay_with_resources(p), p.any_two))
    return rows


def on_show(state: GameState) -> bool:
    """True when the feeding is what the table is looking at: a player must still choose how to feed,
    or the round's feeding had a choice in it and nothing of the next round has happened yet (the
    read-back waits for its one tap), or the game is over after the last feeding. A feeding where
    nobody was short needs no tap: the table says so (``prompt``) and the next round is on. A game opened again (Resume,
    after a power cut) opens there, as it was shown before, instead of on the table."""
    if state.phase is Phase.FEED:
        return True
    if not state.feeding:
        return False
    if state.phase is Phase.OVER:
        return True
    return state.phase is Phase.PLACE and not state.placements and not nobody_short(state)


def title(state: GameState) -> str:
    """The screen's heading: which round's feeding this is."""
    fed_round = state.round if state.phase in (Phase.FEED, Phase.OVER) else state.round - 1
    return tr("Feeding, round {round}", round=fed_round)


def finish_text(state: GameState) -> str:
    """The bottom button once everyone has fed: what comes next."""
    if state.phase is Phase.OVER:
        return _("Final scoring")
    return tr("Start round {round}", round=state.round)


@dataclass(frozen=True)
class Choice:
    """The short player's payment as tapped so far: ``ready`` when it covers the shortfall."""

    paid: tuple[Resource, ...]
    short: int
    text: str
    ready: bool


def payment(player: PlayerState, paid: tuple[Resource, ...]) -> Choice:
    """Check a feeding payment as the player taps it (the rules still decide on "Pay")."""
    short = shortfall(player)
    have = Counter({r: player.amount(r) for r in RESOURCES})
    if any(n > have[r] for r, n in Counter(paid).items()):
        return Choice(paid, short, _("Not enough of that resource"), False)
    if len(paid) == short:
        return Choice(paid, short, tr("Pay {what}", what=resources_listed(paid)), True)
    return Choice(paid, short, tr("Tap {n} more resources to pay", n=short - len(paid)), False)


def add(player: PlayerState, paid: tuple[Resource, ...], resource: Resource) -> tuple[Resource, ...]:
    """``paid`` with one more ``resource``, unless the player has no more of it or the payment is full."""
    if len(paid) >= shortfall(player) or Counter(paid)[resource] >= player.amount(resource):
        return paid
    return paid + (resource,)


def proposal(player: PlayerState) -> tuple[Resource, ...]:
    """The payment the feeding fills in for a short player: the cheapest resources held (wood, then
    brick, stone, gold), as food paid scores nothing; () when the resources held cannot cover it."""
    short = shortfall(player)
    return (cheapest(player, short) or ()) if short else ()


def card_pick(chosen: tuple[Resource, ...], resource: Resource) -> tuple[Resource, ...]:
    """The kept card's resources as tapped: one more (at most ``ANY_TWO_AMOUNT``)."""
    return chosen + (resource,) if len(chosen) < ANY_TWO_AMOUNT else chosen


__all__ = ["Choice", "FeedRow", "add", "card_pick", "feed_rows", "fed_line", "finish_text", "payment",
           "proposal", "short_line", "title"]
