"""A saved game's record for export: players, final table and the whole history."""
from __future__ import annotations

import csv
import io
import time
from typing import Any

from rules.codec import encode

from .session import GameSession
from .store import GameStore


def game_record(store: GameStore, game_id: int) -> dict[str, Any]:
    """Everything a player may want to keep of a game, as JSON-ready data.

    ``final`` is the final scoring table (one object per player) once the game is over, else ``[]``.
    ``history`` lists every event oldest first, undone ones marked.
    """
    info = store.game(game_id)
    session = GameSession.resume(store, game_id)
    final = [_plain(row) for row in getattr(session.state, "final", ()) or ()]
    history = [
        {"seq": h.seq, "at": _iso(h.when), "text": h.text, "undone": h.undone}
        for h in reversed(session.history())
    ]
    return {
        "id": info.id,
        "game": info.game,
        "title": info.title,
        "players": list(info.players),
        "created": _iso(info.created),
        "updated": _iso(info.updated),
        "finished": info.finished,
        "final": final,
        "history": history,
    }


#: First characters that make a spreadsheet read a cell as a formula (OWASP, "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """``value`` safe for a spreadsheet: text that would start a formula gets a leading ``'``, so a
    player called ``=cmd|' /C calc'!A0`` is shown as that name and never run. Numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class _SafeWriter:
    """``csv.writer`` whose rows go through :func:`csv_cell`."""

    def __init__(self, out: io.StringIO) -> None:
        self._writer = csv.writer(out)

    def writerow(self, row: list[Any]) -> None:
        self._writer.writerow([csv_cell(v) for v in row])


def record_csv(record: dict[str, Any]) -> str:
    """The record as CSV: one ``player`` row per final-table line, then one ``event`` row per event.
    Every text cell goes through :func:`csv_cell`."""
    out = io.StringIO()
    keys = sorted({k for row in record["final"] for k in row if k != "type"})
    writer = _SafeWriter(out)
    writer.writerow(["section", "game", "date", *keys, "seq", "at", "text", "undone"])
    for row in record["final"]:
        writer.writerow(["player", record["game"], record["created"], *[row.get(k, "") for k in keys], "", "", "", ""])
    for ev in record["history"]:
        writer.writerow(["event", record["game"], record["created"], *[""] * len(keys),
                         ev["seq"], ev["at"], ev["text"], int(ev["undone"])])
    return out.getvalue()


def _plain(row: Any) -> dict[str, Any]:
    data = encode(row)
    if isinstance(data, dict):
        data.pop("type", None)
    return data


def _iso(t: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(t))
