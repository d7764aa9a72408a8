"""The store's rows read back with care: each field checked, each event row against its CRC-32.

Nothing here raises anything but ``Damaged`` (naming the entry and what is wrong) or, for a row written by
a newer Cairn, ``StoreError``; the store turns ``Damaged`` into ``DamagedGameError`` naming the game.
"""
from __future__ import annotations

import json
import sqlite3
import zlib
from dataclasses import dataclass, field
from typing import Any

from .errors import StoreError

@dataclass(frozen=True)
class GameRecord:
    """One saved game as listed on the Home screen and by ``main.py games``.

    ``damage`` is empty for a sound record, else what is wrong with it (the game cannot be opened).
    """

    id: int
    game: str
    title: str
    players: tuple[str, ...]
    created: float
    updated: float
    finished: bool
    damage: str = ""

    @property
    def name(self) -> str:
        """How messages name the game: its players, or "game N"."""
        return ", ".join(self.players) or self.title or f"game {self.id}"


@dataclass(frozen=True)
class EventRow:
    """One stored row: a game event (``kind`` = its type name) or an undo/redo marker.

    ``reason`` is the English reason; ``template`` and ``params`` are its parts for translation.
    """

    seq: int
    batch: int
    kind: str
    payload: dict[str, Any]
    reason: str
    at: float
    template: str = ""
    params: dict[str, Any] = field(default_factory=dict)


class Damaged(Exception):
    """What is wrong with one row: ``str()`` is the English text, ``template`` and ``params`` its parts, so a
    screen can say it in the table's language (``companion.viewmodels.storage.store_text``)."""

    def __init__(self, template: str, /, **params: Any) -> None:
        super().__init__(template.format(**params) if params else template)
        self.template, self.params = template, params


EVENT_COLUMNS = ("SELECT seq, batch, kind, payload, reason, reason_parts, at, crc FROM events"
                 " WHERE game_id = ? ORDER BY seq")


def sound_rows(db: sqlite3.Connection, game_id: int) -> int:
    """How many of game ``game_id``'s rows, from the first, pass every check (sqlite3 errors propagate)."""
    count = 0
    for expected, row in enumerate(db.execute(EVENT_COLUMNS, (game_id,)), start=1):
        seq, batch, kind, payload, reason, reason_parts, at, crc = row
        if crc is not None and seq == expected and isinstance(at, (int, float)) and isinstance(batch, int) \
                and isinstance(kind, str) and isinstance(payload, str) and isinstance(reason, str) \
                and isinstance(reason_parts, str):  # the quick way: the row is byte for byte as written
            if crc != row_crc(game_id, seq, batch, kind, payload, reason, reason_parts, at):
                break
        else:
            try:
                event_row(game_id, expected, *row, newest=1 << 30)
            except Damaged:
                break
        count = expected
    return count


def row_crc(game_id: int, seq: int, batch: int, kind: str, payload: str, reason: str, reason_parts: str,
            at: float) -> int:
    """The CRC-32 a row is stored with: any changed byte of it no longer matches."""
    fields = [game_id, seq, batch, kind, payload, reason, reason_parts, repr(float(at))]
    text = json.dumps(fields, ensure_ascii=False)
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


def event_row(game_id: int, expected: int, seq: Any, batch: Any, kind: Any, payload: Any, reason: Any,
              reason_parts: Any, at: Any, crc: Any, newest: int) -> EventRow:
    """Row ``expected`` of game ``game_id`` checked field by field (``newest``: the newest payload version
    this code reads); ``Damaged`` says what is wrong."""
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise Damaged("entry {seq} has {value} as its number", seq=expected, value=repr(seq))
    if seq != expected:
        raise Damaged("entry {seq} is missing", seq=expected)
    if not (isinstance(batch, int) and isinstance(kind, str) and isinstance(payload, str)
            and isinstance(reason, str) and isinstance(reason_parts, str) and isinstance(at, (int, float))):
        raise Damaged("entry {seq} has a field of the wrong type", seq=seq)
    if not all(_utf8(text) for text in (kind, payload, reason, reason_parts)):
        raise Damaged("entry {seq} has bytes that are not text", seq=seq)
    if crc is not None and crc != row_crc(game_id, seq, batch, kind, payload, reason, reason_parts, at):
        raise Damaged("entry {seq} does not match its checksum", seq=seq)
    try:
        body = json.loads(payload)
        text_parts = json.loads(reason_parts) if reason_parts else {"template": reason, "params": {}}
    except ValueError as exc:
        raise Damaged("entry {seq} is not readable ({detail})", seq=seq, detail=str(exc)) from None
    if not isinstance(body, dict):
        raise Damaged("entry {seq} does not hold an event", seq=seq)
    schema = body.get("schema", 0)
    if not isinstance(schema, int) or isinstance(schema, bool):
        raise Damaged("entry {seq} has {value} as its version", seq=seq, value=repr(schema))
    if schema > newest:
        raise StoreError(f"game {game_id} was saved by a newer Cairn (event version {schema})")
    if not (isinstance(text_parts, dict) and isinstance(text_parts.get("template"), str)
            and isinstance(text_parts.get("params"), dict)):
        raise Damaged("entry {seq} has a damaged reason", seq=seq)
    return EventRow(seq, batch, kind, body, reason, float(at), text_parts["template"], text_parts["params"])


def read_text(data: bytes) -> str:
    """SQLite text as ``str``: bytes that are not UTF-8 (a damaged card) become lone surrogates, which
    the checks here report, instead of an exception in the middle of a query."""
    return data.decode("utf-8", "surrogateescape")


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _printable(value: Any) -> str:
    return str(value).encode("utf-8", "replace").decode("utf-8")


def game_record(row: tuple[Any, ...]) -> GameRecord:
    """The record of a ``games`` row (id, game, title, players, created, updated, finished, last seq);
    a damaged field gives a record marked ``damage`` instead of an exception."""
    gid, game, title, players, created, updated, finished, _ = row
    damage = []
    try:
        names = json.loads(players) if isinstance(players, str) else None
    except ValueError:
        names = None
    if not (isinstance(names, list) and all(isinstance(n, str) and _utf8(n) for n in names)):
        names = []
        damage.append("its players cannot be read")
    if not (isinstance(game, str) and isinstance(title, str) and _utf8(game) and _utf8(title)):
        game, title = _printable(game), _printable(title)
        damage.append("its game or title cannot be read")
    if not all(isinstance(t, (int, float)) for t in (created, updated)):
        created, updated = 0.0, 0.0
        damage.append("its dates cannot be read")
    if finished not in (0, 1):
        damage.append("its finished mark cannot be read")
    return GameRecord(int(gid), game, title, tuple(names), float(created), float(updated), finished == 1,
                      "; ".join(damage))
