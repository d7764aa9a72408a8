"""The game data of 石器部落 (Stone Tribe), from the seed rule text: skills, resources, chance-card
colours, player counts, costs and limits.

Everything the seed does not print (the numbers on each skill card, each demand card's cost and reward,
each chance card's effect) is entered at the table and carried by commands, never kept here.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Skill:
    """A skill (技能) and the resource (資源) its cards earn."""

    key: str
    zh: str
    en: str
    resource: str
    resource_zh: str


#: The five skills, in the seed's order. 採集→果, 挖礦→石, 狩獵→肉, 伐木→木, 捕魚→魚.
SKILLS: dict[str, Skill] = {
    s.key: s
    for s in (
        Skill("gathering", "採集", "Gathering", "fruit", "果"),
        Skill("mining", "挖礦", "Mining", "stone", "石"),
        Skill("hunting", "狩獵", "Hunting", "meat", "肉"),
        Skill("logging", "伐木", "Logging", "wood", "木"),
        Skill("fishing", "捕魚", "Fishing", "fish", "魚"),
    )
}

#: The five resource kinds, in the seed's order (the field order of ``Resources``).
RESOURCE_KINDS: tuple[str, ...] = tuple(s.resource for s in SKILLS.values())

#: Resource kind -> its Chinese name.
RESOURCE_ZH: dict[str, str] = {s.resource: s.resource_zh for s in SKILLS.values()}


@dataclass(frozen=True)
class ChanceColour:
    """When a chance card (機會卡) of one colour may be played, and where it goes afterwards.

    ``phases``: the turn phases it may be played in. ``own_turn``: only the current player may play it.
    ``reaction``: only right after another player played a chance card. ``stays``: it stays face up in
    front of its player instead of being discarded. ``takes_control``: it may give its player control of
    the demand under negotiation.
    """

    key: str
    zh: str
    en: str
    phases: frozenset[str]
    own_turn: bool
    reaction: bool
    stays: bool
    takes_control: bool
    timing: str


CHANCE_COLOURS: dict[str, ChanceColour] = {
    c.key: c
    for c in (
        ChanceColour("gold", "金色", "Gold", frozenset({"main", "negotiation"}), False, True, False, False,
                     "a gold chance card is played only right after another player plays a chance card"),
        ChanceColour("red", "紅色", "Red", frozenset({"main"}), True, False, False, False,
                     "a red chance card is played only by the current player, after the roll, "
                     "outside negotiation"),
        ChanceColour("blue", "藍色", "Blue", frozenset({"main"}), True, False, True, False,
                     "a blue chance card is played only by the current player, after the roll, "
                     "outside negotiation"),
        ChanceColour("green", "綠色", "Green", frozenset({"negotiation"}), False, False, False, True,
                     "a green chance card is played only during a negotiation"),
    )
}

#: Players the setup accepts, and the count printed on the box (outside it the state carries a warning).
MIN_PLAYERS, MAX_PLAYERS = 2, 8
BOX_MIN_PLAYERS, BOX_MAX_PLAYERS = 4, 8

#: (most players, rounds): 4 or fewer players play 4 rounds, 5 or more play 3.
ROUNDS_BY_PLAYERS: tuple[tuple[int, int], ...] = ((4, 4), (MAX_PLAYERS, 3))

FREE_DRAFT_PASSES = 2           # skills learned free at setup, in a snake draft
STARTING_RESOURCES_PER_CARD = 2  # resources of its kind per drafted skill card
STARTING_HAND = 1               # chance cards each player draws at setup
CHANCE_CARDS_PER_TURN = 1       # drawn at the start of each turn
LEARN_COST_SHELLS = 3           # shells to learn one skill during a turn
LEARNS_PER_TURN = 1
MAX_SKILL_CARDS = 4             # per player
HAND_LIMIT = 4                  # chance cards in hand at the end of one's own turn
SKILL_CARDS = 30                # in the box, sorted into five stacks
DIE_FACES = range(1, 7)         # the two fate dice (命運骰子) are ordinary six-sided dice
FATE_DICE = 2
DICE_SOURCES = ("camera", "edice", "touch")  # who read a roll


def rounds_for(players: int) -> int:
    """The number of rounds the seed prescribes for ``players`` players."""
    for most, rounds in ROUNDS_BY_PLAYERS:
        if players <= most:
            return rounds
    raise ValueError(f"{players} players is more than {MAX_PLAYERS}")


def skill_label(key: str) -> str:
    """A skill's name in the rules' own language, e.g. ``"Logging"``; the catalogs give the seed's
    Chinese name (伐木), so an English screen shows no Chinese and a Chinese one no English."""
    return SKILLS[key].en
