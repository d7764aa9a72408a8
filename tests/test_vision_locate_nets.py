"""The locator keeps a net per input shape: the pyramid's levels take turns with a few shapes, and a
cv2.dnn net set up for one shape and handed another is set up anew each time (a third of a 640x480
frame's locating time). What is found is the same whichever net reads a level."""
from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from tests.test_vision_clusters import FEW_DICE_APART
from tests.test_vision_reader import load
from vision import locate


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """An empty pool of nets, and the nets cv2.dnn reads from a model file from now on."""
    monkeypatch.setattr(locate, "_POOL", {})
    nets: list[Any] = []
    read = cv2.dnn.readNetFromONNX

    def reading(path: str) -> Any:
        nets.append(read(path))
        return nets[-1]

    monkeypatch.setattr(cv2.dnn, "readNetFromONNX", reading)
    return nets


def frame() -> np.ndarray:
    """The middle 640x480 of a real photo of dice."""
    img, _ = load(FEW_DICE_APART[0])
    top = (img.shape[0] - 480) // 2
    return np.ascontiguousarray(img[top:top + 480, :640])


def test_each_pyramid_level_keeps_its_own_net_from_frame_to_frame(made: list[Any]) -> None:
    img = frame()
    first = locate.locate_levels(img)
    levels = len(locate.pyramid_scales(*img.shape[:2]))
    assert levels == 3 and len(made) == levels
    pool = locate._POOL[str(locate.MODEL)]
    shapes = [shape for shape, _ in pool]
    assert len(set(shapes)) == levels
    assert locate.locate_levels(img) == first
    assert len(made) == levels, "the second frame set up another net"
    assert [shape for shape, _ in pool] == shapes
    assert [net for _, net in pool] == made


def test_a_model_keeps_at_most_its_share_of_nets_and_a_reused_net_finds_the_same(
        made: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    img = frame()
    scales = [0.5, 0.45, 0.4, 0.35, 0.3, 0.25]
    assert len(scales) > locate.NETS_PER_MODEL
    reused = [locate.level_finds(img, s) for s in scales + scales]
    assert len(made) == locate.NETS_PER_MODEL
    assert len(locate._POOL[str(locate.MODEL)]) == locate.NETS_PER_MODEL
    before = len(made)
    monkeypatch.setattr(locate, "_POOL", {})
    monkeypatch.setattr(locate, "NETS_PER_MODEL", len(scales))
    fresh = [locate.level_finds(img, s) for s in scales]
    assert len(made) == before + len(scales), "each scale read by a net of its own"
    assert reused == fresh + fresh
