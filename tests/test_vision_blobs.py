"""Dice that the whole-frame locator boxes together (``vision.blobs``, ``vision.look.split_blobs``):
white dice thrown together on a black cloth came back as one box read as no die, or as one die
read unclearly with the group's dice boxed inside it, and with no two dice found apart the handful
re-read had nowhere to look (the issue's groups of small dice read as one). Such boxes are looked
into by the handful locator at the scale of the dice they are thought to hold. And a group of big dice
seen as one die by the coarse pyramid levels is no big die when two of the finds inside it read as
dice of their own (``vision.look.big_die_size``)."""
from __future__ import annotations

from functools import cache

import cv2
import numpy as np
import pytest

from tests.conftest import SHARED
from tests.test_vision_reader import DATASET, load
from tools.dice_cloth import bowl_scene, thrown_black_scene
from tools.dice_data import score_read
from tools.dice_split import part_of
from vision import blobs, look, reader
from vision.boxes import CLEAR_DIE
from vision.classify import read_pips
from vision.locate import Candidate

#: Seeds of ``thrown_black_scene`` frames (one fresh generator each) whose dice lie in tight groups:
#: 9 dice of 35 px in two groups and 4 dice of 22 px in pairs.
GROUPED = (0, 10)


@cache
def grouped_reads(split_on: bool) -> tuple[int, int, int]:
    """(dice, read right, sure and wrong) over the ``GROUPED`` frames, with the blobs looked into
    or not (``BLOB_FIND`` beyond any score, and no dice small enough for ``weak_places``)."""
    saved = blobs.BLOB_FIND, blobs.SMALL_DICE
    if not split_on:
        blobs.BLOB_FIND, blobs.SMALL_DICE = np.inf, 0.0
    try:
        return thrown_reads(GROUPED)
    finally:
        blobs.BLOB_FIND, blobs.SMALL_DICE = saved


def test_dice_thrown_together_are_found_one_by_one() -> None:
    n, right, sure_wrong = grouped_reads(True)
    assert n == 13 and right >= 11 and sure_wrong == 0, (n, right, sure_wrong)


def test_without_the_look_into_blobs_the_groups_are_lost() -> None:
    """The frames are hard for the reason named: the same reader not looking into blobs reads at
    most a third of their dice."""
    n, right, _ = grouped_reads(False)
    assert right <= n // 3, (n, right)


def box(x: float, y: float, side: float, score: float = 0.5) -> Candidate:
    return Candidate((x, y, side, side), score)


def test_a_blob_s_parts_are_dice_sized_not_pips_nor_dice_already_found() -> None:
    blob = box(100, 100, 80)
    half, pip, off = box(110, 110, 40), box(150, 150, 15), box(300, 300, 40)
    assert blobs.parts([half, pip, off], blob, 40, blobs.BLOB, []) == [half]
    found = box(105, 105, 40)                       # a die already read holds the part's centre
    assert blobs.parts([half], blob, 40, blobs.BLOB, [found]) == []
    around = box(90, 90, 130)                       # a box round the whole group, read as one die
    assert blobs.parts([half], blob, 40, blobs.BLOB, [around]) == [half]


def test_a_group_s_parts_are_of_its_dice_size() -> None:
    group = box(100, 100, 120)
    die, big = box(110, 110, 30), box(120, 120, 60)
    assert blobs.parts([die, big], group, 32, blobs.GROUP, []) == [die]


def test_parts_far_from_the_size_of_the_dice_found_apart_are_dropped() -> None:
    half = box(110, 110, 40)
    assert blobs.fitting([half], []) == [half]
    assert blobs.fitting([half], [box(200, 200, 20)]) == [], "the frame's dice are half the part's size"
    assert blobs.fitting([half], [box(300, 300, 80)]) == [], "or twice it"
    assert blobs.fitting([half], [box(220, 220, 38)]) == [half]


def probs(value: int | None, p: float) -> np.ndarray:
    """Upright probabilities: ``p`` on ``value`` (1..6), or on "not a die" for None."""
    out = np.full(7, (1 - p) / 6)
    out[6 if value is None else value - 1] = p
    return out


