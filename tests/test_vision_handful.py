"""A handful of dice thrown together: ``vision.reader.read_handful`` reads the part of the frame
around touching dice again with the handful locator (``vision.locate.HANDFUL_MODEL``), which tells
dice apart that the first locator boxes as one blob or misses. The floors are under what the
committed models measure (``benchmarks/dice_scenes.py``, scene ``drawn handful``)."""
from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from tests.test_vision_blobs import thrown_reads
from tools.dice_cloth import thrown_black_scene
from tools.dice_data import match_dice, score_read, synthetic_scene
from vision import blobs, heap, look, reader
from vision.boxes import UNSURE
from vision.calibrate import Calibration
from vision.die import Die
from vision.locate import HANDFUL_MODEL, MODEL


def die_at(cx: float, cy: float, size: float = 30.0) -> Die:
    return Die(value=3, box=(round(cx - size / 2), round(cy - size / 2), round(size), round(size)), confidence=0.9)


def test_dice_edge_to_edge_touch_and_dice_apart_do_not() -> None:
    assert look.touching([die_at(100, 100), die_at(130, 100)])                 # edge to edge
    assert look.touching([die_at(100, 100), die_at(133, 112)])                 # turned, a gap of 3 px
    assert not look.touching([die_at(100, 100), die_at(160, 100)])             # a die's width apart
    assert not look.touching([die_at(100, 100)])


def handfuls() -> list[tuple[np.ndarray, np.ndarray]]:
    """Twelve table frames, each with one handful of 2-8 dice of one size (24-40 px) pushed edge to edge."""
    rng = np.random.default_rng(31)
    out = []
    while len(out) < 12:
        size = float(rng.uniform(24, 40))
        img, rows = synthetic_scene(480, 640, rng, (size, size), n_max=8, packed=1.0)
        if len(rows) >= 3:
            out.append((img, rows))
    return out


@cache
def handful_reads(again: bool, calibrated: bool = False) -> tuple[int, int, int, int]:
    """(dice, read right, reported, sure and wrong) over ``handfuls``, read with or without the
    handful locator (``look.boxes_touch``, which ``look.handful_wanted`` asks, says no dice touch),
    through a calibration that knows the dice's size or none."""
    n = right = reported = sure_wrong = 0
    saved = look.boxes_touch
    if not again:
        look.boxes_touch = lambda _: False
    try:
        for img, rows in handfuls():
            share = float(np.median(np.maximum(rows[:, 3], rows[:, 4]))) / min(img.shape[:2])
            dice = reader.read_dice(img, Calibration((0.0, 0.0, 1.0, 1.0), share) if calibrated else None)
            r, k, sw = score_read(rows, dice)
            n, right, reported, sure_wrong = n + len(rows), right + r, reported + k, sure_wrong + sw
    finally:
        look.boxes_touch = saved
    return n, right, reported, sure_wrong


@pytest.mark.slow
@pytest.mark.parametrize("calibrated", [False, True])
def test_a_handful_of_touching_dice_is_read_die_by_die(calibrated: bool) -> None:
    """The handful is read again and more of its dice come back, none invented, none sure and wrong."""
    n, right, reported, sure_wrong = handful_reads(True, calibrated)
    _, right0, _, _ = handful_reads(False, calibrated)
    assert right >= 0.8 * n, f"{right} of {n} dice read right"
    assert right > right0, f"read again: {right} right, first read alone: {right0}"
    assert reported <= 1.03 * n, f"{reported} dice reported for {n}"
    assert sure_wrong == 0


