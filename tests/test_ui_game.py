"""A whole game of Stone Age on the real app, in a real window under Xvfb, by touch and keys."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.xvfb import run_driver, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


def test_ui_whole_game_by_touch(display: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    status, report, stderr = run_driver("game", display, tmp_path, data, tmp_path / "shots")
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    state = report["state"]
    assert state["phase"] == "over"
    assert [row[0] for row in state["final"]] == [p["name"] for p in state["players"]]
    # every total in the final table is the score track plus end bonuses, ranked best first
    assert sorted(state["final"], key=lambda r: r[2])[0][1] == max(r[1] for r in state["final"])
    mid = report["mid"]
    assert mid["round"] == 4
    assert mid["players"][1]["huts"] == 1
    assert any(p["score"] < 0 for p in mid["players"]), "someone took the −10"
    assert any(b.startswith("Not allowed") for b in report["banners"])
    for shot in report["shots"]:
        assert Path(shot).stat().st_size > 5000, f"{shot} is empty"
    names = {Path(s).stem for s in report["shots"]}
    assert {"home", "table-actions", "dice", "build", "buy", "history", "feeding", "scoring"} <= names


def test_ui_resume_after_restart(display: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    status, first, stderr = run_driver("partial", display, tmp_path, data, tmp_path / "shots1")
    assert status == 0 and not first["errors"], "\n".join(first["errors"]) + stderr
    status, second, stderr = run_driver("resume", display, tmp_path, data, tmp_path / "shots2")
    assert status == 0 and not second["errors"], "\n".join(second["errors"]) + stderr
    assert second["state"] == first["state"], "the resumed game is exactly the saved one"
