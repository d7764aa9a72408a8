"""Camera specs, sources (folders, video files, picamera2, USB via a stand-in) and the reconnecting worker."""
from __future__ import annotations

import threading
import time
import types

import cv2
import numpy as np
import pytest

from hardware.camera import CameraSpec, FrameSource, NoCamera, open_or_demo, open_source, parse_spec
from hardware.camera_sources import FolderSource, OpenCVSource, Picamera2Source
from hardware.camera_worker import CameraStatus, CameraWorker, backoff
from hardware.demo_dice import DemoDice
from hardware.errors import BadSpec, DeviceUnavailable


def write_png(path, value: int) -> None:
    cv2.imwrite(str(path), np.full((24, 32, 3), value, np.uint8))


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "shots"
    d.mkdir()
    write_png(d / "b.png", 100)
    write_png(d / "a.png", 50)
    write_png(d / "C.PNG", 150)
    (d / "notes.txt").write_text("not a picture")
    (d / "broken.jpg").write_bytes(b"\xff\xd8\xff\xe0 this is no jpeg")
    return d


def make_video(path, values=(20, 80, 140, 200), fps=10.0) -> None:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (64, 48))
    assert writer.isOpened()
    for v in values:
        writer.write(np.full((48, 64, 3), v, np.uint8))
    writer.release()


# -- specs ------------------------------------------------------------------------------------------

def test_parse_spec_kinds(folder, tmp_path):
    make_video(tmp_path / "roll.avi")
    assert parse_spec("auto") == CameraSpec("auto") == parse_spec(None)
    assert parse_spec(" None ") == CameraSpec("none")
    assert parse_spec("demo") == CameraSpec("demo")
    assert parse_spec("Demo:5") == CameraSpec("demo", 5) and str(parse_spec("demo:5")) == "demo:5"
    assert parse_spec("picamera2") == CameraSpec("picamera2")
    assert parse_spec("0") == CameraSpec("index", 0) == parse_spec(0)
    assert parse_spec("12") == CameraSpec("index", 12)
    assert parse_spec("/dev/video2") == CameraSpec("device", "/dev/video2")
    assert parse_spec(str(folder)) == CameraSpec("folder", str(folder))
    assert parse_spec(str(folder / "a.png")) == CameraSpec("image", str(folder / "a.png"))
    assert parse_spec(str(tmp_path / "roll.avi")) == CameraSpec("video", str(tmp_path / "roll.avi"))
    assert str(parse_spec("3")) == "3" and str(parse_spec("auto")) == "auto"


def test_parse_spec_refuses_nonsense_clearly(folder):
    cases = {
        "": "empty camera spec; use auto, none, demo (or demo:5 for 5 dice), picamera2, a camera index "
            "like 0, a device like /dev/video2, a folder of images, an image file or a video file",
        "demo:0": "camera spec 'demo:0': the demo throws 1 to 12 dice, e.g. demo:5",
        "demo:x": "camera spec 'demo:x': the demo throws 1 to 12 dice, e.g. demo:5",
        "-1": "camera index -1 is out of range (0 to 63)",
        "99": "camera index 99 is out of range (0 to 63)",
        "webcam": "camera spec 'webcam': no such file or folder; use auto, none, demo (or demo:5 for 5 "
                  "dice), picamera2, a camera index like 0, a device like /dev/video2, a folder of images, "
                  "an image file or a video file",
    }
    for spec, message in cases.items():
        with pytest.raises(BadSpec) as exc:
            parse_spec(spec)
        assert str(exc.value) == message
    with pytest.raises(BadSpec, match=r"\.txt is neither an image"):
        parse_spec(str(folder / "notes.txt"))
    with pytest.raises(BadSpec, match="must be text"):
        parse_spec(3.5)  # type: ignore[arg-type]
    assert issubclass(BadSpec, ValueError)


# -- sources ----------------------------------------------------------------------------------------

