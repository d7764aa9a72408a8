"""The Stone Age table: a panel per player, the round and phase, the spaces, and one big NEXT."""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import ListProperty, NumericProperty, StringProperty

from companion.i18n import _, tr
from companion.ui.widgets import CairnButton, CairnScreen, IconButton
from companion.viewmodels.stone_age import feeding as fvm
from companion.viewmodels import stone_age as vm
from rules.stone_age import Area, Decline, Phase, PickDie, Place, StayHome, UseVillage
from rules.stone_age.turns import figures_left
from rules.stone_age.data import DIE_REWARD


class TableScreen(CairnScreen):
    """Placement happens here (tap a space, choose figures, NEXT); actions open the other screens."""

    status = StringProperty("")
    prompt = StringProperty("")
    next_text = StringProperty("")
    figures = NumericProperty(1)
    #: the board keeps the placement and the player has figures not used yet: "Done: 2 go home" ("" hides it)
    stay_text = StringProperty("")
    most = NumericProperty(0)
    selected = ListProperty([])  # [area value, slot] of the chosen space
    _watched: Any = None          # the session whose changes the table follows
    _phase_seen: Phase | None = None
    _feeding_due: bool = False    # the actions phase ended: show the feeding before the table

    def redirect(self) -> str | None:
        """"sa_feeding" when the actions phase has ended since the table last looked and the feeding
        had a choice (someone short) or ended the game; else ``None``. A feeding where nobody was short
        takes no tap: the next round's placing is shown at once and its prompt says the round was fed."""
        self._watch()
        if self._feeding_due:
            self._feeding_due = False
            return "sa_feeding"
        return None

    def _watch(self) -> None:
        session = self.app.session
        if session is None or session is self._watched:
            return
        if self._watched is not None:
            self._watched.remove_listener(self._on_change)
        session.add_listener(self._on_change)
        self._watched = session
        self._phase_seen = session.state.phase if session.state is not None else None
        # a game opened again opens where it was left: on the feeding if that was on show
        self._feeding_due = session.state is not None and fvm.on_show(session.state)

    def _on_change(self, session: Any) -> None:
        state = session.state
        if state is None:
            return
        if state.phase is Phase.ACTIONS:
            self._feeding_due = False
        elif self._phase_seen is Phase.ACTIONS and (state.feeding or state.phase is Phase.FEED):
            self._feeding_due = fvm.on_show(state)  # nobody short: nothing to show but the table
        self._phase_seen = state.phase
        if self._feeding_due and self.manager is not None and self.manager.current == self.name:
            self.app.go_table()  # the last action was taken here: on to the feeding

    #: the turn the selection was made in (round, player, placements so far): any placement or undo ends it
    _selected_turn: tuple[int, int, int] | None = None

    def refresh(self) -> None:
        session = self.app.session
        if session is None or session.state is None:
            return
        state = session.state
        self.status = vm.status_line(state)
        self.prompt = vm.prompt(state)
        self._fill_panels(state)
        self._fill_actions(state)

    # -- panels ----------------------------------------------------------------------------------
    def _fill_panels(self, state: Any) -> None:
        box = self.ids.panels
        box.clear_widgets()
        for seat in range(state.player_count):
            view = vm.panel(state, seat)
            widget = Factory.PlayerPanel()
            widget.view = view
            widget.tid = f"panel-{seat}"
            box.add_widget(widget)

    # -- the action area -------------------------------------------------------------------------
    def _fill_actions(self, state: Any) -> None:
        grid = self.ids.actions
        grid.clear_widgets()
        self.ids.stepper.opacity = 0
        self.stay_text = ""
        if state.phase is Phase.PLACE:
            self._fill_spaces(state, grid)
        elif vm.board_turn(state):
            self._fill_board(state, grid)
        elif state.phase is Phase.ACTIONS and state.lottery is not None:
            self._fill_lottery(state, grid)
        elif state.phase is Phase.ACTIONS:
            self._fill_resolve(state, grid)
        elif state.phase is Phase.FEED:
            self.selected = []
            self.next_text = _("Feeding")
        else:
            self.selected = []
            self.next_text = _("Final scoring")

    def _fill_spaces(self, state: Any, grid: Any) -> None:
        views = vm.spaces(state)
        keys = {(v.area.value, v.slot): v for v in views}
        if self.selected and (self._selected_turn != _turn(state) or (self.selected[0], self.selected[1]) not in keys
                              or keys[(self.selected[0], self.selected[1])].most == 0):
            self.selected, self.figures = [], 1
        grid.cols = 8 if len(views) <= 16 else 9  # two rows, as wide as they can be: 16 px captions wrap
        for v in views:
            chosen = bool(self.selected) and (v.area.value, v.slot) == (self.selected[0], self.selected[1])
            b = IconButton(icon=v.icon, count=v.label if not v.on_it else f"{v.label}\n{v.on_it}",
                           tid=f"space-{v.area.value}-{v.slot}",
                           kind="selected" if chosen else "off" if v.most == 0 else "normal",
                           payload=(v.area.value, v.slot))
            b.bind(on_release=lambda btn: self.select_space(*btn.payload))
            grid.add_widget(b)
        self._update_next(state)

    def _fill_board(self, state: Any, grid: Any) -> None:
        """The board keeps the placement: every space, and a tap resolves one the player stands on."""
        self.selected = []
        views = vm.spaces(state)
        grid.cols = 8 if len(views) <= 16 else 9
        for v in views:
            b = IconButton(icon=v.icon, count=v.label if not v.on_it else f"{v.label}\n{v.on_it}",
                           tid=f"action-{v.area.value}-{v.slot}", kind="off" if v.most == 0 else "normal",
                           payload=v)
            b.bind(on_release=lambda btn: self.resolve_space(btn.payload))
            grid.add_widget(b)
        left = figures_left(state, state.current)
        # one tap ends the turn: figures never placed and figures on a building or card not used go home
        self.stay_text = tr("Done: {n} go home", n=left) if left > 0 else ""
        self.next_text = _("Tap a space")

    def resolve_space(self, view: vm.SpaceView) -> None:
        """A tap on a space the player's figures stand on (the board keeps the placement): resolve it;
        a space they may not use says the rule that forbids it."""
        if view.most == 0:
            self.app.show_banner(tr("Not allowed: {rule}", rule=view.why), "info")
            return
        self.resolve(vm.space_action(view))

    def stay_home(self) -> None:
        """End the player's turn: the figures not used (left at home, or on a building or card the player
        does not take) go home this round."""
        state = self.app.session.state
        if vm.board_turn(state):
            self.app.send(StayHome(state.current))

    def select_space(self, area: str, slot: int) -> None:
        """Choose the space to place on; spaces taking any number start at the most allowed. A space the
        player may not use (greyed) says the rule that forbids it and stays unchosen."""
        state = self.app.session.state
        view = next(v for v in vm.spaces(state) if (v.area.value, v.slot) == (area, slot))
        if view.most == 0:
            self.app.show_banner(tr("Not allowed: {rule}", rule=view.why), "info")
            return
        self.selected = [area, slot]
        self._selected_turn = _turn(state)
        self.most = view.most
        self.figures = view.exact or min(self.figures if self.figures > 0 else 1, view.most) or 1
        self.refresh()

    def change_figures(self, delta: int) -> None:
        """One figure more or fewer for the chosen space (1..the most allowed)."""
        self.figures = max(1, min(self.most, self.figures + delta))
        self._update_next(self.app.session.state)

    def _update_next(self, state: Any) -> None:
        if not self.selected:
            self.next_text = _("Tap a space")
            return
        area = Area(self.selected[0])
        view = next(v for v in vm.spaces(state) if (v.area, v.slot) == (area, self.selected[1]))
        self.ids.stepper.opacity = 0 if view.exact else 1
        self.next_text = tr("Place {n} on {space}", n=self.figures, space=vm.area_label(area, self.selected[1]))

    def _fill_resolve(self, state: Any, grid: Any) -> None:
        grid.cols = 2
        self.selected = []
        rows = vm.action_rows(state)  # resolved ones stay in place, greyed, so nothing moves under a finger
        first = next((a for a in rows if not a.done), None)
        for a in rows:
            b = CairnButton(text=tr("{action} · done", action=a.label) if a.done else a.label,
                            tid=f"action-{a.area.value}-{a.slot}", payload=a, disabled=a.done,
                            kind="accent" if a is first else "normal")
            b.bind(on_release=lambda btn: self.resolve(btn.payload))
            grid.add_widget(b)
            if a.can_decline:
                d = CairnButton(text=tr("Skip {space}", space=vm.area_label(a.area, a.slot)),
                                tid=f"decline-{a.area.value}-{a.slot}", payload=a, disabled=a.done)
                d.bind(on_release=lambda btn: self.decline(btn.payload))
                grid.add_widget(d)
        self.next_text = first.label if first is not None else _("Next")

    def _fill_lottery(self, state: Any, grid: Any) -> None:
        grid.cols = 6
        self.selected = []
        for i, value in enumerate(state.lottery.dice):
            b = IconButton(icon="die", value=value, count=vm.resource_label(DIE_REWARD[value]),
                           tid=f"pick-{i}", payload=value)
            b.bind(on_release=lambda btn: self.pick(btn.payload))
            grid.add_widget(b)
        self.next_text = _("Pick a die")

    # -- commands --------------------------------------------------------------------------------
    def resolve(self, action: vm.ActionView) -> None:
        """Open what resolving the space needs: dice, build, buy, or take the village space now."""
        state = self.app.session.state
        if action.kind == "village":
            self.app.send(UseVillage(state.current, action.area))
        elif action.kind == "gather":
            self.app.sm.get_screen("sa_dice").prepare_gather(action.area, action.figures, open_count=state.board)
            self.app.go("sa_dice")
        else:
            self.app.sm.get_screen("sa_build").prepare(action.kind, action.slot)
            self.app.go("sa_build")

    def decline(self, action: vm.ActionView) -> None:
        """Take the figure back from a building or card without building or buying."""
        self.app.send(Decline(self.app.session.state.current, action.area, action.slot))

    def pick(self, value: int) -> None:
        """The picker takes the die showing ``value``."""
        self.app.send(PickDie(self.app.session.state.current, value))

    def on_next(self) -> None:
        state = self.app.session.state if self.app.session else None
        if state is None:
            return
        if state.phase is Phase.PLACE:
            if not self.selected:
                self.app.show_banner(_("Tap a space first."), "info", seconds=3)
                return
            area, slot = Area(self.selected[0]), int(self.selected[1])
            if self.app.send(Place(state.current, area, int(self.figures), slot)):
                self.selected = []
                self.figures = 1
        elif vm.board_turn(state):
            self.app.show_banner(_("Tap the space your figures stand on."), "info", seconds=3)
        elif state.phase is Phase.ACTIONS and state.lottery is None:
            actions = vm.actions(state)
            if actions:
                self.resolve(actions[0])
        elif state.phase is Phase.FEED:
            self.app.go("sa_feeding")
        elif state.phase is Phase.OVER:
            self.app.go("sa_scoring")

    def on_back(self) -> None:
        """BACK clears the chosen space (undo is BACK held, or Ctrl+Z)."""
        if self.selected:
            self.selected = []
            self.refresh()


def _turn(state: Any) -> tuple[int, int, int]:
    """Which placement turn ``state`` is at: a selection made in another turn is not the player's."""
    return state.round, state.current, len(state.placements)
