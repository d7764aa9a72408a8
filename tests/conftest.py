"""Shared test fixtures: a private data dir per test and the path to ../shared."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own Cairn data dir, so no test touches the user's games."""
    data = tmp_path_factory.mktemp("cairn-data")
    monkeypatch.setenv("CAIRN_DATA_DIR", str(data))
    return data


def shared_path(*parts: str) -> Path:
    """A path under ../shared; fails (never skips) on CI when it is missing."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing")
        pytest.skip(f"{path} is missing")
    return path
