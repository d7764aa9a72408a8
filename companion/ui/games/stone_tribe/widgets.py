"""Widgets of the 石器部落 screens (their looks are in ``kv/st_common.kv``).

``ItemButton``: a picture with a caption and a count (a resource, shells, a skill, a die face).
``PlayerChip``: a player's name on their seat colour, to choose whose part is being entered.
``PlayerCard``: one player's books on the table. ``FormGrid`` fills a row of item buttons for a form.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.ui.widgets import CairnButton

from . import icons  # noqa: F401  (registers StIcon with the Factory for kv)


class ItemButton(CairnButton):
    """A tappable picture (``icon``, tinted by ``tint``) with a ``caption`` under it and a ``count`` badge."""

    icon = StringProperty("wood")
    tint = ListProperty([])
    value = NumericProperty(0)
    caption = StringProperty("")
    count = StringProperty("")
    warn = BooleanProperty(False)


class PlayerChip(CairnButton):
    """A player's name on their seat colour; ``chosen`` rings it."""

    seat = NumericProperty(0)
    chosen = BooleanProperty(False)
    bg = ListProperty([0.5, 0.5, 0.5, 1])
    fg = ListProperty([1, 1, 1, 1])


class PlayerCard(BoxLayout):
    """One player's card on the table: ``view`` is a ``stone_tribe.PlayerView``."""

    view = ObjectProperty(None, allownone=True)
    tid = StringProperty("")
    bg = ListProperty([0.5, 0.5, 0.5, 1])
    fg = ListProperty([1, 1, 1, 1])
    skills_text = StringProperty("")
    compact = BooleanProperty(False)


def fill_items(box: Any, items: Iterable[tuple[str, str, str, str, bool]], on_tap: Callable[[str], None],
               tid_prefix: str, chosen: str | None = None,
               tint: dict[str, list[float]] | None = None) -> None:
    """Fill ``box`` with an ``ItemButton`` per ``(key, icon, caption, count, warn)``; a tap calls
    ``on_tap(key)``."""
    box.clear_widgets()
    for key, icon, caption, count, warn in items:
        b = ItemButton(icon=icon, caption=caption, count=count, warn=warn, tid=f"{tid_prefix}-{key}",
                       payload=key,
                       kind="selected" if key == chosen else "normal", tint=(tint or {}).get(key, []))
        b.bind(on_release=lambda btn: on_tap(btn.payload))
        box.add_widget(b)


def fill_chips(box: Any, players: Iterable[tuple[int, str]], chosen: str, on_tap: Callable[[str], None],
               tid_prefix: str = "chip") -> None:
    """Fill ``box`` with a ``PlayerChip`` per ``(seat, name)``; a tap calls ``on_tap(name)``."""
    from companion.viewmodels.stone_tribe import seat_colour, seat_text

    box.clear_widgets()
    for seat, name in players:
        b = PlayerChip(text=name, seat=seat, chosen=name == chosen, bg=list(seat_colour(seat)),
                       fg=list(seat_text(seat)), tid=f"{tid_prefix}-{seat}", payload=name, kind="ghost")
        b.color = list(seat_text(seat))
        b.bind(on_release=lambda btn: on_tap(btn.payload))
        box.add_widget(b)
