"""read_dice on real photos (the held-out split only), bad frames, other scales and drawn dice.

The photo thresholds below are floors under what the committed models measure on the held-out
split (benchmarks/dice_bench.py prints the exact figures); they catch a reader that gets worse.
"""
from __future__ import annotations

import math
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.conftest import SHARED, shared_path
from tools.dice_data import Photo, background
from tools.dice_split import HELDOUT_RUNS, is_heldout
from vision.die import Die
from vision.errors import BadImage
from vision.reader import read_dice

DATASET = ("dice", "nellbyler_d6_train")
#: Held-out shots of dark translucent dice with red pips on a white sheet, some touching: the
#: reader's boxes are off and its readings unsure there. It must stay safe (no sure wrong die) and
#: read at least this share; every other photo must have at least 75 % of its dice read right.
HARD = {"IMG_20191209_095849.jpg": 0.25, "IMG_20191209_095854.jpg": 0.25, "IMG_20191209_095859.jpg": 0.25}
#: Held-out shots whose labels are wrong for some dice, so a right reading counts as wrong: in
#: IMG_20191208_112342 a black die labelled 2 shows three pips and the green die with yellow pips
#: at the left has no label box over it; in IMG_20191208_112353 (the same table ten seconds later)
#: the black die with three red pips just right of the green die has no label box over it.
LABEL_ERRORS = {"IMG_20191208_112342.jpg": 2, "IMG_20191208_112353.jpg": 1}


def heldout_names() -> list[str]:
    """The held-out image names, from the split's documented runs (no dataset access needed)."""
    path = SHARED.joinpath(*DATASET, "images")
    names = sorted(p.name for p in path.glob("*.jpg")) if path.exists() else []
    return [n for n in names if is_heldout(n)] or [first + ".jpg" for first, _ in HELDOUT_RUNS]


def load(name: str) -> tuple[np.ndarray, list[tuple[int, float, float, float, float]]]:
    """A photo and its labelled dice ``(value, x, y, w, h)``."""
    img = cv2.imread(str(shared_path(*DATASET, "images", name)), cv2.IMREAD_COLOR)
    h, w = img.shape[:2]
    gt = []
    for line in shared_path(*DATASET, "labels", Path(name).stem + ".txt").read_text().splitlines():
        p = line.split()
        if len(p) == 5:
            c, xc, yc, bw, bh = int(p[0]), *map(float, p[1:])
            gt.append((c + 1, (xc - bw / 2) * w, (yc - bh / 2) * h, bw * w, bh * h))
    return img, gt


def photo_rows(name: str) -> tuple[np.ndarray, np.ndarray]:
    """A photo and its labelled dice as ``(value, x, y, w, h)`` rows (``tools.dice_data.Photo``'s)."""
    img, gt = load(name)
    return img, np.array(gt, np.float32).reshape(-1, 5)


@cache
def read_photo(name: str) -> tuple[Die, ...]:
    """read_dice of a held-out photo, once per test run."""
    return tuple(read_dice(load(name)[0]))


