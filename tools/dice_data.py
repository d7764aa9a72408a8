"""Training data for the dice reader (development only): labelled photos and synthetic renders.

Used by ``tools/train_dice_locator.py`` and ``tools/train_dice_classifier.py``; never imported at run
time. Photos come from ../shared/dice/nellbyler_d6_train (only the training part of the fixed split
in ``tools/dice_split.py``); synthetic dice widen them to other colours, sizes and backgrounds.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from tools.dice_split import split
from vision.die import Die

DATASET = Path(__file__).resolve().parents[1].parent / "shared" / "dice" / "nellbyler_d6_train"

#: Pip centres of each face, in face units (-1..1 across the face).
PIP_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


@dataclass(frozen=True)
class Photo:
    """One labelled photo: BGR pixels and its dice as ``(value, x, y, w, h)`` rows in pixels."""

    name: str
    image: np.ndarray
    dice: np.ndarray  # float32 (n, 5)


def load_photos(part: str = "train", root: Path = DATASET) -> list[Photo]:
    """The photos of one part of the fixed split (``"train"``, ``"dev"``, ``"heldout"``) with labels."""
    out = []
    for name in split(os.listdir(root / "images"), part):
        img = cv2.imread(str(root / "images" / name), cv2.IMREAD_COLOR)
        h, w = img.shape[:2]
        rows = []
        for line in open(root / "labels" / (Path(name).stem + ".txt")):
            p = line.split()
            if len(p) == 5:
                c, xc, yc, bw, bh = int(p[0]), *map(float, p[1:])
                rows.append((c + 1, (xc - bw / 2) * w, (yc - bh / 2) * h, bw * w, bh * h))
        out.append(Photo(name, img, np.array(rows, np.float32).reshape(-1, 5)))
    return out


# ----------------------------------------------------------------------------- synthetic renders

def random_colour(rng: np.random.Generator) -> np.ndarray:
    """A colour (BGR floats) for a die, its pips or a backdrop: white or ivory 20 % of the time,
    black 15 %, else a saturated hue."""
    kind = rng.random()
    if kind < 0.2:
        return np.full(3, rng.uniform(200, 255))                     # white / ivory
    if kind < 0.35:
        return np.full(3, rng.uniform(10, 60))                       # black
    hsv = np.uint8([[[rng.integers(0, 180), rng.integers(90, 256), rng.integers(60, 256)]]])
    return cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float64)


def smooth_noise(shape: tuple[int, int], scale: float, rng: np.random.Generator) -> np.ndarray:
    """Low-frequency noise in 0..1 of the given shape."""
    small = rng.random((max(2, int(shape[0] / scale)), max(2, int(shape[1] / scale)))).astype(np.float32)
    big = cv2.resize(small, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)
    return np.clip(big, 0, 1)


def background(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """A random table-like background: plain, gradient, wood grain, felt or mottled, BGR uint8."""
    base = random_colour(rng) if rng.random() < 0.7 else np.full(3, rng.uniform(60, 240))
    kind = rng.integers(0, 4)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == 0:
        shade = 1 + 0.3 * (smooth_noise((h, w), max(h, w) / 2, rng) - 0.5)
    elif kind == 1:
        a = rng.uniform(0, np.pi)
        t = (np.cos(a) * xx + np.sin(a) * yy) / max(h, w)
        shade = 0.8 + 0.4 * t
    elif kind == 2:
        a = rng.uniform(0, np.pi)
        t = np.cos(a) * xx + np.sin(a) * yy
        warp = 8 * smooth_noise((h, w), 40, rng)
        shade = 1 + 0.15 * np.sin((t + warp * rng.uniform(2, 6)) / rng.uniform(2, 8))
    else:
        shade = 1 + 0.5 * (smooth_noise((h, w), rng.uniform(3, 20), rng) - 0.5)
    img = base[None, None, :] * shade[..., None]
    img += rng.normal(0, rng.uniform(1, 10), img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def die_colours(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A random die's face and pip colours (BGR floats): light pips on dark faces, dark or light
    on mid tones, now and then a coloured pip."""
    face = random_colour(rng)
    if rng.random() < 0.15:
        return face, random_colour(rng)
    if face.mean() < 100 or rng.random() < 0.5 and face.mean() < 170:
        return face, np.full(3, rng.uniform(200, 255))
    return face, np.full(3, rng.uniform(0, 50))


