"""What the Prehistories table shows, as plain values: players, hunting zones, the phase, the plans
(masked until everyone has played) and the order of play.

Built from the rules' ``State`` and events with the rules' own helpers, so a screen never decides a
rule itself. Texts are in the current language (``companion.i18n``).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable

from companion.i18n import _, tr
from rules.prehistories.commands import ZoneFill
from rules.prehistories.data import HUNTERS, TOTEMS, Colour, Stack
from rules.prehistories.events import HuntersPlayed, TileTaken, TurnOrderSet, ZonesFilled
from rules.prehistories.setup import required_fills
from rules.prehistories.state import Phase, Player, State, cards_after_hunt
from rules.prehistories.tiles import TILES

from companion.viewmodels.prehistories.draws import tile_name_short
from companion.viewmodels.prehistories.words import stack_name, tile_label

#: shown instead of each face-down hunter card
FACE_DOWN = "■"


def phase_name(phase: Phase) -> str:
    """The phase as the top bar names it."""
    return {Phase.FILL: _("New tiles"), Phase.PLANNING: _("Planning"), Phase.HUNTING: _("Hunt"),
            Phase.PAINTING: _("Painting"), Phase.OVER: _("Game over")}[phase]


def status_line(state: State) -> str:
    """"Round 3 · Hunting"."""
    return tr("Round {n}", n=state.round) + "  ·  " + phase_name(state.phase)


#: a place in the order of play, the same in every language
PLACES = "❶❷❸❹❺"


def place_name(place: int) -> str:
    """1 -> "❶" (places 1-5; a larger place as its number)."""
    return PLACES[place - 1] if 1 <= place <= len(PLACES) else str(place)


@dataclass(frozen=True)
class PlayerView:
    """One player's chip on the table."""

    colour: str
    name: str
    totems: int
    hand: int
    deck: int
    injuries: int
    taken: int
    place: str  # "❶" in this round's order, "" before the reveal or when skipping the hunt
    note: str  # a short state: "ready", "planning…", "skips the hunt", "winner"
    is_current: bool


def player_views(state: State) -> list[PlayerView]:
    """A chip per player in seating order. Plans show only "ready" (never the cards)."""
    views = []
    for p in state.players:
        place = state.order.index(p.colour) + 1 if p.colour in state.order else 0
        views.append(PlayerView(
            colour=p.colour.value, name=p.name, totems=p.totems, hand=p.hand, deck=p.deck,
            injuries=p.injuries, taken=len(p.taken), place=place_name(place) if place else "",
            note=_note(state, p), is_current=state.current is p.colour,
        ))
    return views


def _note(state: State, p: Player) -> str:
    if state.winner is p.colour:
        return _("Winner")
    if state.phase is Phase.PLANNING:
        return _("Ready") if p.planned else _("Choosing…")
    if state.phase in (Phase.HUNTING, Phase.PAINTING) and p.colour not in state.order:
        return _("Skips the hunt")
    return ""


# -- hunting zones ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class ZoneView:
    """One hunting zone: its tile (or none), its two thresholds and what a party of ``power`` gets."""

    zone: int
    tile: int  # 0 when empty
    label: str  # the animal, or "Empty"
    size_text: str  # "2 squares" (empty for a Legendary tile or an empty zone)
    cells: tuple[tuple[int, int], ...]
    animal: str
    injury_text: str  # "4–6": takes the tile with an injury
    safe_text: str  # "7+": takes it without injury
    is_new: bool
    outcome: str  # "safe" | "injury" | "weak" | "" (nothing chosen, or the zone is empty)


def zone_views(state: State, fills: Iterable[ZoneFill] = (), power: int = 0) -> list[ZoneView]:
    """The zones in board order. ``fills`` (tiles just drawn) are shown in place and marked new;
    ``power`` > 0 grades each zone for a party worth that much."""
    drawn = {f.zone: f.tile for f in fills}
    views = []
    for i, (zone, tile) in enumerate(zip(state.zone_table, state.zones)):
        tile = drawn.get(i, tile)
        outcome = ""
        if tile is not None and power > 0:
            outcome = "safe" if power >= zone.safe else "injury" if power >= zone.injury else "weak"
        low, high = zone.injury, zone.safe - 1
        views.append(ZoneView(
            zone=i, tile=tile or 0, label=tile_name_short(tile) if tile else _("Empty"),
            size_text=stack_name(zone.stack) if tile and zone.stack is not Stack.LEGENDARY else "",
            cells=TILES[tile].shapes[0] if tile else (), animal=TILES[tile].animal.value if tile else "",
            injury_text=f"{low}–{high}" if high > low else str(low), safe_text=f"{zone.safe}+",
            is_new=i in drawn, outcome=outcome,
        ))
    return views


