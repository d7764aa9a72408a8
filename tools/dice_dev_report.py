"""How the reader's raw scores separate right from wrong dice on one part of the split (development only).

For every die the reader keeps (``vision.reader.look``) it records the locator score, the classifier's value probability and
"not a die" probability, and whether the candidate is a labelled die read right, a labelled die
read wrong, or no die at all. It prints, for a few confidence cut-offs, how many dice would be sure
and how many of those wrong: the figures used to choose ``vision.reader``'s constants (on the dev
part, never the held-out one).

    .venv/bin/python -m tools.dice_dev_report [--part dev]
"""
from __future__ import annotations

import argparse

import numpy as np

from tools.dice_data import load_photos
from vision.locate import _iou
from vision.reader import AGREED_DOUBT, SURE_LOCATOR_SCORE, look


def rows_for(part: str) -> tuple[np.ndarray, int]:
    """(candidates as rows [score, p_value, p_not_die, kind, agree], number of labelled dice).

    kind: 1 = die read right, 0 = die read wrong, -1 = not a die (or a second box on one die).
    agree: 1 = the OpenCV pip count equals the classifier's value, 0 = it differs, -1 = no count.
    """
    out, n_gt = [], 0
    for p in load_photos(part):
        seen = look(p.image)
        cands = [s.candidate for s in seen]
        reads = [s.reading for s in seen]
        n_gt += len(p.dice)
        used: set[int] = set()
        pairs = sorted(((_iou(tuple(g[1:]), c.box), i, j) for i, g in enumerate(p.dice)
                        for j, c in enumerate(cands)), reverse=True)
        kind = {j: -1 for j in range(len(cands))}
        taken: set[int] = set()
        for s, i, j in pairs:
            if s < 0.3:
                break
            if i not in used and j not in taken:
                used.add(i)
                taken.add(j)
                kind[j] = int(reads[j].value == int(p.dice[i][0]))
        for j, (c, r) in enumerate(zip(cands, reads)):
            n = seen[j].counted
            agree = -1 if n is None else int(n == r.value)
            out.append((c.score, r.p_value, r.p_not_die, kind[j], agree))
    return np.array(out).reshape(-1, 5), n_gt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--part", default="dev", choices=["train", "dev"])
    a = ap.parse_args()
    rows, n_gt = rows_for(a.part)
    score, pv, pn, kind, agree = rows.T
    print(f"{a.part}: {n_gt} labelled dice, {len(rows)} candidates: {int((kind == 1).sum())} right, "
          f"{int((kind == 0).sum())} wrong value, {int((kind == -1).sum())} not a die")
    for max_not in (0.3, 0.5, 0.7):
        kept = pn <= max_not
        print(f"  keep p_not_die <= {max_not}: right {int(((kind == 1) & kept).sum())}  wrong "
              f"{int(((kind == 0) & kept).sum())}  not-a-die kept {int(((kind == -1) & kept).sum())}  "
              f"dice dropped {int(((kind >= 0) & ~kept).sum())}")
    kept = pn <= 0.5
    for a_, label in ((1, "agrees"), (0, "differs"), (-1, "none")):
        m = kept & (agree == a_) & (kind >= 0)
        print(f"  pip count {label}: {int(m.sum())} dice, {int((m & (kind == 1)).sum())} read right")
    for sure_score in sorted({0.2, 0.3, 0.4, SURE_LOCATOR_SCORE}):
        base = pv * np.minimum(1.0, score / sure_score)
        for name, conf in (("p", base), ("p+count", np.where(agree == 1, 1 - (1 - base) * AGREED_DOUBT, base))):
            for cut in (0.5, 0.6, 0.7, 0.8, 0.9):
                sure = kept & (conf >= cut)
                print(f"  locator {sure_score} {name:>8} >= {cut}: sure {int(sure.sum()):4d}  wrong "
                      f"{int((sure & (kind != 1)).sum()):3d} (value {int((sure & (kind == 0)).sum())}, "
                      f"not a die {int((sure & (kind == -1)).sum())})")
    bad = rows[(kind != 1) & kept]
    print("  kept and not right (score, p_value, p_not_die, kind):")
    for r in bad[np.argsort(-bad[:, 1])][:20]:
        print("   ", np.round(r, 3).tolist())


if __name__ == "__main__":
    main()
