"""hardware.image_file.cut_short: a JPEG or PNG that stops before its end marker is a copy cut short
(decoded, its missing part comes out grey and the dice there would be missed without a word); a
whole one is not, whatever follows its end or however its scans are laid out."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from hardware.errors import BadImage
from hardware.image_file import cut_short, load_image

TEXTURE = cv2.GaussianBlur(np.random.default_rng(5).integers(0, 256, (120, 160, 3), dtype=np.uint8), (0, 0), 2)


def encoded(ext: str, *flags: int) -> bytes:
    ok, data = cv2.imencode(ext, TEXTURE, list(flags))
    assert ok
    return data.tobytes()


WHOLE = {
    "baseline JPEG": encoded(".jpg"),
    "progressive JPEG": encoded(".jpg", cv2.IMWRITE_JPEG_PROGRESSIVE, 1),
    "JPEG with restart markers": encoded(".jpg", cv2.IMWRITE_JPEG_RST_INTERVAL, 4),
    "PNG": encoded(".png"),
}


@pytest.mark.parametrize("kind", WHOLE)
def test_a_whole_picture_is_not_cut_short_and_loads(kind: str, tmp_path: Path) -> None:
    data = WHOLE[kind]
    assert not cut_short(data)
    assert not cut_short(data + b"\x00" * 64), "padding or a maker's trailer after the end"
    path = tmp_path / "whole"
    path.write_bytes(data)
    assert load_image(str(path)).shape == TEXTURE.shape


@pytest.mark.parametrize("kind", WHOLE)
@pytest.mark.parametrize("share", [0.3, 0.6, 0.95])
def test_a_picture_stopped_short_of_its_end_is_refused(kind: str, share: float, tmp_path: Path) -> None:
    data = WHOLE[kind]
    cut = data[:int(len(data) * share)]
    assert cut_short(cut)
    path = tmp_path / "cut"
    path.write_bytes(cut)
    with pytest.raises(BadImage, match="cut short"):
        load_image(str(path))


def test_other_formats_and_broken_headers_are_left_to_the_decoder() -> None:
    assert not cut_short(encoded(".bmp")[:100])
    assert not cut_short(b"\xff\xd8\x00\x00 no markers")
    assert not cut_short(b"hello")