def test_where_to_look_blobs_and_groups_not_clear_dice_nor_weak_finds() -> None:
    blob, weak = box(0, 0, 60, score=0.6), box(300, 0, 60, score=0.3)
    group, clear = box(100, 100, 120, score=0.7), box(300, 300, 120, score=0.7)
    inner = [box(110, 110, 30), box(150, 150, 34), box(310, 310, 30), box(350, 350, 34)]
    cands = [blob, weak, group, clear, *inner]
    p = np.stack([probs(None, 0.9), probs(None, 0.9), probs(6, 0.6), probs(6, 0.95)] + [probs(3, 0.6)] * 4)
    looks = blobs.places(cands, p, look.MAX_NOT_DIE)
    assert [(c, kind) for c, _, kind in looks] == [(group, blobs.GROUP), (blob, blobs.BLOB)]
    assert looks[0][1] == 32.0 and looks[1][1] == 30.0, "a group's dice: the median inside; a blob's: half"
    p[4:6] = probs(3, 0.95)                         # the group's dice all read clearly: it is read
    assert [c for c, _, _ in blobs.places(cands, p, look.MAX_NOT_DIE)] == [blob]


def test_a_box_round_a_whole_tray_of_dice_is_no_group() -> None:
    """A box 16 dice across holding dice read unclearly is a tray, not dice boxed together: looking
    into it at its dice's scale would cost a whole frame's read."""
    tray, inner = box(0, 0, 480, score=0.7), [box(20, 20, 30), box(70, 70, 30)]
    p = np.stack([probs(6, 0.6), probs(3, 0.6), probs(3, 0.6)])
    assert blobs.places([tray, *inner], p, look.MAX_NOT_DIE) == []
    assert len(blobs.places([box(0, 0, 140, score=0.7), *inner], p, look.MAX_NOT_DIE)) == 1


def test_where_dice_read_clearly_a_box_with_room_for_two_of_them_is_looked_into_at_their_size() -> None:
    """Dice of one frame are of one size: a blob, or a box read unclearly as one die holding a single
    clear die, with room for two of the dice read clearly elsewhere is a group of them, looked into at
    their size (white dice thrown in threes were boxed as one, and a blob taken for two dice across
    was looked into at twice their size)."""
    dice = [box(400, 400, 30), box(500, 400, 34)]
    blob, unclear, one_inside = box(0, 0, 100, score=0.6), box(200, 0, 110, score=0.6), box(210, 10, 30)
    cands = [blob, unclear, one_inside, *dice]
    p = np.stack([probs(None, 0.9), probs(5, 0.6), probs(3, 0.95), probs(2, 0.95), probs(4, 0.95)])
    looks = {id(c): (die, kind) for c, die, kind in blobs.places(cands, p, look.MAX_NOT_DIE)}
    assert looks == {id(blob): (30.0, blobs.GROUP), id(unclear): (30.0, blobs.GROUP)}, "the median of the clear dice"
    p[2:] = probs(1, 0.95)                          # 1s may be pips or specks: no size is known
    assert blobs.places(cands, p, look.MAX_NOT_DIE) == [(blob, 50.0, blobs.BLOB), (blob, 25.0, blobs.HEAP)], \
        "a blob of unknown dice: half its size, or a heap of dice four across it"


def thrown_reads(seeds: tuple[int, ...]) -> tuple[int, int, int]:
    """(dice, read right, sure and wrong) over the ``thrown_black_scene`` frames of ``seeds`` (one
    fresh generator each), read as the reader now stands."""
    n = right = sure_wrong = 0
    for seed in seeds:
        img, rows = thrown_black_scene(np.random.default_rng(seed))
        r, _, sw = score_read(rows, reader.read_dice(img))
        n, right, sure_wrong = n + len(rows), right + r, sure_wrong + sw
    return n, right, sure_wrong


#: ``thrown_black_scene`` seeds whose white dice of 20-30 px lie in threes and fours that the locator
#: boxes as one, beside dice read clearly apart: 8 and 12 dice.
KNOWN_SIZE = (132, 172)


