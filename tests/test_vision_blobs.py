"""Dice lying edge to edge that the whole-frame locator boxes as one (``vision.look.split_blobs``):
white dice thrown together on a black cloth came back as one box read as no die, or as nothing,
and with no two dice found apart the handful re-read had nowhere to look (the issue's groups of
small dice read as one). A box the classifier takes for no die but the locator found strongly is
looked into by the handful locator at the scale of dice half its size. And a group of big dice
seen as one die by the coarse pyramid levels is no big die when two of the finds inside it read as
dice of their own (``vision.look.big_die_size``)."""
from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from tests.conftest import SHARED
from tests.test_vision_reader import DATASET, load
from tools.dice_cloth import thrown_black_scene
from tools.dice_data import score_read
from tools.dice_split import part_of
from vision import look, reader
from vision.locate import Candidate

#: Seeds of ``thrown_black_scene`` frames (one fresh generator each) whose dice lie in tight groups:
#: 9 dice of 35 px in two groups and 4 dice of 22 px in pairs.
GROUPED = (0, 10)


@cache
def grouped_reads(split_on: bool) -> tuple[int, int, int]:
    """(dice, read right, sure and wrong) over the ``GROUPED`` frames, with the blobs looked into
    or not (``BLOB_FIND`` beyond any score)."""
    saved = look.BLOB_FIND
    look.BLOB_FIND = look.BLOB_FIND if split_on else np.inf
    n = right = sure_wrong = 0
    try:
        for seed in GROUPED:
            img, rows = thrown_black_scene(np.random.default_rng(seed))
            r, _, sw = score_read(rows, reader.read_dice(img))
            n, right, sure_wrong = n + len(rows), right + r, sure_wrong + sw
    finally:
        look.BLOB_FIND = saved
    return n, right, sure_wrong


def test_dice_thrown_together_are_found_one_by_one() -> None:
    n, right, sure_wrong = grouped_reads(True)
    assert n == 13 and right >= 11 and sure_wrong == 0, (n, right, sure_wrong)


def test_without_the_look_into_blobs_the_groups_are_lost() -> None:
    """The frames are hard for the reason named: the same reader not looking into blobs reads at
    most a third of their dice."""
    n, right, _ = grouped_reads(False)
    assert right <= n // 3, (n, right)


def box(x: float, y: float, side: float, score: float = 0.5) -> Candidate:
    return Candidate((x, y, side, side), score)


def test_a_blob_s_parts_are_dice_sized_not_pips_nor_dice_already_found() -> None:
    blob = box(100, 100, 80)
    half, pip, off = box(110, 110, 40), box(150, 150, 15), box(300, 300, 40)
    assert look.blob_parts([half, pip, off], [blob], []) == [half]
    found = box(105, 105, 40)                       # a die already read holds the part's centre
    assert look.blob_parts([half], [blob], [found]) == []
    far_smaller = box(200, 200, 20)                 # the frame's dice are half the part's size
    assert look.blob_parts([half], [blob], [far_smaller]) == []
    assert look.blob_parts([half], [blob], [box(300, 300, 80)]) == [], "or twice it"
    assert look.blob_parts([half], [blob], [box(220, 220, 38)]) == [half]


DEV = sorted(p.name for p in SHARED.joinpath(*DATASET, "images").glob("*.jpg") if part_of(p.name) == "dev")


@pytest.mark.parametrize("name", DEV)
def test_no_die_of_a_photo_is_lost_by_looking_into_blobs(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Photos of dice apart read no fewer dice right with the look into blobs than without."""
    img, gt = load(name)
    rows = np.array(gt, np.float32).reshape(-1, 5)
    with_blobs = score_read(rows, reader.read_dice(img))[0]
    monkeypatch.setattr(look, "BLOB_FIND", np.inf)
    assert with_blobs >= score_read(rows, reader.read_dice(img))[0]


#: A ``thrown_black_scene`` seed whose 11 dice of 59 px lie in one group that the coarse levels of
#: the locator box as one die read as a 6.
BIG_GROUP = 38


def test_a_group_of_big_dice_is_not_taken_for_one_bigger_die(monkeypatch: pytest.MonkeyPatch) -> None:
    img, rows = thrown_black_scene(np.random.default_rng(BIG_GROUP))
    right, _, sure_wrong = score_read(rows, reader.read_dice(img))
    assert len(rows) == 11 and right >= 7 and sure_wrong == 0, (right, sure_wrong)
    monkeypatch.setattr(look, "CLUSTER_DICE", 99)           # the group's dice inside it not counted
    assert score_read(rows, reader.read_dice(img))[0] <= 1, "the frame was shrunk for one big die"
