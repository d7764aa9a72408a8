"""End-state scoring for ``main.py score``: check a finished table's sheet, then score it.

Input (JSON object)::

    {"game": "stone-age", "players": [{"name": "Ann", "score": 96, "agriculture": 7, "people": 9,
      "tools": [4, 3, 3], "huts": 8, "food": 3,
      "resources": {"wood": 1, "brick": 0, "stone": 2, "gold": 1},
      "culture": ["medicine", "art", ...], "farmers": 2, "tool_makers": 3, "hut_builders": 4, "shamans": 1}]}

``score`` is the track before final scoring. Required per player: name, score, agriculture, people,
tools, huts. Optional (default none/0): food, resources (missing kinds = 0), culture, farmers,
tool_makers, hut_builders, shamans. A file with 2–4 players is the whole table; a file with one
player is one sheet of a table of unknown size (hut limits then assume 4 stacks).
The scoring itself is ``scoring.score``, the same code the live game uses.
"""
from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Mapping
from itertools import product
from typing import Any

from ..errors import InvalidState
from ..names import clean_name, first_repeat
from .cards import CULTURE_COPIES, MULTIPLIER_FIGURES, Culture, Multiplier
from .data import (
    BUILDING_STACKS,
    HUTS_PER_STACK,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_PLAYERS,
    MAX_TOOL_TILES,
    RESOURCES,
    START_PEOPLE,
)
from .scoring import CATEGORIES, ScoreInput, input_of, score
from .state import GameState
from .tools import is_reachable

GAME = "stone-age"
_TOP_FIELDS = {"game", "players"}
_REQUIRED = ("name", "score", "agriculture", "people", "tools", "huts")
_OPTIONAL = ("food", "resources", "culture", "farmers", "tool_makers", "hut_builders", "shamans")
_MULTIPLIERS = tuple(m.value for m in Multiplier)


def _int(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int:
        raise InvalidState(field, f"expected a whole number, got {value!r}")
    if low is not None and value < low:
        raise InvalidState(field, f"{value} is below the minimum {low}")
    if high is not None and value > high:
        raise InvalidState(field, f"{value} is above the maximum {high}")
    return value


def _tools(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > MAX_TOOL_TILES:
        raise InvalidState(field, f"expected a list of at most {MAX_TOOL_TILES} tool tile values")
    tiles = tuple(_int(v, f"{field}[{i}]", 0, 4) for i, v in enumerate(value))
    if not is_reachable(tiles):
        raise InvalidState(field, f"{list(tiles)} cannot happen: tiles grow 1, 1, 1, then the lowest +1 each step"
                                  " (e.g. [2, 1, 1], never [3, 1, 1] or [2, 2])")
    return tiles


def _resources(value: Any, field: str) -> int:
    if not isinstance(value, Mapping):
        raise InvalidState(field, "expected an object with wood, brick, stone, gold")
    names = {r.value for r in RESOURCES}
    for key in value:
        if key not in names:
            hint = "; food is its own field" if key == "food" else ""
            raise InvalidState(f"{field}.{key}", f"unknown resource (wood, brick, stone, gold){hint}")
    return sum(_int(value[k], f"{field}.{k}", 0) for k in value)


def _culture(value: Any, field: str) -> tuple[Culture, ...]:
    if not isinstance(value, list):
        raise InvalidState(field, "expected a list of culture symbols")
    symbols = []
    for i, v in enumerate(value):
        try:
            symbols.append(Culture(v))
        except ValueError:
            known = ", ".join(c.value for c in Culture)
            raise InvalidState(f"{field}[{i}]", f"unknown culture symbol {v!r} (known: {known})") from None
    for sym, n in Counter(symbols).items():
        if n > CULTURE_COPIES[sym]:
            raise InvalidState(field, f"{n} {sym.value} cards, but the deck holds only {CULTURE_COPIES[sym]}")
    return tuple(symbols)


def _player(p: Any, i: int, table: int) -> tuple[ScoreInput, int]:
    at = f"players[{i}]"
    if not isinstance(p, Mapping):
        raise InvalidState(at, "expected an object")
    for key in p:
        if key not in _REQUIRED and key not in _OPTIONAL:
            raise InvalidState(f"{at}.{key}", "unknown field")
    for key in _REQUIRED:
        if key not in p:
            raise InvalidState(f"{at}.{key}", "missing")
    name = clean_name(p["name"], f"{at}.name")
    if "food" in p:
        _int(p["food"], f"{at}.food", 0)
    tiles = _tools(p["tools"], f"{at}.tools")
    max_huts = HUTS_PER_STACK * BUILDING_STACKS.get(table, BUILDING_STACKS[MAX_PLAYERS])
    huts = _int(p["huts"], f"{at}.huts", 0, max_huts)
    mult = {}
    for m in Multiplier:
        key = m.value
        mult[key] = _int(p.get(key, 0), f"{at}.{key}", 0, sum(MULTIPLIER_FIGURES[m]))
    return ScoreInput(
        name=name,
        track=_int(p["score"], f"{at}.score"),
        agriculture=_int(p["agriculture"], f"{at}.agriculture", 0, MAX_AGRICULTURE),
        people=_int(p["people"], f"{at}.people", START_PEOPLE, MAX_PEOPLE),
        tool_total=sum(tiles),
        huts=huts,
        resources=_resources(p.get("resources", {}), f"{at}.resources"),
        culture=_culture(p.get("culture", []), f"{at}.culture"),
        **mult,
    ), huts


def _figures_fit(kind: Multiplier, wanted: list[int]) -> bool:
    """True if the kind's cards can be shared out so that player j holds exactly ``wanted[j]`` figures."""
    figures = MULTIPLIER_FIGURES[kind]
    for owners in product(range(len(wanted) + 1), repeat=len(figures)):
        held = [0] * (len(wanted) + 1)
        for fig, owner in zip(figures, owners):
            held[owner] += fig
        if held[: len(wanted)] == wanted:
            return True
    return False


def _check_table(players: list[ScoreInput], huts: list[int], table: int) -> None:
    repeat = first_repeat(p.name for p in players)
    if repeat is not None:
        earlier, later = repeat
        raise InvalidState(f"players[{later}].name", f"two players are called {players[earlier].name!r}"
                           + ("" if players[later].name == players[earlier].name else f" ({players[later].name!r})"))
    symbols = Counter(s for p in players for s in p.culture)
    for sym, n in symbols.items():
        if n > CULTURE_COPIES[sym]:
            raise InvalidState("players[].culture",
                               f"{n} {sym.value} cards in all, but the deck holds only {CULTURE_COPIES[sym]}")
    for m in Multiplier:
        wanted = [getattr(p, m.value) for p in players]
        for i, w in enumerate(wanted):
            if not _figures_fit(m, [w]):
                raise InvalidState(f"players[{i}].{m.value}",
                                   f"no set of {m.value} cards shows {w} figures (cards: {MULTIPLIER_FIGURES[m]})")
        if not _figures_fit(m, wanted):
            raise InvalidState(f"players[].{m.value}",
                               f"{sum(wanted)} figures in all cannot be shared out of the cards {MULTIPLIER_FIGURES[m]}")
    if table >= 2 and sum(huts) > HUTS_PER_STACK * BUILDING_STACKS[table]:
        raise InvalidState("players[].huts",
                           f"{sum(huts)} huts in all, but {table} players play with {HUTS_PER_STACK * table}")


def read_players(data: Mapping[str, Any]) -> list[ScoreInput]:
    """The checked scoring inputs of an end-state object; ``InvalidState`` names the bad field."""
    if not isinstance(data, Mapping):
        raise InvalidState("(top)", "expected a JSON object")
    for key in data:
        if key not in _TOP_FIELDS:
            raise InvalidState(str(key), "unknown field")
    if data.get("game") != GAME:
        raise InvalidState("game", f"expected {GAME!r}, got {data.get('game')!r}")
    raw = data.get("players")
    if not isinstance(raw, list):
        raise InvalidState("players", "expected a list of players")
    if not 1 <= len(raw) <= MAX_PLAYERS:
        raise InvalidState("players", f"Stone Age has 2 to {MAX_PLAYERS} players (one sheet alone is fine), "
                                      f"got {len(raw)}")
    table = len(raw)
    parsed = [_player(p, i, table) for i, p in enumerate(raw)]
    players = [p for p, _ in parsed]
    _check_table(players, [h for _, h in parsed], table)
    return players


def score_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """The final-scoring table of an end state, players in input order (rank 1 = winner, ties share)."""
    rows = score(read_players(data))
    return {
        "game": GAME,
        "players": [
            {"name": r.name, "categories": {k: getattr(r, k) for k in CATEGORIES},
             "total": r.total, "tiebreak": r.tiebreak, "rank": r.rank}
            for r in rows
        ],
    }


_LABELS = {
    "track": "Score track", "culture": "Culture sets", "farmers": "Farmers × agriculture",
    "tool_makers": "Tool makers × tools", "hut_builders": "Hut builders × buildings", "shamans": "Shamans × people",
    "resources": "Resources left",
}


def _width(text: str) -> int:
    """Terminal columns ``text`` takes: wide (e.g. Chinese) characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int, right: bool = False) -> str:
    fill = " " * max(0, width - _width(text))
    return fill + text if right else text + fill


def format_table(result: Mapping[str, Any]) -> str:
    """A plain-text table: one column per player, one row per category, then total, tie-break, place.

    Columns line up in a terminal also for names in Chinese (wide characters count twice).
    """
    players = result["players"]
    rows = [("", [p["name"] for p in players])]
    rows += [(_LABELS[k], [str(p["categories"][k]) for p in players]) for k in CATEGORIES]
    rows.append(("Total", [str(p["total"]) for p in players]))
    rows.append(("Tie-break (agri+tools+people)", [str(p["tiebreak"]) for p in players]))
    rows.append(("Place", [str(p["rank"]) for p in players]))
    left = max(_width(label) for label, _ in rows)
    width = max([_width(c) for _, cells in rows for c in cells] + [4])
    lines = []
    for n, (label, cells) in enumerate(rows):
        lines.append(_pad(label, left) + "  " + "  ".join(_pad(c, width, right=True) for c in cells))
        if n == 0 or label == "Resources left":
            lines.append("-" * _width(lines[-1]))
    return "\n".join(lines)

def sheet_of(state: GameState) -> dict[str, Any]:
    """A live game's end-state object in the ``score_json`` format (the track before final scoring)."""
    players = []
    for p in state.players:
        s = input_of(p)
        players.append({
            "name": p.name, "score": p.score, "agriculture": p.agriculture, "people": p.people,
            "tools": list(p.tools), "huts": len(p.huts), "food": p.food,
            "resources": {r.value: p.amount(r) for r in RESOURCES},
            "culture": [c.value for c in s.culture],
            **{m.value: getattr(s, m.value) for m in Multiplier},
        })
    return {"game": GAME, "players": players}
