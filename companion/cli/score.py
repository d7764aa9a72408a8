"""``main.py score [--json] FILE``: score a game's end state, for a game kept on paper or for checking."""
from __future__ import annotations

import argparse
import importlib
import json
from collections.abc import Mapping

from rules.errors import InvalidState

from .jsonfile import load_json

#: game name -> module offering ``score_json(data) -> dict`` and ``format_table(result) -> str``
SCORERS = {
    "stone-age": "rules.stone_age.endstate",
    "stone-tribe": "rules.stone_tribe.endstate",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``FILE`` (``-`` for standard input) and ``--json``."""
    parser.add_argument("file", metavar="FILE", help="end-state JSON file ('-' reads standard input)")
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object")


def score_data(data: object) -> tuple[dict, str]:
    """The result object and its game module for an end state; ``InvalidState`` naming the bad field."""
    if not isinstance(data, Mapping):
        raise InvalidState("(top level)", "expected a JSON object")
    game = data.get("game")
    if game is None:
        raise InvalidState("game", "missing")
    if not isinstance(game, str) or game not in SCORERS:
        raise InvalidState("game", f"unknown game {game!r}; 'score' knows {', '.join(SCORERS)}")
    return importlib.import_module(SCORERS[game]).score_json(data), SCORERS[game]


def run(args: argparse.Namespace) -> int:
    """Print the scored table (or JSON); bad files exit 2 with one line naming the field."""
    result, module = score_data(load_json(args.file))
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(importlib.import_module(module).format_table(result))
    return 0
