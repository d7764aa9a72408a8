"""Kill -9 at random moments of a Stone Age game: the file stays sound and loses at most the command
in flight; the restarted session resumes exactly and plays on."""
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
from rules.stone_age.random_play import random_command

ROOT = Path(__file__).resolve().parents[1]


def run_and_kill(db: Path, seed: int, delay: float) -> tuple[int, int]:
    """Run the child, SIGKILL it ``delay`` s after its first game starts; returns (game id, last acked seq)."""
    child = subprocess.Popen([sys.executable, "-m", "tests.support.kill_child", str(db), str(seed)],
                             cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    first = child.stdout.readline().split()
    assert first[0] == "game", first
    time.sleep(delay)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    game_id, acked = int(first[1]), 0
    for line in child.stdout.read().splitlines():
        parts = line.split()
        if parts[0] == "game":
            game_id, acked = int(parts[1]), 0
        elif parts[0] == "ok":
            acked = int(parts[2])
    return game_id, acked


def test_kill_at_random_points_keeps_every_acknowledged_command(tmp_path: Path) -> None:
    rng = random.Random(2024)
    for attempt in range(8):
        db = tmp_path / f"kill{attempt}.sqlite3"
        game_id, acked_seq = run_and_kill(db, seed=attempt, delay=rng.uniform(0.05, 1.5))
        with GameStore(db) as store:
            assert store.notice is None, store.notice
            assert store.integrity() == "ok"
            stored = store.last_seq(game_id)
            # everything the child saw committed is there; at most the command in flight is missing
            assert stored >= acked_seq
            session = GameSession.resume(store, game_id)
            assert session.state == session.rules.fold(session.events())
            if not session.finished:  # the restarted game plays on
                session.dispatch(random_command(session.state, rng))
            assert store.integrity() == "ok"
