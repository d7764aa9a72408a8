"""Playing a chance card, without a window: who plays it, its colour and when that colour may be played,
and the changes its text makes to the players' books as the table reads it.

The seed prints no card effects, so the players enter each one: for any player, resources gained or
lost, shells and chance cards up or down (``EffectForm``); a green card may also take control of the
demand under negotiation.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.viewmodels.stone_tribe.text import N_, _, colour_name, colour_short, plural, resource_short, tr
from rules.stone_tribe import (
    CHANCE_COLOURS, RESOURCE_KINDS, Adjustment, GameState, Phase, PlayChanceCard, Resources,
)

#: colour -> when it may be played (shown under its button)
TIMING: dict[str, str] = {
    "gold": N_("Right after another player plays a chance card"),
    "red": N_("Own turn, after the roll, not in negotiation; discarded"),
    "blue": N_("Own turn, after the roll, not in negotiation; stays face up"),
    "green": N_("During a negotiation; may take control of the demand"),
}


@dataclass(frozen=True)
class ColourView:
    """A colour button: its name, when it may be played, and whether it may be played now by the player."""

    key: str
    name: str
    short: str
    timing: str
    playable: bool


def colour_views(state: GameState, player: str) -> list[ColourView]:
    """The four colours, each marked playable when its timing allows ``player`` to play it now.

    Mirrors the rules' timing (the rules still decide): the phase, own turn, and gold only as a reaction.
    """
    out = []
    for key, colour in CHANCE_COLOURS.items():
        ok = state.phase.value in colour.phases and state.player(player).hand > 0
        if colour.own_turn and player != state.current:
            ok = False
        if colour.reaction and (state.last_card_by is None or state.last_card_by == player):
            ok = False
        out.append(ColourView(key, colour_name(key), colour_short(key), _(TIMING[key]), ok))
    return out


def default_player(state: GameState) -> str:
    """Who is most likely to play a card now: the controller in a negotiation, else the current player."""
    if state.phase == Phase.NEGOTIATION and state.controller:
        return state.controller
    return state.current or state.names[0]


@dataclass(frozen=True)
class EffectForm:
    """The books a chance card changes: for each player a signed count of each item (resources, shells,
    cards)."""

    changes: dict[str, dict[str, int]] = field(default_factory=dict)

    def get(self, name: str, item: str) -> int:
        """``name``'s change of ``item`` (negative: loses)."""
        return self.changes.get(name, {}).get(item, 0)

    def step(self, name: str, item: str, delta: int) -> "EffectForm":
        """``name``'s ``item`` changed by ``delta``."""
        mine = {**self.changes.get(name, {}), item: self.get(name, item) + delta}
        return replace(self, changes={**self.changes, name: mine})

    def adjustments(self, order: tuple[str, ...]) -> tuple[Adjustment, ...]:
        """The effect as the rules' adjustments, players in ``order``; players with no change left out."""
        out = []
        for name in order:
            c = self.changes.get(name, {})
            gain = Resources(**{k: max(0, c.get(k, 0)) for k in RESOURCE_KINDS})
            lose = Resources(**{k: max(0, -c.get(k, 0)) for k in RESOURCE_KINDS})
            shells, cards = c.get("shells", 0), c.get("cards", 0)
            if gain.total() or lose.total() or shells or cards:
                out.append(Adjustment(name, gain, lose, shells, cards))
        return tuple(out)

    def lines(self, order: tuple[str, ...]) -> list[str]:
        """Each change in words: "Bo: +2 木 −1 鱼 +3 shells"."""
        out = []
        for adj in self.adjustments(order):
            bits = [f"+{n} {resource_short(k)}" for k, n in adj.gain.items() if n]
            bits += [f"−{n} {resource_short(k)}" for k, n in adj.lose.items() if n]
            if adj.shells:
                sign = "+" if adj.shells > 0 else "−"
                bits.append(sign + plural(abs(adj.shells), "{n} shell", "{n} shells"))
            if adj.chance_cards:
                bits.append(("+" if adj.chance_cards > 0 else "−")
                            + plural(abs(adj.chance_cards), "{n} chance card", "{n} chance cards"))
            out.append(tr("{name}: {gain}", name=adj.player, gain="  ".join(bits)))
        return out


def play_command(player: str, colour: str, effect: EffectForm, order: tuple[str, ...],
                 take_control: bool = False) -> PlayChanceCard:
    """The command that plays the card."""
    return PlayChanceCard(player, colour, effect=effect.adjustments(order), take_control=take_control)
