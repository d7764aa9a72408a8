"""A long game night compressed: memory and counts of the real app playing whole games without a pause.

    python benchmarks/soak.py [--minutes 10] [--every 10] [--seed 1]

One child process runs the real app (800×480, English, no GPIO) with the demo camera, under ``$DISPLAY``
or a private Xvfb when it is unset. On every frame it:

* sends Stone Age commands through ``app.send`` (the path a tap takes), chosen by
  ``rules.stone_age.random_play``, for up to 25 ms, and starts a new game when one ends;
* keeps the dice screen open most of the time, with the camera preview drawn (the screen's own 15 Hz
  update plus one more blit a frame, so the preview path runs as often as the machine allows); every
  tenth hundred commands it shows the table, and the History screen once a game;
* throws the demo dice every 3 s and presses READ every 2 s (the settle reader reads them as well).

Every ``--every`` seconds it prints a sample: RSS, the preview frames drawn, dice reads that reached the
app, commands, games, Kivy clock events, widgets on the screens, live Python objects. At the end the
parent prints the table and the RSS slope (least squares, after the first fifth of the samples as warm-up)
in MB per hour of simulated play and per 10,000 preview frames.

Simulated time: a real game of Stone Age is some 600–900 commands in about 1.5 hours, so one hour of
play is taken as 600 commands (the busy end), and a 4-hour session as 2,400 commands. A real preview
at 15 frames a second for 4 hours would be 216,000 frames.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.xvfb import Xvfb, XvfbError  # noqa: E402
COMMANDS_PER_HOUR = 600


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Soak:
    """Drives the app from the Kivy clock; prints one JSON line per sample."""

    def __init__(self, app: object, seconds: float, every: float, seed: int) -> None:
        self.app = app
        self.seconds, self.every = seconds, every
        self.rng = random.Random(seed)
        self.commands = self.games = self.reads = self.flips = 0
        self.started = self.next_sample = self.next_throw = self.next_read = 0.0
        self.screen_until = 0

    def start(self, dt: float) -> None:
        from kivy.clock import Clock
        from kivy.core.window import Window

        app = self.app
        original = app.handle_roll

        def counted(roll: object, uncertain: int = 0) -> None:
            self.reads += 1
            original(roll, uncertain)

        app.handle_roll = counted
        Window.bind(on_flip=self._flip)
        self.started = time.monotonic()
        self.next_sample = self.started
        self._new_game()
        Clock.schedule_interval(self.tick, 0)

    def _flip(self, *args: object) -> None:
        self.flips += 1

    def _new_game(self) -> None:
        from companion.session import GameSession
        from rules.stone_age.random_play import random_command

        session = GameSession.new(self.app.store, "stone-age", random_command(None, self.rng, self.rng.randint(2, 4)))
        self.app.open_session(session)
        self._show("sa_dice")

    def _show(self, name: str) -> None:
        from rules.stone_age import Area

        if name == "sa_dice":
            self.app.sm.get_screen("sa_dice").prepare_gather(Area.FOREST, 3)
        self.app.go(name)

    def tick(self, dt: float) -> bool:
        from hardware.inputs import Press
        from rules.stone_age import Phase
        from rules.stone_age.random_play import random_command

        app, now = self.app, time.monotonic()
        if now >= self.next_sample:
            self.sample(now)
            self.next_sample += self.every
            if now - self.started >= self.seconds:
                app.stop()
                return False
        camera = app.bridge.camera
        if now >= self.next_throw and camera is not None and hasattr(camera.source, "roll"):
            camera.source.roll()
            self.next_throw = now + 3.0
        dice = app.sm.get_screen("sa_dice")
        if app.sm.current == "sa_dice":
            if now >= self.next_read:
                app.handle_press(Press("read"))
                self.next_read = now + 2.0
            dice._update_preview(0)
        end = now + 0.025
        while time.monotonic() < end:
            state = app.session.state
            if state.phase is Phase.OVER:
                self.games += 1
                self._show("sa_scoring")
                self._show("history")
                self._new_game()
                break
            if not app.send(random_command(state, self.rng)):
                raise RuntimeError(f"a random legal move was refused: {app.banner}")
            self.commands += 1
            if self.commands % 1000 == 0:
                self._show("sa_table")
                self.screen_until = self.commands + 100
            elif self.commands == self.screen_until:
                self._show("sa_dice")
        return True

    def sample(self, now: float) -> None:
        from kivy.clock import Clock

        app = self.app
        dice = app.sm.get_screen("sa_dice")
        row = {"t": now - self.started, "rss": rss_mb(), "frames": dice.preview_frames, "flips": self.flips,
               "reads": self.reads, "commands": self.commands, "games": self.games,
               "clock": len(Clock.get_events()), "widgets": sum(1 for _ in app.root.walk()),
               "screen_widgets": sum(1 for s in app.sm.screens for _ in s.walk()),
               "objects": len(gc.get_objects()),
               "listeners": len(app.session._listeners) if app.session else 0}
        print(json.dumps(row), flush=True)


def child(seconds: float, every: float, seed: int) -> None:
    from companion.ui.kivy_config import configure_kivy

    configure_kivy((800, 480), False, 0)
    from kivy.clock import Clock

    from companion.ui.app import AppOptions, CairnApp

    app = CairnApp(AppOptions(camera="demo", no_gpio=True, lang="en"))
    soak = Soak(app, seconds, every, seed)
    app.soak = soak  # the clock keeps weak references only
    Clock.schedule_once(soak.start, 0.5)
    app.run()


def slope(xs: list[float], ys: list[float]) -> float:
    """Least-squares slope of ``ys`` against ``xs``."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="wall time (default 10)")
    parser.add_argument("--every", type=float, default=10.0, help="seconds between samples (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_AUDIO="", KCFG_KIVY_LOG_LEVEL="error")
    xvfb = None
    if not env.get("DISPLAY"):
        try:
            xvfb = Xvfb("1280x720")
        except XvfbError as e:
            print(f"no DISPLAY, and no private one: {e}", file=sys.stderr)
            return 2
        env["DISPLAY"] = xvfb.name
    rows: list[dict[str, float]] = []
    try:
        with tempfile.TemporaryDirectory(prefix="cairn-soak-") as tmp:
            env["KIVY_HOME"], env["CAIRN_DATA_DIR"] = str(Path(tmp) / "kivy"), str(Path(tmp) / "data")
            code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); from benchmarks.soak import child; "
                    f"child({args.minutes * 60!r}, {args.every!r}, {args.seed!r})")
            print(f"Cairn soak: {args.minutes:g} min wall time, a sample every {args.every:g} s, seed {args.seed}")
            print(f"{'t s':>6} {'RSS MB':>7} {'frames':>7} {'flips':>7} {'reads':>6} {'cmds':>7} {'games':>5} "
                  f"{'clock':>5} {'widgets':>7} {'objects':>8} {'sim h':>6}", flush=True)
            proc = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True)
            assert proc.stdout is not None
            for line in proc.stdout:
                if not line.startswith("{"):
                    continue
                r = json.loads(line)
                rows.append(r)
                print(f"{r['t']:>6.0f} {r['rss']:>7.1f} {r['frames']:>7} {r['flips']:>7} {r['reads']:>6} "
                      f"{r['commands']:>7} {r['games']:>5} {r['clock']:>5} {r['screen_widgets']:>7} "
                      f"{r['objects']:>8} {r['commands'] / COMMANDS_PER_HOUR:>6.1f}", flush=True)
            err = proc.stderr.read() if proc.stderr else ""
            if proc.wait() != 0:
                print(f"the app failed (exit {proc.returncode}):\n{err[-3000:]}", file=sys.stderr)
                return 1
    finally:
        if xvfb is not None:
            xvfb.stop()
    if len(rows) < 5:
        print("too few samples for a slope", file=sys.stderr)
        return 1
    steady = rows[len(rows) // 5:]
    rss = [r["rss"] for r in steady]
    per_cmd = slope([r["commands"] for r in steady], rss)
    per_frame = slope([r["frames"] for r in steady], rss)
    last = rows[-1]
    print()
    print(f"played: {last['commands']} commands ({last['commands'] / COMMANDS_PER_HOUR:.1f} simulated hours at "
          f"{COMMANDS_PER_HOUR} commands an hour), {last['games']} whole games, {last['frames']} preview frames, "
          f"{last['reads']} dice reads, in {last['t'] / 60:.1f} min")
    print(f"RSS: {rows[0]['rss']:.0f} MB at the start, {steady[0]['rss']:.0f} MB after warm-up, "
          f"{last['rss']:.0f} MB at the end, peak {max(r['rss'] for r in rows):.0f} MB")
    print(f"RSS slope after warm-up: {per_cmd * COMMANDS_PER_HOUR:+.2f} MB per simulated hour, "
          f"{per_frame * 10000:+.2f} MB per 10,000 preview frames, "
          f"{slope([r['t'] for r in steady], rss) * 3600:+.1f} MB per wall hour")
    print(f"Kivy clock events: {rows[0]['clock']} -> {last['clock']}; widgets on all screens: "
          f"{rows[0]['screen_widgets']} -> {last['screen_widgets']}; Python objects: {steady[0]['objects']} -> "
          f"{last['objects']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
