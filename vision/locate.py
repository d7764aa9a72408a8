"""Find dice in a frame: a small fully convolutional network over an image pyramid (cv2.dnn).

The model (``vision/models/dice_locator.onnx``, made by ``tools/train_dice_locator.py``) was trained on
dice about 9-40 px across. It marks die centres at stride 4 and regresses each die's box. To find
dice of any size (25 px to a few hundred px) the frame is shrunk by factors of ``LEVEL_STEP``; each
pyramid level keeps only the dice whose size there lies in ``BAND`` (the first level also keeps
smaller ones, the last level larger ones), and overlapping finds are merged.
"""
from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

MODEL = Path(__file__).resolve().parent / "models" / "dice_locator.onnx"
#: The same network trained with a fifth of its synthetic images handfuls of dice pushed edge to
#: edge (``tools/train_dice_locator.py --packed 0.2``): it tells touching dice apart, and is used
#: only where touching dice were found (``vision.reader.read_handful``); on a whole frame it takes
#: a keyboard's keys for a handful.
HANDFUL_MODEL = MODEL.with_name("dice_locator_handful.onnx")
STRIDE = 4
#: Die sizes (longer box side, px at a pyramid level) that a level answers for; wider than
#: ``LEVEL_STEP`` so neighbouring levels overlap (``merge`` removes the double finds).
BAND = (11, 40)
#: The first level also keeps dice down to this size (px there; the locator was trained from 9 px).
MIN_SIZE = 9.0
#: Scale of the first pyramid level: dice of 22-72 px in the frame are read there.
FIRST_SCALE = 0.5
#: Each further level is this much smaller.
LEVEL_STEP = 3.0


@dataclass(frozen=True)
class Candidate:
    """A die the locator believes in: box ``(x, y, w, h)`` in frame pixels and a score 0..1."""

    box: tuple[float, float, float, float]
    score: float


#: One network object is shared; cv2.dnn nets must not run two inputs at once.
_LOCK = threading.Lock()


#: Nets kept per model file, each set up for the input shape it last read. The pyramid's levels
#: take turns with a few shapes, and a cv2.dnn net set up anew for each costs a sixth more: a
#: 640x480 frame's three levels took 29 ms with one net, 24 ms with a net each (best of six here).
NETS_PER_MODEL = 4
#: Per model file, its nets with the input shape each last read, the one used last at the end.
_POOL: dict[str, list[tuple[tuple[int, ...], cv2.dnn.Net]]] = {}


def _net(path: str, shape: tuple[int, ...]) -> cv2.dnn.Net:
    """A net of the model in ``path`` for an input blob of ``shape``: the one that read that shape
    last; else a new one while the model has fewer than ``NETS_PER_MODEL``; else the one used
    longest ago (set up anew by cv2.dnn). The caller holds ``_LOCK``."""
    pool = _POOL.setdefault(path, [])
    for i, (seen, net) in enumerate(pool):
        if seen == shape:
            pool.append(pool.pop(i))
            return net
    net = cv2.dnn.readNetFromONNX(path) if len(pool) < NETS_PER_MODEL else pool.pop(0)[1]
    pool.append((shape, net))
    return net


def pyramid_scales(height: int, width: int, first: float = FIRST_SCALE,
                   step: float = LEVEL_STEP) -> list[float]:
    """The scales at which a frame of this size is searched, largest first.

    Levels are added while a die spanning 60 % of the frame's shorter side would still be larger
    than ``BAND[1]`` px at the last one.
    """
    scales = [first]
    while min(height, width) * 0.6 * scales[-1] > BAND[1]:
        scales.append(scales[-1] / step)
    return scales