#: Draws an icon in place of the pips: (canvas, cx, cy, radius, ink colour, rng).
Mark = Callable[[np.ndarray, int, int, int, tuple[float, ...], np.random.Generator], None]
#: Draws a die: (size, value, rng) -> (BGR float patch, alpha 0..1).
Draw = Callable[[float, int, np.random.Generator], tuple[np.ndarray, np.ndarray]]


def octagon(side: float, cut: float) -> np.ndarray:
    """The outline of a die face ``side`` across, centred on (0, 0), its corners cut by ``cut`` (a
    share of the half side): rounded corners drawn as an octagon, 8 points (x, y)."""
    return np.array([[-1, -1 + cut], [-1 + cut, -1], [1 - cut, -1], [1, -1 + cut],
                     [1, 1 - cut], [1 - cut, 1], [-1 + cut, 1], [-1, 1 - cut]], np.float64) * (side / 2)


def glare_spot(big: int, across: float, rng: np.random.Generator, where: tuple[float, float] = (0.3, 0.7),
               spread: tuple[float, float] = (0.05, 0.2)) -> np.ndarray:
    """A soft spot of light (0..1) on a ``big`` x ``big`` canvas: centred at a random ``where`` share
    of each side, its radius a random ``spread`` share of ``across``. Draws the centre, then the
    radius; the caller draws its strength."""
    gx, gy = rng.uniform(*where, 2) * big
    yy, xx = np.mgrid[0:big, 0:big]
    return np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * (across * rng.uniform(*spread)) ** 2))


def smeared_along(img: np.ndarray, length: int, angle: float) -> np.ndarray:
    """``img`` smeared along a line ``length`` px long at ``angle`` degrees, as by a camera that moves
    while it takes the photo."""
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2, :] = 1.0
    turn = cv2.getRotationMatrix2D(((length - 1) / 2, (length - 1) / 2), angle, 1.0)
    kernel = cv2.warpAffine(kernel, turn, (length, length))
    return cv2.filter2D(img, -1, kernel / kernel.sum())