def iou(a, b) -> float:
    ix = max(0.0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    union = a[2] * a[3] + b[2] * b[3] - ix * iy
    return ix * iy / union if union > 0 else 0.0


def match(gt, dice: list[Die], scale: float = 1.0) -> tuple[int, int, int]:
    """(dice read right, confident dice, confident dice that are wrong) by one-to-one IoU >= 0.3."""
    pairs = sorted(((iou([v * scale for v in g[1:]], d.box), i, j) for i, g in enumerate(gt)
                    for j, d in enumerate(dice)), reverse=True)
    used_g, used_d, right = set(), {}, 0
    for s, i, j in pairs:
        if s < 0.3:
            break
        if i not in used_g and j not in used_d:
            used_g.add(i)
            used_d[j] = gt[i][0]
    right = sum(1 for j, v in used_d.items() if dice[j].value == v)
    sure = [j for j, d in enumerate(dice) if d.certain]
    wrong = sum(1 for j in sure if used_d.get(j) != dice[j].value)
    return right, len(sure), wrong


# ----------------------------------------------------------------------------- real photos

@pytest.mark.parametrize("name", heldout_names())
def test_heldout_photo(name: str) -> None:
    img, gt = load(name)
    dice = list(read_photo(name))
    right, _, wrong = match(gt, dice)
    assert right >= math.floor(HARD.get(name, 0.75) * len(gt)), f"{name}: read {right} of {len(gt)} dice"
    assert wrong <= max(1, LABEL_ERRORS.get(name, 0)), f"{name}: {wrong} dice reported as sure but wrong"
    for d in dice:
        assert 1 <= d.value <= 6 and 0.0 <= d.confidence <= 1.0
        x, y, w, h = d.box
        assert x >= 0 and y >= 0 and w > 0 and h > 0 and x + w <= img.shape[1] and y + h <= img.shape[0]


def test_heldout_split_as_a_whole() -> None:
    gt_n = right_n = sure_n = wrong_n = pred_n = 0
    for name in heldout_names():
        _, gt = load(name)
        dice = list(read_photo(name))
        right, sure, wrong = match(gt, dice)
        gt_n, pred_n, right_n, sure_n, wrong_n = gt_n + len(gt), pred_n + len(dice), right_n + right, \
            sure_n + sure, wrong_n + wrong
    assert right_n / gt_n >= 0.93, f"read {right_n} of {gt_n}"
    assert right_n / pred_n >= 0.93, f"{pred_n - right_n} of {pred_n} reported dice are wrong or not dice"
    assert (sure_n - wrong_n) / sure_n >= 0.99, f"{wrong_n} of {sure_n} sure dice are wrong"
    assert sure_n >= 0.7 * gt_n, f"only {sure_n} of {gt_n} dice read surely"


def read_upscaled(names: list[str], factor: int) -> tuple[int, int, int]:
    """(dice read right, labelled dice, sure dice that are wrong) over the photos scaled ``factor`` times."""
    gt_n = right_n = wrong_n = 0
    for name in names:
        img, gt = load(name)
        big = cv2.resize(img, None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)
        right, _, wrong = match(gt, read_dice(big), scale=factor)
        gt_n, right_n, wrong_n = gt_n + len(gt), right_n + right, wrong_n + wrong
    return right_n, gt_n, wrong_n


@pytest.mark.parametrize("factor,floor,most_wrong", [(2, 0.85, 1), (3, 0.90, 0)])
def test_same_photos_upscaled(factor: int, floor: float, most_wrong: int) -> None:
    """Bigger dice (as from a closer camera) are still read: dice of 75-135 px at 3x are located in
    the frame shrunk to the networks' die size, so their pips are not taken for small dice."""
    right_n, gt_n, wrong_n = read_upscaled(heldout_names()[::6], factor)
    assert right_n / gt_n >= floor, f"x{factor}: read {right_n} of {gt_n}"
    assert wrong_n <= most_wrong, f"x{factor}: {wrong_n} dice reported as sure but wrong"


@pytest.mark.parametrize("factor,step,floor,most_wrong", [(3, 1, 0.92, sum(LABEL_ERRORS.values())), (4, 3, 0.92, 0)])
def test_heldout_split_upscaled(factor: int, step: int, floor: float, most_wrong: int) -> None:
    """The held-out photos (every ``step``-th) upscaled: the committed reader reads 94.8 % of the
    dice at 3x (all 45 photos). At 3x the sure dice that count as wrong are the three mislabelled
    ones of ``LABEL_ERRORS`` (each one was looked at)."""
    right_n, gt_n, wrong_n = read_upscaled(heldout_names()[::step], factor)
    assert right_n / gt_n >= floor, f"x{factor}: read {right_n} of {gt_n}"
    assert wrong_n <= most_wrong, f"x{factor}: {wrong_n} dice reported as sure but wrong"


@pytest.mark.parametrize("factor,floor", [(0.5, 0.90), (0.4, 0.86)])
def test_heldout_split_shrunk_small_dice(factor: float, floor: float) -> None:
    """Small dice (a camera farther away): the held-out photos shrunk to half size and less, dice of
    13-22 px. The locator's finest level sees them at half that and misses many (at 0.4x about half
    of them), so such a frame is read again enlarged (``vision.reader.small_part``): every other
    held-out photo, 92.9 % and 89.2 % read right (80.2 % and 58.5 % without the second read)."""
    gt_n = right_n = wrong_n = 0
    for name in heldout_names()[::2]:
        img, gt = load(name)
        small = cv2.resize(img, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        right, _, wrong = match(gt, read_dice(small), scale=factor)
        gt_n, right_n, wrong_n = gt_n + len(gt), right_n + right, wrong_n + wrong
    assert right_n / gt_n >= floor, f"x{factor}: read {right_n} of {gt_n}"
    assert wrong_n <= sum(LABEL_ERRORS.values()), f"x{factor}: {wrong_n} dice reported as sure but wrong"


def in_a_12mp_table(img: np.ndarray, seed: int) -> tuple[np.ndarray, int, int]:
    """The photo at its own size in the middle of a 4000 x 3000 frame of table (a phone held high over
    the whole table), and where its pixel (0, 0) lies there (x, y)."""
    frame = cv2.resize(background(375, 500, np.random.default_rng(seed)), (4000, 3000), interpolation=cv2.INTER_LINEAR)
    h, w = img.shape[:2]
    oy, ox = (3000 - h) // 2, (4000 - w) // 2
    frame[oy:oy + h, ox:ox + w] = img
    return frame, ox, oy


def test_small_dice_in_a_12mp_frame_are_looked_into_at_its_resolution() -> None:
    """Every third held-out photo at its size in a 12 MP table frame: its dice of 25-45 px are 7-13 px
    in the copy of a million pixels the reader locates in, where the photo's white sheet is boxed as
    one big die. That box is read again at the frame's own resolution (``vision.reader.looked_into``):
    92.1 % of the dice read right, 71.7 % without, and no sure die wrong."""
    gt_n = right_n = wrong_n = 0
    for i, name in enumerate(heldout_names()[::3]):
        img, gt = load(name)
        frame, ox, oy = in_a_12mp_table(img, i)
        right, _, wrong = match([(v, x + ox, y + oy, w, h) for v, x, y, w, h in gt], read_dice(frame))
        gt_n, right_n, wrong_n = gt_n + len(gt), right_n + right, wrong_n + wrong
    assert right_n / gt_n >= 0.88, f"read {right_n} of {gt_n}"
    assert wrong_n <= sum(LABEL_ERRORS.values()), f"{wrong_n} dice reported as sure but wrong"


#: Photos whose sheet, in the 12 MP table frame ``in_a_12mp_table`` makes with the seed given, is
#: boxed in the reader's copy as one big box the classifier takes for no die, and no die was read:
#: a held-out photo and two of the others (of the 200, seven such).
SHEETS_TAKEN_FOR_NO_DIE = {"IMG_20191208_112404.jpg": 55, "IMG_20191208_111228.jpg": 0, "IMG_20191208_112926.jpg": 94}


@pytest.mark.parametrize("first", [4, 32])
def test_a_12mp_photo_of_many_small_dice_that_touch(first: int) -> None:
    """Four held-out photos side by side, two by two, filling nine tenths of a 12 MP frame's height
    (33-38 dice of 50-95 px, small in the copy of a million pixels the reader locates in, many of
    them touching): read again enlarged around the dice, the touching ones by the handful locator
    (``vision.reader.read_again``). The committed reader reads 36 of 38 and 33 of 33 right, no sure
    die wrong."""
    from benchmarks.dice_scenes import scaled_into, two_by_two

    names = heldout_names()[first:first + 4]
    tiled, rows = two_by_two([Photo(n, *photo_rows(n)) for n in names])
    frame, rows = scaled_into(tiled, rows, 0.9 * 3000 / tiled.shape[0], (4000, 3000), np.random.default_rng(first))
    gt = [tuple(r) for r in rows.tolist()]
    right, _, wrong = match(gt, read_dice(frame))
    assert right >= 0.9 * len(gt), f"read {right} of {len(gt)}"
    assert wrong <= sum(LABEL_ERRORS.get(n, 0) for n in names), f"{wrong} dice reported as sure but wrong"

@pytest.mark.parametrize("name", sorted(SHEETS_TAKEN_FOR_NO_DIE))
def test_a_sheet_of_small_dice_taken_for_no_die_is_looked_into(name: str) -> None:
    """A big box the locator finds strongly in the copy of a 12 MP frame, read there as no die, holds
    the photo's dice too small for the copy (``vision.reader.big_finds``): it is read at the frame's
    own resolution, as a big die read unsurely is. Without that no die of these frames is read."""
    img, gt = load(name)
    frame, ox, oy = in_a_12mp_table(img, SHEETS_TAKEN_FOR_NO_DIE[name])
    right, _, wrong = match([(v, x + ox, y + oy, w, h) for v, x, y, w, h in gt], read_dice(frame))
    assert right >= 0.9 * len(gt), f"read {right} of {len(gt)}"
    assert wrong <= LABEL_ERRORS.get(name, 0)


def test_a_frame_of_small_dice_turns_only_the_dice_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first read of a frame of small dice only says where to read again, so it reads no unclear
    die again in its other quarter turns (``settled_probabilities`` with ``clear=0``); the part read
    again enlarged, by the locator's finest level alone (``locate_finest``: it holds no big dice), is
    looked at so too, and then, its dice touching none (no handful read stands for it), read in full.
    A frame of ordinary dice is read once, in full."""
    from vision import classify, look, reader

    settled: list[float] = []
    finest: list[tuple[int, int]] = []
    real_settle, real_finest = look.settled_probabilities, look.locate_finest

    def settle(crops: np.ndarray, probs: np.ndarray, clear: float = classify.CLEAR) -> np.ndarray:
        settled.append(clear)
        return real_settle(crops, probs, clear)

    def locate_finest(bgr: np.ndarray, **kw: object) -> list:
        finest.append(bgr.shape[:2])
        return real_finest(bgr, **kw)

    monkeypatch.setattr(look, "settled_probabilities", settle)
    monkeypatch.setattr(look, "locate_finest", locate_finest)
    monkeypatch.setattr(reader, "read_handful", lambda bgr, first, also=None, big=True: None)  # test_vision_handful
    monkeypatch.setattr(look, "boxes_touch", lambda boxes: False)
    img, gt = load(heldout_names()[0])
    small = cv2.resize(img, None, fx=0.4, fy=0.4, interpolation=cv2.INTER_AREA)
    right, _, _ = match(gt, read_dice(small), scale=0.4)
    assert settled == [0.0, 0.0, classify.CLEAR] and len(finest) == 1, (settled, finest)
    assert right >= 0.8 * len(gt)
    settled.clear(), finest.clear()
    read_dice(img)
    assert settled == [classify.CLEAR] and finest == []


def test_small_dice_that_touch_are_read_in_full_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a frame's small dice touch, the part around them read again enlarged only says where
    they lie (``clear=0``, no second opinion): the dice the handful locator reads there stand for
    it (``vision.reader.read_again``), so that part is not read in full as well, a third of a 12 MP
    frame's time where it holds some 30 small dice. The dice read are the handful locator's."""
    from vision import classify, look, reader

    settled: list[float] = []
    opinions: list[int] = []
    handfuls: list[list[Die] | None] = []
    real_settle, real_opinion, real_handful = look.settled_probabilities, look.second_opinion, reader.read_handful

    def settle(crops: np.ndarray, probs: np.ndarray, clear: float = classify.CLEAR) -> np.ndarray:
        settled.append(clear)
        return real_settle(crops, probs, clear)

    def opinion(crops: np.ndarray, probs: np.ndarray) -> np.ndarray:
        opinions.append(len(crops))
        return real_opinion(crops, probs)

    def handful(bgr: np.ndarray, first: list[Die], also: list[Die] | None = None, big: bool = True) -> list[Die] | None:
        handfuls.append(real_handful(bgr, first, also=also, big=big))
        return handfuls[-1]

    monkeypatch.setattr(look, "settled_probabilities", settle)
    monkeypatch.setattr(look, "second_opinion", opinion)
    monkeypatch.setattr(reader, "read_handful", handful)
    img, gt = load(heldout_names()[0])
    small = cv2.resize(img, None, fx=0.4, fy=0.4, interpolation=cv2.INTER_AREA)
    dice = read_dice(small)
    assert len(handfuls) == 1 and handfuls[0] is not None, "the dice of this photo touch"
    assert settled == [0.0, 0.0, classify.CLEAR] and len(opinions) == 1, (settled, opinions)
    assert {d.box for d in dice} <= {d.box for d in handfuls[0]}
    right, _, wrong = match(gt, dice, scale=0.4)
    assert right >= 0.8 * len(gt) and wrong == 0, (right, len(gt), wrong)


def test_one_photo_upscaled_4x() -> None:
    name = heldout_names()[0]
    img, gt = load(name)
    big = cv2.resize(img, None, fx=4, fy=4, interpolation=cv2.INTER_CUBIC)
    right, _, wrong = match(gt, read_dice(big), scale=4)
    assert right >= math.floor(0.75 * len(gt)) and wrong <= 1


def test_grayscale_and_bgra_inputs() -> None:
    name = heldout_names()[1]
    img, gt = load(name)
    bgra = cv2.cvtColor(img, cv2.COLOR_BGR2BGRA)
    assert read_dice(bgra) == read_dice(img)
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    right, _, wrong = match(gt, read_dice(gray))
    assert right >= math.floor(0.6 * len(gt)) and wrong <= 1
    assert read_dice(gray[:, :, None]) == read_dice(gray)


# ----------------------------------------------------------------------------- bad frames

@pytest.mark.parametrize("frame", [
    np.zeros((480, 640, 3), np.uint8),
    np.full((480, 640, 3), 255, np.uint8),
    np.full((480, 640), 128, np.uint8),
    np.zeros((10, 10, 3), np.uint8),
    np.random.default_rng(0).integers(0, 256, (10, 10, 3)).astype(np.uint8),
    np.zeros((1, 2000, 3), np.uint8),
], ids=["black", "overexposed", "grey", "tiny", "tiny-noise", "one-row"])
def test_blank_and_tiny_frames_have_no_dice(frame: np.ndarray) -> None:
    assert read_dice(frame) == []


def test_empty_tray_has_no_dice() -> None:
    """The bare floor of the tray and a bare table top: no die read as sure."""
    img, gt = load(heldout_names()[0])
    mask = np.ones(img.shape[:2], bool)
    for _, x, y, w, h in gt:
        mask[max(0, int(y - h)):int(y + 2 * h), max(0, int(x - w)):int(x + 2 * w)] = False
    floor = cv2.inpaint(img, (~mask).astype(np.uint8) * 255, 5, cv2.INPAINT_TELEA)
    assert [d for d in read_dice(floor) if d.certain] == []
    rng = np.random.default_rng(3)
    table = cv2.GaussianBlur(rng.normal(120, 25, (480, 640, 3)).clip(0, 255).astype(np.uint8), (0, 0), 3)
    assert [d for d in read_dice(table) if d.certain] == []


@pytest.mark.parametrize("bad", [
    "not an image", None, [[0, 1], [2, 3]],
    np.zeros((0, 0, 3), np.uint8), np.zeros((64,), np.uint8), np.zeros((64, 64, 2), np.uint8),
    np.zeros((4, 64, 64, 3), np.uint8), np.zeros((64, 64, 3), bool), np.zeros((64, 64, 3), np.int64),
    np.zeros((64, 64, 3), np.complex64), np.full((64, 64, 3), np.nan, np.float32),
], ids=["str", "none", "list", "empty", "1d", "2ch", "4d", "bool", "int64", "complex", "nan"])
def test_unusable_input_raises_bad_image(bad: object) -> None:
    with pytest.raises(BadImage):
        read_dice(bad)  # type: ignore[arg-type]


def test_float_and_uint16_frames_are_converted() -> None:
    img, _gt = load(heldout_names()[2])
    ref = read_dice(img)
    assert [d.value for d in read_dice(img.astype(np.float32) / 255)] == [d.value for d in ref]
    assert [d.value for d in read_dice(img.astype(np.uint16) * 257)] == [d.value for d in ref]


# ----------------------------------------------------------------------------- drawn dice

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def draw_scene(seed: int, size: int) -> tuple[np.ndarray, list[tuple[int, float, float]]]:
    """A wood-grain or felt table with six flat dice of about ``size`` px, drawn with cv2 alone.

    Returns the frame and (value, cx, cy) of each die.
    """
    rng = np.random.default_rng(seed)
    h, w = 720, 960
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if seed % 2:
        grain = 0.5 + 0.5 * np.sin(xx / 9 + 3 * np.sin(yy / 70))
        table = np.stack([40 + 30 * grain, 80 + 40 * grain, 130 + 50 * grain], -1)
    else:
        table = np.stack([np.full_like(xx, 50), np.full_like(xx, 110), np.full_like(xx, 40)], -1)
        table += rng.normal(0, 8, table.shape)
    img = np.clip(table, 0, 255).astype(np.uint8)
    faces = [((245, 245, 240), (20, 20, 20)), ((30, 30, 200), (250, 250, 250)), ((30, 30, 30), (240, 240, 240)),
             ((200, 120, 20), (255, 255, 255)), ((60, 210, 230), (10, 10, 10)), ((140, 40, 120), (230, 230, 230))]
    dice = []
    for k in range(6):
        value = k + 1
        cx, cy = w * (0.18 + 0.32 * (k % 3)), h * (0.28 + 0.45 * (k // 3))
        cx, cy = cx + rng.uniform(-20, 20), cy + rng.uniform(-20, 20)
        ang = rng.uniform(0, math.pi / 2)
        rot = np.array([[math.cos(ang), -math.sin(ang)], [math.sin(ang), math.cos(ang)]])
        face, pip = faces[(k + seed) % 6]
        corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * size / 2
        shadow = (corners @ rot.T + (cx + size * 0.08, cy + size * 0.08)).astype(np.int32)
        cv2.fillConvexPoly(img, shadow, (20, 20, 20), cv2.LINE_AA)
        cv2.fillConvexPoly(img, (corners @ rot.T + (cx, cy)).astype(np.int32), face, cv2.LINE_AA)
        for px, py in PIPS[value]:
            p = rot @ np.array([px, py]) * size * 0.27 + (cx, cy)
            cv2.circle(img, (int(p[0]), int(p[1])), max(2, int(size * 0.09)), pip, -1, cv2.LINE_AA)
        dice.append((value, cx, cy))
    return cv2.GaussianBlur(img, (3, 3), 0), dice


@pytest.mark.parametrize("seed,size,least", [(0, 60, 5), (1, 90, 5), (2, 150, 5), (3, 220, 1), (5, 180, 5),
                                             (6, 220, 5)])
def test_drawn_dice_on_other_tables(seed: int, size: int, least: int) -> None:
    """Flat drawn dice on wood and felt, 60-220 px in a 960x720 frame; none may be sure and wrong.
    Boxes of 220 px dice still come out too big at times (one die of six may be missed there). In
    seed 3 (six 220 px dice filling the frame) the locator trained with table clutter boxes the
    dice at the coarse levels too big, the frame is shrunk too far and only 1 of 6 is read: a
    known weakness of the committed locator (the one before it read 5), kept because it reads
    clutter, tilted and held-out dice far better (vision/models/README.md)."""
    img, truth = draw_scene(seed, size)
    dice = read_dice(img)
    right = wrong_sure = 0
    for value, cx, cy in truth:
        hits = [d for d in dice if abs(d.box[0] + d.box[2] / 2 - cx) < size / 2
                and abs(d.box[1] + d.box[3] / 2 - cy) < size / 2]
        if len(hits) == 1 and hits[0].value == value:
            right += 1
        wrong_sure += sum(1 for d in hits if d.certain and d.value != value)
    assert right >= least, f"read {right} of 6: {dice}"
    assert wrong_sure == 0
    assert len([d for d in dice if d.certain]) <= 6


def test_threads_share_the_models_safely() -> None:
    """A camera thread and the UI thread may read at once: same answers, no crash."""
    import threading

    shared_path(*DATASET, "images")  # skips (fails on CI) before the list is indexed when ../shared is absent
    img, _ = load(heldout_names()[3])
    ref = read_dice(img)
    out: list[list[Die]] = []
    threads = [threading.Thread(target=lambda: out.append(read_dice(img))) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == [ref] * 3
