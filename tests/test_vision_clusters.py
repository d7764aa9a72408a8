"""A few dice far apart are read as those dice, never as one big die holding them.

Two dice a hand's width apart look, at a coarse level of the locator's pyramid, like the pips of
one big "2". The three photos below (from the training part of the split: the locator learned
from them, but this failure was in how the reader settles nested boxes) used to come back as a
single sure big die of value 2 or 4.
"""
from __future__ import annotations

import pytest

from tests.test_vision_reader import iou, load, match
from vision.reader import read_dice

FEW_DICE_APART = ["IMG_20191209_100358.jpg", "IMG_20191209_100538.jpg", "IMG_20191209_100620.jpg"]


@pytest.mark.parametrize("name", FEW_DICE_APART)
def test_dice_apart_are_not_one_big_die(name: str) -> None:
    img, gt = load(name)
    dice = read_dice(img)
    biggest = max(max(g[3], g[4]) for g in gt)
    assert all(max(d.box[2], d.box[3]) < 1.8 * biggest for d in dice), f"{name}: {dice}"
    right, _, wrong = match(gt, dice)
    assert right == len(gt) and wrong == 0, f"{name}: read {right} of {len(gt)}, {wrong} sure but wrong"
    assert sorted(d.value for d in dice) == sorted(g[0] for g in gt)


def test_each_die_has_its_own_box() -> None:
    img, gt = load(FEW_DICE_APART[1])
    dice = read_dice(img)
    for g in gt:
        assert max(iou(g[1:], d.box) for d in dice) >= 0.5, f"no box on the {g[0]} at {g[1:]}"
