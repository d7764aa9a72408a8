"""石器部落 by touch alone, in a real window under Xvfb at 800×480 in Simplified Chinese: setup, the whole
free-skill draft, one turn (chance card, fate dice by their faces, a demand, a refused deal, the agreed
deal, end of turn), then a turn whose demand nobody takes (discarded without entering it), every tap through Kivy's input path; every touch target at least 48 px.

Run by the test as a child process (``python tests/test_ui_stone_tribe_touch.py REPORT``).
"""
from __future__ import annotations

import json
import subprocess
import sys
import traceback
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script in the child process, too

from companion.ui.taps import Taps  # noqa: E402

if __name__ != "__main__":
    import pytest

    from tests.ui.xvfb import child_env, xvfb_display

    pytestmark = [pytest.mark.ui, pytest.mark.slow]

    @pytest.fixture(scope="module")
    def display() -> str:
        yield from xvfb_display("1280x720")

    def test_ui_stone_tribe_by_touch(display: str, tmp_path: Path) -> None:
        report = tmp_path / "report.json"
        env = child_env(display, tmp_path, tmp_path / "data")
        proc = subprocess.run([sys.executable, str(Path(__file__)), str(report)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=300)
        data = json.loads(report.read_text()) if report.exists() else {"errors": ["no report"]}
        assert not data["errors"], "\n".join(data["errors"]) + proc.stderr[-3000:]
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert data["after_setup"] == {"phase": "draft", "current": "玩家 2", "doubles": "once", "players": 6}
        assert data["after_draft"]["phase"] == "draw"
        assert all(len(s) == 2 for s in data["after_draft"]["skills"])
        assert data["roll"] == [3, 5]
        assert any(b.startswith("不允许") for b in data["banners"]), data["banners"]
        assert data["after_turn"]["phase"] == "draw" and data["after_turn"]["current"] == "玩家 3"
        assert data["after_turn"]["shells"] == 2
        assert data["after_draw"] == "st_dice", "the draw brings up the fate dice"
        no_deal = data["no_deal"]
        assert (no_deal["phase"], no_deal["demand_done"], no_deal["screen"]) == ("main", True, "st_table")
        assert no_deal["lines"][0] == "玩家 3 discards the demand unfulfilled", no_deal["lines"]
        assert no_deal["current"] == "玩家 3" and any("draws" in line for line in no_deal["lines"]), no_deal["lines"]
        for screen, (w, h) in data["targets"].items():
            assert w >= 48 and h >= 48, f"{screen}: a touch target is {w:.0f}×{h:.0f} px"


class TouchDriver(Taps):
    """Taps the screens by their ``tid`` and writes what happened to ``report``."""

    def __init__(self, app: Any, report: Path) -> None:
        self.app = app
        self.path = report
        self.report: dict[str, Any] = {"errors": [], "banners": [], "targets": {}}
        self.steps: Iterator[None] | None = None

    def start(self) -> None:
        from kivy.clock import Clock

        self.steps = self.run()
        Clock.schedule_once(self.step, 0.5)

    def step(self, dt: float) -> None:
        from kivy.clock import Clock

        try:
            next(self.steps)
        except StopIteration:
            self.finish()
            return
        except Exception:
            self.report["errors"].append(traceback.format_exc())
            self.finish()
            return
        if self.app.banner and self.app.banner not in self.report["banners"]:
            self.report["banners"].append(self.app.banner)
        Clock.schedule_once(self.step, 0.03)

    def finish(self) -> None:
        self.path.write_text(json.dumps(self.report, ensure_ascii=False, indent=1), encoding="utf-8")
        self.app.stop()

    def measure(self) -> None:
        """The smallest enabled, visible button on the current screen."""
        from companion.ui.widgets import CairnButton

        sizes = [(w.width, w.height) for w in self.app.root.walk(restrict=True)
                 if isinstance(w, CairnButton) and not w.disabled and w.opacity > 0 and w.width > 1]
        sizes = sizes or [(0.0, 0.0)]
        self.report["targets"][self.app.sm.current] = [min(s[0] for s in sizes), min(s[1] for s in sizes)]

    @property
    def state(self) -> Any:
        return self.app.session.state

    def run(self) -> Iterator[None]:
        from companion.ui.games.stone_tribe import open_setup
        from rules.stone_tribe import RESOURCE_KINDS, SKILLS

        app = self.app
        open_setup(app, [("", "red"), ("", "blue"), ("", "green"), ("", "yellow"), ("", "white")])
        yield
        yield from self.tap("st-add-player")
        yield from self.tap("st-doubles-once")
        yield from self.tap("st-seat-1-start")
        self.measure()
        yield from self.tap("st-start-game")
        s = self.state
        self.report["after_setup"] = {"phase": s.phase.value, "current": s.current,
                                      "doubles": s.options.doubles.value, "players": len(s.players)}
        self.measure()
        yield from self.tap("st-draft")
        skills = list(SKILLS)
        pick = 0
        while self.state.phase.value == "draft":
            yield from self.tap(f"st-skill-{skills[pick % 5]}")
            yield from self.tap(f"st-face-{pick % 6 + 1}")
            yield from self.tap("st-face-5" if pick % 6 + 1 != 5 else "st-face-3")
            if pick == 0:
                self.measure()
            yield from self.tap("next")
            pick += 1
        s = self.state
        self.report["after_draft"] = {"phase": s.phase.value,
                                      "skills": [[c.skill for c in p.skills] for p in s.players]}
        yield from self.tap("st-draw")  # the chance card, and the fate dice come up
        self.report["after_draw"] = self.app.sm.current
        yield from self.tap("st-face-3")
        yield from self.tap("st-face-5")
        self.measure()
        yield from self.tap("next")
        self.report["roll"] = list(self.state.last_roll or ())
        me = self.state.player(self.state.current)
        kind = next(k for k in RESOURCE_KINDS if me.resources.get(k))
        yield from self.tap("st-demand")
        yield from self.tap(f"st-cost-{kind}")
        yield from self.tap("st-cost-shells")
        yield from self.tap("st-cost-shells")
        self.measure()
        yield from self.tap("next")
        seat = self.state.names.index(me.name)
        yield from self.tap(f"st-deal-player-{seat}")
        yield from self.tap(f"st-deal-{kind}")
        self.measure()
        yield from self.tap("next")  # refused: the 2 shells are not handed out
        yield from self.tap("st-deal-shells")
        yield from self.tap("st-deal-shells")
        yield from self.tap("next")
        yield from self.tap("st-end-turn")
        s = self.state
        self.report["after_turn"] = {"phase": s.phase.value, "current": s.current,
                                     "shells": s.player(me.name).shells}
        # the next turn: a demand card nobody takes, discarded without typing it in
        before = len(self.app.session.history())
        for tid in ("st-draw", "st-face-2", "st-face-6", "next", "st-demand", "st-demand-discard"):
            yield from self.tap(tid)
        s = self.state
        self.report["no_deal"] = {"phase": s.phase.value, "demand_done": s.demand_done, "screen": self.app.sm.current,
                                  "current": s.current,
                                  "lines": [item.text for item in self.app.session.history()[:-before]]}


def main(report: str) -> int:
    import os
    import tempfile

    os.environ.setdefault("CAIRN_DATA_DIR", tempfile.mkdtemp(prefix="cairn-st-touch-"))
    from companion.ui.kivy_config import configure_kivy

    configure_kivy((800, 480), False, 0)
    from kivy.core.window import Window

    Window.size = (800, 480)
    from companion.ui.app import AppOptions, CairnApp

    app = CairnApp(AppOptions(camera="none", lang="zh_CN", size=(800, 480), no_gpio=True))
    driver = TouchDriver(app, Path(report))
    from kivy.clock import Clock

    Clock.schedule_once(lambda dt: driver.start(), 0.5)
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
