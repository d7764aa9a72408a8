"""End-state scoring for ``main.py score``: rank a finished game of 石器部落 from a JSON document.

Input::

    {"game": "stone-tribe",
     "players": [{"name": "Ann", "shells": 12,
                  "resources": {"fruit": 1, "stone": 0, "meat": 2, "wood": 0, "fish": 1}}, ...],
     "rolloff": {"Ann": [3, 5], "Bob": [[2, 2], [6, 1]]}}

* ``resources`` counts resource cards by kind (fruit, stone, meat, wood, fish); a kind left out counts 0.
* ``rolloff`` is optional. Each value is what one player rolled with the two fate dice in the final
  roll-off: either ONE roll as a pair of dice (``[3, 5]``), or SEVERAL successive roll-offs as a list of
  pairs (``[[2, 2], [6, 1]]``). A list of two numbers is always one roll; a list of lists is always
  successive rolls, so the two forms cannot be confused. ``[]`` or ``null`` means no roll.
* Players with equal shells and equal resource cards are separated by their first roll's total, those
  still tied by their second, and so on. A group where someone lacks the roll needed stays tied and
  shares a rank. Rolls not needed (the group was already separated) are kept in the output but change
  nothing.

Output: ``{"game": "stone-tribe", "players": [{"name", "shells", "resource_cards", "rolloff", "rank"}]}``
in input order; ``rolloff`` is the list of that player's roll totals (``null`` without a roll); rank 1
wins, ranks are shared where players are still tied (1, 2, 2, 4).
"""
from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from ..errors import InvalidState
from ..names import clean_name, name_key
from .data import DIE_FACES, FATE_DICE, MAX_PLAYERS, MIN_PLAYERS, RESOURCE_KINDS
from .ranking import Entry, rank

GAME = "stone-tribe"


