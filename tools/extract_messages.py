"""Collect every player-facing message of the rules and write ``locale/rules/rules.pot``.

Usage: ``python tools/extract_messages.py [--update-po] [--check]``

A message is the first argument of an ``IllegalMove(...)`` or ``Text(...)`` call in ``rules/`` that the
source spells out: a string literal, ``"..." if c else "..."``, a module-level string constant or a sum
of these. Game words that travel as plain string params ("wood", "the forest") come from the
``VOCABULARY`` tuple of a game's ``words`` module, built from its data tables.

A call whose template the source does not spell out (a local variable, a table lookup, an f-string,
``.format()``, a sum or conditional with such a part) is *hidden*: its message would never reach a
catalog. An attribute on its own passes on text made elsewhere and is allowed: a message's
``.template`` (``IllegalMove(reason.template, **reason.params)``, collected where the message was made)
or a data field whose values the game's ``VOCABULARY`` lists.

``--update-po`` also adds new messages, untranslated, to each ``locale/rules/<lang>.po`` (keeping what
is translated, and old translations as obsolete entries). ``--check`` writes nothing; it lists the
hidden templates and the messages of ``REQUIRED_PACKAGES`` that a ``.po`` catalog does not translate,
with status 1 if any.
"""
from __future__ import annotations

import argparse
import ast
import importlib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

RULES_DIR = ROOT / "rules"
LOCALE_DIR = ROOT / "locale" / "rules"
POT_PATH = LOCALE_DIR / "rules.pot"
#: Calls whose first argument is a message template.
MESSAGE_CALLS = frozenset({"IllegalMove", "Text"})
#: The shared modules (``rules/*.py``) are collected under this name.
SHARED = ""
#: Catalog languages kept for the rules.
LANGUAGES = ("zh_CN", "zh_TW")
#: Games whose every message must be translated in every catalog (``--check`` and the tests).
REQUIRED_PACKAGES: tuple[str, ...] = ("stone_age", "prehistories", "stone_tribe")
#: gettext's separator of a context and a msgid in a catalog key
CONTEXT_SEPARATOR = "\x04"


@dataclass
class Message:
    """One msgid and where it comes from (``path:line`` references, or ``words:NAME`` for vocabulary).

    ``msgctxt`` is the game whose own word this is (``words.MSGCTXT``), or ``None`` for a template or a
    word every game says alike.
    """

    msgid: str
    references: list[str] = field(default_factory=list)
    msgctxt: str | None = None

    @property
    def key(self) -> str:
        """The catalog key: the msgid, or ``"<msgctxt>\\x04<msgid>"`` (as ``companion.i18n.PoEntry.key``)."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}{CONTEXT_SEPARATOR}{self.msgid}"

    @property
    def has_placeholders(self) -> bool:
        """True if the msgid is a template with ``{name}`` fields."""
        return "{" in self.msgid.replace("{{", "")


def packages() -> list[str]:
    """The game packages under ``rules/`` (directories with an ``__init__.py``), sorted."""
    return sorted(p.name for p in RULES_DIR.iterdir() if (p / "__init__.py").is_file())


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "..."`` string constants, for templates kept in a named constant."""
    out: dict[str, str] = {}
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            for target in targets:
                if isinstance(target, ast.Name):
                    out[target.id] = value.value
    return out


def _strings(node: ast.expr, constants: dict[str, str]) -> list[str]:
    """Every string ``node`` can evaluate to when it is spelled out in the source (else none)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Name) and node.id in constants:
        return [constants[node.id]]
    if isinstance(node, ast.IfExp):
        return _strings(node.body, constants) + _strings(node.orelse, constants)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _strings(node.left, constants), _strings(node.right, constants)
        return [a + b for a in left for b in right]
    return []


def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def scan_source(source: str, filename: str = "<source>") -> Iterator[tuple[str, int]]:
    """``(template, line)`` for each message call in ``source`` whose template the source spells out."""
    tree = ast.parse(source, filename)
    constants = _constants(tree)
    calls = [node for node in ast.walk(tree)
             if isinstance(node, ast.Call) and _call_name(node) in MESSAGE_CALLS and node.args]
    for node in sorted(calls, key=lambda n: (n.lineno, n.col_offset)):
        for template in _strings(node.args[0], constants):
            if template:
                yield template, node.lineno


def _spelled_out(node: ast.expr, constants: dict[str, str]) -> bool:
    """Whether every string ``node`` can evaluate to is spelled out (so ``_strings`` lists them all)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.Name):
        return node.id in constants
    if isinstance(node, ast.IfExp):
        return _spelled_out(node.body, constants) and _spelled_out(node.orelse, constants)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _spelled_out(node.left, constants) and _spelled_out(node.right, constants)
    return False


