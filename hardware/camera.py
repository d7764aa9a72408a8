"""Camera sources behind one small interface, chosen by a spec string (``--camera``).

Specs:

``auto``           the Raspberry Pi camera (picamera2) if it works, else the first USB camera that gives a
                   frame, else no camera (:class:`~hardware.errors.DeviceUnavailable` says what was tried)
``none``           no camera (dice are entered by touch or e-dice)
``demo``           :class:`~hardware.demo_dice.DemoDice`, synthetic dice (try the flow without a camera);
                   ``demo:5`` throws 5 dice (1 to 12, default 3)
``picamera2``      the Raspberry Pi camera module through picamera2 (imported only then)
``0``, ``1`` …     a USB camera by V4L2 index
``/dev/video2``    a USB camera by device path
a folder           its image files, sorted by name, one per frame, cycled
an image file      that one picture, again and again
a video file       its frames, looped

>>> source = open_source("demo")
>>> frame = source.read()         # H×W×3 BGR uint8, or None when no frame is available right now
>>> source.close()

Sources are opened and read on a worker thread (:class:`~hardware.camera_worker.CameraWorker`), never on
the UI thread; a source whose device has gone raises :class:`~hardware.errors.DeviceUnavailable` from
``read`` or keeps returning None.
"""
from __future__ import annotations

import glob
import importlib
import os
import re
from dataclasses import dataclass
from typing import Callable, Literal, Protocol, runtime_checkable

import cv2
import numpy as np

from hardware.errors import BadSpec, DeviceUnavailable
from hardware.file_kinds import IMAGE_EXTENSIONS, VIDEO_EXTENSIONS

SPEC_HELP = ("auto, none, demo (or demo:5 for 5 dice), picamera2, a camera index like 0, "
             "a device like /dev/video2, a folder of images, an image file or a video file")

Kind = Literal["auto", "none", "demo", "picamera2", "index", "device", "folder", "image", "video"]


@runtime_checkable
class FrameSource(Protocol):
    """What every camera source offers.

    Must provide: ``description`` (one line a player can read, e.g. ``USB camera 0``), :meth:`read` and
    :meth:`close`. May provide ``pace``: seconds to wait between reads for sources that are not live
    (files, the demo); live cameras block in :meth:`read` until the next frame and have ``pace = 0``.
    """

    description: str

    def read(self) -> np.ndarray | None:
        """The next frame (H×W×3 BGR uint8), or None when none is available right now.
        Raises :class:`DeviceUnavailable` when the device has gone."""

    def close(self) -> None:
        """Release the device; safe to call twice."""


@dataclass(frozen=True)
class CameraSpec:
    """A parsed ``--camera`` spec: its kind and, for indices and paths, the target."""

    kind: Kind
    target: int | str | None = None

    def __str__(self) -> str:
        if self.kind == "demo" and self.target is not None:
            return f"demo:{self.target}"
        return self.kind if self.target is None else str(self.target)


def parse_spec(spec: str | int | None) -> CameraSpec:
    """Turn a ``--camera`` string into a :class:`CameraSpec`; raises :class:`BadSpec` with a clear message
    for a spec that can never work (a missing file, a negative index, a file that is neither image nor
    video). A missing ``/dev/video*`` device is *not* an error here: it may be plugged in later."""
    if spec is None:
        return CameraSpec("auto")
    if isinstance(spec, int) and not isinstance(spec, bool):
        spec = str(spec)
    if not isinstance(spec, str):
        raise BadSpec(f"camera spec must be text, not {type(spec).__name__}")
    text = spec.strip()
    if not text:
        raise BadSpec(f"empty camera spec; use {SPEC_HELP}")
    if text.lower() in ("auto", "none", "demo", "picamera2"):
        return CameraSpec(text.lower())  # type: ignore[arg-type]
    demo = re.fullmatch(r"demo:(\S*)", text, re.IGNORECASE)
    if demo:
        if not re.fullmatch(r"\d+", demo.group(1)) or not 1 <= int(demo.group(1)) <= 12:
            raise BadSpec(f"camera spec {text!r}: the demo throws 1 to 12 dice, e.g. demo:5")
        return CameraSpec("demo", int(demo.group(1)))
    if re.fullmatch(r"[+-]?\d+", text):
        index = int(text)
        if not 0 <= index < 64:
            raise BadSpec(f"camera index {text} is out of range (0 to 63)")
        return CameraSpec("index", index)
    if text.startswith("/dev/"):
        return CameraSpec("device", text)
    path = os.path.expanduser(text)
    if os.path.isdir(path):
        return CameraSpec("folder", path)
    if os.path.isfile(path):
        ext = os.path.splitext(path)[1].lower()
        if ext in IMAGE_EXTENSIONS:
            return CameraSpec("image", path)
        if ext in VIDEO_EXTENSIONS:
            return CameraSpec("video", path)
        raise BadSpec(f"camera spec {text!r}: {ext or 'a file without extension'} is neither an image "
                      f"({', '.join(IMAGE_EXTENSIONS)}) nor a video ({', '.join(VIDEO_EXTENSIONS)})")
    raise BadSpec(f"camera spec {text!r}: no such file or folder; use {SPEC_HELP}")


