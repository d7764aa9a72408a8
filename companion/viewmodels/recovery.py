"""The offer Home makes when the game file ends before the last moves that were saved, without a window.

``recovery_view`` turns the store's ``Recovery`` into the words of the offer, in the player's language:
one line per game naming how many history entries are missing and how many the copy brings back, and
the two choices (or one "OK" when no copy can help).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from companion.i18n import _, tr


@dataclass(frozen=True)
class RecoveryView:
    """``title`` and ``lines`` to show; ``use_copy`` is the copy button's text ("" when there is no copy)."""

    title: str
    lines: tuple[str, ...]
    use_copy: str
    keep: str


def recovery_view(recovery: Any, kept_as: str = "") -> RecoveryView:
    """The offer for ``recovery`` (a ``companion.backup.Recovery``); ``kept_as`` names the damaged file
    put aside on opening, if any."""
    when = time.strftime("%H:%M", time.localtime(recovery.copy_time)) if recovery.copy else ""
    if kept_as:
        lines = [tr("{file} was damaged: it was kept as {kept} and the games were brought back from a copy.",
                    file=recovery.file, kept=kept_as)]
    else:
        lines = [tr("{file} ends before the last moves that were saved.", file=recovery.file)]
    for loss in recovery.losses:
        back = loss.missing - loss.lost_with_copy
        if recovery.copy and back > 0:
            lines.append(tr("{name}: {n} history entries missing; the copy from {when} brings back {back}, "
                            "{lost} stay lost.", name=loss.name, n=loss.missing, when=when, back=back,
                            lost=loss.lost_with_copy))
        else:
            lines.append(tr("{name}: the last {n} history entries are lost.", name=loss.name, n=loss.missing))
    if recovery.copy:
        return RecoveryView(_("Some saved moves are missing"), tuple(lines),
                            tr("Use the copy from {when}", when=when), _("Keep the file as it is"))
    return RecoveryView(_("Some saved moves are missing"), tuple(lines), "", _("OK"))
