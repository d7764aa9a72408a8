"""Helpers of the Prehistories screenshot tour: taps through Kivy's input path, the checks it makes
on the way (setup by touch, undo and redo of the reveal, a finished game reopened) and the touch-size
check."""
from __future__ import annotations

from typing import Any, Iterator

from companion.ui.taps import Taps
from rules.prehistories.state import Phase


def small_targets(app: Any) -> tuple[int, list[str]]:
    """How many tappable widgets are on show, and those smaller than the touch minimum (48 design
    pixels, scaled): buttons and cave cells that are visible (no hidden parent) and enabled."""
    from kivy.uix.behaviors import ButtonBehavior

    from companion.ui import theme

    from .widgets import PhCaveCell

    least = app.u(theme.TOUCH) - 1
    found, seen = [], 0
    for widget in app.root.walk():
        if not isinstance(widget, (ButtonBehavior, PhCaveCell)) or widget.disabled:
            continue
        node, shown = widget, True
        while node is not None and node is not app.root:
            if node.opacity == 0 or node.height <= 0:
                shown = False
                break
            node = node.parent
        seen += shown
        if shown and (widget.width < least or widget.height < least):
            found.append(f"{type(widget).__name__} {getattr(widget, 'tid', '')!r} "
                         f"{int(widget.width)}x{int(widget.height)}")
    return seen, found


class TourChecks(Taps):
    """Taps and checks for a tour that has ``app`` and ``state``; each check raises ``RuntimeError``
    when the screens do not behave."""

    app: Any
    state: Any

    def _try_the_setup(self, setup: Any) -> Iterator[None]:
        """Tap through the setup: a fourth player and back, a goal card round its three states (Sun,
        Moon, out) and back to the side it had."""
        seats = len(setup.form.seats)
        yield from self.tap("ph-add-player")
        yield from self.tap("ph-remove-player")
        card = next(n for n in range(1, 10) if setup.form.side_of(n))
        side = setup.form.side_of(card)
        for _state in range(3):
            yield from self.tap(f"goal-{card}")
        if len(setup.form.seats) != seats or setup.form.side_of(card) != side:
            raise RuntimeError(f"the setup taps left {setup.form}")

    def _undo_redo_the_reveal(self) -> Iterator[None]:
        """Undo the last plan: the table is back in planning; redo: the reveal shows again."""
        self.app.undo()
        yield
        if self.state.phase is not Phase.PLANNING or self.app.sm.current != "ph_table":
            raise RuntimeError(f"undo left {self.state.phase} on {self.app.sm.current}")
        self.app.redo()
        yield
        if self.state.phase is not Phase.HUNTING or self.app.sm.current != "ph_order":
            raise RuntimeError(f"redo left {self.state.phase} on {self.app.sm.current}")

    def _reopen_the_finished_game(self) -> Iterator[None]:
        """Leave the game and open it again as a fresh start of the app would: it opens on the winner."""
        from companion.session import GameSession

        from . import router

        game_id = self.app.session.game_id
        self.app.close_session()
        yield
        router.forget(game_id)
        self.app.open_session(GameSession.resume(self.app.store, game_id))
        for _frame in range(3):
            yield
        if self.app.sm.current != "ph_winner":
            raise RuntimeError(f"a finished game opened on {self.app.sm.current}, not its winner")
