"""Loading a picture file safely: never a wait, never a decode that could exhaust memory.

:func:`load_image` reads only regular files (a FIFO or a device is refused before it is read, so it can
never hang), at most ``MAX_IMAGE_BYTES`` of them, and reads the width and height a JPEG, PNG, BMP or WebP
header claims *before* decoding, refusing more than ``MAX_IMAGE_PIXELS``: a 300-byte file that claims
65500 × 65500 pixels would otherwise ask for 12 GB. A JPEG or PNG that stops before its end marker (a copy
cut short) is refused too: decoded, its missing part would come out grey, and a read of it would miss the
dice that lay there without a word. Every refusal is a :class:`~hardware.errors.BadImage`
whose message says what is wrong with the file.
"""
from __future__ import annotations

import os
import stat
import struct
from collections.abc import Iterator

import cv2
import numpy as np

from hardware.errors import BadImage

#: The largest picture file read (a 48-megapixel phone JPEG is about 20 MB).
MAX_IMAGE_BYTES = 64 * 1024 * 1024
#: The most pixels decoded (about 200 MB as BGR); cameras for a dice tray give 0.3 to 12 megapixels.
MAX_IMAGE_PIXELS = 64_000_000


def load_image(path: str, max_bytes: int = MAX_IMAGE_BYTES, max_pixels: int = MAX_IMAGE_PIXELS) -> np.ndarray:
    """The picture in the file at ``path`` as an H×W×3 BGR array; :class:`BadImage` saying why not."""
    data = _read_regular(path, max_bytes)
    if not data:
        raise BadImage("the file is empty")
    size = header_size(data)
    if size is not None and size[0] * size[1] > max_pixels:
        raise BadImage(f"the picture claims {size[0]} × {size[1]} pixels, more than the "
                       f"{max_pixels / 1e6:g} million Cairn decodes")
    if cut_short(data):
        raise BadImage("the file is cut short: its picture stops before the end (copy it again)")
    try:
        image = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), cv2.IMREAD_COLOR)
    except cv2.error:  # OpenCV's own size limit, or a decoder that gave up
        raise BadImage("not an image, or corrupt (the decoder refused it)") from None
    if image is None or image.size == 0:
        raise BadImage("not an image, or corrupt")
    return image


def _read_regular(path: str, max_bytes: int) -> bytes:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise BadImage("no such file") from None
    except IsADirectoryError:
        raise BadImage("is a folder, not a picture") from None
    except OSError as exc:
        raise BadImage(f"cannot be opened ({exc.strerror or exc})") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        if stat.S_ISDIR(info.st_mode):
            raise BadImage("is a folder, not a picture")
        raise BadImage("not a regular file (a device, pipe or socket)")
    with os.fdopen(fd, "rb") as fh:
        if info.st_size > max_bytes:
            raise BadImage(f"the file is {info.st_size / 1e6:.0f} MB; Cairn reads pictures of at most "
                           f"{max_bytes / 1e6:.0f} MB")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        try:
            data = fh.read(max_bytes + 1)
        except OSError as exc:
            raise BadImage(f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > max_bytes:
        raise BadImage(f"the file grew past {max_bytes / 1e6:.0f} MB while it was read")
    return data


def header_size(data: bytes) -> tuple[int, int] | None:
    """``(width, height)`` as the file's header states them, for JPEG, PNG, BMP and WebP; None for other
    formats or a header too short to tell (OpenCV's own limit still applies to those)."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    if data[:2] == b"BM" and len(data) >= 26:
        width, height = struct.unpack("<ii", data[18:26])
        return abs(width), abs(height)
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return _webp_size(data)
    if data[:2] == b"\xff\xd8":
        return _jpeg_size(data)
    return None


def cut_short(data: bytes) -> bool:
    """Whether the JPEG or PNG in ``data`` stops before its end marker: a JPEG with no end-of-image
    marker after its first scan begins (inside a scan a 0xFF byte is always followed by 0x00 or a
    restart marker, so 0xFF 0xD9 there is the end), a PNG with no IEND chunk. False for other formats
    and for headers too broken to tell (the decoder judges those)."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return data.rfind(b"IEND", 8) < 0
    if data[:2] == b"\xff\xd8":
        scan = next((i for i, marker in _jpeg_markers(data) if marker == 0xDA), None)
        return scan is not None and data.find(b"\xff\xd9", scan) < 0
    return False


def _jpeg_markers(data: bytes) -> Iterator[tuple[int, int]]:
    """The offset and kind of each marker among the JPEG's header segments, in order, each segment
    skipped by its length; the walk stops where the markers end or break."""
    i = 2
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            return
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        yield i, marker
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            i += 2
            continue
        (length,) = struct.unpack(">H", data[i + 2:i + 4])
        if length < 2:
            return
        i += 2 + length


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """The size in the first start-of-frame marker (SOF0-SOF15 except DHT, JPG and DAC)."""
    for i, marker in _jpeg_markers(data):
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            if i + 9 > len(data):
                return None
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return width, height
    return None


def _webp_size(data: bytes) -> tuple[int, int] | None:
    chunk = data[12:16]
    if chunk == b"VP8X" and len(data) >= 30:
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
        return width, height
    if chunk == b"VP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 " and len(data) >= 30:
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    return None
