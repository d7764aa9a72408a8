"""The data folder's write check (``companion.paths.check_writable``) leaves no file behind, even when
the process is killed in the middle of it (the kiosk service kills and restarts the app)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion import paths

ROOT = Path(__file__).resolve().parents[1]

#: Runs check_writable on argv[1] and is killed (SIGKILL) at its fsync: between writing and removing.
KILLED_IN_THE_MIDDLE = """
import os, signal, sys
from pathlib import Path
if sys.argv[2] == "no-tmpfile" and hasattr(os, "O_TMPFILE"):
    del os.O_TMPFILE
os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)
from companion.paths import check_writable
check_writable(Path(sys.argv[1]))
"""


def kill_during_check(folder: Path, mode: str = "normal") -> None:
    done = subprocess.run([sys.executable, "-c", KILLED_IN_THE_MIDDLE, str(folder), mode], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == -9, done.stderr  # it really was killed mid-check


def leftovers(folder: Path) -> list[str]:
    return sorted(n for n in os.listdir(folder) if n.startswith(".cairn-write-test"))


def test_a_kill_in_the_middle_of_the_write_check_leaves_nothing(tmp_path: Path) -> None:
    if not hasattr(os, "O_TMPFILE"):
        pytest.skip("no O_TMPFILE on this system")
    for _ in range(3):
        kill_during_check(tmp_path)
    assert leftovers(tmp_path) == []
    paths.check_writable(tmp_path)
    assert os.listdir(tmp_path) == []


def test_without_unnamed_files_the_next_check_sweeps_what_a_kill_left(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """On a file system without O_TMPFILE (FAT on a USB stick) the probe has a name; a probe left by a
    killed run is removed by the next check, a young probe of a running process (another Cairn checking
    right now) is kept."""
    kill_during_check(tmp_path, "no-tmpfile")
    (left,) = leftovers(tmp_path)
    young = tmp_path / f"{paths.PROBE_PREFIX}{os.getppid()}"
    young.write_bytes(b"")
    old = time.time() - paths.STALE_PROBE_S - 60
    os.utime(tmp_path / left, (old, old))
    monkeypatch.delattr(os, "O_TMPFILE", raising=False)
    paths.check_writable(tmp_path)
    assert leftovers(tmp_path) == [young.name]


def test_a_read_only_folder_is_still_reported(tmp_path: Path) -> None:
    if not os.path.isdir("/proc/self"):
        pytest.skip("no /proc here")
    with pytest.raises(paths.StoreError, match="cannot write in /proc"):
        paths.check_writable(Path("/proc"))
