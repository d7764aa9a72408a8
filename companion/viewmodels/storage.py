"""Why games cannot be saved, in the player's language, and where else they could be (no Kivy).

The store says it in English for logs and the command line (``companion.paths.describe_os_error``);
the Home screen says it again from the OS error underneath, translated, and offers a way on: play
without saving, or keep the games in another folder that can be written.
"""
from __future__ import annotations

import errno
import glob
import os
from pathlib import Path

from companion.i18n import _, tr


def write_problem(exc: BaseException, where: Path) -> str:
    """One line naming what stops Cairn writing in ``where`` (read-only disk, permission, full …)."""
    cause = exc.__cause__ if isinstance(exc.__cause__, OSError) else exc if isinstance(exc, OSError) else None
    if cause is None:
        if "is full" in str(exc):
            return tr("the disk holding {where} is full: free some space before starting a game", where=where)
        return str(exc)
    if cause.errno == errno.EROFS:
        return tr("the data folder {where} is on a read-only disk: games cannot be saved", where=where)
    if cause.errno in (errno.EACCES, errno.EPERM):
        return tr("no permission to write in {where}: games cannot be saved", where=where)
    if cause.errno in (errno.ENOSPC, errno.EDQUOT):
        return tr("the disk holding {where} is full: free some space before starting a game", where=where)
    if cause.errno in (errno.EEXIST, errno.ENOTDIR):
        return tr("{where} is not a folder: games cannot be saved", where=where)
    return tr("cannot write in {where}: {reason}", where=where, reason=cause.strerror or str(cause))


def other_folders(failed: Path, home: Path | None = None, mounts: str = "/media/*/*") -> list[Path]:
    """Folders the games could go to instead of ``failed``: ``~/cairn-games`` and USB drives under
    ``mounts``, where this user may write (nothing is created here); at most three."""
    home = Path.home() if home is None else home
    found: list[Path] = []
    for place in [home / "cairn-games", *(Path(p) / "cairn-games" for p in sorted(glob.glob(mounts)))]:
        parent = place if place.is_dir() else place.parent
        if place != failed and place not in failed.parents and parent.is_dir() and os.access(parent, os.W_OK):
            found.append(place)
    return found[:3]


def store_text(message: object) -> str:
    """A message of the store in the table's language: a ``DamagedGameError``, ``GameStore.notice``, a row's
    ``Damaged``, or plain English text (each "; "-separated part looked up in the catalogs, ``store.po``).

    The store keeps English text and its parts (a template and params); the parts are translated here, a
    nested message in turn; what no catalog knows (a file name, SQLite's own words) is shown as it is.
    """
    from companion.rules_text import render

    reason = getattr(message, "reason", None)
    if isinstance(reason, tuple):
        template, params = reason
    else:
        template, params = getattr(message, "template", None), getattr(message, "params", None)
    if isinstance(template, str) and template:
        return render(template, {k: _as_text(v) for k, v in (params or {}).items()}, _parts)
    return _parts(str(message))


def _as_text(value: object) -> object:
    """A param that is a message with parts (a row's ``Damaged``) as a ``Text``, to be translated in turn."""
    from rules.text import Text

    template, params = getattr(value, "template", None), getattr(value, "params", None)
    if isinstance(template, str) and isinstance(params, dict) and not isinstance(value, Text):
        return Text(template, **params)
    return value


def _parts(text: str) -> str:
    """``text`` translated whole, else each of its "; "-separated parts (a record's list of damage)."""
    whole = _(text) if text else text
    if whole != text or "; " not in text:
        return whole
    return "; ".join(_(part) for part in text.split("; "))
