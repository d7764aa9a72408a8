"""Reading a JSON input file for a sub-command, with errors a person can act on."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.errors import UsageError


def load_json(path: str) -> Any:
    """The parsed contents of ``path`` (``-`` = standard input); ``UsageError`` naming what is wrong."""
    import sys

    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise UsageError(f"{path}: no such file") from exc
    except IsADirectoryError as exc:
        raise UsageError(f"{path}: is a folder, not a file") from exc
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: not UTF-8 text") from exc
    except OSError as exc:
        raise UsageError(f"{path}: {exc.strerror or exc}") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from exc
