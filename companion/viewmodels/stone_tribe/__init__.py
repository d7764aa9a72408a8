"""What the 石器部落 screens show, as plain values: player cards, the turn line, the draft, the payout
preview and the final ranking.

Built from a ``rules.stone_tribe.GameState`` with the rules' own helpers (``payout``, ``standings``,
``rolloff_due``, ``draft_order``), so no screen decides a rule itself. Texts are in the current language
(``stone_tribe_text._``). Nothing here imports Kivy.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.viewmodels.stone_tribe.text import _, names_list, resource_name, resource_short, skill_name, tr
from rules.stone_tribe import (
    RESOURCE_KINDS, SKILLS, GameState, Phase, Resources, draft_order, payout, rolloff_due, standings,
)
from rules.stone_tribe.data import HAND_LIMIT, LEARN_COST_SHELLS, MAX_SKILL_CARDS
from rules.stone_tribe.ranking import decided_by, entries_of

#: eight seat colours (RGBA), easy to tell apart across a table; seat i takes colour i
SEAT_COLOURS: tuple[tuple[float, float, float, float], ...] = (
    (0.82, 0.24, 0.20, 1), (0.22, 0.46, 0.80, 1), (0.25, 0.62, 0.30, 1), (0.93, 0.77, 0.18, 1),
    (0.58, 0.36, 0.72, 1), (0.92, 0.50, 0.16, 1), (0.18, 0.64, 0.66, 1), (0.80, 0.38, 0.58, 1),
)
#: seats whose colour is light enough to need dark text
LIGHT_SEATS = frozenset({3, 5})


def seat_colour(seat: int) -> tuple[float, float, float, float]:
    """The colour of seat ``seat`` (cycling after eight)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_text(seat: int) -> tuple[float, float, float, float]:
    """A text colour readable on ``seat_colour(seat)``."""
    return (0.15, 0.12, 0.05, 1) if seat % len(SEAT_COLOURS) in LIGHT_SEATS else (0.98, 0.96, 0.92, 1)


def resources_line(res: Resources, sign: str = "") -> str:
    """Resource cards in short words, e.g. "+2 木 +1 鱼" (``sign`` "+") or "2 木 1 鱼"; "—" when empty."""
    parts = [f"{sign}{n} {resource_short(k)}" for k, n in res.items() if n]
    return "  ".join(parts) if parts else "—"


@dataclass(frozen=True)
class SkillView:
    """A learned skill card: its name, the resource it earns and the numbers printed on it."""

    skill: str
    name: str
    resource: str
    numbers: str


@dataclass(frozen=True)
class PlayerView:
    """One player's card on the table."""

    seat: int
    name: str
    shells: int
    skills: tuple[SkillView, ...]
    resources: tuple[tuple[str, int], ...]
    hand: int
    blue: int
    is_current: bool
    is_start: bool
    controls_demand: bool


def player_views(state: GameState) -> list[PlayerView]:
    """Every player's card, in seating order (the order the marker travels)."""
    current = state.current
    start = state.players[state.start].name
    out = []
    for seat, p in enumerate(state.players):
        skills = tuple(SkillView(c.skill, skill_name(c.skill), c.resource,
                                 "·".join(str(n) for n in c.numbers)) for c in p.skills)
        out.append(PlayerView(
            seat=seat, name=p.name, shells=p.shells, skills=skills, resources=tuple(p.resources.items()),
            hand=p.hand, blue=len(p.blue_cards), is_current=p.name == current, is_start=p.name == start,
            controls_demand=state.phase == Phase.NEGOTIATION and state.controller == p.name,
        ))
    return out


def seat_of(state: GameState, name: str) -> int:
    """The seat (colour index) of the player called ``name``."""
    return state.names.index(name)


def status_line(state: GameState) -> str:
    """The top bar: "Round 2 of 3 · Bo's turn", "Free skills: pick 3 of 12", "Roll-off", "Game over"."""
    if state.phase == Phase.DRAFT:
        view = draft_view(state)
        return tr("Free skills: pick {n} of {total}", n=view.pick, total=view.total)
    if state.phase == Phase.ROLLOFF:
        return _("Game over: the leaders roll off")
    if state.phase == Phase.OVER:
        return _("Game over")
    return tr("Round {n} of {rounds}", n=state.round, rounds=state.rounds) + "  ·  " + \
        tr("{name}'s turn", name=state.current)


def prompt(state: GameState) -> str:
    """What happens next, in one line."""
    who = state.current or ""
    if state.phase == Phase.DRAFT:
        return tr("{name} chooses a free skill", name=who)
    if state.phase == Phase.DRAW:
        return tr("{name}: draw a chance card", name=who)
    if state.phase == Phase.ROLL:
        return tr("{name}: roll the two fate dice", name=who)
    if state.phase == Phase.MAIN and not state.demand_done:
        return tr("{name}: turn up a demand card", name=who)
    if state.phase == Phase.MAIN:
        return tr("{name}: learn a skill, play chance cards, or end the turn", name=who)
    if state.phase == Phase.NEGOTIATION:
        return tr("Negotiation: {name} decides the deal", name=state.controller)
    if state.phase == Phase.ROLLOFF:
        return tr("Tied for first: {names} roll the fate dice", names=names_list(rolloff_due(state)))
    return tr("{name} is the great chief", name=state.winner)


def end_turn_label(state: GameState) -> str:
    """The end-turn button: says when the hand limit will make the player discard."""
    me = state.player(state.current or state.names[0])
    if me.hand > HAND_LIMIT:
        return tr("End turn (discard {n}: hand limit {limit})", n=me.hand - HAND_LIMIT, limit=HAND_LIMIT)
    return _("End turn")