def test_dice_apart_are_read_once_by_the_first_locator(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dice that do not touch are never read again: the handful locator does not run."""
    models: list[object] = []
    real = reader.read_part

    def spy(*args: object, **kw: object) -> list[Die]:
        models.append(kw.get("model", MODEL))
        return real(*args, **kw)

    monkeypatch.setattr(reader, "read_part", spy)
    assert reader.read_handful(np.zeros((480, 640, 3), np.uint8), [die_at(100, 100), die_at(300, 300)]) is None
    assert reader.read_handful(np.zeros((480, 640, 3), np.uint8), [die_at(100, 100)]) is None
    assert models == []


def test_a_handful_is_read_by_the_handful_locator(monkeypatch: pytest.MonkeyPatch) -> None:
    """Touching dice send the part of the frame around them to the handful locator, once, only near
    them, and what it reads comes back in frame pixels, in reading order."""
    models: list[object] = []
    nears: list[list[tuple[float, float]]] = []
    real = reader.read_part

    def spy(*args: object, **kw: object) -> list[Die]:
        models.append(kw.get("model", MODEL))
        nears.append(kw["near"])  # type: ignore[arg-type]
        return real(*args, **kw)

    img, rows = handfuls()[0]
    first = [die_at(float(x + w / 2), float(y + h / 2), float(max(w, h))) for _, x, y, w, h in rows[:2]]
    monkeypatch.setattr(reader, "read_part", spy)
    again = reader.read_handful(img, first)
    assert models == [HANDFUL_MODEL] and len(nears) == 1 and len(nears[0]) == 2
    assert again is not None and len(match_dice(rows, [d.box for d in again])) >= 2
    assert again == reader.in_reading_order(again)


def test_a_frame_whose_dice_touch_is_first_read_without_turning(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the upright look finds dice that touch, the frame's first read only says where the
    handful lies (it is read again in full there), so no unclear die is turned in it
    (``vision.classify.settled_probabilities`` with ``clear=0``); dice apart are read once, in full."""
    from vision import classify

    settled: list[float] = []
    real_settle = look.settled_probabilities

    def settle(crops: np.ndarray, probs: np.ndarray, clear: float = classify.CLEAR) -> np.ndarray:
        settled.append(clear)
        return real_settle(crops, probs, clear)

    monkeypatch.setattr(look, "settled_probabilities", settle)
    img, rows = handfuls()[0]
    dice = reader.read_dice(img)
    assert settled == [0.0, classify.CLEAR], settled
    assert score_read(rows, dice)[0] >= 0.6 * len(rows)
    settled.clear()
    rng = np.random.default_rng(5)
    apart, rows = synthetic_scene(480, 640, rng, (30.0, 30.0), n_max=4, packed=0.0)
    assert not look.touching([Die(int(v), (int(x), int(y), int(w), int(h)), 0.9) for v, x, y, w, h in rows])
    reader.read_dice(apart)
    assert settled == [classify.CLEAR], settled


#: ``tools.dice_cloth.thrown_black_scene`` seeds whose small white dice touch in pairs and threes in the
#: first read, and the same dice read again enlarged come out apart, one of each pair missed.
LOST_WHEN_ENLARGED = (62, 76, 148)


def test_dice_that_touched_in_the_first_read_are_read_as_a_handful(monkeypatch: pytest.MonkeyPatch) -> None:
    """``read_handful``'s ``also``: where the small dice touched in the first read, the part is read
    again by the handful locator though the enlarged re-read lost the die that touched."""
    n, right, sure_wrong = thrown_reads(LOST_WHEN_ENLARGED)
    assert n == 21 and right >= 19 and sure_wrong == 0, (n, right, sure_wrong)
    real = reader.read_handful
    monkeypatch.setattr(reader, "read_handful", lambda bgr, first, also=None, big=True: real(bgr, first, big=big))
    monkeypatch.setattr(blobs, "MAX_HEAPS", 0)      # (blobs looked into as heaps find most of these dice too)
    assert thrown_reads(LOST_WHEN_ENLARGED)[1] <= 16            # (one a first read nearly sure of, given back)


#: ``tools.dice_cloth.thrown_black_scene`` seeds whose white dice of 49-69 px (too big for the
#: enlarged handful re-read) lie in heaps the first read finds only part of: 43 dice, 32 read right
#: by the first read alone.
BIG_HEAPS = (38, 85, 114, 116)


def test_big_dice_that_touch_are_read_again_at_their_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """``read_big_handful``: the heap read again at its dice's size by the handful locator finds the
    dice the first read missed, none sure and wrong."""
    n, right, sure_wrong = thrown_reads(BIG_HEAPS)
    assert n == 43 and right >= 41 and sure_wrong == 0, (n, right, sure_wrong)
    monkeypatch.setattr(reader, "read_big_handful", lambda bgr, first, size: None)
    assert thrown_reads(BIG_HEAPS)[1] <= 34


def test_big_touching_dice_go_to_the_re_read_at_their_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """Touching dice of ``HANDFUL_MAX`` or more as the first read saw them are read again around the
    dice found, at their size, by the handful locator, only near them; smaller ones are enlarged."""
    calls: list[tuple[object, ...]] = []

    def area(bgr: np.ndarray, part: tuple[int, int, int, int], die_px: float | None, model: object = MODEL,
             near: list[tuple[float, float]] | None = None) -> list[Die]:
        calls.append((part, die_px, model, near))
        return []

    monkeypatch.setattr(reader, "read_area", area)
    img = np.zeros((480, 640, 3), np.uint8)
    big = [die_at(200, 200, 60), die_at(262, 200, 60)]                # 1.5 dice beyond them:
    assert reader.read_handful(img, big) is None                      # it read fewer dice: not kept
    assert calls == [((80, 80, 303, 241), 60.0, HANDFUL_MODEL, [(200.0, 200.0), (262.0, 200.0)])]
    calls.clear()
    assert reader.read_handful(img, [die_at(200, 200, 40), die_at(241, 200, 40)]) is not None
    assert calls == []


def test_a_big_handful_read_again_is_kept_with_as_many_dice_or_more(monkeypatch: pytest.MonkeyPatch) -> None:
    first = [die_at(200, 200, 60), die_at(262, 200, 60)]
    third = die_at(231, 255, 60)
    monkeypatch.setattr(reader, "read_area", lambda *a, **kw: [*first, third])
    assert reader.read_big_handful(np.zeros((480, 640, 3), np.uint8), first, 60.0) == [*first, third]
    monkeypatch.setattr(reader, "read_area", lambda *a, **kw: first[:1])
    assert reader.read_big_handful(np.zeros((480, 640, 3), np.uint8), first, 60.0) is None


def test_dice_read_at_their_size_near_dice_found_are_only_those_near() -> None:
    """``look.candidates_of_size``'s ``near``: finds farther than ``NEAR_DICE`` dice from every
    centre given are not kept (a patterned cloth around a heap is not read)."""
    rng = np.random.default_rng(7)
    img, rows = synthetic_scene(480, 640, rng, (36.0, 36.0), n_max=8, packed=0.0)
    centres = [(x + w / 2, y + h / 2) for _, x, y, w, h in rows]
    everywhere = look.candidates_of_size(img, 36.0)
    assert len(match_dice(rows, [c.box for c in everywhere])) == len(rows) >= 3
    near = look.candidates_of_size(img, 36.0, near=centres[:1])
    reach = look.NEAR_DICE * 36.0
    far = [i for i, (x, y) in enumerate(centres) if np.hypot(x - centres[0][0], y - centres[0][1]) >= reach + 36]
    assert far, "a die far from the first"
    found = match_dice(rows, [c.box for c in near])
    assert 0 in found.values() and not set(far) & set(found.values())
    assert all(np.hypot(c.box[0] + c.box[2] / 2 - centres[0][0], c.box[1] + c.box[3] / 2 - centres[0][1]) < reach
               for c in near)


def test_big_dice_are_read_again_at_their_size_once_a_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """``thrown_black_scene`` seed 40: its quick first read finds big dice touching, their re-read at
    size reads fewer and is not kept, and the frame read in full is not read so a second time."""
    calls: list[float] = []
    real = reader.read_big_handful

    def spy(bgr: np.ndarray, first: list[Die], size: float) -> list[Die] | None:
        calls.append(size)
        return real(bgr, first, size)

    monkeypatch.setattr(reader, "read_big_handful", spy)
    img, rows = thrown_black_scene(np.random.default_rng(40))
    dice = reader.read_dice(img)
    assert len(calls) == 1, calls
    assert score_read(rows, dice)[0] >= len(rows) - 1


def test_the_finest_level_near_dice_found_looks_only_near_them() -> None:
    """``locate.locate_finest``'s ``near``: finds farther than ``reach`` from every centre given are
    not candidates, and do not take the places of those near (a patterned cloth around a heap)."""
    from vision.locate import locate_finest

    rng = np.random.default_rng(7)
    img, rows = synthetic_scene(480, 640, rng, (38.0, 38.0), n_max=8, packed=0.0)
    centres = [(x + w / 2, y + h / 2) for _, x, y, w, h in rows]
    everywhere = locate_finest(img)
    assert len(match_dice(rows, [c.box for c in everywhere])) == len(rows) >= 3
    reach = look.NEAR_DICE * 38.0
    near = locate_finest(img, near=centres[:1], reach=reach)
    far = [i for i, (x, y) in enumerate(centres) if np.hypot(x - centres[0][0], y - centres[0][1]) >= reach + 38]
    assert far, "a die far from the first"
    found = match_dice(rows, [c.box for c in near])
    assert 0 in found.values() and not set(far) & set(found.values())
    assert len(locate_finest(img, max_dice=1, near=centres[:1], reach=reach)) == 1


def sure_at(cx: float, cy: float, size: float = 30.0, confidence: float = 0.9) -> Die:
    return Die(value=4, box=(round(cx - size / 2), round(cy - size / 2), round(size), round(size)),
               confidence=confidence)


def test_dice_a_read_again_lost_are_those_no_die_read_again_covers() -> None:
    """``reader.lost_believed``: a die of the first read it is sure of, or nearly (over ``UNSURE``),
    is lost when no die read again holds its centre and it holds no centre of one; a die read
    unsurely, or doubted by a rule (``UNSURE``), is never given back."""
    again = [sure_at(100, 100), sure_at(300, 100, size=90)]
    kept = sure_at(104, 96)                                   # read again, its box a little off
    lost = sure_at(200, 100)
    unsure = sure_at(200, 200, confidence=0.3)
    inside = sure_at(300, 100, size=20)                       # in a die read again as bigger
    holding = sure_at(100, 100, size=90)                      # holds a die read again (a heap as one)
    assert reader.lost_believed(again, [kept, lost, unsure, inside, holding]) == [lost]
    assert reader.lost_believed([], [lost, unsure]) == [lost]
    nearly = sure_at(200, 300, confidence=UNSURE + 0.03)
    doubted = sure_at(200, 400, confidence=UNSURE)
    assert reader.lost_believed(again, [nearly, doubted]) == [nearly]


#: ``thrown_black_scene`` seeds with a die the first read is sure of (and right) that the read again
#: (enlarged, or as a handful) lost: 39 dice, 35 read right when the read again stands alone; and
#: seeds 30, 34 and 283 with dice it nearly was sure of (given back only those it was sure of, 4
#: dice fewer are read): 32 dice, 18 so.
LOST_IN_READ_AGAIN = (36, 92, 131, 145)
NEARLY_SURE_LOST = (30, 34, 283)


def test_dice_a_read_again_lost_are_given_back(monkeypatch: pytest.MonkeyPatch) -> None:
    n, right, sure_wrong = thrown_reads(LOST_IN_READ_AGAIN)
    assert n == 39 and right >= 37 and sure_wrong == 0, (n, right, sure_wrong)
    n, right, sure_wrong = thrown_reads(NEARLY_SURE_LOST)
    assert n == 32 and right >= 26 and sure_wrong == 0, (n, right, sure_wrong)
    monkeypatch.setattr(reader, "lost_believed", lambda again, first: [])
    assert thrown_reads(LOST_IN_READ_AGAIN)[1] <= 35
    assert thrown_reads(NEARLY_SURE_LOST)[1] <= 20


def test_a_quick_read_gives_back_only_dice_the_full_read_is_sure_of() -> None:
    """The first ``thrown on black`` frame of ``benchmarks/dice_scenes.py``: its quick first read
    (no shape doubts) is sure of a speck of lint on the cloth that the read again does not find; the
    frame read in full takes it for a blank face, so it is not given back."""
    rng = np.random.default_rng(2026)
    rng.uniform()                                             # the scenes' size draw
    img, rows = thrown_black_scene(rng)
    dice = reader.read_dice(img)
    right, kept, sure_wrong = score_read(rows, dice)
    assert (right, kept, sure_wrong) == (5, 5, 0) and len(dice) == len(rows) == 5, dice


def test_a_calibrated_read_keeps_the_sure_dice_its_handful_re_read_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through a calibration that does not know the dice's size yet (the first roll), the area read
    again as a handful keeps the dice the first read was sure of that the re-read lost."""
    img, _ = thrown_black_scene(np.random.default_rng(36))
    cal = Calibration((0.0, 0.0, 1.0, 1.0))
    monkeypatch.setattr(reader, "read_handful", lambda bgr, first, also=None, big=True: None)
    first = reader.read_dice(img, cal)
    sure = [d for d in first if d.certain]
    assert len(first) >= 3 and sure
    rest = [d for d in first if d is not sure[0]]
    monkeypatch.setattr(reader, "read_handful", lambda bgr, first, also=None, big=True: rest)
    again = reader.read_dice(img, cal)
    assert sure[0] in again and len(again) == len(first)


def heap_in_a_row(n: int, lone_gap: float, seed: int = 0) -> tuple[np.ndarray, list[tuple[float, float, float, float]]]:
    """A 640x480 table with ``n`` dice of about 38 px edge to edge in a row, and one die more
    ``lone_gap`` dice beyond the row's end, drawn from ``seed``: the frame and the dice's boxes,
    left to right."""
    from tools.dice_data import paste, render_die

    rng = np.random.default_rng(seed)
    img = np.full((480, 640, 3), (70, 110, 150), np.uint8)
    boxes = []
    x = 40.0
    for i in range(n + 1):
        if i == n:
            x += lone_gap * 38
        patch, alpha = render_die(38.0, int(rng.integers(1, 7)), rng, marbled=0.0)
        box = paste(img, patch, alpha, int(x), 220)
        assert box is not None
        boxes.append(box)
        x += box[2] + 1                                                # the next die's edge at this one's
    return img, boxes


def looked_at_from_the_heap_end() -> set[int]:
    """The dice of ``heap_in_a_row(6, 1.2)`` (0-5 the heap, 6 the die apart) among the boxes the
    handful re-read looks at near the heap's first die alone."""
    img, boxes = heap_in_a_row(6, 1.2)
    rows = np.array([(1, *b) for b in boxes], np.float32)
    first = [(boxes[0][0] + boxes[0][2] / 2, boxes[0][1] + boxes[0][3] / 2)]
    located = look.locate_and_look(img, None, finest=True, model=HANDFUL_MODEL, near=first)
    return set(match_dice(rows, [c.box for c in located.cands]).values())


def test_a_heap_read_near_dice_found_is_looked_into_die_by_die() -> None:
    """``vision.heap.grown_near``: where the first read found only the die at one end of a heap, the
    handful locator looking near it finds the dice beside the dice it finds, to the heap's other
    end (six dice, each read clearly: ``GROW_STEPS`` rings beyond those within ``NEAR_DICE``); not a
    die lying apart, more than ``GROW_REACH`` dice from the heap's last die though within
    ``NEAR_DICE`` of it."""
    found = looked_at_from_the_heap_end()
    assert found == set(range(6)), found


def test_a_heap_read_near_dice_found_is_not_grown_without_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same heap with ``GROW_STEPS`` 0: only the dice within ``NEAR_DICE`` of the die the first
    read found are looked at (what ``grown_near`` adds to)."""
    monkeypatch.setattr(heap, "GROW_STEPS", 0)
    found = looked_at_from_the_heap_end()
    assert found == {0, 1, 2}, found


def test_a_heap_grows_only_to_dice_beside_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``GROW_REACH`` as far as ``NEAR_DICE`` the die apart is taken into the heap: the
    reach is what keeps it out (a speck of lint two dice from a heap, read as an unsure 1)."""
    monkeypatch.setattr(heap, "GROW_REACH", look.NEAR_DICE)
    assert 6 in looked_at_from_the_heap_end()
