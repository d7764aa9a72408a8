"""``describe(state_before, event) -> Text``: each event's reason, as a player reads it in the history.

Every reason is a ``rules.text.Text``: the English line plus its template and params (resource lists,
counts and other parts nested as ``Text``), so the app can show the same line in Chinese.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..text import Text
from .data import CHANCE_COLOURS, skill_label
from .events import (
    ChanceCardDrawn,
    ChanceCardPlayed,
    ChanceCardsDiscarded,
    DemandCompleted,
    DemandDiscarded,
    DemandRevealed,
    FateDiceRolled,
    GameEnded,
    GameStarted,
    ResourcesEarned,
    RollOffRolled,
    SkillDrafted,
    SkillLearned,
    StartingHandsDealt,
    TurnEnded,
    TurnStarted,
    WinnerDeclared,
)
from .state import GameState, SkillCard
from .words import cards_text, gain_text, listing, resource_text, shells_text


def _card(card: SkillCard) -> Text:
    return Text("{skill} ({numbers})", skill=skill_label(card.skill), numbers=listing([str(n) for n in card.numbers]))


def _dice(d: tuple[int, int]) -> Text:
    return Text("{first} and {second}", first=d[0], second=d[1])


def _started(s: GameState | None, e: GameStarted) -> Text:
    order = e.players[e.start:] + e.players[:e.start]
    line = Text("New game: {names}; {rounds} rounds; {who} starts", names=listing(order), rounds=e.rounds,
                who=order[0])
    for warning in e.warnings:
        line = Text("{line} ({warning})", line=line, warning=warning)
    return line


def _revealed(s: GameState | None, e: DemandRevealed) -> Text:
    d = e.demand
    reward: str = shells_text(d.shells)
    if d.chance_cards:
        reward = Text("{shells} and {cards}", shells=reward, cards=cards_text(d.chance_cards))
    line = Text("{player} turns up a demand: {cost} for {reward}", player=e.player, cost=resource_text(d.cost),
                reward=reward)
    return Text("{line} ({note})", line=line, note=d.note) if d.note else line


def _share(player: str, shells: int, cards: int) -> Text:
    if shells and cards:
        return Text("{player} +{shells} +{cards}", player=player, shells=shells_text(shells), cards=cards_text(cards))
    return Text("{player} +{gain}", player=player, gain=shells_text(shells) if shells else cards_text(cards))


def _completed(s: GameState | None, e: DemandCompleted) -> Text:
    parts: list[Text] = [Text("{player} pays {resources}", player=p.player, resources=resource_text(p.resources))
                        for p in e.payments]
    parts += [_share(g.player, g.shells, g.chance_cards) for g in e.shares if g.shells or g.chance_cards]
    return Text("Demand completed ({controller}'s deal): {parts}", controller=e.controller,
                parts=_semicolons(parts))


def _semicolons(items: list[Text]) -> Text:
    """``items`` joined with "; " as a ``Text`` chain."""
    if len(items) <= 1:
        return items[0] if items else Text("nothing")
    return Text("{first}; {rest}", first=items[0], rest=_semicolons(items[1:]))


def _played(s: GameState | None, e: ChanceCardPlayed) -> Text:
    colour = CHANCE_COLOURS[e.colour]
    head = Text("{player} plays a {colour} chance card", player=e.player, colour=colour.key)
    if e.note:
        head = Text("{line}: {note}", line=head, note=e.note)
    parts: list[Text] = [head]
    for a in e.effect:
        bits: list[str] = [gain_text(a.gain, a.lose)] if a.gain.total() or a.lose.total() else []
        if a.shells:
            bits.append(Text("{count:+d} shells", count=a.shells))
        if a.chance_cards:
            bits.append(Text("{count:+d} chance cards", count=a.chance_cards))
        if bits:
            parts.append(Text("{player} {change}", player=a.player, change=listing(bits)))
    if e.take_control:
        parts.append(Text("{player} takes control of the demand", player=e.player))
    return _semicolons(parts)


def _winner(s: GameState | None, e: WinnerDeclared) -> Text:
    if e.decided_by == "shells":
        return Text("{player} wins with the most shells and becomes the great chief (大酋長)", player=e.winner)
    if e.decided_by == "resource cards":
        return Text("{player} wins on resource cards (shells tied) and becomes the great chief (大酋長)",
                    player=e.winner)
    return Text("{player} wins the roll-off (shells and resource cards tied) and becomes the great chief (大酋長)",
                player=e.winner)


_DESCRIBERS: dict[type, Callable[[Any, Any], Text]] = {
    GameStarted: _started,
    SkillDrafted: lambda s, e: Text("{player} learns {card} free: {gain}", player=e.player, card=_card(e.card),
                                    gain=gain_text(e.resources)),
    StartingHandsDealt: lambda s, e: Text("Everyone draws {cards} to start", cards=cards_text(e.cards)),
    TurnStarted: lambda s, e: Text("Round {round}: {player}'s turn", round=e.round, player=e.player),
    ChanceCardDrawn: lambda s, e: Text("{player} draws a chance card", player=e.player),
    FateDiceRolled: lambda s, e: Text("{player} rolls {dice} ({source})", player=e.player, dice=_dice(e.dice),
                                      source=e.source),
    ResourcesEarned: lambda s, e: Text("{player} {gain} (rolled {dice})", player=e.player,
                                       gain=gain_text(e.resources), dice=_dice(e.dice)),
    DemandRevealed: _revealed,
    DemandCompleted: _completed,
    DemandDiscarded: lambda s, e: Text("{player} discards the demand unfulfilled", player=e.controller),
    SkillLearned: lambda s, e: Text("{player} learns {card}: -{shells}", player=e.player, card=_card(e.card),
                                    shells=shells_text(e.shells)),
    ChanceCardPlayed: _played,
    ChanceCardsDiscarded: lambda s, e: Text("{player} discards {cards} ({reason})", player=e.player,
                                            cards=cards_text(e.count), reason=e.reason),
    TurnEnded: lambda s, e: Text("{player} passes the marker to the right", player=e.player),
    GameEnded: lambda s, e: Text("Game over after {rounds} rounds", rounds=e.rounds),
    RollOffRolled: lambda s, e: Text("{player} rolls {dice} in the roll-off: {total}", player=e.player,
                                     dice=_dice(e.dice), total=sum(e.dice)),
    WinnerDeclared: _winner,
}


def describe(state: GameState | None, event: Any) -> Text:
    """The reason ``event`` is in the history, e.g. ``"Ann +1 fish (rolled 3 and 5)"`` (a ``Text``)."""
    fn = _DESCRIBERS.get(type(event))
    return fn(state, event) if fn else Text("{name}", name=type(event).__name__)
