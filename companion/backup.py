"""Noticing lost moves and bringing them back: the acknowledged-moves marker and the rolling copies.

A damaged SD card makes SQLite drop the end of its log without a word. So beside ``cairn.sqlite3``:

- ``cairn.sqlite3.acked``: the last sequence number acknowledged per game, written (one synced write into
  the older of two checksummed slots) after every commit. It can only lag behind the file, never run
  ahead of it, so a file that ends before its marker has lost acknowledged moves;
- ``cairn.sqlite3.copy-1`` and ``copy-2``: the two newest copies of the whole file, made with SQLite's backup
  API every ``COPY_EVERY`` commits (and when the store closes after a change).

``find_recovery`` compares the file with the marker and the copies and says what is missing and what a copy
would bring back; ``bring_back`` appends a copy's rows of the lost games to the file (nothing is replaced).
"""
from __future__ import annotations

import json
import os
import sqlite3
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

from .store_rows import read_text, sound_rows
from .store_schema import APPLICATION_ID, CURRENT_VERSION, fsync_dir, keep_copy

#: Commits between two rolling copies.
COPY_EVERY = 10
#: Copies kept (copy-1 is the newest).
GENERATIONS = 2


class AckMarker:
    """The last acknowledged seq of every game, kept in ``<file>.acked`` (``seqs`` is None if unreadable).

    The file holds two slots, each ``counter, length, CRC-32, JSON``; a write goes to the older slot and is
    synced (one ``fdatasync``, no rename), so a write torn by a power cut leaves the other slot, one
    commit behind: the marker can lag, never run ahead. It is rewritten whole, atomically, only to grow.
    """

    _HEAD = struct.Struct("<QII")

    def __init__(self, db_path: Path) -> None:
        self.path = db_path.with_name(db_path.name + ".acked")
        self._counter, self._slot, self._fd = 0, 0, -1
        self.seqs: dict[int, int] | None = self._read()

    def _read(self) -> dict[int, int] | None:
        try:
            raw = self.path.read_bytes()
        except OSError:
            return None
        self._slot = len(raw) // 2
        best: tuple[int, dict[int, int]] | None = None
        for start in (0, self._slot):
            try:
                counter, length, crc = self._HEAD.unpack_from(raw, start)
                body = raw[start + self._HEAD.size: start + self._HEAD.size + length]
                if length > self._slot - self._HEAD.size or zlib.crc32(body) != crc:
                    continue
                seqs = {int(k): int(v) for k, v in json.loads(body)["games"].items()}
            except (struct.error, ValueError, KeyError, TypeError, AttributeError):
                continue
            if best is None or counter > best[0]:
                best = (counter, seqs)
        if best is None:
            return None
        self._counter = best[0]
        return best[1]

    def set(self, game_id: int, seq: int) -> None:
        """Game ``game_id`` has everything up to ``seq`` on disk (synced before this returns)."""
        self.seqs = {**(self.seqs or {}), game_id: seq}
        self._write()

    def drop(self, game_id: int) -> None:
        """Game ``game_id`` was deleted on purpose."""
        if self.seqs and game_id in self.seqs:
            del self.seqs[game_id]
            self._write()

    def reset(self, seqs: dict[int, int]) -> None:
        """Start again from what the file holds now."""
        self.seqs = dict(seqs)
        self._write()

    def close(self) -> None:
        """Let go of the open marker file."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def _write(self) -> None:
        self._counter += 1
        body = json.dumps({"games": {str(k): v for k, v in sorted((self.seqs or {}).items())}}).encode()
        record = self._HEAD.pack(self._counter, len(body), zlib.crc32(body)) + body
        if len(record) > self._slot or self._fd < 0 and not self.path.exists():
            self._slot = max(4096, 2 * len(record))
            self.close()
            tmp = self.path.with_name(self.path.name + ".tmp")
            with open(tmp, "wb") as fh:
                fh.write(record.ljust(self._slot, b"\0") * 2)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
            fsync_dir(self.path.parent)
            return
        if self._fd < 0:
            self._fd = os.open(self.path, os.O_WRONLY)
        os.pwrite(self._fd, record.ljust(self._slot, b"\0"), (self._counter % 2) * self._slot)
        os.fdatasync(self._fd)


@dataclass(frozen=True)
class Loss:
    """One game whose file ends before its last acknowledged entry.

    ``stored``: the last seq in the file; ``acked``: the last acknowledged one; ``in_copy``: the last one the
    offered copy holds (0 when no copy helps).
    """

    game_id: int
    name: str
    stored: int
    acked: int
    in_copy: int = 0

    @property
    def missing(self) -> int:
        """Entries of the history not in the file."""
        return self.acked - self.stored

    @property
    def lost_with_copy(self) -> int:
        """Entries still missing after taking the copy."""
        return self.acked - max(self.stored, self.in_copy)


@dataclass(frozen=True)
class Recovery:
    """What is missing from ``file``; with ``copy``, what that copy (made at ``copy_time``) brings back."""

    file: str
    losses: tuple[Loss, ...]
    copy: Path | None = None
    copy_time: float = 0.0

    def describe(self) -> str:
        """One English line for logs and the command line."""
        games = "; ".join(
            f"{loss.name}: {loss.missing} history entries missing"
            + (f", the copy brings back {loss.missing - loss.lost_with_copy}" if self.copy else "")
            for loss in self.losses)
        return f"{self.file} ends before the last moves that were saved ({games})"


def copy_paths(db_path: Path) -> list[Path]:
    """The rolling copies, newest first."""
    return [db_path.with_name(f"{db_path.name}.copy-{n}") for n in range(1, GENERATIONS + 1)]


def roll_copy(db: sqlite3.Connection, db_path: Path) -> None:
    """Make a new newest copy of the open file; the older generation moves down, the oldest goes.

    Not synced: a copy a power cut spoils fails ``read_copy``'s checks and the older one serves.
    """
    paths = copy_paths(db_path)
    fresh = db_path.with_name(f"{db_path.name}.copy-new")
    keep_copy(db, fresh, sync=False)
    for older, newer in zip(reversed(paths), list(reversed(paths))[1:]):
        if newer.exists():
            os.replace(newer, older)
    os.replace(fresh, paths[0])


def copy_file(db_path: Path) -> None:
    """``roll_copy`` through a connection of its own (for a thread); a failure only means no new copy."""
    try:
        db = sqlite3.connect(db_path, timeout=10)
        try:
            roll_copy(db, db_path)
        finally:
            db.close()
    except (sqlite3.Error, OSError):
        pass  # a copy is a spare: the game file itself is already safe on disk


def read_copy(path: Path) -> dict[int, tuple[int, str]] | None:
    """``{game id: (how many rows from the first are sound, players)}`` of a copy of today's schema that
    passes ``integrity_check``, or None."""
    if not path.is_file():
        return None
    try:
        db = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
        db.text_factory = read_text
    except sqlite3.Error:
        return None
    try:
        if (db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID
                or db.execute("PRAGMA user_version").fetchone()[0] != CURRENT_VERSION
                or db.execute("PRAGMA integrity_check").fetchone()[0] != "ok"):
            return None
        rows = db.execute("SELECT id, players FROM games").fetchall()
        return {int(gid): (sound_rows(db, int(gid)), _names(players)) for gid, players in rows}
    except (sqlite3.Error, ValueError, TypeError):
        return None
    finally:
        db.close()


def find_recovery(db_path: Path, acked: dict[int, int],
                  stored: dict[int, tuple[int, str]]) -> Recovery | None:
    """What the file lacks of what was acknowledged, and the best copy to bring it back; None if nothing."""
    short = {gid: seq for gid, seq in acked.items() if stored.get(gid, (0, ""))[0] < seq}
    if not short:
        return None
    best: tuple[int, Path, dict[int, tuple[int, str]]] | None = None
    for path in copy_paths(db_path):
        seqs = read_copy(path)
        if seqs is None:
            continue
        gain = sum(max(0, min(seqs.get(g, (0, ""))[0], a) - stored.get(g, (0, ""))[0])
                   for g, a in short.items())
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, path, seqs)
    copy = best[2] if best else {}
    losses = []
    for gid, seq in sorted(short.items()):
        have, name = stored.get(gid, (0, ""))
        in_copy, copy_name = copy.get(gid, (0, ""))
        losses.append(Loss(gid, name or copy_name or f"game {gid}", have, seq, min(in_copy, seq)))
    if best is None:
        return Recovery(db_path.name, tuple(losses))
    return Recovery(db_path.name, tuple(losses), best[1], best[1].stat().st_mtime)


def bring_back(db: sqlite3.Connection, recovery: Recovery) -> None:
    """Append the copy's rows of each lost game that the file lacks, in one transaction."""
    assert recovery.copy is not None
    db.execute("ATTACH DATABASE ? AS copy", (str(recovery.copy),))
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            for loss in recovery.losses:
                if loss.in_copy <= loss.stored:
                    continue
                if db.execute("SELECT 1 FROM games WHERE id = ?", (loss.game_id,)).fetchone() is None:
                    db.execute("INSERT INTO games SELECT * FROM copy.games WHERE id = ?", (loss.game_id,))
                else:
                    db.execute("UPDATE games SET (players, updated, finished) = (SELECT players, updated,"
                               " finished FROM copy.games WHERE id = ?) WHERE id = ?",
                               (loss.game_id, loss.game_id))
                db.execute("DELETE FROM events WHERE game_id = ? AND seq > ?", (loss.game_id, loss.stored))
                db.execute("INSERT INTO events SELECT * FROM copy.events WHERE game_id = ? AND seq > ?"
                           " AND seq <= ?", (loss.game_id, loss.stored, loss.in_copy))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    finally:
        db.execute("DETACH DATABASE copy")


def _names(players: object) -> str:
    try:
        names = json.loads(players) if isinstance(players, str) else None
    except ValueError:
        return ""
    return ", ".join(str(n) for n in names) if isinstance(names, list) else ""
