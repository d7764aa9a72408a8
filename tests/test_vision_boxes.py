"""vision.boxes.resolve_nesting: a die never holds other dice. A heap of small dice seen as one big
die that holds two boxes read clearly as dice of their own is the heap, and goes; a big die that
holds its own pips (boxes read as 1s) keeps them out."""
from __future__ import annotations

from vision.boxes import CLUSTER_DICE, Seen, reads_as_die_of_its_own, resolve_nesting
from vision.classify import Reading
from vision.locate import Candidate


def seen(x: float, y: float, side: float, value: int, p: float, score: float = 0.7) -> Seen:
    return Seen(Candidate((x, y, side, side), score), Reading(value, p, 0.01), value, p)


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
