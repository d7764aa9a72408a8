"""Read the pips of located dice: a small CNN on square crops, run with cv2.dnn.

The model (``vision/models/dice_pips_<seed>.onnx``, made by ``tools/train_dice_classifier.py``)
takes a 40x40 BGR crop around one die and gives 7 scores: pip values 1..6 and "not a die". When
several such models lie in the folder their probabilities are averaged (one is committed: a second
read one more dev die for twice the cost, see vision/models/README.md). A die whose first reading
is not clear is read again in the other quarter turns and the probabilities averaged, so a reading
that depends on the rotation comes out unsure rather than wrong.

A second model (``SECOND_MODEL``, trained with dice seen from the side among its synthetic dice)
reads only the dice the reader keeps, upright, and its probabilities are averaged with the first's
(``second_opinion``): a die whose side face the first read for its top is read again by a model
that has seen such dice, at a fraction of what averaging two models over every candidate costs.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

#: The models whose probabilities are averaged.
MODELS = tuple(sorted((Path(__file__).resolve().parent / "models").glob("dice_pips_*.onnx")))
#: Side of the square crop fed to the model, in pixels.
CROP = 40
#: The crop spans this many times the die box's longer side.
MARGIN = 1.3
#: Index of the "not a die" class.
NOT_A_DIE = 6
#: The quarter turns in which a die that is not clear at first is read again. All three: a pattern
#: that reads as a die one way up and its half turn (waves on a cloth read as "6") rarely does so a
#: quarter turn off, so the mean comes out unsure.
TURNS = (1, 2, 3)
#: A first reading whose best probability reaches this is clear and not read again. Of the unclear
#: first readings of the 200 photos' middle 640x480 (943), 720 were 0.9 or more and 423 of them 0.95
#: or more, and the turns changed the value of none read 0.8 or more: only the confidence. At 0.95
#: every scene of ``benchmarks/dice_scenes.py`` reads the same dice right as at 0.97, with 0-6 more
#: reported sure and none of them wrong (the bowl 296 to 301, thrown on black 584 to 587); the dev
#: photos at 0.4x-4x and ``thrown_black_scene`` seeds 0-299 the same or better (1868 to 1876 dice
#: right, the same 2 sure and wrong). At 0.9 the bowl had a sure die that is none, and the seeds
#: one more sure and wrong.
CLEAR = 0.95
#: A first reading that takes the crop this surely for no die is not read again turned either: its
#: turns could only make a die of what upright looks like none (on the held-out photos, in clutter,
#: at the desk, in the bowl and thrown on black the reads are the same without them), and they were
#: a fifth of the turned reads in clutter and in the bowl.
SURELY_NO_DIE = 0.9
#: Crops a network reads in one forward pass. OpenCV's dnn reads a big batch slower per crop than a
#: few at a time (200 crops at once: 0.75 ms a crop on one core here; four at a time: 0.42 ms), with
#: the same scores to the bit.
FORWARD_BATCH = 4
#: The model that gives kept dice a second opinion (``second_opinion``).
SECOND_MODEL = Path(__file__).resolve().parent / "models" / "dice_second_12.onnx"


@dataclass(frozen=True)
class Reading:
    """The classifier's view of one crop: the likeliest value, its probability and P(not a die)."""

    value: int
    p_value: float
    p_not_die: float


def crop_square(image: np.ndarray, cx: float, cy: float, side: float, out: int = CROP) -> np.ndarray:
    """The ``side`` x ``side`` square centred on (cx, cy), resized to ``out`` x ``out``.

    Parts outside the image are filled by repeating the border. Shrinking uses area averaging, so
    a 300 px die and a 30 px die give comparable crops.
    """
    return crop_rect(image, cx, cy, side, side, out)


