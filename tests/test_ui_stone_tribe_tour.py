"""The 石器部落 screenshot tour in a real window under Xvfb: a six-player game at 800×480 in Simplified
Chinese, every screen saved as a PNG that is the right size and not blank."""
from __future__ import annotations

import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from tests.ui.xvfb import ROOT, child_env, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]

SCREENS = ("st-setup", "st-draft", "st-table", "st-dice", "st-demand", "st-negotiation-refused", "st-learn",
           "st-chance", "st-rolloff", "st-rolloff-dice", "st-end")


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display("1280x720")


def png_facts(path: Path) -> tuple[int, int, int]:
    """(width, height, distinct byte values in the pixel data) of a PNG, read with the standard library."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    return width, height, len(set(zlib.decompress(idat)))


@pytest.mark.parametrize("lang", ["zh_CN", "en"])
def test_ui_stone_tribe_tour(display: str, tmp_path: Path, lang: str) -> None:
    """Every screen saved, and none with a word cut (the tour prints "text cut on ..." for each)."""
    shots = tmp_path / "shots"
    env = child_env(display, tmp_path, tmp_path / "data")
    proc = subprocess.run([sys.executable, "-m", "companion.ui.games.stone_tribe.tour", str(shots),
                           "--lang", lang, "--size", "800x480"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=400)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert "saved 11 screenshots" in proc.stdout
    assert "text cut" not in proc.stdout, proc.stdout
    for name in SCREENS:
        path = shots / f"{name}-800x480-{lang}.png"
        assert path.exists(), f"{path.name} was not saved"
        assert path.stat().st_size > 15000, f"{path.name} is nearly empty"
        width, height, distinct = png_facts(path)
        assert (width, height) == (800, 480)
        assert distinct > 100, f"{path.name} looks blank"


def test_ui_stone_tribe_registers_its_screens(display: str, tmp_path: Path) -> None:
    env = child_env(display, tmp_path, tmp_path / "data")
    code = ("import companion.ui.games.stone_tribe as st\n"
            "from companion.ui import registry\n"
            "s = registry.screens_for('stone-tribe')\n"
            "print(s.table, s.extra['setup_screen'], ' '.join(sorted(s.screens)))\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split()[:2] == ["st_table", "st_setup"]
    names = set(proc.stdout.split()[2:])
    assert {"st_setup", "st_skill", "st_dice", "st_demand", "st_chance", "st_end"} <= names
