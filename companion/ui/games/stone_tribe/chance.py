"""Playing a chance card (機會卡): who plays it, its colour (each colour has its moment), and the changes its
text makes to anyone's books, entered by tapping; a green card may take control of the demand."""
from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty

from companion.viewmodels.stone_tribe import chance as cvm
from companion.viewmodels.stone_tribe import deal as dv
from companion.viewmodels.stone_tribe.text import _, tr
from rules.stone_tribe import RESOURCE_KINDS, Phase

from .base import StScreen
from .icons import COLOURS
from .widgets import fill_chips, fill_items

ITEM_ICON = {**{k: k for k in RESOURCE_KINDS}, "shells": "shell", "cards": "chance"}


class ChanceScreen(StScreen):
    """``player`` plays a card of ``colour``; ``effect`` holds the changes; ``target``: whose are entered."""

    player = StringProperty("")
    colour = StringProperty("")
    target = StringProperty("")
    timing = StringProperty("")
    effect_text = StringProperty("")
    minus = BooleanProperty(False)
    take_control = BooleanProperty(False)
    can_take_control = BooleanProperty(False)
    effect = ObjectProperty(cvm.EffectForm())

    def prepare(self) -> None:
        """A new card: the likeliest player plays, no colour or effect chosen yet."""
        state = self.state
        self.player = cvm.default_player(state) if state is not None else ""
        self.target, self.colour = self.player, ""
        self.effect, self.minus, self.take_control = cvm.EffectForm(), False, False

    def refresh(self) -> None:
        state = self.state
        if state is None:
            return
        if self.player not in state.names:
            self.prepare()
        seats = [(i, n) for i, n in enumerate(state.names)]
        fill_chips(self.ids.players, seats, self.player, self.choose_player, "st-chance-player")
        fill_chips(self.ids.targets, seats, self.target, self.choose_target, "st-chance-target")
        views = cvm.colour_views(state, self.player)
        items = [(v.key, "chance", v.short, "", False) for v in views]
        fill_items(self.ids.colours, items, self.choose_colour, "st-colour", chosen=self.colour,
                   tint={k: list(COLOURS[k]) for k in COLOURS})
        for b, v in zip(reversed(self.ids.colours.children), views):
            b.opacity = 1 if v.playable else 0.45
        chosen = next((v for v in views if v.key == self.colour), None)
        self.timing = (chosen.timing if chosen.playable else tr("Not now: {when}", when=chosen.timing)) \
            if chosen else _("Tap the colour in the card's corner.")
        self.can_take_control = self.colour == "green" and state.phase == Phase.NEGOTIATION \
            and state.controller != self.player
        if not self.can_take_control:
            self.take_control = False
        effect_items = []
        for k in dv.ITEMS:
            n = self.effect.get(self.target, k)
            effect_items.append((k, ITEM_ICON[k], dv.item_caption(k), f"{n:+d}" if n else "", n < 0))
        fill_items(self.ids.effect, effect_items, self.tap_effect, "st-effect")
        lines = self.effect.lines(state.order)
        none = _("No change to the books (or tap what the card changes).")
        self.effect_text = "   ".join(lines) if lines else none

    # -- taps --------------------------------------------------------------------------------------
    def choose_player(self, name: str) -> None:
        """Who plays the card."""
        self.player = name
        self.refresh()

    def choose_target(self, name: str) -> None:
        """Whose books the pictures change."""
        self.target = name
        self.refresh()

    def choose_colour(self, colour: str) -> None:
        """The colour in the card's corner."""
        self.colour = colour
        self.refresh()

    def tap_effect(self, item: str) -> None:
        """One more (or, in remove mode, one fewer) of ``item`` for the target player."""
        self.effect = self.effect.step(self.target, item, -1 if self.minus else 1)
        self.refresh()

    def toggle_minus(self) -> None:
        """Switch taps between gaining and losing."""
        self.minus = not self.minus

    def toggle_control(self) -> None:
        """A green card: the player takes control of the demand (and restarts the negotiation)."""
        self.take_control = not self.take_control and self.can_take_control

    def on_next(self) -> None:
        """Play the card."""
        state = self.state
        if state is None:
            return
        if not self.colour:
            self.refuse(_("tap the colour in the card's corner"))
            return
        cmd = cvm.play_command(self.player, self.colour, self.effect, state.order, self.take_control)
        if self.send(cmd):
            self.prepare()
            self.app.go("st_demand" if self.state.phase == Phase.NEGOTIATION else "st_table")

    def on_back(self) -> None:
        state: Any = self.state
        self.app.go("st_demand" if state is not None and state.phase == Phase.NEGOTIATION else "st_table")
