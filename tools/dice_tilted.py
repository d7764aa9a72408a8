"""Synthetic dice seen from a tilted camera (development only): a cube drawn in 3-D.

``tools/dice_data.render_die`` draws a die from nearly overhead, its sides a thin dark rim. A webcam
at the side of a table sees the top face foreshortened and one or two side faces as large as it,
with their own pips: the classifier must read the top face and not the side's (the 2/6 and 1/2
mix-ups of dice seen at an angle). This module draws such dice: a cube turned at random about the
vertical, seen from up to ``most`` degrees off overhead (orthographic: a die is small beside its
distance to the camera), each visible face a pip texture warped onto its outline and shaded by a
random light. Opposite faces add up to seven. Used by ``tools/train_dice_classifier.py --tilt`` and
the benchmark's tilted scenes; never imported at run time.
"""
from __future__ import annotations

import cv2
import numpy as np

from tools.dice_data import PIP_LAYOUT, die_colours, glare_spot, shrunk

#: Side of a face texture, in pixels, before it is warped onto the face.
TEXTURE = 96
#: Pip centres lie this share of the half face off its middle; pips have this radius (share of
#: the face's side).
SPREAD, PIP_RADIUS = 0.52, 0.09

#: The cube's faces: outward normal, four corners in texture order (top-left, top-right,
#: bottom-right, bottom-left, seen from outside).
_FACES = {
    "top": ((0, 0, 1), ((-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1))),
    "+x": ((1, 0, 0), ((1, -1, 1), (1, 1, 1), (1, 1, -1), (1, -1, -1))),
    "-x": ((-1, 0, 0), ((-1, 1, 1), (-1, -1, 1), (-1, -1, -1), (-1, 1, -1))),
    "+y": ((0, 1, 0), ((1, 1, 1), (-1, 1, 1), (-1, 1, -1), (1, 1, -1))),
    "-y": ((0, -1, 0), ((-1, -1, 1), (1, -1, 1), (1, -1, -1), (-1, -1, -1))),
}


