"""read_dice at a real table: clutter beside the dice, dice with emblems, and big dice.

Held-out photos (never trained on) are set into frames full of drawn clutter (tools/dice_clutter.py:
keyboards, ports, cards, tokens, cables, print); dice with an emblem in place of a face's pips are
drawn (tools/dice_data.py). The floors are under what the committed models measure
(benchmarks/dice_scenes.py prints the figures); what may never happen is a sure die that is wrong.
"""
from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from tests.test_vision_reader import LABEL_ERRORS, heldout_names, load
from tools.dice_clutter import cluttered, emblem
from tools.dice_data import render_die, score_read
from vision.calibrate import Calibration
from vision.reader import read_dice


@cache
def clutter_reads(calibrated: bool, seed: int = 99) -> tuple[int, int, int, int]:
    """(dice, read right, reported, sure and wrong) over every held-out photo in clutter drawn from ``seed``."""
    rng = np.random.default_rng(seed)
    n = right = reported = sure_wrong = 0
    for name in heldout_names():
        img, gt = load(name)
        rows0 = np.array(gt, np.float32)
        frame, rows = cluttered(img, rows0, rng)
        cal = None
        if calibrated:
            ox = float(rows[0, 1] - rows0[0, 1])
            share = float(np.median(np.maximum(rows[:, 3], rows[:, 4]))) / min(frame.shape[:2])
            cal = Calibration((ox / frame.shape[1], 0.0, img.shape[1] / frame.shape[1], 1.0), share)
        r, k, sw = score_read(rows, read_dice(frame, cal))
        n, right, reported, sure_wrong = n + len(rows), right + r, reported + k, sure_wrong + sw
    return n, right, reported, sure_wrong


@pytest.mark.slow
@pytest.mark.parametrize("seed", [99, 102, 103, 2026])
def test_clutter_beside_the_dice_is_not_read_as_sure_dice(seed: int) -> None:
    """Without a calibration clutter is seldom taken for dice, and never for sure ones: boxes the
    reader is unsure of and the classifier finds rather like no die are dropped
    (``MAX_NOT_DIE_UNSURE``; with every unsure box kept 421 dice are reported for 388), and a box
    the classifier doubts is a die at all is never sure (``SURE_MAX_NOT_DIE``: without it tokens
    with a dot are sure 1s), nor kept when its size is not the dice's (``ODD_SIZED``: without it
    seed 102 reports 405 dice for 388, with it 399), nor sure when its face is a disc
    (``vision.shape``: without it seed 2026 has a round token read as a sure 1). The only sure dice
    that count as wrong are the mislabelled ones."""
    n, right, reported, sure_wrong = clutter_reads(False, seed)
    assert right >= 0.93 * n
    assert sure_wrong <= sum(LABEL_ERRORS.values()), f"{sure_wrong} sure dice were wrong or no dice at all"
    assert reported <= 1.04 * n, f"{reported} dice reported for {n}"


@pytest.mark.slow
def test_a_calibrated_camera_reads_the_tray_and_nothing_beside_it() -> None:
    """Through a calibration (the tray's part of the frame, the dice's size) nothing beside the
    tray is read, and the only sure dice that count as wrong are the mislabelled ones."""
    n, right, reported, sure_wrong = clutter_reads(True)
    assert right >= 0.93 * n
    assert reported <= 1.05 * n
    assert sure_wrong <= sum(LABEL_ERRORS.values())


def emblem_scene(seed: int, size: float) -> tuple[np.ndarray, list[tuple[float, float, bool, int]]]:
    """A felt table with six dice of about ``size`` px, two of them showing an emblem:
    the frame and (cx, cy, is emblem, value) of each die."""
    rng = np.random.default_rng(seed)
    h, w = 720, 960
    img = np.clip(rng.normal(0, 6, (h, w, 3)) + (40, 100, 40), 0, 255).astype(np.uint8)
    out = []
    for k in range(6):
        value = int(rng.integers(1, 7))
        is_emblem = k in (1, 4)
        patch, alpha = render_die(size, value, rng, mark=emblem if is_emblem else None)
        ph, pw = alpha.shape
        x, y = int(w * (0.05 + 0.32 * (k % 3))), int(h * (0.08 + 0.48 * (k // 3)))
        roi = img[y:y + ph, x:x + pw].astype(np.float64)
        img[y:y + ph, x:x + pw] = np.clip(roi * (1 - alpha[..., None]) + patch * alpha[..., None], 0, 255)
        out.append((x + pw / 2, y + ph / 2, is_emblem, value))
    return img, out


@pytest.mark.parametrize("seed,size", [(0, 40), (1, 60), (2, 90), (3, 45), (4, 70), (5, 110)])
def test_a_die_with_an_emblem_is_never_read_as_a_sure_number(seed: int, size: float) -> None:
    img, truth = emblem_scene(seed, size)
    dice = read_dice(img)
    for cx, cy, is_emblem, value in truth:
        hits = [d for d in dice if abs(d.box[0] + d.box[2] / 2 - cx) < size / 2
                and abs(d.box[1] + d.box[3] / 2 - cy) < size / 2]
        if is_emblem:
            assert not any(d.certain for d in hits), f"emblem die read as a sure {[d.value for d in hits]}"
        else:
            assert not any(d.certain and d.value != value for d in hits)


def test_emblem_dice_are_kept_to_be_asked_about() -> None:
    """An emblem die is a die: most of them come back (unsure), so the count of dice stays right."""
    found = total = 0
    for seed, size in [(10, 40), (11, 55), (12, 70), (13, 90), (14, 45), (15, 60)]:
        img, truth = emblem_scene(seed, size)
        dice = read_dice(img)
        for cx, cy, is_emblem, _ in truth:
            if is_emblem:
                total += 1
                found += any(abs(d.box[0] + d.box[2] / 2 - cx) < size / 2 and abs(d.box[1] + d.box[3] / 2 - cy) < size / 2
                             for d in dice)
    assert found >= 0.75 * total, f"{found} of {total} emblem dice came back"
