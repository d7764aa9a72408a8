"""What a roll of the fate dice pays, before it is committed (so the screen can show who earns what)."""
from __future__ import annotations

from typing import Any

from . import checks
from .resources import Resources
from .state import Doubles, GameState, PlayerState


def faces_counted(dice: tuple[int, int], doubles: Doubles) -> tuple[int, ...]:
    """The die faces a skill card is matched against: each die (``PER_DIE``) or each number once (``ONCE``)."""
    return dice if doubles == Doubles.PER_DIE else tuple(sorted(set(dice)))


def player_payout(player: PlayerState, dice: tuple[int, int], doubles: Doubles) -> Resources:
    """The resources ``player``'s skill cards earn from ``dice``: one of a card's resource for every
    counted face printed on that card."""
    earned = Resources()
    for card in player.skills:
        hits = sum(1 for face in faces_counted(dice, doubles) if face in card.numbers)
        if hits:
            earned = earned + Resources.of(card.resource, hits)
    return earned


def payout(state: GameState, dice: Any) -> dict[str, Resources]:
    """Every player's earnings from ``dice`` under the game's doubles option, in turn order (players who
    earn nothing get empty ``Resources``). Pure: nothing is committed. Bad dice raise ``IllegalMove``."""
    clean = checks.fate_dice(dice)
    return {name: player_payout(state.player(name), clean, state.options.doubles) for name in state.order}
