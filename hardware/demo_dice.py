"""A demo camera: synthetic pip dice thrown onto a table, for trying the dice flow without a camera.

:class:`DemoDice` is a :class:`~hardware.camera.FrameSource` like a real camera: :meth:`DemoDice.read`
returns the picture "now" (by its clock). After :meth:`DemoDice.roll` the dice fly in from the near edge,
tumble with changing faces and bounce for about a second, then lie still showing their new values.
Each die is a rounded square in one of several colours, with light or dark pips, a random rotation and a
soft shadow, on a wood, felt or tray background with a little camera noise.

>>> cam = DemoDice(3, rng=7)
>>> values = cam.roll()
>>> frame = cam.read()          # tumbling dice now, resting ones about a second later
>>> frame.shape
(480, 640, 3)
"""
from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
from typing import Callable, Sequence

import cv2
import numpy as np

from hardware.errors import DeviceUnavailable

#: Pip centres for each face, in units of the die's side, around its centre.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
PIP_STEP = 0.27  # pip offset per unit, as a share of the side
PIP_RADIUS = 0.095

#: (name, body BGR, pip BGR): light dice with dark pips and dark dice with light pips.
COLOURS: tuple[tuple[str, tuple[int, int, int], tuple[int, int, int]], ...] = (
    ("ivory", (215, 235, 242), (30, 30, 30)),
    ("red", (45, 40, 195), (240, 240, 240)),
    ("black", (38, 36, 34), (235, 235, 235)),
    ("blue", (165, 90, 35), (240, 240, 240)),
    ("green", (70, 150, 45), (245, 245, 245)),
    ("yellow", (45, 205, 240), (25, 25, 25)),
    ("purple", (130, 45, 105), (240, 240, 240)),
)
TABLES = ("wood", "felt", "tray")


@dataclass(frozen=True)
class DemoDie:
    """Where a demo die lies once at rest: its value, axis-aligned box ``(x, y, w, h)`` and colour name."""

    value: int
    box: tuple[int, int, int, int]
    colour: str


@dataclass(frozen=True)
class _Flight:
    start: tuple[float, float]
    rest: tuple[float, float]
    angle: float
    spin: float
    duration: float
    bounces: float
    faces: tuple[int, ...]  # faces shown while tumbling, one per FACE_STEP seconds


FACE_STEP = 0.07