def crop_rect(image: np.ndarray, cx: float, cy: float, width: float, height: float, out: int = CROP) -> np.ndarray:
    """The ``width`` x ``height`` rectangle centred on (cx, cy), resized to ``out`` x ``out`` (a
    rectangle is stretched to the square), as ``crop_square`` does."""
    sw, sh = max(2, round(float(width))), max(2, round(float(height)))
    x0, y0 = round(float(cx - sw / 2)), round(float(cy - sh / 2))
    h, w = image.shape[:2]
    pad = max(0, -x0, -y0, x0 + sw - w, y0 + sh - h)
    if pad:
        image = cv2.copyMakeBorder(image, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
        x0, y0 = x0 + pad, y0 + pad
    roi = image[y0:y0 + sh, x0:x0 + sw]
    interp = cv2.INTER_AREA if max(sw, sh) > out else cv2.INTER_LINEAR
    return cv2.resize(roi, (out, out), interpolation=interp)


#: One network object is shared; cv2.dnn nets must not run two inputs at once.
_LOCK = threading.Lock()


@lru_cache(maxsize=4)
def _net(path: Path) -> cv2.dnn.Net:
    """The network in ``path``, loaded once; FileNotFoundError naming the file when it is missing."""
    if not path.exists():
        raise FileNotFoundError(f"no {path.name} in vision/models")
    return cv2.dnn.readNetFromONNX(str(path))


def _nets() -> tuple[cv2.dnn.Net, ...]:
    """The networks of ``MODELS``, whose probabilities are averaged."""
    if not MODELS:
        raise FileNotFoundError("no dice_pips_*.onnx model in vision/models")
    return tuple(_net(path) for path in MODELS)


def load_networks() -> None:
    """Load the networks of ``MODELS`` and ``SECOND_MODEL`` now, not on the first read that needs them;
    FileNotFoundError naming the file when one is missing."""
    with _LOCK:
        _nets()
        _net(SECOND_MODEL)


def _softmax(net: cv2.dnn.Net, blob: np.ndarray) -> np.ndarray:
    """The net's softmax scores (n, 7) for a blob of n crops, read ``FORWARD_BATCH`` at a time (the
    caller holds ``_LOCK``)."""
    parts = []
    for i in range(0, len(blob), FORWARD_BATCH):
        net.setInput(np.ascontiguousarray(blob[i:i + FORWARD_BATCH]))
        parts.append(net.forward().reshape(min(FORWARD_BATCH, len(blob) - i), -1))
    logits = np.concatenate(parts).astype(np.float64)
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    return e / e.sum(axis=1, keepdims=True)


def _blob(crops: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(crops.astype(np.float32).transpose(0, 3, 1, 2) / 255.0)


def class_probabilities(crops: np.ndarray) -> np.ndarray:
    """Softmax scores (n, 7) for a stack of (n, CROP, CROP, 3) uint8 BGR crops, averaged over
    ``MODELS``."""
    if len(crops) == 0:
        return np.zeros((0, 7), np.float64)
    blob = _blob(crops)
    with _LOCK:
        nets = _nets()
        total = sum((_softmax(net, blob) for net in nets), np.zeros((len(crops), 7), np.float64))
    return total / len(nets)


def second_opinion(crops: np.ndarray, probs: np.ndarray) -> np.ndarray:
    """The probabilities (n, 7) of kept dice: their settled ``probs`` (``settled_probabilities``)
    averaged with ``SECOND_MODEL``'s reading of their ``crops`` upright."""
    if len(crops) == 0:
        return probs
    blob = _blob(crops)
    with _LOCK:
        second = _softmax(_net(SECOND_MODEL), blob)
    return (probs + second) / 2


def first_look(image: np.ndarray, boxes: list[tuple[float, float, float, float]]) -> tuple[np.ndarray, np.ndarray]:
    """The square crops of the die boxes ``(x, y, w, h)`` of a BGR image, (n, CROP, CROP, 3), and
    their upright probabilities, (n, 7): what ``settle`` turns into readings."""
    if not boxes:
        return np.zeros((0, CROP, CROP, 3), np.uint8), np.zeros((0, 7), np.float64)
    crops = np.stack([crop_square(image, x + w / 2, y + h / 2, MARGIN * max(w, h)) for x, y, w, h in boxes])
    return crops, class_probabilities(crops)


def settled_probabilities(crops: np.ndarray, probs: np.ndarray, clear: float = CLEAR) -> np.ndarray:
    """The probabilities (n, 7) of the crops of a ``first_look``: a crop whose best class scores
    below ``clear`` is read again turned by each of ``TURNS`` quarter turns and the readings
    averaged (``clear=1`` always does so, ``clear=0`` never), unless it is taken for no die with at
    least ``SURELY_NO_DIE``."""
    probs = probs.copy()
    unclear = np.nonzero((probs.max(axis=1) < clear) & (probs[:, NOT_A_DIE] < SURELY_NO_DIE))[0]
    if len(unclear):
        turned = np.stack([np.rot90(crops[i], k) for i in unclear for k in TURNS])
        more = class_probabilities(np.ascontiguousarray(turned)).reshape(len(unclear), len(TURNS), -1)
        probs[unclear] = (probs[unclear] + more.sum(axis=1)) / (1 + len(TURNS))
    return probs


def readings(probs: np.ndarray) -> list[Reading]:
    """One Reading per row of probabilities (n, 7): the likeliest value of 1..6, its probability
    and P(not a die)."""
    out = []
    for p in probs:
        v = int(np.argmax(p[:NOT_A_DIE]))
        out.append(Reading(value=v + 1, p_value=float(p[v]), p_not_die=float(p[NOT_A_DIE])))
    return out


def settle(crops: np.ndarray, probs: np.ndarray, clear: float = CLEAR) -> list[Reading]:
    """One Reading per crop of a ``first_look`` (``settled_probabilities``)."""
    return readings(settled_probabilities(crops, probs, clear))


def read_pips(image: np.ndarray, boxes: list[tuple[float, float, float, float]],
              clear: float = CLEAR) -> list[Reading]:
    """Read each die box ``(x, y, w, h)`` of a BGR image; one Reading per box, in order.

    Every crop is read upright first; a crop whose best class scores below ``clear`` is read again
    turned by each of ``TURNS`` quarter turns and the readings averaged (``clear=1`` always does so).
    """
    if not boxes:
        return []
    return settle(*first_look(image, boxes), clear)
