"""The demo camera: deterministic, tumbles then rests, draws the faces it claims, feeds settle detection."""
from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from hardware.demo_dice import COLOURS, TABLES, DemoDice
from hardware.errors import DeviceUnavailable
from vision.die import Die
from vision.settle import SettleDetector


class FakeClock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def count_pips(frame: np.ndarray, box: tuple[int, int, int, int], side: int) -> int:
    """Count the pips of the die in ``box`` from the pixels: inside the circle inscribed in the die, pips
    are the blobs that differ strongly from the die's body colour."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY).astype(np.int16)
    yy, xx = np.mgrid[0:grey.shape[0], 0:grey.shape[1]]
    inside = np.hypot(xx - cx, yy - cy) < 0.48 * side
    body = np.median(grey[inside])
    pips = (inside & (np.abs(grey - body) > 50)).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(pips)
    area = math.pi * (0.08 * side) ** 2
    return sum(1 for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] > 0.3 * area)


def pip_reader(cam: DemoDice):
    """A reader for demo frames that takes where the dice lie from the demo but their values from pixels."""
    def read(frame: np.ndarray) -> list[Die]:
        return [Die(count_pips(frame, d.box, cam.side), d.box, 0.9) for d in cam.truth()]
    return read


def test_demo_same_seed_same_pictures_and_rolls():
    a, b = FakeClock(), FakeClock()
    cam_a, cam_b = DemoDice(3, rng=11, clock=a), DemoDice(3, rng=11, clock=b)
    assert cam_a.roll() == cam_b.roll()
    a.t = b.t = 0.5
    assert np.array_equal(cam_a.read(), cam_b.read())
    assert cam_a.truth() == cam_b.truth()
    assert cam_a.description == cam_b.description and "3 synthetic dice" in cam_a.description


def test_demo_roll_values_and_validation():
    cam = DemoDice(5, rng=3, clock=FakeClock())
    for _ in range(20):
        values = cam.roll()
        assert len(values) == 5 and all(1 <= v <= 6 for v in values)
    assert cam.roll([1, 2, 3, 4, 5]) == (1, 2, 3, 4, 5)
    for bad in ([1, 2, 3], [0, 1, 2, 3, 4], [1, 2, 3, 4, 7]):
        with pytest.raises(ValueError):
            cam.roll(bad)
    with pytest.raises(ValueError):
        DemoDice(0)
    with pytest.raises(ValueError):
        DemoDice(2, table="marble")
    with pytest.raises(ValueError):
        DemoDice(2, size=(100, 80))


def test_demo_tumbles_for_about_a_second_then_rests():
    clock = FakeClock()
    cam = DemoDice(3, rng=5, clock=clock, noise=0)
    clock.t = 10.0
    cam.roll()
    rest = cam.rests_at()
    assert 10.6 <= rest <= 11.0
    frames = []
    for i in range(int((rest - 10.0) * 30)):
        clock.t = 10.0 + i / 30
        assert not cam.resting()
        frames.append(cam.read())
    moving = [np.abs(f.astype(int) - g).mean() > 0.2 for f, g in zip(frames, frames[1:])]
    assert all(moving[3:-3]), moving  # from 0.1 s after the throw to 0.1 s before the rest
    clock.t = rest
    still = cam.read()
    assert cam.resting()
    clock.t = rest + 3.0
    assert np.array_equal(cam.read(), still)


def test_demo_noise_is_small_and_changes():
    clock = FakeClock()
    cam = DemoDice(2, rng=5, clock=clock, noise=2.0)
    a, b = cam.read().astype(int), cam.read().astype(int)
    clean = cam.render(0.0).astype(int)
    assert not np.array_equal(a, b)
    assert 0.5 < np.abs(a - clean).mean() < 4


@pytest.mark.parametrize("seed", range(6))
def test_demo_resting_faces_show_the_rolled_values(seed):
    clock = FakeClock()
    cam = DemoDice(6, rng=seed, clock=clock, noise=2.0)
    values = cam.roll()
    clock.t = cam.rests_at() + 0.1
    frame = cam.read()
    truth = cam.truth()
    assert [d.value for d in truth] == list(values)
    assert [count_pips(frame, d.box, cam.side) for d in truth] == list(values)


def test_demo_dice_lie_apart_inside_the_frame():
    for seed in range(10):
        cam = DemoDice(12, rng=seed, clock=FakeClock())
        cam.roll()
        boxes = [d.box for d in cam.truth()]
        for x, y, w, h in boxes:
            assert 0 <= x and 0 <= y and x + w <= 640 and y + h <= 480
        centres = [(x + w / 2, y + h / 2) for x, y, w, h in boxes]
        assert all(math.dist(p, q) > cam.side for i, p in enumerate(centres) for q in centres[i + 1:])


def test_demo_uses_several_tables_and_colours():
    cams = [DemoDice(6, rng=s, clock=FakeClock()) for s in range(12)]
    assert {c.table for c in cams} == set(TABLES)
    colours = {d.colour for c in cams for d in c.truth()}
    assert len(colours) >= len(COLOURS) - 1
    assert {"ivory", "black"} <= colours  # light dice with dark pips and dark dice with light pips


def test_demo_auto_roll_throws_again_by_itself():
    clock = FakeClock()
    cam = DemoDice(3, rng=2, clock=clock, auto_roll=2.0)
    cam.roll()
    first_rest = cam.rests_at()
    clock.t = first_rest + 1.9
    cam.read()
    assert cam.rests_at() == first_rest
    clock.t = first_rest + 2.0
    cam.read()
    assert cam.rests_at() > first_rest + 2.0 and not cam.resting()


def test_demo_closed_camera_refuses_to_read():
    cam = DemoDice(1, rng=1, clock=FakeClock())
    cam.close()
    with pytest.raises(DeviceUnavailable, match="closed"):
        cam.read()


def test_demo_throws_are_reported_once_each_by_settle_detection():
    clock = FakeClock()
    cam = DemoDice(3, rng=21, clock=clock)
    det = SettleDetector(read=pip_reader(cam))
    reports, throws = [], []
    for k in range(3):
        throws.append((clock.t, cam.roll()))
        for _ in range(75):  # 2.5 s at 30 fps
            settled = det.feed(cam.read(), clock.t)
            if settled:
                reports.append((settled, cam.rests_at()))
            clock.t += 1 / 30
    assert [s.values for s, _ in reports] == [tuple(sorted(v)) for _, v in throws]
    for settled, rest in reports:
        assert 0 <= settled.t - rest <= 0.3 + 1 / 30


def test_demo_is_read_by_the_dice_reader():
    reader = pytest.importorskip("vision.reader")
    clock = FakeClock()
    right = total = 0
    for seed in range(4):
        cam = DemoDice(4, rng=seed, clock=clock)
        values = cam.roll()
        clock.t = cam.rests_at() + 0.1
        got = sorted(d.value for d in reader.read_dice(cam.read()))
        total += 1
        right += got == sorted(values)
    assert right >= 3, f"the reader read {right} of {total} demo throws"


def test_demo_through_the_camera_worker_reports_a_throw_in_real_time():
    import threading

    from hardware.camera_worker import CameraWorker

    cam = DemoDice(3, rng=8)
    det = SettleDetector(read=pip_reader(cam))
    done = threading.Event()
    reports = []

    def on_frame(shot):
        settled = det.feed(shot.frame, shot.t)
        if settled:
            reports.append(settled)
            done.set()

    with CameraWorker("demo", opener=lambda spec: cam, on_frame=on_frame):
        values = cam.roll()
        assert done.wait(4), f"no report; detector status {det.status}"
    assert [r.values for r in reports] == [tuple(sorted(values))]
    assert reports[0].still_since >= cam.rests_at() - 0.2  # not before the dice (nearly) stopped
