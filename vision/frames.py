"""The frame as the dice reader takes it: any camera or file image as contiguous BGR uint8
(``as_bgr``), the copy of at most ``WORK_PIXELS`` it locates dice in without a known size
(``working_copy``), and the test for a frame too flat to hold a die (``blank``)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.errors import BadImage

#: Frames whose shorter side is below this hold no readable die: the reader returns no dice.
MIN_SIDE = 16
#: A frame this flat (grey-level standard deviation) is blank: black, blown out or a bare wall.
MIN_CONTRAST = 2.0
#: A frame with more pixels than this is read from a copy shrunk to this many (``shrink``): the
#: locator's finest level then holds a quarter of it, dice from about 18 px of the copy are found
#: (about 60 px of a 12 MP photo), and a read costs what a 1 MP frame costs instead of growing with
#: the sensor. Smaller dice on a tray or a sheet, which the copy shows as one big die, are read again
#: at the frame's own resolution (``vision.reader.looked_into``).
WORK_PIXELS = 1_000_000


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


def working_copy_scale(h: int, w: int) -> float:
    """The scale (<= 1) of the copy of an h x w frame the reader locates dice in without a known size."""
    return min(1.0, float(np.sqrt(WORK_PIXELS / (h * w))))


def shrink(bgr: np.ndarray, f: float) -> tuple[np.ndarray, tuple[float, float]]:
    """``bgr`` shrunk by ``f`` (< 1), each pixel an average of those it stands for, and the input
    pixels per output pixel (x, y). By half or more, it is first shrunk by the largest whole factor k
    (at most 1 / f) with OpenCV's fast area-averaging path (on the frame cut to a multiple of k: at most
    k - 1 pixels off its right and bottom), then by what is left, at most 1.5x, bilinearly; a single
    area-averaging resize by any other factor costs five times as much on a 12 MP frame."""
    h, w = bgr.shape[:2]
    sw, sh = max(1, round(w * f)), max(1, round(h * f))
    k = int(1 / f)
    if k < 2:
        return cv2.resize(bgr, (sw, sh), interpolation=cv2.INTER_AREA), (w / sw, h / sh)
    ch, cw = h // k * k, w // k * k
    out = cv2.resize(bgr[:ch, :cw], (cw // k, ch // k), interpolation=cv2.INTER_AREA)
    if out.shape[:2] != (sh, sw):
        out = cv2.resize(out, (sw, sh), interpolation=cv2.INTER_LINEAR)
    return out, (cw / sw, ch / sh)


def working_copy(bgr: np.ndarray) -> tuple[np.ndarray, tuple[float, float]]:
    """The frame, or a copy of it shrunk to ``WORK_PIXELS`` (``shrink``), and the frame pixels per
    copy pixel (x, y)."""
    h, w = bgr.shape[:2]
    f = working_copy_scale(h, w)
    if f >= 1.0:
        return bgr, (1.0, 1.0)
    return shrink(bgr, f)


def blank(bgr: np.ndarray) -> bool:
    """The frame is too flat to hold a die (``MIN_CONTRAST``): black, blown out or a bare wall."""
    small = cv2.resize(bgr, (64, 64), interpolation=cv2.INTER_AREA) if max(bgr.shape[:2]) > 64 else bgr
    return float(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).std()) < MIN_CONTRAST
