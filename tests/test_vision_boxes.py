"""vision.boxes.resolve_nesting: a die never holds other dice. A heap of small dice seen as one big
die that holds two boxes read clearly as dice of their own is the heap, and goes; a big die that
holds its own pips (boxes read as 1s) keeps them out. vision.boxes.drop_outsized: a box three times
the size of the frame's dice is a cluster of them, and specks of lint do not set that size."""
from __future__ import annotations

import numpy as np

from tools.dice_cloth import thrown_black_scene
from tools.dice_data import score_read
from vision.boxes import (
    CLUSTER_DICE,
    UNSURE,
    Seen,
    doubted,
    drop_outsized,
    reads_as_die_of_its_own,
    resolve_nesting,
)
from vision.classify import Reading
from vision.die import Die
from vision.locate import Candidate


def seen(x: float, y: float, side: float, value: int, p: float, score: float = 0.7, no_die: float = 0.01) -> Seen:
    return Seen(Candidate((x, y, side, side), score), Reading(value, p, no_die), value, p)


def test_a_doubted_box_or_die_is_unsure_and_keeps_the_rest() -> None:
    """``doubted`` lowers a sure box or die to ``UNSURE`` (never sure: the player is asked), keeps
    a lower confidence as it is, and changes nothing else."""
    sure = Die(6, (10, 20, 30, 30), 0.97, (200, 128, 128))
    asked = doubted(sure)
    assert (asked.value, asked.box, asked.colour, asked.confidence) == (6, (10, 20, 30, 30), (200, 128, 128), UNSURE)
    assert not asked.certain
    assert doubted(Die(2, (0, 0, 9, 9), 0.3)).confidence == 0.3
    box = doubted(seen(0, 0, 40, 5, 0.99))
    assert (box.reading.value, box.candidate.box, box.confidence) == (5, (0, 0, 40, 40), UNSURE)


def test_a_die_of_its_own_reads_clearly_as_two_pips_or_more() -> None:
    assert reads_as_die_of_its_own(Reading(3, 0.95, 0.0))
    assert not reads_as_die_of_its_own(Reading(1, 0.99, 0.0)), "a pip boxed alone reads as a 1"
    assert not reads_as_die_of_its_own(Reading(4, 0.6, 0.0)), "not clearly"


def test_a_big_sure_die_holding_dice_of_their_own_is_a_heap_and_goes() -> None:
    heap = seen(0, 0, 120, 6, 0.96)
    inner = [seen(10, 10, 30, 3, 0.95), seen(60, 10, 30, 5, 0.9), seen(10, 60, 30, 1, 0.5)]
    assert CLUSTER_DICE == 2
    assert resolve_nesting([heap, *inner]) == inner
    pips = [seen(10 + 30 * (i % 2), 10 + 30 * (i // 2), 20, 1, 0.9) for i in range(6)]
    assert resolve_nesting([heap, *pips]) == [heap], "its own pips, read as 1s, go"
    one = [seen(10, 10, 30, 3, 0.95), seen(60, 60, 30, 1, 0.9)]
    assert resolve_nesting([heap, *one]) == [heap], "a sure 6 holding one die of its own keeps its place"


def test_specks_of_lint_do_not_make_the_dice_outsized() -> None:
    """Five dice of 70-76 px read clearly on a black cloth with eight specks of lint boxed at 20-24
    px and read, doubted, as 1s (thrown on black, frame 80 of ``benchmarks/dice_scenes.py``): the
    dice stay; a box three times their size is still a cluster and goes."""
    dice = [seen(100 * i, 0, 70 + 1.5 * i, 2 + i % 5, 0.94) for i in range(5)]
    lint = [seen(50 * i, 300, 20 + i % 5, 1, 0.4, 0.35, no_die=0.4) for i in range(8)]
    assert drop_outsized(dice + lint) == dice + lint
    cluster = seen(0, 500, 225, 6, 0.6, no_die=0.01)
    assert drop_outsized(dice + lint + [cluster]) == dice + lint
    assert drop_outsized(lint + [cluster]) == lint, "no dice: the lint sets the size"


def test_lone_pips_in_a_box_that_is_no_die_stay() -> None:
    """A die showing 1 (23 px) inside a box of 79 px around it and a stroke of lint, which the
    classifier half takes for no die (thrown on black, frame 12 of ``benchmarks/dice_scenes.py``):
    the big box would be dropped after nesting is settled (``vision.look.MAX_NOT_DIE_UNSURE``), so it
    holds no pips, and the 1 stays. A big box that may be a die keeps taking a lone 1 for its pip."""
    lone = seen(30, 30, 23, 1, 0.83, score=0.43, no_die=0.05)
    box = seen(0, 0, 79, 1, 0.38, score=0.55, no_die=0.49)
    assert resolve_nesting([box, lone], max_not_die_unsure=0.3) == [lone]
    assert resolve_nesting([box, lone]) == [box], "by default, as before"
    die = seen(0, 0, 79, 1, 0.38, score=0.55, no_die=0.2)
    assert resolve_nesting([die, lone], max_not_die_unsure=0.3) == [die]


def test_a_die_showing_1_beside_lint_is_read() -> None:
    """``thrown_black_scene`` seed 182: two dice apart, one showing 1 inside a box three times its
    size that the classifier doubts is a die (0.31); both are read (the 1 was taken for the pip of
    that box, which was then dropped as no die)."""
    from vision.reader import read_dice

    img, rows = thrown_black_scene(np.random.default_rng(182))
    right, kept, sure_wrong = score_read(rows, read_dice(img))
    assert (len(rows), right, kept, sure_wrong) == (2, 2, 2, 0)