def test_folder_source_cycles_sorted_images_and_skips_broken_ones(folder):
    source = open_source(str(folder))
    assert isinstance(source, FolderSource) and isinstance(source, FrameSource)
    assert source.description == "pictures in shots"
    got = [int(source.read()[0, 0, 0]) for _ in range(7)]
    assert got == [150, 50, 100, 150, 50, 100, 150]  # C.PNG, a.png, b.png (broken.jpg skipped), again
    assert source.read().shape == (24, 32, 3)
    source.close()
    with pytest.raises(DeviceUnavailable):
        source.read()


def test_single_image_and_empty_or_unreadable_folders(tmp_path, folder):
    one = open_source(str(folder / "b.png"))
    assert [int(one.read()[0, 0, 0]) for _ in range(3)] == [100, 100, 100]
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(BadSpec, match="holds no images"):
        open_source(str(empty))
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "x.png").write_bytes(b"nope")
    with pytest.raises(DeviceUnavailable, match="can be read"):
        open_source(str(bad)).read()


def test_video_source_plays_and_loops(tmp_path):
    make_video(tmp_path / "roll.avi", fps=10.0)
    source = open_source(str(tmp_path / "roll.avi"))
    assert isinstance(source, OpenCVSource)
    assert source.description == "video roll.avi"
    assert source.pace == pytest.approx(0.1)
    means = [float(source.read().mean()) for _ in range(9)]
    expected = [20, 80, 140, 200, 20, 80, 140, 200, 20]
    assert all(abs(m - e) < 8 for m, e in zip(means, expected)), means
    source.close()
    source.close()


def test_a_file_that_is_no_video_cannot_be_opened(tmp_path):
    fake = tmp_path / "fake.mp4"
    fake.write_bytes(b"definitely not a video")
    with pytest.raises(DeviceUnavailable, match="cannot open video fake.mp4"):
        open_source(str(fake))


class FakeCapture:
    """Stands in for cv2.VideoCapture on a USB camera: opens if its target is listed, gives frames."""

    working: dict[object, bool] = {}
    released: list[object] = []

    def __init__(self, target, api=None) -> None:
        self.target, self.api = target, api
        self.opened = target in self.working
        self.props: dict[int, float] = {}

    def isOpened(self) -> bool:
        return self.opened

    def set(self, prop, value) -> bool:
        self.props[prop] = value
        return True

    def get(self, prop) -> float:
        return self.props.get(prop, 0.0)

    def read(self):
        if self.working.get(self.target):
            return True, np.full((48, 64), 77, np.uint8)  # a grey camera
        return False, None

    def release(self) -> None:
        self.released.append(self.target)


def test_usb_camera_by_index_gets_a_frame_size_and_bgr(monkeypatch):
    monkeypatch.setattr(FakeCapture, "working", {3: True})
    source = open_source("3", capture=FakeCapture)
    assert source.description == "USB camera 3" and source.pace == 0
    assert source._cap.api == cv2.CAP_V4L2
    assert source._cap.props[cv2.CAP_PROP_FRAME_WIDTH] == 640
    assert source.read().shape == (48, 64, 3)
    with pytest.raises(DeviceUnavailable, match="cannot open USB camera 4"):
        open_source("4", capture=FakeCapture)


def test_usb_device_that_is_unplugged_says_so(monkeypatch):
    monkeypatch.setattr(FakeCapture, "working", {"/dev/video7": False})
    plugged = {"/dev/video7"}
    source = OpenCVSource("/dev/video7", capture=FakeCapture, exists=lambda path: path in plugged)
    assert source.read() is None  # the camera is there, just no frame yet
    plugged.clear()
    with pytest.raises(DeviceUnavailable) as exc:
        source.read()
    assert str(exc.value) == "USB camera /dev/video7 has been unplugged"


