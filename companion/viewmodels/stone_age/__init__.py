"""What the Stone Age table shows, as plain values: player panels, the phase line and the spaces.

Built from a ``GameState`` with the rules' own helpers (turns, feeding), so the screen never decides
a rule itself. Texts are in the current language (``companion.i18n``).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion import i18n
from companion.i18n import _, tr
from rules.stone_age.cards import CARD_BY_ID, Card, Effect, Multiplier
from rules.stone_age.data import BUILDING_STACKS, CARD_SLOTS, EXACT_FIGURES, GATHERING, RESOURCES, VILLAGE, Area, Resource
from rules.stone_age.huts import Hut, HutKind
from rules.stone_age.state import GameState, Phase, Placement, PlayerState
from rules.stone_age.turns import figures_left, legal_places, place_problem

RESOURCE_NAMES = ("wood", "brick", "stone", "gold")


def area_label(area: Area, slot: int = 0) -> str:
    """A space's short name on a button: "Forest", "Building 2", "Card 3"."""
    names = {
        Area.HUNTING: _("Hunting"), Area.FOREST: _("Forest"), Area.CLAY_PIT: _("Clay pit"),
        Area.QUARRY: _("Quarry"), Area.RIVER: _("River"), Area.TOOL_MAKER: _("Tool maker"),
        Area.HUT: _("Hut"), Area.FIELD: _("Field"),
    }
    if area is Area.BUILDING:
        return tr("Building {n}", n=slot)
    if area is Area.CARD:
        return tr("Card {n}", n=slot)
    return names[area]


def area_icon(area: Area) -> str:
    """The icon kind drawn on a space's button."""
    return {Area.HUNTING: "food", Area.FOREST: "wood", Area.CLAY_PIT: "brick", Area.QUARRY: "stone",
            Area.RIVER: "gold", Area.TOOL_MAKER: "tool", Area.HUT: "people", Area.FIELD: "agriculture",
            Area.BUILDING: "hut", Area.CARD: "card"}[area]


def resource_label(name: str) -> str:
    """"wood" -> "Wood" in the current language (also food, tool, agriculture)."""
    return {"wood": _("Wood"), "brick": _("Brick"), "stone": _("Stone"), "gold": _("Gold"),
            "food": _("Food"), "tool": _("Tool"), "agriculture": _("Agriculture")}.get(name, name)


def resources_listed(resources: Sequence[Resource]) -> str:
    """"3 Wood, 1 Gold" in the current language: each kind once with its count, where it was first
    paid, as the history line says it (``rules.stone_age.words.resource_list``); "" for none."""
    return _(", ").join(tr("{count} {resource}", count=n, resource=resource_label(r.value))
                        for r, n in Counter(resources).items())


def cheapest(player: PlayerState, n: int) -> tuple[Resource, ...] | None:
    """``n`` of the player's resources, the cheapest first (wood, then brick, stone, gold); None when
    the player holds fewer. What the screens fill in where a payment scores nothing (cards, food)."""
    pool = [r for r in RESOURCES for _ in range(player.amount(r))]
    return tuple(pool[:n]) if len(pool) >= n else None


@dataclass(frozen=True)
class PanelView:
    """One player's panel on the table."""

    seat: int
    name: str
    colour: str
    score: int
    food: int
    people: int
    agriculture: int
    resources: tuple[tuple[str, int], ...]
    tools: tuple[tuple[int, bool], ...]  # (value, used this round) for each of the 3 tiles (0 = none)
    one_use: tuple[int, ...]
    huts: int
    cards: int
    figures_home: int
    is_current: bool
    is_start: bool
    any_two: int = 0  # kept "any 2 resources" cards


def panel(state: GameState, seat: int) -> PanelView:
    """The panel of ``seat``: books, tools with used marks, and whether it is their turn."""
    p = state.players[seat]
    tiles = list(zip(p.tools, p.tools_used or (False,) * len(p.tools)))
    tiles += [(0, False)] * (3 - len(tiles))
    home = figures_left(state, seat) if state.phase is Phase.PLACE else 0
    return PanelView(
        seat=seat, name=p.name, colour=p.colour, score=p.score, food=p.food, people=p.people,
        agriculture=p.agriculture, resources=tuple((r, getattr(p, r)) for r in RESOURCE_NAMES),
        tools=tuple(tiles), one_use=tuple(p.one_use_tools), huts=len(p.huts), cards=len(p.cards),
        figures_home=home, is_current=state.current == seat and state.phase is not Phase.OVER,
        is_start=state.start_player == seat, any_two=p.any_two,
    )


def phase_name(phase: Phase) -> str:
    """The phase as the top bar names it."""
    return {Phase.PLACE: _("Placing figures"), Phase.ACTIONS: _("Resolving actions"),
            Phase.FEED: _("Feeding"), Phase.OVER: _("Game over")}[phase]


def status_line(state: GameState) -> str:
    """"Round 3 · Placing figures · start: Ann"."""
    start = state.players[state.start_player].name
    return tr("Round {n}", n=state.round) + "  ·  " + phase_name(state.phase) + "  ·  " + tr("Start: {name}", name=start)


