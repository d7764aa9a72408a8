"""vision.frames.shrink: a big frame shrunk fast, each pixel still an average, and where it lies known."""
from __future__ import annotations

import numpy as np
import pytest

from vision.frames import shrink, working_copy


@pytest.mark.parametrize("f", [0.3, 0.2887, 0.45, 0.6])
def test_a_shrunk_checkerboard_is_grey_not_aliased(f: float) -> None:
    """Pips are a few pixels across in a 12 MP frame: a shrink that sampled pixels instead of
    averaging them would turn one-pixel detail into black or white blotches."""
    yy, xx = np.mgrid[0:900, 0:1201]
    board = (((yy + xx) % 2) * 255).astype(np.uint8)
    out, _ = shrink(np.dstack([board] * 3), f)
    assert out.shape[:2] == (round(900 * f), round(1201 * f))
    assert abs(float(out.mean()) - 127.5) < 3 and float(np.abs(out.astype(float) - 127.5).max()) < 40


@pytest.mark.parametrize("f", [0.3, 0.2887, 0.45, 0.6])
def test_a_spot_in_the_shrunk_copy_maps_back_to_where_it_was(f: float) -> None:
    """The scale ``shrink`` reports puts a copy pixel back on the frame within a frame pixel or two
    (the cut to a whole factor loses at most that factor less one pixel, at the right and bottom)."""
    frame = np.zeros((3000, 4000, 3), np.uint8)
    frame[2100:2160, 3300:3360] = 255                                 # a 60 px white square
    out, (sx, sy) = shrink(frame, f)
    ys, xs = np.nonzero(out[..., 0] > 127)
    cx, cy = (xs.mean() + 0.5) * sx, (ys.mean() + 0.5) * sy
    assert abs(cx - 3330) < 2 and abs(cy - 2130) < 2, (cx, cy)


def test_a_12mp_frame_is_read_from_a_copy_of_about_a_megapixel() -> None:
    frame = np.zeros((3000, 4000, 3), np.uint8)
    copy, (sx, sy) = working_copy(frame)
    assert 0.99e6 < copy.shape[0] * copy.shape[1] < 1.01e6 and abs(sx - sy) < 0.01
    small = np.zeros((480, 640, 3), np.uint8)
    assert working_copy(small)[0] is small
