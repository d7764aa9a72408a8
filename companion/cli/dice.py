"""`main.py read-dice [--json] [--annotate DIR] PATH...`: read the dice in photos.

Each PATH is an image file or a folder (its image files, sorted by name). One line per image:

- plain: ``photo.jpg: 2 4 6?  sum 12  (1 uncertain: 6?)  41.3 ms``
- ``--json``: ``{"image": "photo.jpg", "dice": [{"value": 4, "box": [x, y, w, h], "confidence": 0.93}],
  "ms": 41.3}``, the format ``../shared/tools/dice_score.py`` scores (box in pixels of the image, ms = the
  time the reader spent on it; what a process pays once, loading the networks and OpenCV's colour
  tables, is paid before the first image: ``vision.warm``).

A file that cannot be read (missing, corrupt, not an image) gets a line with an ``error`` and the run
goes on. Exit status 0 when every image was read, 1 when some were not, 2 for unusable arguments.
``--annotate DIR`` also writes a copy of each image with the dice drawn on it.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

import cv2
import numpy as np

from companion.errors import UsageError
from hardware.file_kinds import IMAGE_EXTENSIONS
from hardware.errors import BadImage
from hardware.image_file import load_image
from vision.annotate import annotate, label
from vision.die import Die

Reader = Callable[[np.ndarray], Sequence[Die]]

#: Extensions an annotated copy keeps; other images are written as PNG.
WRITABLE = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")


@dataclass(frozen=True)
class Result:
    """What reading one image gave: the dice and the time taken, or why it could not be read."""

    image: str
    dice: tuple[Die, ...] = ()
    ms: float | None = None
    error: str | None = None

    def as_json(self) -> dict:
        """The scorer's line: image, dice (value, box, confidence) and ms when the image was read; an
        ``error`` when something went wrong (then only image and error if it could not be read)."""
        line: dict = {"image": self.image}
        if self.ms is not None:
            line["dice"] = [{"value": d.value, "box": [int(v) for v in d.box],
                             "confidence": round(float(d.confidence), 4)} for d in self.dice]
            line["ms"] = self.ms
        if self.error is not None:
            line["error"] = self.error
        return line

    def as_text(self) -> str:
        """One line a player reads: the values (uncertain ones with ?), their sum and the time."""
        if self.ms is None:
            return f"{self.image}: error: {self.error}"
        if not self.dice:
            text = f"{self.image}: no dice found  {self.ms:.1f} ms"
        else:
            unsure = [label(d) for d in self.dice if not d.certain]
            values = " ".join(label(d) for d in self.dice)
            text = f"{self.image}: {values}  sum {sum(d.value for d in self.dice)}"
            if unsure:
                text += f"  ({len(unsure)} uncertain: {' '.join(unsure)})"
            text += f"  {self.ms:.1f} ms"
        return text if self.error is None else f"{text}  error: {self.error}"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """PATH..., --json and --annotate DIR."""
    parser.add_argument("paths", nargs="+", metavar="PATH", help="image files or folders of images")
    parser.add_argument("--json", action="store_true",
                        help="one JSON object per image (dice_score.py format)")
    parser.add_argument("--annotate", metavar="DIR",
                        help="also write each image with the dice drawn on it to DIR")


def run(args: argparse.Namespace, read: Reader | None = None) -> int:
    """Read every image named by ``args.paths`` with ``read`` (the dice reader by default), print one
    line each, and return 0 if all were read, 1 if some were not."""
    if read is None:
        read = _default_reader()
    out_dir = _annotate_dir(args.annotate) if args.annotate else None
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        return _read_all(args, read, out_dir)
    except BrokenPipeError:  # the output went to a pager or `head` that has quit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _read_all(args: argparse.Namespace, read: Reader, out_dir: str | None) -> int:
    failed = 0
    written: set[str] = set()
    for image_path, problem in expand(args.paths):
        result, image = (Result(image_path, error=problem), None) if problem else read_one(image_path, read)
        if out_dir is not None and image is not None:
            error = _write_annotated(image, image_path, result.dice, out_dir, written)
            if error:
                result = Result(result.image, result.dice, result.ms, error)
        failed += result.error is not None
        print(json.dumps(result.as_json()) if args.json else result.as_text(), flush=True)
    return 1 if failed else 0


def expand(paths: Sequence[str]) -> Iterator[tuple[str, str | None]]:
    """(image path, None) for every image to read, in order; (path, problem) for a path that is missing
    or a folder without images."""
    for path in paths:
        if os.path.isdir(path):
            try:
                listing = os.listdir(path)
            except OSError as exc:
                yield path, f"cannot list the folder: {exc.strerror or exc}"
                continue
            names = sorted(n for n in listing
                           if n.lower().endswith(IMAGE_EXTENSIONS) and os.path.isfile(os.path.join(path, n)))
            if not names:
                yield path, "folder holds no images"
            for name in names:
                yield os.path.join(path, name), None
        elif os.path.exists(path):
            yield path, None
        else:
            yield path, "no such file or folder"


def read_one(path: str, read: Reader) -> tuple[Result, np.ndarray | None]:
    """Decode the image at ``path`` and read its dice, timing the reader alone; the decoded image is
    returned too (None when it could not be decoded or read)."""
    try:
        image = load_image(path)
    except BadImage as exc:
        return Result(path, error=str(exc)), None
    start = time.perf_counter()
    try:
        dice = tuple(read(image))
    except Exception as exc:  # one bad image must not end a run over hundreds
        message = " ".join(str(exc).split()) or type(exc).__name__
        return Result(path, error=f"the reader failed: {message}"), None
    ms = round((time.perf_counter() - start) * 1000, 1)
    return Result(path, dice, ms), image


def _default_reader() -> Reader:
    try:
        from vision.reader import read_dice
        from vision.warm import warm_up
    except ImportError as exc:
        raise UsageError(f"the dice reader is not available in this version ({exc})") from exc
    try:
        warm_up()                     # before the first photo's clock starts: its ms is its read alone
    except FileNotFoundError as exc:
        raise UsageError(f"the dice reader cannot start: {exc}") from exc
    return read_dice


def _annotate_dir(path: str) -> str:
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"--annotate {path}: cannot make that folder ({exc.strerror or exc})") from exc
    if not os.access(path, os.W_OK):
        raise UsageError(f"--annotate {path}: the folder is not writable")
    return path


def _write_annotated(image: np.ndarray, image_path: str, dice: Sequence[Die], out_dir: str,
                     written: set[str]) -> str | None:
    """Write the annotated copy as DIR/<name> (a number added when two inputs share a name); an error
    message when it cannot be written."""
    stem, ext = os.path.splitext(os.path.basename(image_path))
    ext = ext.lower() if ext.lower() in WRITABLE else ".png"
    name, n = f"{stem}{ext}", 1
    while name in written:
        n += 1
        name = f"{stem}_{n}{ext}"
    written.add(name)
    ok, data = cv2.imencode(ext, annotate(image, dice))
    if not ok:
        return f"cannot encode the annotated copy as {ext}"
    try:
        data.tofile(os.path.join(out_dir, name))
    except OSError as exc:
        return f"cannot write the annotated copy: {exc.strerror or exc}"
    return None
