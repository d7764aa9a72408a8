"""What a camera learns of its table once: where the dice land, how big they are and their colours.

Pure functions on arrays and plain values (no capture, no settings file): the companion shows the
steps and keeps the result per camera.

1. ``find_area`` looks at a frame of the empty tray (or dice area) and proposes its outline; the
   player may drag it instead.
2. ``learn_die_size`` takes the dice read inside that area on the first rolls and keeps their
   size, as a share of the frame's shorter side (so it holds at any capture resolution);
   ``learn_die_colours`` keeps the colours of their faces.
3. ``vision.reader.read_dice(frame, calibration)`` then reads only the area, at the scale the
   networks want, takes boxes far from the known size for no dice, and reports a die of a colour
   none of the table's dice has as unsure (a token or a figure in the tray: the player is asked;
   a die of a colour not rolled while calibrating is asked too, never dropped).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.colour import Colour, groups
from vision.die import Die
from vision.errors import BadCalibration

#: A proposed area covers at least this share of the frame (smaller plain patches are not trays).
MIN_AREA_SHARE = 0.08
#: ...and at most this share (an area as big as the frame is the frame: read it whole).
MAX_AREA_SHARE = 0.97
#: Pixels nearer an edge than this share of the frame's longer side are not plain.
PLAIN_GAP = 0.025
#: The area is grown by this share of the frame's longer side each way (dice land on the rim).
RIM = 0.02
#: Dice needed, over all the rolls read, before their size is trusted.
MIN_DICE = 3
#: The least and most share of the frame's shorter side a die can span.
MIN_DIE_SHARE = 0.005
MAX_DIE_SHARE = 0.7
#: A die whose box differs from the known size by more than this factor (either way) is no die.
SIZE_TOLERANCE = 1.7
#: More face colours than this among the calibration's dice: too varied to tell dice by colour
#: (marbled or mixed sets), so none is kept and colour is not checked.
MAX_COLOURS = 8


@dataclass(frozen=True)
class Calibration:
    """The dice area, as fractions (x, y, w, h) of the frame, the dice's size (longer box side)
    as a share of the frame's shorter side, or None while no roll has taught it, and the colours
    of the dice's faces (``vision.colour``), or none when they are not checked."""

    area: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)
    die_share: float | None = None
    colours: tuple[Colour, ...] = ()

    def __post_init__(self) -> None:
        x, y, w, h = self.area
        if not all(np.isfinite(v) for v in self.area) or w <= 0 or h <= 0 or x < 0 or y < 0 \
                or x + w > 1.0001 or y + h > 1.0001:
            raise BadCalibration(f"area {self.area} is not a part of the frame (fractions 0..1)")
        if self.die_share is not None and not (MIN_DIE_SHARE <= self.die_share <= MAX_DIE_SHARE):
            raise BadCalibration(f"die_share {self.die_share} is not a die's share of the frame "
                                 f"({MIN_DIE_SHARE}..{MAX_DIE_SHARE})")
        if len(self.colours) > MAX_COLOURS or not all(
                len(c) == 3 and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in c)
                for c in self.colours):
            raise BadCalibration(f"colours {self.colours!r} are not at most {MAX_COLOURS} colours "
                                 "of three whole numbers 0..255")

    def area_px(self, height: int, width: int) -> tuple[int, int, int, int]:
        """The area in pixels of a frame of this size, at least 16 px each way, inside the frame."""
        x, y, w, h = self.area
        x0, y0 = min(width - 1, max(0, int(x * width))), min(height - 1, max(0, int(y * height)))
        x1 = min(width, max(x0 + 16, round((x + w) * width)))
        y1 = min(height, max(y0 + 16, round((y + h) * height)))
        return x0, y0, x1 - x0, y1 - y0

    def die_px(self, height: int, width: int) -> float | None:
        """The dice's size in pixels of a frame of this size, or None when not learnt."""
        return None if self.die_share is None else self.die_share * min(height, width)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form; ``from_dict`` reads it back."""
        return {"area": [round(v, 5) for v in self.area], "die_share": self.die_share,
                "colours": [list(c) for c in self.colours]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Calibration:
        """The calibration in ``data``; raises BadCalibration naming the field that is wrong."""
        if not isinstance(data, Mapping):
            raise BadCalibration(f"a calibration is an object, not {type(data).__name__}")
        area = data.get("area", [0.0, 0.0, 1.0, 1.0])
        if not isinstance(area, (list, tuple)) or len(area) != 4 or \
                not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in area):
            raise BadCalibration(f"area must be four numbers x, y, w, h, not {area!r}")
        share = data.get("die_share")
        if share is not None and (isinstance(share, bool) or not isinstance(share, (int, float))):
            raise BadCalibration(f"die_share must be a number or null, not {share!r}")
        colours = data.get("colours", [])
        if not isinstance(colours, (list, tuple)) or not all(isinstance(c, (list, tuple)) for c in colours):
            raise BadCalibration(f"colours must be a list of [L, a, b] colours, not {colours!r}")
        return cls(tuple(float(v) for v in area), None if share is None else float(share),  # type: ignore[arg-type]
                   tuple(tuple(c) for c in colours))


def plain_regions(frame: np.ndarray) -> tuple[np.ndarray, float]:
    """Labels of the frame's plain regions (no edges within ``PLAIN_GAP`` of the frame's longer
    side), at a working size of at most 480 px, and the working size's scale to the frame."""
    h, w = frame.shape[:2]
    f = min(1.0, 480.0 / max(h, w))
    small = cv2.resize(frame, None, fx=f, fy=f, interpolation=cv2.INTER_AREA) if f < 1 else frame
    gray = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (5, 5), 0)
    gap = max(3, int(PLAIN_GAP * max(small.shape[:2])) | 1)
    busy = cv2.dilate(cv2.Canny(gray, 30, 90), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (gap, gap)))
    _, labels = cv2.connectedComponents((busy == 0).astype(np.uint8), connectivity=4)
    return labels, f


