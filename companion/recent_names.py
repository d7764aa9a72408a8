"""The player names of earlier games, kept as ``recent-names.json`` in the data dir, so that a name
typed once (小明, on a keyboard with an input method) is one tap on every later setup screen.

Loading never fails (a missing or damaged file is an empty list). Saving writes a temporary file
and renames it; a folder that cannot be written keeps the names for this run only.
"""
from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Iterable

from companion.paths import write_json_atomic

FILENAME = "recent-names.json"
#: how many names are kept, the most recently used first
KEEP = 24


def names_path(directory: Path | None = None) -> Path:
    """``<data dir>/recent-names.json``."""
    if directory is None:
        from companion.paths import data_dir

        directory = data_dir()
    return Path(directory) / FILENAME


def same_name(a: str, b: str) -> bool:
    """Whether two names are the same player's (case, width and spaces around aside)."""
    return _key(a) == _key(b)


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).strip().casefold()


def load(path: Path | None = None) -> list[str]:
    """The kept names, the most recent first (empty when there is no usable file)."""
    path = names_path() if path is None else path
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return []
    if not isinstance(raw, list):
        return []
    return merge([n for n in raw if isinstance(n, str)], [])


def merge(used: Iterable[str], known: Iterable[str]) -> list[str]:
    """``used`` (just now) before ``known``, without blanks or repeats, at most ``KEEP``."""
    out: list[str] = []
    for name in [*used, *known]:
        name = name.strip()
        if name and not any(same_name(name, n) for n in out) and name.isprintable():
            out.append(name)
    return out[:KEEP]


def save(names: list[str], path: Path | None = None) -> bool:
    """Write ``names`` atomically; False (nothing written) when the folder cannot be written."""
    path = names_path() if path is None else path
    try:
        write_json_atomic(path, names, indent=1)
    except OSError:
        return False
    return True