def scan_hidden(source: str, filename: str = "<source>") -> Iterator[tuple[int, str]]:
    """``(line, source text)`` of each message call whose template the extractor cannot spell out.

    Such a template (a variable, ``TABLE[key]``, an f-string, ``"..." + x.template``) never reaches
    the catalogs. A lone attribute (``reason.template``, a vocabulary data field) passes on text made
    elsewhere and is not reported.
    """
    tree = ast.parse(source, filename)
    constants = _constants(tree)
    calls = [node for node in ast.walk(tree)
             if isinstance(node, ast.Call) and _call_name(node) in MESSAGE_CALLS and node.args]
    for node in sorted(calls, key=lambda n: (n.lineno, n.col_offset)):
        first = node.args[0]
        if isinstance(first, ast.Attribute) or _spelled_out(first, constants):
            continue
        yield node.lineno, ast.get_source_segment(source, first) or ast.dump(first)


def hidden(package: str) -> list[str]:
    """``path:line: text`` of each hidden template in one package of ``rules/``."""
    found = []
    for path in _files(package):
        rel = path.relative_to(ROOT).as_posix()
        for line, text in scan_hidden(path.read_text(encoding="utf-8"), rel):
            found.append(f"{rel}:{line}: {text}")
    return found


def _files(package: str) -> list[Path]:
    if package == SHARED:
        return sorted(RULES_DIR.glob("*.py"))
    return sorted((RULES_DIR / package).glob("*.py"))


def vocabulary(package: str) -> tuple[str, ...]:
    """The game words of ``package`` (``rules.<package>.words.VOCABULARY``), or none if it has no list."""
    if package == SHARED or not (RULES_DIR / package / "words.py").is_file():
        return ()
    module = importlib.import_module(f"rules.{package}.words")
    return tuple(getattr(module, "VOCABULARY", ()))


def word_context(package: str) -> str | None:
    """The ``msgctxt`` of the game words of ``package`` (``rules.<package>.words.MSGCTXT``), if it has one."""
    if package == SHARED or not (RULES_DIR / package / "words.py").is_file():
        return None
    return getattr(importlib.import_module(f"rules.{package}.words"), "MSGCTXT", None)


def collect(package: str) -> dict[str, Message]:
    """Every message of one package of ``rules/`` (``SHARED`` for ``rules/*.py``) by catalog key, in source
    order. A game whose words module names a ``MSGCTXT`` has its vocabulary in that context."""
    found: dict[str, Message] = {}
    for path in _files(package):
        rel = path.relative_to(ROOT).as_posix()
        for template, line in scan_source(path.read_text(encoding="utf-8"), rel):
            found.setdefault(template, Message(template)).references.append(f"{rel}:{line}")
    where = f"rules/{package}/words.py:VOCABULARY"
    context = word_context(package)
    for word in vocabulary(package):
        entry = Message(word, msgctxt=context)
        found.setdefault(entry.key, entry).references.append(where)
    return found


def collect_all(names: Iterable[str] | None = None) -> dict[str, Message]:
    """The messages of several packages (default: the shared modules and every game) by key, merged."""
    merged: dict[str, Message] = {}
    for package in [SHARED, *packages()] if names is None else names:
        for key, message in collect(package).items():
            merged.setdefault(key, Message(message.msgid, msgctxt=message.msgctxt)).references.extend(
                message.references)
    return merged


_C_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b",
              "\f": "\\f", "\v": "\\v"}


