"""The camera sources themselves: OpenCV (USB cameras, video files), folders of images, picamera2.

Each is a :class:`~hardware.camera.FrameSource`; pick one with :func:`hardware.camera.open_source`.
Frames are H×W×3 BGR uint8 numpy arrays; everything after :meth:`read` is a pure function on arrays.
"""
from __future__ import annotations

import importlib
import math
import os
import sys
from typing import Callable

import cv2
import numpy as np

from hardware.errors import BadImage, BadSpec, DeviceUnavailable
from hardware.file_kinds import IMAGE_EXTENSIONS

PICAMERA2_HELP = ("picamera2 is not installed (on Raspberry Pi OS: sudo apt install python3-picamera2, "
                  "with a venv made with --system-site-packages)")


def as_bgr(frame: np.ndarray) -> np.ndarray:
    """A 3-channel BGR view or copy of a grey, BGR or BGRA uint8 frame."""
    if frame.ndim == 2:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    if frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    return frame


class OpenCVSource:
    """A USB camera (V4L2 index or ``/dev/video*`` path) or a video file, through ``cv2.VideoCapture``.

    :param target: an index, a device path or a video file path.
    :param capture: the ``cv2.VideoCapture`` class or a stand-in with the same methods.
    :param loop: start a video file again at its end (files only).
    :param size: ask a camera for this ``(width, height)``; it may give another size.
    :param exists: tells whether a device path is there (``os.path.exists``), to notice an unplugged camera.
    """

    def __init__(self, target: int | str, *, capture: Callable[..., object] = cv2.VideoCapture,
                 loop: bool = False, size: tuple[int, int] | None = (640, 480),
                 exists: Callable[[str], bool] = os.path.exists) -> None:
        self.target = target
        self._exists = exists
        self.live = isinstance(target, int) or str(target).startswith("/dev/")
        self.loop = loop and not self.live
        if isinstance(target, int):
            self.description = f"USB camera {target}"
        elif self.live:
            self.description = f"USB camera {target}"
        else:
            self.description = f"video {os.path.basename(str(target))}"
        if self.live and sys.platform.startswith("linux"):
            cap = capture(target, cv2.CAP_V4L2)
        else:
            cap = capture(target)
        if not cap.isOpened():
            cap.release()
            raise DeviceUnavailable(f"cannot open {self.description}")
        self._cap = cap
        if self.live and size is not None:
            cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
            cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)
        fps = 0.0 if self.live else float(cap.get(cv2.CAP_PROP_FPS) or 0.0)
        self.pace = 0.0 if self.live else 1.0 / (fps if math.isfinite(fps) and 1 <= fps <= 240 else 30.0)

    def read(self) -> np.ndarray | None:
        """The next frame; None when the camera gives none; a looped video starts again at its end.
        Raises :class:`DeviceUnavailable` when a device path has disappeared (the camera was unplugged)."""
        if self._cap is None:
            raise DeviceUnavailable(f"{self.description} is closed")
        ok, frame = self._cap.read()
        if not ok and self.loop:
            self._cap.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, frame = self._cap.read()
        if ok and isinstance(frame, np.ndarray) and frame.size:
            return as_bgr(frame)
        if isinstance(self.target, str) and self.live and not self._exists(self.target):
            raise DeviceUnavailable(f"{self.description} has been unplugged")
        return None

    def close(self) -> None:
        """Release the camera or file; safe to call twice."""
        cap, self._cap = getattr(self, "_cap", None), None
        if cap is not None:
            cap.release()


