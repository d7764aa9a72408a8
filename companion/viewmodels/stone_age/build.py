"""The Build / buy screen without a window: payments for huts and cards, and what they score."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.i18n import _, tr
from rules.stone_age.data import RESOURCE_VALUE, Resource
from rules.stone_age.huts import Hut, HutKind
from rules.stone_age.state import PlayerState

from companion.viewmodels.stone_age import resource_label


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
    listed = _(", ").join(resource_label(r.value) for r in paid) or "–"
    if lacking:
        return Payment(paid, tr("Not enough {what}", what=resource_label(lacking[0].value)), False)
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
    listed = _(", ").join(resource_label(r.value) for r in paid) or "–"
    if lacking:
        return Payment(paid, tr("Not enough {what}", what=resource_label(lacking[0].value)), False)
    text = tr("Pay {what} ({n} of {cost})", what=listed, n=len(paid), cost=slot)
    return Payment(paid, text, len(paid) == slot)
