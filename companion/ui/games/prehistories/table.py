"""The Prehistories table: players, the hunting zones and what the round waits for.

New tiles: the app draws them at random and shows them in their zones until they are on the board.
Planning: a button per player opens the private entry (``ph_plan``); plans are shown masked.
Hunting: the current hunter taps hunters, then a zone (graded safe / injury / too weak).
Painting: the painter's cave opens (``ph_cave``).
"""
from __future__ import annotations

import random
from typing import Any

from kivy.factory import Factory
from kivy.properties import ListProperty, StringProperty

from companion.i18n import _, tr
from companion.ui.widgets import CairnButton
from companion.viewmodels import prehistories as vm
from companion.viewmodels.prehistories_totems import news
from companion.viewmodels.prehistories_words import N_, tile_label
from rules.prehistories.commands import EndHunt, FillZones, Hunt
from rules.prehistories.data import HUNTERS
from rules.prehistories.state import Phase, State

from .widgets import PhScreen, make, pooled


class PhTableScreen(PhScreen):
    """``chosen`` holds the speeds of the hunters tapped for the next hunt."""

    status = StringProperty("")
    prompt = StringProperty("")
    info = StringProperty("")
    next_text = StringProperty("")
    chosen = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rng = random.Random()
        self._fills: dict[tuple[Any, ...], Any] = {}

    def fills_for(self, state: State) -> Any:
        """This round's random draw: drawn once for a game, round and board (a redraw shows the same
        tiles; an undo that changes the board draws again)."""
        key = (getattr(self.app.session, "game_id", 0), state.round, state.zones, state.stacks)
        if key not in self._fills:
            self._fills[key] = vm.draw_fills(state, self.rng)
        return self._fills[key]

    def update(self, state: State) -> None:
        self.status = vm.status_line(state)
        self.prompt = vm.prompt(state)
        self._fill_players(state)
        if state.phase is not Phase.HUNTING:
            self.chosen = []
        fills = self.fills_for(state) if state.phase is Phase.FILL else ()
        self._fill_zones(state, fills)
        panel = self.ids.panel
        panel.clear_widgets()
        getattr(self, f"_panel_{state.phase.value}")(state, panel)

    # -- players and zones ---------------------------------------------------------------------
    def _fill_players(self, state: State) -> None:
        views = vm.player_views(state)
        for chip, view in zip(pooled(self.ids.players, len(views), Factory.PhPlayerChip), views):
            chip.view = view

    def _new_zone_card(self) -> Any:
        card = Factory.PhZoneCard()
        card.bind(on_release=lambda c: self.hunt(c.payload))
        return card

    def _fill_zones(self, state: State, fills: Any) -> None:
        power = sum(HUNTERS[s].power for s in self.chosen)
        views = vm.zone_views(state, fills, power)
        for card, view in zip(pooled(self.ids.zones, len(views), self._new_zone_card), views):
            card.view, card.tid, card.payload = view, f"zone-{view.zone}", view.zone
            card.disabled = not view.tile

    # -- the panel of each phase ---------------------------------------------------------------
    def _panel_fill(self, state: State, panel: Any) -> None:
        fills = self.fills_for(state)
        self.info = (_("Cairn drew the new tiles (marked New) at random from the stacks.") if fills
                     else _("No tiles left to draw: the empty zones stay empty."))
        self.next_text = _("Tiles are on the board")

    def _panel_planning(self, state: State, panel: Any) -> None:
        panel.cols = 3 if len(state.players) > 2 else 2
        for row in vm.plan_rows(state):
            text = (f"{row.name}  ✓  {row.masked}" if row.ready
                    else tr("{name}: choose hunters", name=row.name))
            b = CairnButton(text=text, kind="normal" if row.ready else "accent", tid=f"plan-{row.colour}",
                            payload=row.colour, disabled=row.ready, size_hint_y=None, height=self.app.u(56))
            b.bind(on_release=lambda btn: self.open_plan(btn.payload))
            panel.add_widget(b)
        self.info = _("Each player chooses in secret. The cards stay hidden until everyone has chosen.")
        nxt = vm.next_planner(state)
        self.next_text = tr("Pass to {name}", name=state.player(nxt).name) if nxt else ""

    def _panel_hunting(self, state: State, panel: Any) -> None:
        waiting = vm.hunters_waiting(state)
        waiting_speeds = {s for s, _p in waiting}
        self.chosen = [s for s in self.chosen if s in waiting_speeds]
        panel.cols = 6
        for speed, power in waiting:
            chip = make("PhHunterChip", power=power, speed=speed, tid=f"hunter-{speed}", payload=speed,
                                      kind="selected" if speed in self.chosen else "normal",
                                      size_hint_y=None, height=self.app.u(72))
            chip.bind(on_release=lambda c: self.toggle_hunter(c.payload))
            panel.add_widget(chip)
        player = state.player(state.current)
        for taken in vm.taken_this_round(self.app.session.events(), player.colour):
            caption = taken.label + "\n" + (_("Injured") if taken.injured else _("No injury"))
            panel.add_widget(make("PhTileButton", cells=[list(c) for c in taken.cells], animal=taken.animal,
                                  caption=caption, kind="danger" if taken.injured else "ok",
                                  size_hint_y=None, height=self.app.u(72)))
        self.info = self._hunt_info()
        self.next_text = vm.end_hunt_text(vm.draw_after_hunt(player))

    def _hunt_info(self) -> str:
        power = sum(HUNTERS[s].power for s in self.chosen)
        first = tr("Hunting value chosen: {n}", n=power) if self.chosen else _("Tap hunters, then a zone.")
        return first + "   " + _("Orange: the tile costs an injury. Green: no injury.")

    def _panel_painting(self, state: State, panel: Any) -> None:
        self.info = _("Painters go in the order of play.")
        self.next_text = tr("Paint: {name}", name=state.player(state.current).name) if state.current else ""

    def _panel_over(self, state: State, panel: Any) -> None:
        self.info = ""
        self.next_text = _("See the winner")

    # -- actions -------------------------------------------------------------------------------
    def toggle_hunter(self, speed: int) -> None:
        """Add or remove a hunter from the party for the next hunt (the zones are graded again)."""
        if speed in self.chosen:
            self.chosen = [s for s in self.chosen if s != speed]
        else:
            self.chosen = [*self.chosen, speed]
        state = self.state
        if state is None or state.phase is not Phase.HUNTING:
            return
        for chip in self.ids.panel.children:
            if chip.tid.startswith("hunter-"):
                chip.kind = "selected" if chip.payload in self.chosen else "normal"
        self._fill_zones(state, ())
        self.info = self._hunt_info()

    def hunt(self, zone: int) -> None:
        """Send the chosen hunters to ``zone``."""
        state = self.state
        if state is None or state.phase is not Phase.HUNTING:
            return
        if not self.chosen:
            self.app.show_banner(_("Tap the hunters to send first."), "info", seconds=3)
            return
        view = vm.zone_views(state, (), sum(HUNTERS[s].power for s in self.chosen))[zone]
        if view.outcome == "weak":
            need = view.injury_text.split("–")[0]
            self.app.show_banner(tr("Too weak for this zone: it needs {n}.", n=need), "error", seconds=4)
            return
        hunters = tuple(self.chosen)
        self.chosen = []
        session, who = self.app.session, state.player(state.current).name
        before = len(session.events())
        if self.app.send(Hunt(state.current, zone, hunters)):
            template = (N_("{name} takes {tile}, with an injury.") if view.outcome == "injury"
                        else N_("{name} takes {tile}, without injury."))
            text = tr(template, name=who, tile=tile_label(view.tile))
            earned = news(session.state, session.events()[before:])
            self.app.show_banner(text + ("  " + earned if earned else ""),
                                 "error" if view.outcome == "injury" else "ok", seconds=4)

    def open_plan(self, colour: str) -> None:
        """The private entry for the player of ``colour`` (starting with the hand-over cover)."""
        screen = self.app.sm.get_screen("ph_plan")
        screen.start(colour)
        self.app.go("ph_plan")

    def open_caves(self) -> None:
        """Look at the caves (the painter's first while painting)."""
        self.app.sm.get_screen("ph_cave").show(None)
        self.app.go("ph_cave")

    def on_next(self) -> None:
        state = self.state
        if state is None:
            return
        if state.phase is Phase.FILL:
            self.app.send(FillZones(self.fills_for(state)))
        elif state.phase is Phase.PLANNING:
            nxt = vm.next_planner(state)
            if nxt is not None:
                self.open_plan(nxt.value)
        elif state.phase is Phase.HUNTING:
            self.chosen = []
            session = self.app.session
            before = len(session.events())
            if self.app.send(EndHunt(state.current)):
                text = news(session.state, session.events()[before:])
                if text:
                    self.app.show_banner(text, "info", seconds=5)
        elif state.phase is Phase.PAINTING:
            self.open_caves()
        else:
            self.app.go("ph_winner")

    def on_back(self) -> None:
        """BACK clears the hunters chosen (undo is BACK held)."""
        if self.chosen:
            self.chosen = []
            self.refresh()
