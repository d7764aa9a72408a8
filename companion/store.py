"""The SQLite event log: one file, one row per event, written so that a power cut loses at most the
command in flight.

The file is opened in WAL mode with ``synchronous=FULL``; each command's events are appended in one
transaction. Every payload carries the schema version it was written with. A file that is not a Cairn
database, or that fails ``PRAGMA integrity_check``, is renamed aside (never deleted) and a fresh one is
started; ``GameStore.notice`` says what happened so the app can tell the player.
"""
from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from rules.text import parts

from .errors import StoreError
from .paths import check_writable, data_dir, describe_os_error

#: Version of the event payloads this code writes (stored in every row).
SCHEMA_VERSION = 1
#: ``PRAGMA application_id`` of a Cairn file: "CAIR".
APPLICATION_ID = 0x43414952
DB_NAME = "cairn.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    players TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    batch INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    reason TEXT NOT NULL,
    reason_parts TEXT NOT NULL DEFAULT '',
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""

#: Row kinds that are not game events.
UNDO, REDO = "undo", "redo"


@dataclass(frozen=True)
class GameRecord:
    """One saved game as listed on the Home screen and by ``main.py games``."""

    id: int
    game: str
    title: str
    players: tuple[str, ...]
    created: float
    updated: float
    finished: bool


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


