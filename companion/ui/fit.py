"""Text that does not fit its label: what a player would see cut at an edge or shortened with "…".

``cut_labels(widget)`` measures every label shown under ``widget`` the way Kivy would draw its whole text
(wrapped at the label's width when it wraps, on one line when it shortens) and lists those whose text
needs more room than the label has. The screenshot tours and the UI tests use it; nothing here changes
what is shown.
"""
from __future__ import annotations

from typing import Any

#: Rounding slack, in pixels: a measure this close to the label's size counts as fitting.
SLACK = 1.0
#: Kivy's ``shorten`` cuts a text that comes within this many pixels of the label's width
#: (``kivy.core.text.LabelBase.shorten``'s ``margin``).
SHORTEN_MARGIN = 2.0


def _shown(widget: Any, top: Any) -> bool:
    node = widget
    while node is not None and node is not top and node is not node.parent:
        if node.opacity == 0 or node.width <= 0 or node.height <= 0:
            return False
        node = node.parent
    return top.opacity > 0 and top.width > 0 and top.height > 0


def needed_size(label: Any, width: float | None) -> tuple[float, float]:
    """The size ``label``'s whole text takes at its font, wrapped at ``width`` (``None``: one line each)."""
    from kivy.uix.label import Label

    probe = Label(text=label.text, markup=label.markup, font_name=label.font_name, bold=label.bold,
                  italic=label.italic, line_height=label.line_height, padding=label.padding,
                  halign=label.halign, text_size=(width, None))
    probe.font_size = label.font_size  # the label's own size, whatever it is
    probe.texture_update()
    return float(probe.texture_size[0]), float(probe.texture_size[1])


def cut_labels(top: Any) -> tuple[int, list[str]]:
    """How many labels with text are shown under ``top``, and a line for each whose text is cut.

    A label that wraps (``text_size`` width set) is cut when its wrapped text takes two lines or more and
    is taller than the label (by more than a quarter of its font size: a line's box has blank space above
    and below its glyphs), or a word is wider than it; one that shortens (``shorten``) when its text on
    one line is wider than the label; one without ``text_size`` when its texture is wider than the label.
    """
    from kivy.uix.label import Label

    seen, cut = 0, []
    widgets = list(top.walk(restrict=True))
    top = widgets[0]  # the widget itself, not the weak proxy ``ids`` give
    for widget in widgets:
        if not isinstance(widget, Label) or not widget.text.strip() or not _shown(widget, top):
            continue
        width, height = widget.text_size
        if width is not None and width < 1:  # not laid out yet (Kivy's wrapping never ends at no width)
            continue
        seen += 1
        if widget.shorten:
            need_w, need_h = needed_size(widget, None)
            # Kivy's margin, and no rounding slack: the SLACK added in the test below is taken back here
            room_w, room_h = (width or widget.width) - SHORTEN_MARGIN - SLACK, (height or widget.height)
        elif width is not None:
            need_w, need_h = needed_size(widget, width)
            room_w, room_h = width, (height if height is not None else widget.height)
        else:
            widget.texture_update()
            (need_w, need_h), (room_w, room_h) = widget.texture_size, widget.size
        lines = need_h / max(needed_size(widget, None)[1] / (widget.text.count("\n") + 1), 1.0)
        # a line's box has blank space above and below its glyphs: one line is never cut by height, more
        # lines are when they need more than a quarter of a font size beyond the room
        tall = lines > 1.5 and need_h > room_h + max(SLACK, widget.font_size / 4)
        if need_w > room_w + SLACK or tall:
            cut.append(f"{widget.text!r}: needs {int(need_w)}x{int(need_h)}, has {int(room_w)}x{int(room_h)}")
    return seen, cut


def print_cut(app: Any, name: str) -> list[str]:
    """Print (and return) a line for each label cut on the app's current screen, for a screenshot ``name``.

    The screenshot tours call it beside each PNG, so a tour in a new language lists the words a player
    would see shortened or clipped without anyone opening every picture.
    """
    _seen, cut = cut_labels(app.sm.current_screen)
    lines = [f"text cut on {name}: {line}" for line in cut]
    for line in lines:
        print(line)
    return lines
