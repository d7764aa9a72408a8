"""Build / buy: pick the hut tile or civilization card from pictures, tap the resources paid, NEXT.

Cards whose top needs dice (a resource roll, dice for everyone) go on to the dice screen and come
back here with the values; "extra card" and "any 2 resources" are chosen here by tapping.
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.i18n import _, tr
from companion.ui.widgets import CairnButton, CairnScreen, IconButton
from companion.viewmodels.stone_age import build as bvm
from companion.viewmodels import stone_age as vm
from rules.stone_age import CARD_BY_ID, CARDS, HUT_BY_ID, HUTS, Area, BuildHut, BuyCard, Decline, Effect, Resource, UseAnyTwo
from rules.stone_age.cards import ANY_TWO_AMOUNT
from rules.stone_age.huts import HutKind


class BuildScreen(CairnScreen):
    """``kind`` is build or buy; ``slot`` the building stack or card slot; ``chosen`` the tile/card id."""

    kind = StringProperty("build")
    slot = NumericProperty(1)
    chosen = NumericProperty(0)
    #: the board keeps the placement: the figure may be taken back here (no row for it on the table)
    board = BooleanProperty(False)
    extra = NumericProperty(0)
    target = StringProperty("main")  # which pick the grid fills: main | extra
    group = StringProperty("")  # the card bottom whose cards the grid shows ("" = all the bottoms)
    heading = StringProperty("")
    pay_text = StringProperty("")
    effect_text = StringProperty("")
    paid = ListProperty([])
    #: the payment on show is the one Cairn filled in: the first resource tapped starts it again
    proposed = BooleanProperty(False)
    any_two = ListProperty([])

    def prepare(self, kind: str, slot: int) -> None:
        """Start entering a hut (``build``) or a card (``buy``) for ``slot``."""
        self.kind, self.slot = kind, slot
        state = self.app.session.state if self.app and self.app.session else None
        self.board = bool(state is not None and state.board)
        self.chosen = self.extra = 0
        self.target, self.group = "main", ""
        self.paid, self.any_two, self.proposed = [], [], False

    # -- redraw ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        session = self.app.session
        if session is None or session.state is None:
            return
        state = session.state
        player = state.players[state.current] if 0 <= state.current < state.player_count else state.players[0]
        if self.kind == "build":
            self.heading = tr("{name}: build from stack {n}", name=player.name, n=self.slot)
            self._fill_huts(state)
            payment = bvm.hut_payment(HUT_BY_ID.get(self.chosen), self._paid(), player)
            self.effect_text = ""
        else:
            self.heading = tr("{name}: buy the card in slot {n} ({n} resources)", name=player.name, n=self.slot)
            self._fill_cards(state)
            payment = bvm.card_payment(self.slot, self._paid(), player)
            self.effect_text = self._effect_text()
        self.pay_text = payment.text
        if self.proposed and self.paid and self.kind == "buy" and bvm.card_choices(self.slot, player) > 1:
            # the cheapest was filled in where the player could pay otherwise: say so
            self.pay_text += "  " + _("(filled in: tap resources to pay otherwise)")
        self._fill_resources(player)

    def _paid(self) -> tuple[Resource, ...]:
        return tuple(Resource(r) for r in self.paid)

    def _fill_huts(self, state: Any) -> None:
        player = state.players[state.current] if 0 <= state.current < state.player_count else state.players[0]
        grid = self.ids.grid
        grid.clear_widgets()
        grid.cols = 6
        built = {b.hut for p in state.players for b in p.huts}
        for hut in vm.distinct_huts(HUTS, built):
            tile = Factory.HutTile()
            tile.tid = f"hut-{hut.id}"
            tile.payload = hut.id
            tile.icons = [r.value for r in hut.resources] if hut.kind is HutKind.FIXED else []
            tile.caption = vm.hut_caption(hut)
            # a printed tile the player cannot pay is greyed (a tap says what is missing); a bright one
            # is built by its tap
            short = hut.kind is HutKind.FIXED and not bvm.holds(player, hut.resources)
            tile.kind = "selected" if hut.id == self.chosen else "off" if short else "normal"
            tile.bind(on_release=lambda t: self.choose(t.payload))
            grid.add_widget(tile)

    def _fill_cards(self, state: Any) -> None:
        """The cards found as on the table: first the bottoms (culture symbol, or kind and figures),
        then the tops of the chosen bottom; only cards still in the deck."""
        grid = self.ids.grid
        grid.clear_widgets()
        taken = set(state.cards_out) | ({self.chosen} if self.target == "extra" else set())
        groups = {g.key: g for g in vm.card_groups(CARDS, taken)}
        group = groups.get(self.group)
        if group is None:
            grid.cols = 4
            for g in groups.values():
                tile = Factory.CardTile()
                tile.tid, tile.green, tile.text, tile.payload = f"card-group-{g.key}", g.green, g.label, g.key
                tile.bind(on_release=lambda t: self.choose_group(t.payload))
                grid.add_widget(tile)
            return
        grid.cols = 2
        back = Factory.CardTile()
        back.tid, back.text, back.kind = "card-groups", _("‹ Other cards"), "off"
        back.bind(on_release=lambda t: self.choose_group(""))
        grid.add_widget(back)
        for card in group.cards:
            tile = Factory.CardTile()
            tile.tid = f"card-{card.id}"
            tile.payload = card.id
            tile.green = card.culture is not None
            tile.text = vm.card_top(card) + "\n" + vm.card_bottom(card)
            tile.kind = "selected" if card.id in (self.chosen, self.extra) and card.id else "normal"
            tile.bind(on_release=lambda t: self.choose(t.payload))
            grid.add_widget(tile)

    def _fill_resources(self, player: Any) -> None:
        box = self.ids.resources
        box.clear_widgets()
        for r in vm.RESOURCE_NAMES:
            b = IconButton(icon=r, count=tr("{n} held", n=getattr(player, r)), tid=f"pay-{r}", payload=r)
            b.bind(on_release=lambda btn: self.add_resource(btn.payload))
            box.add_widget(b)
        chosen_box = self.ids.any_two
        chosen_box.clear_widgets()
        if self._kept_card_mode(player):
            kept = _("Your kept “any 2 resources” card: tap the 2 resources it gives, then pay.")
            self.effect_text = f"{self.effect_text}\n{kept}" if self.effect_text else kept
        if self._buys_any_two() or self._kept_card_mode(player):
            for r in vm.RESOURCE_NAMES:
                b = IconButton(icon=r, count=str(self.any_two.count(r)), tid=f"take-{r}", payload=r,
                               kind="selected" if r in self.any_two else "normal")
                b.bind(on_release=lambda btn: self.take_resource(btn.payload))
                chosen_box.add_widget(b)

    def _effect_text(self) -> str:
        card = CARD_BY_ID.get(self.chosen)
        if card is None:
            return _("Tap the card that lies in this slot.")
        top = vm.card_top(card)
        if card.effect is Effect.EXTRA_CARD:
            extra = CARD_BY_ID.get(self.extra)
            return top + ": " + (vm.card_bottom(extra) if extra else _("tap the card drawn, or none if the deck is empty"))
        if card.effect is Effect.ANY_TWO:
            return top + ": " + _("tap the 2 resources taken below, or none to keep the card for later")
        if card.effect in (Effect.ROLL, Effect.DICE_FOR_ALL):
            return top + ": " + _("the dice come next")
        return top

    # -- taps --------------------------------------------------------------------------------------
    def choose(self, item: int) -> None:
        """Pick a hut tile or card (or, for "extra card", the card drawn). A fixed tile the player can
        pay is built at once (Undo on the table takes it back); any other payment the player can make
        in one way only is filled in, to be seen and changed before NEXT."""
        state = self.app.session.state
        player = state.players[state.current]
        if self.kind == "buy" and self.target == "extra":
            self.extra = item
        else:
            self.chosen = item
            if self.kind == "build":
                hut = HUT_BY_ID[item]
                if bvm.builds_at_once(hut, player):
                    self._build_at_once(hut)
                    return
                self._propose(bvm.hut_default(hut, player))
            card = CARD_BY_ID.get(item) if self.kind == "buy" else None
            if card is not None:
                self._propose(bvm.card_default(self.slot, player))
            self.target = "extra" if card is not None and card.effect is Effect.EXTRA_CARD else "main"
            if self.target == "extra":
                self.group = ""  # the drawn card is found by its bottom too
        self.refresh()

    def choose_group(self, key: str) -> None:
        """Show the cards with this bottom ("" = back to all the bottoms); a bottom with one card
        left picks it at once."""
        state = self.app.session.state
        taken = set(state.cards_out) | ({self.chosen} if self.target == "extra" else set())
        group = next((g for g in vm.card_groups(CARDS, taken) if g.key == key), None)
        self.group = key if group is not None else ""
        if group is not None and len(group.cards) == 1:
            self.choose(group.cards[0].id)
            return
        self.refresh()

    def _build_at_once(self, hut: Any) -> None:
        state = self.app.session.state
        paid = bvm.hut_default(hut, state.players[state.current])  # the printed tile, or the one payment
        text = bvm.hut_payment(hut, paid, state.players[state.current]).text
        if self.app.send(BuildHut(state.current, self.slot, hut.id, paid)):
            self.app.go_table()
            self.app.show_banner(tr("Built: {what}", what=text), "ok")
        else:
            self.refresh()

    def _propose(self, paid: tuple[Resource, ...]) -> None:
        """Fill in ``paid`` as Cairn's proposal (nothing when it is empty)."""
        self.paid, self.proposed = [r.value for r in paid], bool(paid)

    def add_resource(self, name: str) -> None:
        """One more of ``name`` in the payment; the first tap on a payment Cairn filled in starts it again
        with ``name``, so paying otherwise costs no more taps than an empty payment."""
        self.paid = [name] if self.proposed else self.paid + [name]
        self.proposed = False
        self.refresh()

    def clear_payment(self) -> None:
        """Start the payment again (the tile or card chosen stays chosen)."""
        self.paid, self.any_two, self.proposed = [], [], False
        self.refresh()

    def take_resource(self, name: str) -> None:
        """For "any 2 resources": choose what is taken (a third tap starts again). With a kept card
        (building or buying something else) the second tap spends it: the resources are the player's."""
        self.any_two = (self.any_two + [name]) if len(self.any_two) < ANY_TWO_AMOUNT else [name]
        state = self.app.session.state
        if not self._buys_any_two() and len(self.any_two) == ANY_TWO_AMOUNT:
            chosen, self.any_two = tuple(Resource(r) for r in self.any_two), []
            if self.app.send(UseAnyTwo(state.current, chosen)) and not self.paid:
                self._fill_default()  # the card's resources may make the payment obvious now
        self.refresh()

    def _fill_default(self) -> None:
        state = self.app.session.state
        player = state.players[state.current]
        if self.kind == "build" and self.chosen:
            self._propose(bvm.hut_default(HUT_BY_ID[self.chosen], player))
        elif self.kind == "buy" and self.chosen:
            self._propose(bvm.card_default(self.slot, player))

    def _buys_any_two(self) -> bool:
        card = CARD_BY_ID.get(self.chosen)
        return self.kind == "buy" and card is not None and card.effect is Effect.ANY_TWO

    def _kept_card_mode(self, player: Any) -> bool:
        return player.any_two > 0 and not self._buys_any_two()

    # -- confirm -----------------------------------------------------------------------------------
    def on_next(self) -> None:
        state = self.app.session.state
        if not self.chosen:
            self.app.show_banner(_("Tap the building tile first.") if self.kind == "build" else _("Tap the card first."),
                                 "error", seconds=4)
            return
        if self.kind == "build":
            if self.app.send(BuildHut(state.current, self.slot, self.chosen, self._paid())):
                self.app.go_table()
            return
        card = CARD_BY_ID[self.chosen]
        if card.effect is Effect.ROLL:
            self._dice_then_buy(2, card.resource.value)
        elif card.effect is Effect.DICE_FOR_ALL:
            self._dice_then_buy(state.player_count, "")
        else:
            self._buy()

    def _dice_then_buy(self, count: int, resource: str) -> None:
        dice_screen = self.app.sm.get_screen("sa_dice")
        dice_screen.prepare_card(count, resource, on_done=lambda values: self._buy(values))
        self.app.go("sa_dice")

    def _buy(self, dice: tuple[int, ...] = ()) -> None:
        state = self.app.session.state
        command = BuyCard(state.current, self.slot, self.chosen, self._paid(), dice=dice, extra_card=self.extra,
                          chosen=tuple(Resource(r) for r in self.any_two))
        if self.app.send(command):
            self.app.go_table()
        elif dice:
            self.app.go("sa_build")

    def decline(self) -> None:
        """Take the figure back from this building or card without building or buying."""
        state = self.app.session.state
        area = Area.BUILDING if self.kind == "build" else Area.CARD
        if self.app.send(Decline(state.current, area, int(self.slot))):
            self.app.go_table()

    def on_back(self) -> None:
        self.app.go_table()