def learn_label(state: GameState) -> str:
    """The learn button, with its price, or why it is not possible now."""
    me = state.player(state.current or state.names[0])
    if state.learned_this_turn:
        return _("Skill learned this turn")
    if len(me.skills) >= MAX_SKILL_CARDS:
        return tr("{n} skills: the most", n=MAX_SKILL_CARDS)
    return tr("Learn a skill ({n} shells)", n=LEARN_COST_SHELLS)


# -- the draft ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DraftView:
    """The free-skill snake draft: which pick this is, who picks, who follows, and which way it runs."""

    pick: int  # 1-based
    total: int
    picker: str
    upcoming: tuple[str, ...]
    second_pass: bool


def draft_view(state: GameState) -> DraftView:
    """Where the snake draft stands: along the turn order first, then back from the last player."""
    picks = draft_order(state.order)
    i = min(state.turn, len(picks) - 1)
    return DraftView(i + 1, len(picks), picks[i], picks[i + 1:i + 4], i >= len(state.order))


def draft_line(view: DraftView) -> str:
    """"Pick 3 of 12 · then Chen, Dai" (and which pass it is)."""
    passing = _("second pass, back from the last player") if view.second_pass else _("first pass")
    line = tr("Pick {n} of {total}", n=view.pick, total=view.total) + "  ·  " + passing
    if view.upcoming:
        line += "  ·  " + tr("then {names}", names=names_list(view.upcoming))
    return line


def stack_left(state: GameState, skill: str) -> int:
    """Cards still in ``skill``'s stack."""
    return state.options.skill_cards_per_skill - state.skill_cards_taken(skill)


# -- the fate dice ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class EarnView:
    """One player's earnings from a roll, for the preview."""

    seat: int
    name: str
    earned: tuple[tuple[str, int], ...]  # (kind, count) for kinds earned
    text: str


def payout_preview(state: GameState, dice: tuple[int, int]) -> list[EarnView]:
    """Who earns what from ``dice`` (not yet confirmed), in turn order; players earning nothing left out."""
    out = []
    for name, res in payout(state, dice).items():
        if res.total():
            earned = tuple((k, n) for k, n in res.items() if n)
            text = tr("{name}: {gain}", name=name, gain=resources_line(res, "+"))
            out.append(EarnView(seat_of(state, name), name, earned, text))
    return out


def payout_summary(state: GameState, dice: tuple[int, int]) -> str:
    """One line over the preview: "3 and 5: 4 players earn 6 resource cards", or that nobody earns."""
    views = payout_preview(state, dice)
    if not views:
        return tr("{a} and {b}: nobody earns anything", a=dice[0], b=dice[1])
    cards = sum(n for v in views for _k, n in v.earned)
    return tr("{a} and {b}: {players} players earn {cards} resource cards", a=dice[0], b=dice[1],
              players=len(views), cards=cards)


# -- the end ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RankRow:
    """One row of the final ranking."""

    seat: int
    rank: int
    name: str
    shells: int
    resource_cards: int
    rolloff: str
    due: bool  # still has to roll in the current roll-off


def ranking(state: GameState) -> list[RankRow]:
    """The players from first place down (ties share a rank), with their tie-break numbers."""
    due = set(rolloff_due(state))
    rows = [RankRow(seat_of(state, s.name), s.rank, s.name, s.shells, s.resource_cards,
                    " → ".join(str(t) for t in s.rolloff) or "—", s.name in due) for s in standings(state)]
    return sorted(rows, key=lambda r: (r.rank, r.seat))


def outcome_line(state: GameState) -> str:
    """How the game was decided, in words (or who still has to roll off)."""
    if state.phase == Phase.ROLLOFF:
        due = rolloff_due(state)
        return tr("Shells and resource cards are tied: {names} roll the fate dice, highest total wins",
                  names=names_list(due))
    if state.winner is None:
        return ""
    how = decided_by(entries_of(state))
    if how == "shells":
        return tr("{name} has the most shells and becomes the great chief", name=state.winner)
    if how == "resource cards":
        return tr("Shells tied: {name} has the most resource cards and becomes the great chief",
                  name=state.winner)
    return tr("Shells and resource cards tied: {name} won the roll-off and becomes the great chief",
              name=state.winner)


def skill_choices() -> list[tuple[str, str, str]]:
    """``(skill key, name, resource kind)`` for the five skills, in the table's order."""
    return [(k, skill_name(k), s.resource) for k, s in SKILLS.items()]


def resource_choices() -> list[tuple[str, str]]:
    """``(kind, name)`` for the five resources, in the table's order."""
    return [(k, resource_name(k)) for k in RESOURCE_KINDS]


#: resource kind -> hex colour of its skill's name on the player cards
RESOURCE_HEX = {"fruit": "ff8a5c", "stone": "b8bcc4", "meat": "f08a8a", "wood": "d29a5c", "fish": "7cc0f0"}


def skills_markup(view: PlayerView) -> str:
    """The skill cards of a player as Kivy markup, two to a line: "[color=..]伐木[/color] 3·5   ..."."""
    from companion.viewmodels.stone_tribe.text import skill_short

    if not view.skills:
        return "[color=9a9080]" + _("no skills yet") + "[/color]"
    cards = [f"[color={RESOURCE_HEX[s.resource]}][b]{skill_short(s.skill)}[/b][/color] {s.numbers}"
             for s in view.skills]
    return "\n".join("   ".join(cards[i:i + 2]) for i in range(0, len(cards), 2))