def prompt(state: GameState) -> str:
    """What the current player has to do, in one line."""
    if state.phase is Phase.OVER:
        return _("The game is over: see the final scoring.")
    who = state.players[state.current].name if 0 <= state.current < state.player_count else ""
    if state.phase is Phase.PLACE:
        place = tr("{name}: place figures ({n} at home)", name=who, n=figures_left(state, state.current))
        if nobody_short(state):  # the feeding needed no tap: the table says it was done
            return tr("Round {n} fed, nobody short", n=state.round - 1) + "  ·  " + place
        return place
    if state.phase is Phase.ACTIONS:
        if state.lottery is not None:
            return tr("{name}: pick one of the dice", name=who)
        if board_turn(state):
            spaces_line = tr("{name}: tap each space your figures stand on ({n} at home)", name=who,
                             n=figures_left(state, state.current))
            if not state.placements and nobody_short(state):  # the round just opened after a feeding
                return tr("Round {n} fed, nobody short", n=state.round - 1) + "  ·  " + spaces_line
            return spaces_line
        return tr("{name}: resolve your spaces", name=who)
    return _("Feeding: everyone feeds their people")


def nobody_short(state: GameState) -> bool:
    """True when the last feeding (``GameState.feeding``, kept through the next round's placing) fed
    everyone from fields and food alone: nobody paid resources or took −10, so there was nothing to
    choose and the next round starts without a tap; the panels show each player's food."""
    if state.phase is Phase.FEED or not state.feeding:
        return False
    return not any(line.penalty or line.resources for line in state.feeding)


@dataclass(frozen=True)
class SpaceView:
    """A space button in the placement grid."""

    area: Area
    slot: int
    label: str
    icon: str
    most: int  # most figures the current player may put there now (0 = not allowed)
    exact: int  # the space takes exactly this many (0 = choose 1..most)
    on_it: str  # who is there already, e.g. "Ann 2, Bo 1"
    why: str = ""  # when ``most`` is 0 in the placing phase: the rule that forbids it, in the player's language


def board_turn(state: GameState) -> bool:
    """True while a player resolves spaces in a game where the board keeps the placement: the table
    offers every space, and a tap resolves it (placing its figures as it does)."""
    return state.board and state.phase is Phase.ACTIONS and state.lottery is None and state.current >= 0


def spaces(state: GameState) -> list[SpaceView]:
    """Every space in board order, with how many figures the current player may put there and, for a
    space they may not use, the rules' own refusal (``why``)."""
    placing = state.phase is Phase.PLACE or board_turn(state)
    allowed = {(a, s): m for a, s, m in legal_places(state, state.current)} if placing else {}
    order: list[tuple[Area, int]] = [(a, 0) for a in (Area.HUNTING, Area.FOREST, Area.CLAY_PIT, Area.QUARRY,
                                                      Area.RIVER, Area.TOOL_MAKER, Area.HUT, Area.FIELD)]
    order += [(Area.BUILDING, i) for i in range(1, BUILDING_STACKS[state.player_count] + 1)]
    order += [(Area.CARD, i) for i in range(1, CARD_SLOTS + 1)]
    views = []
    for area, slot in order:
        here = [p for p in state.placements if p.area is area and p.slot == slot]
        on_it = ", ".join(f"{state.players[p.player].name} {p.figures}" for p in here)
        most = allowed.get((area, slot), 0)
        why = ""
        if not most and placing:
            problem = place_problem(state, state.current, area, EXACT_FIGURES.get(area, 1), slot)
            why = i18n.message(problem) if problem is not None else ""
        views.append(SpaceView(area, slot, area_label(area, slot), area_icon(area), most,
                               EXACT_FIGURES.get(area, 0), on_it, why))
    return views


@dataclass(frozen=True)
class ActionView:
    """One unresolved space of the current player in the actions phase."""

    area: Area
    slot: int
    figures: int
    label: str
    kind: str  # gather | village | build | buy
    can_decline: bool
    done: bool = False  # resolved already (shown greyed, in its place)


def actions(state: GameState) -> list[ActionView]:
    """The current player's spaces still to resolve, in the order they were placed."""
    return [a for a in action_rows(state) if not a.done]


def action_rows(state: GameState) -> list[ActionView]:
    """All the current player's spaces this round in the order they were placed, the resolved ones
    marked ``done``: the rows keep their places while the player works down the list."""
    if state.phase is not Phase.ACTIONS or state.lottery is not None or state.current < 0:
        return []
    return [_action(p) for p in state.placements if p.player == state.current]


def space_action(view: SpaceView) -> ActionView:
    """What tapping ``view`` resolves when the board keeps the placement (``figures``: the most it may
    take: the dice say how many stand there)."""
    return _action(Placement(-1, view.area, view.slot, view.most))


