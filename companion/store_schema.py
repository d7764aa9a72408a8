"""The store's file format: its tables, ``PRAGMA user_version`` and the numbered steps that bring a file of
any earlier schema up to today's.

Promises:
- a new file appears whole or not at all: it is built in a temporary file beside it, synced and renamed
  into place, so a start killed mid-way leaves no half-made file;
- a file that SQLite reads but that holds nothing at all (no tables, no ``application_id``) is taken as
  empty and set up in place, never renamed aside;
- a Cairn file of an earlier schema is migrated in one transaction (all steps or none); a copy of it is
  kept first as ``<name>.schema-<n>``; a file from a newer Cairn is refused and left untouched.

Schemas: 1 = the first store (``user_version`` 0, no ``events.reason_parts``); 2 = ``reason_parts`` added
(still ``user_version`` 0); 3 = ``user_version`` set, ``events.crc`` (a CRC-32 of each row, so a changed
byte is noticed instead of replayed).
"""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Callable

from .errors import StoreError
from .paths import process_alive

#: ``PRAGMA application_id`` of a Cairn file: "CAIR".
APPLICATION_ID = 0x43414952
#: The schema this code writes (``PRAGMA user_version``).
CURRENT_VERSION = 3

DDL = """
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
    crc INTEGER,
    PRIMARY KEY (game_id, seq)
);
"""


class NotCairnFile(Exception):
    """The file is an SQLite database of something else."""


def _add_reason_parts(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE events ADD COLUMN reason_parts TEXT NOT NULL DEFAULT ''")


def _add_crc(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE events ADD COLUMN crc INTEGER")


#: ``MIGRATIONS[n]`` brings a schema-``n`` file to schema ``n + 1``.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _add_reason_parts, 2: _add_crc}


def create_file(path: Path) -> None:
    """Make a new, empty Cairn file at ``path`` atomically (unless a non-empty file got there first)."""
    tmp = path.with_name(f"{path.name}.new-{os.getpid()}")
    for leftover in (tmp, tmp.with_name(tmp.name + "-journal")):
        leftover.unlink(missing_ok=True)
    db = sqlite3.connect(tmp, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=DELETE")
        db.execute("BEGIN IMMEDIATE")
        _initialise(db)
        db.execute("COMMIT")
        db.execute("PRAGMA journal_mode=WAL")
    finally:
        db.close()
    fsync_file(tmp)
    if path.exists() and path.stat().st_size > 0:
        tmp.unlink()
        return
    os.replace(tmp, path)
    fsync_dir(path.parent)


def remove_leftovers(path: Path) -> None:
    """Delete temporary files of creations that were killed (they never held an acknowledged move)."""
    for leftover in path.parent.glob(f"{path.name}.new-*"):
        pid = leftover.name[len(path.name) + 5:].split("-")[0]
        if pid.isdigit() and int(pid) != os.getpid() and process_alive(int(pid)):
            continue  # another Cairn process is making the file right now
        try:
            leftover.unlink()
        except OSError:
            pass



def upgrade(db: sqlite3.Connection, path: Path) -> int:
    """Bring the open file up to ``CURRENT_VERSION``; returns the schema it had.

    Raises ``NotCairnFile`` for another program's database and ``StoreError`` for a newer Cairn's file.
    """
    app_id = db.execute("PRAGMA application_id").fetchone()[0]
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if app_id != APPLICATION_ID:
        if tables or version:
            raise NotCairnFile()
        db.execute("BEGIN IMMEDIATE")  # an empty file (a first start killed before it wrote anything)
        _initialise(db)
        db.execute("COMMIT")
        return CURRENT_VERSION
    if version > CURRENT_VERSION:
        raise StoreError(f"{path.name} was saved by a newer Cairn (schema {version}; this one reads up to "
                         f"{CURRENT_VERSION}): update Cairn to play these games")
    if version == 0:
        version = _unnumbered_version(db, tables)
    if version == CURRENT_VERSION:
        return version
    if version:
        keep_copy(db, path.with_name(f"{path.name}.schema-{version}"))
    db.execute("BEGIN IMMEDIATE")
    try:
        if not version:  # a Cairn file whose tables were never made
            _initialise(db)
        else:
            for step in range(version, CURRENT_VERSION):
                MIGRATIONS[step](db)
            db.execute(f"PRAGMA user_version={CURRENT_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return version


def _unnumbered_version(db: sqlite3.Connection, tables: set[str]) -> int:
    """The schema of a file written before ``user_version`` was kept (0: no tables yet)."""
    if "events" not in tables:
        return 0
    columns = {row[1] for row in db.execute("PRAGMA table_info(events)")}
    return 2 if "reason_parts" in columns else 1


def _initialise(db: sqlite3.Connection) -> None:
    db.execute(f"PRAGMA application_id={APPLICATION_ID}")
    db.execute(f"PRAGMA user_version={CURRENT_VERSION}")
    for statement in DDL.split(";"):
        if statement.strip():
            db.execute(statement)


def keep_copy(db: sqlite3.Connection, target: Path, sync: bool = True) -> None:
    """A consistent copy of the open file at ``target`` (SQLite's backup API), replacing it whole; synced
    to the disk unless ``sync`` is False."""
    tmp = target.with_name(target.name + ".tmp")
    tmp.unlink(missing_ok=True)
    copy = sqlite3.connect(tmp, isolation_level=None)
    try:
        db.backup(copy)
        copy.execute("PRAGMA journal_mode=DELETE")
    finally:
        copy.close()
    if sync:
        fsync_file(tmp)
    os.replace(tmp, target)
    if sync:
        fsync_dir(target.parent)


def fsync_file(path: Path) -> None:
    """Push ``path``'s content to the disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(directory: Path) -> None:
    """Push a rename in ``directory`` to the disk (where the system allows it)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
