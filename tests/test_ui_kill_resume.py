"""A power cut in the middle of a game: short scripted games of 石器部落 and Prehistories by real taps
under Xvfb (800×480, 简体中文), each killed with SIGKILL at moves picked by a seeded generator, then
started again: Resume on Home must show exactly the screen the table saw before the kill (the screen's
name and every text, view model, tile shape, highlight and enabled state on it), and the game plays on
to the next kill and to its end.

A kill is at a move that ends on the game's table screen (what a resume opens); a screen half-filled
by a player (a plan not yet played) is the command in flight and is not kept. Prehistories is also
killed right after the players told one zone's tile and right after Cairn drew the rest, before they
are on the board: the tiles must be the same after the restart (they were drawn in memory and redrawn
at every start before). The Prehistories setup is killed right after Cairn drew the goal cards the
players had not told, before any game exists: opened again from Home, it must show the same cards,
and Start must log exactly those.
"""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.ui.xvfb import child_env, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[1]
CHILD = ROOT / "tests" / "ui" / "kill_resume.py"


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    yield from xvfb_display("1280x720")


def run_child(env: dict[str, str], game: str, kill: str, resume_from: int | None) -> dict[str, Any]:
    """Run the child until it asks to be killed (then SIGKILL it) or ends; returns what it printed:
    ``moves`` (number -> shown), ``kill`` (number, shown) or ``done``, and ``resumed``."""
    args = [sys.executable, str(CHILD), game, kill] + (["--resume", str(resume_from)] if resume_from is not None
                                                       else [])
    child = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out: dict[str, Any] = {"moves": {}, "labels": {}}
    assert child.stdout is not None
    try:
        for line in child.stdout:
            if not line.startswith("{"):
                continue
            record = json.loads(line)
            if "error" in record:
                raise AssertionError(f"{game} child failed:\n{record['error']}")
            if "move" in record:
                out["moves"][record["move"]] = record["shown"]
                out["labels"][record["move"]] = record["label"]
            if "resumed" in record:
                out["resumed"] = record["resumed"]
            if "started" in record:
                out["started"] = record["started"]
            if "kill" in record:
                out["kill"] = (record["kill"], record["shown"])
                os.kill(child.pid, signal.SIGKILL)
                break
            if "done" in record:
                out["done"] = record["done"]
                break
    finally:
        try:
            child.wait(timeout=120)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        stderr = child.stderr.read() if child.stderr else ""
    if "kill" in out:
        assert child.returncode == -signal.SIGKILL
    elif "done" not in out:
        raise AssertionError(f"{game} child ended without a kill or the end (status {child.returncode}):\n"
                             f"{stderr[-4000:]}")
    return out


def differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What a player would see differ, line by line (empty when the two screens show the same)."""
    if before["screen"] != after["screen"]:
        return [f"screen {before['screen']} -> {after['screen']}"]
    lines = []
    a, b = before["items"], after["items"]
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else None
        y = b[i] if i < len(b) else None
        if x != y:
            lines.append(f"#{i}: {x} -> {y}")
    return lines


def play_with_kills(display: str, tmp: Path, game: str, kills: list[str]) -> list[dict[str, Any]]:
    """Play ``game`` killed at each of ``kills`` in turn, resuming after each; returns the runs."""
    env = child_env(display, tmp, tmp / "data")
    env["CAIRN_TEST_LANG"] = "zh_CN"
    runs = [run_child(env, game, kills[0], None)]
    for spec in kills[1:] + ["none"]:
        killed_at, seen = runs[-1]["kill"]
        run = run_child(env, game, spec, killed_at + 1)
        diff = differences(seen, run["resumed"])
        assert not diff, f"{game}: after the kill at move {killed_at} ({runs[-1]['labels'][killed_at]}) " \
                         f"the resumed screen differs:\n" + "\n".join(diff[:20])
        runs.append(run)
    assert "done" in runs[-1]
    return runs


def test_ui_stone_tribe_killed_at_random_moves_resumes_to_the_screen_it_showed(display: str,
                                                                               tmp_path: Path) -> None:
    rng = random.Random(1201)
    first = rng.randrange(1, 9)
    kills = [f"table-after:{first}", f"table-after:{first + rng.randrange(3, 9)}"]
    runs = play_with_kills(display, tmp_path, "stone-tribe", kills)
    labels = [label for run in runs for label in run["labels"].values()]
    assert labels.count("end-turn") == 3 and "roll" in labels and "draft" in labels


def test_ui_prehistories_killed_after_cairn_drew_and_at_a_random_move_resumes_to_the_same_tiles(
        display: str, tmp_path: Path) -> None:
    rng = random.Random(1202)
    kills = ["label:tell", "label:draw-for-us", f"table-after:{rng.randrange(6, 22)}"]
    runs = play_with_kills(display, tmp_path, "prehistories", kills)
    assert [run["labels"][run["kill"][0]] for run in runs[:2]] == ["tell", "draw-for-us"]
    killed_at, seen = runs[1]["kill"]
    zones = [item for item in seen["items"] if item[0].startswith("zone-")]
    assert len(zones) == 5 and all("is_new=True" in z[2] for z in zones), zones
    labels = [label for run in runs for label in run["labels"].values()]
    assert {"tell", "on-board", "hunt", "paint"} <= set(labels)


def shown_goals(seen: dict[str, Any]) -> list[str]:
    """The goal cards a setup screen shows in play, as the rules name them ("B5"): a card's button
    (``goal-<n>``, highlighted) is followed by its number and its side's word."""
    sides = {"太阳": "A", "月亮": "B"}
    items = seen["items"]
    goals = []
    for i, item in enumerate(items):
        if item[0].startswith("goal-") and item[4] == "selected":
            side = next(sides[it[1]] for it in items[i + 1:] if it[1] in sides)
            goals.append(f"{side}{item[0].removeprefix('goal-')}")
    return goals


def test_ui_prehistories_setup_killed_after_cairn_drew_the_goal_cards_reopens_with_the_same_cards(
        display: str, tmp_path: Path) -> None:
    env = child_env(display, tmp_path, tmp_path / "data")
    env["CAIRN_TEST_LANG"] = "zh_CN"
    first = run_child(env, "ph-setup", "label:draw-for-us", None)
    told = first["moves"][1]
    assert shown_goals(told) == ["B5"], "the form starts with no card; two taps put card 5 on its Moon side"
    killed_at, seen = first["kill"]
    goals = shown_goals(seen)
    assert len(goals) == 4 and "B5" in goals, goals
    assert ["ph-draw-goals", True] == [next(it[0] for it in seen["items"] if it[0] == "ph-draw-goals"),
                                      next(it[5] for it in seen["items"] if it[0] == "ph-draw-goals")]
    run = run_child(env, "ph-setup", "none", killed_at + 1)
    diff = differences(seen, run["resumed"])
    assert not diff, "after the kill the setup shows other goal cards:\n" + "\n".join(diff[:20])
    started = run["started"]
    assert started["screen"] == "ph_table"
    assert sorted(started["goals"]) == sorted(started["logged"]) == sorted(goals)
    assert started["drafts"] == [], "Start clears the setup draft"
