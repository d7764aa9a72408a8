"""Cave painting: each player's 7×7 cave, and the painter placing the tiles taken this round.

Choose a tile and a side, then touch the cave: the tile is drawn under the finger (green where it may
go, red where it may not, with the rules' reason in words); Paint places it. Tiles that fit nowhere
are discarded by the rules and listed here.
"""
from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.i18n import _, tr
from companion.ui.widgets import CairnButton
from companion.viewmodels.prehistories import cave as cvm
from companion.viewmodels.prehistories.totems import goal_checklist, news
from rules.prehistories.commands import Paint
from rules.prehistories.data import Colour
from rules.prehistories.state import Phase, State

from .widgets import PhCaveCell, PhScreen, make


class PhCaveScreen(PhScreen):
    """``viewing`` is the colour shown ("" follows the painter); ``pick``/``side`` the tile in hand;
    ``hover`` the cell under the finger ([] for none)."""

    viewing = StringProperty("")
    shown = StringProperty("yellow")
    heading = StringProperty("")
    reason = StringProperty("")
    reason_ok = BooleanProperty(True)
    can_paint = BooleanProperty(False)
    paint_ready = BooleanProperty(False)
    notes = StringProperty("")
    pick = NumericProperty(0)
    side = NumericProperty(0)
    hover = ListProperty([])

    def show(self, colour: str | None) -> None:
        """Show the cave of ``colour``; None follows whoever paints now (or the first player)."""
        self.viewing = colour or ""
        self.hover = []

    def update(self, state: State) -> None:
        colour = Colour(self.viewing) if self.viewing else (state.current or state.players[0].colour)
        player = state.player(colour)
        self.shown = colour.value
        self.can_paint = state.phase is Phase.PAINTING and state.current is colour
        choices = cvm.tile_choices(colour, player.cave, player.taken) if self.can_paint else []
        self.pick = min(self.pick, max(0, len(choices) - 1))
        self._update_preview(state, colour, choices)
        if self.can_paint:
            self.heading = tr("{name} paints · tiles to paint: {n}", name=player.name, n=len(player.taken))
        else:
            self.heading = tr("{name}'s cave", name=player.name)
        self._fill_tabs(state, colour)
        self._fill_tiles(choices)
        self._fill_sides(choices)
        self._fill_notes(state, colour)

    def _update_preview(self, state: State, colour: Colour, choices: list[cvm.TileChoice]) -> None:
        """The cells, with the tile in hand drawn where the finger is, and the verdict in words."""
        player = state.player(colour)
        preview = None
        if choices and self.hover:
            tile = choices[self.pick].tile
            row, col = int(self.hover[0]), int(self.hover[1])
            preview = cvm.preview(colour, player.cave, tile, int(self.side), row, col)
        self._fill_cells(cvm.cave_cells(colour, player.cave, preview.placement if preview else None,
                                        preview.ok if preview else True), colour.value)
        self.paint_ready = bool(preview and preview.ok)
        if preview is not None:
            self.reason, self.reason_ok = preview.reason, preview.ok
        elif self.can_paint:
            self.reason = _("Choose a tile and its side, then touch the cave where it goes.")
            self.reason_ok = True
        else:
            self.reason, self.reason_ok = "", True

    def _fill_cells(self, cells: list[cvm.CellView], colour: str) -> None:
        grid = self.ids.grid
        if len(grid.children) != len(cells):
            grid.clear_widgets()
            for _i in cells:
                grid.add_widget(PhCaveCell())
        for widget, cell in zip(reversed(grid.children), cells):
            widget.kind, widget.animal, widget.label = cell.kind, cell.animal, cell.label
            widget.edges, widget.preview, widget.colour = list(cell.edges), cell.preview, colour
            widget.tid = f"cell-{cell.row}-{cell.col}"

    def _fill_tabs(self, state: State, shown: Colour) -> None:
        box = self.ids.tabs
        box.clear_widgets()
        for p in state.players:
            b = CairnButton(text=p.name, tid=f"cave-{p.colour.value}", payload=p.colour.value,
                            kind="selected" if p.colour is shown else "normal")
            b.bind(on_release=lambda btn: self.show_player(btn.payload))
            box.add_widget(b)

    def _fill_tiles(self, choices: list[cvm.TileChoice]) -> None:
        box = self.ids.tiles
        box.clear_widgets()
        for c in choices:
            caption = c.label if c.fits else tr("{tile}: fits nowhere", tile=c.label)
            b = make("PhTileButton", cells=[list(x) for x in c.sides[0]], animal=c.animal, caption=caption,
                                     tid=f"tile-{c.index}", payload=c.index,
                                     kind="selected" if c.index == self.pick else "normal")
            b.bind(on_release=lambda btn: self.choose_tile(btn.payload))
            box.add_widget(b)

    def _fill_sides(self, choices: list[cvm.TileChoice]) -> None:
        box = self.ids.sides
        box.clear_widgets()
        if not choices:
            return
        chosen = choices[self.pick]
        if set(chosen.sides[0]) == set(chosen.sides[1]):
            self.side = 0
            box.add_widget(make("PhTileButton", cells=[list(x) for x in chosen.sides[0]],
                                animal=chosen.animal, caption=_("Both sides alike"), tid="side-0",
                                kind="selected", disabled=True))
            return
        for side in (0, 1):
            b = make("PhTileButton", cells=[list(x) for x in chosen.sides[side]], animal=chosen.animal,
                                     caption=tr("Side {n}", n=side + 1), tid=f"side-{side}", payload=side,
                                     kind="selected" if side == self.side else "normal")
            b.bind(on_release=lambda btn: self.choose_side(btn.payload))
            box.add_widget(b)

    def _fill_notes(self, state: State, colour: Colour) -> None:
        player = state.player(colour)
        lines = [tr("Totems {n}/8", n=player.totems), cvm.hand_print_note(colour, player.cave)]
        discards = cvm.discards_this_round(self.app.session.events(), colour)
        if discards:
            lines.append(tr("Discarded (fits nowhere): {tiles}", tiles=", ".join(discards)))
        if not self.can_paint:
            lines += ["", *goal_checklist(state, colour)]
        self.notes = "\n".join(lines)

    # -- actions -------------------------------------------------------------------------------
    def show_player(self, colour: str) -> None:
        """Look at another player's cave (the painter's own tiles stay in hand)."""
        self.show(colour)
        self.refresh()

    def choose_tile(self, index: int) -> None:
        """Take the ``index``-th tile to paint."""
        self.pick, self.side = index, 0
        self.refresh()

    def choose_side(self, side: int) -> None:
        """Turn the tile to ``side`` (0 or 1)."""
        self.side = side
        self.refresh()

    def hover_cell(self, cell: Any) -> None:
        """The finger is on ``cell`` (row, col): preview the tile there."""
        state = self.state
        if not self.can_paint or state is None or state.current is None:
            return
        if list(cell) == list(self.hover):
            return
        self.hover = [int(cell[0]), int(cell[1])]
        player = state.player(state.current)
        self._update_preview(state, player.colour, cvm.tile_choices(player.colour, player.cave, player.taken))

    def paint(self) -> None:
        """Paint the previewed tile where it is shown."""
        state = self.state
        if state is None or not self.can_paint or not self.hover:
            return
        player = state.player(state.current)
        tile = player.taken[self.pick]
        p = cvm.placement_at(tile, int(self.side), int(self.hover[0]), int(self.hover[1]))
        self.hover = []
        self.viewing = ""
        self.pick, self.side = 0, 0
        session = self.app.session
        before = len(session.events())
        if self.app.send(Paint(player.colour, tile, p.side, p.row, p.col)):
            text = news(session.state, session.events()[before:])
            if text:
                self.app.show_banner(text, "ok", seconds=5)

    def on_next(self) -> None:
        if self.paint_ready:
            self.paint()
        elif not self.can_paint:
            self.app.go_table()

    def on_back(self) -> None:
        """BACK lifts the tile off the cave, or returns to the table."""
        if self.hover:
            self.hover = []
            self.refresh()
        else:
            self.app.go_table()
