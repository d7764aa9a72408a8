"""A QR code as a matrix of dark/light modules, from ``segno`` (pure: no Kivy, no image files).

The widget that draws it is :mod:`companion.ui.qr`; the text comes from :mod:`companion.bgstats`.
"""
from __future__ import annotations

import segno

#: Light modules around the code, in modules: the quiet zone the QR standard asks for.
QUIET = 4


def qr_rows(text: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of ``text`` (UTF-8, byte mode, error correction L or better where it costs no
    size), top row first, True for a dark module; without the quiet zone.

    >>> rows = qr_rows("https://example.org")
    >>> len(rows) == len(rows[0]) >= 21
    True
    """
    code = segno.make(text, error="l", micro=False)
    return tuple(tuple(bool(v) for v in row) for row in code.matrix)


def luminance(text: str, quiet: int = QUIET) -> tuple[int, bytes]:
    """The code with its quiet zone as 8-bit grey pixels, one per module, top row first:
    ``(side, pixels)`` with ``len(pixels) == side * side`` (0 dark, 255 light)."""
    rows = qr_rows(text)
    side = len(rows) + 2 * quiet
    light = b"\xff" * side
    out = bytearray(light * quiet)
    for row in rows:
        out += b"\xff" * quiet + bytes(0 if dark else 255 for dark in row) + b"\xff" * quiet
    out += light * quiet
    return side, bytes(out)
