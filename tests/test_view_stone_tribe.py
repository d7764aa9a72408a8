"""Window-free screen logic for 石器部落: the draft, the payout preview, the deal's balance, setup, the end."""
from __future__ import annotations

import pytest

from companion import i18n
from companion.viewmodels import stone_tribe as vm
from companion.viewmodels.stone_tribe import chance as cvm
from companion.viewmodels.stone_tribe import deal as dv
from companion.viewmodels.stone_tribe.setup import SetupForm
from companion.viewmodels.stone_tribe.text import resource_name, skill_name
from rules.stone_tribe import (
    CompleteDemand, DiscardDemand, DraftSkill, DrawChanceCard, EndTurn, Payment, Phase, Resources,
    RevealDemand, RollFateDice, RollOff, Share, StartGame,
)
from rules.stone_tribe.decide import decide
from rules.stone_tribe.evolve import evolve


@pytest.fixture(autouse=True)
def _english() -> None:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def apply(state, command):
    for e in decide(state, command):
        state = evolve(state, e)
    return state


def start(names=("Ann", "Bo", "Cy"), start_at: int = 0):
    return apply(None, StartGame(names, start_at))


def drafted(picks=(("logging", (3, 5)), ("fishing", (5,)), ("mining", (2,)),
                   ("gathering", (1, 6)), ("hunting", (4,)), ("logging", (6,)))):
    """Ann, Bo, Cy drafted (snake: Ann Bo Cy Cy Bo Ann)."""
    s = start()
    for skill, numbers in picks:
        s = apply(s, DraftSkill(skill, numbers))
    return s


def test_view_draft_says_who_picks_next_in_snake_order() -> None:
    s = start(start_at=1)
    view = vm.draft_view(s)
    assert (view.pick, view.total, view.picker, view.upcoming) == (1, 6, "Bo", ("Cy", "Ann", "Ann"))
    assert not view.second_pass
    for _n in range(3):
        s = apply(s, DraftSkill("fishing", (1,)))
    view = vm.draft_view(s)
    assert (view.picker, view.upcoming, view.second_pass) == ("Ann", ("Cy", "Bo"), True)
    assert vm.draft_line(view) == "Pick 4 of 6  ·  second pass, back from the last player  ·  then Cy, Bo"
    assert vm.status_line(s) == "Free skills: pick 4 of 6"
    assert vm.prompt(s) == "Ann chooses a free skill"
    assert vm.stack_left(s, "fishing") == 3


def test_view_payout_preview_before_the_roll_is_confirmed() -> None:
    s = apply(drafted(), DrawChanceCard())
    assert s.phase == Phase.ROLL
    views = vm.payout_preview(s, (5, 5))
    # Ann: logging 3·5 → 2 wood (each die); Bo: fishing 5 → 2 fish; Cy has no 5
    assert [(v.name, v.earned) for v in views] == [("Ann", (("wood", 2),)), ("Bo", (("fish", 2),))]
    assert [v.text for v in views] == ["Ann: +2 wood", "Bo: +2 fish"]
    assert vm.payout_summary(s, (5, 5)) == "5 and 5: 2 players earn 4 resource cards"
    assert vm.payout_summary(s, (2, 2)) == "2 and 2: 1 players earn 2 resource cards"
    assert vm.payout_summary(s, (3, 3)) != vm.payout_summary(s, (4, 4))
    before = s.player("Ann").resources
    assert before == s.player("Ann").resources, "the preview commits nothing"


def test_view_payout_preview_in_simplified_chinese() -> None:
    s = apply(drafted(), DrawChanceCard())
    i18n.set_language("zh_CN")
    assert [v.text for v in vm.payout_preview(s, (5, 5))] == ["Ann：+2 木", "Bo：+2 鱼"]
    assert vm.payout_summary(s, (5, 5)) == "5 和 5：2 位玩家获得 4 张资源卡"
    bare = apply(apply(start(), DraftSkill("fishing", (6,))), DraftSkill("mining", (6,)))
    assert vm.payout_summary(bare, (1, 2)) == "1 和 2：没有人获得资源"


def test_view_skill_and_resource_names_in_each_script() -> None:
    assert skill_name("fishing") == "Fishing" and resource_name("fish") == "fish"  # English alone on an English screen
    i18n.set_language("zh_CN")
    assert [skill_name(k) for k in ("gathering", "mining", "hunting", "logging", "fishing")] == \
        ["采集", "挖矿", "狩猎", "伐木", "捕鱼"]
    i18n.set_language("zh_TW")
    assert [skill_name(k) for k in ("gathering", "mining", "hunting", "logging", "fishing")] == \
        ["採集", "挖礦", "狩獵", "伐木", "捕魚"]
    assert resource_name("fish") == "魚"


def negotiation():
    s = apply(drafted(), DrawChanceCard())
    s = apply(s, RollFateDice((1, 4)))
    return apply(s, RevealDemand(Resources(wood=2, fish=1), shells=5, chance_cards=1))