def po_quote(text: str) -> str:
    """``text`` as one C-quoted ``.po`` string, with the escapes gettext's tools write (so it stays on
    one line). ``ValueError`` for another control character, which no message should hold."""
    out = []
    for ch in text:
        if ch in _C_ESCAPES:
            out.append(_C_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            raise ValueError(f"a message holds the control character U+{ord(ch):04X}: {text!r}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _header(comments: Iterable[str], fields: Iterable[str] = ()) -> str:
    """A catalog header: ``#`` comment lines, then the empty msgid with the metadata fields."""
    meta = ["Project-Id-Version: cairn-rules", "MIME-Version: 1.0", "Content-Type: text/plain; charset=UTF-8",
            "Content-Transfer-Encoding: 8bit", *fields]
    lines = [f"# {c}" for c in comments] + ['msgid ""', 'msgstr ""'] + [po_quote(f + "\n") for f in meta]
    return "\n".join(lines) + "\n"


def pot_text(messages: Iterable[Message]) -> str:
    """The ``.pot`` file for ``messages``: a header, then each msgid with its references."""
    chunks = [_header(["Player-facing messages of Cairn's rules (refusals, history lines, game words).",
                       "Written by tools/extract_messages.py; change the rules, not this file."])]
    for m in messages:
        lines = [f"#: {ref}" for ref in m.references]
        if m.has_placeholders:
            lines.append("#, python-brace-format")
        if m.msgctxt is not None:
            lines.append(f"msgctxt {po_quote(m.msgctxt)}")
        lines += [f"msgid {po_quote(m.msgid)}", 'msgstr ""']
        chunks.append("\n".join(lines) + "\n")
    return "\n".join(chunks)


_LANGUAGE_NAMES = {"zh_CN": "Simplified Chinese", "zh_TW": "Traditional Chinese (Taiwan)"}


def po_text(lang: str, messages: Iterable[Message], translations: dict[str, str]) -> str:
    """The ``.po`` file of ``lang``: every message, with its translation from ``translations`` or empty.

    Translations of msgids that are no longer collected are kept at the end as obsolete ``#~`` entries,
    so nothing a translator wrote is lost when a message changes.
    """
    name = _LANGUAGE_NAMES.get(lang, lang)
    chunks = [_header([f"{name} translations of the messages of Cairn's rules (see rules.pot).",
                       "Translate here; tools/extract_messages.py --update-po adds new messages.",
                       "Keep every {placeholder} of the msgid; game words are translated on their own."],
                      [f"Language: {lang}", "Plural-Forms: nplurals=1; plural=0;"])]
    listed = set()
    for m in messages:
        listed.add(m.key)
        lines = [f"#: {ref}" for ref in m.references]
        if m.has_placeholders:
            lines.append("#, python-brace-format")
        if m.msgctxt is not None:
            lines.append(f"msgctxt {po_quote(m.msgctxt)}")
        lines += [f"msgid {po_quote(m.msgid)}", f"msgstr {po_quote(translations.get(m.key, ''))}"]
        chunks.append("\n".join(lines) + "\n")
    for key, msgstr in translations.items():
        if key not in listed and msgstr:
            context, _sep, msgid = key.rpartition(CONTEXT_SEPARATOR)
            head = f"#~ msgctxt {po_quote(context)}\n" if _sep else ""
            chunks.append(f"{head}#~ msgid {po_quote(msgid)}\n#~ msgstr {po_quote(msgstr)}\n")
    return "\n".join(chunks)


def update_po(lang: str, messages: Iterable[Message]) -> Path:
    """Rewrite ``locale/rules/<lang>.po`` with every message, keeping the translations it has."""
    from companion.rules_text import catalog_path, parse_po

    path = catalog_path(lang)
    old = parse_po(path.read_text(encoding="utf-8")) if path.is_file() else {}
    path.write_text(po_text(lang, messages, old), encoding="utf-8")
    return path


def untranslated(lang: str, names: Iterable[str] = REQUIRED_PACKAGES) -> list[str]:
    """The catalog keys of ``names`` that ``locale/rules/<lang>.po`` does not translate."""
    from companion.rules_text import catalog_path, parse_po

    catalog = parse_po(catalog_path(lang).read_text(encoding="utf-8"))
    return [key for key in collect_all(names) if key not in catalog]


def main(argv: list[str] | None = None) -> int:
    """Write ``rules.pot`` (or, with ``--check``, report untranslated messages); returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report untranslated messages, write nothing")
    parser.add_argument("--update-po", action="store_true",
                        help="also add new messages (untranslated) to each language's .po file")
    args = parser.parse_args(argv)
    if args.check:
        unseen = [where for package in REQUIRED_PACKAGES for where in hidden(package)]
        for where in unseen:
            print(f"hidden template (the extractor cannot see it): {where}")
        missing = {lang: untranslated(lang) for lang in LANGUAGES}
        for lang, msgids in missing.items():
            for msgid in msgids:
                print(f"{lang}: untranslated: {msgid!r}")
        return 1 if unseen or any(missing.values()) else 0
    messages = collect_all()
    POT_PATH.parent.mkdir(parents=True, exist_ok=True)
    POT_PATH.write_text(pot_text(messages.values()), encoding="utf-8")
    print(f"{POT_PATH.relative_to(ROOT)}: {len(messages)} messages")
    if args.update_po:
        for lang in LANGUAGES:
            print(f"{update_po(lang, messages.values()).relative_to(ROOT)}: updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
