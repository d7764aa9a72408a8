"""The SQLite event log: one file, one row per event, written so that a power cut loses at most the
command in flight.

The file is opened in WAL mode with ``synchronous=FULL``; each command's events are appended in one
transaction, each row with a CRC-32 so a changed byte is reported, never replayed. Every payload carries
the version it was written with; the file's own schema is migrated on opening (``store_schema``).

Promises on opening: a good file of any earlier schema is upgraded in place, never renamed aside. A file
that is not a Cairn database, or fails ``PRAGMA integrity_check``, is renamed aside (never deleted) and the
newest sound rolling copy takes its place (else a fresh file). A file that ends before the last move
acknowledged sets ``recovery`` (see ``backup``) until the player chooses ``use_copy`` or ``keep_as_is``.
``notice`` says in English what happened (a ``rules.text.Text``: its parts translate on screen). One damaged game raises ``DamagedGameError`` naming it; the
other games stay usable.
"""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Iterable, Iterator

from rules.text import Text, parts

from . import backup
from .errors import DamagedGameError, StoreError
from .paths import check_writable, data_dir, describe_os_error
from .store_rows import (EVENT_COLUMNS, Damaged, EventRow, GameRecord, event_row, game_record, read_text,
                         row_crc, sound_rows)
from .store_schema import NotCairnFile, create_file, fsync_dir, fsync_file, remove_leftovers, upgrade

#: Version of the event payloads this code writes (stored in every row).
SCHEMA_VERSION = 1
DB_NAME = "cairn.sqlite3"

#: Row kinds that are not game events.
UNDO, REDO = "undo", "redo"

_GAME_COLUMNS = ("SELECT g.id, g.game, g.title, g.players, g.created, g.updated, g.finished,"
                 " (SELECT MAX(seq) FROM events e WHERE e.game_id = g.id AND typeof(e.seq) = 'integer')"
                 " FROM games g")


