"""vision.reader.drop_faint: a die neither network believes in (read barely, its box found weakly,
touching no die reported: a key cap, a port, a cable's label) is not reported; an emblem die the
locator finds plainly, a blurred die read a little better, and a faint die in a heap stay."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tools.dice_data import score_read
from tools.dice_desk import desk_scene
from vision import reader
from vision.die import Die
from vision.reader import FAINT, WEAK_FIND, drop_faint


def test_a_die_neither_network_believes_in_goes_and_one_either_does_stays() -> None:
    """A die read no surer than ``FAINT`` whose box the locator found no more strongly than
    ``WEAK_FIND`` goes; read more surely, or found plainly (an emblem die, which the classifier
    cannot read), it stays to be asked about, and so does one touching a die reported (in a heap of
    dice) and one whose find is not known."""
    key = Die(6, (0, 0, 40, 40), FAINT - 0.05, found=WEAK_FIND - 0.05)
    emblem_die = Die(2, (100, 0, 40, 40), FAINT - 0.05, found=0.8)
    blurred_die = Die(3, (200, 0, 40, 40), FAINT + 0.05, found=WEAK_FIND - 0.05)
    sure = Die(4, (300, 0, 40, 40), 0.9, found=0.9)
    unknown = Die(5, (400, 0, 40, 40), FAINT - 0.05)
    assert drop_faint([key, emblem_die, blurred_die, sure, unknown]) == [emblem_die, blurred_die, sure, unknown]
    assert drop_faint([key], weak=0.0) == [key], "weak 0 keeps every die found at all"
    in_heap = Die(1, (340, 0, 40, 40), FAINT - 0.05, found=WEAK_FIND - 0.05)
    assert drop_faint([sure, in_heap]) == [sure, in_heap], "a faint die edge to edge with a die is of the heap"
    assert drop_faint([key, replace(in_heap, box=(40, 0, 40, 40))]) == [], "two faint boxes together are no heap"


#: ``tools.dice_desk`` frames (seeds; none of the benchmark's) in which the reader boxes a key cap,
#: a port or a label beside the dice and can read neither it nor its find (``drop_faint``).
FAINT_SEEDS = (347, 376, 379, 447, 448, 449)


@pytest.mark.parametrize("seed", FAINT_SEEDS)
def test_a_key_or_port_beside_desk_dice_is_not_reported(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every die of the frame is read right, none sure and wrong; without ``drop_faint`` one box on
    no die more is reported, to be asked about."""
    img, rows = desk_scene(np.random.default_rng(seed))
    right, reported, sure_wrong = score_read(rows, reader.read_dice(img))
    assert (right, sure_wrong) == (len(rows), 0)
    monkeypatch.setattr(reader, "drop_faint", lambda dice: dice)
    assert score_read(rows, reader.read_dice(img))[:2] == (right, reported + 1)