def find_area(frame: np.ndarray) -> tuple[float, float, float, float] | None:
    """The outline of the dice area in ``frame`` (BGR uint8, the empty tray), as fractions
    (x, y, w, h) of the frame, or None when no area stands out (the player drags one, or reads the
    whole frame).

    The dice area is a plain region (a tray's floor, a felt mat, a cloth: no print, keys or board
    art) covering ``MIN_AREA_SHARE`` of the frame or more, whose bounding box is not the whole
    frame (``MAX_AREA_SHARE``: that is the table all round the tray): of those, the biggest,
    counted less the farther it lies from the middle. Its bounding box, grown by ``RIM`` of the
    frame each way, is returned, since dice also land on the rim.
    """
    labels, _ = plain_regions(frame)
    sh, sw = labels.shape
    counts = np.bincount(labels.ravel())
    counts[0] = 0
    yy, xx = np.mgrid[0:sh, 0:sw]
    best: tuple[float, int] | None = None
    for lab in np.nonzero(counts >= MIN_AREA_SHARE * sh * sw)[0]:
        m = labels == lab
        ys, xs = np.nonzero(m)
        if (xs.max() - xs.min() + 1) * (ys.max() - ys.min() + 1) > MAX_AREA_SHARE * sh * sw:
            continue                                                  # the table all round, not a tray
        off = float(np.hypot(xx[m].mean() / sw - 0.5, yy[m].mean() / sh - 0.5))
        score = float(counts[lab]) * (1.0 - off)
        if best is None or score > best[0]:
            best = (score, int(lab))
    if best is None:
        return None
    ys, xs = np.nonzero(labels == best[1])
    rim = RIM * max(sh, sw)
    x0, y0 = max(0.0, xs.min() - rim), max(0.0, ys.min() - rim)
    x1, y1 = min(float(sw), xs.max() + 1 + rim), min(float(sh), ys.max() + 1 + rim)
    if (x1 - x0) * (y1 - y0) > MAX_AREA_SHARE * sh * sw:
        return None
    return x0 / sw, y0 / sh, (x1 - x0) / sw, (y1 - y0) / sh


def learn_die_size(rolls: Iterable[Sequence[Die]], height: int, width: int) -> float | None:
    """The dice's size (longer box side) as a share of the frame's shorter side, from the sure dice
    of the rolls read so far in a frame of this size; None until ``MIN_DICE`` sure dice were seen.

    The median is kept, so one box around two touching dice or a stray find does not move it; a
    median no die can have (outside ``MIN_DIE_SHARE``..``MAX_DIE_SHARE``) gives None, so the result
    is always a size ``Calibration`` accepts.
    """
    sizes = [max(d.box[2], d.box[3]) for roll in rolls for d in roll if d.certain]
    if len(sizes) < MIN_DICE:
        return None
    share = float(np.median(sizes)) / min(height, width)
    return share if MIN_DIE_SHARE <= share <= MAX_DIE_SHARE else None


def learn_die_colours(rolls: Iterable[Sequence[Die]]) -> tuple[Colour, ...]:
    """The colours of the table's dice, from the sure dice of the rolls read so far that carry a
    colour (``vision.colour.groups``: one per set of alike faces, the most seen first); none when
    they are more than ``MAX_COLOURS`` (too varied to tell dice by colour) or no die has one."""
    found = groups(d.colour for roll in rolls for d in roll if d.certain and d.colour is not None)
    return tuple(found) if len(found) <= MAX_COLOURS else ()