def draw_fills(state: State, rng: random.Random) -> tuple[ZoneFill, ...]:
    """Cairn's draw for the table ("draw for us"): a tile for each zone ``required_fills`` names that the
    players have not told yet, drawn from what is left in its stack (every copy equally likely, the tiles
    already told counted as gone), one after another, so two zones never share the last copy. The
    result is sent as ``DrawTiles(..., by_cairn=True)`` before it is shown."""
    left = dict(state.stacks)
    told = {f.zone for f in state.drawn}
    for f in state.drawn:
        left[f.tile] -= 1
    fills = []
    for zone in required_fills(state):
        if zone in told:
            continue
        stack = state.zone_table[zone].stack
        pool = [t for t, n in sorted(left.items()) if n > 0 and TILES[t].stack is stack for _copy in range(n)]
        tile = rng.choice(pool)
        left[tile] -= 1
        fills.append(ZoneFill(zone, tile))
    return tuple(fills)


# -- planning: plans stay face down ---------------------------------------------------------------
@dataclass(frozen=True)
class PlanRow:
    """A player in the planning list: ``masked`` shows how many cards lie face down, never which."""

    colour: str
    name: str
    ready: bool
    masked: str


def masked(count: int) -> str:
    """Face-down cards: "■ ■ ■", or "no hunters" for an empty plan."""
    return " ".join(FACE_DOWN * count) if count else _("no hunters")


def plan_rows(state: State) -> list[PlanRow]:
    """Who has chosen and who has not; the cards are masked."""
    return [PlanRow(p.colour.value, p.name, p.planned, masked(len(p.played)) if p.planned else "")
            for p in state.players]


def next_planner(state: State, after: Colour | None = None) -> Colour | None:
    """The next player (in seating order, after ``after``) who has not chosen yet; None when all have."""
    colours = [p.colour for p in state.players]
    start = colours.index(after) + 1 if after in colours else 0
    for colour in colours[start:] + colours[:start]:
        if not state.player(colour).planned:
            return colour
    return None


@dataclass(frozen=True)
class HunterCard:
    """One hunter card in the private entry: its value, its speed, and whether it can be played."""

    speed: int
    power: int
    playable: bool  # False when it lies in the discard pile


def hunter_cards(state: State, colour: Colour) -> list[HunterCard]:
    """The 12 cards of ``colour``, strongest first; cards in the discard pile cannot be played."""
    p = state.player(colour)
    cards = [HunterCard(h.speed, h.power, h.speed not in p.discard)
             for h in HUNTERS.values() if h.colour is colour]
    return sorted(cards, key=lambda c: (-c.power, c.speed))


def plan_summary(state: State, colour: Colour, speeds: Iterable[int]) -> str:
    """The private line under the cards: "2 of 3 cards · hunting value 7"."""
    chosen = list(speeds)
    return tr("{n} of {hand} cards · hunting value {power}", n=len(chosen), hand=state.player(colour).hand,
              power=sum(HUNTERS[s].power for s in chosen))


# -- the reveal --------------------------------------------------------------------------------------
def parties_this_round(events: Iterable[Any]) -> dict[Colour, tuple[int, ...]]:
    """Each player's revealed hunters for the latest round whose order is set (empty before that)."""
    parties: dict[Colour, tuple[int, ...]] = {}
    revealed: dict[Colour, tuple[int, ...]] = {}
    for event in events:
        if isinstance(event, ZonesFilled):
            parties = {}
        elif isinstance(event, HuntersPlayed):
            parties[event.colour] = event.speeds
        elif isinstance(event, TurnOrderSet):
            revealed = dict(parties)
    return revealed


@dataclass(frozen=True)
class OrderRow:
    """One line of the big reveal."""

    place: int  # 0 for a player who skips the hunt
    colour: str
    name: str
    power: int
    fastest: int
    values: str  # the revealed hunting values, e.g. "6 + 5 + 1"
    note: str


