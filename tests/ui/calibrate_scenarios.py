"""Camera-calibration scenarios for ``tests/ui_driver.py``: the camera learns the table once, by taps.

* ``calibrate``: a camera over a felt tray on a wood table (the demo dice thrown into the tray,
  again every ~3.6 s). From the dice screen: "Calibrate camera", the tray found, the outline taken
  whole, found again and dragged by a corner, "Use this area", the dice's size learnt from the rolls,
  Save: settings.json holds it for this camera, the reader reads through it and the screen offers
  "Recalibrate". Recalibrating and cancelling keeps it; Settings opens it too; a camera pulled out
  mid-way goes back to the dice screen, where the dice are entered by touch.
* ``calibrate-st``: 石器部落's fate dice offer it too, and the flow comes back to them.
* ``calibrate-none``: no camera: neither the dice screen nor Settings shows any of it.

Mixed into the driver's ``Driver`` (``tap``, ``find``, ``place``, ``expect``, ``shot``, ``wait_for``,
``watch_rolls``, ``fresh_rolls``, ``report``); ``app_options(mode)`` gives the camera.
"""
from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

MODES = ("calibrate", "calibrate-st", "calibrate-none")
#: the tray in the camera's 640×480 frame: x, y, w, h in pixels
TRAY = (170, 90, 380, 300)
#: the key the test camera's calibration is kept under (its spec: no camera spec, kept as written)
KEY = "tray camera"


def app_options(mode: str) -> dict[str, Any]:
    """The tray camera (one that can be pulled out) for ``calibrate``; no camera for ``calibrate-none``."""
    if mode in ("calibrate", "calibrate-st"):
        plug = TrayPlug()
        return {"camera": KEY, "camera_opener": plug.open, "_plug": plug}
    if mode == "calibrate-none":
        return {"camera": "none"}
    return {}


def tray_fraction() -> tuple[float, float, float, float]:
    x, y, w, h = TRAY
    return x / 640, y / 480, w / 640, h / 480


class TrayPlug:
    """Opens a :class:`TrayCamera`; with ``present`` False the open one gives no pictures and opening it
    again fails (pulled out)."""

    def __init__(self) -> None:
        self.present = True
        self.opened: list[TrayCamera] = []

    def open(self, spec: Any) -> Any:
        from hardware.errors import DeviceUnavailable

        if not self.present:
            raise DeviceUnavailable("camera unplugged")
        self.opened.append(TrayCamera(self))
        return self.opened[-1]


class TrayCamera:
    """A 640×480 camera over a wood table with a dark-rimmed felt tray; the demo dice are thrown into
    the tray (seeded) again every 3 s after they come to rest."""

    description = "tray camera"
    pace = 1 / 30

    def __init__(self, plug: TrayPlug) -> None:
        import cv2
        import numpy as np

        from hardware.demo_dice import DemoDice

        self.plug = plug
        x, y, w, h = TRAY
        self.demo = DemoDice(3, size=(w, h), rng=int(os.environ.get("CAIRN_TEST_SEED", "5")), table="felt",
                             auto_roll=3.0, roll_seconds=0.6)
        yy, xx = np.mgrid[0:480, 0:640].astype(np.float32)
        grain = 0.5 + 0.5 * np.sin(xx / 7 + 2 * np.sin(yy / 40))
        table = np.stack([40 + 40 * grain, 80 + 50 * grain, 130 + 60 * grain], -1)
        self.table = np.clip(table, 0, 255).astype(np.uint8)
        cv2.rectangle(self.table, (x - 6, y - 6), (x + w + 5, y + h + 5), (25, 25, 25), -1)

    def read(self) -> Any:
        if not self.plug.present:
            return None
        x, y, w, h = TRAY
        frame = self.table.copy()
        frame[y:y + h, x:x + w] = self.demo.read()
        return frame

    def close(self) -> None:
        self.demo.close()