class DemoDice:
    """``n`` synthetic dice on a table, thrown by :meth:`roll`; a frame source for the dice flow.

    :param n: how many dice (1..12).
    :param size: frame size ``(width, height)``.
    :param rng: a ``numpy.random.Generator`` or a seed; the same seed gives the same table, dice and rolls.
    :param clock: returns seconds; frames are rendered for ``clock()`` (inject a fake clock in tests).
    :param roll_seconds: about how long a throw tumbles before the dice lie still.
    :param auto_roll: if set, throw again by itself after the dice have rested this many seconds.
    :param noise: camera noise (standard deviation, grey levels); 0 for none.
    :param table: ``wood``, ``felt`` or ``tray``; random when None.
    """

    pace = 1 / 30  # a camera-like frame rate for whoever polls :meth:`read`

    def __init__(self, n: int = 3, *, size: tuple[int, int] = (640, 480),
                 rng: np.random.Generator | int | None = None, clock: Callable[[], float] = time.monotonic,
                 roll_seconds: float = 1.0, auto_roll: float | None = None, noise: float = 2.0,
                 table: str | None = None) -> None:
        if not 1 <= n <= 12:
            raise ValueError("the demo throws 1 to 12 dice")
        if size[0] < 160 or size[1] < 120:
            raise ValueError("the demo frame must be at least 160×120")
        if table is not None and table not in TABLES:
            raise ValueError(f"table must be one of {', '.join(TABLES)}")
        self.rng = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
        self.n, self.size, self.clock = n, size, clock
        self.roll_seconds, self.auto_roll = roll_seconds, auto_roll
        w, h = size
        self.side = int(min(w, h) / 8 * float(self.rng.uniform(0.9, 1.1)))
        self.table = table or str(self.rng.choice(TABLES))
        self._background = _table(self.table, size, self.rng)
        picks = self.rng.choice(len(COLOURS), size=n, replace=n > len(COLOURS))
        self._colours = [COLOURS[int(i)] for i in picks]
        self.noise = noise
        self._noise_seed = int(self.rng.integers(2**32))
        self._noise: list[np.ndarray] = []  # made on the first read: building it costs ~0.1 s
        self._frames = 0
        self._cache: dict[tuple[int, int, int], tuple[np.ndarray, np.ndarray]] = {}
        self._still: np.ndarray | None = None
        self.values: tuple[int, ...] = tuple(int(v) for v in self.rng.integers(1, 7, n))
        self._flights = [self._lie(p) for p in self._layout()]
        self._t0 = -math.inf
        self.description = f"demo dice ({n} synthetic dice on a {self.table} table)"
        self.closed = False
        self._lock = threading.RLock()  # roll() may come from the UI thread while a worker reads

    def roll(self, values: Sequence[int] | None = None) -> tuple[int, ...]:
        """Throw the dice now; return the values they will show (random unless ``values`` is given)."""
        if values is None:
            values = [int(v) for v in self.rng.integers(1, 7, self.n)]
        if len(values) != self.n or not all(1 <= int(v) <= 6 for v in values):
            raise ValueError(f"need {self.n} values from 1 to 6")
        with self._lock:
            self.values = tuple(int(v) for v in values)
            self._flights = [self._throw(p) for p in self._layout()]
            self._t0 = self.clock()
            self._still = None
            return self.values

    def resting(self, t: float | None = None) -> bool:
        """True once every die of the last throw lies still (at time ``t``, default now)."""
        t = self.clock() if t is None else t
        return t >= self._t0 + max(f.duration for f in self._flights)

    def rests_at(self) -> float:
        """The clock time at which the last throw comes to rest."""
        return self._t0 + max(f.duration for f in self._flights)

    def truth(self) -> list[DemoDie]:
        """The dice as they lie (or will lie) after the last throw, in throw order."""
        out = []
        for value, flight, (name, _, _) in zip(self.values, self._flights, self._colours):
            a = math.radians(flight.angle)
            half = self.side / 2 * (abs(math.cos(a)) + abs(math.sin(a)))  # half the rotated square's extent
            x, y = flight.rest
            box = (int(round(x - half)), int(round(y - half)), int(round(2 * half)), int(round(2 * half)))
            out.append(DemoDie(value, box, name))
        return out

    def read(self) -> np.ndarray:
        """The frame for the current clock time (H×W×3 BGR uint8, a new array each call)."""
        if self.closed:
            raise DeviceUnavailable("the demo camera is closed")
        with self._lock:
            t = self.clock()
            if self.auto_roll is not None and t >= self.rests_at() + self.auto_roll:
                self.roll()
            frame = self.render(t)
        if self.noise > 0:
            if not self._noise:
                noise_rng = np.random.default_rng(self._noise_seed)
                self._noise = [noise_rng.normal(0, self.noise, frame.shape).astype(np.int16)
                               for _ in range(4)]
            self._frames += 1
            noisy = frame.astype(np.int16) + self._noise[self._frames % len(self._noise)]
            frame = np.clip(noisy, 0, 255).astype(np.uint8)
        return frame

    def render(self, t: float) -> np.ndarray:
        """The noiseless picture at time ``t``."""
        with self._lock:
            if self.resting(t) and self._still is not None:
                return self._still.copy()
            frame = self._background.copy()
            states = [self._state(i, t) for i in range(self.n)]
            for i in sorted(range(self.n), key=lambda i: states[i][3]):  # higher dice drawn last
                self._draw(frame, i, *states[i])
            if self.resting(t):
                self._still = frame.copy()
            return frame

    def close(self) -> None:
        """Nothing to release; reading afterwards is an error, as with a real camera."""
        self.closed = True

    # -- motion ------------------------------------------------------------------------------------

    def _layout(self) -> list[tuple[float, float]]:
        """Rest positions that do not overlap, away from the frame's edges."""
        w, h = self.size
        margin = self.side
        placed: list[tuple[float, float]] = []
        for _ in range(2000):
            if len(placed) == self.n:
                break
            p = (float(self.rng.uniform(margin, w - margin)), float(self.rng.uniform(margin, h - margin)))
            if all(math.dist(p, q) > 1.6 * self.side for q in placed):
                placed.append(p)
        while len(placed) < self.n:  # crowded: a grid always fits 12 dice
            k = len(placed)
            placed.append((margin + (k % 4) * (w - 2 * margin) / 3, margin + (k // 4) * (h - 2 * margin) / 2))
        return placed

    def _lie(self, rest: tuple[float, float]) -> _Flight:
        return _Flight(rest, rest, float(self.rng.uniform(0, 90)), 0.0, 0.0, 0.0, ())

    def _throw(self, rest: tuple[float, float]) -> _Flight:
        w, h = self.size
        start = (float(rest[0] + self.rng.uniform(-0.3, 0.3) * w),
                 float(h + self.side * self.rng.uniform(0.2, 0.8)))
        duration = self.roll_seconds * float(self.rng.uniform(0.75, 1.0))
        faces = tuple(int(v) for v in self.rng.integers(1, 7, int(duration / FACE_STEP) + 1))
        return _Flight(start, rest, float(self.rng.uniform(0, 90)), float(self.rng.uniform(-720, 720)),
                       duration, float(self.rng.uniform(2, 3.5)), faces)

    def _state(self, i: int, t: float) -> tuple[int, tuple[float, float], float, float]:
        """(face, centre, angle, height 0..1) of die ``i`` at time ``t``."""
        f = self._flights[i]
        k = 1.0 if f.duration <= 0 else min(1.0, max(0.0, (t - self._t0) / f.duration))
        if k >= 1.0:
            return self.values[i], f.rest, f.angle, 0.0
        ease = (1 - k) ** 2
        centre = (f.rest[0] + (f.start[0] - f.rest[0]) * ease, f.rest[1] + (f.start[1] - f.rest[1]) * ease)
        height = abs(math.sin(math.pi * f.bounces * k)) * (1 - k) ** 1.5
        face = f.faces[min(len(f.faces) - 1, int((t - self._t0) / FACE_STEP))] if k < 0.8 else self.values[i]
        return face, centre, f.angle + f.spin * ease, height

    # -- drawing -----------------------------------------------------------------------------------

    def _draw(self, frame: np.ndarray, i: int, face: int, centre: tuple[float, float], angle: float,
              height: float) -> None:
        patch, alpha = self._face(face, i)
        scale = 1.0 + 0.3 * height
        shadow_shift = self.side * (0.06 + 0.5 * height)
        shadow_at = (centre[0] + shadow_shift, centre[1] + shadow_shift * 0.8)
        shadow = _warp(alpha, *shadow_at, angle, scale, frame.shape)
        if shadow is not None:
            (x0, y0, x1, y1), a = shadow
            blur = max(3, int(self.side * (0.15 + 0.4 * height)) | 1)
            a = cv2.GaussianBlur(a, (blur, blur), 0) * (0.55 - 0.25 * height)
            roi = frame[y0:y1, x0:x1]
            roi[:] = (roi * (1 - a[..., None])).astype(np.uint8)
        placed = _warp(patch, centre[0], centre[1], angle, scale, frame.shape)
        mask = _warp(alpha, centre[0], centre[1], angle, scale, frame.shape)
        if placed is None or mask is None:
            return
        (x0, y0, x1, y1), p = placed
        a = mask[1][..., None]
        roi = frame[y0:y1, x0:x1]
        roi[:] = (p * a + roi * (1 - a)).astype(np.uint8)

    def _face(self, face: int, i: int) -> tuple[np.ndarray, np.ndarray]:
        key = (face, i, self.side)
        if key not in self._cache:
            _, body, pips = self._colours[i]
            self._cache[key] = _die_patch(face, self.side, body, pips)
        return self._cache[key]


def _die_patch(face: int, side: int, body: tuple[int, int, int],
               pip: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """A float32 BGR picture of one die face seen from above, and its alpha mask, on a square patch."""
    ss = 4  # draw 4× larger, then shrink: smooth edges and round pips
    n = int(side * 1.5) * ss
    c = n / 2
    s = side * ss
    img = np.zeros((n, n, 3), np.float32)
    mask = np.zeros((n, n), np.uint8)
    outline = _rounded_square(c, s, 0.18 * s)
    cv2.fillPoly(mask, [outline], 255)
    body_f = np.array(body, np.float32)
    img[:] = body_f * 0.72  # the bevelled rim is darker
    inner = np.zeros_like(mask)
    cv2.fillPoly(inner, [_rounded_square(c, s * 0.9, 0.16 * s)], 255)
    inner = cv2.GaussianBlur(inner, (0, 0), s * 0.03).astype(np.float32)[..., None] / 255
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32)
    light = 1.06 - 0.12 * ((xx + yy) / (2 * n))  # light from the top left
    img = img * (1 - inner) + (body_f * light[..., None]) * inner
    for px, py in PIPS[face]:
        centre = (int(c + px * PIP_STEP * s), int(c + py * PIP_STEP * s))
        r = int(PIP_RADIUS * s)
        rim = tuple(float(v) * 0.8 + float(b) * 0.2 for v, b in zip(pip, body))  # the pip's sloped edge
        cv2.circle(img, centre, r, rim, -1, cv2.LINE_AA)
        cv2.circle(img, centre, int(r * 0.85), tuple(float(v) for v in pip), -1, cv2.LINE_AA)
    small = (n // ss, n // ss)
    img = cv2.resize(img, small, interpolation=cv2.INTER_AREA)
    alpha = cv2.resize(mask.astype(np.float32) / 255, small, interpolation=cv2.INTER_AREA)
    return img, alpha


def _rounded_square(c: float, s: float, r: float) -> np.ndarray:
    """Polygon points of a square of side ``s`` centred at ``(c, c)`` with corners of radius ``r``."""
    h = s / 2 - r
    pts = []
    for cx, cy, a0 in ((h, h, 0), (-h, h, 90), (-h, -h, 180), (h, -h, 270)):
        for k in range(9):
            a = math.radians(a0 + k * 90 / 8)
            pts.append((c + cx + r * math.cos(a), c + cy + r * math.sin(a)))
    return np.array(pts, np.int32).reshape(-1, 1, 2)


def _warp(patch: np.ndarray, x: float, y: float, angle: float, scale: float,
          shape: tuple[int, ...]) -> tuple[tuple[int, int, int, int], np.ndarray] | None:
    """``patch`` rotated and scaled about its centre, placed centred on (x, y): ((x0, y0, x1, y1), pixels)
    clipped to the frame, or None when it falls outside it."""
    n = patch.shape[0]
    out_n = int(math.ceil(n * scale * 1.42)) + 2
    m = cv2.getRotationMatrix2D((n / 2, n / 2), angle, scale)
    m[0, 2] += out_n / 2 - n / 2 + (x - int(x))
    m[1, 2] += out_n / 2 - n / 2 + (y - int(y))
    warped = cv2.warpAffine(patch, m, (out_n, out_n), flags=cv2.INTER_LINEAR, borderValue=0)
    x0, y0 = int(x) - out_n // 2, int(y) - out_n // 2
    h, w = shape[:2]
    cx0, cy0, cx1, cy1 = max(0, x0), max(0, y0), min(w, x0 + out_n), min(h, y0 + out_n)
    if cx0 >= cx1 or cy0 >= cy1:
        return None
    return (cx0, cy0, cx1, cy1), warped[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0]


def _table(kind: str, size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A table-top background: wood grain, green felt or a grey dice tray, lit from one side."""
    w, h = size
    blotch = cv2.resize(rng.normal(0, 1, (h // 40 + 2, w // 40 + 2)).astype(np.float32), (w, h),
                        interpolation=cv2.INTER_CUBIC)
    fine = rng.normal(0, 1, (h, w)).astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "wood":
        warp = cv2.resize(rng.normal(0, 1, (h // 60 + 2, 6)).astype(np.float32), (w, h),
                          interpolation=cv2.INTER_CUBIC)
        grain = np.sin(yy / h * 80 + warp * 1.2 + blotch * 0.3) * (0.7 + 0.3 * np.sin(yy / h * 9 + warp))
        shade = 1 + 0.10 * grain + 0.04 * blotch + 0.03 * cv2.GaussianBlur(fine, (1, 9), 0)
        base = np.array((70, 115, 160), np.float32)
    elif kind == "felt":
        shade = 1 + 0.035 * blotch + 0.05 * fine
        base = np.array((60, 115, 45), np.float32)
    else:
        shade = 1 + 0.02 * blotch + 0.03 * fine
        base = np.array((150, 155, 158), np.float32)
    light = 1.1 - 0.25 * np.hypot((xx - 0.3 * w) / w, (yy - 0.25 * h) / h)
    img = base * (shade * light)[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)
