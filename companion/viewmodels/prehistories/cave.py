"""A player's cave as the painting screen shows it: a 7×7 grid of cells, the preview of a tile under
the finger, and a refused placement explained in words.

The verdict is always the rules' own ``check_placement``; this module only says where to draw it and
puts its reason into the table's language.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from companion.i18n import _, tr
from rules.prehistories.cave import Placement, check_placement, legal_placements, owners
from rules.prehistories.data import CAVES, SIZE, Cell, Colour
from rules.prehistories.events import TileDiscarded, ZonesFilled
from rules.prehistories.tiles import TILES, tile_cells

from companion.viewmodels.prehistories.words import N_, cell_name, render, tile_label

#: How the rules begin a sentence about a placement (``rules.prehistories.cave._PLACED``).
PLACED = "{name} (tile {tile}), side {side} at row {row}, column {col}"
#: the rest of each refusal of ``check_placement`` -> what the painting screen says instead
_REASONS: dict[str, str] = {
    ": the game has only one {name} tile and this cave already holds it":
        N_("The game has only one such tile, and this cave already holds it."),
    ": the game has only {copies} {name} tiles and this cave already holds them all":
        N_("The game has only {copies} such tiles, and this cave already holds them all."),
    " goes outside the cave (row {r}, column {c}); the cave has rows and columns 0-6":
        N_("It would stick out of the cave."),
    " would cover the Hunter painting at row {r}, column {c}": N_("It would cover the Hunter painting."),
    " would cover a totemic animal at row {r}, column {c}": N_("It would cover a totemic animal."),
    " is the first tile, so it must reach the left column (column 0)":
        N_("The first tile must reach the cave's left edge."),
    " does not touch the painting (side by side, or through a painted Hunter or totem)":
        N_("It must touch the painting: side by side with a tile, "
           "or through the Hunter or a totem next to one."),
}
_COVER = " would cover {other_name}"


@dataclass(frozen=True)
class CellView:
    """One cell of the cave.

    ``kind``: wall, hunter, totem, hand1, hand2 (an uncovered hand print) or tile. ``edges`` says on
    which sides (top, right, bottom, left) a tile's outline runs. ``preview``: "ok" or "bad" under the
    tile being placed, else "".
    """

    row: int
    col: int
    kind: str
    animal: str
    label: str
    edges: tuple[bool, bool, bool, bool]
    preview: str


def anchor_for(tile: int, side: int, row: int, col: int) -> tuple[int, int]:
    """The anchor that puts the first square of the tile's shape (top row, leftmost) on (row, col),
    so the tile appears under the finger whatever its shape."""
    first = min(TILES[tile].shapes[side])
    return row - first[0], col - first[1]


def placement_at(tile: int, side: int, row: int, col: int) -> Placement:
    """The placement of ``tile`` on ``side`` that covers (row, col) with its first square."""
    r, c = anchor_for(tile, side, row, col)
    return Placement(tile, side, r, c)


def cave_cells(colour: Colour, placements: Sequence[Placement], preview: Placement | None = None,
               preview_ok: bool = True) -> list[CellView]:
    """The 49 cells row by row (row 0 at the top): printed cells, painted tiles with their outlines,
    and the preview's cells marked ok or bad."""
    cave = CAVES[colour]
    owner = owners(placements)
    printed = {cave.hunter: "hunter", cave.totems[0]: "totem", cave.totems[1]: "totem",
               cave.one_hand: "hand1", cave.two_hands: "hand2"}
    shown = preview.cells if preview is not None else frozenset()
    cells = []
    for r in range(SIZE):
        for c in range(SIZE):
            here = owner.get((r, c))
            if here is not None:
                kind_ = TILES[placements[here].tile]
                kind, animal, label = "tile", kind_.animal.value, cell_name(kind_.animal)
                edges = tuple(owner.get(n) != here for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)))
            else:
                kind, animal, label = printed.get((r, c), "wall"), "", ""
                edges = (False, False, False, False)
            mark = ("ok" if preview_ok else "bad") if (r, c) in shown else ""
            cells.append(CellView(r, c, kind, animal, label, edges, mark))  # type: ignore[arg-type]
    return cells


def reason_text(reason: Any) -> str:
    """A refusal of ``check_placement`` (a rules ``Text``) as one sentence in the current language."""
    template = getattr(reason, "template", str(reason))
    params = dict(getattr(reason, "params", {}) or {})
    if template.startswith(PLACED):
        rest = template[len(PLACED):]
        if rest in _REASONS:
            return tr(_REASONS[rest], **params)
        if rest.startswith(_COVER) and params.get("other_tile") in TILES:
            return tr("It would cover the {tile} painted there.", tile=tile_label(params["other_tile"]))
    return render(template, params)


@dataclass(frozen=True)
class Preview:
    """A tile held over the cave: where it would go, and why not if it may not."""

    placement: Placement
    ok: bool
    reason: str


def preview(colour: Colour, placed: Sequence[Placement], tile: int, side: int, row: int, col: int) -> Preview:
    """The tile ``tile`` on ``side`` with its first square on (row, col), judged by ``check_placement``."""
    p = placement_at(tile, side, row, col)
    refusal = check_placement(colour, placed, p)
    if refusal is None:
        return Preview(p, True, _("It fits here: tap Paint to place it."))
    return Preview(p, False, reason_text(refusal))


@dataclass(frozen=True)
class TileChoice:
    """A tile taken this round, waiting to be painted: both sides' shapes and whether it fits at all."""

    index: int
    tile: int
    label: str
    animal: str
    sides: tuple[tuple[Cell, ...], tuple[Cell, ...]]
    fits: bool


def tile_choices(colour: Colour, placed: Sequence[Placement], taken: Iterable[int]) -> list[TileChoice]:
    """The tiles to paint, in the order they were taken."""
    out = []
    for i, tile in enumerate(taken):
        kind = TILES[tile]
        out.append(TileChoice(i, tile, tile_label(tile), kind.animal.value, kind.shapes,
                              bool(legal_placements(colour, placed, tile))))
    return out


def shape_cells(tile: int, side: int) -> frozenset[Cell]:
    """The squares of ``tile`` on ``side`` relative to its anchor (for drawing the shape alone)."""
    return tile_cells(tile, side, 0, 0)


def discards_this_round(events: Iterable[Any], colour: Colour) -> list[str]:
    """Tiles ``colour`` had to discard this round (they fitted nowhere), by name."""
    out: list[str] = []
    for event in events:
        if isinstance(event, ZonesFilled):
            out = []
        elif isinstance(event, TileDiscarded) and event.colour is colour:
            out.append(tile_label(event.tile))
    return out


def hand_print_note(colour: Colour, placements: Sequence[Placement]) -> str:
    """Which hand prints are still open: "Hand prints open: 1 card, 2 cards" or "All hand prints covered"."""
    from rules.prehistories.cave import hand_prints_covered

    covered = hand_prints_covered(colour, placements)
    open_ = [tr("+{n} cards", n=int(k)) if k == "2" else _("+1 card")
             for k, on in sorted(covered.items()) if not on]
    if not open_:
        return _("Both hand prints covered")
    return tr("Hand prints still open: {list}", list=", ".join(open_))
