"""``main.py games``: list the saved games."""
from __future__ import annotations

import argparse
import json
import time

from companion.store import GameStore


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--json`` for machine-readable output."""
    parser.add_argument("--json", action="store_true", help="one JSON object per game")


def open_store(args: argparse.Namespace) -> GameStore:
    """The store in the data dir (``--data-dir`` sets it); reports a moved-aside bad file on stderr."""
    import sys

    store = GameStore()
    if store.notice:
        print(f"cairn: {store.notice}", file=sys.stderr)
    return store


def run(args: argparse.Namespace) -> int:
    """Print one line per saved game, most recent first."""
    with open_store(args) as store:
        games = store.games()
        for g in games:
            if args.json:
                print(json.dumps({"id": g.id, "game": g.game, "title": g.title, "players": list(g.players),
                                  "updated": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(g.updated)),
                                  "finished": g.finished}, ensure_ascii=False))
            else:
                status = "finished" if g.finished else "in progress"
                when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.updated))
                print(f"{g.id:>4}  {g.game:<13} {when}  {status:<11}  {', '.join(g.players)}")
        if not games and not args.json:
            print("no saved games yet")
    return 0
