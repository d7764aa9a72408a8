"""Where Cairn keeps its files, and whether it can write there."""
from __future__ import annotations

import errno
import json
import os
from pathlib import Path

from .errors import StoreError

APP_NAME = "cairn"


def data_dir() -> Path:
    """The directory for games and settings: ``$CAIRN_DATA_DIR`` if set, else the user data dir."""
    override = os.environ.get("CAIRN_DATA_DIR")
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


#: Free space below which Cairn refuses to start a game rather than risk losing moves.
MIN_FREE_BYTES = 2 * 1024 * 1024


def check_writable(directory: Path) -> None:
    """Make sure ``directory`` exists, takes a small synced write and has some free space.

    Raises ``StoreError`` with a message a player can act on (read-only, full, no permission).
    The probe leaves no file behind, even when the process is killed in the middle of it.
    """
    if directory.exists() and not directory.is_dir():
        cause = NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(directory))
        raise StoreError(f"cannot write in {directory}: it is a file, not a folder; choose another folder") from cause
    try:
        directory.mkdir(parents=True, exist_ok=True)
        _probe_write(directory)
    except OSError as exc:
        raise StoreError(describe_os_error(exc, directory)) from exc
    try:
        stats = os.statvfs(directory)
    except OSError:
        return
    if stats.f_bavail * stats.f_frsize < MIN_FREE_BYTES:
        raise StoreError(f"the disk holding {directory} is full: free some space before starting a game")


#: Name prefix of the named probe files. One whose process is gone, or older than ``STALE_PROBE_S``,
#: was left by a kill (this version's fallback, or an earlier version that always used named probes).
PROBE_PREFIX = ".cairn-write-test-"
STALE_PROBE_S = 60.0
#: errno values of a file system that has no unnamed temporary files (O_TMPFILE), e.g. FAT on a USB stick.
_NO_TMPFILE = {errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL, errno.ENOENT}


def _probe_write(directory: Path) -> None:
    """Write and sync 4 KiB in ``directory``, after sweeping away the probes that killed runs left.
    An unnamed file (``O_TMPFILE``) has nothing to leave behind; where the file system has none, a
    named probe is used."""
    _sweep_stale_probes(directory)
    flag = getattr(os, "O_TMPFILE", 0)
    if flag:
        try:
            fd = os.open(directory, flag | os.O_WRONLY, 0o600)
        except OSError as exc:
            if exc.errno not in _NO_TMPFILE:
                raise
        else:
            try:
                _write_synced(fd)
            finally:
                os.close(fd)
            return
    probe = directory / f"{PROBE_PREFIX}{os.getpid()}"
    fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        _write_synced(fd)
    finally:
        os.close(fd)
        probe.unlink(missing_ok=True)


def _write_synced(fd: int) -> None:
    view = memoryview(b"\0" * 4096)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)


def _sweep_stale_probes(directory: Path) -> None:
    """Remove probe files whose process has gone, or that are older than ``STALE_PROBE_S``; a probe
    of a running process (another Cairn checking right now) is kept while it is young."""
    import time

    now = time.time()
    try:
        names = [n for n in os.listdir(directory) if n.startswith(PROBE_PREFIX)]
    except OSError:
        return
    for name in names:
        path = directory / name
        pid = name[len(PROBE_PREFIX):]
        try:
            dead = pid.isdigit() and int(pid) != os.getpid() and not process_alive(int(pid))
            if dead or now - path.stat().st_mtime > STALE_PROBE_S:
                path.unlink()
        except OSError:
            pass  # gone already, or not ours to remove


def process_alive(pid: int) -> bool:
    """True while process ``pid`` exists (a process of another user counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def describe_os_error(exc: OSError, where: Path) -> str:
    """A one-line, player-facing explanation of a failed write under ``where``."""
    if exc.errno == errno.EROFS:
        return f"the data folder {where} is on a read-only disk: games cannot be saved"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return f"no permission to write in {where}: games cannot be saved"
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"the disk holding {where} is full: free some space before starting a game"
    return f"cannot write in {where}: {exc.strerror or exc}"


def write_json_atomic(path: Path, data: object, *, indent: int | None = None, sort_keys: bool = False) -> None:
    """Write ``data`` as JSON to ``path`` so that a kill or power cut leaves the old file or the new
    one, never half of one: a synced temporary file beside it, then a rename. Raises ``OSError``
    (the temporary file removed) when the folder cannot be written."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=indent, sort_keys=sort_keys)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        raise
