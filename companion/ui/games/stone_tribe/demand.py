"""The demand card (需求卡): its cost and reward entered once by tapping pictures, then the negotiation: the
agreed deal (who pays which resources, who gets which shells and chance cards) committed in one step, or
the demand discarded. A card nobody takes is discarded at once, without entering it. What keeps a deal from balancing is said in words before and after it is sent.
"""
from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty

from companion.viewmodels.stone_tribe import deal as dv
from companion.viewmodels.stone_tribe.text import _, tr
from rules.stone_tribe import RESOURCE_KINDS, DiscardDemand, Phase

from .base import StScreen
from .widgets import fill_chips, fill_items

#: form item -> icon
ITEM_ICON = {**{k: k for k in RESOURCE_KINDS}, "shells": "shell", "cards": "chance"}


class DemandScreen(StScreen):
    """Shows the card form while the demand is entered, the deal form during the negotiation."""

    negotiating = BooleanProperty(False)
    minus = BooleanProperty(False)
    heading = StringProperty("")
    card_text = StringProperty("")
    balance_text = StringProperty("")
    balance_ok = BooleanProperty(False)
    parts_text = StringProperty("")
    chosen = StringProperty("")
    form = ObjectProperty(dv.DemandForm())
    deal = ObjectProperty(dv.DealForm())

    def refresh(self) -> None:
        state = self.state
        if state is None:
            return
        self.negotiating = state.phase == Phase.NEGOTIATION
        if not self.negotiating:
            self.deal, self.chosen = dv.DealForm(), ""
            self._refresh_card(state)
        else:
            self.form = dv.DemandForm()
            self._refresh_deal(state)

    # -- entering the card -------------------------------------------------------------------------
    def _refresh_card(self, state: Any) -> None:
        self.heading = tr("{name} turns up a demand card", name=state.current)
        self.card_text = dv.demand_line(self.form)
        items = [(k, ITEM_ICON[k], dv.item_caption(k), str(self.form.get(k) or ""), False) for k in dv.ITEMS]
        fill_items(self.ids.item_row, items, self.tap_card, "st-cost")
        self.balance_text = self.form.problem() or _("Check the card, then turn it up.")
        self.balance_ok = self.form.problem() is None
        self.parts_text = ""

    def tap_card(self, item: str) -> None:
        """A tap on a picture of the card form: one more (or one fewer in remove mode)."""
        self.form = self.form.step(item, -1 if self.minus else 1)
        self.refresh()

    # -- the deal ------------------------------------------------------------------------------------
    def _refresh_deal(self, state: Any) -> None:
        demand = state.demand
        if self.chosen not in state.names:
            self.chosen = state.controller or state.current
        self.heading = tr("Negotiation: {name} decides the deal", name=state.controller)
        self.card_text = dv.demand_line(demand)
        fill_chips(self.ids.chips, [(i, n) for i, n in enumerate(state.names)], self.chosen, self.choose,
                   "st-deal-player")
        has = state.player(self.chosen).resources
        items = []
        for k in dv.ITEMS:
            n = self.deal.get(self.chosen, k)
            if k in RESOURCE_KINDS:
                caption = tr("{what}: has {n}", what=dv.item_name(k), n=has.get(k))
                items.append((k, ITEM_ICON[k], caption, str(n) if n else "", n > has.get(k)))
            else:
                caption = tr("gets {what}", what=dv.item_caption(k))
                items.append((k, ITEM_ICON[k], caption, str(n) if n else "", False))
        fill_items(self.ids.item_row, items, self.tap_deal, "st-deal")
        lacks = dv.shortfalls(self.deal, state)
        self.balance_ok = dv.balanced(self.deal, demand) and not lacks
        self.balance_text = "; ".join(lacks) if lacks else dv.balance_words(self.deal, demand)
        self.parts_text = "\n".join(tr("{name}: {gain}", name=n, gain=dv.part_line(self.deal, n))
                                    for n in state.order
                                    if dv.part_line(self.deal, n) != _("no part"))

    def choose(self, name: str) -> None:
        """Whose part the pictures enter."""
        self.chosen = name
        self.refresh()

    def tap_deal(self, item: str) -> None:
        """The chosen player pays one more resource, or gets one more shell or chance card (fewer when
        taps remove)."""
        self.deal = self.deal.step(self.chosen, item, -1 if self.minus else 1)
        self.refresh()

    def toggle_minus(self) -> None:
        """Switch taps between adding and removing."""
        self.minus = not self.minus

    def clear(self) -> None:
        """Start the form again."""
        self.form, self.deal = dv.DemandForm(), dv.DealForm()
        self.refresh()

    # -- commands --------------------------------------------------------------------------------------
    def on_next(self) -> None:
        """Turn the card up, or commit the deal."""
        state = self.state
        if state is None:
            return
        if not self.negotiating:
            problem = self.form.problem()
            if problem:
                self.app.show_banner(problem, "error", seconds=4)
                return
            if self.send(self.form.command()):
                self.form, self.minus = dv.DemandForm(), False
                self.refresh()
            return
        if self.send(self.deal.command(state.order)):
            self.deal, self.minus = dv.DealForm(), False
            self.back_to_table()

    def discard(self) -> None:
        """The negotiation failed, or (before the card is entered) nobody takes it: the demand card goes to
        the discard pile, and what it asked is never typed in."""
        if self.send(DiscardDemand()):
            self.form, self.deal, self.minus = dv.DemandForm(), dv.DealForm(), False
            self.back_to_table()

    def open_chance(self) -> None:
        """Play a (green) chance card during the negotiation."""
        self.app.sm.get_screen("st_chance").prepare()
        self.app.go("st_chance")

    def side_action(self) -> None:
        """The middle button: a green card during the negotiation, else clear the card form."""
        if self.negotiating:
            self.open_chance()
        else:
            self.clear()
