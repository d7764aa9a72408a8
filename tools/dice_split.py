"""The fixed split of ../shared/dice/nellbyler_d6_train into train, dev and held-out, by file name.

- held-out: never used to train or tune the dice reader; the benchmark and the tests report on it.
- dev: not trained on; used to choose the reader's thresholds and its confidence rule.
- train: what the locator and the pip classifier learn from.

Both held-out and dev are contiguous runs of shots, so no near-duplicate of one of their photos
(the same dice re-thrown a few seconds apart) is in the training part.

held-out (45 images, 388 dice, 39 with 10 dice or fewer):
- IMG_20191208_111820 .. IMG_20191208_112135 (20 shots, 6-11 dice each),
- IMG_20191208_112332 .. IMG_20191208_112404 (5 crowded shots, 15-25 dice),
- IMG_20191209_095613 .. IMG_20191209_095910 (20 shots, 3-9 dice).

dev (20 images, 226 dice):
- IMG_20191208_111228 .. IMG_20191208_111457 (10 shots, 11-22 dice),
- IMG_20191209_095919 .. IMG_20191209_100039 (10 shots, 4-6 dice).
"""
from __future__ import annotations

from pathlib import Path

#: Inclusive (first, last) image stems of each held-out run.
HELDOUT_RUNS: tuple[tuple[str, str], ...] = (
    ("IMG_20191208_111820", "IMG_20191208_112135"),
    ("IMG_20191208_112332", "IMG_20191208_112404"),
    ("IMG_20191209_095613", "IMG_20191209_095910"),
)
#: Inclusive (first, last) image stems of each dev run.
DEV_RUNS: tuple[tuple[str, str], ...] = (
    ("IMG_20191208_111228", "IMG_20191208_111457"),
    ("IMG_20191209_095919", "IMG_20191209_100039"),
)


def _in(runs: tuple[tuple[str, str], ...], name: str) -> bool:
    stem = Path(name).stem
    return any(first <= stem <= last for first, last in runs)


def is_heldout(name: str) -> bool:
    """True when the image file (any path or base name) belongs to the held-out part."""
    return _in(HELDOUT_RUNS, name)


def part_of(name: str) -> str:
    """``"heldout"``, ``"dev"`` or ``"train"`` for an image file (any path or base name)."""
    return "heldout" if is_heldout(name) else "dev" if _in(DEV_RUNS, name) else "train"


def split(names: list[str], part: str) -> list[str]:
    """The sorted names of one part (``"train"``, ``"dev"`` or ``"heldout"``)."""
    if part not in ("train", "dev", "heldout"):
        raise ValueError(f"unknown part {part!r}")
    return sorted(n for n in names if part_of(n) == part)
