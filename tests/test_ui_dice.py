"""The dice screens under Xvfb, by real taps: no crash when the turn passes, and the log always holds
the dice that were on the screen at "confirm", whether they came from the camera, the e-dice or touch.

The demo camera keeps throwing (seeded, again every ~5.6 s) and the e-dice tray is simulated on a real
pseudo-terminal; nothing here measures time: each wait is for an event, with a generous bound.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.xvfb import run_driver, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


def _run(mode: str, display: str, tmp_path: Path, **env: str) -> dict:
    status, report, stderr = run_driver(mode, display, tmp_path, tmp_path / "data", tmp_path / "shots",
                                        timeout=2300, extra_env=env or None)
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    return report


def _all_confirms_match(report: dict) -> None:
    assert report["confirms"], "nothing was confirmed"
    for c in report["confirms"]:
        assert sorted(c["logged"]) == sorted(c["shown"]) and all(c["shown"]), c


def test_ui_tool_tile_on_the_last_gathering_does_not_crash(display: str, tmp_path: Path) -> None:
    """Player 1 uses their tool tile on their last gathering; player 2 has none: the table comes back and
    player 2's dice screen offers no tiles (it raised IndexError in ``gather_view`` before)."""
    report = _run("tools-last", display, tmp_path)
    _all_confirms_match(report)
    assert report["state"]["round"] == 2
    assert report["state"]["players"][0]["wood"] == 4


def test_ui_camera_dice_stay_until_a_new_roll_and_touched_dice_are_asked(display: str, tmp_path: Path) -> None:
    report = _run("hold-camera", display, tmp_path)
    hold = report["hold"]
    # an untouched camera reading follows a new throw
    assert hold["untouched"]["screen"] == hold["untouched"]["roll"]
    # a touched reading is not replaced: the question is asked and "keep mine" keeps it
    assert hold["touched"]["screen_while_asking"] == hold["touched"]["mine"] == hold["touched"]["kept"]
    # 3 dice seen for 2 figures: the two picked are on show
    assert hold["picked"]["screen"] == [hold["picked"]["choice"][0], hold["picked"]["choice"][2]]
    # 3 dice seen for 5 figures: they fill three dice, the rest are unset
    assert all(hold["short"][:3]) and hold["short"][3:] == [0, 0]
    # "read dice" replaces even touched dice
    assert hold["read_again"]["screen"][:3] == hold["read_again"]["roll"]
    _all_confirms_match(report)
    assert len(report["confirms"]) == 3


def test_ui_edice_rolls_and_touch_are_what_is_logged(display: str, tmp_path: Path) -> None:
    report = _run("hold-edice", display, tmp_path)
    hold = report["hold"]
    assert sorted(hold["first"]["screen"]) == hold["first"]["roll"]
    assert sorted(hold["second"]["screen"]) == hold["second"]["roll"], "an untouched reading follows the next roll"
    assert hold["touched"]["asking"] == "new" and hold["touched"]["screen"] == hold["touched"]["mine"]
    assert hold["pick"] == "pick"
    assert hold["touch_asking"] == "new", "dice entered by touch are not replaced by a roll unasked"
    _all_confirms_match(report)
    assert report["confirms"][-1]["logged"] == [2, 2, 3, 3, 4]


def test_ui_stone_tribe_asks_which_dice_to_use(display: str, tmp_path: Path) -> None:
    report = _run("st-extra", display, tmp_path)
    st = report["st"]
    assert len(st["choice"]) == 3
    assert st["screen"] == [st["choice"][0], st["choice"][2]] and st["source"] == "edice"
    assert st["last_roll"] == st["screen"]
    _all_confirms_match(report)


@pytest.mark.timeout(2400)
@pytest.mark.parametrize("lang", ["zh_CN", "en"])
def test_ui_whole_four_player_game_with_the_camera_throwing(display: str, tmp_path: Path, lang: str) -> None:
    """A whole 4-player game by taps, the demo camera throwing throughout: after every confirm the log
    holds the dice that were on the screen, and the game ends by the rules (a building stack empty)."""
    report = _run("sa-game", display, tmp_path, CAIRN_TEST_LANG=lang, CAIRN_TEST_SEED="3")
    state = report["state"]
    assert state["phase"] == "over" and len(state["players"]) == 4
    assert len(report["built"]) == 7
    _all_confirms_match(report)
    assert len(report["confirms"]) == report["gathers"] == 7 * 5
    assert report["camera_rolls"] >= 10, "the camera kept throwing"


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_ui_a_sure_roll_counts_down_and_confirms_itself_a_touch_stops_it(display: str, tmp_path: Path,
                                                                          lang: str) -> None:
    """The countdown set to 5 s on Settings; a 3-dice e-dice tray. A roll of the 3 dice asked for confirms
    itself and the log holds the dice shown; Ctrl+Z undoes it; a finger held down, or a tap on the
    countdown, stops it (nothing confirmed well past 5 s) and NEXT confirms the dice still on show; so
    does leaving the screen (BACK); dice tapped in never count down. The countdown's line and its
    Settings row show their whole words."""
    report = _run("countdown", display, tmp_path, CAIRN_TEST_LANG=lang)
    c = report["countdown"]
    assert c["saved"] == 5, "the length is kept in settings.json"
    assert not c["cut"], c["cut"]
    auto = c["auto"]
    assert auto["logged"] == auto["shown"] and all(auto["shown"]) and len(auto["shown"]) == 3, auto
    assert auto["new"] == 1 and auto["confirms"] == 1 and auto["screen"] == "sa_table", auto
    undo = c["undo"]
    assert undo["wood_after"] == undo["wood_before"] - sum(auto["shown"]) // 3 and undo["current"] == 0, undo
    held = c["held"]
    assert not held["running_while_held"] and held["screen_after"] == held["shown"] == held["logged"], held
    assert not c["touch_counting"], "dice tapped in never count down"
    assert c["left"] == {"running": False, "screen": "sa_table"}, "the screen left: nothing confirmed"
    tapped = c["tapped"]
    assert not tapped["running_after_tap"] and not tapped["bar_after_tap"], tapped
    assert tapped["screen_after"] == tapped["shown"] == tapped["logged"], tapped
    _all_confirms_match(report)


def test_ui_stone_tribe_fate_dice_count_down_too(display: str, tmp_path: Path) -> None:
    """石器部落's fate dice from a 2-dice tray confirm themselves after the countdown (2 s for the run)."""
    report = _run("countdown-st", display, tmp_path)
    st = report["st"]
    assert st["running"] and len(st["shown"]) == 2 and all(st["shown"]), st
    assert st["logged"] == st["shown"] == st["last_roll"] and st["screen"] != "st_dice", st
