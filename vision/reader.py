"""``read_dice``: every die in a camera frame with its pip value, box and confidence.

Three steps (numpy and cv2 only at run time; the two small networks run in cv2.dnn):

1. ``vision.locate`` finds die boxes over an image pyramid, so dice from about 25 px to a few
   hundred px across are found without any fixed pixel size;
2. ``vision.classify`` reads the pips of each box from a square crop (in four quarter turns when
   the first look is not clear) and says how likely the box is no die at all;
3. ``vision.pips`` counts the pips with plain OpenCV as a second opinion.

A candidate the classifier calls "not a die" is dropped, and so is a box around two or more
smaller dice (a cluster of dice, or the whole tray, seen as one big die). The confidence starts from the
classifier's probability of the value it reports, is lowered when the locator was unsure, and its
doubt is halved when the OpenCV pip count agrees; below ``vision.die.CERTAIN`` the app asks the
player.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.classify import Reading, read_pips
from vision.die import Die
from vision.errors import BadImage
from vision.locate import Candidate, locate_dice
from vision.pips import count_pips

#: Frames whose shorter side is below this hold no readable die: the reader returns no dice.
MIN_SIDE = 16
#: A frame this flat (grey-level standard deviation) is blank: black, blown out or a bare wall.
MIN_CONTRAST = 2.0
#: A candidate is dropped when the classifier's "not a die" probability exceeds this.
MAX_NOT_DIE = 0.5
#: Locator scores below this lower the confidence proportionally.
SURE_LOCATOR_SCORE = 0.3
#: The doubt (1 - confidence) is multiplied by this when the OpenCV pip count agrees.
AGREED_DOUBT = 0.5


def confidence(p_value: float, locator_score: float, count_agrees: bool) -> float:
    """How sure the reader is of one die, 0..1, from its three signals."""
    conf = p_value * min(1.0, locator_score / SURE_LOCATOR_SCORE)
    if count_agrees:
        conf = 1.0 - (1.0 - conf) * AGREED_DOUBT
    return conf


def as_bgr(image: object) -> np.ndarray:
    """The frame as a contiguous BGR uint8 array.

    Accepts BGR, BGRA, grayscale (2-D or one channel), uint8, uint16 and float (0..1, or 0..255
    when larger values occur). Raises BadImage for anything else: not an array, empty, another
    shape or dtype, NaN or infinite values.
    """
    if not isinstance(image, np.ndarray):
        raise BadImage(f"expected a numpy image, got {type(image).__name__}")
    if image.size == 0:
        raise BadImage(f"empty image of shape {image.shape}")
    if image.ndim == 3 and image.shape[2] == 1:
        image = image[:, :, 0]
    if not (image.ndim == 2 or (image.ndim == 3 and image.shape[2] in (3, 4))):
        raise BadImage(f"expected an HxW, HxWx3 or HxWx4 image, got shape {image.shape}")
    if image.dtype == np.uint8:
        img = image
    elif image.dtype == np.uint16:
        img = (image >> 8).astype(np.uint8)
    elif image.dtype in (np.float32, np.float64):
        if not np.isfinite(image).all():
            raise BadImage("image has NaN or infinite values")
        top = 1.0 if float(image.max()) <= 1.0 else 255.0
        img = np.clip(image * (255.0 / top), 0, 255).astype(np.uint8)
    else:
        raise BadImage(f"unsupported image dtype {image.dtype}")
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    elif img.shape[2] == 4:
        img = cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)
    return np.ascontiguousarray(img)


@dataclass(frozen=True)
class Seen:
    """One located candidate with everything the reader knows about it."""

    candidate: Candidate
    reading: Reading
    counted: int | None
    confidence: float

    @property
    def size(self) -> float:
        return max(self.candidate.box[2], self.candidate.box[3])

    def holds_centre_of(self, other: "Seen") -> bool:
        x, y, w, h = self.candidate.box
        ox, oy, ow, oh = other.candidate.box
        return x <= ox + ow / 2 <= x + w and y <= oy + oh / 2 <= y + h


def drop_containers(seen: list[Seen], ratio: float = 0.6) -> list[Seen]:
    """Without the boxes that hold the centres of two smaller dice (smaller than ``ratio`` times
    their size), or of one smaller die read more surely: a die never holds other dice."""
    out = []
    for s in seen:
        inner = [o for o in seen if o is not s and o.size < ratio * s.size and s.holds_centre_of(o)]
        if len(inner) >= 2 or any(o.confidence >= s.confidence for o in inner):
            continue
        out.append(s)
    return out


def look(bgr: np.ndarray) -> list[Seen]:
    """Every die the reader keeps in a BGR uint8 frame, before boxes are rounded."""
    cands = locate_dice(bgr)
    readings = read_pips(bgr, [c.box for c in cands])
    seen = []
    for cand, r in zip(cands, readings):
        if r.p_not_die > MAX_NOT_DIE:
            continue
        n = count_pips(bgr, cand.box)
        seen.append(Seen(cand, r, n, confidence(r.p_value, cand.score, n == r.value)))
    return drop_containers(seen)


def read_dice(image: np.ndarray) -> list[Die]:
    """Every die in the frame, in reading order (top to bottom, then left to right).

    Each Die has its pip value 1..6, its box (x, y, w, h) in pixels of the input image (clipped to
    it) and a confidence 0..1; uncertain dice have confidence below ``vision.die.CERTAIN``.
    A blank, tiny or dieless frame gives an empty list; an unusable input raises BadImage.
    """
    bgr = as_bgr(image)
    h, w = bgr.shape[:2]
    if min(h, w) < MIN_SIDE:
        return []
    small = cv2.resize(bgr, (64, 64), interpolation=cv2.INTER_AREA) if max(h, w) > 64 else bgr
    if float(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).std()) < MIN_CONTRAST:
        return []
    dice = []
    for s in look(bgr):
        x, y, bw, bh = s.candidate.box
        x0, y0 = max(0, int(round(x))), max(0, int(round(y)))
        x1, y1 = min(w, int(round(x + bw))), min(h, int(round(y + bh)))
        if x1 - x0 < 2 or y1 - y0 < 2:
            continue
        dice.append(Die(value=s.reading.value, box=(x0, y0, x1 - x0, y1 - y0),
                        confidence=round(float(s.confidence), 4)))
    dice.sort(key=lambda d: (d.box[1] + d.box[3] // 2, d.box[0]))
    return dice
