"""Start-up time to the first interactive frame, and resident memory with the camera preview on.

    python benchmarks/startup_bench.py [--size 800x480] [--runs 3]

Each run starts a fresh process (``python -c`` running this file's ``child()``) with a private data
dir and the demo camera, and reports:

* ``first frame``: from process start to the first frame drawn after the Home screen is ready
  (Kivy has dispatched ``on_start`` and flipped the window once), i.e. when a tap would work;
* ``RSS home``: resident memory at that moment;
* ``RSS preview``: resident memory after 3 s on the dice screen with the demo camera's preview
  and the dice reader running.

The first run of a data dir also copies the CJK font face out of the system collection (cold); the
later runs reuse it (warm). Needs a display: uses ``$DISPLAY``, or starts Xvfb when it is unset.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.xvfb import Xvfb, XvfbError  # noqa: E402


def rss_mb() -> float:
    """This process's resident set size in MB (from /proc)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def child(size: str, started: float) -> None:
    """Run the app, measure, print one JSON line, exit."""
    from companion.ui.kivy_config import configure_kivy

    w, h = (int(v) for v in size.split("x"))
    configure_kivy((w, h), False, 0)
    from kivy.clock import Clock
    from kivy.core.window import Window

    from companion.ui.app import AppOptions, CairnApp

    result: dict[str, float] = {}
    app = CairnApp(AppOptions(camera="demo", no_gpio=True, lang="en"))

    def first_flip(*_args: object) -> None:
        Window.unbind(on_flip=first_flip)
        result["first_frame"] = time.time() - started
        result["rss_home"] = rss_mb()
        Clock.schedule_once(open_dice, 0.2)

    def open_dice(dt: float) -> None:
        from rules.stone_age import Area

        app.sm.get_screen("home").start_game()
        screen = app.sm.get_screen("sa_dice")
        screen.prepare_gather(Area.FOREST, 3)
        app.go("sa_dice")
        Clock.schedule_once(measure, 3.0)

    def measure(dt: float) -> None:
        result["rss_preview"] = rss_mb()
        result["preview_frames"] = float(app.bridge.camera.latest().seq if app.bridge.camera.latest() else 0)
        print(json.dumps(result), flush=True)
        app.stop()

    app.bind(on_start=lambda *_: Window.bind(on_flip=first_flip))
    app.run()


def run_once(size: str, data_dir: Path, env: dict[str, str]) -> dict[str, float]:
    env = dict(env, CAIRN_DATA_DIR=str(data_dir))
    started = time.time()
    code = f"import sys; sys.path.insert(0, {str(ROOT)!r}); from benchmarks.startup_bench import child; child({size!r}, {started!r})"
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            return json.loads(line)
    raise RuntimeError(f"the app did not report (exit {proc.returncode}):\n{proc.stderr[-2000:]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_AUDIO="", KCFG_KIVY_LOG_LEVEL="error")
    xvfb = None
    if not env.get("DISPLAY"):
        try:
            xvfb = Xvfb("1920x1080")
        except XvfbError as e:
            print(f"no DISPLAY, and no private one: {e}", file=sys.stderr)
            return 2
        env["DISPLAY"] = xvfb.name
    try:
        with tempfile.TemporaryDirectory(prefix="cairn-bench-") as tmp:
            env["KIVY_HOME"] = str(Path(tmp) / "kivy")
            data = Path(tmp) / "data"
            print(f"Cairn start-up, {args.size}, demo camera preview ({args.runs} runs; run 1 is cold)")
            print(f"{'run':>4} {'first frame s':>14} {'RSS home MB':>12} {'RSS preview MB':>15} {'camera frames':>14}")
            for i in range(args.runs):
                r = run_once(args.size, data, env)
                print(f"{i + 1:>4} {r['first_frame']:>14.2f} {r['rss_home']:>12.0f} {r['rss_preview']:>15.0f} "
                      f"{r['preview_frames']:>14.0f}")
    finally:
        if xvfb is not None:
            xvfb.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
