r"""The one ``.po`` reader of Cairn: polib, with the checks polib leaves out.

Both catalogs use it: the screens' (``companion.i18n``) and the rules' (``companion.rules_text``).
It knows nothing of languages or of the current one, so either can import it.

>>> [(e.msgid, e.msgstr) for e in parse_po('msgid "Next"\nmsgstr "下一步"\n')]
[('Next', '下一步')]
"""
from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import polib

#: gettext's key for a msgid in a context (``msgctxt``), as in compiled ``.mo`` files
CONTEXT_SEPARATOR = "\x04"


@dataclass(frozen=True)
class PoEntry:
    """One catalog entry: the English text, its translation, the line it starts on and its context."""

    msgid: str
    msgstr: str
    line: int
    msgctxt: str | None = None

    @property
    def key(self) -> str:
        """The catalog key: the msgid, or ``"<msgctxt>\\x04<msgid>"`` for an entry with a context."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}{CONTEXT_SEPARATOR}{self.msgid}"


# What polib is given must be well formed: it reads an unterminated string or an unknown escape
# without a word. Each string line is a keyword (or nothing) and one quoted string, whose escapes
# are those gettext's tools write and polib decodes.
_STRING_LINE = re.compile(r'(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"((?:[^"\\]|\\.)*)"')
_ESCAPES = frozenset('ntrvbf"\\')
_POLIB_ERROR = re.compile(r"\(line (\d+)\)(.*)")


def _check_lines(text: str, where: str) -> None:
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _STRING_LINE.fullmatch(line)
        if m is None:
            raise ValueError(f"{where} line {number}: expected a keyword and one quoted string, got {line!r}")
        for escape in re.finditer(r"\\(.)", m.group(1)):
            if escape.group(1) not in _ESCAPES:
                raise ValueError(f"{where} line {number}: unsupported escape \\{escape.group(1)} "
                                 "(write the character itself)")


def read_po(path: Path, *, where: str | None = None) -> list[PoEntry]:
    """The entries of the ``.po`` file at ``path`` that count as translated or to be translated.

    Left out: the header (``msgid ""``), entries marked ``#, fuzzy`` and obsolete ``#~`` entries.
    A plural entry gives its first form. Escapes are decoded as gettext's tools write them
    (``\\n \\t \\r \\v \\b \\f \\" \\\\``). Raises ``ValueError`` naming the file (or ``where``)
    and the line of anything malformed: an unterminated string, an unknown escape, a stray line,
    the same msgid twice in one context.
    """
    name = where or str(path)
    _check_lines(path.read_text(encoding="utf-8-sig"), name)
    try:
        catalog = polib.pofile(str(path), encoding="utf-8-sig")
    except (OSError, ValueError) as exc:
        m = _POLIB_ERROR.search(str(exc))
        detail = f" line {m.group(1)}:{m.group(2) or ' a syntax error'}" if m else f": {exc}"
        raise ValueError(f"{name}{detail}") from None
    entries: list[PoEntry] = []
    seen: dict[str, int] = {}
    for item in catalog:
        if not item.msgid or item.obsolete or item.fuzzy:
            continue
        msgstr = item.msgstr_plural.get(0, "") if item.msgid_plural else item.msgstr
        entry = PoEntry(item.msgid, msgstr, max(item.linenum, 1), item.msgctxt)
        if entry.key in seen:
            raise ValueError(f"{name} line {entry.line}: {entry.msgid!r} is in the catalog twice "
                             f"(first at line {seen[entry.key]})")
        seen[entry.key] = entry.line
        entries.append(entry)
    return entries


def parse_po(text: str) -> list[PoEntry]:
    """``read_po`` for the text of a ``.po`` file (errors name the line as ``<text> line N``)."""
    with tempfile.TemporaryDirectory(prefix="cairn-po-") as tmp:
        path = Path(tmp) / "catalog.po"
        path.write_text(text, encoding="utf-8")
        return read_po(path, where="<text>")