def test_view_deal_balance_says_what_is_missing() -> None:
    s = negotiation()
    deal = dv.DealForm().step("Ann", "wood", 1)
    assert [b.text for b in dv.balance(deal, s.demand)] == ["wood 1/2 −1", "fish 0/1 −1", "Shells 0/5 −5",
                                                             "Chance cards 0/1 −1"]
    assert not dv.balanced(deal, s.demand)
    assert dv.balance_words(deal, s.demand) == ("Unbalanced: still missing 1 wood; still missing 1 fish; "
                                                "5 shells not handed out; 1 chance card not handed out")
    deal = deal.step("Ann", "wood", 1).step("Bo", "fish", 1)
    deal = deal.step("Ann", "shells", 1).step("Ann", "shells", 1).step("Ann", "shells", 1)
    deal = deal.step("Bo", "shells", 1).step("Bo", "shells", 1).step("Ann", "cards", 1)
    assert dv.balanced(deal, s.demand)
    assert dv.balance_words(deal, s.demand) == "The deal balances: it can be committed."
    assert dv.part_line(deal, "Bo") == "pays 1 fish  ·  gets 2 shells" and dv.part_line(deal, "Cy") == "no part"
    payments = (Payment("Ann", Resources(wood=2)), Payment("Bo", Resources(fish=1)))
    assert deal.command(s.order) == CompleteDemand(payments, (Share("Ann", 3, 1), Share("Bo", 2, 0)))
    assert apply(s, deal.command(s.order)).phase == Phase.MAIN
    over = deal.step("Bo", "shells", 1)
    assert dv.balance_words(over, s.demand) == "Unbalanced: 1 shell more than the reward"


def test_view_deal_names_what_a_player_lacks() -> None:
    s = negotiation()
    deal = dv.DealForm().step("Cy", "wood", 1).step("Cy", "wood", 1).step("Ann", "wood", -1)
    assert deal.get("Ann", "wood") == 0, "never below zero"
    assert dv.shortfalls(deal, s) == ["Cy pays 2 wood but has only 0"]
    i18n.set_language("zh_TW")
    assert dv.shortfalls(deal, s) == ["Cy 要付 2 木，但只有 0"]


def test_view_demand_form_enters_the_card_once() -> None:
    form = dv.DemandForm()
    assert form.problem() == "Tap the resources the demand card asks for."
    form = form.step("meat", 1).step("meat", 1).step("shells", 1).step("cards", 1).step("cards", -1)
    assert form.problem() is None
    assert form.command() == RevealDemand(Resources(meat=2), 1, 0)
    assert dv.demand_line(form) == "Asks 2 meat  ·  gives 1 shell"


def test_view_setup_form_warns_outside_the_box() -> None:
    form = SetupForm.default()
    assert len(form.names) == 6 and form.warning() == "" and form.rounds_line() == "6 players  ·  3 rounds"
    three = form.remove_player().remove_player().remove_player()
    assert three.warning().startswith("The box says 4 to 8 players")
    assert three.rounds_line() == "3 players  ·  4 rounds"
    eight = form.add_player().add_player().add_player()
    assert len(eight.names) == 8
    two = SetupForm(("A", "B")).remove_player()
    assert len(two.names) == 2
    assert SetupForm(("Ann", "ann")).problem() == "Two players have the same name."
    cmd = form.set_start(2).set_doubles("once").command()
    assert cmd.start == 2 and cmd.options.doubles.value == "once"


def test_view_chance_colours_follow_the_timing() -> None:
    s = negotiation()
    playable = {v.key: v.playable for v in cvm.colour_views(s, "Bo")}
    assert playable == {"gold": False, "red": False, "blue": False, "green": True}
    effect = cvm.EffectForm().step("Bo", "fish", -1).step("Ann", "shells", 2)
    assert effect.lines(s.order) == ["Ann: +2 shells", "Bo: −1 fish"]
    cmd = cvm.play_command("Bo", "green", effect, s.order, take_control=True)
    after = apply(s, cmd)
    assert after.controller == "Bo"


def test_view_end_ranking_and_rolloff() -> None:
    s = drafted()
    for _turn in range(12):  # 3 players play 4 rounds; every demand discarded
        s = apply(s, DrawChanceCard())
        s = apply(s, RollFateDice((3, 3)))
        s = apply(s, RevealDemand(Resources(fruit=1), 1))
        s = apply(s, DiscardDemand())
        s = apply(s, EndTurn())
    if s.phase == Phase.ROLLOFF:
        line = vm.outcome_line(s)
        assert "roll the fate dice" in line
        due = [r.name for r in vm.ranking(s) if r.due]
        for i, name in enumerate(due):
            s = apply(s, RollOff(name, (6, 6 - i)))
    assert s.phase == Phase.OVER
    rows = vm.ranking(s)
    assert rows[0].rank == 1 and rows[0].name == s.winner
    assert s.winner in vm.outcome_line(s)
