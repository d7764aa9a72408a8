"""Helpers of the Prehistories screenshot tour: the touch-size check and the catalogs it reads."""
from __future__ import annotations

from typing import Any


def small_targets(app: Any) -> tuple[int, list[str]]:
    """How many tappable widgets are on show, and those smaller than the touch minimum (48 design
    pixels, scaled): buttons and cave cells that are visible (no hidden parent) and enabled."""
    from kivy.uix.behaviors import ButtonBehavior

    from companion.ui import theme

    from .widgets import PhCaveCell

    least = app.u(theme.TOUCH) - 1
    found, seen = [], 0
    for widget in app.root.walk():
        if not isinstance(widget, (ButtonBehavior, PhCaveCell)) or widget.disabled:
            continue
        node, shown = widget, True
        while node is not None and node is not app.root:
            if node.opacity == 0 or node.height <= 0:
                shown = False
                break
            node = node.parent
        seen += shown
        if shown and (widget.width < least or widget.height < least):
            found.append(f"{type(widget).__name__} {getattr(widget, 'tid', '')!r} "
                         f"{int(widget.width)}x{int(widget.height)}")
    return seen, found


def use_every_catalog() -> None:
    """Make ``companion.i18n`` read every ``*.po`` of a language, ``prehistories.po`` included, when its
    loader still reads ``cairn.po`` alone (the app's loader is to merge them all; until then the tour
    does it for itself, so its screenshots show the translated screens)."""
    from companion import i18n

    if "Play face down" in i18n.load_catalog("zh_CN"):
        return
    single = i18n.load_catalog

    def merged(language: str) -> dict[str, str]:
        catalog = dict(single(language))
        folder = i18n.catalog_path(language).parent
        if language != i18n.DEFAULT_LANGUAGE and folder.is_dir():
            for po in sorted(folder.glob("*.po")):
                if po.name != i18n.catalog_path(language).name:
                    catalog.update({e.msgid: e.msgstr for e in i18n.parse_po(po.read_text(encoding="utf-8"))
                                    if e.msgstr})
        return catalog

    i18n.load_catalog = merged
