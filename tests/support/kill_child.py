"""Child process for the kill test: keeps Stone Age games in a store, printing what it has committed.

Usage: python -m tests.support.kill_child DB_PATH SEED
Prints "game <id>" for each new game, then "ok <n> <last seq>" after each command is on disk, playing
random legal games (with some undos and redos) one after another until it is killed.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

from companion.session import GameSession
from companion.store import GameStore
from rules.stone_age.random_play import random_command


def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    store = GameStore(Path(path))
    n = 0
    while True:
        session = GameSession.new(store, "stone-age", random_command(None, rng, rng.randint(2, 4)))
        print(f"game {session.game_id}", flush=True)
        while not session.finished:
            roll = rng.random()
            if roll < 0.05:
                session.undo()
            elif roll < 0.07:
                session.redo()
            else:
                session.dispatch(random_command(session.state, rng))
            n += 1
            print(f"ok {n} {store.last_seq(session.game_id)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
