"""Stone Tribe chance cards: each colour's timing (gold, red, blue, green), control of the demand, the
effect applied to the books, and cards one does not hold."""
from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.stone_tribe import (
    RULES, Adjustment, CompleteDemand, DiscardDemand, EndTurn, Payment, Phase, PlayChanceCard, Resources,
    Share,
)
from rules.stone_tribe.events import ChanceCardPlayed

from .test_stone_tribe_support import Table, drafted, negotiating, rolled

PICKS = [("logging", (1,)), ("mining", (1,)), ("logging", (1,)),
         ("hunting", (1,)), ("gathering", (1,)), ("fishing", (1,))]
RED_TIMING = "a red chance card is played only by the current player, after the roll, outside negotiation"
GREEN_TIMING = "a green chance card is played only during a negotiation"
GOLD_TIMING = "a gold chance card is played only right after another player plays a chance card"


def after_roll() -> Table:
    """Ann's turn after the roll: Ann holds 2 chance cards, Bob and Cy 1 each."""
    return rolled(drafted(("Ann", "Bob", "Cy"), 0, picks=PICKS), (6, 6))


def refused(table: Table, command: PlayChanceCard) -> str:
    before = table.s
    with pytest.raises(IllegalMove) as exc:
        table.do(command)
    assert table.s == before
    return str(exc.value)


def test_red_is_played_by_the_current_player_after_the_roll_and_discarded() -> None:
    table = after_roll()
    (event,) = table.do(PlayChanceCard("Ann", "red", "gain 2 fruit", (Adjustment("Ann", gain=Resources(fruit=2)),)))
    assert event == ChanceCardPlayed("Ann", "red", "gain 2 fruit", (Adjustment("Ann", gain=Resources(fruit=2)),))
    ann = table.s.player("Ann")
    assert (ann.hand, ann.resources.fruit, ann.blue_cards) == (1, 2, ())
    assert RULES.describe(None, event) == "Ann plays a red chance card: gain 2 fruit; Ann +2 fruit"


def test_red_and_blue_are_refused_for_others_and_during_negotiation() -> None:
    table = after_roll()
    assert refused(table, PlayChanceCard("Bob", "red")) == f"{RED_TIMING}; it is Ann's turn"
    assert refused(table, PlayChanceCard("Bob", "blue")).endswith("; it is Ann's turn")
    negotiating(table, Resources(wood=1))
    assert refused(table, PlayChanceCard("Ann", "red")) == RED_TIMING
    assert refused(table, PlayChanceCard("Ann", "blue")).startswith("a blue chance card is played only by")


def test_chance_cards_are_refused_before_the_roll() -> None:
    table = drafted(("Ann", "Bob", "Cy"), 0, picks=PICKS)
    assert refused(table, PlayChanceCard("Ann", "red")) == (
        "Playing a chance card is not possible now: Ann first draws the turn's chance card")


def test_blue_stays_in_front_of_its_player() -> None:
    table = after_roll()
    table.do(PlayChanceCard("Ann", "blue", "+1 meat on every roll of 6"))
    ann = table.s.player("Ann")
    assert (ann.hand, ann.blue_cards) == (1, ("+1 meat on every roll of 6",))


def test_green_only_during_negotiation_by_anyone_and_it_may_take_control() -> None:
    table = after_roll()
    assert refused(table, PlayChanceCard("Bob", "green")) == GREEN_TIMING
    negotiating(table, Resources(stone=1), shells=2)
    table.do(PlayChanceCard("Bob", "green", "take the demand", take_control=True))
    assert (table.s.controller, table.s.greens_on_table, table.s.player("Bob").hand) == ("Bob", 1, 0)
    assert refused(table, PlayChanceCard("Bob", "green", take_control=True)) == "Bob has no chance card in hand"
    (done,) = table.do(CompleteDemand((Payment("Bob", Resources(stone=1)),), (Share("Bob", 2),)))
    assert done.controller == "Bob"
    assert RULES.describe(None, done).startswith("Demand completed (Bob's deal)")
    assert (table.s.controller, table.s.greens_on_table, table.s.phase) == (None, 0, Phase.MAIN)


def test_only_green_takes_control_and_not_from_oneself() -> None:
    table = negotiating(after_roll(), Resources(stone=1))
    assert refused(table, PlayChanceCard("Ann", "green", take_control=True)) == "Ann already controls the demand"
    table.do(PlayChanceCard("Bob", "green"))
    assert refused(table, PlayChanceCard("Ann", "gold", take_control=True)) == (
        "only a green chance card played during a negotiation takes control of the demand")


