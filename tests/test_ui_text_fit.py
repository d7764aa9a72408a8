"""Words a player must read whole, in a real window at 800×480 under Xvfb, in English and 简体中文: each
label's whole text measured against the room it has (``companion.ui.fit.cut_labels``), not only the font
size (``tests/test_font_sizes.py``)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.xvfb import run_driver, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]
LANGS = ["en", "zh_CN"]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


def fit(mode: str, display: str, tmp_path: Path, lang: str) -> dict:
    status, report, stderr = run_driver(mode, display, tmp_path, tmp_path / "data", tmp_path / "shots",
                                        extra_env={"CAIRN_TEST_LANG": lang})
    assert status == 0 and not report["errors"], "\n".join(report["errors"]) + stderr
    return report


@pytest.mark.parametrize("lang", LANGS)
def test_ui_every_goal_card_shows_its_whole_text(display: str, tmp_path: Path, lang: str) -> None:
    """Prehistories' goal-card picker: not in play (both sides' goals), all Sun, all Moon."""
    report = fit("fit-ph-goals", display, tmp_path, lang)
    assert set(report["cut"]) == {"ph-goals-none", "ph-goals-sun", "ph-goals-moon"}
    assert all(report["seen"][name] >= 18 for name in report["cut"]), report["seen"]  # 9 cards, 2+ labels each
    assert report["cut"] == {name: [] for name in report["cut"]}


@pytest.mark.parametrize("lang", LANGS)
def test_ui_the_final_table_heads_read_whole_at_four_players(display: str, tmp_path: Path, lang: str) -> None:
    """Stone Age's final table with four default names ("Player 1" … "Player 4")."""
    report = fit("fit-sa-final", display, tmp_path, lang)
    assert report["seen"]["sa-final-4"] >= 5 * 6
    assert report["cut"] == {"sa-final-4": []}