def test_auto_tries_pi_camera_then_usb_then_gives_the_reasons(monkeypatch):
    def no_picamera(name):
        raise ModuleNotFoundError(f"No module named {name!r}")

    monkeypatch.setattr(FakeCapture, "working", {"/dev/video1": False, "/dev/video2": True})
    devices = lambda: ["/dev/video0", "/dev/video1", "/dev/video2"]
    source = open_source("auto", capture=FakeCapture, import_module=no_picamera, list_devices=devices)
    assert source.description == "USB camera /dev/video2"
    assert "/dev/video1" in FakeCapture.released
    with pytest.raises(DeviceUnavailable) as exc:
        open_source("auto", capture=FakeCapture, import_module=no_picamera, list_devices=lambda: [])
    assert str(exc.value).startswith("no camera found (Pi camera: picamera2 is not installed")
    assert "no USB camera" in str(exc.value)


def test_picamera2_missing_is_reported_not_fatal():
    try:
        import picamera2  # noqa: F401
        pytest.skip("picamera2 is installed here")
    except ImportError:
        pass
    with pytest.raises(DeviceUnavailable, match="picamera2 is not installed"):
        open_source("picamera2")


def fake_picamera2(log: list[str], cameras: int = 1, channels: int = 3):
    class Picamera2:
        def __init__(self) -> None:
            if not cameras:
                raise IndexError("list index out of range")
            log.append("init")

        def create_preview_configuration(self, main):
            log.append(f"config {main['format']} {main['size']}")
            return {"main": main}

        def configure(self, config) -> None:
            log.append("configure")

        def start(self) -> None:
            log.append("start")

        def capture_array(self):
            return np.zeros((480, 640, channels), np.uint8)

        def stop(self) -> None:
            log.append("stop")

        def close(self) -> None:
            log.append("close")

    return types.SimpleNamespace(Picamera2=Picamera2)


def test_picamera2_source_with_a_stand_in_module():
    log: list[str] = []
    source = open_source("picamera2", import_module=lambda name: fake_picamera2(log, channels=4))
    assert isinstance(source, Picamera2Source) and source.description == "Raspberry Pi camera"
    assert source.read().shape == (480, 640, 3)
    source.close()
    source.close()
    assert log == ["init", "config RGB888 (640, 480)", "configure", "start", "stop", "close"]
    with pytest.raises(DeviceUnavailable, match="no Raspberry Pi camera connected"):
        open_source("picamera2", import_module=lambda name: fake_picamera2([], cameras=0))


def test_open_none_and_demo():
    none = open_source("none")
    assert isinstance(none, NoCamera) and none.read() is None
    demo = open_source("demo")
    assert isinstance(demo, DemoDice) and demo.read().shape == (480, 640, 3) and demo.n == 3
    assert open_source("demo:7").n == 7


def test_no_camera_found_falls_back_to_the_demo_only_for_auto(monkeypatch):
    def no_picamera(name):
        raise ModuleNotFoundError(name)

    monkeypatch.setattr(FakeCapture, "working", {"/dev/video0": True})
    kwargs = dict(capture=FakeCapture, import_module=no_picamera)
    demo = open_or_demo("auto", list_devices=lambda: [], **kwargs)
    assert isinstance(demo, DemoDice)
    assert demo.description.startswith("demo dice (3 synthetic dice on a ")
    assert demo.description.endswith(": no camera found (Pi camera: picamera2 is not installed (on "
                                     "Raspberry Pi OS: sudo apt install python3-picamera2, with a venv "
                                     "made with --system-site-packages); no USB camera (/dev/video*))")
    usb = open_or_demo("auto", list_devices=lambda: ["/dev/video0"], **kwargs)
    assert usb.description == "USB camera /dev/video0"
    with pytest.raises(DeviceUnavailable):
        open_or_demo("5", **kwargs)


# -- the worker -------------------------------------------------------------------------------------

class World:
    """A camera that can be unplugged and plugged in again."""

    def __init__(self) -> None:
        self.present = True
        self.opened = 0
        self.closed = 0

    def open(self, spec):
        if not self.present:
            raise DeviceUnavailable("cannot open USB camera 0")
        self.opened += 1
        return WorldCamera(self)


