"""tools/dice_data.py's handfuls: dice pushed together edge to edge, as a handful thrown together
lands (``synthetic_scene(..., packed=...)``), for training the locator and for the bench's
``drawn handful`` scene."""
from __future__ import annotations

import numpy as np

from tools.dice_data import packed_spot, synthetic_scene


def test_a_packed_spot_is_free_and_as_near_the_heap_as_it_can_be() -> None:
    occupied = np.zeros((100, 100), bool)
    occupied[40:60, 40:60] = True                       # one die already at the heap
    die = np.ones((20, 20), bool)
    spot = packed_spot(occupied, die, (50.0, 50.0), 20.0, np.random.default_rng(0), tries=400)
    assert spot is not None
    x, y = spot
    assert not occupied[y:y + 20, x:x + 20].any()
    centre = np.hypot(x + 10 - 50, y + 10 - 50)
    assert centre < 1.5 * 20, f"the die lies {centre:.0f} px from the heap, not beside the first"


def test_no_packed_spot_when_the_frame_is_full() -> None:
    assert packed_spot(np.ones((60, 60), bool), np.ones((20, 20), bool), (30.0, 30.0), 20.0,
                       np.random.default_rng(1)) is None


def test_a_handful_lies_together_without_overlapping() -> None:
    """Every die of a packed scene has a neighbour within about one die of its edge, none overlap,
    and all are of one size; spread-out scenes keep their dice apart."""
    touching = spread = 0
    for seed in range(12):
        img, rows = synthetic_scene(240, 320, np.random.default_rng(seed), (24.0, 24.0), n_max=8, packed=1.0)
        assert img.shape == (240, 320, 3)
        if len(rows) < 2:
            continue
        sides = np.maximum(rows[:, 3], rows[:, 4])
        assert sides.max() <= 1.6 * sides.min(), "a handful of dice of one set, boxes turned at most 45 degrees"
        c = rows[:, 1:3] + rows[:, 3:5] / 2
        d = np.hypot(*(c[:, None] - c[None]).transpose(2, 0, 1)) + np.eye(len(c)) * 1e9
        assert d.min() > 0.6 * sides.min(), "two dice of a handful overlap"
        touching += int((d.min(1) < 1.6 * sides.max()).all())
        spread += 1
    assert spread >= 8 and touching == spread


def test_packed_zero_draws_the_scenes_it_drew_before() -> None:
    """``packed=0`` takes nothing from the random stream, so every seeded scene made before stays the same."""
    a = synthetic_scene(120, 160, np.random.default_rng(7), (20.0, 30.0))
    b = synthetic_scene(120, 160, np.random.default_rng(7), (20.0, 30.0), packed=0.0)
    assert (a[0] == b[0]).all() and (a[1] == b[1]).all()
