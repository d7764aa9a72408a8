"""Die face colours: measured past the pips, grouped per set of alike dice, learnt by a calibration,
and a die of none of the learnt colours reported unsure (a token or a figure that fell into the
tray is asked about, never taken as a sure die). Real photos from ``../shared/dice/``."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.conftest import shared_path
from vision.calibrate import MAX_COLOURS, Calibration, learn_die_colours
from vision.colour import TOLERANCE, distance, face_colour, groups, nearest, to_rgb
from vision.die import Die
from vision.errors import BadCalibration
from vision.reader import read_dice

PHOTO = ("dice", "nellbyler_d6_train", "images", "IMG_20191208_111339.jpg")


def photo() -> np.ndarray:
    from hardware.image_file import load_image

    return load_image(str(shared_path(*PHOTO)))


def drawn_die(value: int, face: tuple[int, int, int], pip: tuple[int, int, int]) -> np.ndarray:
    """A 60 px die face on grey: the face colour with ``value`` pips in their usual places."""
    img = np.full((100, 100, 3), 128, np.uint8)
    cv2.rectangle(img, (20, 20), (79, 79), face, -1)
    spots = {1: [(0, 0)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[value]
    for dx, dy in spots:
        cv2.circle(img, (50 + 16 * dx, 50 + 16 * dy), 6, pip, -1, cv2.LINE_AA)
    return img


def test_face_colour_is_the_face_not_its_pips_nor_the_table() -> None:
    ivory, black = (215, 235, 242), (30, 30, 30)
    one, six = (face_colour(drawn_die(v, ivory, black), (20, 20, 60, 60)) for v in (1, 6))
    want = tuple(int(v) for v in cv2.cvtColor(np.uint8([[ivory]]), cv2.COLOR_BGR2LAB)[0, 0])
    assert distance(one, want) < 3 and distance(six, want) < 3, (one, six, want)
    red = face_colour(drawn_die(6, (45, 40, 195), (240, 240, 240)), (20, 20, 60, 60))
    assert distance(red, six) > 2 * TOLERANCE
    # a die at the frame's corner, its box reaching off the frame, is measured on its part inside
    corner = np.ascontiguousarray(drawn_die(1, ivory, black)[30:, 30:])
    assert distance(face_colour(corner, (-10, -10, 60, 60)), want) < 3


@pytest.mark.parametrize("bgr", [(215, 235, 242), (45, 40, 195), (165, 90, 35), (38, 36, 34)])
def test_a_face_colour_shown_back_is_the_die_as_drawn(bgr: tuple[int, int, int]) -> None:
    """``to_rgb`` turns a measured face colour back into the RGB it was drawn in (within rounding)."""
    r, g, b = to_rgb(face_colour(drawn_die(6, bgr, (240, 240, 240)), (20, 20, 60, 60)))
    assert max(abs(r - bgr[2]), abs(g - bgr[1]), abs(b - bgr[0])) <= 4, ((r, g, b), bgr)


def test_face_colour_costs_the_same_for_a_die_of_a_12_mp_frame() -> None:
    big = cv2.resize(drawn_die(6, (45, 40, 195), (240, 240, 240)), None, fx=12, fy=12, interpolation=cv2.INTER_NEAREST)
    small = face_colour(drawn_die(6, (45, 40, 195), (240, 240, 240)), (20, 20, 60, 60))
    assert distance(face_colour(big, (240, 240, 720, 720)), small) < 4


def test_groups_are_one_colour_per_set_of_alike_faces_the_most_seen_first() -> None:
    white, red = (240, 128, 128), (110, 180, 160)
    found = groups([red, white, (236, 130, 126), (244, 127, 131), (112, 176, 158)])
    assert len(found) == 2
    assert distance(found[0], white) < 3 and distance(found[1], red) < 4
    assert groups([]) == []


def test_lightness_counts_half_so_the_same_die_in_shade_is_one_colour() -> None:
    lit, shaded = (200, 150, 140), (150, 150, 140)           # 50 darker: 25 apart, within tolerance
    assert distance(lit, shaded) == pytest.approx(25.0) and len(groups([lit, shaded])) == 1
    assert len(groups([(200, 150, 140), (200, 150, 180)])) == 2  # the same lightness, another hue


def test_learnt_colours_come_from_sure_dice_and_too_many_mean_none() -> None:
    sure = [Die(3, (0, 0, 40, 40), 0.9, colour=(240, 128, 128)), Die(5, (50, 0, 40, 40), 0.9, colour=(238, 129, 127))]
    unsure = [Die(1, (0, 50, 40, 40), 0.2, colour=(90, 200, 90))]
    learnt = learn_die_colours([sure, unsure])
    assert len(learnt) == 1 and distance(learnt[0], (239, 128, 128)) < 2, "the unsure die teaches nothing"
    assert learn_die_colours([[Die(2, (0, 0, 9, 9), 0.9)]]) == (), "a die without a colour teaches none"
    many = [[Die(1, (0, 0, 9, 9), 0.9, colour=(128, 48 + 40 * (i % 5), 88 + 40 * (i // 5)))]
            for i in range(MAX_COLOURS + 2)]
    assert learn_die_colours(many) == (), "dice too varied to tell by colour: none kept"


def test_a_die_colour_is_not_part_of_its_equality() -> None:
    assert Die(4, (1, 2, 3, 4), 0.8, colour=(1, 2, 3)) == Die(4, (1, 2, 3, 4), 0.8, colour=(200, 2, 3))


def test_calibration_keeps_its_colours_in_settings_and_old_ones_load() -> None:
    cal = Calibration((0.1, 0.1, 0.8, 0.8), 0.1, ((240, 128, 128), (110, 180, 160)))
    assert Calibration.from_dict(cal.to_dict()) == cal
    assert Calibration.from_dict({"area": [0, 0, 1, 1], "die_share": 0.1}).colours == ()
    with pytest.raises(BadCalibration, match="colours"):
        Calibration.from_dict({"area": [0, 0, 1, 1], "die_share": 0.1, "colours": "red"})
    with pytest.raises(BadCalibration, match="colours"):
        Calibration.from_dict({"area": [0, 0, 1, 1], "die_share": 0.1, "colours": [[300, 1, 1]]})
    with pytest.raises(BadCalibration, match="colours"):
        Calibration((0, 0, 1, 1), 0.1, ((1, 2),))  # type: ignore[arg-type]


def test_a_die_of_no_learnt_colour_is_asked_and_the_others_stay_sure() -> None:
    """One die of a real photo repainted another colour (what a token or a figure in the tray is to
    the calibration): read through the calibration that learnt the photo's dice, it is reported
    unsure; the photo's own dice stay as sure as before."""
    img = photo()
    dice = read_dice(img)
    sure = [d for d in dice if d.certain]
    assert len(sure) >= 4 and all(d.colour is not None for d in dice)
    target = sure[0]
    x, y, w, h = target.box
    painted = img.copy()
    roi = painted[y:y + h, x:x + w]
    lab = cv2.cvtColor(roi, cv2.COLOR_BGR2LAB).astype(np.int32)
    known = learn_die_colours([[d for d in dice if d is not target]])
    # a hue far from every learnt colour: a and b pushed to the side no learnt colour lies on
    far = max(((a, b) for a in (40, 128, 216) for b in (40, 128, 216)),
              key=lambda ab: min(distance((128, *ab), (128, k[1], k[2])) for k in known))
    lab[..., 1] += far[0] - int(np.median(lab[..., 1]))
    lab[..., 2] += far[1] - int(np.median(lab[..., 2]))
    painted[y:y + h, x:x + w] = cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)

    plain = Calibration((0.0, 0.0, 1.0, 1.0))
    coloured = Calibration((0.0, 0.0, 1.0, 1.0), None, known)
    before = {d.box: d for d in read_dice(painted, plain)}
    after = {d.box: d for d in read_dice(painted, coloured)}
    assert after.keys() == before.keys()
    moved = [b for b in after if nearest(after[b].colour, known) > TOLERANCE]
    assert moved and all(not after[b].certain for b in moved), "a die of no learnt colour is asked"
    assert any(before[b].certain for b in moved), "it was sure without the colours"
    assert all(after[b] == before[b] for b in after if b not in moved), "the table's dice are untouched"
