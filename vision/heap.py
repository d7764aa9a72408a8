"""A heap's dice, looked for die by die from the few a first read found (``grown_near``).

Where dice lie heaped (in a bowl, in a tray after a throw) the first read can hold only a few of
them: the rest are boxed together, or score below a patterned cloth's flowers and dots. The
handful re-read of ``vision.reader`` therefore looks only near the dice found (``vision.look``
``NEAR_DICE``), so that the cloth's finds do not fill its places; but then a heap's dice farther
than that from every die found are not looked for at all. Each die the re-read reads clearly lets
it look beside that die in turn, so the look follows the heap die by die and not the cloth.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from vision.boxes import CLEAR_DIE, median_size
from vision.classify import NOT_A_DIE, first_look
from vision.locate import Candidate, near_any

#: Boxes found near the dice of a first read are looked for beside the dice they show at most this
#: many times more (``grown_near``): three rings of a heap beyond those near the dice found (eight
#: read the bowl's 20 frames the same).
GROW_STEPS = 3
#: ... and only boxes within this many dice's sizes of such a die (a die beside it in a heap, not a
#: speck of lint two dice from it, which a reach of ``NEAR_DICE`` took in on black cloth).
GROW_REACH = 1.5


def grown_near(bgr: np.ndarray, cands: list[Candidate], crops: np.ndarray, probs: np.ndarray,
               near: list[tuple[float, float]],
               finds_near: Callable[..., list[Candidate]], max_not_die: float,
               most: int) -> tuple[list[Candidate], np.ndarray, np.ndarray]:
    """``cands``, the boxes found in ``bgr`` near the dice ``near`` (centres) of a first read, with
    their ``crops`` and upright probabilities ``probs`` (``vision.classify.first_look``), and the
    boxes found beside those of them the upright look reads clearly as dice (``CLEAR_DIE``, and no
    more likely than ``max_not_die`` no die; within ``GROW_REACH`` of their median size), and so on
    while that finds more (at most ``GROW_STEPS`` times, ``most`` boxes each time), each read
    upright, as the same three. ``finds_near`` gives the merged boxes of the locator's one pass near
    the centres given as its keyword ``near``."""
    for _ in range(GROW_STEPS):
        clear = [c.box for c, p in zip(cands, probs) if p[NOT_A_DIE] <= max_not_die and p[:NOT_A_DIE].max() >= CLEAR_DIE]
        beside = [c for c in ((x + w / 2, y + h / 2) for x, y, w, h in clear) if c not in near]
        if not beside:
            break
        near = near + beside
        reach = GROW_REACH * median_size(clear)
        have = {c.box for c in cands}
        more = [c for c in finds_near(near=near) if c.box not in have and near_any(c, beside, reach)][:most]
        if not more:
            break
        more_crops, more_probs = first_look(bgr, [c.box for c in more])
        cands, crops, probs = cands + more, np.concatenate([crops, more_crops]), np.concatenate([probs, more_probs])
    return cands, crops, probs