def _count(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(field, f"must be a whole number, not {value!r}")
    if value < 0:
        raise InvalidState(field, f"cannot be negative ({value})")
    return value


def _resources(value: Any, field: str) -> int:
    if not isinstance(value, Mapping):
        raise InvalidState(field, "must be an object of resource counts, e.g. {\"wood\": 2}")
    for kind in value:
        if kind not in RESOURCE_KINDS:
            raise InvalidState(f"{field}.{kind}", f"unknown resource; the kinds are {', '.join(RESOURCE_KINDS)}")
    return sum(_count(value[kind], f"{field}.{kind}") for kind in RESOURCE_KINDS if kind in value)


def _player(value: Any, field: str) -> tuple[str, int, int]:
    if not isinstance(value, Mapping):
        raise InvalidState(field, "must be an object with name, shells and resources")
    for key in ("name", "shells", "resources"):
        if key not in value:
            raise InvalidState(f"{field}.{key}", "missing")
    name = clean_name(value["name"], f"{field}.name")
    return name, _count(value["shells"], f"{field}.shells"), _resources(value["resources"], f"{field}.resources")


def _die(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in DIE_FACES:
        raise InvalidState(field, f"a fate die shows 1 to 6, not {value!r}")
    return value


def _pair(value: Any, field: str) -> int:
    if not isinstance(value, (list, tuple)) or len(value) != FATE_DICE:
        raise InvalidState(field, f"a roll is the two fate dice, e.g. [3, 5], not {value!r}")
    return sum(_die(v, f"{field}[{i}]") for i, v in enumerate(value))


def _rolls(value: Any, field: str) -> tuple[int, ...]:
    """Roll totals from ``[a, b]`` (one roll) or ``[[a, b], ...]`` (successive rolls)."""
    if value is None:
        return ()
    if not isinstance(value, (list, tuple)):
        raise InvalidState(field, "must be the two fate dice [3, 5] or a list of such rolls")
    if not value:
        return ()
    if all(isinstance(v, (list, tuple)) for v in value):
        return tuple(_pair(v, f"{field}[{i}]") for i, v in enumerate(value))
    if any(isinstance(v, (list, tuple)) for v in value):
        raise InvalidState(field, "mixes dice and rolls; write [3, 5] or [[3, 5], [2, 6]]")
    return (_pair(value, field),)


def _rolloff(value: Any, names: list[str]) -> dict[str, tuple[int, ...]]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidState("rolloff", "must be an object: player name -> their roll-off dice")
    out = {}
    by_key = {name_key(n): n for n in names}
    for name, rolls in value.items():
        player = by_key.get(name_key(name)) if isinstance(name, str) else None
        if player is None:
            raise InvalidState(f"rolloff.{name}", "no player of that name")
        if player in out:
            raise InvalidState(f"rolloff.{name}", f"{player} is listed twice")
        out[player] = _rolls(rolls, f"rolloff.{name}")
    return out


def score_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """The final ranking of the end state ``data`` (format in the module docstring). Raises
    ``InvalidState`` naming the field for malformed or impossible input."""
    if not isinstance(data, Mapping):
        raise InvalidState("end state", "must be a JSON object")
    if "game" not in data:
        raise InvalidState("game", "missing")
    if data["game"] != GAME:
        raise InvalidState("game", f"unknown game {data['game']!r}; this scorer is for {GAME!r}")
    players = data.get("players")
    if "players" not in data:
        raise InvalidState("players", "missing")
    if not isinstance(players, (list, tuple)):
        raise InvalidState("players", "must be a list")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise InvalidState("players", f"石器部落 is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
    rows: list[tuple[str, int, int]] = []
    for i, p in enumerate(players):
        row = _player(p, f"players[{i}]")
        same = [r[0] for r in rows if name_key(r[0]) == name_key(row[0])]
        if same:
            raise InvalidState(f"players[{i}].name", f"two players are called {same[0]}"
                               + ("" if same[0] == row[0] else f" ({row[0]})"))
        rows.append(row)
    rolls = _rolloff(data.get("rolloff"), [r[0] for r in rows])
    entries = [Entry(name, shells, cards, rolls.get(name, ())) for name, shells, cards in rows]
    return {
        "game": GAME,
        "players": [
            {"name": e.name, "shells": e.shells, "resource_cards": e.resource_cards,
             "rolloff": list(e.rolloff) if e.rolloff else None, "rank": r}
            for e, r in zip(entries, rank(entries))
        ],
    }


def _width(text: str) -> int:
    """Terminal columns ``text`` takes (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _cell(text: str, width: int, right: bool) -> str:
    pad = " " * (width - _width(text))
    return pad + text if right else text + pad


def format_table(result: Mapping[str, Any]) -> str:
    """A terminal table of ``score_json``'s result, best rank first, with the winner (or the tie) below."""
    try:
        players = sorted(enumerate(result["players"]), key=lambda ip: (ip[1]["rank"], ip[0]))
        rows = [[str(p["rank"]), str(p["name"]), str(p["shells"]), str(p["resource_cards"]),
                 " then ".join(map(str, p["rolloff"])) if p.get("rolloff") else "-"] for _, p in players]
    except (KeyError, TypeError) as exc:
        raise InvalidState("result", f"not a Stone Tribe ranking ({exc})") from None
    head = ["Rank", "Player", "Shells", "Resource cards", "Roll-off"]
    right = [True, False, True, True, False]
    widths = [max(_width(r[c]) for r in [head, *rows]) for c in range(len(head))]

    def line(cells: list[str]) -> str:
        return "  ".join(_cell(c, w, r) for c, w, r in zip(cells, widths, right)).rstrip()

    out = ["石器部落 (Stone Tribe): final ranking", line(head), line(["-" * w for w in widths])]
    out += [line(r) for r in rows]
    first = [r[1] for r in rows if r[0] == "1"]
    if len(first) == 1:
        out.append(f"Winner: {first[0]}")
    else:
        out.append(f"Tied for first: {', '.join(first)} (roll the fate dice to decide)")
    return "\n".join(out)
