"""The fixed held-out split of ../shared/dice/nellbyler_d6_train, by file name.

The held-out images are never used to train or tune the dice reader; the benchmark and the tests
report on them. They are three contiguous runs of shots (so no near-duplicate of a held-out photo
is in the training part):

- IMG_20191208_111820 .. IMG_20191208_112135 (20 shots, 6-11 dice each),
- IMG_20191208_112332 .. IMG_20191208_112404 (5 crowded shots, 15-25 dice),
- IMG_20191209_095613 .. IMG_20191209_095910 (20 shots, 3-9 dice).

45 images, 388 dice, 39 images with 10 dice or fewer.
"""
from __future__ import annotations

from pathlib import Path

#: Inclusive (first, last) image stems of each held-out run.
HELDOUT_RUNS: tuple[tuple[str, str], ...] = (
    ("IMG_20191208_111820", "IMG_20191208_112135"),
    ("IMG_20191208_112332", "IMG_20191208_112404"),
    ("IMG_20191209_095613", "IMG_20191209_095910"),
)


def is_heldout(name: str) -> bool:
    """True when the image file (any path or base name) belongs to the held-out split."""
    stem = Path(name).stem
    return any(first <= stem <= last for first, last in HELDOUT_RUNS)


def split(names: list[str]) -> tuple[list[str], list[str]]:
    """Sorted ``(train, heldout)`` lists of the given image names."""
    names = sorted(names)
    return [n for n in names if not is_heldout(n)], [n for n in names if is_heldout(n)]
