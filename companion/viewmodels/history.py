"""The History screen without a window: every event with its reason, newest first."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterable

from companion.i18n import _, render, tr


@dataclass(frozen=True)
class HistoryRow:
    """One line: the reason as stored, when it happened, and whether it was undone."""

    seq: int
    text: str
    when: str
    undone: bool


def history_rows(items: Iterable[Any], limit: int = 200, game: str | None = None) -> list[HistoryRow]:
    """Rows for ``session.history()`` items (already newest first), at most ``limit`` of them, in the
    words of ``game`` (``session.game``) when given.

    Undo/redo markers are left out: the undone events themselves show as undone.
    """
    rows: list[HistoryRow] = []
    for item in items:
        text = str(item.text)
        if text.startswith(("undo: ", "redo: ")):
            continue
        stamp = time.strftime("%H:%M", time.localtime(item.when)) if item.when else ""
        rows.append(HistoryRow(item.seq, translate_reason(item, game), stamp, bool(item.undone)))
        if len(rows) >= limit:
            break
    return rows


def translate_reason(item: Any, game: str | None = None) -> str:
    """The item's reason in the current language (from its template and values when it has them), in
    ``game``'s own words when given."""
    template = getattr(item, "template", "") or ""
    if template:
        return render(template, getattr(item, "params", None) or {}, game)
    return _(str(item.text))


def summary(rows: list[HistoryRow]) -> str:
    """"12 entries, 1 undone"."""
    undone = sum(r.undone for r in rows)
    if undone:
        return tr("{n} entries, {u} undone", n=len(rows), u=undone)
    return tr("{n} entries", n=len(rows))