def _action(p: Placement) -> ActionView:
    name = area_label(p.area, p.slot)
    done = p.resolved
    if p.area in GATHERING:
        return ActionView(p.area, p.slot, p.figures, tr("{space}: roll {n} dice", space=name, n=p.figures), "gather",
                          False, done)
    if p.area in VILLAGE:
        return ActionView(p.area, p.slot, p.figures, tr("{space}: take it", space=name), "village", False, done)
    if p.area is Area.BUILDING:
        return ActionView(p.area, p.slot, p.figures, tr("{space}: build", space=name), "build", True, done)
    return ActionView(p.area, p.slot, p.figures, tr("{space}: buy", space=name), "buy", True, done)


# -- huts and cards as the Build / buy screen shows them ---------------------------------------------

def hut_caption(hut: Hut) -> str:
    """A tile's requirement in words: "4 resources, 2 kinds", "1–7 resources"; fixed tiles show icons."""
    if hut.kind is HutKind.FIXED:
        return ""
    if hut.kind is HutKind.COUNT_KINDS:
        return tr("{n} res.\n{k} kinds", n=hut.count, k=hut.kinds) if hut.kinds > 1 else tr("{n} res.\n1 kind", n=hut.count)
    return tr("1–{n} res.\nany kinds", n=hut.count)


def distinct_huts(huts: tuple[Hut, ...], built: set[int]) -> list[Hut]:
    """One tile of each look that is still unbuilt (identical tiles shown once)."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for hut in huts:
        key = (hut.kind, hut.resources, hut.count, hut.kinds)
        if hut.id in built or key in seen:
            continue
        seen.add(key)
        out.append(hut)
    return out


def card_bottom(card: Card) -> str:
    """The scoring half in words: "Music" or "Farmer ×2"."""
    if card.culture is not None:
        return {"medicine": _("Medicine"), "art": _("Art"), "writing": _("Writing"), "pottery": _("Pottery"),
                "sundial": _("Sundial"), "transport": _("Transport"), "music": _("Music"),
                "weaving": _("Weaving")}[card.culture.value]
    kind = {Multiplier.FARMERS: _("Farmer"), Multiplier.TOOL_MAKERS: _("Tool maker"),
            Multiplier.HUT_BUILDERS: _("Hut builder"), Multiplier.SHAMANS: _("Shaman")}[card.multiplier]
    return f"{kind} ×{card.figures}"


def card_top(card: Card) -> str:
    """The immediate half in words: "+5 food", "roll for gold", "dice for all"."""
    e = card.effect
    if e is Effect.FOOD:
        return tr("+{n} food", n=card.amount)
    if e is Effect.RESOURCE:
        return f"+{card.amount} {resource_label(card.resource.value)}"
    if e is Effect.ROLL:
        return tr("Roll for {what}", what=resource_label(card.resource.value))
    if e is Effect.POINTS:
        return tr("+{n} points", n=card.amount)
    if e is Effect.AGRICULTURE:
        return _("+1 agriculture")
    if e is Effect.ONE_USE_TOOL:
        return tr("One-use tool {n}", n=card.amount)
    if e is Effect.TOOL:
        return _("+1 tool")
    if e is Effect.EXTRA_CARD:
        return _("Extra card")
    if e is Effect.ANY_TWO:
        return _("Any 2 resources")
    return _("Dice for all")


def distinct_cards(cards: tuple[Card, ...], taken: set[int]) -> list[Card]:
    """One card of each look still in play (the two identical Music cards shown once)."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for card in cards:
        key = (card.effect, card.amount, card.resource, card.culture, card.multiplier, card.figures)
        if card.id in taken or key in seen:
            continue
        seen.add(key)
        out.append(card)
    return out


@dataclass(frozen=True)
class CardGroup:
    """Cards with the same bottom, as a player reads the physical card: a culture symbol (green) or a
    multiplier kind with its number of figures (sand). ``cards`` are the looks still in the deck."""

    key: str  # "music", "farmers-2": the tile's tid is card-group-<key>
    label: str
    green: bool
    cards: tuple[Card, ...]


def card_group_key(card: Card) -> str:
    """The group a card is found in: its culture symbol, or its multiplier kind and figures."""
    if card.culture is not None:
        return card.culture.value
    assert card.multiplier is not None
    return f"{card.multiplier.value}-{card.figures}"


def card_groups(cards: tuple[Card, ...], taken: set[int]) -> list[CardGroup]:
    """The cards still in play grouped by bottom: the eight culture symbols first, then the sand
    cards by kind and figures, each group in table order; an empty group is left out."""
    groups: dict[str, list[Card]] = {}
    for card in distinct_cards(cards, taken):
        groups.setdefault(card_group_key(card), []).append(card)
    return [CardGroup(key, card_bottom(group[0]), group[0].culture is not None, tuple(group))
            for key, group in groups.items()]


def card_is_green(card_id: int) -> bool:
    """True for a culture (green) card."""
    return CARD_BY_ID[card_id].culture is not None


def current_player(state: GameState) -> PlayerState | None:
    """The player who has to act, or None."""
    return state.players[state.current] if 0 <= state.current < state.player_count else None
