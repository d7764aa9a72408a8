"""Start a private Xvfb display for a test module, and run the UI driver under it.

With ``CI`` set, a missing Xvfb fails the test with a clear message instead of skipping it.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_display() -> int:
    for number in range(140, 240):
        if not Path(f"/tmp/.X{number}-lock").exists() and not Path(f"/tmp/.X11-unix/X{number}").exists():
            return number
    raise RuntimeError("no free X display number between :140 and :239")


def xvfb_display(size: str = "1280x720") -> Iterator[str]:
    """Yield ``:N`` of a running Xvfb (GLX on), killed afterwards."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        message = "Xvfb is not installed (apt-get install xvfb): the UI tests need a display"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    number = _free_display()
    proc = subprocess.Popen([xvfb, f":{number}", "-screen", "0", f"{size}x24", "+extension", "GLX", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not Path(f"/tmp/.X11-unix/X{number}").exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"Xvfb :{number} did not start")
        time.sleep(0.05)
    try:
        yield f":{number}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()


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