def _level(bgr: np.ndarray, scale: float, threshold: float,
           model: Path = MODEL) -> list[tuple[Candidate, float]]:
    """Dice found at one scale by the network in ``model``, each with its size in level pixels."""
    h, w = bgr.shape[:2]
    lw, lh = max(8, round(float(w * scale))), max(8, round(float(h * scale)))
    img = cv2.resize(bgr, (lw, lh), interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    sx, sy = lw / w, lh / h
    blob = cv2.dnn.blobFromImage(img, 1 / 255.0)
    with _LOCK:
        net = _net(str(model), blob.shape)
        net.setInput(blob)
        maps = net.forward()[0].copy()
    heat = 1 / (1 + np.exp(-maps[0]))
    peaks = (heat >= threshold) & (heat == cv2.dilate(heat, np.ones((3, 3), np.uint8)))
    out = []
    for iy, ix in zip(*np.nonzero(peaks)):
        dx, dy, lbw, lbh = maps[1:, iy, ix]
        bw, bh = float(np.exp(np.clip(lbw, -3, 6))) * STRIDE, float(np.exp(np.clip(lbh, -3, 6))) * STRIDE
        cx, cy = (ix + float(np.clip(dx, 0, 1))) * STRIDE, (iy + float(np.clip(dy, 0, 1))) * STRIDE
        box = ((cx - bw / 2) / sx, (cy - bh / 2) / sy, bw / sx, bh / sy)
        out.append((Candidate(box, float(heat[iy, ix])), max(bw, bh)))
    return out


#: A box with more than this share of its area inside better boxes of similar size is dropped.
COVERED = 0.7


def _iou(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    ix = max(0.0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = a[2] * a[3] + b[2] * b[3] - inter
    return inter / union if union > 0 else 0.0


def merge(cands: list[Candidate], iou: float = 0.35) -> list[Candidate]:
    """Non-maximum suppression: of boxes overlapping more than ``iou``, the best-scored stays.

    A box whose centre lies inside a better box of similar size is dropped too (one die found twice),
    and so is a box more than ``COVERED`` of whose area lies inside better boxes of similar size (a
    box straddling two touching dice that were both found).

    Only boxes that intersect bear on each other, so each box is compared with the kept boxes that
    share a cell of a grid with it (``_cells``), in the order they were kept: the result is that of
    comparing it with every kept box, at a fraction of the cost where a patterned cloth gives
    hundreds of finds.
    """
    order = sorted(cands, key=lambda c: -c.score)
    if not order:
        return []
    cell = max(8.0, float(np.median([max(c.box[2], c.box[3]) for c in order])))
    grid: dict[tuple[int, int], list[int]] = {}
    kept: list[Candidate] = []
    for c in order:
        x, y, w, h = c.box
        cx, cy = x + w / 2, y + h / 2
        cells = _cells(c.box, cell)
        near = sorted({i for key in cells for i in grid.get(key, ())})
        dup = False
        covered = 0.0
        for i in near:
            k = kept[i]
            kx, ky, kw, kh = k.box
            inside = abs(cx - kx - kw / 2) < kw * 0.35 and abs(cy - ky - kh / 2) < kh * 0.35
            similar = 0.5 < max(w, h) / max(kw, kh) < 2
            if _iou(c.box, k.box) > iou or (inside and similar):
                dup = True
                break
            if similar:
                covered += overlap(c.box, k.box)
        if not dup and covered <= COVERED * w * h:
            for key in cells:
                grid.setdefault(key, []).append(len(kept))
            kept.append(c)
    return kept


def _cells(box: tuple[float, ...], cell: float) -> list[tuple[int, int]]:
    """The grid cells (``cell`` px square) that the box (x, y, w, h) covers, its edges included:
    two boxes that intersect, or one holding the other's centre, share at least one."""
    x, y, w, h = box
    return [(i, j) for i in range(int(np.floor(x / cell)), int(np.floor((x + w) / cell)) + 1)
            for j in range(int(np.floor(y / cell)), int(np.floor((y + h) / cell)) + 1)]


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """The area two boxes share."""
    ix = max(0.0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    return ix * iy


def level_finds(bgr: np.ndarray, scale: float, threshold: float = 0.25, model: Path = MODEL) -> list[Candidate]:
    """Every find of one pass of the locator in ``model`` over the frame resized by ``scale``, in
    frame pixels, unmerged."""
    return [c for c, _size in _level(bgr, scale, threshold, model)]


def locate_levels(bgr: np.ndarray, threshold: float = 0.25) -> list[tuple[int, Candidate]]:
    """Every find of every pyramid level that the level answers for, with the level's index
    (0 is the finest), before merging."""
    h, w = bgr.shape[:2]
    scales = pyramid_scales(h, w)
    found: list[tuple[int, Candidate]] = []
    for i, s in enumerate(scales):
        lo = MIN_SIZE if i == 0 else BAND[0]
        hi = np.inf if i == len(scales) - 1 else BAND[1]
        found.extend((i, c) for c, size in _level(bgr, s, threshold) if lo <= size < hi)
    return found


def locate_finest(bgr: np.ndarray, threshold: float = 0.25, max_dice: int = 64,
                  model: Path = MODEL, near: Sequence[tuple[float, float]] | None = None,
                  reach: float = 0.0, finds: list[Candidate] | None = None) -> list[Candidate]:
    """Dice candidates of the finest pyramid level alone (dice of ``MIN_SIZE`` to
    ``BAND[1] / FIRST_SCALE`` px), best first: for a frame known to hold no bigger dice (one enlarged
    so that its small dice come to the size the locator knows), where coarser levels find nothing
    but clusters of dice. ``model``: the network's file (``HANDFUL_MODEL`` for touching dice).
    ``near``: centres (x, y) of dice already found; only finds whose centre lies within ``reach`` px
    of one of them are candidates (before the ``max_dice`` best are taken: on a patterned cloth the
    finds away from the dice would fill them). ``finds``: ``finest_finds(bgr, threshold, model)``
    when the caller has them already."""
    finds = finest_finds(bgr, threshold, model) if finds is None else finds
    if near is not None:
        finds = [c for c in finds if near_any(c, near, reach)]
    return merge(finds)[:max_dice]


def finest_finds(bgr: np.ndarray, threshold: float = 0.25, model: Path = MODEL) -> list[Candidate]:
    """Every find of the finest pyramid level of the locator in ``model`` that the level answers
    for, unmerged (what ``locate_finest`` takes its candidates from)."""
    return [c for c, size in _level(bgr, FIRST_SCALE, threshold, model) if MIN_SIZE <= size < BAND[1]]


def near_any(c: Candidate, centres: Sequence[tuple[float, float]], reach: float) -> bool:
    """Whether the centre of ``c``'s box lies within ``reach`` px of one of ``centres`` (x, y)."""
    x, y = c.box[0] + c.box[2] / 2, c.box[1] + c.box[3] / 2
    return any(np.hypot(x - cx, y - cy) < reach for cx, cy in centres)


def finds_around(bgr: np.ndarray, box: tuple[float, float, float, float], zoom: float,
                 model: Path = HANDFUL_MODEL, threshold: float = 0.25) -> list[Candidate]:
    """The finds of the finest pyramid level of the locator in ``model`` in the part of the frame
    around ``box`` (x, y, w, h; half its longer side beyond each edge) enlarged by ``zoom``, in frame
    pixels, unmerged: a look at one place at the scale its dice are thought to have."""
    h, w = bgr.shape[:2]
    x, y, bw, bh = box
    m = 0.5 * max(bw, bh)
    x0, y0 = max(0, int(x - m)), max(0, int(y - m))
    x1, y1 = min(w, int(x + bw + m) + 1), min(h, int(y + bh + m) + 1)
    size = (max(8, int((x1 - x0) * zoom)), max(8, int((y1 - y0) * zoom)))
    part = cv2.resize(bgr[y0:y1, x0:x1], size, interpolation=cv2.INTER_CUBIC if zoom > 1 else cv2.INTER_AREA)
    fx, fy = (x1 - x0) / size[0], (y1 - y0) / size[1]
    return [Candidate((x0 + c.box[0] * fx, y0 + c.box[1] * fy, c.box[2] * fx, c.box[3] * fy), c.score)
            for c, found in _level(part, FIRST_SCALE, threshold, model) if MIN_SIZE <= found < BAND[1]]


def locate_dice(bgr: np.ndarray, threshold: float = 0.25, max_dice: int | None = 64,
                found: list[tuple[int, Candidate]] | None = None) -> list[Candidate]:
    """Dice candidates in a BGR uint8 frame, best first (at most ``max_dice``; None: all).

    ``threshold`` is the least centre-map score kept; scores are not probabilities of a die but
    rank candidates (the pip classifier decides what is a die). ``found`` reuses the output of
    ``locate_levels`` for this frame.
    """
    if found is None:
        found = locate_levels(bgr, threshold)
    cands = merge([c for _, c in found])
    return cands if max_dice is None else cands[:max_dice]
