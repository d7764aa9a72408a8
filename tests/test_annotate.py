"""Annotation: outlines and values drawn on a copy, uncertain dice marked, sizes scaled."""
from __future__ import annotations

import numpy as np
import pytest

from vision.annotate import SURE_COLOUR, UNSURE_COLOUR, annotate, label
from vision.die import Die
from vision.errors import BadImage


def grey_table(h: int = 300, w: int = 400) -> np.ndarray:
    return np.full((h, w, 3), 100, np.uint8)


def has_colour(img: np.ndarray, colour) -> np.ndarray:
    return np.all(img == np.array(colour, np.uint8), axis=2)


def outline_thickness(img: np.ndarray, row: int, x0: int, x1: int, colour) -> int:
    """Number of pixels in ``colour`` on one row between x0 and x1 (crossing one vertical border)."""
    return int(np.count_nonzero(has_colour(img[row:row + 1, x0:x1], colour)))


def test_annotate_returns_a_copy_and_leaves_the_input_alone():
    img = grey_table()
    before = img.copy()
    out = annotate(img, [Die(4, (100, 100, 40, 40), 0.9)])
    assert np.array_equal(img, before)
    assert out.shape == img.shape and out.dtype == np.uint8
    assert not np.array_equal(out, img)


def test_annotate_without_dice_is_an_unchanged_copy():
    img = grey_table()
    out = annotate(img, [])
    assert np.array_equal(out, img) and out is not img


def test_annotate_outlines_the_box_and_keeps_the_die_visible():
    out = annotate(grey_table(), [Die(4, (150, 120, 60, 60), 0.9)])
    green = has_colour(out, SURE_COLOUR)
    assert green[150, 140:152].any(), "left border"
    assert green[150, 208:222].any(), "right border"
    assert green[175:185, 180].any(), "bottom border"
    assert np.all(out[130:170, 160:200] == 100), "inside of the die untouched"
    assert green[90:118, 140:200].any(), "value tag above the die"


def test_annotate_marks_uncertain_dice_differently():
    out = annotate(grey_table(), [Die(2, (50, 100, 50, 50), 0.3), Die(5, (250, 100, 50, 50), 0.8)])
    orange, green = has_colour(out, UNSURE_COLOUR), has_colour(out, SURE_COLOUR)
    assert orange[:, :150].any() and not orange[:, 200:].any()
    assert green[:, 200:].any() and not green[:, :150].any()
    assert label(Die(2, (0, 0, 1, 1), 0.3)) == "2?"
    assert label(Die(5, (0, 0, 1, 1), 0.5)) == "5"


def test_annotate_uncertain_tag_is_wider_for_the_question_mark():
    sure = annotate(grey_table(), [Die(3, (150, 150, 60, 60), 0.9)])
    unsure = annotate(grey_table(), [Die(3, (150, 150, 60, 60), 0.1)])
    tag_w = lambda img, c: int(has_colour(img[100:140], c).any(axis=0).sum())
    assert tag_w(unsure, UNSURE_COLOUR) > tag_w(sure, SURE_COLOUR)


def test_annotate_line_width_scales_with_die_size():
    small = annotate(grey_table(600, 800), [Die(1, (100, 300, 20, 20), 0.9)])
    big = annotate(grey_table(600, 800), [Die(1, (300, 200, 160, 160), 0.9)])
    thin = outline_thickness(small, 310, 90, 105, SURE_COLOUR)
    thick = outline_thickness(big, 280, 280, 320, SURE_COLOUR)
    assert thin >= 1 and thick >= 3 * thin


def test_annotate_labels_stay_inside_the_picture():
    out = annotate(grey_table(), [Die(6, (0, 0, 50, 50), 0.9), Die(1, (380, 270, 40, 40), 0.2)])
    assert has_colour(out, SURE_COLOUR)[:60, :60].sum() > 100
    assert has_colour(out, UNSURE_COLOUR)[250:, 350:].sum() > 50


def test_annotate_grey_and_bgra_give_bgr():
    die = [Die(3, (10, 10, 30, 30), 0.9)]
    assert annotate(np.zeros((50, 60), np.uint8), die).shape == (50, 60, 3)
    assert annotate(np.zeros((50, 60, 4), np.uint8), die).shape == (50, 60, 3)
    assert annotate(np.zeros((50, 60, 1), np.uint8), die).shape == (50, 60, 3)


def test_annotate_ignores_empty_boxes_and_survives_boxes_off_the_edge():
    out = annotate(grey_table(), [Die(3, (10, 10, 0, 30), 0.9), Die(2, (-30, 280, 60, 60), 0.9)])
    assert out.shape == (300, 400, 3)
    assert has_colour(out, SURE_COLOUR)[250:, :40].any()


@pytest.mark.parametrize("bad", [None, "x.jpg", np.zeros((5, 5), np.float64), np.zeros((0, 0, 3), np.uint8),
                                 np.zeros((5, 5, 2), np.uint8)])
def test_annotate_refuses_what_is_not_an_image(bad):
    with pytest.raises(BadImage):
        annotate(bad, [])
