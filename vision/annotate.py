"""Draw the dice a reader found onto a copy of the picture, for the live preview and ``read-dice --annotate``.

Sure dice get a green outline and their value; uncertain ones (confidence below :data:`CERTAIN`) an
orange outline and their value followed by ``?``, so a player sees at a glance which dice to check.
Line widths and text scale with each die's size. Pure: numpy and cv2 only.
"""
from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.die import Die
from vision.errors import BadImage

SURE_COLOUR = (60, 200, 60)  # BGR green
UNSURE_COLOUR = (0, 150, 255)  # BGR orange
INK = (20, 20, 20)
FONT = cv2.FONT_HERSHEY_DUPLEX


def label(die: Die) -> str:
    """The text drawn for a die: its value, with ``?`` when the reader is not sure of it."""
    return f"{die.value}" if die.certain else f"{die.value}?"


def annotate(image: np.ndarray, dice: Sequence[Die], *, sure_colour: tuple[int, int, int] = SURE_COLOUR,
             unsure_colour: tuple[int, int, int] = UNSURE_COLOUR) -> np.ndarray:
    """A BGR copy of ``image`` with every die outlined and labelled; ``image`` itself is not changed.

    ``image`` may be H×W grey, H×W×3 BGR or H×W×4 BGRA uint8 (the copy is always H×W×3 BGR). Boxes that
    reach past the picture's edges are clipped; a label that would leave the picture is moved inside.
    Raises :class:`BadImage` for anything that is not such an image.
    """
    out = _bgr_copy(image)
    h, w = out.shape[:2]
    for die in dice:
        x, y, bw, bh = (round(float(v)) for v in die.box)
        if bw <= 0 or bh <= 0:
            continue
        colour = sure_colour if die.certain else unsure_colour
        size = max(8, min(bw, bh))
        thick = max(1, round(size / 16))
        pad = thick
        corner, far = (x - pad, y - pad), (x + bw - 1 + pad, y + bh - 1 + pad)
        cv2.rectangle(out, corner, far, colour, thick, cv2.LINE_8)
        _draw_label(out, label(die), (x - pad, y - pad), size, colour, (w, h))
    return out


def _draw_label(out: np.ndarray, text: str, corner: tuple[int, int], size: int,
                colour: tuple[int, int, int], frame: tuple[int, int]) -> None:
    """The value on a filled tag above the die's top-left corner (below it when there is no room)."""
    scale = max(0.35, size / 55)
    weight = max(1, round(size / 28))
    (tw, th), base = cv2.getTextSize(text, FONT, scale, weight)
    margin = max(1, weight)
    tag_w, tag_h = tw + 2 * margin, th + base + 2 * margin
    x, y = corner
    top = y - tag_h if y - tag_h >= 0 else y + 1
    left = min(max(0, x), max(0, frame[0] - tag_w))
    top = min(max(0, top), max(0, frame[1] - tag_h))
    cv2.rectangle(out, (left, top), (left + tag_w - 1, top + tag_h - 1), colour, -1)
    cv2.putText(out, text, (left + margin, top + margin + th), FONT, scale, INK, weight, cv2.LINE_AA)


def _bgr_copy(image: np.ndarray) -> np.ndarray:
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or image.size == 0:
        raise BadImage("annotate needs a non-empty uint8 numpy image")
    if image.ndim == 2 or (image.ndim == 3 and image.shape[2] == 1):
        return cv2.cvtColor(image.reshape(image.shape[:2]), cv2.COLOR_GRAY2BGR)
    if image.ndim == 3 and image.shape[2] == 3:
        return image.copy()
    if image.ndim == 3 and image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    raise BadImage(f"annotate needs an H×W, H×W×3 or H×W×4 image, not shape {image.shape}")
