"""The Dice screen without a window: the dice, the sum, the tools chosen, the advice and the result."""
from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import _, tr
from rules.stone_age.data import DIE_REWARD, GATHERING, Area
from rules.stone_age.state import PlayerState
from rules.stone_age.tools import ToolAdvice, advise

from companion.viewmodels.stone_age import area_label, resource_label


@dataclass(frozen=True)
class RollView:
    """A gathering roll being entered: what it yields with the tools chosen, and what to advise."""

    dice: tuple[int, ...]
    total: int
    added: int
    result: int
    what: str
    result_text: str
    advice_text: str
    #: the advice names tools to add ("Add and confirm" takes them and confirms the roll)
    advised: bool = False


def gather_view(area: Area, dice: tuple[int, ...], player: PlayerState, tiles: tuple[int, ...],
                cards: tuple[int, ...], show_advice: bool = True) -> RollView:
    """The result of ``dice`` at ``area`` with tool tiles ``tiles`` (indexes) and one-use ``cards`` (values).

    ``result_text`` reads like "(14 + 2) ÷ 3 → 5 Wood"; the advice names the unused tools that reach
    the next whole result, or says none helps.
    """
    resource, divisor = GATHERING[area]
    what = "food" if resource is None else resource.value
    total = sum(dice)
    added = sum(player.tools[i] for i in tiles) + sum(cards)
    result = (total + added) // divisor
    summed = f"({total} + {added})" if added else f"{total}"  # the tools add before the division
    text = f"{summed} ÷ {divisor} → {result} {resource_label(what)}"
    advice, advised = "", False
    if show_advice and dice and 0 not in dice:
        found = tool_advice(area, dice, player)
        advice, advised = advice_text(found, player, divisor), bool(found.tiles or found.cards)
    return RollView(tuple(dice), total, added, result, what, text, advice, advised)


def tool_advice(area: Area, dice: tuple[int, ...], player: PlayerState) -> ToolAdvice:
    """The rules' advice for a roll of ``dice`` at ``area``: the player's unused tools that reach the
    next whole result (what the dice screen shows and "Add and confirm" takes)."""
    used = tuple(player.tools_used or (False,) * len(player.tools))
    return advise(sum(dice), GATHERING[area][1], player.tools, used, player.one_use_tools)


def advice_text(advice: ToolAdvice, player: PlayerState, divisor: int) -> str:
    """The rules' tool advice in words."""
    if not advice.tiles and not advice.cards:
        return _("Tools: none needed (no tool reaches the next result).")
    parts = [str(player.tools[i]) for i in advice.tiles] + [tr("one-use tool {n}", n=v) for v in advice.cards]
    return tr("Tools: add {what} → {n}", what=" + ".join(parts), n=advice.result)


def roll_card_view(resource: str, dice: tuple[int, ...]) -> str:
    """A "roll for a resource" card: two dice, divided as at the resource's area."""
    area = {"wood": Area.FOREST, "brick": Area.CLAY_PIT, "stone": Area.QUARRY, "gold": Area.RIVER}[resource]
    divisor = GATHERING[area][1]
    return f"{sum(dice)} ÷ {divisor} → {sum(dice) // divisor} {resource_label(resource)}"


def die_reward(value: int) -> str:
    """What a "dice for everyone" die gives: 1 Wood … 5 Tool, 6 Agriculture."""
    return resource_label(DIE_REWARD[value])


def title_for_gather(name: str, area: Area, figures: int) -> str:
    """"Ann · Forest · 3 dice"."""
    return f"{name}  ·  {area_label(area)}  ·  " + (_("1 die") if figures == 1 else tr("{n} dice", n=figures))
