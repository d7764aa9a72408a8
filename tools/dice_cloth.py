"""Dice on tablecloths (development only), for ``benchmarks/dice_scenes.py``; never imported at
run time.

``bowl_scene``: a phone photo of a game night, twenty and more marbled dice, most of them heaped in
a bowl and the rest edge to edge in a wooden tray, on a patterned cloth, at 12 MP. The drawn scenes
elsewhere hold a few dice on plain or mottled tables at 640x480; a phone held over the table sees a
cloth of polka dots (each dot a pip to a pip counter), checks, stripes or small flowers, dice of a
mixed marbled set thrown together, and twelve million pixels.

``black_cloth_scene``: white dice with black pips, small or large, on a black cloth, as another
camera (1280x960, soft, JPEG) sees them from above. ``thrown_black_scene``: such dice thrown
together, in groups edge to edge, seen as cubes from a tilted camera, on a cloth with lint.
"""
from __future__ import annotations

import cv2
import numpy as np

from tools.dice_data import packed_spot, paste, random_colour, render_die, smooth_noise
from tools.dice_desk import wood
from tools.dice_tilted import render_tilted_die

#: The cloth's patterns.
PATTERNS = ("dots", "checks", "stripes", "flowers")


def cloth(h: int, w: int, rng: np.random.Generator, cell: float, pattern: str | None = None) -> np.ndarray:
    """A patterned tablecloth, BGR uint8, its pattern repeating about every ``cell`` px: polka
    dots, gingham checks, stripes or small flowers of one or two colours on a ground, with soft
    folds."""
    pattern = pattern or PATTERNS[int(rng.integers(len(PATTERNS)))]
    ground, ink = random_colour(rng), random_colour(rng)
    img = np.empty((h, w, 3), np.float32)
    img[:] = ground
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if pattern == "dots":
        r = cell * rng.uniform(0.12, 0.3)
        for row, y in enumerate(np.arange(cell / 2, h + cell, cell)):
            for x in np.arange(cell / 2 + (cell / 2 if row % 2 else 0), w + cell, cell):
                cv2.circle(img, (int(x), int(y)), int(r), ink.tolist(), -1, cv2.LINE_AA)
    elif pattern == "checks":
        bands = ((xx // cell) % 2 + (yy // cell) % 2)[..., None] / 2
        img = img * (1 - bands * 0.6) + ink * bands * 0.6
    elif pattern == "stripes":
        a = rng.uniform(0, np.pi)
        band = ((np.cos(a) * xx + np.sin(a) * yy) // (cell / 2)) % 2
        img = img * (1 - band[..., None]) + ink * band[..., None]
    else:
        leaf = random_colour(rng)
        for y in np.arange(cell / 2, h + cell, cell):
            for x in np.arange(cell / 2, w + cell, cell):
                cx, cy = x + rng.uniform(-0.2, 0.2) * cell, y + rng.uniform(-0.2, 0.2) * cell
                petal = cell * rng.uniform(0.1, 0.16)
                for k in range(5):
                    t = k * 2 * np.pi / 5 + rng.uniform(0, 1)
                    cv2.circle(img, (int(cx + np.cos(t) * petal * 1.3), int(cy + np.sin(t) * petal * 1.3)),
                               int(petal), ink.tolist(), -1, cv2.LINE_AA)
                cv2.circle(img, (int(cx), int(cy)), int(petal * 0.7), leaf.tolist(), -1, cv2.LINE_AA)
    a = rng.uniform(0, np.pi)
    fold = 1 + 0.12 * np.sin((np.cos(a) * xx + np.sin(a) * yy) / rng.uniform(60, 200) * cell / 40)
    img = img * fold[..., None] + rng.normal(0, 3, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def bowl_scene(rng: np.random.Generator, w: int = 4000, h: int = 3000) -> tuple[np.ndarray, np.ndarray]:
    """A ``w`` x ``h`` phone photo (BGR uint8) and its dice rows ``(value, x, y, w, h)``: 20-30 dice
    of one size (110-200 px), four in five of them marbled, a heap of them in a wooden bowl and the
    rest lying edge to edge in a wooden tray, both on a patterned cloth. Drawn at half size and
    enlarged, as a phone's photo is soft at the pixel."""
    sw, sh = w // 2, h // 2
    die = float(rng.uniform(55, 100))
    img = cloth(sh, sw, rng, die * rng.uniform(0.6, 1.6))
    bowl_r = die * rng.uniform(3.2, 4.0)
    bx, by = rng.uniform(bowl_r + 10, sw * 0.45), rng.uniform(bowl_r + 10, sh - bowl_r - 10)
    bowl = np.zeros((sh, sw), np.uint8)
    cv2.circle(bowl, (int(bx), int(by)), int(bowl_r), 255, -1, cv2.LINE_AA)
    inside = wood(sh, sw, rng)
    rim = cv2.GaussianBlur(bowl.astype(np.float32) / 255, (0, 0), die * 0.2)[..., None]
    img = (img * (1 - rim) + inside * rim * (0.75 + 0.25 * rim)).astype(np.uint8)
    tw, th = die * rng.uniform(5, 7), die * rng.uniform(3.5, 5)
    tx, ty = rng.uniform(sw * 0.55, sw - tw - 10), rng.uniform(10, sh - th - 10)
    tray = wood(int(th), int(tw), rng)
    img[int(ty):int(ty) + tray.shape[0], int(tx):int(tx) + tray.shape[1]] = tray
    cv2.rectangle(img, (int(tx), int(ty)), (int(tx + tw), int(ty + th)), (40, 60, 90), max(2, int(die * 0.15)))
    out_of_tray = np.ones((sh, sw), bool)
    m = int(die * 0.2)
    out_of_tray[int(ty) + m:int(ty + th) - m, int(tx) + m:int(tx + tw) - m] = False
    taken = np.zeros((sh, sw), bool)                                  # where dice lie already
    rows = []
    n = int(rng.integers(20, 31))
    for i in range(n):
        in_bowl = i < 0.6 * n                                        # a heap in the bowl, the rest in the tray
        keep_out = (bowl == 0) if in_bowl else out_of_tray
        heap = (bx, by) if in_bowl else (tx + tw / 2, ty + th / 2)
        v = int(rng.integers(1, 7))
        patch, alpha = render_die(die * rng.uniform(0.95, 1.05), v, rng, marbled=0.8)
        box = lay_packed(img, taken, keep_out, patch, alpha, heap, die * 1.6, rng)
        if box is not None:
            rows.append((v, *box))
    big = cv2.resize(img, (w, h), interpolation=cv2.INTER_CUBIC)
    big = np.clip(big + rng.normal(0, 2, big.shape), 0, 255).astype(np.uint8)
    out = np.array(rows, np.float32).reshape(-1, 5)
    out[:, 1:] *= (w / sw)
    return big, out


def lay_packed(img: np.ndarray, taken: np.ndarray, keep_out: np.ndarray | None, patch: np.ndarray,
               alpha: np.ndarray, heap: tuple[float, float], spread: float,
               rng: np.random.Generator) -> tuple[float, float, float, float] | None:
    """Lay a rendered die (``patch``, ``alpha``) on ``img`` edge to edge with the dice ``taken`` (bool,
    the frame; updated) nearest to ``heap``, off ``keep_out`` (bool, or None), drawn within
    ``spread`` px (``tools.dice_data.packed_spot``): its box, or None when it found no room."""
    spot = packed_spot(taken if keep_out is None else keep_out | taken, alpha > 0.2, heap, spread, rng, tries=120)
    if spot is None:
        return None
    box = paste(img, patch, alpha, *spot)
    ph, pw = alpha.shape
    taken[spot[1]:spot[1] + ph, spot[0]:spot[0] + pw] |= alpha > 0.2
    return box


def black_cloth_scene(rng: np.random.Generator, w: int = 1280, h: int = 960) -> tuple[np.ndarray, np.ndarray]:
    """A ``w`` x ``h`` camera frame (BGR uint8) and its dice rows ``(value, x, y, w, h)``: 1-10 white
    dice of one size (22-90 px) with black pips, seen from above on a black cloth, a few touching;
    softened and saved as JPEG."""
    g = rng.uniform(8, 35)
    img = np.full((h, w, 3), g, np.float32) * (1 + 0.4 * (smooth_noise((h, w), rng.uniform(2, 6), rng) - 0.5))[..., None]
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    die = float(np.exp(rng.uniform(np.log(22), np.log(90))))
    rows: list[tuple[float, ...]] = []
    taken: list[tuple[float, float]] = []
    for _ in range(int(rng.integers(1, 11))):
        lum = rng.uniform(200, 250)
        v = int(rng.integers(1, 7))
        patch, alpha = render_die(die * rng.uniform(0.95, 1.05), v, rng, marbled=0.0,
                                  colours=(np.full(3, lum), np.full(3, rng.uniform(5, 40))))
        ph, pw = alpha.shape
        for _try in range(20):
            x, y = int(rng.uniform(w * 0.15, w * 0.85 - pw)), int(rng.uniform(h * 0.15, h * 0.85 - ph))
            if all(np.hypot(x - tx, y - ty) > 1.05 * die for tx, ty in taken):
                box = paste(img, patch, alpha, x, y)
                if box is not None:
                    rows.append((v, *box))
                    taken.append((x, y))
                break
    img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 1.2))
    _, jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(70, 92))])
    return cv2.imdecode(jpeg, cv2.IMREAD_COLOR), np.array(rows, np.float32).reshape(-1, 5)


