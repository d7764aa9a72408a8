"""``main.py export GAME [--format json|csv] [--output FILE]``: a saved game's record."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from companion.errors import UsageError
from companion.record import game_record, record_csv

from .records import open_store


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The game id (see ``main.py games``) or ``last``, the format and the output file."""
    parser.add_argument("game", metavar="GAME", help="a game id from 'main.py games', or 'last'")
    parser.add_argument("--format", choices=("json", "csv"), default="json")
    parser.add_argument("--output", "-o", metavar="FILE", help="write here instead of standard output")


def run(args: argparse.Namespace) -> int:
    """Write the record; an unknown game id is a clear error."""
    with open_store(args) as store:
        if args.game == "last":
            games = store.games()
            if not games:
                raise UsageError("there are no saved games to export")
            game_id = games[0].id
        else:
            try:
                game_id = int(args.game)
            except ValueError as exc:
                raise UsageError(f"GAME must be a game id or 'last', not {args.game!r}") from exc
        record = game_record(store, game_id)
    text = record_csv(record) if args.format == "csv" else json.dumps(record, ensure_ascii=False, indent=2) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return 0