def webcam_light(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``img`` as a cheap webcam in a dim room takes it: underexposed to 0.45-0.8 of its light with a
    slight warm or cold cast (each channel 0.85-1.15 of that), out of focus by a blur of 0.5-1.1 px,
    sensor noise of 4-9 levels, and saved as its JPEG at quality 30-60."""
    cast = rng.uniform(0.85, 1.15, 3) * rng.uniform(0.45, 0.8)
    out = cv2.GaussianBlur(img.astype(np.float32) * cast.astype(np.float32), (0, 0), float(rng.uniform(0.5, 1.1)))
    out += rng.normal(0.0, float(rng.uniform(4.0, 9.0)), out.shape).astype(np.float32)
    _, jpeg = cv2.imencode(".jpg", np.clip(out, 0, 255).astype(np.uint8),
                            [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, 61))])
    return cv2.imdecode(jpeg, cv2.IMREAD_COLOR)


def shrunk(canvas: np.ndarray, alpha: np.ndarray, side: int) -> tuple[np.ndarray, np.ndarray]:
    """A die drawn large (patch and alpha) shrunk to ``side`` x ``side`` by area averaging."""
    return (cv2.resize(canvas, (side, side), interpolation=cv2.INTER_AREA),
            cv2.resize(alpha, (side, side), interpolation=cv2.INTER_AREA))


def render_die(size: float, value: int, rng: np.random.Generator,
               blank: bool = False, mark: Mark | None = None, flat: float = 0.0,
               marbled: float = 0.3,
               colours: tuple[np.ndarray, np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """A die about ``size`` px across showing ``value``: (BGR float patch, alpha 0..1), drawn at 4x.

    The top face is rotated at random; side faces show as a darker extrusion (mild perspective);
    ``blank`` draws the same shape with no pips (a distractor, not a die); ``mark`` draws an icon
    instead of the pips (a die with an emblem on this face: a die, but no readable value); with
    probability ``flat`` the die is seen straight from above (no side faces) with sharp corners;
    with probability ``marbled`` its faces are swirled with a second colour; ``colours``: the face's
    and the pips' (BGR), else drawn by ``die_colours``.
    """
    k = 4 if size < 30 else 2 if size < 80 else 1
    side = int(np.ceil(size * 1.6)) + 4
    big = side * k
    c = big / 2
    a = size * k * rng.uniform(0.72, 0.86)                            # top-face side
    ang = rng.uniform(0, 2 * np.pi)
    rot = np.array([[np.cos(ang), -np.sin(ang)], [np.sin(ang), np.cos(ang)]])
    is_flat = flat > 0 and rng.random() < flat
    ext = np.zeros(2) if is_flat else rng.normal(0, 0.09, 2) * a       # side faces (perspective)
    face, pip = die_colours(rng) if colours is None else colours
    cut = rng.uniform(0.0, 0.05) if is_flat else rng.uniform(0.05, 0.25)  # corner rounding, as an octagon
    sq = octagon(a, cut)
    canvas = np.zeros((big, big, 3), np.float32)
    alpha = np.zeros((big, big), np.float32)
    centre = np.array([c, c]) - ext / 2

    def rounded(offset: np.ndarray, colour: np.ndarray) -> None:
        pts = (sq @ rot.T + centre + offset)
        poly = np.round(pts * 16).astype(np.int32)
        m = np.zeros((big, big), np.uint8)
        cv2.fillConvexPoly(m, poly, 255, cv2.LINE_AA, 4)
        m = m.astype(np.float32) / 255
        canvas[:] = canvas * (1 - m[..., None]) + colour * m[..., None]
        alpha[:] = np.maximum(alpha, m)

    for t in np.linspace(1, 0, 5)[:-1]:
        rounded(ext * t, face * rng.uniform(0.5, 0.8))
    rounded(np.zeros(2), face)
    if rng.random() < marbled:                                         # marbled
        other = random_colour(rng)
        m = smooth_noise((big, big), rng.uniform(6, 20) * k, rng)
        m = np.clip((m - 0.5) * rng.uniform(2, 6) + 0.5, 0, 1) * rng.uniform(0.3, 0.8)
        canvas[:] = canvas * (1 - m[..., None]) + other * m[..., None] * (alpha[..., None] > 0)
    if mark is not None and not blank:
        ink = tuple(float(v) for v in pip)
        mark(canvas, int(centre[0]), int(centre[1]), int(a * rng.uniform(0.3, 0.42)), ink, rng)
    elif not blank:
        spread = a * rng.uniform(0.25, 0.3)
        pr = a * rng.uniform(0.07, 0.11)
        for px, py in PIP_LAYOUT[value]:
            p = rot @ np.array([px, py]) * spread + centre
            cv2.circle(canvas, (int(p[0] * 16), int(p[1] * 16)), int(pr * 16), pip.tolist(), -1,
                       cv2.LINE_AA, 4)
    g = 1 + rng.uniform(-0.25, 0.25) * (np.mgrid[0:big, 0:big][1] / big - 0.5)
    canvas *= g[..., None]
    if rng.random() < 0.3:                                             # glare spot
        spot = glare_spot(big, a, rng)
        canvas += 255 * rng.uniform(0.3, 0.8) * spot[..., None]
    return shrunk(canvas, alpha, side)


def paste(img: np.ndarray, patch: np.ndarray, alpha: np.ndarray, x: int, y: int,
          shadow: bool = True) -> tuple[float, float, float, float] | None:
    """Composite a rendered die onto ``img`` with its top-left at (x, y); returns its tight box."""
    h, w = alpha.shape
    H, W = img.shape[:2]
    if x < 0 or y < 0 or x + w > W or y + h > H:
        return None
    roi = img[y:y + h, x:x + w].astype(np.float64)
    if shadow:
        sh = cv2.GaussianBlur(alpha, (0, 0), max(1.0, w / 12))
        sh = np.roll(sh, (max(1, h // 15), max(1, w // 15)), (0, 1)) * 0.45
        roi *= 1 - sh[..., None]
    roi = roi * (1 - alpha[..., None]) + patch * alpha[..., None]
    img[y:y + h, x:x + w] = np.clip(roi, 0, 255).astype(np.uint8)
    ys, xs = np.nonzero(alpha > 0.5)
    if len(xs) == 0:
        return None
    return float(x + xs.min()), float(y + ys.min()), float(xs.max() - xs.min() + 1), float(ys.max() - ys.min() + 1)


def synthetic_scene(h: int, w: int, rng: np.random.Generator, size_range: tuple[float, float],
                    n_max: int = 10, backdrop: np.ndarray | None = None,
                    mark: Mark | None = None, flat: float = 0.0,
                    draw: Draw | None = None, packed: float = 0.0,
                    marbled: float = 0.3) -> tuple[np.ndarray, np.ndarray]:
    """A background (``backdrop`` when given) with 0..n_max synthetic dice (some touching) and a
    few blank distractors; with ``mark``, some dice show an emblem instead of pips (value 0);
    ``draw`` (size, value, rng) -> (patch, alpha) draws the dice with pips instead of ``render_die``
    (``tools.dice_tilted.render_tilted_die``: dice seen from the side); with probability ``packed``
    the dice, of one size, are pushed together into one handful, edge to edge (``packed_spot``);
    ``marbled``: the share of dice drawn by ``render_die`` whose faces are swirled (``render_die``).

    Returns (BGR uint8 image, dice rows ``(value, x, y, w, h)``).
    """
    img = background(h, w, rng) if backdrop is None else backdrop.copy()
    rows = []
    taken: list[tuple[float, float, float]] = []
    for _ in range(rng.integers(0, 3)):                                # blank squares, discs
        s = np.exp(rng.uniform(*np.log(size_range)))
        if rng.random() < 0.5:
            patch, alpha = render_die(s, 1, rng, blank=True)
            paste(img, patch, alpha, int(rng.integers(0, max(1, w - alpha.shape[1]))),
                  int(rng.integers(0, max(1, h - alpha.shape[0]))))
        else:
            cv2.circle(img, (int(rng.integers(0, w)), int(rng.integers(0, h))), int(s / 2),
                       random_colour(rng).tolist(), -1, cv2.LINE_AA)
    heap = (rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h) if packed > 0 and rng.random() < packed else None
    heap_size = float(np.exp(rng.uniform(*np.log(size_range)))) if heap is not None else 0.0  # one set of dice
    occupied = np.zeros((h, w), bool)
    for _ in range(rng.integers(0, n_max + 1)):
        s = np.exp(rng.uniform(*np.log(size_range))) if heap is None else heap_size * rng.uniform(0.9, 1.1)
        v = int(rng.integers(1, 7))
        emblem = mark is not None and rng.random() < 0.1
        if draw is not None and not emblem:
            patch, alpha = draw(s, v, rng)
        else:
            patch, alpha = render_die(s, v, rng, mark=mark if emblem else None, flat=flat, marbled=marbled)
        v = 0 if emblem else v
        ph, pw = alpha.shape
        if heap is not None:
            spot = packed_spot(occupied, alpha > 0.2, heap, s, rng)
            if spot is not None:
                box = paste(img, patch, alpha, *spot)
                occupied[spot[1]:spot[1] + ph, spot[0]:spot[0] + pw] |= alpha > 0.2
                if box is not None:
                    rows.append((v, *box))
            continue
        for _try in range(10):
            x, y = int(rng.integers(0, max(1, w - pw))), int(rng.integers(0, max(1, h - ph)))
            cx, cy = x + pw / 2, y + ph / 2
            if all(np.hypot(cx - tx, cy - ty) > 0.75 * (s + ts) for tx, ty, ts in taken):
                box = paste(img, patch, alpha, x, y)
                if box is not None:
                    rows.append((v, *box))
                    taken.append((cx, cy, s))
                break
    if rng.random() < 0.5:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.0))
    return img, np.array(rows, np.float32).reshape(-1, 5)


def packed_spot(occupied: np.ndarray, die: np.ndarray, heap: tuple[float, float], size: float,
                rng: np.random.Generator, tries: int = 60) -> tuple[int, int] | None:
    """Where (x, y: the patch's top-left) a die whose patch covers ``die`` (bool) lies nearest to
    ``heap`` (x, y) without covering any of ``occupied`` (bool, the frame): of ``tries`` spots drawn
    within 2.5 dice of it, so that a handful of dice comes to lie edge to edge. None when no spot is free."""
    H, W = occupied.shape
    ph, pw = die.shape
    best: tuple[float, int, int] | None = None
    for _ in range(tries):
        r, t = rng.uniform(0, 2.5 * size), rng.uniform(0, 2 * np.pi)
        x, y = int(heap[0] + r * np.cos(t) - pw / 2), int(heap[1] + r * np.sin(t) - ph / 2)
        if x < 0 or y < 0 or x + pw > W or y + ph > H or (best is not None and r >= best[0]):
            continue
        if not (occupied[y:y + ph, x:x + pw] & die).any():
            best = (r, x, y)
    return None if best is None else (best[1], best[2])


# ----------------------------------------------------------------------------- photometric changes

def jitter_colour(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Random hue rotation, channel order, gain, gamma, grey and noise: other dice, light, cameras."""
    out = img
    if rng.random() < 0.5:
        hsv = cv2.cvtColor(out, cv2.COLOR_BGR2HSV)
        hsv[..., 0] = ((hsv[..., 0].astype(np.int32) + rng.integers(0, 180)) % 180).astype(np.uint8)
        out = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    if rng.random() < 0.3:
        out = out[..., rng.permutation(3)]
    f = out.astype(np.float32) / 255
    f = f ** rng.uniform(0.6, 1.6)
    f = f * rng.uniform(0.6, 1.3) * rng.uniform(0.85, 1.15, 3) + rng.uniform(-0.1, 0.1)
    if rng.random() < 0.1:
        f = np.repeat(f.mean(axis=2, keepdims=True), 3, axis=2)
    f += rng.normal(0, rng.uniform(0, 0.03), f.shape)
    out = np.clip(f * 255, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        q = int(rng.integers(40, 95))
        out = cv2.imdecode(cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, q])[1], cv2.IMREAD_COLOR)
    return np.ascontiguousarray(out)


def match_dice(rows: np.ndarray, boxes: list[tuple[float, float, float, float]],
               least_iou: float = 0.3) -> dict[int, int]:
    """Box index -> row index of labelled dice ``rows`` (value, x, y, w, h), one to one, by IoU of at
    least ``least_iou``, best overlaps first (how the benchmark and tests pair read dice with labels)."""
    from vision.locate import _iou

    pairs = sorted(((_iou(tuple(r[1:]), b), i, j) for i, r in enumerate(rows) for j, b in enumerate(boxes)),
                   reverse=True)
    used: set[int] = set()
    out: dict[int, int] = {}
    for s, i, j in pairs:
        if s < least_iou:
            break
        if i not in used and j not in out:
            used.add(i)
            out[j] = i
    return out


def score_read(rows: np.ndarray, dice: Sequence[Die]) -> tuple[int, int, int]:
    """(read right, reported, sure and wrong) of the dice read in one frame against its labelled
    dice ``rows`` (value, x, y, w, h), paired by ``match_dice``: a die is right when it is paired
    with a label of its value; a sure die that is not right is wrong or no die at all."""
    pairs = match_dice(rows, [d.box for d in dice])
    right = sure_wrong = 0
    for j, d in enumerate(dice):
        ok = j in pairs and int(rows[pairs[j], 0]) == d.value
        right += ok
        sure_wrong += d.certain and not ok
    return right, len(dice), sure_wrong