class FolderSource:
    """Image files shown one per :meth:`read`, sorted by name, starting again after the last.

    ``path`` is a folder (its image files) or one image file. Files that cannot be decoded are skipped.
    ``interval`` is the ``pace``: how long each picture stays up when a worker polls the source.
    """

    def __init__(self, path: str, *, interval: float = 2.0) -> None:
        if os.path.isdir(path):
            names = sorted(n for n in os.listdir(path) if n.lower().endswith(IMAGE_EXTENSIONS))
            self.files = [os.path.join(path, n) for n in names if os.path.isfile(os.path.join(path, n))]
            if not self.files:
                raise BadSpec(f"camera folder {path!r} holds no images ({', '.join(IMAGE_EXTENSIONS)})")
            self.description = f"pictures in {os.path.basename(os.path.normpath(path)) or path}"
        elif os.path.isfile(path):
            self.files = [path]
            self.description = f"picture {os.path.basename(path)}"
        else:
            raise BadSpec(f"camera spec {path!r}: no such file or folder")
        self.pace = interval
        self._next = 0
        self._closed = False

    def read(self) -> np.ndarray | None:
        """The next readable picture (BGR). Raises :class:`DeviceUnavailable` when none can be read."""
        if self._closed:
            raise DeviceUnavailable(f"{self.description} is closed")
        for _ in range(len(self.files)):
            path = self.files[self._next]
            self._next = (self._next + 1) % len(self.files)
            frame = decode(path)
            if frame is not None:
                return frame
        raise DeviceUnavailable(f"none of the {len(self.files)} files in {self.description} can be read")

    def close(self) -> None:
        self._closed = True


def decode(path: str) -> np.ndarray | None:
    """The picture in the file at ``path`` as BGR, or None when it is missing, not an image, not a
    regular file or too large (see :func:`hardware.image_file.load_image`, which says why). Works with
    any file name (``cv2.imread`` fails on some non-ASCII paths)."""
    from hardware.image_file import load_image

    try:
        return load_image(path)
    except BadImage:
        return None


class Picamera2Source:
    """The Raspberry Pi camera module through picamera2, which is imported only here.

    A missing picamera2, or a Pi with no camera connected, is a :class:`DeviceUnavailable` saying so.
    The "RGB888" main stream is already in OpenCV's B, G, R byte order.
    """

    description = "Raspberry Pi camera"
    pace = 0.0

    def __init__(self, *, size: tuple[int, int] = (640, 480),
                 import_module: Callable[[str], object] = importlib.import_module) -> None:
        self._cam = None
        try:
            module = import_module("picamera2")
        except ImportError as exc:
            raise DeviceUnavailable(PICAMERA2_HELP) from exc
        except Exception as exc:  # e.g. numpy ABI mismatch: "numpy.dtype size changed"
            raise DeviceUnavailable(f"picamera2 cannot be loaded: {exc}") from exc
        try:
            cam = module.Picamera2()  # type: ignore[attr-defined]
        except Exception as exc:  # IndexError / RuntimeError when libcamera sees no camera
            why = str(exc) or type(exc).__name__
            raise DeviceUnavailable(f"no Raspberry Pi camera connected ({why})") from exc
        try:
            cam.configure(cam.create_preview_configuration(main={"format": "RGB888", "size": size}))
            cam.start()
        except Exception as exc:
            _quietly(cam.close)
            raise DeviceUnavailable(f"the Raspberry Pi camera does not start: {exc}") from exc
        self._cam = cam

    def read(self) -> np.ndarray | None:
        """The next frame from the main stream; :class:`DeviceUnavailable` if the camera fails."""
        if self._cam is None:
            raise DeviceUnavailable("the Raspberry Pi camera is closed")
        try:
            frame = self._cam.capture_array()
        except Exception as exc:
            raise DeviceUnavailable(f"the Raspberry Pi camera stopped: {exc}") from exc
        if not isinstance(frame, np.ndarray) or frame.size == 0:
            return None
        return as_bgr(frame)

    def close(self) -> None:
        """Stop and release the camera; safe to call twice."""
        cam, self._cam = self._cam, None
        if cam is not None:
            _quietly(cam.stop)
            _quietly(cam.close)


def _quietly(action: Callable[[], object]) -> None:
    try:
        action()
    except Exception:  # closing a camera that already failed must not raise again
        pass
