"""The demand card and its deal, without a window: what the card asks and gives, who pays which
resources, who gets which shells and chance cards, and whether the deal balances.

Forms are frozen values changed by tapping (``step``); ``reveal_command`` and ``complete_command`` turn
them into the rules' commands. The rules still check everything; these views only say, before the
deal is sent, what is missing or more than a player holds.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.viewmodels.stone_tribe.text import _, plural, resource_short, tr
from rules.stone_tribe import (
    RESOURCE_KINDS, CompleteDemand, Demand, GameState, Payment, Resources, RevealDemand, Share,
)

#: the items a demand form counts, in the order the buttons show them
REWARD_ITEMS = ("shells", "cards")
ITEMS = (*RESOURCE_KINDS, *REWARD_ITEMS)


def item_caption(item: str) -> str:
    """A form item's caption under its picture (short, so it fits a button at 800×480)."""
    if item == "cards":
        return _("Cards")
    return item_name(item)


def item_name(item: str) -> str:
    """A form item's short name: a resource's Chinese name, "Shells" or "Chance cards"."""
    if item == "shells":
        return _("Shells")
    if item == "cards":
        return _("Chance cards")
    return resource_short(item)


@dataclass(frozen=True)
class DemandForm:
    """A demand card as it is being entered: its cost and its reward."""

    cost: Resources = Resources()
    shells: int = 0
    cards: int = 0

    def get(self, item: str) -> int:
        """The count of ``item`` (a resource kind, "shells" or "cards")."""
        if item == "shells":
            return self.shells
        if item == "cards":
            return self.cards
        return self.cost.get(item)

    def step(self, item: str, delta: int) -> "DemandForm":
        """``item`` changed by ``delta`` (never below 0)."""
        value = max(0, self.get(item) + delta)
        if item in REWARD_ITEMS:
            return replace(self, **{item: value})
        return replace(self, cost=replace(self.cost, **{item: value}))

    def problem(self) -> str | None:
        """Why the card cannot be turned up yet, or None."""
        if self.cost.total() == 0:
            return _("Tap the resources the demand card asks for.")
        return None

    def command(self) -> RevealDemand:
        """The command that turns this card up."""
        return RevealDemand(self.cost, self.shells, self.cards)


def reward_line(shells: int, cards: int) -> str:
    """"4 shells + 1 chance card" in the reader's language."""
    line = plural(shells, "{n} shell", "{n} shells")
    if cards:
        line += " + " + plural(cards, "{n} chance card", "{n} chance cards")
    return line


def demand_line(demand: Demand | DemandForm) -> str:
    """"Asks 2 果 1 木 · gives 4 shells + 1 chance card"."""
    cost = demand.cost
    parts = "  ".join(f"{n} {resource_short(k)}" for k, n in cost.items() if n) or "—"
    cards = demand.chance_cards if isinstance(demand, Demand) else demand.cards
    return tr("Asks {cost}  ·  gives {reward}", cost=parts, reward=reward_line(demand.shells, cards))


@dataclass(frozen=True)
class DealForm:
    """The deal under negotiation: each player's payment and share (players left out pay and get nothing)."""

    pays: dict[str, Resources] = field(default_factory=dict)
    gets: dict[str, tuple[int, int]] = field(default_factory=dict)  # name -> (shells, chance cards)

    def paid_by(self, name: str) -> Resources:
        """What ``name`` pays."""
        return self.pays.get(name, Resources())

    def share_of(self, name: str) -> tuple[int, int]:
        """``(shells, chance cards)`` ``name`` gets."""
        return self.gets.get(name, (0, 0))

    def get(self, name: str, item: str) -> int:
        """``name``'s count of ``item`` in the deal."""
        if item == "shells":
            return self.share_of(name)[0]
        if item == "cards":
            return self.share_of(name)[1]
        return self.paid_by(name).get(item)

    def step(self, name: str, item: str, delta: int) -> "DealForm":
        """``name``'s ``item`` changed by ``delta`` (never below 0)."""
        value = max(0, self.get(name, item) + delta)
        if item in REWARD_ITEMS:
            shells, cards = self.share_of(name)
            share = (value, cards) if item == "shells" else (shells, value)
            return replace(self, gets={**self.gets, name: share})
        return replace(self, pays={**self.pays, name: replace(self.paid_by(name), **{item: value})})

    def total_paid(self) -> Resources:
        """Everything the deal pays."""
        return sum(self.pays.values(), Resources())

    def total_shells(self) -> int:
        """Shells the deal hands out."""
        return sum(s for s, _c in self.gets.values())

    def total_cards(self) -> int:
        """Chance cards the deal hands out."""
        return sum(c for _s, c in self.gets.values())

    def command(self, order: tuple[str, ...]) -> CompleteDemand:
        """The deal as the rules' command, players in ``order``; players with no part are left out."""
        payments = tuple(Payment(n, self.paid_by(n)) for n in order if self.paid_by(n).total())
        shares = tuple(Share(n, *self.share_of(n)) for n in order if any(self.share_of(n)))
        return CompleteDemand(payments, shares)