class GameStore:
    """The games and their event logs in one SQLite file (default: ``data_dir()/cairn.sqlite3``)."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else data_dir() / DB_NAME
        check_writable(self.path.parent)
        #: Set when a bad file was renamed aside on opening: a message for the player.
        self.notice: str | None = None
        self.moved_aside: Path | None = None
        try:
            self._db = self._open()
        except _BadFile as bad:
            self.moved_aside = self._move_aside()
            self.notice = (
                f"{self.path.name} was {bad.reason}; it was kept as {self.moved_aside.name} "
                "and a new game file was started"
            )
            self._db = self._open()

    # -- opening -------------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        existed = self.path.exists() and self.path.stat().st_size > 0
        try:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open {self.path}: {exc}") from exc
        try:
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            if existed:
                if app_id != APPLICATION_ID:
                    raise _BadFile("not a Cairn game file")
                check = db.execute("PRAGMA integrity_check").fetchone()[0]
                if check != "ok":
                    raise _BadFile(f"damaged ({check})")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            if not existed:
                db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            db.close()
            if existed and _is_corruption(exc):
                raise _BadFile(f"damaged ({exc})") from exc
            raise StoreError(_sqlite_message(exc, self.path)) from exc
        except _BadFile:
            db.close()
            raise
        return db

    def _move_aside(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.unreadable-{stamp}")
        n = 1
        while target.exists():
            target = self.path.with_name(f"{self.path.name}.unreadable-{stamp}-{n}")
            n += 1
        self.path.rename(target)
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                side.rename(target.with_name(target.name + suffix))
        return target

    def close(self) -> None:
        """Close the file (everything is already on disk)."""
        self._db.close()

    def __enter__(self) -> "GameStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- games ---------------------------------------------------------------------------------
    def create_game(self, game: str, title: str, players: Iterable[str]) -> int:
        """A new, empty game record; returns its id."""
        now = time.time()
        with self._write():
            cur = self._db.execute(
                "INSERT INTO games (game, title, players, created, updated) VALUES (?, ?, ?, ?, ?)",
                (game, title, json.dumps(list(players), ensure_ascii=False), now, now),
            )
        return int(cur.lastrowid)

    def games(self) -> list[GameRecord]:
        """Every saved game, most recently played first."""
        rows = self._db.execute(
            "SELECT id, game, title, players, created, updated, finished FROM games ORDER BY updated DESC, id DESC"
        ).fetchall()
        return [_record(row) for row in rows]

    def game(self, game_id: int) -> GameRecord:
        """The record of game ``game_id``; ``StoreError`` if there is none."""
        row = self._db.execute(
            "SELECT id, game, title, players, created, updated, finished FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"there is no saved game {game_id}")
        return _record(row)

    def latest_unfinished(self) -> GameRecord | None:
        """The most recently played game that is not over and has events, if any."""
        for record in self.games():
            if not record.finished and self.last_seq(record.id) > 0:
                return record
        return None

    def delete_game(self, game_id: int) -> None:
        """Remove a game and its log (only on the player's explicit request)."""
        with self._write():
            self._db.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
            self._db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # -- events --------------------------------------------------------------------------------
    def append(
        self,
        game_id: int,
        batch: int,
        rows: list[tuple[str, dict[str, Any], str]],  # (kind, payload, reason: str or rules.text.Text)
        finished: bool | None = None,
        players: Iterable[str] | None = None,
    ) -> list[EventRow]:
        """Append ``(kind, payload, reason)`` rows as one batch in ONE transaction; returns the rows.

        Either all rows are on disk when this returns, or none are.
        """
        now = time.time()
        out: list[EventRow] = []
        with self._write():
            seq = self.last_seq(game_id)
            for kind, payload, reason in rows:
                seq += 1
                body = dict(payload, schema=SCHEMA_VERSION)
                template, params = parts(reason)
                self._db.execute(
                    "INSERT INTO events (game_id, seq, batch, kind, payload, reason, reason_parts, at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, seq, batch, kind, json.dumps(body, ensure_ascii=False, sort_keys=True), str(reason),
                     json.dumps({"template": template, "params": params}, ensure_ascii=False), now),
                )
                out.append(EventRow(seq, batch, kind, body, str(reason), now, template, params))
            sets, args = ["updated = ?"], [now]
            if finished is not None:
                sets.append("finished = ?")
                args.append(int(finished))
            if players is not None:
                sets.append("players = ?")
                args.append(json.dumps(list(players), ensure_ascii=False))
            self._db.execute(f"UPDATE games SET {', '.join(sets)} WHERE id = ?", (*args, game_id))
        return out

    def last_seq(self, game_id: int) -> int:
        """The sequence number of the game's last row (0 when it has none)."""
        row = self._db.execute("SELECT MAX(seq) FROM events WHERE game_id = ?", (game_id,)).fetchone()
        return int(row[0] or 0)

    def events(self, game_id: int) -> Iterator[EventRow]:
        """The game's rows in order. A row from a newer schema raises ``StoreError``."""
        cursor = self._db.execute(
            "SELECT seq, batch, kind, payload, reason, reason_parts, at FROM events WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        for seq, batch, kind, payload, reason, reason_parts, at in cursor:
            try:
                body = json.loads(payload)
                text_parts = json.loads(reason_parts) if reason_parts else {"template": reason, "params": {}}
            except json.JSONDecodeError as exc:
                raise StoreError(f"game {game_id} event {seq} is damaged: {exc}") from exc
            if body.get("schema", 0) > SCHEMA_VERSION:
                raise StoreError(f"game {game_id} was saved by a newer Cairn (schema {body['schema']})")
            yield EventRow(seq, batch, kind, body, reason, at, text_parts["template"], text_parts["params"])

    def integrity(self) -> str:
        """``PRAGMA integrity_check``'s answer ("ok" for a sound file)."""
        return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])

    # -- helpers -------------------------------------------------------------------------------
    def _write(self) -> "_Transaction":
        return _Transaction(self._db, self.path)


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, turning SQLite failures into ``StoreError``."""

    def __init__(self, db: sqlite3.Connection, path: Path) -> None:
        self._db, self._path = db, path

    def __enter__(self) -> None:
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StoreError(_sqlite_message(exc, self._path)) from exc

    def __exit__(self, exc_type: object, exc: BaseException | None, tb: object) -> bool:
        if exc is None:
            try:
                self._db.execute("COMMIT")
                return False
            except sqlite3.Error as commit_exc:
                self._db.execute("ROLLBACK")
                raise StoreError(_sqlite_message(commit_exc, self._path)) from commit_exc
        self._db.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise StoreError(_sqlite_message(exc, self._path)) from exc
        return False


class _BadFile(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _is_corruption(exc: sqlite3.DatabaseError) -> bool:
    text = str(exc).lower()
    return "not a database" in text or "malformed" in text or "corrupt" in text


def _sqlite_message(exc: sqlite3.Error, path: Path) -> str:
    text = str(exc).lower()
    if "readonly" in text or "read-only" in text:
        return f"the game file {path} is read-only: games cannot be saved"
    if "disk is full" in text or "database or disk is full" in text:
        return f"the disk holding {path} is full: free some space before going on"
    if isinstance(exc, OSError):
        return describe_os_error(exc, path.parent)
    return f"the game file {path} cannot be used: {exc}"


def _record(row: tuple[Any, ...]) -> GameRecord:
    gid, game, title, players, created, updated, finished = row
    return GameRecord(int(gid), game, title, tuple(json.loads(players)), created, updated, bool(finished))
