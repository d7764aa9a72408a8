"""Totems at a glance: per player and per objective, who met each goal card first, and the ranking."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from companion.i18n import _, tr
from rules.prehistories.data import TOTEMS, Colour
from rules.prehistories.events import CardsDrawn, DrawReason, ObjectiveMet, TileDiscarded
from rules.prehistories.state import Player, State

from companion.viewmodels.prehistories.words import goal_text, goal_title, goal_values, objective_name, tile_label

#: marks the player who met a goal card first
FIRST = "★"


@dataclass(frozen=True)
class TotemRow:
    """One objective: its name, what it asks, and each player's totems on it ("2★", "1", "")."""

    key: str
    title: str
    detail: str
    cells: tuple[str, ...]
    first: str  # the name of the player who met it first, or ""


def _count(player: Player, match: str) -> int:
    return sum(a.totems for a in player.awards if a.objective.split(" ")[0] == match)


def totem_rows(state: State) -> list[TotemRow]:
    """Rows, columns and Legendary animals (repeatable, 1 totem each), then each goal card in play."""
    rows = []
    permanent = (("row", _("Rows completed"), _("1 totem per row")),
                 ("column", _("Columns completed"), _("1 totem per column")),
                 ("legendary", _("Legendary animals"), _("1 totem per Legendary tile")))
    for key, title, detail in permanent:
        cells = tuple(str(_count(p, key) or "") for p in state.players)
        rows.append(TotemRow(key, title, detail, cells, ""))
    for goal in state.goals:
        first = state.first_to_meet(goal)
        cells = []
        for p in state.players:
            got = sum(a.totems for a in p.awards if a.objective == goal)
            cells.append(f"{got}{FIRST}" if got and first is p.colour else str(got) if got else "")
        detail = f"{goal_text(goal)}  ({goal_values(goal)})"
        rows.append(TotemRow(goal, goal_title(goal), detail, tuple(cells),
                             state.player(first).name if first else ""))
    return rows


def totals(state: State) -> tuple[str, ...]:
    """Each player's totems placed, "5/8"."""
    return tuple(f"{p.totems}/{TOTEMS}" for p in state.players)


@dataclass(frozen=True)
class RankRow:
    """A player on the winner screen."""

    place: int
    name: str
    colour: str
    totems: int
    is_winner: bool


def ranking(state: State) -> list[RankRow]:
    """The winner first, then the others by totems placed (ties share a place)."""
    players = sorted(state.players, key=lambda p: (p.colour is not state.winner, -p.totems))
    rows: list[RankRow] = []
    for i, p in enumerate(players):
        same = rows and not rows[-1].is_winner and rows[-1].totems == p.totems
        place = rows[-1].place if same else i + 1
        rows.append(RankRow(place, p.name, p.colour.value, p.totems, p.colour is state.winner))
    return rows


def winner_line(state: State) -> str:
    """"Ann wins!" once someone has placed every totem, else ""."""
    if state.winner is None:
        return ""
    return tr("{name} wins!", name=state.player(state.winner).name)


def goal_checklist(state: State, colour: Colour) -> list[str]:
    """The goal cards in play for one player: "✓ Card 2 · Sun: Paint the central 3×3 block (2★)" when
    met (★ when first), "○ …" when not yet."""
    player = state.player(colour)
    lines = []
    for goal in state.goals:
        got = sum(a.totems for a in player.awards if a.objective == goal)
        if got:
            star = FIRST if state.first_to_meet(goal) is colour else ""
            lines.append(f"✓ {goal_title(goal)}: {goal_text(goal)} ({got}{star})")
        else:
            lines.append(f"○ {goal_title(goal)}: {goal_text(goal)}")
    return lines


def news(state: State, events: Iterable[Any]) -> str:
    """What a move earned, for a banner: totems placed (and on what, ★ when first) and cards drawn for
    hand prints, e.g. "Ann: +2 totems, Card 5 · Sun ★ · +1 totem, Row 4 · draws 2 cards (hand print)",
    then any tile the rules discarded because it fits nowhere ("Bo discards Fish · 1 square: …")."""
    events = list(events)
    parts: list[str] = []
    for event in events:
        if isinstance(event, ObjectiveMet):
            what = objective_name(event.objective) + (" " + FIRST if event.first else "")
            parts.append(tr("+{n} totems, {what}", n=event.totems, what=what) if event.totems != 1
                         else tr("+1 totem, {what}", what=what))
        elif isinstance(event, CardsDrawn) and event.reason is DrawReason.HAND_PRINT:
            parts.append(tr("draws {n} cards (hand print)", n=event.count) if event.count != 1
                         else _("draws 1 card (hand print)"))
    discards = [tr("{name} discards {tile}: it fits nowhere.", name=state.player(e.colour).name,
                   tile=tile_label(e.tile)) for e in events if isinstance(e, TileDiscarded)]
    if parts:
        colour = next(e.colour for e in events if isinstance(e, (ObjectiveMet, CardsDrawn))
                      and (not isinstance(e, CardsDrawn) or e.reason is DrawReason.HAND_PRINT))
        parts = [f"{state.player(colour).name}: " + " · ".join(parts)]
    return "  ".join(parts + discards)


def firsts_line(state: State) -> str:
    """Goal cards met first, "Card 2 · Sun: Ann" joined, or a note that none has been met yet."""
    parts = [f"{goal_title(g)}: {state.player(c).name}" for g, c in state.firsts]
    return "   ".join(parts) if parts else _("No goal card met yet.")