def test_gold_answers_another_players_card_and_nothing_else() -> None:
    table = after_roll()
    assert refused(table, PlayChanceCard("Bob", "gold")) == GOLD_TIMING
    table.do(PlayChanceCard("Ann", "red", "Bob draws a card", (Adjustment("Bob", chance_cards=1),)))
    assert refused(table, PlayChanceCard("Ann", "gold")) == GOLD_TIMING        # not one's own card
    table.do(PlayChanceCard("Bob", "gold", "cancel"))
    assert table.s.last_card_by == "Bob"
    table.do(PlayChanceCard("Ann", "gold", "cancel the cancel"))             # gold answers gold
    negotiating(table, Resources(stone=1))                                     # any other event closes the window
    assert refused(table, PlayChanceCard("Cy", "gold")) == GOLD_TIMING
    table.do(PlayChanceCard("Cy", "green"))
    assert table.s.player("Ann").hand == 0
    table.do(PlayChanceCard("Bob", "gold"))                                    # gold during a negotiation too
    assert [p.hand for p in table.s.players] == [0, 0, 0]
    table.do(DiscardDemand(), EndTurn())
    assert table.s.last_card_by is None


def test_effects_move_resources_shells_and_cards_but_never_below_zero() -> None:
    table = after_roll()
    steal = (Adjustment("Bob", lose=Resources(stone=1)), Adjustment("Ann", gain=Resources(stone=1)))
    table.do(PlayChanceCard("Ann", "red", "steal a stone", steal))
    assert (table.s.player("Ann").resources.stone, table.s.player("Bob").resources.stone) == (1, 1)
    assert refused(table, PlayChanceCard("Ann", "red", "", (Adjustment("Bob", lose=Resources(stone=2)),))) == (
        "Bob has only 1 stone; the card cannot take 2")
    assert refused(table, PlayChanceCard("Ann", "red", "", (Adjustment("Cy", shells=-1),))) == (
        "Cy has only 0 shells; the card cannot take 1")
    # Ann's own card leaves her hand first: she holds 1 now, 0 once played
    assert refused(table, PlayChanceCard("Ann", "red", "", (Adjustment("Ann", chance_cards=-1),))) == (
        "Ann has only 0 chance cards in hand; the card cannot take 1")
    assert refused(table, PlayChanceCard("Ann", "red", "", (Adjustment("Bob", shells=1), Adjustment("Bob")))) == (
        "effect lists Bob twice")
    assert refused(table, PlayChanceCard("Ann", "purple")) == "colour must be one of gold, red, blue, green, not 'purple'"
    assert refused(table, PlayChanceCard("Zed", "red")) == "player: 'Zed' is not a player in this game"
    table.do(PlayChanceCard("Ann", "red", "draw two", (Adjustment("Ann", chance_cards=2), Adjustment("Cy", shells=2))))
    assert (table.s.player("Ann").hand, table.s.player("Cy").shells) == (2, 2)


@pytest.mark.parametrize("language, line", [
    ("en", "Bob plays a gold chance card: cancel"),
    ("zh_CN", "Bob 使用一张金色机会卡：cancel"),
    ("zh_TW", "Bob 使用一張金色機會卡：cancel"),
])
def test_a_chance_card_line_reads_like_the_others_in_every_language(language: str, line: str) -> None:
    """The history line names the card's colour once, in the reader's language: no seed note "(金色)" or
    "(紅色)" after it, and 石器部落's gold (金色), not Stone Age's resource (金子). A line saved by an
    earlier version (with the note in its template) reads the same."""
    from companion import i18n
    from companion.session import HistoryItem
    from companion.viewmodels.history import history_rows
    from rules.text import parts

    table = after_roll()
    table.do(PlayChanceCard("Ann", "red", "Bob draws a card", (Adjustment("Bob", chance_cards=1),)))
    (event,) = table.do(PlayChanceCard("Bob", "gold", "cancel"))
    template, params = parts(RULES.describe(table.s, event))
    saved = {"template": "{line}: {note}", "params": {
        "line": {"template": "{player} plays a {colour} chance card ({zh})",
                 "params": {"player": "Bob", "colour": "gold", "zh": "金色"}}, "note": "cancel"}}
    items = [HistoryItem(2, 1, "", False, 0.0, template, params),
             HistoryItem(1, 1, "", False, 0.0, saved["template"], saved["params"])]
    i18n.set_language(language)
    try:
        shown = [row.text for row in history_rows(items, game="stone-tribe")]
    finally:
        i18n.set_language("en")
    assert shown == [line, line]
