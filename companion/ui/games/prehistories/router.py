"""Follow the game from screen to screen: the reveal when the order is set, the cave when painting
starts, the table for a new round, the winner the moment someone places their last totem."""
from __future__ import annotations

from typing import Any

from rules.prehistories.state import Phase, State

#: the screen each phase opens on when the game moves into it
SCREEN_FOR: dict[Phase, str] = {
    Phase.FILL: "ph_table", Phase.PLANNING: "ph_table", Phase.HUNTING: "ph_order",
    Phase.PAINTING: "ph_cave", Phase.OVER: "ph_winner",
}
#: game id -> the (round, phase) the screens last showed
_seen: dict[int, tuple[int, Phase]] = {}


def forget(game: int) -> None:
    """Treat game ``game`` as never seen (as after a restart of the app)."""
    _seen.pop(game, None)


def route(app: Any, state: State, here: str) -> bool:
    """Show the screen of the phase the game just moved into; True if another screen was opened.

    Only a screen on show follows the game: a screen being opened (``here`` is not the current one
    yet) shows what was asked for. A game seen for the first time (just opened or resumed) stays where
    it is, unless it is over: a finished game opens on its winner. Undo moving the game back also moves
    the screen back.
    """
    game = getattr(app.session, "game_id", 0)
    now = (state.round, state.phase)
    before = _seen.get(game)
    _seen[game] = now
    if before == now or (before is None and state.phase is not Phase.OVER):
        return False
    target = SCREEN_FOR[state.phase]
    if target == here or not app.sm.has_screen(target):
        return False
    if app.sm.current != here:
        if before is None:  # a finished game being opened: its winner, once the opening is done
            from kivy.clock import Clock

            Clock.schedule_once(lambda dt: app.go(target), 0)
        return False
    app.go(target)
    return True
