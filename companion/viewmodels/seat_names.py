"""The names typed on a setup screen: the one check Home and the 石器部落 and Prehistories setups share.

Two names are the same player when they differ only by case, spaces or Unicode form ("Ann", "ann ",
"Ａｎｎ"), as the rules and ``main.py score`` see it (``rules.names``); a name that holds a control or
invisible character (it would break the printed tables) is refused before the game starts."""
from __future__ import annotations

from collections.abc import Sequence

from companion.i18n import _, tr
from rules.names import first_repeat, name_problem


def names_problem(names: Sequence[str]) -> str | None:
    """Why these seats' names cannot start a game, in the current language; None when they can."""
    if any(not n.strip() for n in names):
        return _("Every player needs a name.")
    for name in names:
        if name_problem(name) is not None:
            shown = "".join(ch if ch.isprintable() else "?" for ch in name.strip())
            return tr("{name}: a name cannot hold control or invisible characters.", name=shown)
    if first_repeat(names) is not None:
        return _("Two players have the same name.")
    return None
