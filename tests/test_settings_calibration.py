"""Camera calibrations in settings.json: kept per camera, read back through ``Calibration.from_dict``,
and a malformed one named (camera and field) and dropped while the rest of the file still counts."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import settings as sm
from vision.calibrate import Calibration


def test_settings_calibrations_round_trip_per_camera(_private_data_dir: Path) -> None:
    demo = Calibration((0.1, 0.2, 0.6, 0.7), 0.12)
    usb = Calibration((0.0, 0.0, 1.0, 1.0), 0.05)
    chosen = sm.Settings(camera="demo").with_calibration("demo", demo).with_calibration("/dev/video0", usb)
    path = sm.save(chosen)
    back = sm.load()
    assert back == chosen and back.problems == ()
    assert back.calibration("demo") == demo and back.calibration("/dev/video0") == usb
    assert back.calibration("picamera2") is None and back.calibration("") is None
    assert json.loads(path.read_text(encoding="utf-8"))["calibrations"]["demo"] == demo.to_dict()
    again = back.with_calibration("demo", None)
    assert again.calibration("demo") is None and again.calibration("/dev/video0") == usb
    assert back.calibration("demo") == demo, "a copy: the loaded settings are not changed"


def test_settings_a_malformed_calibration_is_named_and_the_rest_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"camera": "demo", "rotation": 90, "calibrations": {
        "demo": {"area": [0, 0, 1], "die_share": 0.1},
        "/dev/video0": {"area": [0.1, 0.1, 0.5, 0.5], "die_share": "big"},
        "picamera2": {"area": [0.2, 0.2, 0.5, 0.5], "die_share": 0.1}}}), encoding="utf-8")
    s = sm.load(path)
    assert s.camera == "demo" and s.rotation == 90
    assert s.calibration("demo") is None and s.calibration("/dev/video0") is None
    assert s.calibration("picamera2") == Calibration((0.2, 0.2, 0.5, 0.5), 0.1)
    assert len(s.problems) == 2, s.problems
    assert any("'demo'" in p and "area must be four numbers" in p for p in s.problems), s.problems
    assert any("'/dev/video0'" in p and "die_share must be a number" in p for p in s.problems), s.problems


def test_settings_calibrations_that_are_no_object_are_named(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "zh_CN", "calibrations": [1, 2]}), encoding="utf-8")
    s = sm.load(path)
    assert s.language == "zh_CN" and s.calibrations == {}
    assert len(s.problems) == 1 and "calibrations" in s.problems[0], s.problems


def test_settings_replace_refuses_a_bad_calibration_naming_its_field() -> None:
    with pytest.raises(ValueError, match="camera 'demo'.*die_share"):
        sm.Settings().replace(calibrations={"demo": {"area": [0, 0, 1, 1], "die_share": 0.95}})
    with pytest.raises(ValueError, match="camera names"):
        sm.Settings().replace(calibrations={"": {"area": [0, 0, 1, 1]}})


class _Capture:
    """A stand-in for cv2.VideoCapture that opens and gives nothing."""

    def __init__(self, *args: object) -> None:
        pass

    def isOpened(self) -> bool:
        return True

    def set(self, *args: object) -> bool:
        return True

    def get(self, *args: object) -> float:
        return 0.0

    def release(self) -> None:
        pass


class _Picamera2Module:
    class Picamera2:
        def create_preview_configuration(self, **kw: object) -> dict:
            return {}

        def configure(self, config: object) -> None:
            pass

        def start(self) -> None:
            pass


@pytest.mark.parametrize("spec, key", [
    ("demo", "demo"), ("demo:5", "demo:5"), (" 2 ", "/dev/video2"), ("/dev/video2", "/dev/video2"),
    ("picamera2", "picamera2"), ("auto", ""), ("a camera a test opens", "a camera a test opens"),
])
def test_settings_camera_key_is_the_spec_that_names_the_camera(spec: str, key: str) -> None:
    assert sm.camera_key(spec) == key


def test_settings_camera_key_of_auto_is_the_camera_it_found() -> None:
    """"auto" keeps the calibration under the spec that names the camera it found, so the same camera
    keeps it whether it was chosen by auto or by name."""
    from hardware.camera_sources import OpenCVSource, Picamera2Source
    from hardware.demo_dice import DemoDice

    usb = OpenCVSource("/dev/video0", capture=_Capture)
    pi = Picamera2Source(import_module=lambda name: _Picamera2Module)
    assert sm.camera_key("auto", usb) == sm.camera_key("/dev/video0") == "/dev/video0"
    assert sm.camera_key("auto", pi) == "picamera2"
    assert sm.camera_key("auto", DemoDice(3)) == "demo"
    assert sm.camera_key("demo:3", DemoDice(3)) == "demo:3", "a spec that names a camera is its key"