class WorldCamera:
    description = "USB camera 0"
    pace = 0.005

    def __init__(self, world: World) -> None:
        self.world = world

    def read(self):
        if not self.world.present:
            raise DeviceUnavailable("USB camera 0 has been unplugged")
        return np.zeros((4, 4, 3), np.uint8)

    def close(self) -> None:
        self.world.closed += 1


class StatusLog:
    def __init__(self) -> None:
        self.items: list[CameraStatus] = []
        self.cond = threading.Condition()

    def __call__(self, status: CameraStatus) -> None:
        with self.cond:
            self.items.append(status)
            self.cond.notify_all()

    def wait_for(self, predicate, timeout: float = 2.0) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: any(predicate(s) for s in self.items), timeout)

    def states(self) -> list[str]:
        with self.cond:
            return [s.state for s in self.items]


def test_backoff_doubles_up_to_five_seconds():
    delays = backoff()
    assert [next(delays) for _ in range(8)] == [0.25, 0.5, 1.0, 2.0, 4.0, 5.0, 5.0, 5.0]


def test_worker_reconnects_a_camera_that_vanishes_and_returns():
    world, log = World(), StatusLog()
    slept: list[float] = []
    stop = threading.Event()

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        stop.wait(min(seconds, 0.01))

    worker = CameraWorker("0", opener=world.open, on_status=log, sleep=sleep, first_retry=0.25, max_retry=5.0)
    worker.start()
    try:
        assert log.wait_for(lambda s: s.state == "connected")
        first = worker.latest()
        assert first is not None and first.seq >= 1
        world.present = False
        assert log.wait_for(lambda s: s.state == "disconnected" and "unplugged" in s.reason)
        assert log.wait_for(lambda s: s.state == "reconnecting" and "cannot open" in s.reason)
        assert worker.latest() is None
        deadline = time.monotonic() + 2
        while 5.0 not in slept and time.monotonic() < deadline:
            stop.wait(0.01)
        retries = [d for d in slept if d >= 0.25]
        assert retries[:6] == [0.25, 0.5, 1.0, 2.0, 4.0, 5.0]  # lost, then each failed reopen waits longer
        assert max(slept) == 5.0
        seen = first.seq
        world.present = True
        assert log.wait_for(lambda s: s.state == "connected" and log.states().count("connected") == 2)
        deadline = time.monotonic() + 2
        while (worker.latest() is None or worker.latest().seq <= seen) and time.monotonic() < deadline:
            stop.wait(0.01)
        assert worker.latest().seq > seen
    finally:
        assert worker.stop()
    assert world.closed == world.opened == 2
    assert log.states()[-1] == "stopped"
    assert log.states()[:2] == ["connected", "disconnected"]


def test_worker_never_blocks_the_caller():
    release = threading.Event()
    closed = threading.Event()

    class Slow:
        description = "slow camera"

        def read(self):
            return np.zeros((2, 2, 3), np.uint8)

        def close(self) -> None:
            closed.set()

    def opener(spec):
        release.wait(5)  # a driver that takes its time
        return Slow()

    log = StatusLog()
    worker = CameraWorker("0", opener=opener, on_status=log)
    t0 = time.monotonic()
    worker.start()
    assert worker.latest() is None
    assert worker.status.state == "connecting"
    assert worker.stop(timeout=0.1) is False
    assert time.monotonic() - t0 < 2.0  # far below the 5 s back-off or driver wait it must not sit out
    release.set()
    assert closed.wait(2), "the camera opened after stop() must be closed"
    assert log.wait_for(lambda s: s.state == "stopped")
    assert "connected" not in log.states()