def test_groups_beside_dice_read_clearly_are_read_at_their_size(monkeypatch: pytest.MonkeyPatch) -> None:
    n, right, sure_wrong = thrown_reads(KNOWN_SIZE)
    assert n == 20 and right >= 18 and sure_wrong == 0, (n, right, sure_wrong)
    monkeypatch.setattr(blobs, "GROUP_ROOM", np.inf)        # the known size not used
    assert thrown_reads(KNOWN_SIZE)[1] <= 10


DEV = sorted(p.name for p in SHARED.joinpath(*DATASET, "images").glob("*.jpg") if part_of(p.name) == "dev")


@pytest.mark.parametrize("name", DEV)
def test_no_die_of_a_photo_is_lost_by_looking_into_blobs(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Photos of dice apart read no fewer dice right with the look into blobs than without."""
    img, gt = load(name)
    rows = np.array(gt, np.float32).reshape(-1, 5)
    with_blobs = score_read(rows, reader.read_dice(img))[0]
    monkeypatch.setattr(blobs, "BLOB_FIND", np.inf)
    assert with_blobs >= score_read(rows, reader.read_dice(img))[0]


#: A ``thrown_black_scene`` seed whose 11 dice of 33 px lie in one group that the locator boxes
#: as one die read unclearly, with a few of them boxed inside it.
GROUP = 48


def test_a_group_boxed_as_one_unclear_die_is_read_die_by_die(monkeypatch: pytest.MonkeyPatch) -> None:
    img, rows = thrown_black_scene(np.random.default_rng(GROUP))
    right, _, sure_wrong = score_read(rows, reader.read_dice(img))
    assert len(rows) == 11 and right >= 10 and sure_wrong == 0, (right, sure_wrong)
    monkeypatch.setattr(blobs, "GROUP_HOLDS", 99)           # groups not looked into (for the dice
    monkeypatch.setattr(blobs, "GROUP_ROOM", np.inf)        # inside, nor for the size of dice apart)
    assert score_read(rows, reader.read_dice(img))[0] <= 3


#: A ``thrown_black_scene`` seed whose 11 dice of 59 px lie in one group that the coarse levels of
#: the locator box as one die read as a 6.
BIG_GROUP = 38


def test_a_group_of_big_dice_is_not_taken_for_one_bigger_die(monkeypatch: pytest.MonkeyPatch) -> None:
    img, rows = thrown_black_scene(np.random.default_rng(BIG_GROUP))
    right, _, sure_wrong = score_read(rows, reader.read_dice(img))
    assert len(rows) == 11 and right >= 7 and sure_wrong == 0, (right, sure_wrong)
    monkeypatch.setattr(look, "CLUSTER_DICE", 99)           # the group's dice inside it not counted,
    monkeypatch.setattr(look, "HEAP_PARTS", 99)             # read clearly or not,
    monkeypatch.setattr(reader, "LOOK_INTO", float("inf"))  # nor the box read again at the frame's size
    assert score_read(rows, reader.read_dice(img))[0] <= 1, "the frame was shrunk for one big die"


#: ``thrown_black_scene`` seeds whose dice lie in one heap that a coarse pyramid level boxes as one
#: die read as a 6, with no die found apart: 10 dice of 20 px and 11 of 39 px.
HEAPS = (237, 334)


def test_a_heap_taken_for_one_big_die_is_read_die_by_die(monkeypatch: pytest.MonkeyPatch) -> None:
    n, right, sure_wrong = thrown_reads(HEAPS)
    assert n == 21 and right >= 18 and sure_wrong == 0, (n, right, sure_wrong)
    monkeypatch.setattr(look, "LONE_BIG", 0)                # big dice not looked into,
    monkeypatch.setattr(reader, "LOOK_INTO", float("inf"))  # nor read again at the frame's size
    assert thrown_reads(HEAPS)[1] <= 2, "the frame was shrunk for one big die"


def test_a_lone_box_read_unclearly_as_one_die_is_looked_into_as_a_heap() -> None:
    """With no die read clearly and nothing boxed inside it, a box read unclearly as one die (or taken
    for no die, besides its look as a blob) is
    looked into for dice ``CLUSTER_ACROSS`` across it, beside the blobs (taking none of their looks),
    at most ``MAX_HEAPS``; not where a die's size is known, nor where it holds smaller boxes, nor
    where its dice would be under ``HEAP_DIE``."""
    heaps = [box(100 * i, 0, 80, score=0.6 + 0.01 * i) for i in range(3)]
    specks = [box(100 * i, 300, 20, score=0.5) for i in range(blobs.MAX_LOOKS)]
    p = np.stack([probs(6, 0.6)] * 3 + [probs(None, 0.9)] * blobs.MAX_LOOKS)
    looks = blobs.places(heaps + specks, p, look.MAX_NOT_DIE)
    assert [(c, die, kind) for c, die, kind in looks if kind == blobs.HEAP] == [
        (heaps[2], 20.0, blobs.HEAP), (heaps[1], 20.0, blobs.HEAP)][:blobs.MAX_HEAPS]
    assert [c for c, _, kind in looks if kind == blobs.BLOB] == specks
    clear = box(600, 300, 30)
    p_known = np.concatenate([p, [probs(4, 0.95)]])
    assert not [k for _, _, k in blobs.places(heaps + specks + [clear], p_known, look.MAX_NOT_DIE) if k == blobs.HEAP]
    small = box(0, 0, blobs.CLUSTER_ACROSS * blobs.HEAP_DIE - 1, score=0.6)   # its dice would be unreadable
    assert blobs.places([small], p[:1], look.MAX_NOT_DIE) == []
    inner = box(110, 10, 20)
    p_inner = np.concatenate([p[:1], [probs(None, 0.9)]])
    assert blobs.places([heaps[1], inner], p_inner, look.MAX_NOT_DIE) == [(inner, 10.0, blobs.BLOB)]
    blob = box(0, 0, 80, score=0.6)                 # taken for no die: a pair, or a heap
    assert blobs.places([blob], p[3:4], look.MAX_NOT_DIE) == [(blob, 40.0, blobs.BLOB), (blob, 20.0, blobs.HEAP)]


def test_a_box_looked_into_as_a_heap_that_is_none_stays_a_die(monkeypatch: pytest.MonkeyPatch) -> None:
    """A heap's parts join the candidates only when they make it one (``is_heap``: a die's pips are
    found in it too); else it is one of the dice found, as if never looked into, and a blob's parts
    lying on it are not dice. A heap's parts are dice of the frame: other parts far from their size
    are not (``fitting``)."""
    lone, pair = box(100, 100, 80, score=0.6), box(100, 100, 82, score=0.5)
    p = np.stack([probs(6, 0.6), probs(None, 0.9)])
    inside = [box(110, 110, 18, 0.4), box(150, 150, 18, 0.4)]
    monkeypatch.setattr(blobs, "finds_around", lambda bgr, place, zoom: inside + [box(120, 120, 38, 0.4)])
    frame = np.zeros((400, 400, 3), np.uint8)
    monkeypatch.setattr(blobs, "is_heap", lambda *a: False)
    assert blobs.blob_finds(frame, [lone, pair], p, 40.0, 0.5, 6) == []
    monkeypatch.setattr(blobs, "is_heap", lambda *a: True)
    assert sorted(c.box for c in blobs.blob_finds(frame, [lone, pair], p, 40.0, 0.5, 6)) == [
        (110, 110, 18, 18), (150, 150, 18, 18)], "the heap's dice are the frame's: the blob's 38 px part no die"


#: ``thrown_black_scene`` seeds whose dice lie in heaps with no die read clearly apart, each with its
#: dice, how many of them must be read right, the knob that turns the rule off, and how many at most
#: are read right then (``blobs.HEAP``):
HEAP_CASES = {
    # white dice of 17-19 px in a heap read as one unsure die, found by no pyramid level
    "read as one unsure die": ((16, 205, 276, 283), 25, 19, ("MAX_HEAPS", 0), 2),
    # white dice of 17-22 px in heaps taken for no die (blobs, looked into as pairs of dice; with no
    # heap looks 16 are read: the dice the blob looks find are small, and weak_places looks further)
    "taken for no die": ((46, 222, 264), 27, 24, ("MAX_HEAPS", 0), 16),
    # heaps in which, looked into, one die reads clearly as a die of its own and others unclearly
    # (with no heap taken, 12 are read: weak looks for dice of ``NO_SIZE_DIE`` find 5 of them, 7 more
    # without those)
    "with one die read clearly": ((74, 133, 240), 23, 17, ("HEAP_KEPT", 99), 12),
}


@pytest.mark.parametrize("case", list(HEAP_CASES))
def test_a_heap_with_no_die_apart_is_read_die_by_die(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seeds, dice, floor, (knob, off), ceiling = HEAP_CASES[case]
    n, right, sure_wrong = thrown_reads(seeds)
    assert n == dice and right >= floor and sure_wrong == 0, (n, right, sure_wrong)
    monkeypatch.setattr(blobs, knob, off)
    assert thrown_reads(seeds)[1] <= ceiling


#: ``thrown_black_scene`` seeds with pairs of white dice of 20-30 px that the locator boxed as one and
#: found weakly (under ``BLOB_FIND``), beside dice read apart: 28 dice.
WEAKLY_FOUND = (33, 74, 180, 273, 291)


def test_small_dice_boxed_in_pairs_found_weakly_are_looked_into(monkeypatch: pytest.MonkeyPatch) -> None:
    n, right, sure_wrong = thrown_reads(WEAKLY_FOUND)
    assert n == 28 and right >= 23 and sure_wrong == 0, (n, right, sure_wrong)
    monkeypatch.setattr(blobs, "SMALL_DICE", 0.0)
    assert thrown_reads(WEAKLY_FOUND)[1] <= 15


#: ``thrown_black_scene`` seeds where a box round a whole group of dice, read as one die, held the
#: centres of the dice found by the look into the group, and so hid them: 20 dice, 13 read before.
ROUND_A_GROUP = (1, 126, 231)


def test_a_box_round_a_whole_group_read_as_one_die_hides_none_of_its_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    n, right, sure_wrong = thrown_reads(ROUND_A_GROUP)
    assert n == 20 and right >= 18 and sure_wrong == 0, (n, right, sure_wrong)
    monkeypatch.setattr(blobs, "OUTSIZED", np.inf)
    assert thrown_reads(ROUND_A_GROUP)[1] <= 14


#: ``thrown_black_scene`` seeds whose groups the handful locator finds few dice in when it reads them
#: at the size the locator's boxes give them, more at ``LOOK_ZOOM`` times it: 29 dice, 8 read so (5
#: before weak looks for dice of ``NO_SIZE_DIE``). (Over seeds 0-299 the zoom reads 27 dice more, net:
#: some seeds lose dice, as many more gain.)
ZOOMED = (31, 61, 142, 162)


def test_groups_are_looked_into_with_their_dice_a_little_bigger(monkeypatch: pytest.MonkeyPatch) -> None:
    n, right, sure_wrong = thrown_reads(ZOOMED)
    assert n == 29 and right >= 17 and sure_wrong == 0, (n, right, sure_wrong)
    monkeypatch.setattr(blobs, "LOOK_ZOOM", 1.0)
    assert thrown_reads(ZOOMED)[1] <= 9


#: ``thrown_black_scene`` seeds whose dice of 20-25 px the first looks read none of clearly, so no
#: die told their size, and whose pairs and threes were boxed as one and found weakly: 12 dice.
NO_SIZE_KNOWN = (78, 243)


def test_where_no_die_tells_the_size_weak_blobs_are_looked_into_for_the_smallest_dice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    n, right, sure_wrong = thrown_reads(NO_SIZE_KNOWN)
    assert n == 12 and right >= 7 and sure_wrong == 0, (n, right, sure_wrong)
    monkeypatch.setattr(blobs, "NO_SIZE_DIE", 0.0)
    assert thrown_reads(NO_SIZE_KNOWN)[1] <= 3


def test_weak_places_are_roomy_blobs_of_frames_of_small_dice() -> None:
    """Below ``BLOB_FIND``, a box taken for no die is looked into as a group of the dice read
    clearly when they are small and it has room for two of them, and only then."""
    clear_3 = np.array([0.01, 0.01, 0.95, 0.01, 0.01, 0.005, 0.005])
    no_die = np.array([0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.7])
    dice = [box(0, 0, 24, 0.6), box(100, 0, 24, 0.6)]
    pair, lone, strong = box(200, 200, 50, 0.3), box(300, 300, 30, 0.3), box(400, 400, 50, 0.45)
    probs = np.array([clear_3, clear_3, no_die, no_die, no_die])
    got = blobs.weak_places(dice + [pair, lone, strong], probs, look.MAX_NOT_DIE, look.READ_SIZE)
    assert got == [(pair, 24.0, blobs.GROUP)], got
    assert blobs.weak_places(dice + [pair, lone, strong], probs, look.MAX_NOT_DIE, 20.0) == [], "dice not small"
    no_size = blobs.weak_places([pair, lone, strong], probs[2:], look.MAX_NOT_DIE, look.READ_SIZE)
    assert no_size == [(pair, blobs.NO_SIZE_DIE, blobs.GROUP)], no_size
    assert blobs.weak_places([box(200, 200, 30, 0.3)], probs[2:3], look.MAX_NOT_DIE, look.READ_SIZE) == [], \
        "no room for two of the smallest dice"


def test_lone_dice_read_unclearly_are_seldom_taken_for_heaps() -> None:
    """A die's pips and corners are found as parts of a heap's size, and read as 1s, as no die or
    unclearly, seldom as a die of its own (a 3's diagonal can be): each labelled die of the dev
    photos at its size, twice and three times it, that the classifier reads unclearly, looked into
    as a heap (``is_heap``)."""
    looks = heaps = 0
    for name in DEV:
        img0, gt = load(name)
        for f in (1, 2, 3):
            img = img0 if f == 1 else cv2.resize(img0, None, fx=f, fy=f, interpolation=cv2.INTER_CUBIC)
            for _, x, y, w, h in gt:
                die = Candidate((x * f, y * f, w * f, h * f), 0.6)
                if blobs.size(die) < blobs.CLUSTER_ACROSS * blobs.HEAP_DIE:
                    continue
                r = read_pips(img, [die.box])[0]
                if r.p_value >= CLEAR_DIE or r.p_not_die > look.MAX_NOT_DIE:
                    continue
                got = blobs.heap_finds(img, die, look.READ_SIZE, [])
                looks += 1
                heaps += blobs.is_heap(img, got, look.MAX_NOT_DIE, look.HEAP_PARTS)
    print(f"{heaps} of {looks} lone dice read unclearly taken for heaps")
    assert looks >= 30 and heaps <= looks // 40, (heaps, looks)


def test_a_cluster_s_finds_are_parts_of_it_at_the_scale_of_dice_four_across() -> None:
    img, rows = thrown_black_scene(np.random.default_rng(HEAPS[1]))
    x0, y0 = rows[:, 1].min(), rows[:, 2].min()
    x1, y1 = (rows[:, 1] + rows[:, 3]).max(), (rows[:, 2] + rows[:, 4]).max()
    heap = box(x0, y0, max(x1 - x0, y1 - y0), 0.8)
    finds = blobs.cluster_finds(img, heap, look.READ_SIZE)
    assert all(blobs.holds(heap, f) and 0.15 <= blobs.size(f) / blobs.size(heap) <= 0.6 for f in finds)
    assert len(finds) >= 8, len(finds)


def test_a_place_looked_into_does_not_hide_its_own_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pair boxed as one (123 px, taken for no die) beside the pair's other die found apart: the
    handful locator's find of the second die (63 px, found less strongly than the pair's box, its
    centre well inside it) joins the candidates. Merged against the pair's own box it was one die
    found twice (a box of similar size holding its centre), and the die was lost."""
    first, pair = Candidate((799, 420, 60, 61), 0.72), Candidate((794, 392, 123, 118), 0.53)
    second = Candidate((852, 434, 63, 65), 0.34)
    probs = np.array([[0.7, 0.06, 0.03, 0.07, 0.06, 0.04, 0.04], [0.04, 0.04, 0.03, 0.05, 0.01, 0.02, 0.81]])
    monkeypatch.setattr(blobs, "finds_around", lambda bgr, box, zoom: [Candidate((799, 417, 57, 58), 0.65), second])
    frame = np.zeros((600, 1000, 3), np.uint8)
    assert blobs.places([first, pair], probs, 0.5)[0] == (pair, 61.5, blobs.BLOB)       # a blob, two dice across
    assert blobs.blob_finds(frame, [first, pair], probs, 40.0, 0.5, 6) == [second]


#: A ``thrown_black_scene`` seed whose 9 dice of 20 px lie in one heap that a coarse level boxes as
#: one die read as a 6; the look into it finds the dice but reads fewer than two of them clearly.
UNCLEAR_HEAP = 66


def test_a_heap_whose_dice_are_found_but_not_read_clearly_is_no_big_die(monkeypatch: pytest.MonkeyPatch) -> None:
    img, rows = thrown_black_scene(np.random.default_rng(UNCLEAR_HEAP))
    right, _, sure_wrong = score_read(rows, reader.read_dice(img))
    assert len(rows) == 9 and right >= 6 and sure_wrong == 0, (right, sure_wrong)
    monkeypatch.setattr(look, "HEAP_PARTS", 99)             # only dice read clearly make a heap
    assert score_read(rows, reader.read_dice(img))[0] <= 1, "the frame was shrunk for one big die"


def _located(boxes: list[tuple[float, float, float, float]], clear: int) -> look.Located:
    """Boxes looked at, the first ``clear`` of them read clearly as 3s, the rest taken for no die."""
    probs = np.zeros((len(boxes), 7))
    probs[:clear, 2] = 0.95
    probs[:clear, 6] = 0.05
    probs[clear:, 6] = 1.0
    return look.Located([Candidate(b, 0.9) for b in boxes], np.zeros((len(boxes), 40, 40, 3), np.uint8), probs)


def test_more_finds_of_the_dice_s_size_are_looked_at_past_the_first() -> None:
    """``look.more_of_their_size``: of the finds after the best-scored ones, those of about the size
    of the dice read clearly are looked at too, at most ``MORE_FINDS``, best first; none without
    two dice read clearly."""
    img = np.full((480, 640, 3), 128, np.uint8)
    loc = _located([(10, 10, 40, 40), (60, 10, 42, 42), (110, 10, 38, 38), (200, 200, 14, 14)], clear=3)
    rest = [Candidate((20 + 5 * i, 300, 15, 15), 0.5) for i in range(10)]            # flowers, pips
    rest += [Candidate((20 + 45 * i, 400, 40, 40), 0.4) for i in range(look.MORE_FINDS + 5)]
    more = look.more_of_their_size(img, loc, rest)
    added = more.cands[len(loc.cands):]
    assert added == rest[10:10 + look.MORE_FINDS]
    assert more.crops.shape[0] == more.probs.shape[0] == len(more.cands)
    one_clear = _located([c.box for c in loc.cands], clear=1)
    assert look.more_of_their_size(img, one_clear, rest) is one_clear
    assert look.more_of_their_size(img, loc, []) is loc


#: ``tools.dice_cloth.bowl_scene`` seed 12: 22 marbled dice in a bowl and a tray on a cloth whose
#: pattern gives hundreds of finds, the dice among the last of them.
FLOWERED_BOWL = 12


@pytest.mark.slow
def test_dice_scored_below_a_patterned_cloth_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    img, rows = bowl_scene(np.random.default_rng(FLOWERED_BOWL))
    right, _, sure_wrong = score_read(rows, reader.read_dice(img))
    assert len(rows) == 22 and right >= 19 and sure_wrong == 0, (len(rows), right, sure_wrong)
    monkeypatch.setattr(look, "MORE_FINDS", 0)
    assert score_read(rows, reader.read_dice(img))[0] <= 10
