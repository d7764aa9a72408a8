"""`main.py check-cave [--json] FILE`: check a Prehistories cave painting described in a JSON file.

The file holds ``{"game": "prehistories", "colour": "yellow", "goals": ["A2", "B7"],
"tiles": [{"tile": 12, "side": 0, "row": 3, "col": 0}, ...]}``: tile ids, sides and anchors (top-left of
the shape's box; row 0 at the top, column 0 at the left) as in the Prehistories data reference.

Exit status: 0 for a legal cave, 1 when a tile breaks a placement rule, 2 for a file Cairn cannot read.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from companion.errors import UsageError
from rules.prehistories.cave import Placement, painted
from rules.prehistories.data import CAVES, Colour, layout_grid
from rules.prehistories.goals import GOALS, HUNT_GOALS
from rules.prehistories.report import CaveReport, check_cave
from rules.prehistories.tiles import TILES

from .jsonfile import load_json

_FIELDS = ("game", "colour", "goals", "tiles")
_TILE_FIELDS = ("tile", "side", "row", "col")
#: Letters for the painted grid in the readable summary.
_LETTERS = {
    "fish": "F", "mammoth": "M", "buffalo": "B", "ibex": "I", "boar": "O", "hunter": "H", "totem": "T",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--json`` and the cave file."""
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
    parser.add_argument("file", metavar="FILE", help="the cave as JSON ('-' reads standard input)")


def run(args: argparse.Namespace) -> int:
    """Check the cave in ``args.file``; print the verdict; 0 if legal, 1 if a tile breaks a rule."""
    colour, goals, placements = parse_cave(load_json(args.file))
    report = check_cave(colour, goals, placements)
    text = json.dumps(as_json(report)) if args.json else summary(colour, placements, report)
    try:
        print(text, flush=True)
    except BrokenPipeError:  # the reader (e.g. `head`) stopped early: nothing left to tell it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0 if report.valid else 1


def _int(value: Any, field: str) -> int:
    if type(value) is not int:
        raise UsageError(f"{field}: expected a whole number, got {json.dumps(value)}")
    return value


def _fields(obj: Any, expected: tuple[str, ...], where: str) -> None:
    if not isinstance(obj, dict):
        raise UsageError(f"{where}: expected an object with {', '.join(expected)}")
    for name in expected:
        if name not in obj:
            raise UsageError(f"{where}.{name}: missing" if where != "cave" else f"{name}: missing")
    for name in obj:
        if name not in expected:
            prefix = "" if where == "cave" else f"{where}."
            raise UsageError(f"{prefix}{name}: unknown field (expected {', '.join(expected)})")


def parse_cave(data: Any) -> tuple[Colour, tuple[str, ...], tuple[Placement, ...]]:
    """The colour, goal ids and placements of a cave file, or ``UsageError`` naming the bad field.

    Sides, rows and columns are only checked to be whole numbers: a side other than 0/1 or a tile
    outside the cave is a placement rule, reported by the check itself.
    """
    _fields(data, _FIELDS, "cave")
    if data["game"] != "prehistories":
        raise UsageError(f"game: expected \"prehistories\", got {json.dumps(data['game'])}")
    colour_name = data["colour"]
    if not isinstance(colour_name, str) or colour_name not in {c.value for c in Colour}:
        raise UsageError(f"colour: unknown colour {json.dumps(colour_name)} "
                         f"(expected {', '.join(c.value for c in Colour)})")
    colour = Colour(colour_name)
    goals = data["goals"]
    if not isinstance(goals, list):
        raise UsageError("goals: expected a list of goal ids such as \"A2\"")
    for i, goal in enumerate(goals):
        if not isinstance(goal, str) or goal not in GOALS:
            raise UsageError(f"goals[{i}]: unknown goal {json.dumps(goal)} (Sun side A1-A9, Moon side B1-B9)")
        if goal in goals[:i]:
            raise UsageError(f"goals[{i}]: {goal} is listed twice")
    tiles = data["tiles"]
    if not isinstance(tiles, list):
        raise UsageError("tiles: expected a list of {\"tile\", \"side\", \"row\", \"col\"} objects")
    placements = []
    for i, entry in enumerate(tiles):
        where = f"tiles[{i}]"
        _fields(entry, _TILE_FIELDS, where)
        tile, side, row, col = (_int(entry[k], f"{where}.{k}") for k in _TILE_FIELDS)
        if tile not in TILES:
            raise UsageError(f"{where}.tile: unknown tile id {tile} (tiles are numbered 1-35)")
        placements.append(Placement(tile, side, row, col))
    return colour, tuple(goals), tuple(placements)


def as_json(report: CaveReport) -> dict[str, Any]:
    """The report as the one JSON object ``--json`` prints."""
    return {
        "valid": report.valid,
        "error": report.error,
        "rows": list(report.rows),
        "columns": list(report.columns),
        "legendary": report.legendary,
        "goals": dict(report.goals),
        "hand_prints": dict(report.hand_prints),
    }


def _listing(items: tuple[int, ...]) -> str:
    return ", ".join(map(str, items)) if items else "none"


def summary(colour: Colour, placements: tuple[Placement, ...], report: CaveReport) -> str:
    """A readable verdict: the painted cave drawn as a grid, then lines, goals and hand prints."""
    legal = placements if report.error_index is None else placements[: report.error_index]
    grid = painted(colour, legal)
    printed = layout_grid(colour)
    count = f"{len(placements)} tile{'' if len(placements) == 1 else 's'}"
    lines = [f"{colour.label} cave, {count}: "
             + ("every placement is legal" if report.valid else f"ILLEGAL: {report.error}")]
    if not report.valid:
        lines.append(f"(the objectives below count only the {len(legal)} legal tile(s) before it)")
    lines.append("    " + " ".join(str(c) for c in range(7)))
    for r in range(7):
        cells = []
        for c in range(7):
            value = grid.get((r, c))
            if value and value.startswith("legendary"):
                cells.append("L")
            else:
                cells.append(_LETTERS.get(value or "", printed[r][c]))
        lines.append(f"r{r}  " + " ".join(cells))
    lines.append(f"Completed rows: {_listing(report.rows)}; completed columns: {_listing(report.columns)}; "
                 f"legendary animals: {report.legendary}")
    for goal, met in report.goals.items():
        note = " (decided by the hunt, not the cave)" if goal in HUNT_GOALS else ""
        lines.append(f"Goal {goal} ({GOALS[goal].text}): {'met' if met else 'not met'}{note}")
    names = {"1": "one-hand print", "2": "two-hand print"}
    for key, covered in report.hand_prints.items():
        r, c = CAVES[colour].hand_prints[key]
        lines.append(f"{names[key]} at row {r}, column {c}: {'covered' if covered else 'not covered'}")
    return "\n".join(lines)
