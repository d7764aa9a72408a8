"""A desk seen by a webcam at an angle (development only): white or ivory dice on light wood, with a
laptop's keyboard, a USB hub and cables in view, the whole frame seen from a tilted camera.

Drawn dice elsewhere are of every colour on any table, and clutter is set beside a tray photo seen
from overhead. A webcam clipped to a laptop sees something else all at once: dice of one plain
set, little darker than the wood they lie on, drawn as cubes with their side faces in view
(``tools.dice_tilted``); keys about a die's size, in rows and in perspective; ports and labelled
cables. ``desk_scene`` draws such a frame with its dice rows, for ``benchmarks/dice_scenes.py``.
Never imported at run time.
"""
from __future__ import annotations

import cv2
import numpy as np

from tools.dice_clutter import cable, keyboard, ports
from tools.dice_data import paste, smooth_noise
from tools.dice_tilted import render_tilted_die, tilt


def wood(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """Light wood, BGR uint8: a pale tan with wavy grain along one direction and planks of
    slightly different tone, parted by a dark seam."""
    g = rng.uniform(150, 205)
    base = np.array([g * rng.uniform(0.6, 0.88), g, min(250.0, g * rng.uniform(1.1, 1.3))])
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(-0.25, 0.25) + (np.pi / 2 if rng.random() < 0.5 else 0.0)
    across = -np.sin(a) * xx + np.cos(a) * yy
    warp = 25 * smooth_noise((h, w), 60, rng)
    grain = np.sin((across + warp) / rng.uniform(2.5, 6)) * 0.5 + 0.5
    shade = 1 - rng.uniform(0.04, 0.12) * grain ** 3 + 0.12 * (smooth_noise((h, w), 120, rng) - 0.5)
    plank = rng.uniform(110, 260)
    index = np.floor((across - across.min()) / plank)
    shade *= 1 + 0.06 * np.sin(index * 2.3 + rng.uniform(0, 6))
    seam = np.abs(((across - across.min()) / plank) % 1 - 0.5) > 0.5 - 1.2 / plank
    shade[seam] *= 0.7
    img = base[None, None, :] * shade[..., None] + rng.normal(0, 2.5, (h, w, 3))
    return np.clip(img, 0, 255).astype(np.uint8)


def desk_dice_colours(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A plain set's face and pip colours (BGR): white or ivory faces, black pips (now and then red)."""
    lum = rng.uniform(205, 250)
    face = np.array([lum * rng.uniform(0.88, 1.0), lum * rng.uniform(0.95, 1.0), lum])
    pip = np.array([30.0, 30.0, 170.0]) if rng.random() < 0.15 else np.full(3, rng.uniform(5, 45))
    return face, pip


def desk_scene(rng: np.random.Generator, h: int = 480, w: int = 640) -> tuple[np.ndarray, np.ndarray]:
    """A webcam frame of a desk (BGR uint8, ``h`` x ``w``) and its dice rows ``(value, x, y, w, h)``:
    1-5 dice of one set and one size (28-60 px) on light wood in the lower part; a laptop across
    the far edge (its keyboard's keys about a die's size, its side ports), often a USB hub and a
    cable or two; then the frame tilted up to 35 degrees, softened and saved as a webcam's JPEG."""
    img = wood(h, w, rng)
    die = float(rng.uniform(28, 60))
    top = int(h * rng.uniform(0.22, 0.42))                               # the laptop's near edge
    lx0, lx1 = int(rng.uniform(-0.2, 0.2) * w), int(rng.uniform(0.8, 1.2) * w)
    deck = (rng.uniform(25, 70),) * 3 if rng.random() < 0.5 else (rng.uniform(160, 215),) * 3
    cv2.rectangle(img, (lx0, 0), (lx1, top), deck, -1)
    inset = int(die * 0.4)
    keyboard(img, max(0, lx0) + inset, inset, min(w, lx1) - max(0, lx0) - 2 * inset, top - 2 * inset,
             die * rng.uniform(0.8, 1.2), rng)
    if rng.random() < 0.6:                                               # a USB hub on the wood
        hw, hh = int(die * rng.uniform(3, 5)), int(die * rng.uniform(0.7, 1.1))
        hx, hy = int(rng.uniform(0, w - hw)), int(rng.uniform(top + die, h - hh))
        ports(img, hx, hy, hw, hh, die, rng)
    for _ in range(int(rng.integers(1, 3))):
        cable(img, rng, die)
    rows = []
    taken: list[tuple[float, float]] = []
    colours = desk_dice_colours(rng)
    for _ in range(int(rng.integers(1, 6))):
        patch, alpha = render_tilted_die(die * rng.uniform(0.95, 1.05), v := int(rng.integers(1, 7)), rng,
                                         most=40.0, colours=colours)
        ph, pw = alpha.shape
        for _try in range(20):
            x, y = int(rng.uniform(0, w - pw)), int(rng.uniform(top + die * 0.3, h - ph))
            if all(np.hypot(x + pw / 2 - cx, y + ph / 2 - cy) > 1.2 * die for cx, cy in taken):
                box = paste(img, patch, alpha, x, y)
                if box is not None:
                    rows.append((v, *box))
                    taken.append((x + pw / 2, y + ph / 2))
                break
    out, moved = tilt(img, np.array(rows, np.float32).reshape(-1, 5), rng, most=35.0)
    out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.4, 1.0))
    out = np.clip(out + rng.normal(0, rng.uniform(1, 4), out.shape), 0, 255).astype(np.uint8)
    _, jpeg = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 90))])
    return cv2.imdecode(jpeg, cv2.IMREAD_COLOR), moved
