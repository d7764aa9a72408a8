"""Window-free logic behind the faster Build / buy and feeding: what is filled in before a tap, the
cards grouped by their printed bottom, and the feeding that needs no tap when nobody is short."""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion import i18n
from companion.viewmodels import stone_age as vm
from companion.viewmodels.stone_age import build as bvm
from companion.viewmodels.stone_age import feeding as fvm
from rules.errors import IllegalMove
from rules.stone_age import CARDS, HUTS, Area, Gather, HutKind, Phase, Resource
from rules.stone_age.huts import check_payment
from tests.test_view_stone_age import start

W, B, S, G = Resource.WOOD, Resource.BRICK, Resource.STONE, Resource.GOLD


@pytest.fixture(autouse=True)
def _english() -> None:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def hut(kind: HutKind, count: int = 0, kinds: int = 0, resources: tuple = ()):
    return next(h for h in HUTS if h.kind is kind and (not count or h.count == count)
                and (not kinds or h.kinds == kinds) and (not resources or h.resources == resources))


def player(**books):
    return replace(start().players[0], **books)


def test_a_fixed_hut_the_player_holds_is_built_by_its_tap_and_a_missing_one_is_named() -> None:
    wwb = hut(HutKind.FIXED, resources=(W, W, B))
    rich = player(wood=2, brick=1)
    assert bvm.builds_at_once(wwb, rich) and bvm.hut_default(wwb, rich) == (W, W, B)
    poor = player(wood=1, brick=0, stone=3)
    assert not bvm.builds_at_once(wwb, poor) and bvm.hut_default(wwb, poor) == ()
    missing = bvm.hut_payment(wwb, (), poor)
    assert not missing.ready and missing.text == "Missing: 1 Wood, 1 Brick"
    assert bvm.hut_payment(wwb, (W, W, B), rich).text == "Pay 2 Wood, 1 Brick → 10 points"


def test_a_variable_hut_is_filled_and_built_by_its_tap_only_when_the_player_can_pay_it_one_way() -> None:
    four_two = hut(HutKind.COUNT_KINDS, 4, 2)
    only = player(wood=3, brick=1)                   # 3 wood + 1 brick is the only 4-of-2-kinds
    assert bvm.hut_default(four_two, only) == (W, W, W, B)
    check_payment(four_two, bvm.hut_default(four_two, only))  # what is filled in is what the rules take
    assert bvm.hut_default(four_two, player(wood=3, brick=2)) == ()   # 3+1 or 2+2: the player chooses
    assert bvm.hut_default(four_two, player(wood=5)) == ()            # one kind cannot pay it
    any_kind = hut(HutKind.ANY)
    assert bvm.hut_default(any_kind, player(gold=1)) == (G,)          # a single resource: nothing to choose
    assert bvm.hut_default(any_kind, player(gold=2)) == ()            # 1 or 2 gold: the player chooses
    assert bvm.builds_at_once(any_kind, player(gold=1))               # nothing to choose: built by its tap
    assert bvm.builds_at_once(four_two, only) and not bvm.builds_at_once(four_two, player(wood=3, brick=2))
    # a kept "any 2 resources" card could pay it otherwise: the tile waits for Build
    assert not bvm.builds_at_once(any_kind, player(gold=1, any_two=1))


def test_every_filled_hut_payment_is_one_the_rules_accept() -> None:
    p = player(wood=2, brick=1, stone=1, gold=0)
    for h in HUTS:
        paid = bvm.hut_default(h, p)
        if paid:
            check_payment(h, paid)
            assert bvm.hut_payment(h, paid, p).ready
        elif h.kind is HutKind.FIXED:
            assert not bvm.holds(p, h.resources)
        else:                                        # left empty: none, or more than one, payment fits
            assert len(bvm.payments(p, lambda x, h=h: _legal(h, x), 7)) != 1


def _legal(h, paid) -> bool:
    try:
        check_payment(h, paid)
    except IllegalMove:
        return False
    return True


def test_a_card_payment_is_filled_with_the_cheapest_resources_held() -> None:
    assert bvm.card_default(1, player(wood=4)) == (W,)
    assert bvm.card_default(4, player(stone=6)) == (S, S, S, S)
    assert bvm.card_default(4, player(wood=1, brick=1, stone=1, gold=1)) == (W, B, S, G)
    assert bvm.card_default(1, player(wood=1, gold=1)) == (W,)        # a card's price scores nothing: wood first
    assert bvm.card_default(3, player(brick=1, stone=1, gold=5)) == (B, S, G)
    assert bvm.card_default(3, player(wood=1, gold=1)) == ()          # cannot pay at all
    assert bvm.card_payment(4, (S,) * 4, player(stone=6)).ready


def test_cards_are_grouped_as_the_printed_bottom_reads() -> None:
    groups = vm.card_groups(CARDS, set())
    assert [g.key for g in groups[:8]] == ["medicine", "art", "writing", "pottery", "sundial", "transport",
                                           "music", "weaving"]
    assert all(g.green for g in groups[:8]) and not any(g.green for g in groups[8:])
    assert [g.label for g in groups[8:]] == ["Farmer ×1", "Farmer ×2", "Hut builder ×1", "Hut builder ×2",
                                            "Hut builder ×3", "Shaman ×1", "Shaman ×2", "Tool maker ×1",
                                            "Tool maker ×2"]
    assert len(groups) == 17 and max(len(g.cards) for g in groups) == 3
    every = [c.id for g in groups for c in g.cards]
    assert every == [c.id for c in vm.distinct_cards(CARDS, set())]  # nothing lost, nothing twice
    shown = {g.key: [vm.card_top(c) for c in g.cards] for g in groups}
    assert shown["shamans-1"] == ["+1 Stone", "+1 Gold", "Roll for Stone"]
    # a card out of the deck is not offered; a group with none left is gone
    left = vm.card_groups(CARDS, {13, 14, 1})
    assert "music" not in [g.key for g in left]
    assert [c.id for c in next(g for g in left if g.key == "medicine").cards] == [2]


def _round_fed(agriculture: int, food: int, **books):
    from tests.test_stone_age_support import at_actions

    t = at_actions(2, (0, Area.HUNTING, 1, 0))
    t.edit(0, agriculture=agriculture, people=5, food=food, **books)
    t.do(Gather(0, Area.HUNTING, (1,)))              # the last action: the rules feed everyone who can
    return t


def test_a_short_feeding_is_filled_with_the_cheapest_resources_when_they_cover_it() -> None:
    from companion.viewmodels.stone_age import feeding as fvm

    assert fvm.proposal(player(food=0, people=3, wood=1, stone=2, gold=4)) == (W, S, S)
    assert fvm.proposal(player(food=1, people=3, gold=4)) == (G, G)
    assert fvm.proposal(player(food=0, people=5, wood=2)) == ()    # cannot cover it: −10, the player's tap
    assert fvm.proposal(player(food=9, people=5, wood=2)) == ()    # not short: nothing to pay


def test_a_feeding_with_nobody_short_needs_no_screen_and_the_prompt_says_it() -> None:
    s = _round_fed(2, 10).s
    assert s.phase is Phase.PLACE and s.round == 2 and vm.nobody_short(s)
    assert not fvm.on_show(s)                        # the table, not the read-back, is shown
    assert vm.prompt(s) == "Round 1 fed, nobody short  ·  Ben: place figures (5 at home)"
    i18n.set_language("zh_CN")
    try:
        assert vm.prompt(s).startswith("第 1 轮已喂食，无人缺粮")
    finally:
        i18n.set_language("en")


def test_a_feeding_with_someone_short_still_opens_the_feeding() -> None:
    from rules.stone_age import Feed

    t = _round_fed(0, 0, wood=6)                     # Ann: 5 people, no food, 6 wood: she chooses
    assert t.s.phase is Phase.FEED and fvm.on_show(t.s) and not vm.nobody_short(t.s)
    t.do(Feed(0, resources=(W,) * 5))
    assert t.s.phase is Phase.PLACE and fvm.on_show(t.s) and not vm.nobody_short(t.s)
    assert vm.prompt(t.s) == "Ben: place figures (5 at home)"
    hungry = _round_fed(0, 0)                        # nothing to pay with: −10 without a choice, still read back
    assert hungry.s.phase is Phase.PLACE and fvm.on_show(hungry.s) and not vm.nobody_short(hungry.s)