def face_texture(value: int, face: np.ndarray, pip: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A ``TEXTURE``-px square face showing ``value`` (float BGR), its corners rounded into a
    darker bevel and its pip pattern turned a random quarter."""
    t = TEXTURE
    tex = np.zeros((t, t, 3), np.float32)
    tex[:] = face * 0.7
    r = int(t * rng.uniform(0.08, 0.22))
    inner = np.zeros((t, t), np.uint8)
    cv2.rectangle(inner, (r, 1), (t - 1 - r, t - 2), 255, -1)
    cv2.rectangle(inner, (1, r), (t - 2, t - 1 - r), 255, -1)
    for cx, cy in ((r, r), (t - 1 - r, r), (r, t - 1 - r), (t - 1 - r, t - 1 - r)):
        cv2.circle(inner, (cx, cy), r - 1, 255, -1, cv2.LINE_AA)
    m = inner.astype(np.float32)[..., None] / 255
    tex = tex * (1 - m) + face * m
    turn = int(rng.integers(4))
    for px, py in PIP_LAYOUT[value]:
        for _ in range(turn):
            px, py = -py, px
        c = (int((0.5 + px * SPREAD / 2) * t * 16), int((0.5 + py * SPREAD / 2) * t * 16))
        cv2.circle(tex, c, int(PIP_RADIUS * t * 16), pip.tolist(), -1, cv2.LINE_AA, 4)
    return tex


def side_values(top: int, rng: np.random.Generator) -> dict[str, int]:
    """Values of the five faces that can be seen when ``top`` is up: opposite faces add up to 7."""
    rest = [v for v in range(1, 7) if v not in (top, 7 - top)]
    a = int(rng.choice(rest))
    b = int(rng.choice([v for v in rest if v not in (a, 7 - a)]))
    return {"top": top, "+x": a, "-x": 7 - a, "+y": b, "-y": 7 - b}


def render_tilted_die(size: float, value: int, rng: np.random.Generator, most: float = 45.0,
                      colours: tuple[np.ndarray, np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """A die about ``size`` px across (its outline's longer side) showing ``value`` on top, seen
    from a camera tilted 10..``most`` degrees off overhead: (BGR float patch, alpha 0..1), the same
    form as ``tools.dice_data.render_die`` so ``paste`` takes it. ``colours``: the face's and the
    pips' (BGR), else drawn by ``die_colours``."""
    k = 4 if size < 30 else 2 if size < 80 else 1
    side = int(np.ceil(size * 1.6)) + 4
    big = side * k
    yaw, tilt = rng.uniform(0, 2 * np.pi), np.radians(rng.uniform(10, most))
    rz = np.array([[np.cos(yaw), -np.sin(yaw), 0], [np.sin(yaw), np.cos(yaw), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, np.cos(tilt), -np.sin(tilt)], [0, np.sin(tilt), np.cos(tilt)]])
    rot = rx @ rz
    corners = np.array([c for _, cs in _FACES.values() for c in cs], np.float64) @ rot.T
    lo, hi = corners[:, :2].min(axis=0), corners[:, :2].max(axis=0)
    scale = size * k * rng.uniform(0.92, 1.0) / float((hi - lo).max())
    shift = big / 2 - (lo + hi) / 2 * scale
    face, pip = die_colours(rng) if colours is None else colours
    light = np.array([rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6), 1.0])
    light /= np.linalg.norm(light)
    values = side_values(value, rng)
    canvas = np.zeros((big, big, 3), np.float32)
    alpha = np.zeros((big, big), np.float32)
    t = TEXTURE - 1
    src = np.float32([[0, 0], [t, 0], [t, t], [0, t]])
    for name, (normal, cs) in _FACES.items():
        n = rot @ np.array(normal, np.float64)
        if n[2] <= 0.02:
            continue                                                   # turned away from the camera
        dst = (np.array(cs, np.float64) @ rot.T)[:, :2] * scale + shift
        H = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
        shade = 0.45 + 0.6 * max(0.0, float(n @ light))
        tex = face_texture(values[name], face, pip, rng) * shade
        warped = cv2.warpPerspective(tex, H, (big, big), flags=cv2.INTER_AREA)
        m = cv2.warpPerspective(np.ones((TEXTURE, TEXTURE), np.float32), H, (big, big))
        canvas = canvas * (1 - m[..., None]) + warped * m[..., None]
        alpha = np.maximum(alpha, m)
    if rng.random() < 0.3:                                             # glare spot
        spot = glare_spot(big, size * k, rng, where=(0.35, 0.65), spread=(0.05, 0.15))
        canvas += 255 * rng.uniform(0.3, 0.7) * spot[..., None] * alpha[..., None]
    return shrunk(canvas, alpha, side)


def tilt(img: np.ndarray, rows: np.ndarray, rng: np.random.Generator,
         most: float = 45.0) -> tuple[np.ndarray, np.ndarray]:
    """The image seen from a camera tilted up to ``most`` degrees off overhead (a random
    homography: the far side shrinks), with each die's box (rows ``(value, x, y, w, h)``) the
    bounding box of its moved corners."""
    h, w = img.shape[:2]
    t = np.radians(rng.uniform(0, most))
    squeeze = 0.5 * (1 - np.cos(t))                                   # how much the far edge shrinks
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[squeeze * w / 2, squeeze * h / 3], [w - squeeze * w / 2, squeeze * h / 3], [w, h], [0, h]])
    dst += rng.uniform(-0.03, 0.03, (4, 2)).astype(np.float32) * np.float32([w, h])
    H = cv2.getPerspectiveTransform(src, dst)
    out = cv2.warpPerspective(img, H, (w, h), borderMode=cv2.BORDER_REPLICATE)
    moved = []
    for v, x, y, bw, bh in rows:
        c = cv2.perspectiveTransform(np.float32([[[x, y], [x + bw, y], [x + bw, y + bh], [x, y + bh]]]), H)[0]
        x0, y0 = c.min(axis=0)
        x1, y1 = c.max(axis=0)
        moved.append((v, x0, y0, x1 - x0, y1 - y0))
    return out, np.array(moved, np.float32).reshape(-1, 5)