@dataclass(frozen=True)
class BalanceItem:
    """One line of the balance: how much of ``item`` the deal covers against what the card says."""

    item: str
    label: str
    dealt: int
    due: int

    @property
    def ok(self) -> bool:
        return self.dealt == self.due

    @property
    def text(self) -> str:
        mark = "✓" if self.ok else ("+" + str(self.dealt - self.due) if self.dealt > self.due
                                    else "−" + str(self.due - self.dealt))
        return f"{self.label} {self.dealt}/{self.due} {mark}"


def balance(deal: DealForm, demand: Demand) -> list[BalanceItem]:
    """The deal against the card: every resource asked for or paid, the shells and the chance cards."""
    paid = deal.total_paid()
    items = [BalanceItem(k, resource_short(k), paid.get(k), demand.cost.get(k))
             for k in RESOURCE_KINDS if paid.get(k) or demand.cost.get(k)]
    items.append(BalanceItem("shells", _("Shells"), deal.total_shells(), demand.shells))
    if demand.chance_cards or deal.total_cards():
        items.append(BalanceItem("cards", _("Chance cards"), deal.total_cards(), demand.chance_cards))
    return items


def balanced(deal: DealForm, demand: Demand) -> bool:
    """True when the payments cover the cost exactly and the whole reward is handed out."""
    return all(b.ok for b in balance(deal, demand))


def balance_words(deal: DealForm, demand: Demand) -> str:
    """What keeps the deal from balancing, in words ("still missing 1 木; 2 shells not handed out"), or
    that it balances."""
    problems = []
    for b in balance(deal, demand):
        if b.dealt < b.due and b.item in RESOURCE_KINDS:
            problems.append(tr("still missing {n} {what}", n=b.due - b.dealt, what=b.label))
        elif b.dealt > b.due and b.item in RESOURCE_KINDS:
            problems.append(tr("{n} {what} more than asked", n=b.dealt - b.due, what=b.label))
        elif b.dealt < b.due:
            problems.append(tr("{what} not handed out", what=_reward_count(b.item, b.due - b.dealt)))
        elif b.dealt > b.due:
            problems.append(tr("{what} more than the reward", what=_reward_count(b.item, b.dealt - b.due)))
    if not problems:
        return _("The deal balances: it can be committed.")
    return _("Unbalanced: ") + "; ".join(problems)


def _reward_count(item: str, n: int) -> str:
    """"1 shell", "2 chance cards"."""
    if item == "shells":
        return plural(n, "{n} shell", "{n} shells")
    return plural(n, "{n} chance card", "{n} chance cards")


def shortfalls(deal: DealForm, state: GameState) -> list[str]:
    """Every payment a player cannot make, in words: "Bo pays 2 木 but has only 1"."""
    out = []
    for name in state.order:
        has = state.player(name).resources
        for kind, n in deal.paid_by(name).items():
            if n > has.get(kind):
                out.append(tr("{name} pays {n} {what} but has only {has}", name=name, n=n,
                              what=resource_short(kind), has=has.get(kind)))
    return out


def part_line(deal: DealForm, name: str) -> str:
    """One player's part: "pays 2 木 · gets 3 shells", or "no part"."""
    paid = deal.paid_by(name)
    shells, cards = deal.share_of(name)
    bits = []
    if paid.total():
        what = "  ".join(f"{n} {resource_short(k)}" for k, n in paid.items() if n)
        bits.append(tr("pays {what}", what=what))
    if shells or cards:
        bits.append(tr("gets {what}", what=reward_line(shells, cards)))
    return "  ·  ".join(bits) if bits else _("no part")
