"""Shared test fixtures: a private data dir per test, the path to ../shared, and the hypothesis profiles.

Hypothesis profiles: ``ci`` is derandomized (the same examples on every run, no example database), so a
CI run passes or fails the same way each time; it is chosen by ``HYPOTHESIS_PROFILE=ci`` or, when that is
not set, by a ``CI`` variable (``.ci/run`` sets both). Local runs keep hypothesis's random exploration
(``HYPOTHESIS_PROFILE=dev``, the default), which finds new cases over time.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))

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
