"""The layers of docs/architecture.md, checked on the source: imports point down only."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STDLIB = set(sys.stdlib_module_names)

#: package -> top-level modules it may import besides the standard library
ALLOWED = {
    "rules": {"rules"},
    "vision": {"vision", "rules", "numpy", "cv2"},
    "hardware": {"hardware", "vision", "rules", "numpy", "cv2", "gpiozero", "serial", "bleak", "picamera2", "libcamera"},
}
FORBIDDEN_EVERYWHERE_BUT_UI = {"kivy"}


def imports(path: Path) -> set[str]:
    """Top-level module names imported by ``path`` (absolute imports only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_lower_layers_import_only_what_they_may(package: str) -> None:
    wrong = {}
    for path in sources(package):
        extra = imports(path) - STDLIB - ALLOWED[package] - {"__future__"}
        if extra:
            wrong[str(path.relative_to(ROOT))] = sorted(extra)
    assert wrong == {}


def module_level_imports(path: Path) -> set[str]:
    """Top-level names imported when the module is imported (not inside functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_kivy_only_in_the_ui_package() -> None:
    """Only companion/ui imports Kivy at module level; elsewhere in companion only inside a function (the
    app's start-up configures Kivy before any window exists), so every other module imports without a window."""
    wrong = []
    for path in [*ROOT.joinpath("companion").rglob("*.py"), ROOT / "main.py"]:
        if path.relative_to(ROOT).parts[:2] == ("companion", "ui"):
            continue
        if module_level_imports(path) & FORBIDDEN_EVERYWHERE_BUT_UI:
            wrong.append(str(path.relative_to(ROOT)))
    assert wrong == []


def test_the_checker_sees_a_bad_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nfrom kivy.app import App\nimport numpy as np\nfrom . import sibling\n")
    assert imports(bad) == {"os", "kivy", "numpy"}


def test_kv_rules_name_each_class_once() -> None:
    """A kv rule applies to every class of that name, so two screens named alike would take each other's
    layout when two games' screens are loaded in one app (as the screenshot tour does)."""
    import re
    from collections import Counter

    rules = Counter(m.group(1) for kv in ROOT.joinpath("kv").glob("*.kv")
                    for m in re.finditer(r"^<-?([A-Za-z_][A-Za-z0-9_]*)[@>:]", kv.read_text(encoding="utf-8"), re.M))
    classes = Counter(node.name for path in ROOT.joinpath("companion", "ui").rglob("*.py")
                      for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(node, ast.ClassDef))
    assert [name for name, n in rules.items() if n > 1] == []
    assert [name for name, n in classes.items() if n > 1 and name in rules] == []


#: import circles that remain: none (the .po reader is its own module, a tile's name is apart from the
#: goals' words); none may be added
KNOWN_CIRCLES: list[list[str]] = []


def test_no_new_import_circles() -> None:
    """The product has no import circle: in particular the app does not reach its
    screenshot tours or the command line (they hang off it: ``AppOptions.on_start``)."""
    from tests.support.import_graph import circles, graph

    assert circles(graph(ROOT)) == KNOWN_CIRCLES


def test_the_app_reaches_neither_the_tours_nor_the_cli() -> None:
    from tests.support.import_graph import graph

    edges = graph(ROOT)
    seen, todo = set(), ["companion.ui.app"]
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo += edges[module]
    assert not {m for m in seen if m.startswith("companion.cli") or m.endswith((".tour", ".demo"))}


def test_the_circle_finder_sees_a_circle(tmp_path: Path) -> None:
    from tests.support.import_graph import circles, graph

    pkg = tmp_path / "companion"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from companion import b\n")
    (pkg / "b.py").write_text("def f():\n    from . import c\n")
    (pkg / "c.py").write_text("import companion.a\n")
    (pkg / "d.py").write_text("from companion.a import x\n")
    assert circles(graph(tmp_path, ("companion",))) == [["companion.a", "companion.b", "companion.c"]]
