"""``vision.classify.settled_probabilities``: which first readings are read again in their other
quarter turns. An unclear die is; a crop already taken surely for no die (``SURELY_NO_DIE``) is
not, since its turns could only make a die of what upright looks like none."""
from __future__ import annotations

import numpy as np
import pytest

from tests.test_vision_reader import load
from vision import classify
from vision.classify import CLEAR, NOT_A_DIE, SURELY_NO_DIE, first_look, settled_probabilities

PHOTO = "IMG_20191209_100358.jpg"


def reads_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list to which every later ``classify.class_probabilities`` call appends how many crops it
    read (the call itself goes on as before)."""
    seen: list[int] = []
    real = classify.class_probabilities

    def spy(c: np.ndarray) -> np.ndarray:
        seen.append(len(c))
        return real(c)

    monkeypatch.setattr(classify, "class_probabilities", spy)
    return seen


def test_unclear_dice_are_turned_and_crops_surely_no_die_are_not(monkeypatch: pytest.MonkeyPatch) -> None:
    img, gt = load(PHOTO)
    boxes = [(x, y, w, h) for _, x, y, w, h in gt[:3]]
    crops, _ = first_look(img, boxes)
    probs = np.full((3, 7), 0.005)
    probs[0, 2] = 0.99                               # clear: a 3
    probs[1, 2] = 0.60                               # an unclear die
    probs[2, NOT_A_DIE] = 0.93                       # surely no die, yet under CLEAR
    assert probs[2].max() < CLEAR and probs[2, NOT_A_DIE] >= SURELY_NO_DIE
    seen = reads_counted(monkeypatch)
    out = settled_probabilities(crops, probs, CLEAR)
    assert seen == [len(classify.TURNS)], "only the unclear die is read again, once per turn"
    assert np.array_equal(out[[0, 2]], probs[[0, 2]]) and not np.array_equal(out[1], probs[1])


def test_crops_read_a_few_at_a_time_score_as_read_all_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``FORWARD_BATCH`` only makes the read faster: a stack that is no multiple of it scores every
    crop, in order, as one forward pass of the whole stack does."""
    img, gt = load(PHOTO)
    boxes = [(x, y, w, h) for _, x, y, w, h in gt] * 3
    crops, chunked = first_look(img, boxes)
    assert len(crops) % classify.FORWARD_BATCH != 0
    monkeypatch.setattr(classify, "FORWARD_BATCH", len(crops) + 1)
    whole = classify.class_probabilities(crops)
    assert chunked.shape == (len(crops), 7)
    np.testing.assert_allclose(chunked, whole, rtol=0, atol=1e-9)


def test_a_die_read_at_0_96_upright_is_clear_and_one_at_0_9_is_turned(monkeypatch: pytest.MonkeyPatch) -> None:
    """The turns only ever changed the confidence of dice read 0.8 or more upright, never their value;
    from 0.95 (``CLEAR``) a reading is kept as it is, the turns' cost saved."""
    img, gt = load(PHOTO)
    crops, _ = first_look(img, [(x, y, w, h) for _, x, y, w, h in gt[:2]])
    probs = np.full((2, 7), 0.005)
    probs[0, 2], probs[1, 2] = 0.96, 0.90
    seen = reads_counted(monkeypatch)
    out = settled_probabilities(crops, probs)
    assert seen == [len(classify.TURNS)], "only the die read at 0.9 is read again"
    assert np.array_equal(out[0], probs[0]) and not np.array_equal(out[1], probs[1])
