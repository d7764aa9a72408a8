"""Benchmark ``vision.reader.read_dice`` on ../shared/dice/nellbyler_d6_train and print the figures.

Runs the reader on every photo on one core (cv2.setNumThreads(1)), writes one PRED.jsonl line per
image in the format of ../shared/tools/dice_score.py, then scores the held-out part (the fixed split
in tools/dice_split.py, never trained or tuned on; scored through a directory holding only its rows
of ground_truth.csv) and the whole set, all dice and --max-dice 10. The whole set includes the
training photos, so its figures are optimistic. Then the figures per kind of scene of
benchmarks/dice_scenes.py (clutter beside the dice, big dice, 12 MP frames, a calibrated camera,
drawn dice on clutter and dice with emblems).

    .venv/bin/python benchmarks/dice_bench.py [--out /tmp/dice_pred] [--limit N]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.dice_split import is_heldout  # noqa: E402
from vision.reader import read_dice  # noqa: E402

DATASET = ROOT.parent / "shared" / "dice" / "nellbyler_d6_train"
SCORER = ROOT.parent / "shared" / "tools" / "dice_score.py"


def predict(names: list[str]) -> tuple[list[dict], list[float]]:
    """One prediction record per image (read from disk outside the timed part), and the CPU ms
    of each read (wall-clock "ms" also counts time lost to other processes on a busy machine)."""
    out, cpu = [], []
    for name in names:
        img = cv2.imread(str(DATASET / "images" / name), cv2.IMREAD_COLOR)
        t0, c0 = time.perf_counter(), time.process_time()
        dice = read_dice(img)
        ms = (time.perf_counter() - t0) * 1000
        cpu.append((time.process_time() - c0) * 1000)
        out.append({"image": name, "dice": [{"value": d.value, "box": list(d.box), "confidence": d.confidence}
                                            for d in dice], "ms": round(ms, 2)})
    return out, cpu


def vga_times(names: list[str]) -> list[tuple[float, int]]:
    """The CPU ms of reading the middle 640x480 of each photo (the issue's frame size; the photos
    are 640x640), with the number of dice read there."""
    out = []
    for name in names:
        img = cv2.imread(str(DATASET / "images" / name), cv2.IMREAD_COLOR)
        top = max(0, (img.shape[0] - 480) // 2)
        frame = np.ascontiguousarray(img[top:top + 480, :640])
        c0 = time.process_time()
        n = len(read_dice(frame))
        out.append(((time.process_time() - c0) * 1000, n))
    return out


def heldout_dataset(where: Path) -> Path:
    """A dataset directory the scorer reads as the held-out part only: a filtered
    ground_truth.csv beside links to the shared images and labels."""
    where.mkdir(parents=True, exist_ok=True)
    lines = (DATASET / "ground_truth.csv").read_text().splitlines()
    kept = [lines[0]] + [ln for ln in lines[1:] if is_heldout(ln.split(",")[0])]
    (where / "ground_truth.csv").write_text("\n".join(kept) + "\n")
    for sub in ("images", "labels"):
        link = where / sub
        if not link.exists():
            link.symlink_to(DATASET / sub, target_is_directory=True)
    return where


def score(dataset: Path, pred: Path, max_dice: int | None) -> dict:
    cmd = [sys.executable, str(SCORER), str(dataset), str(pred), "--json"]
    if max_dice is not None:
        cmd += ["--max-dice", str(max_dice)]
    res = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(res.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "dice_pred",
                    help="directory for the PRED .jsonl files")
    ap.add_argument("--limit", type=int, default=None, help="only the first N images (a quick look)")
    ap.add_argument("--no-scenes", action="store_true",
                    help="skip the figures per kind of scene (benchmarks/dice_scenes.py, about 2 minutes)")
    a = ap.parse_args()
    cv2.setNumThreads(1)
    names = sorted(os.listdir(DATASET / "images"))[: a.limit]
    read_dice(np.zeros((64, 64, 3), np.uint8) + 128)                 # load the models untimed
    preds, cpu = predict(names)
    a.out.mkdir(parents=True, exist_ok=True)
    files = {"heldout": a.out / "heldout.jsonl", "all": a.out / "all.jsonl"}
    with open(files["all"], "w") as fa, open(files["heldout"], "w") as fh:
        for p in preds:
            line = json.dumps(p) + "\n"
            fa.write(line)
            if is_heldout(p["image"]):
                fh.write(line)
    sets = {"heldout": heldout_dataset(a.out / "heldout_set"), "all": DATASET}
    rows = []
    for part, path in files.items():
        for md in (None, 10):
            rows.append((f"{part}{'' if md is None else ' <=10'}", score(sets[part], path, md)))
    pc = lambda x: "  n/a " if x is None else f"{100 * x:5.1f}%"
    print(f"{'part':<13}{'images':>7}{'dice':>6}{'recall':>8}{'prec':>8}{'exact':>8}{'conf.prec':>10}"
          f"{'conf.share':>11}{'box read':>9}")
    for label, r in rows:
        print(f"{label:<13}{r['images']:>7}{r['gt_dice']:>6}{pc(r['recall']):>8}{pc(r['precision']):>8}"
              f"{pc(r['image_exact']):>8}{pc(r['confident_precision']):>10}{pc(r['confident_share']):>11}"
              f"{pc(r['box_read']):>9}")
    ms = np.array([p["ms"] for p in preds])
    print(f"ms/image over {len(ms)} images (one core), wall clock: median {np.median(ms):.1f}  "
          f"p90 {np.percentile(ms, 90):.1f}  max {ms.max():.1f}")
    print(f"                         CPU time of the process: median {np.median(cpu):.1f}  "
          f"p90 {np.percentile(cpu, 90):.1f}  max {max(cpu):.1f}")
    vga = vga_times(names)
    few = [ms for ms, n in vga if n <= 10]
    print(f"a 640x480 frame (the middle of each photo), CPU ms: median {np.median([m for m, _ in vga]):.1f}  "
          f"p90 {np.percentile([m for m, _ in vga], 90):.1f}  max {max(m for m, _ in vga):.1f}; "
          f"with 10 dice or fewer ({len(few)}): median {np.median(few):.1f}  p90 {np.percentile(few, 90):.1f}  "
          f"max {max(few):.1f}")
    print(f"load average while running: {os.getloadavg()[0]:.1f} ({os.cpu_count()} CPUs)")
    print(f"predictions: {files['heldout']} {files['all']}")
    print(f"score again: python3 {SCORER} {sets['heldout']} {files['heldout']} --max-dice 10")
    if not a.no_scenes:
        from benchmarks.dice_scenes import report
        print("\nper kind of scene (held-out photos in clutter, upscaled, at 12 MP, calibrated; drawn dice):")
        report(a.limit)


if __name__ == "__main__":
    main()