class CalibrateScenarios:
    """Scenario generators; each yields once per frame."""

    app: Any
    report: dict[str, Any]

    def calibrate_modes(self) -> dict[str, Any]:
        return {"calibrate": self.calibrate_flow, "calibrate-st": self.calibrate_stone_tribe,
                "calibrate-none": self.calibrate_none}

    # -- plumbing ----------------------------------------------------------------------------------
    def saved_calibrations(self) -> dict[str, Any]:
        """The calibrations in settings.json on disk, read afresh."""
        path = Path(os.environ["CAIRN_DATA_DIR"]) / "settings.json"
        return json.loads(path.read_text(encoding="utf-8")).get("calibrations", {}) if path.exists() else {}

    def reader_calibration(self) -> dict[str, Any] | None:
        """The calibration the app's dice reader reads through now, as settings.json holds it."""
        calibration = self.app.bridge.reader.calibration
        return None if calibration is None else calibration.to_dict()

    def visible(self, tid: str) -> bool:
        """True when a widget ``tid`` is on show, can be tapped and is not hidden."""
        try:
            widget = self.find(tid)
        except LookupError:
            return False
        return not widget.disabled and widget.opacity > 0 and widget.height > 0

    def wait_visible(self, tid: str, what: str) -> Iterator[None]:
        """Frames until ``tid`` shows, and a few more: laid out where it now shows, as an eye sees it
        before a finger moves."""
        yield from self.wait_for(lambda: self.visible(tid), what)
        yield from self.wait(0.3)

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> Iterator[None]:
        """A finger down at ``start``, moved to ``end`` in steps, and lifted (window coordinates)."""
        from kivy.tests.common import UnitTestTouch

        touch = UnitTestTouch(*start)
        touch.touch_down()
        yield
        for k in range(1, 6):
            touch.touch_move(start[0] + (end[0] - start[0]) * k / 5, start[1] + (end[1] - start[1]) * k / 5)
            yield
        touch.touch_up()
        yield
        yield
        self.report["steps"].append(f"drag {start} -> {end}")

    def to_gathering(self) -> Iterator[None]:
        """A 2-player Stone Age game with the forest and the hunting taken: the forest's dice screen."""
        yield from self.players(2)
        yield from self.place("forest", 5)
        yield from self.place("hunting", 5)
        yield from self.tap("action-forest-0")
        self.expect(self.app.sm.current == "sa_dice", "the forest's dice screen")

    # -- the flow ----------------------------------------------------------------------------------
    def calibrate_flow(self) -> Iterator[None]:
        from companion.i18n import _

        app = self.app
        out: dict[str, Any] = {}
        yield
        self.watch_rolls()
        yield from self.to_gathering()
        dice = app.sm.get_screen("sa_dice")
        yield from self.wait_visible("calibrate-camera", "the dice screen to offer a calibration")
        out["entry"] = {"text": self.find("calibrate-camera").text, "recalibrate": self.visible("recalibrate")}
        self.shot("calibrate-entry")
        # a. the area: the tray found on the picture
        yield from self.tap("calibrate-camera")
        self.expect(app.sm.current == "calibrate", "the calibration opens")
        screen = app.sm.get_screen("calibrate")
        yield from self.wait_for(lambda: screen.draft.proposal != "looking", "the tray to be looked for")
        out["found"] = {"proposal": screen.draft.proposal, "area": list(screen.draft.area)}
        yield from self.wait_for(lambda: screen.ids.picker.frames > 5, "the live picture")
        self.shot("calibrate-area")
        yield from self.tap("calib-whole")
        out["whole"] = list(screen.draft.area)
        yield from self.tap("calib-find")
        yield from self.wait_for(lambda: screen.draft.proposal != "looking", "the tray to be found again")
        out["found_again"] = list(screen.draft.area)
        # the top-left corner dragged out by 4 % of the frame each way
        picker = screen.ids.picker
        ax, ay = screen.draft.area[:2]
        start = picker.to_window(*picker.corners()[0])
        end = picker.to_window(*picker.point(ax - 0.04, ay - 0.04))
        yield from self.drag(start, end)
        out["dragged"] = list(screen.draft.area)
        self.shot("calibrate-dragged")
        yield from self.tap("calib-use-area")
        out["step"] = screen.draft.step
        yield from self.wait_for(lambda: screen.draft.rolls == () and screen.ids.picker.frames > 0, "the dice step")
        self.shot("calibrate-roll")
        # b. the dice: each settled roll read inside the area until the size is known
        yield from self.wait_for(lambda: screen.draft.learnt, "the dice's size to be learnt", seconds=120)
        yield from self.wait(0.3)
        out["learnt"] = {"text": screen.learnt, "die_px": screen.draft.die_px, "rolls": len(screen.draft.rolls),
                         "note": screen.note, "colours": len(screen.draft.colours),
                         "demo_colours": len({name for name, _, _ in self.plug.opened[-1].demo._colours}),
                         "swatches": [[round(255 * c) for c in w.rgb] for w in reversed(screen.ids.swatches.children)],
                         "demo_rgb": sorted({tuple(body[::-1]) for _, body, _ in self.plug.opened[-1].demo._colours})}
        self.shot("calibrate-learnt")
        # c. Save: kept for this camera, used at once, "Recalibrate" offered (the rolls read on until
        # Save, so what is kept is the draft as it stands at the tap)
        yield from self.tap("calib-save")
        calibration = screen.draft.calibration()
        out["after_save"] = {"screen": app.sm.current, "saved": self.saved_calibrations(),
                             "want": calibration.to_dict(),
                             "reader": self.reader_calibration() == calibration.to_dict()}
        yield from self.wait_visible("recalibrate", "Recalibrate on the dice screen")
        out["after_save"]["entry"] = self.find("recalibrate").text
        self.shot("calibrate-recalibrate")
        rolls = self.fresh_rolls()
        yield from self.wait_for(lambda: self.fresh_rolls() > rolls, "a camera roll read through the calibration",
                                 seconds=120)
        out["calibrated_roll"] = {"values": self.rolls[-1]["values"], "screen": list(dice.values)}
        # recalibrated, the size learnt again, then cancelled: the saved one stays
        saved = self.saved_calibrations()
        yield from self.tap("recalibrate")
        self.expect(app.sm.current == "calibrate", "Recalibrate opens the calibration")
        yield from self.wait_for(lambda: screen.draft.proposal != "looking", "the tray to be looked for")
        yield from self.tap("calib-whole")
        yield from self.tap("calib-use-area")
        yield from self.wait_for(lambda: screen.draft.learnt, "the size learnt again", seconds=120)
        yield from self.tap("calib-cancel")
        out["cancel"] = {"screen": app.sm.current, "saved_kept": self.saved_calibrations() == saved,
                         "reader": self.reader_calibration() == calibration.to_dict(),
                         "recalibrate": self.visible("recalibrate")}
        # Settings opens it too, and comes back
        app.go("settings")
        yield from self.wait_visible("recalibrate", "Recalibrate on Settings")
        out["settings"] = {"entry": self.find("recalibrate").text, "note": app.sm.get_screen("settings").calibration_note}
        self.shot("calibrate-settings")
        yield from self.tap("recalibrate")
        out["settings"]["opened"] = app.sm.current
        yield from self.tap("calib-cancel")
        out["settings"]["back"] = app.sm.current
        # the camera pulled out mid-way: back to the dice screen, touch entry there
        app.go("sa_dice")
        yield from self.wait_visible("recalibrate", "Recalibrate again")
        yield from self.tap("recalibrate")
        self.expect(app.sm.current == "calibrate", "Recalibrate opens the calibration")
        yield from self.wait_for(lambda: screen.draft.proposal != "looking", "the tray to be looked for")
        yield from self.tap("calib-use-area")
        self.plug.present = False
        yield from self.wait_for(lambda: app.sm.current != "calibrate", "the flow to end without the camera", seconds=30)
        out["gone"] = {"screen": app.sm.current, "banner": app.banner,
                       "want": _("The camera has gone: enter the dice by touch."),
                       "saved_kept": self.saved_calibrations() == saved}
        yield
        self.shot("calibrate-camera-gone")
        yield from self.wait(0.5)
        out["gone"]["button"] = self.visible("recalibrate") or self.visible("calibrate-camera")
        values = [3, 4, 5, 6, 2]
        for i, v in enumerate(values):
            yield from self.tap(f"die-{i}")
            yield from self.tap(f"face-{v}")
        out["gone"]["dice"] = list(dice.values)
        seat = self.state.current
        wood = self.state.players[seat].wood
        yield from self.tap("next")
        out["gone"]["confirmed"] = app.sm.current == "sa_table" and self.state.players[seat].wood == wood + 20 // 3
        self.report["calibrate"] = out

    def calibrate_stone_tribe(self) -> Iterator[None]:
        """石器部落's fate dice: "Calibrate camera" there, the area step, Cancel back to the fate dice."""
        app = self.app
        yield
        yield from self.st_three_drafted()
        yield from self.tap("st-draw")  # the fate dice come up with the draw
        self.expect(app.sm.current == "st_dice", "the fate dice")
        yield from self.wait_visible("calibrate-camera", "the fate dice to offer a calibration")
        self.shot("calibrate-st-entry")
        yield from self.tap("calibrate-camera")
        screen = app.sm.get_screen("calibrate")
        yield from self.wait_for(lambda: screen.draft.proposal != "looking", "the tray to be looked for")
        out = {"opened": app.sm.current, "proposal": screen.draft.proposal}
        yield from self.tap("calib-cancel")
        out["back"] = app.sm.current
        out["saved"] = self.saved_calibrations()
        self.report["calibrate"] = out

    def calibrate_none(self) -> Iterator[None]:
        """No camera: the dice screen and Settings show nothing of the calibration."""
        app = self.app
        yield
        yield from self.to_gathering()
        yield from self.wait(1.0)
        dice = app.sm.get_screen("sa_dice")
        out = {"dice": {"text": dice.calibrate_text, "shown": self.visible("calibrate-camera") or
                        self.visible("recalibrate")}}
        self.shot("calibrate-none-dice")
        app.go("settings")
        yield from self.wait(1.2)
        settings = app.sm.get_screen("settings")
        out["settings"] = {"text": settings.calibrate_text, "shown": self.visible("calibrate-camera") or
                           self.visible("recalibrate")}
        self.report["calibrate"] = out
