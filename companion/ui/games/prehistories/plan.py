"""Planning in secret: Cairn is passed round the table and each player enters their hunters alone.

``stage`` is "cover" (hand Cairn to the named player; nothing private is shown) or "entry" (that
player's 12 cards; the ones tapped are played face down). After a player confirms, the cover for the
next player shows their plan only as face-down cards. The last confirmation reveals the order.
"""
from __future__ import annotations

from typing import Any

from kivy.properties import ListProperty, StringProperty

from companion.i18n import _, tr
from companion.viewmodels import prehistories as vm
from rules.prehistories.commands import PlayHunters
from rules.prehistories.data import Colour
from rules.prehistories.state import Phase, State

from .widgets import PhScreen, make, pooled


class PhPlanScreen(PhScreen):
    """``colour`` is the player whose turn it is to enter; ``chosen`` their speeds so far."""

    stage = StringProperty("cover")
    colour = StringProperty("yellow")
    name_text = StringProperty("")
    heading = StringProperty("")
    summary = StringProperty("")
    done_note = StringProperty("")
    play_text = StringProperty("")
    chosen = ListProperty([])

    def start(self, colour: str, note: str = "") -> None:
        """Show the hand-over cover for the player of ``colour``."""
        self.colour, self.stage, self.chosen, self.done_note = colour, "cover", [], note

    def update(self, state: State) -> None:
        if state.phase is not Phase.PLANNING:
            return
        player = state.player(Colour(self.colour))
        if player.planned:  # an undo or another device moved on: hand Cairn to who is missing
            nxt = vm.next_planner(state)
            if nxt is None:
                return
            self.start(nxt.value, self.done_note)
            player = state.player(nxt)
        self.name_text = player.name
        self.heading = (tr("{name}: choose your hunters (secret)", name=player.name) if self.stage == "entry"
                        else tr("Planning · round {n}", n=state.round))
        self.summary = vm.plan_summary(state, player.colour, self.chosen)
        self.play_text = _("Play face down") if self.chosen else _("Play no hunters")
        self._fill_cards(state, player.colour)

    def _new_card(self) -> Any:
        chip = make("PhHunterChip")
        chip.bind(on_release=lambda c: self.toggle(c.payload))
        return chip

    def _fill_cards(self, state: State, colour: Colour) -> None:
        if self.stage != "entry":
            return  # the cards stay hidden behind the cover
        cards = vm.hunter_cards(state, colour)
        for chip, card in zip(pooled(self.ids.cards, len(cards), self._new_card), cards):
            chip.power, chip.speed = card.power, card.speed
            chip.tid, chip.payload = f"card-{card.speed}", card.speed
            chip.disabled, chip.note = not card.playable, "" if card.playable else _("discarded")
            chip.kind = "selected" if card.speed in self.chosen else "normal"

    # -- actions -------------------------------------------------------------------------------
    def show_cards(self) -> None:
        """The named player has Cairn: show their cards."""
        self.stage = "entry"
        self.refresh()

    def toggle(self, speed: int) -> None:
        """Tap a card: play it or take it back (never more cards than the hand holds)."""
        state = self.state
        if speed in self.chosen:
            self.chosen = [s for s in self.chosen if s != speed]
        elif len(self.chosen) >= state.player(Colour(self.colour)).hand:
            self.app.show_banner(tr("{name} holds only {n} cards.", name=self.name_text,
                                    n=state.player(Colour(self.colour)).hand), "info", seconds=3)
            return
        else:
            self.chosen = [*self.chosen, speed]
        self.refresh()

    def clear(self) -> None:
        """Take back every card tapped."""
        self.chosen = []
        self.refresh()

    def confirm(self) -> None:
        """Play the tapped cards face down; the cover for the next player follows."""
        state = self.state
        colour = Colour(self.colour)
        count = len(self.chosen)
        if not self.app.send(PlayHunters(colour, tuple(sorted(self.chosen)))):
            return
        after = self.state
        if after is None or after.phase is not Phase.PLANNING:
            return  # everyone has chosen: the router has opened the reveal
        note = tr("{name} has chosen: {cards}", name=state.player(colour).name, cards=vm.masked(count))
        nxt = vm.next_planner(after, colour)
        self.start(nxt.value if nxt else self.colour, note)
        self.refresh()

    def on_next(self) -> None:
        if self.stage == "cover":
            self.show_cards()
        else:
            self.confirm()

    def on_back(self) -> None:
        """Hide the cards (back to the cover), or from the cover back to the table."""
        if self.stage == "entry":
            self.start(self.colour, self.done_note)
            self.refresh()
        else:
            self.app.go_table()
