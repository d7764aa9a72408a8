"""A game's setup while its form is open (the Prehistories goal cards on the table), kept as
``setup-<game>.json`` beside the games file, so that a power cut before Start reopens the form
exactly as the table last saw it.

A draw Cairn makes for the table is saved here *before* it is shown. Saving writes a temporary file
and renames it, so a cut leaves the old draft or the new one, never half of one. Loading never fails:
a missing or damaged file is no draft. Start clears the draft once the game holds the setup.
"""
from __future__ import annotations

import json
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
    from companion.paths import describe_os_error, write_json_atomic

    try:
        write_json_atomic(path, draft, sort_keys=True)
    except OSError as exc:
        raise StoreError(describe_os_error(exc, path.parent)) from exc


def clear(path: Path) -> None:
    """Forget the draft (nothing happens when there is none or it cannot be removed)."""
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass
