"""Stone Tribe winner: shells, then resource cards, then roll-offs of the fate dice (repeated while tied),
both in the pure ranking and at the end of a played game."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import IllegalMove
from rules.stone_tribe import (
    RULES, CompleteDemand, DiscardDemand, EndTurn, Options, Payment, Phase, Resources, RevealDemand, RollFateDice, RollOff,
    Share, standings,
)
from rules.stone_tribe.events import GameEnded, RollOffRolled, WinnerDeclared
from rules.stone_tribe.ranking import Entry, rank

from .test_stone_tribe_support import Table, drafted, rolled


def test_rank_by_shells_first() -> None:
    assert rank([Entry("A", 5, 0), Entry("B", 9, 0), Entry("C", 7, 20)]) == (3, 1, 2)


def test_rank_ties_on_shells_broken_by_resource_cards() -> None:
    assert rank([Entry("A", 5, 3), Entry("B", 5, 4), Entry("C", 2, 9)]) == (2, 1, 3)


def test_rank_still_tied_without_a_roll_off_shares_the_rank() -> None:
    assert rank([Entry("A", 5, 3), Entry("B", 5, 3), Entry("C", 1, 0), Entry("D", 1, 0)]) == (1, 1, 3, 3)


def test_rank_roll_off_totals_break_the_tie() -> None:
    assert rank([Entry("A", 5, 3, (7,)), Entry("B", 5, 3, (9,)), Entry("C", 6, 0)]) == (3, 2, 1)


def test_rank_a_missing_roll_keeps_the_whole_group_tied() -> None:
    assert rank([Entry("A", 5, 3, (7,)), Entry("B", 5, 3)]) == (1, 1)


def test_rank_repeated_roll_offs_between_those_still_tied() -> None:
    entries = [Entry("A", 5, 3, (8, 4)), Entry("B", 5, 3, (8, 11)), Entry("C", 5, 3, (2,))]
    assert rank(entries) == (2, 1, 3)
    # the second roll-off still tied and no third one yet
    assert rank([Entry("A", 5, 3, (8, 6)), Entry("B", 5, 3, (8, 6)), Entry("C", 5, 3, (2,))]) == (1, 1, 3)


def test_rank_rolls_not_needed_change_nothing() -> None:
    assert rank([Entry("A", 9, 0, (2,)), Entry("B", 5, 3, (12,))]) == (1, 2)


entries_strategy = st.lists(
    st.builds(Entry, st.text(min_size=1, max_size=3), st.integers(0, 4), st.integers(0, 3),
              st.lists(st.integers(2, 12), max_size=3).map(tuple)),
    min_size=1, max_size=8,
)


@settings(max_examples=150, deadline=None)
@given(entries_strategy, st.randoms(use_true_random=False))
def test_rank_never_depends_on_input_order(entries: list[Entry], rnd) -> None:  # type: ignore[no-untyped-def]
    shuffled = list(range(len(entries)))
    rnd.shuffle(shuffled)
    ranks = rank(entries)
    ranks_shuffled = rank([entries[i] for i in shuffled])
    assert [ranks_shuffled[j] for j in range(len(entries))] == [ranks[i] for i in shuffled]


@settings(max_examples=150, deadline=None)
@given(entries_strategy)
def test_rank_is_a_competition_ranking(entries: list[Entry]) -> None:
    ranks = rank(entries)
    assert min(ranks) == 1
    for i, r in enumerate(ranks):
        assert r == 1 + sum(1 for s in ranks if s < r)           # 1, 2, 2, 4
        better = [j for j, s in enumerate(ranks) if s < r]
        for j in better:                                          # nobody ranked above has fewer shells/cards
            assert (entries[j].shells, entries[j].resource_cards) >= (entries[i].shells, entries[i].resource_cards)


# --- at the end of a played game -------------------------------------------------------------------------

# snake draft Ann, Bob, Bob, Ann: Ann logs twice (4 wood), Bob mines twice (4 stone)
PICKS2 = [("logging", (1,)), ("mining", (1,)), ("mining", (1,)), ("logging", (1,))]


def quick_turn(table: Table, dice: tuple[int, int] = (6, 6), demand: tuple[str, int] | None = None) -> tuple:
    """The current player rolls, completes ``demand`` (kind, shells) alone or discards one, ends the turn."""
    rolled(table, dice)
    me = table.s.current
    if demand:
        kind, shells = demand
        table.do(RevealDemand(Resources.of(kind), shells),
                 CompleteDemand((Payment(me, Resources.of(kind)),), (Share(me, shells),)))
    else:
        table.do(RevealDemand(Resources(wood=1), 1), DiscardDemand())
    return table.do(EndTurn())


def two_player_one_round() -> Table:
    return drafted(("Ann", "Bob"), 0, Options(rounds=1), PICKS2)


def test_game_won_on_shells() -> None:
    table = two_player_one_round()
    quick_turn(table)
    end = quick_turn(table, demand=("stone", 1))
    assert end[-2:] == (GameEnded(1), WinnerDeclared("Bob", "shells"))
    assert table.s.phase == Phase.OVER and RULES.finished(table.s)
    assert RULES.describe(None, end[-1]) == "Bob wins with the most shells and becomes the great chief (大酋長)"
    with pytest.raises(IllegalMove, match="the game is over: Bob won"):
        table.do(EndTurn())


def test_game_won_on_resource_cards_when_shells_tie() -> None:
    table = two_player_one_round()
    quick_turn(table, demand=("wood", 0))     # Ann pays a wood for no shells: 3 cards against Bob's 4
    end = quick_turn(table)
    assert [(s.shells, s.resource_cards, s.rank) for s in standings(table.s)] == [(0, 3, 2), (0, 4, 1)]
    assert end[-1] == WinnerDeclared("Bob", "resource cards")
    assert RULES.describe(None, end[-1]) == "Bob wins on resource cards (shells tied) and becomes the great chief (大酋長)"


def test_tied_leaders_roll_off_and_repeat_while_tied() -> None:
    table = drafted(("Ann", "Bob", "Cy"), 0, Options(rounds=1),
                    [("logging", (1,)), ("mining", (1,)), ("hunting", (1,)),
                     ("hunting", (1,)), ("mining", (1,)), ("logging", (1,))])
    quick_turn(table)
    quick_turn(table)
    end = quick_turn(table)
    assert end[-1] == GameEnded(1) and table.s.phase == Phase.ROLLOFF
    assert not RULES.finished(table.s)
    assert [s.rank for s in standings(table.s)] == [1, 1, 1]
    table.do(RollOff("Ann", (4, 4), "camera"))
    with pytest.raises(IllegalMove) as exc:
        table.do(RollOff("Ann", (6, 6)))
    assert str(exc.value) == "Ann has already rolled in this roll-off; waiting for Bob, Cy"
    assert table.do(RollOff("Bob", (5, 3))) == (RollOffRolled("Bob", (5, 3), "touch"),)
    assert table.do(RollOff("Cy", (1, 2))) == (RollOffRolled("Cy", (1, 2), "touch"),)     # Ann and Bob still tied
    with pytest.raises(IllegalMove) as exc:
        table.do(RollOff("Cy", (6, 6)))
    assert str(exc.value) == "Cy is not in the roll-off (it is between Ann, Bob)"
    assert [s.rank for s in standings(table.s)] == [1, 1, 3]
    table.do(RollOff("Bob", (2, 2)))
    assert table.do(RollOff("Ann", (3, 2))) == (RollOffRolled("Ann", (3, 2), "touch"),
                                                WinnerDeclared("Ann", "roll-off"))
    assert [(s.name, s.rolloff, s.rank) for s in standings(table.s)] == [
        ("Ann", (8, 5), 1), ("Bob", (8, 4), 2), ("Cy", (3,), 3)]
    assert RULES.finished(table.s) and table.s.winner == "Ann"


def test_roll_off_dice_are_checked() -> None:
    table = two_player_one_round()
    quick_turn(table)
    quick_turn(table)
    with pytest.raises(IllegalMove, match=r"dice\[0\] must be a die face from 1 to 6, not 7"):
        table.do(RollOff("Ann", (7, 1)))
    with pytest.raises(IllegalMove, match="Rolling the fate dice is not possible now: the last round is over"):
        table.do(RollFateDice((1, 1)))