def thrown_black_scene(rng: np.random.Generator, w: int = 1280, h: int = 960) -> tuple[np.ndarray, np.ndarray]:
    """A ``w`` x ``h`` frame (BGR uint8) and its dice rows ``(value, x, y, w, h)``: 2-12 small white
    dice of one size (22-90 px) thrown on black cloth, as ``black_cloth_scene`` but seen as cubes from
    a camera up to 30 degrees off overhead, in one to three groups whose dice lie edge to edge, the
    cloth strewn with lint (white specks and fibres) and the white faces often overexposed."""
    g = rng.uniform(8, 35)
    img = np.full((h, w, 3), g, np.float32) * (1 + 0.4 * (smooth_noise((h, w), rng.uniform(2, 6), rng) - 0.5))[..., None]
    for _ in range(int(rng.integers(0, 60))):                            # lint: specks and short fibres
        x, y = int(rng.uniform(0, w)), int(rng.uniform(0, h))
        c = (rng.uniform(90, 230),) * 3
        if rng.random() < 0.6:
            cv2.circle(img, (x, y), int(rng.integers(1, 4)), c, -1, cv2.LINE_AA)
        else:
            a = rng.uniform(0, np.pi)
            n = rng.uniform(6, 25)
            cv2.line(img, (x, y), (int(x + n * np.cos(a)), int(y + n * np.sin(a))), c, 1, cv2.LINE_AA)
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255)
    die = float(np.exp(rng.uniform(np.log(22), np.log(90))))
    n = int(rng.integers(2, 13))
    heaps = [(rng.uniform(w * 0.2, w * 0.8), rng.uniform(h * 0.2, h * 0.8)) for _ in range(int(rng.integers(1, 4)))]
    taken = np.zeros((h, w), bool)
    rows: list[tuple[float, ...]] = []
    for i in range(n):
        lum = rng.uniform(215, 255)
        v = int(rng.integers(1, 7))
        patch, alpha = render_tilted_die(die * rng.uniform(0.95, 1.05), v, rng, most=30.0,
                                         colours=(np.full(3, lum), np.full(3, rng.uniform(5, 40))))
        box = lay_packed(img, taken, None, patch, alpha, heaps[i % len(heaps)], die * 1.2, rng)
        if box is not None:
            rows.append((v, *box))
    img = np.clip(img * rng.uniform(1.0, 1.35), 0, 255)                   # auto exposure on black cloth
    img = cv2.GaussianBlur(img.astype(np.uint8), (0, 0), rng.uniform(0.6, 1.4))
    _, jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(70, 92))])
    return cv2.imdecode(jpeg, cv2.IMREAD_COLOR), np.array(rows, np.float32).reshape(-1, 5)
