"""Kill -9 at random moments: the file stays sound and loses at most the command in flight."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion.session import GameSession
from companion.store import GameStore
from tests.support import tally

ROOT = Path(__file__).resolve().parents[1]


def run_and_kill(db: Path, delay: float) -> tuple[int, int]:
    """Run the child for ``delay`` seconds after its first commit, SIGKILL it; returns (game id, last acked seq)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.support.kill_child", str(db)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )
    assert child.stdout is not None
    game_id = int(child.stdout.readline().split()[1])
    deadline = time.monotonic() + delay
    last_seq = 0
    os.set_blocking(child.stdout.fileno(), False)
    while time.monotonic() < deadline:
        time.sleep(0.005)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    os.set_blocking(child.stdout.fileno(), True)
    for line in child.stdout.read().splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "ok":
            last_seq = int(parts[2])
    return game_id, last_seq


def test_kill_at_random_points_keeps_every_acknowledged_command(tmp_path: Path) -> None:
    rng = random.Random(2024)
    for attempt in range(6):
        db = tmp_path / f"kill{attempt}.sqlite3"
        game_id, acked_seq = run_and_kill(db, rng.uniform(0.05, 0.6))
        with GameStore(db) as store:
            assert store.notice is None, store.notice
            assert store.integrity() == "ok"
            stored = store.last_seq(game_id)
            # everything the child saw committed is there; at most the command in flight is missing
            assert stored >= acked_seq
            session = GameSession.resume(store, game_id, tally.RULES)
            # the restarted game is usable and replay equals a fresh fold of the active events
            assert session.state == tally.RULES.fold(session.events())
            session.dispatch(tally.Add(0, 1))
            assert store.integrity() == "ok"
