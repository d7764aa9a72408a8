"""Nothing a player reads is smaller than 16 px at 800×480 (the 7" panel: about 3 mm a line).

Every ``font_size`` in ``kv/`` and in the screens' Python (``companion/ui``) is evaluated at the design
size (``app.s`` = 1) with the theme's sizes; a conditional counts by its smaller branch, so a size that
only shrinks on long text is caught too. ``Caption``'s shrink-to-fit and the banner stop at 16 as well.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from companion.ui import theme

ROOT = Path(__file__).resolve().parents[1]
SMALLEST = 16
_KV = re.compile(r"^\s*font_size:\s*(.+?)\s*$")
_PY = re.compile(r"font_size\s*=\s*")


class Unknown(Exception):
    """The expression depends on something only a running window knows."""


def smallest(node: ast.AST, base_sizes: list[float]) -> float:
    """The smallest value ``node`` can take at the design size."""
    if isinstance(node, ast.Expression):
        return smallest(node.body, base_sizes)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return float(node.value)
    if isinstance(node, ast.Attribute):
        if isinstance(node.value, ast.Name) and node.value.id == "theme":
            return float(getattr(theme, node.attr))
        if node.attr == "s":  # app.s, the size factor
            return 1.0
        if node.attr == "base_size":  # a Caption's size: the smallest one any kv gives
            return min(base_sizes)
        raise Unknown(ast.unparse(node))
    if isinstance(node, ast.IfExp):
        return min(smallest(node.body, base_sizes), smallest(node.orelse, base_sizes))
    if isinstance(node, ast.BinOp):
        a, b = smallest(node.left, base_sizes), smallest(node.right, base_sizes)
        ops = {ast.Mult: a * b, ast.Add: a + b, ast.Sub: a - b, ast.Div: a / b if b else a}
        return ops[type(node.op)]
    if isinstance(node, ast.Call):
        name = ast.unparse(node.func)
        args = [smallest(a, base_sizes) for a in node.args]
        if name in ("u", "app.u", "self.app.u", "self.u"):
            return args[0]
        if name == "max":
            return max(args)
        if name == "min":
            return min(args)
    raise Unknown(ast.unparse(node))


def font_sizes() -> list[tuple[str, str]]:
    """(where, expression) of every font size set in kv/ and companion/ui."""
    found = []
    for path in sorted((ROOT / "kv").glob("*.kv")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = _KV.match(line)
            if m:
                found.append((f"{path.name}:{n}", m.group(1)))
    for path in sorted((ROOT / "companion" / "ui").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for call in ast.walk(ast.parse(text)):
            for kw in getattr(call, "keywords", []) if isinstance(call, ast.Call) else []:
                if kw.arg == "font_size":
                    found.append((f"{path.relative_to(ROOT)}:{kw.value.lineno}", ast.unparse(kw.value)))
    return found


def caption_bases() -> list[float]:
    values = [18.0]  # Caption's own default
    for path in (ROOT / "kv").glob("*.kv"):
        values += [float(v) for v in re.findall(r"base_size:\s*([\d.]+)", path.read_text(encoding="utf-8"))]
    for path in (ROOT / "companion" / "ui").rglob("*.py"):
        values += [float(v) for v in re.findall(r"base_size=([\d.]+)", path.read_text(encoding="utf-8"))]
    return values


def test_fonts_no_text_below_16_px_at_800x480() -> None:
    bases = caption_bases()
    small, unknown = [], []
    for where, expr in font_sizes():
        try:
            value = smallest(ast.parse(expr, mode="eval"), bases)
        except (Unknown, SyntaxError, KeyError):
            unknown.append(f"{where}: {expr}")
            continue
        if value < SMALLEST - 1e-6:
            small.append(f"{where}: {expr} = {value:.1f}")
    assert not small, "below 16 px at 800×480:\n" + "\n".join(small)
    assert not unknown, "font sizes this test cannot evaluate (make them theme/app.s arithmetic):\n" + "\n".join(unknown)


def test_fonts_the_checker_sees_a_small_size() -> None:
    """The evaluator itself: a shrink on long text counts by its small branch."""
    expr = "app.s * theme.FONT_LARGE * (0.5 if len(root.count) > 8 else 1)"
    assert smallest(ast.parse(expr, mode="eval"), [18]) == theme.FONT_LARGE * 0.5
    assert len(font_sizes()) > 100


def test_fonts_caption_and_banner_never_shrink_below_16() -> None:
    from companion.ui.widgets import Banner

    source = (ROOT / "companion" / "ui" / "widgets.py").read_text(encoding="utf-8")
    assert Banner.MIN_FONT >= SMALLEST
    assert "* 0.6" not in source, "Caption shrinks long text below 16 px"
