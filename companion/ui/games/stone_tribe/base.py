"""What every 石器部落 screen shares: the game state, sending a command, and the way back to the table."""
from __future__ import annotations

from typing import Any

from companion.ui.widgets import CairnScreen
from companion.viewmodels.stone_tribe.text import _, tr, message
from rules.errors import IllegalMove


class StScreen(CairnScreen):
    """A Stone Tribe screen: ``state`` is the game's state (None before a game is open)."""

    @property
    def state(self) -> Any:
        session = self.app.session
        return session.state if session is not None else None

    def send(self, command: Any) -> bool:
        """Send ``command``; a refusal shows its rule in the table's language and changes nothing."""
        return bool(self.app.send(command))

    def refuse(self, text: str) -> None:
        """Say why something cannot be done yet (the screen's own check, before the rules see it)."""
        self.app.show_banner(tr("Not yet: {why}", why=text), "error", seconds=5)

    def explain(self, exc: IllegalMove) -> None:
        """Show a refusal from the rules."""
        self.app.show_banner(tr("Not allowed: {rule}", rule=message(exc)), "error")

    def back_to_table(self) -> None:
        """Back to the table screen."""
        self.app.go("st_table")

    def on_back(self) -> None:
        self.back_to_table()


def ok_text() -> str:
    """The word on confirm buttons."""
    return _("Confirm")
