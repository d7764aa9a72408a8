"""A first start killed mid-way never leaves a file the next start calls "not a Cairn game file"."""
from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from companion.session import GameSession
from companion.store import GameStore
from tests.support import tally

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import sys
from pathlib import Path
from companion.store import GameStore
folder = Path(sys.argv[1])
n = 0
while True:
    GameStore(folder / f"c{n}.sqlite3").close()
    n += 1
"""


def assert_opens_as_empty_cairn_file(path: Path) -> None:
    with GameStore(path) as store:
        assert store.notice is None, store.notice
        assert store.moved_aside is None
        assert store.games() == []
        GameSession.new(store, tally.RULES, tally.Start(("Ann", "Ben")))
    assert [p.name for p in path.parent.iterdir() if "unreadable" in p.name] == []


def test_a_file_left_right_after_the_switch_to_wal_is_taken_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "cairn.sqlite3"
    db = sqlite3.connect(path)  # what a start killed after its first write left: a header, nothing else
    db.execute("PRAGMA journal_mode=WAL")
    db.close()
    assert path.stat().st_size > 0
    assert_opens_as_empty_cairn_file(path)


def test_an_empty_file_is_taken_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "cairn.sqlite3"
    path.write_bytes(b"")
    assert_opens_as_empty_cairn_file(path)


def test_a_new_file_appears_whole(tmp_path: Path) -> None:
    path = tmp_path / "cairn.sqlite3"
    GameStore(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == 0x43414952
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    assert sorted(p.name for p in tmp_path.iterdir() if ".new-" in p.name) == []


def test_first_starts_killed_at_random_moments_leave_no_bad_file(tmp_path: Path) -> None:
    rng = random.Random(14)
    for attempt in range(6):
        folder = tmp_path / f"run{attempt}"
        folder.mkdir()
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(folder)], cwd=ROOT)
        deadline = time.monotonic() + 60
        while not list(folder.glob("c*.sqlite3")) and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.3))
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        names = {p.name.split(".")[0] for p in folder.iterdir()}  # the one being made when killed too
        assert names, "the child never started"
        for path in sorted(folder / f"{name}.sqlite3" for name in names):
            with GameStore(path) as store:
                assert store.notice is None, (path.name, store.notice)
        assert [p.name for p in folder.iterdir() if "unreadable" in p.name or ".new-" in p.name] == []


def test_write_probes_of_killed_processes_are_removed(tmp_path: Path) -> None:
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True)
    dead = tmp_path / f".cairn-write-test-{gone.stdout.strip()}"
    live = tmp_path / f".cairn-write-test-{os.getppid()}"
    dead.write_bytes(b"\0" * 4096)  # what a kill during the write check left
    live.write_bytes(b"\0" * 4096)  # another Cairn checking right now
    GameStore(tmp_path / "cairn.sqlite3").close()
    assert not dead.exists() and live.exists()