def test_worker_stops_promptly_during_a_long_back_off():
    def opener(spec):
        raise DeviceUnavailable("no camera found")

    log = StatusLog()
    worker = CameraWorker("auto", opener=opener, on_status=log, first_retry=5.0)
    worker.start()
    assert log.wait_for(lambda s: s.retry_in == 5.0)
    t0 = time.monotonic()
    assert worker.stop()
    assert time.monotonic() - t0 < 2.0  # far below the 5 s back-off or driver wait it must not sit out
    assert log.items[-1] == CameraStatus("stopped", "auto", "no camera found")


def test_worker_reads_a_folder_at_its_pace_and_stops_promptly(folder):
    frames = []
    got = threading.Event()
    worker = CameraWorker(str(folder), on_frame=lambda shot: (frames.append(shot), got.set()))
    worker.start()
    assert got.wait(2)
    t0 = time.monotonic()
    assert worker.stop()
    assert time.monotonic() - t0 < 2.0  # far below the 5 s back-off or driver wait it must not sit out
    assert len(frames) == 1 and worker.latest() is frames[0] and frames[0].frame.shape == (24, 32, 3)
    assert worker.status.source == "pictures in shots"


def test_worker_gives_up_on_a_bad_spec_and_on_none():
    for spec, words in [("/no/such/folder", "no such file or folder"), ("none", "set to none")]:
        log = StatusLog()
        worker = CameraWorker(spec, on_status=log)
        worker.start()
        assert log.wait_for(lambda s: s.state == "stopped")
        assert log.items[-2].state == "disconnected" and words in log.items[-2].reason
        assert log.items[-2].retry_in is None
        assert words in str(log.items[-1])
        assert worker.stop()


def test_worker_notices_a_camera_that_stops_giving_pictures():
    class Frozen:
        description = "frozen camera"

        def read(self):
            return None

        def close(self) -> None:
            pass

    log = StatusLog()
    worker = CameraWorker("0", opener=lambda spec: Frozen(), on_status=log, lost_after=0.1, first_retry=1.0)
    worker.start()
    try:
        assert log.wait_for(lambda s: s.state == "disconnected" and s.reason == "no picture for 0.1 s")
    finally:
        worker.stop()
    with pytest.raises(RuntimeError):
        worker.start()


def test_a_failing_callback_does_not_stop_the_camera(folder, caplog):
    shots = []
    two = threading.Event()

    def on_frame(shot):
        shots.append(shot)
        if len(shots) == 2:
            two.set()
        raise ValueError("a bug in the app")

    worker = CameraWorker(str(folder), opener=lambda spec: FolderSource(str(folder), interval=0.01),
                          on_frame=on_frame)
    with worker:
        assert two.wait(2)
        assert isinstance(worker.source, FolderSource)
    assert "a bug in the app" in caplog.text
    assert worker.source is None


def test_worker_reads_a_camera_folder_again_after_it_went_away_and_came_back(folder, tmp_path):
    """A folder of pictures on a USB stick that is pulled out and put back is read again: the spec did
    work, so the folder being missing for a while is a camera unplugged, not a spec that makes no sense."""
    log, shots = StatusLog(), []
    got = threading.Condition()

    def on_frame(shot):
        with got:
            shots.append(shot)
            got.notify_all()

    def opener(spec):  # the real parse and folder source, at a quick pace
        return FolderSource(str(parse_spec(spec).target), interval=0.01)

    worker = CameraWorker(str(folder), opener=opener, on_status=log, on_frame=on_frame,
                          first_retry=0.01, max_retry=0.05)
    with worker:
        with got:
            assert got.wait_for(lambda: shots, 30)
        away = tmp_path / "pulled-out"
        folder.rename(away)
        assert log.wait_for(lambda s: s.state == "disconnected" and "no such file or folder" in s.reason, 30)
        assert "stopped" not in log.states()
        with got:
            seen = len(shots)
        away.rename(folder)
        with got:
            assert got.wait_for(lambda: len(shots) > seen, 30), log.items
        assert worker.status.state == "connected"
    assert log.items[-1].state == "stopped"
