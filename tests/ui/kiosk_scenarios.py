"""Scenarios for ``tests/ui_driver.py`` about a Pi on its own: a clean start log, player names on a
touch-only screen, and a data folder that cannot be written. Mixed into its ``Driver`` (which supplies
``tap``, ``find``, ``expect``, ``shot``, ``state`` and ``report``)."""
from __future__ import annotations

from typing import Any, Iterator


class KioskScenarios:
    """Scenario generators; each yields once per frame."""

    app: Any
    report: dict[str, Any]

    def kiosk_modes(self) -> dict[str, Any]:
        return {"clean-start": self.clean_start}

    def clean_start(self) -> Iterator[None]:
        """Home shown with its name fields (the first TextInput loads Kivy's clipboard), then quit."""
        for _frame in range(5):
            yield
        self.expect(self.app.sm.current == "home", "the app opens on Home")
