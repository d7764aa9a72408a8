"""The suite is deterministic on CI: hypothesis runs derandomized there, and randomly for local runs."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SHOW = "import tests.conftest; from hypothesis import settings; print(settings.default.derandomize)"


def derandomized(**env: str) -> bool:
    clean = {k: v for k, v in os.environ.items() if k not in ("CI", "HYPOTHESIS_PROFILE")}
    done = subprocess.run([sys.executable, "-c", SHOW], cwd=ROOT, env={**clean, **env}, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return {"True": True, "False": False}[done.stdout.strip()]


@pytest.mark.parametrize("env, expected", [
    ({}, False),                                       # a local run explores at random
    ({"CI": "true"}, True),                            # CI: the same examples every run
    ({"HYPOTHESIS_PROFILE": "ci"}, True),
    ({"CI": "true", "HYPOTHESIS_PROFILE": "dev"}, False),
])
def test_the_ci_profile_is_derandomized_and_chosen_on_ci(env: dict[str, str], expected: bool) -> None:
    assert derandomized(**env) is expected


def test_ci_run_uses_the_ci_profile_and_the_readme_test_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'export HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}"' in script
    assert script.rstrip().splitlines()[-1] == ".venv/bin/python -m pytest"
    assert ".venv/bin/python -m pytest" in (ROOT / "README.md").read_text(encoding="utf-8")
