"""``main.py export GAME [--format json|csv|bgstats] [--output FILE [--force]]``: a saved game's record.

``--format bgstats`` writes the finished game as BG Stats' import JSON instead (the play that the
final screen's QR code carries; :mod:`companion.bgstats`); a game still on is refused.

``--output`` never costs a file: it refuses any path inside Cairn's data folder (the games themselves
live there), refuses an existing file unless ``--force`` is given, refuses what is not a regular file
(``/dev/full``, a FIFO, a folder), and writes a temporary file next to the target that is renamed over
it only once it is completely on disk, so a full disk or a kill leaves the old file as it was.
"""
from __future__ import annotations

import argparse
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from companion.bgstats import NotFinished, session_play
from companion.errors import UsageError
from companion.paths import data_dir
from companion.record import game_record, record_csv
from companion.session import GameSession
from companion.store import GameStore

from .records import open_store

#: The largest game id SQLite can hold.
MAX_GAME_ID = 2**63 - 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The game id (see ``main.py games``) or ``last``, the format and the output file."""
    parser.add_argument("game", metavar="GAME", help="a game id from 'main.py games', or 'last'")
    parser.add_argument("--format", choices=("json", "csv", "bgstats"), default="json",
                        help="json or csv: the whole record; bgstats: the play as BG Stats' import JSON")
    parser.add_argument("--output", "-o", metavar="FILE", help="write here instead of standard output")
    parser.add_argument("--force", action="store_true", help="replace FILE if it exists")


def run(args: argparse.Namespace) -> int:
    """Write the record; an unknown game id or an unsafe ``--output`` is a clear error, found before
    anything is written."""
    target = check_output(args.output, args.force) if args.output else None
    with open_store(args) as store:
        if args.game == "last":
            games = store.games()
            if not games:
                raise UsageError("there are no saved games to export")
            game_id = games[0].id
        else:
            game_id = parse_game_id(args.game)
        if args.format == "bgstats":
            text = json.dumps(bgstats_play(store, game_id), ensure_ascii=False, indent=2) + "\n"
        else:
            record = game_record(store, game_id)
            text = record_csv(record) if args.format == "csv" else \
                json.dumps(record, ensure_ascii=False, indent=2) + "\n"
    if target is not None:
        write_atomically(target, text, args.force)
    else:
        print(text, end="")
    return 0


def bgstats_play(store: GameStore, game_id: int) -> dict[str, Any]:
    """The finished game's play for BG Stats; ``UsageError`` for a game still on."""
    try:
        return session_play(GameSession.resume(store, game_id))
    except NotFinished:
        raise UsageError(f"GAME: game {game_id} is not over yet, so there is no play for BG Stats") from None


def parse_game_id(text: str) -> int:
    """A game id as typed: digits only, at most the largest id SQLite holds; else ``UsageError``."""
    if not (text.isascii() and text.isdigit()):
        raise UsageError(f"GAME must be a game id or 'last', not {text!r}")
    if len(text) > 19 or int(text) > MAX_GAME_ID:
        raise UsageError(f"GAME: there is no saved game {text[:24]}{'...' if len(text) > 24 else ''}")
    return int(text)


def check_output(name: str, force: bool) -> Path:
    """The path to write for ``--output name``, or ``UsageError`` saying why it would cost a file."""
    path = Path(name).expanduser()
    if not name.strip():
        raise UsageError("--output needs a file name")
    try:
        real = path.resolve()
        folder = data_dir().resolve()
    except (OSError, RuntimeError) as exc:
        raise UsageError(f"--output {name}: cannot be resolved ({exc})") from None
    if real == folder or folder in real.parents:
        raise UsageError(f"--output {name}: that is inside Cairn's data folder {folder}, "
                         "where the games are kept; choose a file elsewhere")
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise UsageError(f"--output {name}: {exc.strerror or exc}") from None
    if mode is not None:
        if stat.S_ISDIR(mode):
            raise UsageError(f"--output {name}: is a folder; give a file name")
        if not stat.S_ISREG(mode):
            raise UsageError(f"--output {name}: not a regular file (a device, pipe or socket); "
                             "leave out --output to write to standard output")
        if not force:
            raise UsageError(f"--output {name}: the file exists; add --force to replace it")
    parent = real.parent
    if not parent.is_dir():
        raise UsageError(f"--output {name}: there is no folder {parent}")
    return real


def write_atomically(path: Path, text: str, force: bool) -> None:
    """Write ``text`` to ``path`` by way of a synced temporary file in the same folder, renamed over
    ``path`` at the end; on any failure the temporary file is removed and ``path`` is untouched."""
    data = text.encode("utf-8")
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise UsageError(f"--output {path}: cannot write there ({exc.strerror or exc})") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.chmod(tmp, stat.S_IMODE(os.stat(path).st_mode))  # a replaced file keeps its permissions
        except FileNotFoundError:
            os.chmod(tmp, 0o666 & ~_umask())
        if not force and os.path.lexists(path):
            raise UsageError(f"--output {path}: the file appeared meanwhile; add --force to replace it")
        os.replace(tmp, path)
    except OSError as exc:
        _remove(tmp)
        raise UsageError(f"--output {path}: cannot write there ({exc.strerror or exc})") from None
    except BaseException:
        _remove(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
