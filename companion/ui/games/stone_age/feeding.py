"""Feeding: a line per player ("Ann: fields +7, eats −6 → 12 food"), the short player's own choice of
resources (or −10), and one tap to end the phase.

The rules feed everyone who has no choice at once. The table is sent here when the actions phase
ends with someone short, or the game over (``TableScreen.redirect``); the big button then starts the
next round (or opens the final scoring). When nobody was short the next round starts with no tap and
the table's prompt says the round was fed.
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.i18n import _, tr
from companion.ui.widgets import CairnScreen, IconButton
from companion.viewmodels.stone_age import feeding as fvm
from rules.stone_age import Feed, Phase, Resource, UseAnyTwo
from rules.stone_age.cards import ANY_TWO_AMOUNT
from rules.stone_age.data import RESOURCES


class FeedingScreen(CairnScreen):
    """One row per player; the player who must choose taps resources, then Pay, or takes −10."""

    heading = StringProperty("")
    choosing = NumericProperty(-1)   # the seat choosing now, -1 when nobody
    ask = StringProperty("")
    pay_text = StringProperty("")
    pay_ready = BooleanProperty(False)
    done_text = StringProperty("")
    card_mode = BooleanProperty(False)  # the resource taps take from the kept card
    has_card = BooleanProperty(False)
    paid = ListProperty([])
    #: the payment on show is the one Cairn filled in (the cheapest): the first resource tapped starts it again
    proposed = BooleanProperty(False)
    card = ListProperty([])
    _own = False  # the chooser has tapped or cleared the payment: Cairn proposes nothing more

    def refresh(self) -> None:
        session = self.app.session
        if session is None or session.state is None:
            return
        state = session.state
        if state.phase is Phase.ACTIONS or state.phase is Phase.PLACE and not state.feeding:
            self.choosing = -1  # an undo took the feeding back: back to the table
            if self.manager is not None and self.manager.current == self.name:
                self.app.go_table()
            return
        rows = fvm.feed_rows(state)
        chooser = next((r for r in rows if r.choosing), None)
        if chooser is None or chooser.seat != self.choosing:
            self.paid, self.card, self.card_mode, self.proposed, self._own = [], [], False, False, False
        if chooser is not None and not self._own and not self.card_mode:
            # the cheapest payment, filled in (again after a kept card was spent): Pay is one tap
            self.paid = [r.value for r in fvm.proposal(state.players[chooser.seat])]
            self.proposed = bool(self.paid)
        self.choosing = chooser.seat if chooser is not None else -1
        self.heading = fvm.title(state)
        self.done_text = fvm.finish_text(state) if state.phase is not Phase.FEED else ""
        box = self.ids.rows
        box.clear_widgets()
        for row in rows:
            widget = Factory.FeedRowWidget()
            widget.row = row
            widget.tid = f"feed-row-{row.seat}"
            box.add_widget(widget)
        self._fill_choice(state, chooser)

    def _fill_choice(self, state: Any, chooser: fvm.FeedRow | None) -> None:
        box = self.ids.choice
        box.clear_widgets()
        if chooser is None:
            self.ask, self.pay_text, self.pay_ready, self.has_card = "", "", False, False
            return
        player = state.players[chooser.seat]
        self.has_card = player.any_two > 0
        if self.card_mode:
            self.ask = tr("{name}: tap the 2 resources the kept card gives", name=player.name)
        elif chooser.can_pay and self.proposed:
            self.ask = tr("{name} is {short} food short: the cheapest is filled in (tap resources to pay "
                          "otherwise), or take −10 points", name=player.name, short=chooser.short)
        elif chooser.can_pay:
            self.ask = tr("{name} is {short} food short: tap the resources to pay, or take −10 points",
                          name=player.name, short=chooser.short)
        else:
            self.ask = tr("{name} is {short} food short", name=player.name, short=chooser.short)
        choice = fvm.payment(player, self._paid())
        self.pay_text, self.pay_ready = choice.text, choice.ready
        for r in RESOURCES:
            name = r.value
            if self.card_mode:
                count = str(self.card.count(name))
            else:
                count = tr("{n} of {held}", n=self.paid.count(name), held=player.amount(r))
            picked = self.card if self.card_mode else self.paid
            b = IconButton(icon=name, count=count, tid=f"feed-take-{name}", payload=name,
                           kind="selected" if name in picked else "normal",
                           disabled=not self.card_mode and player.amount(r) == 0)
            b.bind(on_release=lambda btn: self.take(btn.payload))
            box.add_widget(b)

    def _paid(self) -> tuple[Resource, ...]:
        return tuple(Resource(r) for r in self.paid)

    # -- taps --------------------------------------------------------------------------------------
    def take(self, name: str) -> None:
        """One more resource into the payment (or, with the kept card, into what the card gives)."""
        if self.choosing < 0:
            return
        player = self.app.session.state.players[self.choosing]
        if self.card_mode:
            chosen = fvm.card_pick(tuple(Resource(r) for r in self.card), Resource(name))
            self.card = [r.value for r in chosen]
            if len(chosen) == ANY_TWO_AMOUNT:  # both taken: the card is spent
                seat, self.card, self.card_mode = self.choosing, [], False
                if not self.app.send(UseAnyTwo(seat, chosen)):
                    self.refresh()
                return
        else:
            start = () if self.proposed else self._paid()  # the first tap on the proposal starts again
            self.paid = [r.value for r in fvm.add(player, start, Resource(name))]
            self.proposed, self._own = False, True
        self.refresh()

    def clear(self) -> None:
        """Start the payment again."""
        self.paid, self.card, self.proposed, self._own = [], [], False, True
        self.refresh()

    def use_card(self) -> None:
        """The next two resource taps take from the kept "any 2 resources" card."""
        self.card_mode, self.card = not self.card_mode, []
        self.refresh()

    def pay(self) -> None:
        """The choosing player pays the shortfall with the resources tapped."""
        if self.choosing < 0:
            return
        if not self.pay_ready:
            self.app.show_banner(self.pay_text, "info", seconds=3)
            return
        # no clearing after it: the session's change has already redrawn the screen for the next player
        # who is short, with that player's own payment filled in
        self.app.send(Feed(self.choosing, resources=self._paid()))

    def penalty(self) -> None:
        """The choosing player takes −10 points instead."""
        if self.choosing >= 0:
            self.app.send(Feed(self.choosing, penalty=True))

    def done(self) -> None:
        """Everyone has fed: on to the next round (the table) or the final scoring."""
        state = self.app.session.state
        if state.phase is Phase.FEED:
            return
        if state.phase is Phase.OVER:
            self.app.go("sa_scoring")
        else:
            self.app.go_table()

    def on_next(self) -> None:
        """NEXT pays what the player tapped, or ends the feeding. A payment Cairn filled in is paid only by
        a tap on Pay: NEXT pressed once too often (to open the feeding) must not pay it unseen."""
        if self.choosing >= 0 and self.proposed:
            self.app.show_banner(_("Tap Pay to pay what is filled in, or tap the resources to pay otherwise."),
                                 "info", seconds=4)
        elif self.choosing >= 0:
            self.pay()
        else:
            self.done()

    def on_back(self) -> None:
        self.app.go_table()
