"""The bench's drawn tables: tools/dice_desk.py (a desk seen by a webcam at an angle: white dice on
light wood beside a laptop, the ``webcam desk`` scene, and the fixed colours it asks of the tilted
renderer) and tools/dice_cloth.py (a phone photo of a heap of marbled dice in a bowl and a tray on a
patterned cloth, the ``bowl 12mp`` scene; white dice on a black cloth, ``white on black``, and
thrown there together, ``thrown on black``)."""
from __future__ import annotations

import numpy as np
import pytest

from tools.dice_cloth import PATTERNS, black_cloth_scene, bowl_scene, cloth, thrown_black_scene
from tools.dice_desk import desk_scene, wood
from tools.dice_tilted import render_tilted_die
from vision.colour import face_colour


def test_a_desk_frame_holds_one_to_five_light_dice_of_one_size_inside_it() -> None:
    for seed in range(8):
        img, rows = desk_scene(np.random.default_rng(seed))
        assert img.shape == (480, 640, 3) and img.dtype == np.uint8
        assert 1 <= len(rows) <= 5
        assert (rows[:, 0] >= 1).all() and (rows[:, 0] <= 6).all()
        assert (rows[:, 1] >= 0).all() and (rows[:, 2] >= 0).all()
        assert (rows[:, 1] + rows[:, 3] <= 640).all() and (rows[:, 2] + rows[:, 4] <= 480).all()
        sides = np.maximum(rows[:, 3], rows[:, 4])
        assert sides.max() <= 1.8 * sides.min(), "one set of dice, the far ones a little smaller"
        for _, x, y, w, h in rows:
            lightness = face_colour(img, (x, y, w, h))[0]
            assert lightness > 150, f"a die of the set is white or ivory, not L={lightness}"


def test_wood_is_light_and_warm() -> None:
    b, g, r = np.median(wood(120, 160, np.random.default_rng(3)).reshape(-1, 3), axis=0)
    assert r > g > b and g > 120


def test_a_tilted_die_takes_the_colours_it_is_given() -> None:
    """White faces with black pips come out grey (shaded) and neutral, with dark pips; left to
    itself the renderer draws a coloured die from the same seed."""
    face, pip = np.array([240.0, 240.0, 240.0]), np.array([10.0, 10.0, 10.0])
    for seed in range(4):
        patch, alpha = render_tilted_die(60.0, 5, np.random.default_rng(seed), colours=(face, pip))
        body = patch[alpha > 0.9]
        assert np.abs(body - body.mean(axis=1, keepdims=True)).max() < 2, "a white die has no hue"
        assert np.median(body) > 100 and body.min() < 40
    patch, alpha = render_tilted_die(60.0, 5, np.random.default_rng(1))
    body = patch[alpha > 0.9]
    assert np.abs(body - body.mean(axis=1, keepdims=True)).max() > 2


def test_a_bowl_photo_holds_twenty_and_more_dice_of_one_size_mostly_touching() -> None:
    """tools/dice_cloth.py: the bench's ``bowl 12mp`` frames (a heap in a bowl, a tray, a cloth)."""
    img, rows = bowl_scene(np.random.default_rng(0))
    assert img.shape == (3000, 4000, 3)
    assert 18 <= len(rows) <= 30
    sides = np.maximum(rows[:, 3], rows[:, 4])
    assert 100 <= np.median(sides) <= 220 and sides.max() <= 1.7 * sides.min(), "one set, boxes turned up to 45 degrees"
    c = rows[:, 1:3] + rows[:, 3:5] / 2
    d = np.hypot(*(c[:, None] - c[None]).transpose(2, 0, 1)) + np.eye(len(c)) * 1e9
    assert d.min() > 0.6 * sides.min(), "no two dice overlap"
    assert (d.min(1) < 1.6 * sides.max()).mean() >= 0.8, "most dice lie against another"


@pytest.mark.parametrize("pattern", PATTERNS)
def test_each_cloth_is_patterned(pattern: str) -> None:
    """A cloth is no plain table: its lightness varies at the scale of its pattern."""
    img = cloth(200, 200, np.random.default_rng(1), 40.0, pattern)
    assert img.shape == (200, 200, 3) and img.std() > 8


def test_white_dice_on_a_black_cloth_are_light_on_dark() -> None:
    for seed in range(4):
        img, rows = black_cloth_scene(np.random.default_rng(seed))
        assert img.shape == (960, 1280, 3) and 1 <= len(rows) <= 10
        assert np.median(img) < 50, "the cloth is black"
        for _, x, y, w, h in rows:
            assert face_colour(img, (x, y, w, h))[0] > 180, "the dice are white"


def test_dice_thrown_on_a_black_cloth_lie_in_groups_edge_to_edge() -> None:
    """2-12 white dice, most of them against another (centres within 1.3 sides), on black."""
    touching = total = 0
    for seed in range(6):
        img, rows = thrown_black_scene(np.random.default_rng(seed))
        assert img.shape == (960, 1280, 3) and 1 <= len(rows) <= 12
        assert np.median(img) < 60, "the cloth is black"
        centres = rows[:, 1:3] + rows[:, 3:5] / 2
        sides = rows[:, 3:5].max(1)
        for i, c in enumerate(centres):
            d = np.hypot(*(centres - c).T)
            d[i] = np.inf
            touching += bool(d.min() < 1.3 * sides[i])
            total += 1
            assert face_colour(img, tuple(rows[i, 1:]))[0] > 150, "the dice are white"
    assert touching >= 0.7 * total, (touching, total)
