"""Huts, cards and a feeding with nobody short, in fewer taps: a real window under Xvfb, real taps,
and what each screen showed at its confirm held against the game's log on disk (English and 简体中文)."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import GameSession
from companion.store import GameStore
from rules.stone_age import Area, Resource
from rules.stone_age.events import CardBought, Fed, Gathered, HutBuilt
from tests.ui.xvfb import run_driver, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_ui_huts_cards_and_feeding_take_fewer_taps_and_log_what_was_shown(display: str, tmp_path: Path,
                                                                          lang: str) -> None:
    data = tmp_path / "data"
    status, report, stderr = run_driver("buy-fast", display, tmp_path, data, tmp_path / "shots",
                                        extra_env={"CAIRN_TEST_LANG": lang})
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    # open the building, tap the tile | open, the group with one card left, Buy | open, group, card, Buy
    assert report["taps"] == {"undo_hut": 1, "fixed_hut": 2, "card_slot_1": 3, "card_slot_4": 4,
                              "tool_advice": 6, "variable_hut": 2}   # the hunt: open, 4 dice, Add and confirm
    assert report["after_last_action"] == "sa_table"          # the feeding with nobody short: no tap
    shown = report["shown"]
    with GameStore(data / "cairn.sqlite3") as store:
        events = GameSession.resume(store, report["game_id"]).events()
    huts = [e for e in events if isinstance(e, HutBuilt)]  # the active log: the undone build is not in it
    cards = [e for e in events if isinstance(e, CardBought)]
    assert [r.value for r in huts[0].paid] == shown["fixed_icons"] == ["wood", "wood", "brick"]
    assert huts[0].points == 10
    assert huts[1].hut == shown["variable"]["hut"] and [r.value for r in huts[1].paid] == shown["variable"]["paid"]
    assert shown["variable"]["screen"] == "sa_table", "the one payment possible: the tile's tap built it"
    assert huts[1].paid == (Resource.WOOD,) * 4 and huts[1].points == 12
    for slot, bought in zip((1, 4), cards):
        assert (bought.slot, bought.card) == (slot, shown[f"card_{slot}"]["card"])
        assert [r.value for r in bought.paid] == shown[f"card_{slot}"]["paid"]
    assert cards[0].paid == (Resource.WOOD,) and sorted(r.value for r in cards[1].paid) == ["gold", "stone",
                                                                                          "stone", "stone"]
    hunt = [e for e in events if isinstance(e, Gathered) and e.area is Area.HUNTING][0]
    assert hunt.dice == (6, 6, 6, 5) and hunt.tool_tiles == tuple(shown["advised"]["tiles"]) == (0,)
    assert shown["advised"]["screen"] == "sa_table", "Add and confirm confirms the roll"
    assert hunt.amount == 12
    fed = [e for e in events if isinstance(e, Fed)]
    assert len(fed) == 4 and not any(e.resources or e.penalty for e in fed)
    round_one = fed[:2]
    assert [e.food for e in round_one] == [5, 5]              # each ate 5, from food alone
    assert shown["food_1"] == [7, 7]                          # the panels on round 2's table
    if lang == "zh_CN":
        assert shown["prompt_1"].startswith("第 1 轮已喂食，无人缺粮")
        assert shown["prompt_2"].startswith("第 2 轮已喂食，无人缺粮")
        assert shown["fixed_banner"] == "已建造：支付 2 木头、1 砖块 → 10 分"
    else:
        assert shown["prompt_1"] == "Round 1 fed, nobody short  ·  Ben: place figures (5 at home)"
        assert shown["prompt_2"].startswith("Round 2 fed, nobody short")
        assert shown["fixed_banner"] == "Built: Pay 2 Wood, 1 Brick → 10 points"
        assert shown["card_4"]["pay_text"] == "Pay 3 Stone, 1 Gold (4 of 4)"
        assert shown["variable"]["banner"] == "Built: Pay 4 Wood → 12 points"
        assert shown["advice"] == "Tools: add 1 → 12"
    assert {name: cut for name, cut in report["cut"].items() if cut} == {}, "a text is cut off"
    for shot in report["shots"]:
        assert Path(shot).stat().st_size > 5000, f"{shot} is empty"


def test_ui_a_card_is_filled_with_the_cheapest_and_one_tap_pays_otherwise(display: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    status, report, stderr = run_driver("buy-proposal", display, tmp_path, data, tmp_path / "shots")
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    shown = report["shown"]
    assert shown["filled"]["paid"] == ["wood"] and shown["filled"]["proposed"]
    assert shown["filled"]["pay_text"] == "Pay 1 Wood (1 of 1)  (filled in: tap resources to pay otherwise)"
    assert report["taps"]["pay_otherwise"] == 1
    assert shown["changed"] == {"paid": ["brick"], "proposed": False, "pay_text": "Pay 1 Brick (1 of 1)"}
    assert report["screen_after"] == "sa_table"
    with GameStore(data / "cairn.sqlite3") as store:
        events = GameSession.resume(store, report["game_id"]).events()
    bought = [e for e in events if isinstance(e, CardBought)]
    assert len(bought) == 1 and bought[0].paid == (Resource.BRICK,), "the log holds what the screen showed at Buy"
    assert {name: cut for name, cut in report["cut"].items() if cut} == {}, "a text is cut off"
