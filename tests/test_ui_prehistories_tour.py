"""The Prehistories screenshot tour in a real Kivy window: a private Xvfb, the tour in a child process
at 800×480 in Simplified Chinese, and a look at every PNG it saves.

With ``CI`` set, a missing Xvfb fails the test instead of skipping it.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from tests.ui.xvfb import xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[1]
SHOTS = ("setup", "new-tiles", "new-tiles-told", "new-tiles-drawn", "planning", "plan-cover", "plan-secret",
         "plan-masked", "order", "hunting", "cave-refused", "cave-preview", "totems", "winner", "totems-final",
         "cave-winner")


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """``:N`` of an Xvfb started for this module (GLX on), stopped afterwards."""
    yield from xvfb_display("1280x720")


def run_tour(display: str, tmp: Path, lang: str, size: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    shots = tmp / "shots"
    env = dict(os.environ, DISPLAY=display, KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_AUDIO="",
               KIVY_HOME=str(tmp / "kivy"), KCFG_KIVY_LOG_LEVEL="warning", PYTHONPATH=str(ROOT))
    (tmp / "kivy").mkdir(exist_ok=True)
    proc = subprocess.run([sys.executable, "-m", "companion.ui.games.prehistories.tour", str(shots),
                           "--lang", lang, "--size", size], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=500)
    return proc, shots


def test_the_tour_saves_every_screen_in_chinese_at_800x480(display: str, tmp_path: Path) -> None:
    import cv2
    import numpy as np

    proc, shots = run_tour(display, tmp_path, "zh_CN", "800x480")
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert "text cut" not in proc.stdout, proc.stdout  # every word whole (companion.ui.fit.print_cut)
    for name in SHOTS:
        path = shots / f"ph-{name}-800x480-zh_CN.png"
        assert path.exists(), f"{path.name} missing; saved: {sorted(p.name for p in shots.iterdir())}"
        assert path.stat().st_size > 15_000, path.name
        image = cv2.imread(str(path))
        assert image is not None and image.shape == (480, 800, 3), path.name
        assert float(image.std()) > 20, f"{path.name} is nearly blank"
        colours = np.unique(image.reshape(-1, 3) // 16, axis=0)
        assert len(colours) > 40, f"{path.name} has only {len(colours)} colours"
    targets = json.loads((shots / "ph-touch-targets.json").read_text())
    assert targets["checked"] > 150 and targets["small"] == []
    secret = cv2.imread(str(shots / "ph-plan-secret-800x480-zh_CN.png"))
    cover = cv2.imread(str(shots / "ph-plan-cover-800x480-zh_CN.png"))
    # the cards show only after the hand-over cover
    assert float(np.abs(secret.astype(int) - cover.astype(int)).mean()) > 5


def test_the_tour_in_english_cuts_no_word(display: str, tmp_path: Path) -> None:
    """English names are longer than Chinese ones: a Legendary, Mammoth or Buffalo square of the cave
    reads its English catalog's short name ("cave square" context), not "Le...ry"."""
    proc, shots = run_tour(display, tmp_path, "en", "800x480")
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert "text cut" not in proc.stdout, proc.stdout
    assert (shots / "ph-cave-winner-800x480-en.png").stat().st_size > 15_000