class NoCamera:
    """The ``none`` source: never a frame."""

    description = "no camera"
    pace = 0.5

    def read(self) -> np.ndarray | None:
        return None

    def close(self) -> None:
        pass


def open_source(spec: str | CameraSpec, *, capture: Callable[..., object] = cv2.VideoCapture,
                import_module: Callable[[str], object] = importlib.import_module,
                list_devices: Callable[[], list[str]] | None = None) -> FrameSource:
    """Open the source ``spec`` names; may block (cameras take a moment to start), so call it off the UI
    thread. Raises :class:`BadSpec` for a spec that makes no sense and :class:`DeviceUnavailable` for a
    camera that is not there (its message says why, e.g. picamera2 missing or no USB camera found).

    ``capture`` (``cv2.VideoCapture``), ``import_module`` and ``list_devices`` (the ``/dev/video*`` paths
    to try for ``auto``) are injectable for tests.
    """
    from hardware import camera_sources as src

    parsed = spec if isinstance(spec, CameraSpec) else parse_spec(spec)
    if parsed.kind == "none":
        return NoCamera()
    if parsed.kind == "demo":
        from hardware.demo_dice import DemoDice

        return DemoDice(int(parsed.target or 3), auto_roll=6.0)
    if parsed.kind == "picamera2":
        return src.Picamera2Source(import_module=import_module)
    if parsed.kind in ("index", "device"):
        return src.OpenCVSource(parsed.target, capture=capture)  # type: ignore[arg-type]
    if parsed.kind == "video":
        return src.OpenCVSource(str(parsed.target), capture=capture, loop=True)
    if parsed.kind in ("folder", "image"):
        return src.FolderSource(str(parsed.target))
    return _auto(capture, import_module, list_devices or usb_devices)


def open_or_demo(spec: str | CameraSpec = "auto", **kwargs: object) -> FrameSource:
    """:func:`open_source`, except that ``auto`` finding no camera gives the demo camera, so that a new
    user can try the dice flow at once; its description says why (``demo dice …: no camera found (…)``).
    Any other spec that fails still raises. ``kwargs`` go to :func:`open_source`."""
    parsed = spec if isinstance(spec, CameraSpec) else parse_spec(spec)
    try:
        return open_source(parsed, **kwargs)  # type: ignore[arg-type]
    except DeviceUnavailable as exc:
        if parsed.kind != "auto":
            raise
        demo = open_source("demo")
        demo.description = f"{demo.description}: {exc}"
        return demo


def usb_devices() -> list[str]:
    """The ``/dev/video<N>`` nodes worth trying for a USB camera, in number order (N below 10: higher
    nodes on a Raspberry Pi are the codec and ISP, not cameras)."""
    found = []
    for path in glob.glob("/dev/video*"):
        m = re.fullmatch(r"/dev/video(\d+)", path)
        if m and int(m.group(1)) < 10:
            found.append((int(m.group(1)), path))
    return [path for _, path in sorted(found)]


def _auto(capture: Callable[..., object], import_module: Callable[[str], object],
          list_devices: Callable[[], list[str]]) -> FrameSource:
    from hardware import camera_sources as src

    reasons = []
    try:
        return src.Picamera2Source(import_module=import_module)
    except DeviceUnavailable as exc:
        reasons.append(f"Pi camera: {exc}")
    devices = list_devices()
    for path in devices:
        try:
            source = src.OpenCVSource(path, capture=capture)
        except DeviceUnavailable as exc:
            reasons.append(f"{path}: {exc}")
            continue
        try:
            if source.read() is not None:
                return source
            reasons.append(f"{path}: opens but gives no picture")
        except DeviceUnavailable as exc:
            reasons.append(f"{path}: {exc}")
        source.close()
    if not devices:
        reasons.append("no USB camera (/dev/video*)")
    raise DeviceUnavailable("no camera found (" + "; ".join(reasons) + ")")
