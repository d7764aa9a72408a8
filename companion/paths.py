"""Where Cairn keeps its files, and whether it can write there."""
from __future__ import annotations

import errno
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

    Raises ``StoreError`` with a message a player can act on (read-only, full, no permission). Probe files
    left by a process that was killed mid-check are removed.
    """
    try:
        directory.mkdir(parents=True, exist_ok=True)
        _remove_dead_probes(directory)
        probe = directory / f"{_PROBE}{os.getpid()}"
        with open(probe, "wb") as fh:
            fh.write(b"\0" * 4096)
            fh.flush()
            os.fsync(fh.fileno())
        probe.unlink()
    except OSError as exc:
        raise StoreError(describe_os_error(exc, directory)) from exc
    try:
        stats = os.statvfs(directory)
    except OSError:
        return
    if stats.f_bavail * stats.f_frsize < MIN_FREE_BYTES:
        raise StoreError(f"the disk holding {directory} is full: free some space before starting a game")


_PROBE = ".cairn-write-test-"


def _remove_dead_probes(directory: Path) -> None:
    for probe in directory.glob(_PROBE + "*"):
        pid = probe.name[len(_PROBE):]
        if not pid.isdigit() or process_alive(int(pid)):
            continue
        try:
            probe.unlink()
        except OSError:
            pass


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
