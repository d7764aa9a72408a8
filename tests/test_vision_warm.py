"""``vision.warm``: what a process's first read pays once, paid before it."""
from __future__ import annotations

from pathlib import Path

import pytest


def test_warm_up_can_be_called_again_and_names_a_missing_model(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    from vision import classify, warm

    warm.warm_up()
    warm.warm_up()
    monkeypatch.setattr(classify, "SECOND_MODEL", tmp_path / "dice_second_99.onnx")
    with pytest.raises(FileNotFoundError, match="no dice_second_99.onnx in vision/models"):
        warm.warm_up()
