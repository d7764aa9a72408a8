"""The camera's calibration: the dice area, the dice size, and what reading through them does.

Real held-out photos (../shared/dice, never trained on) set into bigger frames of drawn table
clutter; the pixels the locator is given are counted, so "a 12 MP frame costs no more" is checked
without timing anything.
"""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.test_vision_reader import heldout_names, load
from tools.dice_clutter import cluttered, keyboard
from vision import locate
from vision.calibrate import Calibration, find_area, learn_die_size
from vision.die import Die
from vision.errors import BadCalibration
from vision.reader import read_dice


def photo_in_clutter(index: int, seed: int = 4) -> tuple[np.ndarray, np.ndarray, tuple[float, float, float, float]]:
    """A held-out photo in a clutter frame 1.8 times as wide: frame, dice rows, the photo's area."""
    img, gt = load(heldout_names()[index])
    rows = np.array(gt, np.float32)
    frame, moved = cluttered(img, rows, np.random.default_rng(seed))
    ox = float(moved[0, 1] - rows[0, 1])
    h, w = frame.shape[:2]
    return frame, moved, (ox / w, 0.0, img.shape[1] / w, 1.0)


def centre_inside(d: Die, area: tuple[int, int, int, int]) -> bool:
    x, y, w, h = area
    return x <= d.box[0] + d.box[2] / 2 <= x + w and y <= d.box[1] + d.box[3] / 2 <= y + h


# ----------------------------------------------------------------------------- the settings form

def test_calibration_round_trips_through_its_dict() -> None:
    cal = Calibration((0.1, 0.2, 0.5, 0.6), 0.05)
    assert Calibration.from_dict(cal.to_dict()) == cal
    assert Calibration.from_dict({"area": [0, 0, 1, 1], "die_share": None}) == Calibration()


@pytest.mark.parametrize("data,field", [
    ({"area": [0, 0, 1]}, "area"), ({"area": "all"}, "area"), ({"area": [0, 0, 1, True]}, "area"),
    ({"area": [0.5, 0, 0.8, 1]}, "area"), ({"area": [0, 0, 0, 1]}, "area"), ({"area": [-0.1, 0, 1, 1]}, "area"),
    ({"area": [float("nan"), 0, 1, 1]}, "area"),
    ({"die_share": "big"}, "die_share"), ({"die_share": True}, "die_share"), ({"die_share": 0.9}, "die_share"),
    ({"die_share": 0.0}, "die_share"), ([1, 2], "object"),
])
def test_a_malformed_calibration_names_its_field(data: object, field: str) -> None:
    with pytest.raises(BadCalibration, match=field):
        Calibration.from_dict(data)  # type: ignore[arg-type]


def test_the_area_in_pixels_stays_inside_the_frame() -> None:
    assert Calibration((0.25, 0.5, 0.5, 0.5)).area_px(480, 640) == (160, 240, 320, 240)
    x, y, w, h = Calibration((0.999, 0.999, 0.001, 0.001)).area_px(480, 640)
    assert 0 <= x < 640 and 0 <= y < 480 and x + w <= 640 and y + h <= 480 and w >= 1 and h >= 1
    assert Calibration(die_share=0.05).die_px(480, 640) == pytest.approx(24.0)
    assert Calibration().die_px(480, 640) is None


# ----------------------------------------------------------------------------- finding the tray

def drawn_table(seed: int) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """A wood table with a plain felt tray and a keyboard beside it: the frame and the tray's box."""
    rng = np.random.default_rng(seed)
    h, w = 480, 640
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    grain = 0.5 + 0.5 * np.sin(xx / 7 + 2 * np.sin(yy / 40))
    img = np.clip(np.stack([40 + 40 * grain, 80 + 50 * grain, 130 + 60 * grain], -1), 0, 255).astype(np.uint8)
    tray = (int(rng.integers(20, 60)), int(rng.integers(20, 60)), 330, 300)
    x, y, tw, th = tray
    cv2.rectangle(img, (x, y), (x + tw, y + th), (25, 25, 25), 8)
    cv2.rectangle(img, (x + 4, y + 4), (x + tw - 4, y + th - 4), (40, 110, 30), -1)
    keyboard(img, 430, 60, 200, 380, 28, rng)
    return cv2.GaussianBlur(img, (3, 3), 0), tray


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_empty_tray_is_proposed_and_not_the_keyboard_beside_it(seed: int) -> None:
    img, (tx, ty, tw, th) = drawn_table(seed)
    area = find_area(img)
    assert area is not None
    x, y, w, h = Calibration(area).area_px(*img.shape[:2])
    assert x <= tx + 10 and y <= ty + 10 and x + w >= tx + tw - 10 and y + h >= ty + th - 10, (x, y, w, h)
    assert x + w < 430, "the keyboard is not part of the dice area"


def test_a_frame_with_nothing_to_tell_apart_proposes_no_area() -> None:
    flat = np.full((480, 640, 3), 128, np.uint8)
    assert find_area(flat) is None
    noise = np.random.default_rng(0).integers(0, 255, (480, 640, 3), dtype=np.uint8)
    assert find_area(noise) is None


