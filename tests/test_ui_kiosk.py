"""The app on a Pi on its own, in a real window under Xvfb: a clean start log, player names on a
touch-only screen, and a data folder that cannot be written."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.xvfb import run_driver, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


def test_ui_start_log_has_no_critical_and_no_traceback(display: str, tmp_path: Path) -> None:
    """Without xclip or xsel (as on a Pi OS Lite kiosk) the log a user reads starts clean."""
    status, report, stderr = run_driver("clean-start", display, tmp_path, tmp_path / "data", tmp_path / "shots",
                                        extra_env={"PATH": "/usr/bin:/bin"})
    assert status == 0 and not report["errors"], "\n".join(report["errors"]) + stderr
    assert "CRITICAL" not in stderr and "Traceback" not in stderr, stderr
