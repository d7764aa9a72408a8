"""The 石器部落 table: every player's card (shells, skills with their numbers, resources, hand), the round
and whose turn it is, and the buttons for the next step of the turn."""
from __future__ import annotations

import math
from typing import Any

from kivy.properties import StringProperty

from companion.ui.widgets import CairnButton
from companion.viewmodels import stone_tribe as vm
from companion.viewmodels.stone_tribe.text import _
from rules.stone_tribe import DrawChanceCard, EndTurn, Phase

from .base import StScreen
from .widgets import PlayerCard


class StTableScreen(StScreen):
    """The game's home screen; each phase shows its own buttons (the first one is NEXT)."""

    status = StringProperty("")
    prompt = StringProperty("")

    def refresh(self) -> None:
        state = self.state
        if state is None:
            return
        self.status = vm.status_line(state)
        self.prompt = vm.prompt(state)
        self._fill_cards(state)
        self._fill_actions(state)

    def _fill_cards(self, state: Any) -> None:
        grid = self.ids.cards
        grid.clear_widgets()
        views = vm.player_views(state)
        grid.cols = min(4, len(views)) if len(views) != 5 and len(views) != 6 else 3
        grid.rows = math.ceil(len(views) / grid.cols)
        for view in views:
            card = PlayerCard(view=view, tid=f"st-card-{view.seat}", bg=list(vm.seat_colour(view.seat)),
                              fg=list(vm.seat_text(view.seat)), skills_text=vm.skills_markup(view))
            grid.add_widget(card)

    def _actions(self, state: Any) -> list[tuple[str, str, str]]:
        """``(tid, text, method)`` of the buttons for this moment, the main one first."""
        phase = state.phase
        if phase == Phase.DRAFT:
            return [("st-draft", _("Choose a free skill"), "open_draft")]
        if phase == Phase.DRAW:
            return [("st-draw", _("Draw a chance card, then roll"), "draw")]
        if phase == Phase.ROLL:
            return [("st-roll", _("Roll the fate dice"), "open_dice")]
        if phase == Phase.MAIN:
            first = (("st-demand", _("Turn up a demand card"), "open_demand") if not state.demand_done
                     else ("st-end-turn", vm.end_turn_label(state), "end_turn"))
            return [first, ("st-learn", vm.learn_label(state), "open_learn"),
                    ("st-chance", _("Chance card"), "open_chance")]
        if phase == Phase.NEGOTIATION:
            return [("st-negotiate", _("Negotiation"), "open_demand"),
                    ("st-chance", _("Chance card"), "open_chance")]
        return [("st-ranking", _("Final ranking"), "open_end")]

    def _fill_actions(self, state: Any) -> None:
        box = self.ids.actions
        box.clear_widgets()
        for i, (tid, text, method) in enumerate(self._actions(state)):
            b = CairnButton(text=text, tid=tid, payload=method, kind="accent" if i == 0 else "normal",
                            bold=i == 0, size_hint_x=1.6 if i == 0 else 1)
            if tid == "st-learn":
                b.disabled = state.learned_this_turn or len(state.player(state.current).skills) >= 4
            b.bind(on_release=lambda btn: getattr(self, btn.payload)())
            box.add_widget(b)

    # -- the steps ---------------------------------------------------------------------------------
    def open_draft(self) -> None:
        """The free-skill draft."""
        self.app.sm.get_screen("st_skill").prepare("draft")
        self.app.go("st_skill")

    def open_learn(self) -> None:
        """Learn a skill for 3 shells."""
        self.app.sm.get_screen("st_skill").prepare("learn")
        self.app.go("st_skill")

    def draw(self) -> None:
        """The current player draws the turn's chance card, and the fate dice come up: nothing can be done
        between the two (every chance card is played after the roll, or on another's card)."""
        if self.send(DrawChanceCard()):
            self.open_dice()

    def open_dice(self) -> None:
        """The fate dice, with the payout preview."""
        self.app.sm.get_screen("st_dice").prepare_roll()
        self.app.go("st_dice")

    def open_demand(self) -> None:
        """The demand card: enter it, or negotiate the deal."""
        self.app.go("st_demand")

    def open_chance(self) -> None:
        """Play a chance card."""
        self.app.sm.get_screen("st_chance").prepare()
        self.app.go("st_chance")

    def end_turn(self) -> None:
        """End the turn (the hand is cut to 4) and pass the marker right."""
        self.send(EndTurn())

    def open_end(self) -> None:
        """The ranking, tie-breaks and the roll-off."""
        self.app.go("st_end")

    def on_next(self) -> None:
        state = self.state
        if state is not None:
            getattr(self, self._actions(state)[0][2])()

    def on_back(self) -> None:
        """Nothing to leave on the table (undo is BACK held)."""
