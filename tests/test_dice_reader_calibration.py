"""The camera's dice reader thread reads through the camera's calibration: on a settled roll and on
READ, and with a calibration swapped while it runs. A real photo of dice in a tray
(``../shared/dice/nellbyler_d6_train``), read by the real reader; no window."""
from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest

from tests.conftest import shared_path
from vision.calibrate import Calibration
from vision.reader import read_dice

PHOTO = ("dice", "nellbyler_d6_train", "images", "IMG_20191208_111339.jpg")
#: the left half of the frame: some of the photo's dice, not all
LEFT = Calibration((0.0, 0.0, 0.5, 1.0))


def photo() -> np.ndarray:
    from hardware.image_file import load_image

    return load_image(str(shared_path(*PHOTO)))


class ScriptedCamera:
    """``latest()`` gives the next shot of a script each call (0.1 s apart), then the last one again:
    an empty tray, then the dice thrown in and lying still."""

    def __init__(self, frames: list[np.ndarray]) -> None:
        from hardware.camera_worker import Shot

        self.shots = [Shot(f, 0.1 * i, i + 1) for i, f in enumerate(frames)]
        self.calls = 0

    def latest(self) -> Any:
        shot = self.shots[min(self.calls, len(self.shots) - 1)]
        self.calls += 1
        return shot


class Reports:
    """What the reader reported: each ``on_settled`` and ``on_dice`` call, and an event per report."""

    def __init__(self) -> None:
        self.settled: list[tuple[tuple[int, ...], bool]] = []
        self.dice: list[tuple[tuple[Any, ...], tuple[int, int]]] = []
        self.event = threading.Event()

    def on_settled(self, values: tuple[int, ...], uncertain: int, fresh: bool, asked: bool) -> None:
        self.settled.append((tuple(values), asked))
        self.event.set()

    def on_dice(self, dice: tuple[Any, ...], size: tuple[int, int]) -> None:
        self.dice.append((dice, size))

    def next(self, timeout: float = 30) -> tuple[tuple[int, ...], bool]:
        assert self.event.wait(timeout), "no reading reported"
        self.event.clear()
        return self.settled[-1]


def test_reader_reads_a_settled_roll_through_the_calibration() -> None:
    from companion.ui.dice_reader import DiceReaderThread

    frame = photo()
    tray = np.full_like(frame, int(frame.mean()))
    whole = sorted(d.value for d in read_dice(frame))
    left = read_dice(frame, LEFT)
    assert 0 < len(left) < len(whole), "the photo has dice on both halves"
    reports = Reports()
    reader = DiceReaderThread(ScriptedCamera([tray] * 3 + [frame] * 8), on_settled=reports.on_settled,
                              period=0.01, calibration=LEFT, on_dice=reports.on_dice)
    reader.active = True
    reader.start()
    try:
        values, asked = reports.next()
    finally:
        reader.stop()
    assert not asked and list(values) == sorted(d.value for d in left)
    dice, size = reports.dice[-1]
    assert size == frame.shape[:2] and [d.box for d in dice] == [d.box for d in left]


def test_reader_takes_a_new_calibration_while_it_runs() -> None:
    """READ through the file camera: the whole frame, then (calibrated at run time, the same thread)
    the left half only, then the whole frame again once the calibration is dropped."""
    from companion.ui.dice_reader import DiceReaderThread
    from hardware.camera_worker import CameraWorker

    frame = photo()
    whole = sorted(d.value for d in read_dice(frame))
    left = sorted(d.value for d in read_dice(frame, LEFT))
    camera = CameraWorker(str(shared_path(*PHOTO)))
    reports = Reports()
    reader = DiceReaderThread(camera, on_settled=reports.on_settled, period=0.01)
    camera.start()
    try:
        for _ in range(300):
            if camera.latest() is not None:
                break
            threading.Event().wait(0.05)
        reader.start()
        reader.request_read()
        assert reports.next() == (tuple(whole), True)
        ident = reader.ident
        reader.set_calibration(LEFT)
        assert reader.calibration == LEFT
        reader.request_read()
        assert reports.next() == (tuple(left), True)
        reader.set_calibration(None)
        reader.request_read()
        assert reports.next() == (tuple(whole), True)
        assert reader.ident == ident and reader._thread.is_alive(), "the same thread all along"
    finally:
        reader.stop()
        camera.stop()


@pytest.mark.parametrize("calibration", [None, LEFT])
def test_reader_reports_nothing_new_for_a_frame_that_cannot_be_read(calibration: Calibration | None) -> None:
    """A frame the reader refuses is logged and skipped: the thread goes on and reads the next one."""
    from companion.ui.dice_reader import DiceReaderThread

    frame = photo()

    class Camera:
        def __init__(self) -> None:
            from hardware.camera_worker import Shot

            self.shots = [Shot(np.zeros((4,), np.uint8), 0.0, 1), Shot(frame, 0.1, 2)]

        def latest(self) -> Any:
            return self.shots.pop(0) if len(self.shots) > 1 else self.shots[0]

    reports = Reports()
    reader = DiceReaderThread(Camera(), on_settled=reports.on_settled, period=0.01, calibration=calibration)
    reader.start()
    try:
        reader.request_read()  # the bad frame: nothing reported, the thread lives on
        assert not reports.event.wait(0.5)
        reader.request_read()
        values, asked = reports.next()
    finally:
        reader.stop()
    assert asked and list(values) == sorted(d.value for d in read_dice(frame, calibration))


@pytest.mark.parametrize("fails", [False, True])
def test_reader_warms_up_before_its_first_read(fails: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a process's first read pays once (``vision.warm``) is paid before the thread reads a frame;
    a warm-up that fails (a model missing) is logged and the thread reads on, as it would have."""
    import vision.warm
    from companion.ui.dice_reader import DiceReaderThread

    calls: list[str] = []

    def warm_up() -> None:
        calls.append("warm")
        if fails:
            raise FileNotFoundError("no dice_pips_10.onnx in vision/models")

    class Reader(DiceReaderThread):
        def read(self, frame: Any) -> list[Any]:
            calls.append("read")
            return []

    monkeypatch.setattr(vision.warm, "warm_up", warm_up)
    reports = Reports()
    reader = Reader(ScriptedCamera([photo()]), on_settled=reports.on_settled, period=0.01)
    reader.start()
    try:
        reader.request_read()
        assert reports.next() == ((), True)
    finally:
        reader.stop()
    assert calls == ["warm", "read"]
