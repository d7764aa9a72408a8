"""Reading a JSON input file for a sub-command, with errors a person can act on.

Whatever the file holds, the answer is the parsed data or one ``UsageError`` naming the file and what
is wrong with it, never a traceback and never a wait: only regular files are read (a FIFO, a device
such as ``/dev/zero`` or a socket is refused before it is read), at most ``MAX_BYTES`` of them. The JSON
must be plain data a person could have written: no key twice in one object, no number of more than
``MAX_DIGITS`` digits, no ``NaN``/``Infinity``, at most ``MAX_DEPTH`` levels of brackets, and no lone
surrogate (``"\\ud800"``) in any text.
"""
from __future__ import annotations

import json
import os
import stat
import sys
from typing import Any, BinaryIO

from companion.errors import UsageError

#: The largest input file read (end states and caves are a few kilobytes).
MAX_BYTES = 1024 * 1024
#: Digits a JSON number may have (a score, a count or an id needs far fewer).
MAX_DIGITS = 30
#: Levels of nested objects and lists (the formats need 4).
MAX_DEPTH = 32


class _Refused(ValueError):
    """Raised from inside the JSON parser's hooks; becomes a ``UsageError`` naming the file."""


def read_input(path: str, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` (``-`` = standard input), at most ``max_bytes``; ``UsageError`` for a path
    that is missing, a folder, not a regular file, unreadable or too big."""
    if path == "-":
        return _read_capped(sys.stdin.buffer, path, max_bytes)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat below refuses it anyway
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{path}: is a folder, not a file") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot be opened ({exc.strerror or exc})") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise UsageError(f"{path}: is a folder, not a file")
        raise UsageError(f"{path}: not a regular file (a device, pipe or socket); give a JSON file")
    with os.fdopen(fd, "rb") as fh:
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return _read_capped(fh, path, max_bytes)


def _read_capped(fh: BinaryIO, path: str, max_bytes: int) -> bytes:
    try:
        data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise UsageError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > max_bytes:
        raise UsageError(f"{path}: larger than {max_bytes // 1024} KiB; this is not an input file Cairn reads")
    return data


def parse_json(text: str, name: str) -> Any:
    """``text`` parsed as JSON under the rules in the module docstring; ``UsageError`` naming ``name``."""
    try:
        data = json.loads(text, object_pairs_hook=_no_repeated_keys, parse_int=_bounded_int,
                          parse_float=_bounded_float, parse_constant=_no_constant)
    except _Refused as exc:
        raise UsageError(f"{name}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{name}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise UsageError(f"{name}: brackets nested too deeply (at most {MAX_DEPTH} levels)") from None
    problem = _check_tree(data)
    if problem is not None:
        raise UsageError(f"{name}: {problem}")
    return data


def load_json(path: str) -> Any:
    """The parsed contents of ``path`` (``-`` = standard input); ``UsageError`` naming what is wrong."""
    raw = read_input(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: not UTF-8 text (byte {exc.start + 1})") from None
    return parse_json(text, path)


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"the key {_shown(key)} appears twice in one object; keep one")
        out[key] = value
    return out


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Refused(f"a number of {digits} digits; numbers here have at most {MAX_DIGITS}")
    return int(text)


def _bounded_float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise _Refused(f"a number written with {len(text)} characters; numbers here are short")
    return float(text)


def _no_constant(text: str) -> float:
    raise _Refused(f"{text} is not a number JSON allows")


def _check_tree(data: Any) -> str | None:
    """The first problem of the parsed tree (too deep, a lone surrogate), naming where it is."""
    stack: list[tuple[Any, str, int]] = [(data, "", 1)]
    while stack:
        value, where, depth = stack.pop()
        if isinstance(value, (dict, list)) and depth > MAX_DEPTH:
            return f"brackets nested too deeply at {where or '(top level)'} (at most {MAX_DEPTH} levels)"
        if isinstance(value, dict):
            for key, item in value.items():
                field = f"{where}.{key}" if where else str(key)
                if _has_surrogate(key):
                    return f"{_shown(field)}: the key holds a lone surrogate ({_first_surrogate(key)}), not a character"
                stack.append((item, field, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str) and _has_surrogate(value):
            return f"{where or '(top level)'}: holds a lone surrogate ({_first_surrogate(value)}), not a character"
    return None


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def _first_surrogate(text: str) -> str:
    return next(f"\\u{ord(ch):04x}" for ch in text if "\ud800" <= ch <= "\udfff")


def _shown(text: str) -> str:
    """``text`` quoted for a one-line message: escapes for controls and surrogates, cut if long."""
    shown = json.dumps(text)
    return shown if len(shown) <= 60 else shown[:57] + "...\""
