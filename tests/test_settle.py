"""Settle detection on synthetic frame sequences: rolls, hands, noise, light changes."""
from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.die import CERTAIN, Die
from vision.errors import BadImage
from vision.settle import (UNSETTLED, SettleDetector, Settled, changed_fraction, largest_change, mark_changes,
                           motion_image, same_places, same_reading)

FPS = 30.0
W, H = 640, 480
SIDE = 48
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


class Scene:
    """Renders grey frames: a table with camera noise, white dice with black pips, maybe a hand."""

    def __init__(self, seed: int = 1, noise: float = 3.0) -> None:
        rng = np.random.default_rng(seed)
        self.noise = [rng.normal(0, noise, (H, W)).astype(np.int16) for _ in range(7)]
        self.n = 0

    def frame(self, dice: list[tuple[int, int, int]], hand: tuple[int, int] | None = None,
              light: float = 0.0, shadow: float = 0.0) -> np.ndarray:
        img = np.full((H, W), 90, np.uint8)
        for value, x, y in dice:
            cv2.rectangle(img, (x, y), (x + SIDE - 1, y + SIDE - 1), 235, -1)
            for dx, dy in PIPS[value]:
                cv2.circle(img, (x + SIDE // 2 + dx * 13, y + SIDE // 2 + dy * 13), 5, 20, -1)
        if hand is not None:
            cv2.ellipse(img, hand, (150, 110), 20, 0, 360, 150, -1)
        self.n += 1
        if shadow:  # someone leaning over the table darkens its right part
            img[:, int(W * 0.62):] = (img[:, int(W * 0.62):] * (1 - shadow)).astype(np.uint8)
        out = img.astype(np.int16) + self.noise[self.n % len(self.noise)] + int(round(light))
        return np.clip(out, 0, 255).astype(np.uint8)


def square_reader(image: np.ndarray) -> list[Die]:
    """Reads the synthetic scene for real: bright squares are dice, dark blobs inside them are pips."""
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    n, _, stats, _ = cv2.connectedComponentsWithStats((grey > 200).astype(np.uint8))
    dice = []
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        if area < 0.5 * SIDE * SIDE or not 0.8 < w / h < 1.25:
            continue
        roi = (grey[y + 3:y + h - 3, x + 3:x + w - 3] < 100).astype(np.uint8)
        pips = cv2.connectedComponents(roi)[0] - 1
        dice.append(Die(value=pips, box=(int(x), int(y), int(w), int(h)), confidence=0.9))
    return dice


class Recorder:
    """Wraps a reader and remembers when it was called."""

    def __init__(self, reader=square_reader) -> None:
        self.reader = reader
        self.calls: list[float] = []
        self.now = 0.0

    def __call__(self, image: np.ndarray) -> list[Die]:
        self.calls.append(self.now)
        return self.reader(image)


def run(detector: SettleDetector, frames, recorder: Recorder | None = None):
    """Feed (frame, t, label) triples; return [(t, label, result, status)]."""
    out = []
    for frame, t, label in frames:
        if recorder is not None:
            recorder.now = t
        out.append((t, label, detector.feed(frame, t), detector.status))
    return out


def throw(scene: Scene, final: list[tuple[int, int, int]], t0: float, seconds: float = 0.8, fps: float = FPS):
    """Dice flying in from the left, tumbling (showing changing faces) and ending at ``final``."""
    n = int(seconds * fps)
    for i in range(n):
        k = (i + 1) / n
        dice = [((v + i) % 6 + 1, int(x - 250 * (1 - k) ** 2), int(y + 60 * (1 - k) * np.sin(i)))
                for v, x, y in final]
        if i == n - 1:
            dice = final
        yield scene.frame(dice), t0 + i / fps, "rest" if i == n - 1 else "moving"


def rest(scene: Scene, dice, t0: float, seconds: float, light=lambda t: 0.0, fps: float = FPS):
    for i in range(int(seconds * fps)):
        t = t0 + i / fps
        yield scene.frame(dice, light=light(t)), t, "still"


def hand_pass(scene: Scene, dice, t0: float, seconds: float = 0.7):
    n = int(seconds * FPS)
    for i in range(n):
        x = int(-200 + (W + 400) * i / (n - 1))
        yield scene.frame(dice, hand=(x, 260)), t0 + i / FPS, "hand"


def reports(results):
    return [(t, r) for t, _, r, _ in results if r is not None]


ROLL_A = [(3, 200, 150), (5, 330, 260)]
ROLL_B = [(3, 420, 120), (5, 150, 300)]  # the same values again, elsewhere on the table


def test_settle_one_report_within_0_3_s_of_rest():
    scene, rec = Scene(), Recorder()
    det = SettleDetector(read=rec)
    frames = list(rest(scene, [], 0.0, 0.5)) + list(throw(scene, ROLL_A, 0.5))
    frames += list(rest(scene, ROLL_A, 1.3, 2.0))
    results = run(det, frames, rec)
    rest_t = next(t for t, label, _, _ in results if label == "rest")
    got = reports(results)
    assert len(got) == 1
    t, settled = got[0]
    assert settled.values == (3, 5)
    assert 0 < t - rest_t <= 0.3
    assert abs(settled.still_since - rest_t) < 1e-9
    assert all(r is None for _, label, r, _ in results if label in ("moving", "rest"))
    assert {s for _, label, _, s in results if label == "moving"} <= {"moving", "hand"}
    assert "moving" in {s for _, label, _, s in results if label == "moving"}
    assert all(c >= rest_t for c in rec.calls), "the reader ran while dice were moving"
    assert len(rec.calls) == 2
    assert results[-1][3] == "idle"


@pytest.mark.parametrize("fps", [15.0, 24.0, 60.0])
def test_settle_reports_within_0_3_s_at_other_frame_rates(fps):
    scene, rec = Scene(), Recorder()
    det = SettleDetector(read=rec)
    frames = list(throw(scene, ROLL_A, 0.0, fps=fps)) + list(rest(scene, ROLL_A, 0.8, 1.5, fps=fps))
    results = run(det, frames, rec)
    rest_t = next(t for t, label, _, _ in results if label == "rest")
    got = reports(results)
    assert len(got) == 1 and got[0][1].values == (3, 5)
    assert 0 < got[0][0] - rest_t <= 0.3
    assert len(rec.calls) == 2


def test_settle_nothing_before_any_motion_and_nothing_while_still():
    scene, rec = Scene(), Recorder()
    det = SettleDetector(read=rec)
    results = run(det, rest(scene, ROLL_A, 0.0, 3.0), rec)
    assert reports(results) == []
    assert rec.calls == []
    assert {s for *_, s in results} == {"idle"}


def test_settle_lying_dice_are_reported_once_not_again():
    scene = Scene()
    det = SettleDetector(read=square_reader)
    frames = list(throw(scene, ROLL_A, 0.0)) + list(rest(scene, ROLL_A, 0.8, 5.0))
    assert len(reports(run(det, frames))) == 1


def test_settle_a_hand_passing_over_the_dice_is_not_a_new_roll():
    scene = Scene()
    det = SettleDetector(read=square_reader)
    frames = (list(throw(scene, ROLL_A, 0.0)) + list(rest(scene, ROLL_A, 0.8, 1.0))
              + list(hand_pass(scene, ROLL_A, 1.8)) + list(rest(scene, ROLL_A, 2.5, 1.5)))
    results = run(det, frames)
    assert len(reports(results)) == 1
    assert reports(results)[0][0] < 1.8
    assert "hand" in {s for _, label, _, s in results if label == "hand"}


def test_settle_a_shadow_that_falls_and_stays_is_not_a_new_roll():
    scene = Scene()
    det = SettleDetector(read=square_reader)
    frames = list(throw(scene, ROLL_A, 0.0)) + list(rest(scene, ROLL_A, 0.8, 1.0))
    frames += [(scene.frame(ROLL_A, shadow=0.25 * k), 1.8 + k / FPS, "shadow") for k in range(1, 3)]
    frames += [(scene.frame(ROLL_A, shadow=0.5), 1.8 + (3 + k) / FPS, "shaded") for k in range(45)]
    results = run(det, frames)
    assert len(reports(results)) == 1
    assert {s for _, label, _, s in results if label == "shadow"} & {"moving", "hand"}
    assert results[-1][3] == "idle"


def test_settle_a_die_nudged_a_little_is_not_a_new_roll():
    scene = Scene()
    det = SettleDetector(read=square_reader)
    nudged = [(3, 208, 156), ROLL_A[1]]
    frames = (list(throw(scene, ROLL_A, 0.0)) + list(rest(scene, ROLL_A, 0.8, 1.0))
              + list(hand_pass(scene, nudged, 1.8)) + list(rest(scene, nudged, 2.5, 1.0)))
    assert len(reports(run(det, frames))) == 1


def test_settle_ten_dice_thrown_are_dice_not_a_hand():
    scene = Scene()
    det = SettleDetector(read=square_reader)
    ten = [(1 + k % 6, 40 + (k % 5) * 120, 120 + (k // 5) * 160) for k in range(10)]
    results = run(det, list(throw(scene, ten, 0.0)) + list(rest(scene, ten, 0.8, 1.0)))
    statuses = [s for _, label, _, s in results if label == "moving"]
    assert statuses.count("moving") >= 0.9 * len(statuses) and "hand" not in statuses
    got = reports(results)
    assert len(got) == 1 and got[0][1].values == tuple(sorted(v for v, _, _ in ten))


def test_settle_the_same_roll_again_is_reported_again():
    scene = Scene()
    det = SettleDetector(read=square_reader)
    frames = (list(throw(scene, ROLL_A, 0.0)) + list(rest(scene, ROLL_A, 0.8, 1.0))
              + list(throw(scene, ROLL_B, 1.8)) + list(rest(scene, ROLL_B, 2.6, 1.0)))
    results = run(det, frames)
    got = reports(results)
    assert [r.values for _, r in got] == [(3, 5), (3, 5)]
    second_rest = [t for t, label, _, _ in results if label == "rest"][1]
    assert 0 < got[1][0] - second_rest <= 0.3


def test_settle_hand_lays_dice_down_reported_after_the_hand_has_gone():
    scene = Scene()
    det = SettleDetector(read=square_reader)
    frames = (list(rest(scene, [], 0.0, 0.5)) + list(hand_pass(scene, ROLL_A, 0.5))
              + list(rest(scene, ROLL_A, 1.2, 1.0)))
    results = run(det, frames)
    got = reports(results)
    assert len(got) == 1 and got[0][1].values == (3, 5)
    assert 1.2 < got[0][0] <= 1.5
    assert all(r is None for _, label, r, _ in results if label == "hand")


def test_settle_a_hand_over_an_empty_table_reports_nothing():
    scene = Scene()
    det = SettleDetector(read=square_reader)
    frames = list(rest(scene, [], 0.0, 0.5)) + list(hand_pass(scene, [], 0.5))
    frames += list(rest(scene, [], 1.2, 1.0))
    results = run(det, frames)
    assert reports(results) == []
    assert results[-1][3] == "idle"


def test_settle_slow_light_change_is_not_motion():
    scene = Scene()
    det = SettleDetector(read=square_reader)
    dim = lambda t: -25.0 * min(1.0, max(0.0, t - 1.0) / 4.0)  # 25 grey levels over 4 s
    frames = list(throw(scene, ROLL_A, 0.0)) + list(rest(scene, ROLL_A, 0.8, 5.0, light=dim))
    results = run(det, frames)
    assert len(reports(results)) == 1
    assert {s for t, _, _, s in results if t > 1.2} == {"idle"}


def test_settle_reports_through_a_slow_light_change():
    scene = Scene()
    det = SettleDetector(read=square_reader)
    brighten = lambda t: 8.0 * (t - 0.8)  # 8 grey levels per second while the dice settle
    frames = list(throw(scene, ROLL_A, 0.0)) + list(rest(scene, ROLL_A, 0.8, 1.0, light=brighten))
    got = reports(run(det, frames))
    assert len(got) == 1 and got[0][0] - 0.8 <= 0.3


def test_settle_camera_noise_alone_never_reports():
    scene = Scene(noise=6.0)
    det = SettleDetector(read=square_reader)
    changes = []
    for frame, t, _ in rest(scene, ROLL_A, 0.0, 4.0):
        assert det.feed(frame, t) is None
        changes.append(det.last_change)
    assert max(changes) < det.motion_fraction / 4


def test_settle_a_single_flicker_is_not_a_throw():
    scene = Scene()
    det = SettleDetector(read=square_reader)
    frames = list(rest(scene, ROLL_A, 0.0, 1.0))
    frames.append((scene.frame(ROLL_A, hand=(300, 240)), 1.0, "flicker"))
    frames += list(rest(scene, ROLL_A, 1.0 + 1 / FPS, 1.0))
    assert reports(run(det, frames)) == []


def test_settle_waits_until_two_readings_agree():
    answers = iter([[Die(2, (0, 0, 9, 9), 0.4)], [Die(3, (0, 0, 9, 9), 0.9)], [Die(3, (0, 0, 9, 9), 0.9)]])
    rec = Recorder(lambda image: next(answers))
    det = SettleDetector(read=rec)
    scene = Scene()
    results = run(det, list(throw(scene, ROLL_A, 0.0)) + list(rest(scene, ROLL_A, 0.8, 1.0)), rec)
    got = reports(results)
    assert len(got) == 1 and got[0][1].values == (3,)
    assert len(rec.calls) == 3
    assert got[0][0] == pytest.approx(rec.calls[-1])


def test_settle_a_reader_that_keeps_changing_its_mind_is_reported_uncertain_after_max_reads():
    flip = iter(range(100))

    def wavering(image):  # the first die reads as 3 or 4 by turns; the second is steady
        dice = square_reader(image)
        return [replace(dice[0], value=3 + next(flip) % 2), dice[1]] if len(dice) == 2 else dice

    rec = Recorder(wavering)
    det = SettleDetector(read=rec, max_reads=4)
    scene = Scene()
    frames = list(throw(scene, ROLL_A, 0.0)) + list(rest(scene, ROLL_A, 0.8, 2.0))
    got = reports(run(det, frames, rec))
    assert len(got) == 1 and len(rec.calls) == 4
    dice = sorted(got[0][1].dice, key=lambda d: d.box)
    assert [d.value for d in dice] == [4, 5]
    assert dice[0].confidence <= UNSETTLED < CERTAIN and dice[1].confidence == 0.9


def test_settle_motion_between_two_readings_starts_over():
    scene, rec = Scene(), Recorder()
    det = SettleDetector(read=rec)
    frames = list(throw(scene, ROLL_A, 0.0)) + list(rest(scene, ROLL_A, 0.8, 0.14))
    frames += list(throw(scene, ROLL_B, 0.8 + 5 / FPS, 0.3)) + list(rest(scene, ROLL_B, 1.1 + 5 / FPS, 1.0))
    results = run(det, frames, rec)
    got = reports(results)
    assert [r.values for _, r in got] == [(3, 5)]
    assert got[0][0] > 1.1
    assert got[0][1].dice[0].box[0] in (150, 420)  # read from ROLL_B's picture
    assert {d.box[:2] for d in got[0][1].dice} == {(150, 300), (420, 120)}


def test_settle_accepts_colour_frames_and_rejects_bad_ones():
    det = SettleDetector(read=square_reader)
    bgr = cv2.cvtColor(Scene().frame(ROLL_A), cv2.COLOR_GRAY2BGR)
    assert det.feed(bgr, 0.0) is None
    for bad, words in [(None, "numpy array"), (np.zeros((4, 4), np.float32), "uint8"),
                       (np.zeros((4, 4, 2), np.uint8), "shape"), (np.zeros((1, 0), np.uint8), "too small")]:
        with pytest.raises(BadImage, match=words):
            det.feed(bad, 1.0)


def test_settle_bad_settings_are_refused():
    with pytest.raises(TypeError):
        SettleDetector(read=None)
    with pytest.raises(ValueError):
        SettleDetector(read=square_reader, motion_fraction=0.5, hand_fraction=0.1)
    with pytest.raises(ValueError):
        SettleDetector(read=square_reader, max_reads=1)


def test_motion_image_and_change_measures():
    a = motion_image(np.full((480, 640, 3), 100, np.uint8))
    assert a.shape == (120, 160) and a.dtype == np.uint8
    b = a.copy()
    b[:12, :16] = 200
    assert changed_fraction(a, b) == pytest.approx(0.01)
    assert changed_fraction(a, np.clip(a.astype(int) + 40, 0, 255).astype(np.uint8)) == 0.0
    assert largest_change(a, b) == pytest.approx(0.01)
    b[60:72, 80:96] = 0  # a second region of the same size: still 1 % for the largest
    assert changed_fraction(a, b) == pytest.approx(0.02) and largest_change(a, b) == pytest.approx(0.01)
    assert largest_change(a, a) == 0.0
    assert same_reading([Die(1, (0, 0, 1, 1), 1.0), Die(6, (5, 5, 1, 1), 0.2)],
                        [Die(6, (9, 9, 1, 1), 0.9), Die(1, (0, 0, 1, 1), 0.9)])
    assert not same_reading([Die(1, (0, 0, 1, 1), 1.0)], [Die(1, (0, 0, 1, 1), 1.0)] * 2)


def test_same_places_pairs_dice_by_value_and_position():
    a = [Die(3, (100, 100, 40, 40), 0.9), Die(3, (300, 100, 40, 40), 0.9)]
    assert same_places(a, [Die(3, (305, 110, 40, 40), 0.8), Die(3, (90, 95, 44, 44), 0.9)])
    assert not same_places(a, [Die(3, (100, 100, 40, 40), 0.9), Die(3, (100, 300, 40, 40), 0.9)])
    assert not same_places(a, [Die(3, (100, 100, 40, 40), 0.9), Die(4, (300, 100, 40, 40), 0.9)])
    assert not same_places(a, a[:1])
    assert not same_places([], [])


def test_mark_changes_lowers_only_the_dice_that_changed():
    before = [Die(2, (0, 0, 10, 10), 0.9), Die(6, (50, 50, 10, 10), 0.8)]
    after = [Die(2, (1, 1, 10, 10), 0.9), Die(5, (50, 50, 10, 10), 0.8)]
    assert [d.confidence for d in mark_changes(before, after)] == [0.9, UNSETTLED]


def test_settled_values_and_uncertain():
    s = Settled(dice=(Die(5, (0, 0, 1, 1), 0.9), Die(2, (0, 0, 1, 1), 0.3)), still_since=0.0, t=0.2,
                frame=np.zeros((2, 2), np.uint8))
    assert s.values == (2, 5)
    assert [d.value for d in s.uncertain] == [2]
