"""What the setup screens share (Home's new-game rows, the 石器部落 and Prehistories setups): a form
of seats whose typed names are read back before every change, and a start that names what is
missing."""
from __future__ import annotations

from typing import Any, Callable


class PlayerFormScreen:
    """Mixin for a screen with ``form`` (a setup form with ``rename``, ``add_player``,
    ``remove_player`` and ``problem``) whose name rows (widgets with ``seat`` and ``ids.name``)
    sit in the boxes named by ``seat_boxes``."""

    form: Any
    app: Any
    ids: Any
    seat_boxes: tuple[str, ...] = ("seats",)

    def _read_names(self) -> None:
        for box in self.seat_boxes:
            for row in self.ids[box].children:
                if hasattr(row, "seat"):
                    self.form = self.form.rename(row.seat, row.ids.name.text)

    def _redraw(self) -> None:
        """Repaint after the form changed (the whole screen, unless a screen says less)."""
        self.refresh()

    def edit(self, change: Callable[[Any], Any]) -> None:
        """Read back the names typed so far, apply ``change`` to the form and repaint."""
        self._read_names()
        self.form = change(self.form)
        self._redraw()

    def change_players(self, delta: int) -> None:
        """One player more (+1) or fewer (−1)."""
        self.edit(lambda form: form.add_player() if delta > 0 else form.remove_player())

    def ready_to_start(self) -> bool:
        """The names read back; False, after a banner saying what is missing, when the form
        cannot start a game."""
        self._read_names()
        problem = self.form.problem()
        if problem:
            self.app.show_banner(problem, "error")
        return not problem
