"""The Build / buy screen without a window: payments for huts and cards, and what they score."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import product

from companion.i18n import _, tr
from rules.stone_age.data import RESOURCE_VALUE, Resource
from rules.errors import IllegalMove
from rules.stone_age.huts import Hut, HutKind, check_payment
from rules.stone_age.state import PlayerState

from companion.viewmodels.stone_age import cheapest, resource_label, resources_listed


@dataclass(frozen=True)
class Payment:
    """Resources tapped so far and what the screen says about them."""

    paid: tuple[Resource, ...]
    text: str
    ready: bool


def hut_payment(hut: Hut | None, paid: tuple[Resource, ...], player: PlayerState) -> Payment:
    """Check a hut payment as the player builds it up: the points it would score, or what is missing.

    The rules still decide on NEXT; this only guides the tapping (``ready`` = worth trying).
    """
    if hut is None:
        return Payment(paid, _("Tap the building tile on top of the stack."), False)
    points = sum(RESOURCE_VALUE[r] for r in paid)
    have = Counter({r: player.amount(r) for r in Resource})
    lacking = [r for r, n in Counter(paid).items() if n > have[r]]
    listed = resources_listed(paid) or "–"
    if lacking:
        return Payment(paid, tr("Not enough {what}", what=resource_label(lacking[0].value)), False)
    if hut.kind is HutKind.FIXED and not paid and not holds(player, hut.resources):
        short = tuple((Counter(hut.resources) - have).elements())
        return Payment(paid, tr("Missing: {what}", what=resources_listed(short)), False)
    if hut.kind is HutKind.FIXED:
        ready = Counter(paid) == Counter(hut.resources)
    elif hut.kind is HutKind.COUNT_KINDS:
        ready = len(paid) == hut.count and len(set(paid)) == hut.kinds
    else:
        ready = 1 <= len(paid) <= hut.count
    return Payment(paid, tr("Pay {what} → {n} points", what=listed, n=points), ready)


def card_payment(slot: int, paid: tuple[Resource, ...], player: PlayerState) -> Payment:
    """A card in slot ``slot`` costs ``slot`` resources of any kinds."""
    have = Counter({r: player.amount(r) for r in Resource})
    lacking = [r for r, n in Counter(paid).items() if n > have[r]]
    listed = resources_listed(paid) or "–"
    if lacking:
        return Payment(paid, tr("Not enough {what}", what=resource_label(lacking[0].value)), False)
    text = tr("Pay {what} ({n} of {cost})", what=listed, n=len(paid), cost=slot)
    return Payment(paid, text, len(paid) == slot)


# -- what the screen fills in before the player taps ---------------------------------------------------

def holds(player: PlayerState, paid: tuple[Resource, ...]) -> bool:
    """True when ``player`` holds every resource in ``paid``."""
    return all(player.amount(r) >= n for r, n in Counter(paid).items())


def payments(player: PlayerState, fits: Callable[[tuple[Resource, ...]], bool], most: int) -> list[tuple[Resource, ...]]:
    """Every payment of at most ``most`` resources the player holds that ``fits`` accepts, as
    resource multisets in the order wood, brick, stone, gold (each one once)."""
    kinds = tuple(Resource)
    ranges = [range(min(player.amount(r), most) + 1) for r in kinds]
    found = []
    for counts in product(*ranges):
        if not 0 < sum(counts) <= most:
            continue
        paid = tuple(r for r, n in zip(kinds, counts) for _ in range(n))
        if fits(paid):
            found.append(paid)
    return found


def _only(found: list[tuple[Resource, ...]]) -> tuple[Resource, ...]:
    return found[0] if len(found) == 1 else ()


def _hut_fits(hut: Hut) -> Callable[[tuple[Resource, ...]], bool]:
    def fits(paid: tuple[Resource, ...]) -> bool:
        try:
            check_payment(hut, paid)  # the rules' own check, not a copy of it
        except IllegalMove:
            return False
        return True
    return fits


def hut_default(hut: Hut, player: PlayerState) -> tuple[Resource, ...]:
    """The payment the screen fills in when ``hut`` is tapped: a fixed tile's printed resources when
    the player holds them; for a variable tile the one payment the player can make, if there is only
    one. Otherwise nothing: the player taps what is paid (and may always change a filled payment)."""
    if hut.kind is HutKind.FIXED:
        return hut.resources if holds(player, hut.resources) else ()
    return _only(payments(player, _hut_fits(hut), hut.count))


def builds_at_once(hut: Hut, player: PlayerState) -> bool:
    """A tile is built by tapping it when nothing is left to choose (Undo takes it back): a fixed tile
    the player holds, or a variable one the player can pay in one way only and no kept "any 2
    resources" card that could pay it otherwise."""
    if hut.kind is HutKind.FIXED:
        return holds(player, hut.resources)
    return player.any_two == 0 and bool(hut_default(hut, player))


def card_default(slot: int, player: PlayerState) -> tuple[Resource, ...]:
    """The payment filled in for the card in ``slot`` (``slot`` resources of any kinds): the cheapest
    ``slot`` resources the player holds (wood, then brick, stone, gold), as a card's price scores
    nothing and players keep the dear ones for huts; () when the player holds fewer. The screen shows
    it as a proposal: the first resource tapped starts the payment again."""
    return cheapest(player, slot) or ()


def card_choices(slot: int, player: PlayerState) -> int:
    """In how many ways (resource multisets) the player can pay the card in ``slot``."""
    return len(payments(player, lambda paid: len(paid) == slot, slot))