def test_the_dice_size_is_learnt_from_sure_dice_only() -> None:
    sure = [Die(3, (10, 10, 30, 28), 0.9), Die(2, (80, 10, 32, 30), 0.8)]
    assert learn_die_size([sure], 480, 640) is None                   # two dice are not enough
    unsure = [Die(1, (0, 0, 200, 200), 0.2)]
    share = learn_die_size([sure, unsure, [Die(5, (200, 200, 31, 31), 0.95)]], 480, 640)
    assert share == pytest.approx(31 / 480)
    huge = [Die(6, (0, 0, 400, 400), 0.9)] * 3
    assert learn_die_size([huge], 480, 640) is None                   # no die spans 83 % of the frame


# ----------------------------------------------------------------------------- reading through it

def test_only_the_calibrated_area_is_read() -> None:
    """A real die pasted onto the clutter beside the tray: read without calibration, dropped with it."""
    frame, rows, area = photo_in_clutter(0)
    img, gt = load(heldout_names()[0])
    v, x, y, w, h = (int(round(c)) for c in max(gt, key=lambda g: g[3] * g[4]))
    m = max(w, h) // 2                                   # the tray around the die comes with it
    patch = img[max(0, y - m):y + h + m, max(0, x - m):x + w + m]
    cal = Calibration(area)
    px = cal.area_px(*frame.shape[:2])
    ax, ay, aw, ah = px
    at = (ax + aw + 40, 40) if ax + aw + 40 + patch.shape[1] < frame.shape[1] else (40, 40)
    frame[at[1]:at[1] + patch.shape[0], at[0]:at[0] + patch.shape[1]] = patch
    outside = (at[0], at[1], patch.shape[1], patch.shape[0])
    assert not centre_inside(Die(1, outside, 1.0), px)   # the pasted die is beside the tray
    whole = read_dice(frame)
    assert any(centre_inside(d, outside) for d in whole), "the pasted die was not found without calibration"
    dice = read_dice(frame, cal)
    assert dice and all(centre_inside(d, px) for d in dice)


def test_boxes_far_from_the_known_die_size_are_no_dice() -> None:
    """A die three times the size of the tray's dice pasted in: read without calibration, not with it."""
    img, gt = load(heldout_names()[1])
    size = float(np.median([max(g[3], g[4]) for g in gt]))
    v, x, y, w, h = max(gt, key=lambda g: g[3] * g[4])
    big = cv2.resize(img[int(y):int(y + h), int(x):int(x + w)], None, fx=3, fy=3, interpolation=cv2.INTER_CUBIC)
    frame = cv2.copyMakeBorder(img, 0, 0, 0, big.shape[1] + 40, cv2.BORDER_REPLICATE)
    frame[200:200 + big.shape[0], img.shape[1] + 20:img.shape[1] + 20 + big.shape[1]] = big
    h_, w_ = frame.shape[:2]
    at_big = (img.shape[1] + 20, 200, big.shape[1], big.shape[0])
    assert any(centre_inside(d, at_big) for d in read_dice(frame))
    cal = Calibration(die_share=size / min(h_, w_))
    assert not any(centre_inside(d, at_big) for d in read_dice(frame, cal))


def located_pixels(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The pixel count of every image handed to the locator network from now on."""
    seen: list[int] = []
    level = locate._level

    def counting(bgr: np.ndarray, scale: float, threshold: float, model=locate.MODEL):  # type: ignore[no-untyped-def]
        h, w = bgr.shape[:2]
        seen.append(max(8, round(w * scale)) * max(8, round(h * scale)))
        return level(bgr, scale, threshold, model)

    monkeypatch.setattr(locate, "_level", counting)
    return seen


def test_a_12_megapixel_frame_costs_the_locator_what_a_small_one_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """Uncalibrated, the locator sees at most what the same photo at 1 MP gives it; calibrated, a 4000x3000
    frame of the tray costs no more than the same tray at 640x480; both still read the dice."""
    img, gt = load(heldout_names()[2])
    small = cv2.resize(img, (640, 480), interpolation=cv2.INTER_AREA)
    huge = cv2.resize(img, (4000, 3000), interpolation=cv2.INTER_CUBIC)
    seen = located_pixels(monkeypatch)
    read_dice(cv2.resize(img, (1155, 866), interpolation=cv2.INTER_CUBIC))
    one_mp = sum(seen)
    seen.clear()
    dice = read_dice(huge)
    assert sum(seen) <= 1.05 * one_mp and len(dice) >= 0.8 * len(gt)
    share = float(np.median([max(g[3], g[4]) for g in gt])) / 640
    cal = Calibration((0.05, 0.05, 0.9, 0.9), share)
    seen.clear()
    small_dice = read_dice(small, cal)
    cost_small = sum(seen)
    seen.clear()
    huge_dice = read_dice(huge, cal)
    assert sum(seen) <= 1.2 * cost_small
    assert len(huge_dice) >= 0.8 * len(gt) and len(small_dice) >= 0.8 * len(gt)