class GameStore:
    """The games and their event logs in one SQLite file (default: ``data_dir()/cairn.sqlite3``)."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else data_dir() / DB_NAME
        check_writable(self.path.parent)
        #: Set when something happened on opening: an English message for the player (a ``Text`` when it
        #: was made here, so Home says it in the table's language).
        self.notice: str | None = None
        self.moved_aside: Path | None = None
        #: Set when the file ends before the last acknowledged move: what is lost, what a copy brings back.
        self.recovery: backup.Recovery | None = None
        self._since_copy = 0
        self._copier: threading.Thread | None = None
        remove_leftovers(self.path)
        self._marker = backup.AckMarker(self.path)
        try:
            self._db = self._open()
        except _BadFile as bad:
            self.moved_aside = self._move_aside()
            restored = self._restore_newest_copy()
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(restored or 0))
            then = Text("the games were brought back from the copy of {when}", when=when) if restored else (
                Text("a new game file was started"))
            self.notice = Text("{file} was {reason}; it was kept as {kept} and {then}", file=self.path.name,
                               reason=bad.reason, kept=self.moved_aside.name, then=then)
            self._db = self._open()
        self._check_acknowledged()

    # -- opening -------------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        wal = self.path.with_name(self.path.name + "-wal")
        try:
            if not self.path.exists() or (self.path.stat().st_size == 0 and not _has_content(wal)):
                create_file(self.path)
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            db.text_factory = read_text
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(_sqlite_message(exc, self.path)) from exc
        try:
            check = db.execute("PRAGMA integrity_check").fetchone()[0]
            if check != "ok":
                raise _BadFile(Text("damaged ({detail})", detail=str(check)))
            upgrade(db, self.path)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
        except NotCairnFile:
            db.close()
            raise _BadFile(Text("not a Cairn game file")) from None
        except sqlite3.DatabaseError as exc:
            db.close()
            if _is_corruption(exc):
                raise _BadFile(Text("damaged ({detail})", detail=str(exc))) from exc
            raise StoreError(_sqlite_message(exc, self.path)) from exc
        except BaseException:
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

    def _restore_newest_copy(self) -> float | None:
        """Put the newest sound rolling copy in the bad file's place; returns when it was made."""
        for copy in backup.copy_paths(self.path):
            if backup.read_copy(copy) is not None:
                tmp = self.path.with_name(self.path.name + ".new-restore")
                shutil.copyfile(copy, tmp)
                fsync_file(tmp)
                os.replace(tmp, self.path)
                fsync_dir(self.path.parent)
                return copy.stat().st_mtime
        return None

    def _check_acknowledged(self) -> None:
        stored = self._stored_seqs()
        if self._marker.seqs is None:  # first start of this version, or an unreadable marker
            self._marker.reset({gid: seq for gid, (seq, _) in stored.items()})
            return
        self.recovery = backup.find_recovery(self.path, self._marker.seqs, stored)
        if self.recovery is not None:
            wal = self.path.with_name(self.path.name + "-wal")
            kept = wal.with_name(wal.name + ".at-loss")
            if _has_content(wal) and not kept.exists():  # the damaged log, kept for whoever looks into it
                shutil.copyfile(wal, kept)
            self.notice = "; ".join(filter(None, [self.notice, self.recovery.describe()]))

    def _stored_seqs(self) -> dict[int, tuple[int, str]]:
        """``{game: (how many rows from the first are sound, its name)}``; a game finished over a day ago
        is only counted (its rows are checked when it is opened)."""
        recent = time.time() - 86400
        try:
            return {r.id: (sound_rows(self._db, r.id) if not r.finished or r.updated > recent
                           else self.last_seq(r.id), r.name) for r in self.games()}
        except sqlite3.Error as exc:
            raise StoreError(_sqlite_message(exc, self.path)) from exc

    def use_copy(self) -> None:
        """Bring back from the offered copy what it holds of the lost or damaged games: their rows after the
        last sound one are the copy's (sound rows are never replaced)."""
        if self.recovery is None or self.recovery.copy is None:
            return
        try:
            backup.bring_back(self._db, self.recovery)
        except sqlite3.Error as exc:
            raise StoreError(_sqlite_message(exc, self.path)) from exc
        self.keep_as_is()

    def keep_as_is(self) -> None:
        """Go on with the file as it is: what is missing is taken as lost and no longer reported."""
        self.recovery = None
        self._marker.reset({gid: seq for gid, (seq, _) in self._stored_seqs().items()})

    def close(self) -> None:
        """Close the file (everything is already on disk); a rolling copy is made if anything changed."""
        if self._since_copy:
            self._roll_copy(wait=True)
        self.wait_for_copy()
        self._marker.close()
        self._db.close()

    def __enter__(self) -> "GameStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- games ---------------------------------------------------------------------------------
    def create_game(self, game: str, title: str, players: Iterable[str]) -> int:
        """A new game record without events (``start_game`` also saves its setup); returns its id."""
        return self.start_game(game, title, players, 0, [])[0]

    def start_game(self, game: str, title: str, players: Iterable[str], batch: int,
                   rows: list[tuple[str, dict[str, Any], Any]]) -> tuple[int, list[EventRow]]:
        """A new game and its first batch of rows (its setup) in ONE transaction: (its id, the rows)."""
        now = time.time()
        with self._write():
            top = self._db.execute("SELECT MAX(id) FROM games").fetchone()[0] or 0
            game_id = max([int(top), *(self._marker.seqs or {})]) + 1  # never the id of a lost game
            self._db.execute(
                "INSERT INTO games (id, game, title, players, created, updated) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, game, title, json.dumps(list(players), ensure_ascii=False), now, now),
            )
            written = self._insert(game_id, batch, rows, now)
        self._acknowledge(game_id, written)
        return game_id, written

    def games(self) -> list[GameRecord]:
        """Every saved game that has a move, most recently played first (damaged records marked)."""
        rows = self._read(_GAME_COLUMNS + " ORDER BY g.updated DESC, g.id DESC")
        return [game_record(row) for row in rows if row[-1]]

    def game(self, game_id: int) -> GameRecord:
        """The record of game ``game_id``; ``StoreError`` if there is none, ``DamagedGameError``."""
        rows = self._read(_GAME_COLUMNS + " WHERE g.id = ?", (game_id,))
        if not rows:
            raise StoreError(f"there is no saved game {game_id}")
        record = game_record(rows[0])
        if record.damage:
            raise DamagedGameError(game_id, record.name, record.damage)
        return record

    def name_of(self, game_id: int) -> str:
        """The game's players as messages name it, or "game N" when they cannot be read."""
        rows = self._read(_GAME_COLUMNS + " WHERE g.id = ?", (game_id,))
        return game_record(rows[0]).name if rows else f"game {game_id}"

    def latest_unfinished(self) -> GameRecord | None:
        """The most recently played sound game that is not over, if any."""
        return next((r for r in self.games() if not r.finished and not r.damage), None)

    def delete_game(self, game_id: int) -> None:
        """Remove a game and its log (only on the player's explicit request)."""
        with self._write():
            self._db.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
            self._db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        self._marker.drop(game_id)

    # -- events --------------------------------------------------------------------------------
    def append(
        self,
        game_id: int,
        batch: int,
        rows: list[tuple[str, dict[str, Any], Any]],  # (kind, payload, reason: str or rules.text.Text)
        finished: bool | None = None,
        players: Iterable[str] | None = None,
    ) -> list[EventRow]:
        """Append ``(kind, payload, reason)`` rows as one batch in ONE transaction; returns the rows.

        Either all rows are on disk when this returns, or none are; the marker then records them.
        """
        now = time.time()
        with self._write():
            out = self._insert(game_id, batch, rows, now)
            sets, args = ["updated = ?"], [now]
            if finished is not None:
                sets.append("finished = ?")
                args.append(int(finished))
            if players is not None:
                sets.append("players = ?")
                args.append(json.dumps(list(players), ensure_ascii=False))
            self._db.execute(f"UPDATE games SET {', '.join(sets)} WHERE id = ?", (*args, game_id))
        self._acknowledge(game_id, out)
        return out

    def _insert(self, game_id: int, batch: int, rows: list[tuple[str, dict[str, Any], Any]],
                now: float) -> list[EventRow]:
        out: list[EventRow] = []
        seq = self.last_seq(game_id)
        for kind, payload, reason in rows:
            seq += 1
            body = dict(payload, schema=SCHEMA_VERSION)
            template, params = parts(reason)
            text = json.dumps(body, ensure_ascii=False, sort_keys=True)
            reason_parts = json.dumps({"template": template, "params": params}, ensure_ascii=False)
            self._db.execute(
                "INSERT INTO events (game_id, seq, batch, kind, payload, reason, reason_parts, at, crc)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, seq, batch, kind, text, str(reason), reason_parts, now,
                 row_crc(game_id, seq, batch, kind, text, str(reason), reason_parts, now)),
            )
            out.append(EventRow(seq, batch, kind, body, str(reason), now, template, params))
        return out

    def _acknowledge(self, game_id: int, written: list[EventRow]) -> None:
        if written:
            self._marker.set(game_id, written[-1].seq)
        self._since_copy += 1
        if self._since_copy >= backup.COPY_EVERY:
            self._roll_copy()

    def _roll_copy(self, wait: bool = False) -> None:
        """A new rolling copy, made on a thread of its own (its own connection) unless ``wait``."""
        if self.recovery is not None:  # keep the copies that may still bring lost moves back
            return
        self.wait_for_copy()
        self._since_copy = 0
        if wait:
            backup.copy_file(self.path)
        else:
            self._copier = threading.Thread(target=backup.copy_file, args=(self.path,), daemon=True)
            self._copier.start()

    def wait_for_copy(self) -> None:
        """Return once the rolling copy being made, if any, is done."""
        if self._copier is not None:
            self._copier.join()
            self._copier = None

    def last_seq(self, game_id: int) -> int:
        """The sequence number of the game's last row (0 when it has none)."""
        rows = self._read("SELECT MAX(seq) FROM events WHERE game_id = ? AND typeof(seq) = 'integer'",
                          (game_id,))
        return int(rows[0][0] or 0)

    def events(self, game_id: int) -> Iterator[EventRow]:
        """The game's rows in order, each checked: a damaged one raises ``DamagedGameError`` naming the game;
        a row from a newer Cairn raises ``StoreError``."""
        rows = self._read(EVENT_COLUMNS, (game_id,))
        for expected, (seq, batch, kind, payload, reason, reason_parts, at, crc) in enumerate(rows, start=1):
            try:
                yield event_row(game_id, expected, seq, batch, kind, payload, reason, reason_parts, at, crc,
                                SCHEMA_VERSION)
            except Damaged as bad:
                raise DamagedGameError(game_id, self.name_of(game_id), bad) from None

    def integrity(self) -> str:
        """``PRAGMA integrity_check``'s answer ("ok" for a sound file)."""
        return str(self._read("PRAGMA integrity_check")[0][0])

    # -- helpers -------------------------------------------------------------------------------
    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise StoreError(_sqlite_message(exc, self.path)) from exc

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
    def __init__(self, reason: Text) -> None:
        super().__init__(reason)
        self.reason = reason


def _has_content(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def _is_corruption(exc: sqlite3.DatabaseError) -> bool:
    text = str(exc).lower()
    return "not a database" in text or "malformed" in text or "corrupt" in text


def _sqlite_message(exc: BaseException, path: Path) -> str:
    text = str(exc).lower()
    if "readonly" in text or "read-only" in text:
        return f"the game file {path} is read-only: games cannot be saved"
    if "disk is full" in text or "database or disk is full" in text:
        return f"the disk holding {path} is full: free some space before going on"
    if isinstance(exc, OSError):
        return describe_os_error(exc, path.parent)
    return f"the game file {path} cannot be used: {exc}"
