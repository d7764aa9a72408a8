"""A game's setup while its form is open (the Prehistories goal cards on the table), kept as
``setup-<game>.json`` beside the games file, so that a power cut before Start reopens the form
exactly as the table last saw it.

A draw Cairn makes for the table is saved here *before* it is shown. Saving writes a temporary file
and renames it, so a cut leaves the old draft or the new one, never half of one. Loading never fails:
a missing or damaged file is no draft. Start clears the draft once the game holds the setup.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from companion.errors import StoreError


def draft_path(directory: Path, game: str) -> Path:
    """``<directory>/setup-<game>.json``."""
    return Path(directory) / f"setup-{game}.json"


def load(path: Path) -> dict[str, Any] | None:
    """The saved draft, or None when there is none or it cannot be read as one."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return raw if isinstance(raw, dict) else None


def save(draft: dict[str, Any], path: Path) -> None:
    """Write ``draft`` atomically (synced before the rename); raises ``StoreError`` saying why not."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(draft, fh, ensure_ascii=False, sort_keys=True)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        from companion.paths import describe_os_error

        raise StoreError(describe_os_error(exc, path.parent)) from exc


def clear(path: Path) -> None:
    """Forget the draft (nothing happens when there is none or it cannot be removed)."""
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass
