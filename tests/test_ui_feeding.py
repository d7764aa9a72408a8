"""The Stone Age feeding screen in a real window under Xvfb, by taps, in English and 简体中文."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.xvfb import run_driver, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_ui_feeding_reads_back_every_player_and_the_short_one_chooses(display: str, tmp_path: Path,
                                                                      lang: str) -> None:
    status, report, stderr = run_driver("feeding", display, tmp_path, tmp_path / "data", tmp_path / "shots",
                                        extra_env={"CAIRN_TEST_LANG": lang})
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    first, second = report["names"]
    assert report["fed"]["food"] == [20, 7]          # nobody short in round 1: the panels hold what it left
    if lang == "zh_CN":
        assert (first, second) == ("小明", "小红")
        assert report["fed"]["prompt"] == "第 1 轮已喂食，无人缺粮  ·  小红：放置人物（家里还有 5 人）"
        assert report["done_text"] == "开始第 4 轮"
    else:
        assert report["fed"]["prompt"] == f"Round 1 fed, nobody short  ·  {second}: place figures (5 at home)"
        assert report["done_text"] == "Start round 4"
        assert report["pay_text"] == "Pay 2 Stone, 1 Gold"
    assert report["panel_kept"], "the kept card shows on the player's panel"
    assert report["state"]["round"] == 4
    ben = report["state"]["players"][1]
    assert (ben["wood"], ben["stone"], ben["gold"], ben["score"]) == (9, 0, 4, 0)
    for shot in report["shots"]:
        assert Path(shot).stat().st_size > 5000, f"{shot} is empty"


def test_ui_the_any_two_card_is_kept_and_pays_for_a_hut_later(display: str, tmp_path: Path) -> None:
    status, report, stderr = run_driver("kept-hut", display, tmp_path, tmp_path / "data", tmp_path / "shots")
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    ann = report["state"]["players"][0]
    assert (ann["huts"], ann["score"], ann["wood"], ann["stone"]) == (1, 10, 3, 1)


def test_ui_a_game_opened_again_shows_the_feeding_it_left_on(display: str, tmp_path: Path) -> None:
    """Stopped on the table after a feeding nobody was short in, and again while a short player must
    choose: Resume opens the table saying the round was fed, then the feeding choice exactly as it
    was (not the table), and play goes on from it."""
    data, runs = tmp_path / "data", []
    for n in (1, 2, 3):
        status, report, stderr = run_driver(f"feeding-resume-{n}", display, tmp_path, data, tmp_path / f"shots{n}",
                                            extra_env={"CAIRN_TEST_LANG": "zh_CN"})
        assert not report["errors"], "\n".join(report["errors"]) + stderr
        assert status == 0, stderr
        runs.append(report)
    first, second, third = runs
    assert second["resumed_on"] == "sa_table" and third["resumed_on"] == "sa_feeding"
    assert first["fed"] == second["fed"] == {"prompt": "第 1 轮已喂食，无人缺粮  ·  小红：放置人物（家里还有 5 人）",
                                            "food": [20, 7]}
    assert third["choice"] == second["choice"]


def test_ui_two_short_players_each_pay_the_filled_in_cheapest_with_one_tap(display: str, tmp_path: Path) -> None:
    status, report, stderr = run_driver("feeding-two-short", display, tmp_path, tmp_path / "data",
                                        tmp_path / "shots")
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    first, second = report["filled"]
    assert {first["seat"], second["seat"]} == {0, 1}
    by_seat = {f["seat"]: f for f in report["filled"]}
    assert by_seat[0]["paid"] == ["wood"] * 3 and by_seat[0]["pay"] == "Pay 3 Wood"
    assert by_seat[1]["paid"] == ["stone"] * 3 and by_seat[1]["pay"] == "Pay 3 Stone"
    assert "cheapest is filled in" in second["ask"], "the second player's payment is filled in too"
    ann, ben = report["state"]["players"]
    assert (ann["wood"], ann["score"], ben["stone"], ben["score"]) == (27, 0, 15, 0), report["banner"]
