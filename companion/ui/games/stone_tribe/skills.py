"""Taking a skill card: the free snake draft at setup, and learning one for 3 shells during a turn.

The skill is chosen by tapping its picture; the numbers printed on the card by tapping 1–6 (one or more).
"""
from __future__ import annotations

from typing import Any

from kivy.properties import ListProperty, StringProperty

from companion.viewmodels import stone_tribe as vm
from companion.viewmodels.stone_tribe.text import _, skill_name, tr
from rules.stone_tribe import DraftSkill, LearnSkill, Phase
from rules.stone_tribe.data import LEARN_COST_SHELLS

from .icons import SKILL_ICON
from .widgets import fill_items
from .base import StScreen


class SkillScreen(StScreen):
    """``mode`` is ``draft`` (free, in snake order) or ``learn`` (3 shells, the current player)."""

    mode = StringProperty("draft")
    heading = StringProperty("")
    info = StringProperty("")
    skill = StringProperty("")
    numbers = ListProperty([])
    confirm_text = StringProperty("")

    def prepare(self, mode: str) -> None:
        """Open for the ``draft`` or for ``learn``ing a skill; nothing chosen yet."""
        self.mode, self.skill, self.numbers = mode, "", []

    def refresh(self) -> None:
        state = self.state
        if state is None:
            return
        if self.mode == "draft" and state.phase != Phase.DRAFT:
            self.mode = "learn"
        if self.mode == "draft":
            view = vm.draft_view(state)
            self.heading = tr("{name}: choose a free skill", name=view.picker)
            self.info = vm.draft_line(view)
        else:
            me = state.player(state.current)
            self.heading = tr("{name}: learn a skill", name=me.name)
            self.info = tr("Costs {cost} shells; {name} has {has}. One per turn, at most 4 skill cards.",
                           cost=LEARN_COST_SHELLS, name=me.name, has=me.shells)
        items = [(key, SKILL_ICON[key], name, str(vm.stack_left(state, key)), vm.stack_left(state, key) == 0)
                 for key, name, _res in vm.skill_choices()]
        fill_items(self.ids.skills, items, self.choose, "st-skill", chosen=self.skill)
        faces = [(str(n), "die", "", "", False) for n in range(1, 7)]
        fill_items(self.ids.faces, faces, self.toggle_number, "st-face")
        for b in self.ids.faces.children:
            b.value = int(b.payload)
            b.kind = "selected" if int(b.payload) in self.numbers else "normal"
        self.confirm_text = self._confirm_text()

    def _confirm_text(self) -> str:
        if not self.skill:
            return _("Tap a skill")
        if not self.numbers:
            return _("Tap the card's numbers")
        nums = "·".join(str(n) for n in sorted(self.numbers))
        if self.mode == "draft":
            return tr("Take {skill} ({numbers})", skill=skill_name(self.skill), numbers=nums)
        return tr("Learn {skill} ({numbers}) for {cost} shells", skill=skill_name(self.skill), numbers=nums,
                  cost=LEARN_COST_SHELLS)

    # -- taps --------------------------------------------------------------------------------------
    def choose(self, skill: str) -> None:
        """Tap on a skill's picture."""
        self.skill = skill
        self.refresh()

    def toggle_number(self, face: Any) -> None:
        """Tap on a die face: that number is (or is no longer) printed on the card."""
        n = int(face)
        self.numbers = sorted(set(self.numbers) ^ {n})
        self.refresh()

    def on_next(self) -> None:
        """Take the card."""
        if not self.skill:
            self.refuse(_("tap the skill on the card"))
            return
        if not self.numbers:
            self.refuse(_("tap the number(s) printed on the card"))
            return
        cmd_type = DraftSkill if self.mode == "draft" else LearnSkill
        if not self.send(cmd_type(self.skill, tuple(sorted(self.numbers)))):
            return
        self.skill, self.numbers = "", []
        state = self.state
        if self.mode == "draft" and state.phase == Phase.DRAFT:
            self.refresh()
        else:
            self.back_to_table()
