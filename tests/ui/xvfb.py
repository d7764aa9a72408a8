"""Start a private Xvfb display for a test module, and run the UI driver under it.

With ``CI`` set, a missing Xvfb fails the test with a clear message instead of skipping it.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from tools.xvfb import Xvfb, XvfbError

ROOT = Path(__file__).resolve().parents[2]


def xvfb_display(size: str = "1280x720") -> Iterator[str]:
    """Yield ``:N`` of a running Xvfb (GLX on), stopped afterwards."""
    if shutil.which("Xvfb") is None:
        message = "Xvfb is not installed (apt-get install xvfb): the UI tests need a display"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    try:
        server = Xvfb(size)
    except XvfbError as e:
        pytest.fail(str(e))
    try:
        yield server.name
    finally:
        server.stop()


def child_env(display: str, tmp: Path, data_dir: Path) -> dict[str, str]:
    """The environment of an app child: the display, a private Kivy home and data dir, no audio."""
    env = dict(os.environ)
    env.update(DISPLAY=display, KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_HOME=str(tmp / "kivy"), KIVY_AUDIO="",
               KCFG_KIVY_LOG_LEVEL="warning", CAIRN_DATA_DIR=str(data_dir), PYTHONPATH=str(ROOT))
    (tmp / "kivy").mkdir(exist_ok=True)
    return env


def run_driver(mode: str, display: str, tmp: Path, data_dir: Path, shots: Path, timeout: float = 400,
               extra_env: dict[str, str] | None = None) -> tuple[int, dict, str]:
    """Run ``tests/ui_driver.py MODE``; returns (exit status, report, stderr tail)."""
    import json

    shots.mkdir(parents=True, exist_ok=True)
    report = tmp / f"report-{mode}.json"
    env = child_env(display, tmp, data_dir)
    env.update(extra_env or {})
    proc = subprocess.run([sys.executable, str(ROOT / "tests" / "ui_driver.py"), mode, str(report), str(shots)],
                          env=env, capture_output=True, text=True, timeout=timeout)
    data = json.loads(report.read_text()) if report.exists() else {"errors": ["no report written"]}
    return proc.returncode, data, proc.stderr[-4000:]
