"""Synthetic translucent dice (development only): a die of tinted clear resin.

``tools/dice_data.render_die`` draws opaque dice. A translucent die lets the table show through its
body, tinted by the resin; its edges catch the light and look brighter than its middle; and the
pips of the faces below the top one show through, faint, mirrored and shifted by the refraction,
so a 2 on top may show a ghost 5 beneath it. The top face's pips are painted and opaque. This
module draws such dice in the same form as ``render_die`` (a BGR float patch and an alpha 0..1,
here below 1 on the body so ``tools.dice_data.paste`` lets the background through). Used by
``tools/train_dice_classifier.py --translucent`` and the benchmark's ``drawn translucent`` scene;
never imported at run time.
"""
from __future__ import annotations

import cv2
import numpy as np

from tools.dice_data import PIP_LAYOUT, glare_spot, octagon, shrunk

#: Resin tints (BGR): red, amber, green, blue, purple, smoke, nearly clear.
TINTS = ((40, 40, 200), (30, 150, 230), (60, 170, 60), (200, 110, 30), (160, 50, 120), (90, 90, 90),
         (225, 225, 220))


def resin(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A tint (BGR floats, jittered) and a pip colour: white or gold mostly, black on clear resin."""
    tint = np.clip(np.array(TINTS[int(rng.integers(len(TINTS)))], np.float64) + rng.normal(0, 18, 3), 0, 255)
    if tint.mean() > 190 or rng.random() < 0.15:
        pip = np.full(3, rng.uniform(10, 60))
    elif rng.random() < 0.2:
        pip = np.array([rng.uniform(40, 90), rng.uniform(170, 210), rng.uniform(200, 240)])  # gold
    else:
        pip = np.full(3, rng.uniform(215, 255))
    return tint, pip


def render_translucent_die(size: float, value: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A translucent die about ``size`` px across showing ``value``: (BGR float patch, alpha 0..1),
    drawn at up to 4x and shrunk. The body's alpha is 0.35-0.75 (the table shows through), the rim
    and the top face's pips are nearly opaque, and the bottom face's pips (7 - ``value``, mirrored)
    show through faintly, shifted towards the side faces."""
    k = 4 if size < 30 else 2 if size < 80 else 1
    side = int(np.ceil(size * 1.6)) + 4
    big = side * k
    a = size * k * rng.uniform(0.72, 0.86)                            # top-face side
    ang = rng.uniform(0, 2 * np.pi)
    rot = np.array([[np.cos(ang), -np.sin(ang)], [np.sin(ang), np.cos(ang)]])
    ext = rng.normal(0, 0.09, 2) * a                                   # side faces (mild perspective)
    cut = rng.uniform(0.05, 0.25)                                      # corner rounding, as an octagon
    sq = octagon(a, cut)
    centre = np.array([big / 2, big / 2]) - ext / 2
    tint, pip = resin(rng)
    body = rng.uniform(0.35, 0.75)

    def outline(offset: np.ndarray, shrink: float = 1.0) -> np.ndarray:
        return np.round((sq * shrink @ rot.T + centre + offset) * 16).astype(np.int32)

    solid = np.zeros((big, big), np.uint8)
    for t in np.linspace(1, 0, 5):
        cv2.fillConvexPoly(solid, outline(ext * t), 255, cv2.LINE_AA, 4)
    mask = solid.astype(np.float32) / 255
    canvas = np.zeros((big, big, 3), np.float32)
    canvas[:] = tint
    alpha = mask * body
    rim = np.zeros((big, big), np.uint8)                               # edges catch the light
    width = max(1, int(a * rng.uniform(0.03, 0.07)))
    cv2.polylines(rim, [outline(np.zeros(2))], True, 255, width, cv2.LINE_AA, 4)
    cv2.polylines(rim, [outline(ext)], True, 255, width, cv2.LINE_AA, 4)
    rim_m = cv2.GaussianBlur(rim.astype(np.float32) / 255, (0, 0), max(1.0, width / 2)) * mask
    bright = np.clip(tint * 1.25 + 50, 0, 255)
    canvas = canvas * (1 - rim_m[..., None]) + bright * rim_m[..., None]
    alpha = np.maximum(alpha, rim_m * rng.uniform(0.7, 0.95))
    spread = a * rng.uniform(0.25, 0.3)
    pr = a * rng.uniform(0.07, 0.11)
    ghost = np.zeros((big, big), np.uint8)                             # the bottom face seen through
    shift = ext * rng.uniform(0.5, 1.5) + rng.normal(0, 0.04, 2) * a
    for px, py in PIP_LAYOUT[7 - value]:
        p = rot @ np.array([-px, py]) * spread * rng.uniform(0.85, 1.0) + centre + shift
        cv2.circle(ghost, (int(p[0] * 16), int(p[1] * 16)), int(pr * 16), 255, -1, cv2.LINE_AA, 4)
    ghost_m = cv2.GaussianBlur(ghost.astype(np.float32) / 255, (0, 0), max(1.0, pr * 0.4)) * mask
    ghost_m *= rng.uniform(0.15, 0.45)
    canvas = canvas * (1 - ghost_m[..., None]) + pip * ghost_m[..., None]
    alpha = np.maximum(alpha, np.minimum(1.0, alpha + ghost_m))
    top = np.zeros((big, big), np.uint8)
    for px, py in PIP_LAYOUT[value]:
        p = rot @ np.array([px, py]) * spread + centre
        cv2.circle(top, (int(p[0] * 16), int(p[1] * 16)), int(pr * 16), 255, -1, cv2.LINE_AA, 4)
    top_m = top.astype(np.float32) / 255
    canvas = canvas * (1 - top_m[..., None]) + pip * top_m[..., None]
    alpha = np.maximum(alpha, top_m * rng.uniform(0.85, 1.0))
    if rng.random() < 0.5:                                             # glare spot
        spot = glare_spot(big, a, rng) * mask
        canvas += 255 * rng.uniform(0.3, 0.8) * spot[..., None]
        alpha = np.maximum(alpha, spot * 0.9)
    return shrunk(canvas, alpha, side)