def order_rows(state: State, events: Iterable[Any]) -> list[OrderRow]:
    """The order of play (lowest total first; ties to the fastest hunter), then those who skip."""
    parties = parties_this_round(events)
    if not parties:
        return []
    rows = []
    for place, colour in enumerate(state.order, start=1):
        speeds = parties.get(colour, ())
        powers = sorted((HUNTERS[s].power for s in speeds), reverse=True)
        rows.append(OrderRow(place, colour.value, state.player(colour).name, sum(powers),
                             max(speeds, default=0), " + ".join(str(v) for v in powers),
                             tr("fastest {speed}", speed=max(speeds)) if speeds else ""))
    for p in state.players:
        if p.colour not in state.order:
            note = _("No hunters: skips the hunt, draws 3")
            rows.append(OrderRow(0, p.colour.value, p.name, 0, 0, "", note))
    return rows


def order_text(state: State, events: Iterable[Any]) -> str:
    """The order on one line: "1 Bo 7 → 2 Ann 9 → 3 Chen 9"."""
    rows = [r for r in order_rows(state, events) if r.place]
    return "  →  ".join(f"{r.place} {r.name} {r.power}" for r in rows)


def tie_note(state: State, events: Iterable[Any]) -> str:
    """Why tied players are in that order ("Tie on 9: the faster hunter goes first"), or ""."""
    rows = [r for r in order_rows(state, events) if r.place]
    ties = sorted({r.power for r in rows if sum(1 for o in rows if o.power == r.power) > 1})
    if not ties:
        return ""
    return tr("Tie on {power}: the player with the fastest hunter goes first", power=ties[0])


# -- hunting ----------------------------------------------------------------------------------------
def hunters_waiting(state: State) -> list[tuple[int, int]]:
    """(speed, value) of the current hunter's revealed cards not yet spent, strongest first."""
    if state.current is None:
        return []
    played = state.player(state.current).played
    return sorted(((s, HUNTERS[s].power) for s in played), key=lambda sp: (-sp[1], sp[0]))


@dataclass(frozen=True)
class TakenTile:
    """A tile taken in this round's hunt, and whether it cost an injury."""

    tile: int
    label: str
    animal: str
    cells: tuple[tuple[int, int], ...]
    injured: bool


def taken_this_round(events: Iterable[Any], colour: Colour) -> list[TakenTile]:
    """The tiles ``colour`` has taken since the round began, in order, with their injuries."""
    out: list[TakenTile] = []
    for event in events:
        if isinstance(event, ZonesFilled):
            out = []
        elif isinstance(event, TileTaken) and event.colour is colour:
            kind = TILES[event.tile]
            out.append(TakenTile(event.tile, tile_label(event.tile), kind.animal.value, kind.shapes[0],
                                 event.injured))
    return out


def draw_after_hunt(player: Player) -> int:
    """Cards the player will draw on ending the hunt now (3 with no tile; 2 less one per injury)."""
    return cards_after_hunt(len(player.taken), player.injuries)


def end_hunt_text(cards: int) -> str:
    """The end-of-hunt button: "End hunt" and the cards it draws."""
    if cards == 0:
        return _("End hunt\nno cards to draw")
    if cards == 1:
        return _("End hunt\ndraw 1 card")
    return tr("End hunt\ndraw {n} cards", n=cards)


def outcome_text(outcome: str) -> str:
    """A zone's grade for the chosen hunters, in words."""
    return {"safe": _("Safe"), "injury": _("Injury"), "weak": _("Too weak")}.get(outcome, "")


def prompt(state: State) -> str:
    """What the table waits for, in one line."""
    if state.phase is Phase.OVER:
        winner = state.player(state.winner).name if state.winner else ""
        return tr("{name} has placed all {n} totems and wins!", name=winner, n=TOTEMS)
    if state.phase is Phase.FILL:
        told = {f.zone for f in state.drawn}
        if any(z not in told for z in required_fills(state)):
            return _("New tiles: draw one from its stack for each empty zone.")
        return _("Put the drawn tiles in their hunting zones.")
    if state.phase is Phase.PLANNING:
        waiting = [p.name for p in state.players if not p.planned]
        return tr("Waiting for: {names}", names=", ".join(waiting))
    who = state.player(state.current).name if state.current else ""
    if state.phase is Phase.HUNTING:
        if state.current and not state.player(state.current).played:
            return tr("{name}: every hunter is out, end the hunt", name=who)
        return tr("{name}: choose hunters, then tap a zone", name=who)
    return tr("{name}: paint your tiles", name=who)
