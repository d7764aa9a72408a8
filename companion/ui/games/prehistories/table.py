"""The Prehistories table: players, the hunting zones and what the round waits for.

New tiles: the players draw them from the stacks and tap each (the zone, then its tile), or let Cairn
draw for them; either way the tiles are logged (``DrawTiles``) before they are shown, so a restart shows
what the table has. The button puts them on the board once every zone has its tile.
Planning: a button per player opens the private entry (``ph_plan``); plans are shown masked.
Hunting: the current hunter taps hunters, then a zone (graded safe / injury / too weak).
Painting: the painter's cave opens (``ph_cave``).
"""
from __future__ import annotations

import random
from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion.i18n import _, tr
from companion.ui.widgets import CairnButton
from companion.viewmodels import prehistories as vm
from companion.viewmodels.prehistories import draws as draws
from companion.viewmodels.prehistories.totems import news
from companion.viewmodels.prehistories.words import N_, tile_label
from rules.prehistories.commands import DrawTiles, EndHunt, FillZones, Hunt, ZoneFill
from rules.prehistories.data import HUNTERS
from rules.prehistories.setup import required_fills
from rules.prehistories.state import Phase, State

from .widgets import PhScreen, make, pooled


class PhTableScreen(PhScreen):
    """``chosen`` holds the speeds of the hunters tapped for the next hunt; ``picking`` the zone whose
    tile is being told (new tiles); ``rng`` is Cairn's draw for the table ("draw for us")."""

    status = StringProperty("")
    prompt = StringProperty("")
    info = StringProperty("")
    next_text = StringProperty("")
    next_blocked = BooleanProperty(False)
    draw_text = StringProperty("")
    chosen = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rng = random.Random()
        self.picking: int | None = None

    def update(self, state: State) -> None:
        self.status = vm.status_line(state)
        self.prompt = vm.prompt(state)
        self._fill_players(state)
        if state.phase is not Phase.HUNTING:
            self.chosen = []
        self.next_blocked, self.draw_text = False, ""
        if state.phase is Phase.FILL:
            if self.picking not in required_fills(state):
                self.picking = draws.next_zone(state)
        else:
            self.picking = None
        self._fill_zones(state, state.drawn if state.phase is Phase.FILL else ())
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
        card.bind(on_release=lambda c: self.zone_tapped(c.payload))
        return card

    def _fill_zones(self, state: State, fills: Any) -> None:
        power = sum(HUNTERS[s].power for s in self.chosen)
        views = vm.zone_views(state, fills, power)
        filling = state.phase is Phase.FILL
        required = required_fills(state) if filling else ()
        for card, view in zip(pooled(self.ids.zones, len(views), self._new_zone_card), views):
            card.view, card.tid, card.payload = view, f"zone-{view.zone}", view.zone
            card.disabled = view.zone not in required if filling else not view.tile
            card.kind = "selected" if filling and view.zone == self.picking else "normal"

    # -- the panel of each phase ---------------------------------------------------------------
    def _panel_fill(self, state: State, panel: Any) -> None:
        """The tiles the highlighted zone may get: one tap tells the tile drawn for it."""
        waiting = draws.zones_to_tell(state)
        if self.picking is not None:
            panel.cols = 5
            for choice in draws.tile_choices(state, self.picking):
                b = make("PhPickTile", cells=[list(c) for c in choice.cells], animal=choice.animal,
                         caption=choice.caption, tid=f"pick-{choice.tile}", payload=choice.tile,
                         kind="selected" if choice.chosen else "normal", size_hint_y=None, height=self.app.u(72))
                b.bind(on_release=lambda btn: self.tell(btn.payload))
                panel.add_widget(b)
        self.info = draws.fill_info(state, self.picking)
        self.draw_text = _("Draw for us") if waiting else ""
        self.next_text = _("Tiles are on the board")
        self.next_blocked = bool(waiting)

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
    def zone_tapped(self, zone: int) -> None:
        """New tiles: ask about ``zone`` (its tiles are offered); hunting: send the hunters there."""
        state = self.state
        if state is not None and state.phase is Phase.FILL:
            if zone in required_fills(state):
                self.picking = zone
                self.refresh()
            return
        self.hunt(zone)

    def tell(self, tile: int) -> None:
        """The players drew ``tile`` for the highlighted zone: logged at once, then the first zone still
        waiting is highlighted."""
        state = self.state
        if state is None or state.phase is not Phase.FILL or self.picking is None:
            return
        if self.app.send(DrawTiles((ZoneFill(self.picking, tile),))):
            self.picking = None  # the first zone still waiting, as a restart would show it
            self.refresh()

    def draw_for_us(self) -> None:
        """Cairn draws the zones not told yet; the draw is logged before it is shown."""
        state = self.state
        if state is None or state.phase is not Phase.FILL:
            return
        fills = vm.draw_fills(state, self.rng)
        if fills and self.app.send(DrawTiles(fills, by_cairn=True)):
            self.picking = None
            self.refresh()

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
            if draws.zones_to_tell(state):
                self.app.show_banner(_("Tell the tile of every empty zone first, or let Cairn draw."),
                                     "info", seconds=3)
                return
            self.app.send(FillZones(state.drawn))
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
