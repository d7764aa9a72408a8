"""The real app under Xvfb when things go wrong at the table: the power pulled mid-game, GPIO buttons
(gpiozero's MockFactory) instead of touch, and the camera unplugged while the dice screen is open."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.session import GameSession
from companion.store import GameStore
from tests.ui.reliability import state_key
from tests.ui.xvfb import ROOT, child_env, run_driver, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


def _acks(path: Path) -> tuple[list[dict], int | None]:
    """The acknowledged changes (whole lines only) and how many came before "ready" (None: not yet)."""
    if not path.exists():
        return [], None
    complete = path.read_text(encoding="utf-8").split("\n")[:-1]
    ready = complete.index("ready") if "ready" in complete else None
    return [json.loads(x) for x in complete if x.startswith("{")], ready


@pytest.mark.parametrize("seed, extra", [(5, 8), (6, 40)])
def test_ui_power_cut_mid_game_resumes_every_acknowledged_command(display: str, tmp_path: Path,
                                                                  seed: int, extra: int) -> None:
    """SIGKILL (what a power cut does to the process) while moves are going in, ``extra`` moves after
    round 1 was played by touch; started again the same way, Home offers Resume and the game is the
    stored one, with every acknowledged command in it."""
    data, ack = tmp_path / "data", tmp_path / "ack.jsonl"
    env = child_env(display, tmp_path, data)
    env.update(CAIRN_TEST_ACK=str(ack), CAIRN_TEST_SEED=str(seed))
    cmd = [sys.executable, str(ROOT / "tests" / "ui_driver.py"), "powercut", str(tmp_path / "r1.json"),
           str(tmp_path / "shots1")]
    (tmp_path / "shots1").mkdir()
    with (tmp_path / "child1.err").open("w") as err:
        child = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=err)
        try:
            deadline = time.monotonic() + 300
            while True:
                acks, ready = _acks(ack)
                if ready is not None and len(acks) >= ready + extra:
                    break
                err_text = (tmp_path / "child1.err").read_text()[-3000:]
                assert child.poll() is None, f"the app ended by itself:\n{err_text}"
                assert time.monotonic() < deadline, "round 1 by touch did not finish"
                time.sleep(0.02)
            os.kill(child.pid, signal.SIGKILL)
        finally:
            if child.poll() is None:
                child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL
    acks, _ = _acks(ack)
    last = acks[-1]
    game_id = last["game_id"]

    # the file as the power cut left it: sound, with everything acknowledged and at most one command more
    with GameStore(data / "cairn.sqlite3") as store:
        assert store.notice is None and store.integrity() == "ok"
        stored = store.last_seq(game_id)
        assert stored >= last["seq"], "an acknowledged command was lost"
        extra_batches = {r.batch for r in store.events(game_id) if r.seq > last["seq"]}
        assert len(extra_batches) <= 1, f"more than the command in flight was stored: {extra_batches}"
        folded = GameSession.resume(store, game_id)
        assert state_key(folded.state) == state_key(folded.rules.fold(folded.events()))
        if stored == last["seq"]:
            assert state_key(folded.state) == last["state"]
            assert folded.can_redo == last["can_redo"]
        expected_state, expected_seq = state_key(folded.state), stored

    # started again: same data dir, same environment
    status, report, stderr = run_driver("powercut-resume", display, tmp_path, data, tmp_path / "shots2",
                                        extra_env={"CAIRN_TEST_ACK": str(tmp_path / "ack2.jsonl")})
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    assert report["offered"]["screen"] == "home" and report["offered"]["can_resume"]
    resumed = report["resumed"]
    assert resumed["game_id"] == game_id and resumed["seq"] == expected_seq
    assert resumed["state"] == expected_state, "the resumed game is not the stored one"
    # play went on, and it is on disk
    assert report["after"]["seq"] > expected_seq
    with GameStore(data / "cairn.sqlite3") as store:
        assert store.integrity() == "ok" and store.last_seq(game_id) == report["after"]["seq"]
        assert state_key(GameSession.resume(store, game_id).state) == report["after"]["state"]


def test_ui_gpio_buttons_walk_a_round_like_touch(display: str, tmp_path: Path) -> None:
    """NEXT confirms and advances, BACK goes back, BACK held 1 s undoes, READ reads the dice: the same
    round by mock GPIO pins and by touch ends in the same state; bouncing presses count once."""
    status, by_buttons, stderr = run_driver("buttons", display, tmp_path, tmp_path / "d1", tmp_path / "s1")
    assert not by_buttons["errors"], "\n".join(by_buttons["errors"]) + stderr
    assert status == 0, stderr
    assert by_buttons["gpio"] == "GPIO buttons ready"
    status, by_touch, stderr = run_driver("buttons-touch", display, tmp_path, tmp_path / "d2",
                                          tmp_path / "s2")
    assert not by_touch["errors"], "\n".join(by_touch["errors"]) + stderr
    assert by_buttons["state_key"] == by_touch["state_key"], "the buttons and touch rounds differ"
    presses = by_buttons["presses"]
    assert presses.count("undo") == 1 and presses.count("read") == 1
    assert presses == ["back", "next", "next", "next", "next", "read", "next", "next", "next", "next", "back",
                       "next", "next", "undo"]  # nobody short: no NEXT for the feeding
    assert by_buttons["read"]["requests"] == 1 and len(by_buttons["read"]["rolls"]) == 1
    assert by_touch["presses"] == []


def test_ui_camera_unplugged_mid_game(display: str, tmp_path: Path) -> None:
    """The camera goes (no pictures, then it cannot be opened): the dice screen says so, dice are entered
    and confirmed by touch, and the preview comes back when the camera is plugged in again."""
    status, report, stderr = run_driver("camera-unplug", display, tmp_path, tmp_path / "data",
                                        tmp_path / "shots")
    assert not report["errors"], "\n".join(report["errors"]) + stderr
    assert status == 0, stderr
    assert "connected" in report["before"]["status"] and "disconnected" not in report["before"]["status"]
    gone = report["gone"]
    assert "disconnected" in gone["status"] or "reconnecting" in gone["status"], gone
    assert "enter dice by touch" in gone["status"], "the player is told to tap the dice in"
    assert gone["frames_while_gone"] == 0, "the preview went on drawing with no camera"
    assert "disconnected" in report["gone_again"] or "reconnecting" in report["gone_again"]
    back = report["back"]
    assert back["opens"] == 2 and back["frames"] >= 10
    assert "connected" in back["status"] and "disconnected" not in back["status"]
    assert report["state"]["players"][0]["wood"] == 6
