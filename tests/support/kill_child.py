"""Child process for the kill test: keeps a game in a store, printing each command it has committed.

Usage: python -m tests.support.kill_child DB_PATH
Prints "game <id>" once, then "ok <n>" after the n-th command is on disk, until it is killed.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

from companion.session import GameSession
from companion.store import GameStore
from tests.support import tally


def main(path: str) -> None:
    rng = random.Random(7)
    store = GameStore(Path(path))
    session = GameSession.new(store, tally.RULES, tally.Start(("Ann", "Ben", "Cy"), target=10**9))
    print(f"game {session.game_id}", flush=True)
    n = 0
    while True:
        roll = rng.random()
        if roll < 0.1:
            session.undo()
        elif roll < 0.15:
            session.redo()
        else:
            session.dispatch(tally.Add(rng.randrange(3), rng.randint(1, 6)))
        n += 1
        print(f"ok {n} {store.last_seq(session.game_id)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
