"""Taps and on-screen seconds per round: scripted games played through the real UI, tap by tap.

    python benchmarks/table_taps.py [--json] [--games stone-age,stone-tribe,prehistories]
                                    [--modes mirrored,board,board-edice] [--players table,random]
                                    [--size 800x480] [--rounds N]

Each game and mode runs the real app in its own process (``benchmarks/taps_driver.py``) and window;
every tap goes through Kivy's input path on the widget found by its ``tid``, as the UI tests tap. The
games, the same every run (fixed seeds):

* Stone Age, 4 players, to the end, played by two scripted players (``--players``): ``random``, the
  rules' seeded random player (kept to what touch can enter), which reaches every corner of the rules
  and makes choices no table makes (figures on buildings and cards it then declines, random payments
  and tools), and ``table`` (``benchmarks/taps_player.py``), seeded too, choosing as a table does (a
  building or card only when it can pay, the cheapest resources for cards and food, the tools the
  dice screen advises). ``table`` by default, so that each game and mode is one JSON line (with a
  ``"player"`` key); ``--players table,random`` plays both. Each in three modes: ``mirrored``
  (Settings → Enter every placement: each placement entered on the table), ``board`` (the default: no placing phase, each space tapped as it is resolved; dice by
  touch) and ``board-edice`` (the same with the dice rolled on a simulated e-dice tray on a real
  pseudo-terminal: a sure roll confirms itself after the dice screen's countdown, here 2 s). Each
  command's result is checked against the rules, state for state; all modes must end on the same scores.
* 石器部落, 6 players, to the end (3 rounds, 18 turns): the screenshot tour's seeded moves, by taps;
  also taps per turn, turns with a deal apart from the others.
* Prehistories, 3 players, to the end: the demo player's moves, by taps.

The setup (players, goal cards, the 石器部落 free-skill draft) is counted apart from the rounds.
"On-screen seconds" is the wall time the scripted play takes per round, frames included: it depends
on the machine. Uses ``$DISPLAY``, or starts a private Xvfb when it is unset. With ``--json`` each
game and mode is one line: ``{"game": ..., "mode": ..., "players": ..., "rounds": ..., "taps": ...,
"taps_per_round": ..., "seconds_per_round": ...}`` and more keys after those.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.taps_plan import json_line

GAME_MODES = {"stone-age": ("mirrored", "board", "board-edice"), "stone-tribe": ("default",), "prehistories": ("default",)}
TITLES = {"stone-age": "Stone Age", "stone-tribe": "石器部落", "prehistories": "Prehistories"}
#: the issue's targets
TARGET_STONE_AGE_ROUND = 35
TARGET_STONE_TRIBE_TURN = 10


def run_game(game: str, mode: str, env: dict[str, str], size: str, rounds: int | None,
             timeout: float, player: str = "random") -> dict[str, Any]:
    """Play one game and mode in a child process; its report (``errors``, ``result`` or ``unavailable``)."""
    with tempfile.TemporaryDirectory(prefix="cairn-taps-") as tmp:
        report = Path(tmp) / "report.json"
        child = dict(env, CAIRN_DATA_DIR=str(Path(tmp) / "data"), KIVY_HOME=str(Path(tmp) / "kivy"))
        (Path(tmp) / "kivy").mkdir()
        cmd = [sys.executable, str(ROOT / "benchmarks" / "taps_driver.py"), game, mode, str(report), "--size", size]
        if rounds is not None:
            cmd += ["--rounds", str(rounds)]
        cmd += ["--player", player]
        try:
            proc = subprocess.run(cmd, env=child, capture_output=True, text=True, timeout=timeout,
                                  check=False)
        except subprocess.TimeoutExpired:
            partial = json.loads(report.read_text(encoding="utf-8")) if report.exists() else {}
            return {"errors": [f"{game} {mode} {player}: no result within {timeout:.0f} s; counted so far: "
                               f"{json_line(partial['result']) if 'result' in partial else 'nothing'}"]}
        if not report.exists():
            return {"errors": [f"{game} {mode}: the app wrote no report (exit {proc.returncode}):\n"
                               f"{proc.stderr[-3000:]}"]}
        return json.loads(report.read_text(encoding="utf-8"))


def describe(result: dict[str, Any]) -> str:
    """One line of the table for a result."""
    game = TITLES.get(result["game"], result["game"])
    game += " " * (13 - sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in game))  # 石器部落 is wide
    mode = result["mode"] + ("" if result.get("player", "random") == "random" else f" ({result['player']})")
    line = (f"{game} {mode:<19} {result['players']:>3} {result['rounds']:>6} {result['taps']:>6} "
            f"{result['taps_per_round']:>8.1f} {result['seconds_per_round']:>8.1f}")
    notes = [f"setup {result['setup_taps']} taps"]
    if result.get("scrolls"):
        notes.append(f"{result['scrolls']} scrolls")
    if result["game"] == "stone-age":
        notes.append(f"target ≤ {TARGET_STONE_AGE_ROUND}/round")
    if "taps_per_turn" in result:
        notes.append(f"{result['taps_per_turn']:.1f}/turn; without a deal {result['taps_per_other_turn']:.1f} "
                     f"(most {result['most_taps_other_turn']}), with one {result['taps_per_deal_turn']:.1f} "
                     f"({result['deal_turns']} of {result['turns']}); target ≤ {TARGET_STONE_TRIBE_TURN}")
    if not result.get("finished", True):
        notes.append("stopped before the end")
    return line + "   " + "; ".join(notes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="one JSON object per game and mode, a line each")
    parser.add_argument("--games", default=",".join(GAME_MODES), help="comma-separated registry ids")
    parser.add_argument("--modes", default="mirrored,board,board-edice", help="the Stone Age modes to run")
    parser.add_argument("--size", default="800x480", help="the window, WxH (the Pi's screen by default)")
    parser.add_argument("--rounds", type=int, default=None, help="stop each game after this many rounds")
    parser.add_argument("--players", default="table",
                        help="the scripted Stone Age players: random (the rules' random player), table "
                             "(choices as a table makes them: benchmarks/taps_player.py)")
    parser.add_argument("--timeout", type=float, default=5400, help="seconds allowed per game and mode")
    args = parser.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in GAME_MODES]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; the games are {', '.join(GAME_MODES)}")
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_AUDIO="", KCFG_KIVY_LOG_LEVEL="error",
               PYTHONPATH=str(ROOT))
    xvfb = None
    if not env.get("DISPLAY"):
        from tools.xvfb import Xvfb, XvfbError

        try:
            xvfb = Xvfb("1280x720")
        except XvfbError as e:
            print(f"no DISPLAY, and no private one: {e}", file=sys.stderr)
            return 2
        env["DISPLAY"] = xvfb.name
    failed = False
    finals: dict[str, dict[str, list[int]]] = {}
    try:
        if not args.json:
            print(f"Taps per round through the real UI, {args.size} "
                  f"(seconds: wall time of the scripted play on this machine)")
            print(f"{'game':<13} {'mode':<19} {'pl':>3} {'rounds':>6} {'taps':>6} {'taps/rd':>8} {'s/rd':>8}")
        for game in games:
            modes = [m for m in args.modes.split(",") if m in GAME_MODES[game]] if game == "stone-age" \
                else list(GAME_MODES[game])
            runs = [(mode, player) for player in args.players.split(",") for mode in modes] \
                if game == "stone-age" else [(mode, "random") for mode in modes]
            for mode, player in runs:
                report = run_game(game, mode, env, args.size, args.rounds, args.timeout, player)
                if report.get("unavailable"):
                    print(report["unavailable"], file=sys.stdout if not args.json else sys.stderr)
                    continue
                if report.get("errors"):
                    failed = True
                    print(f"{game} {mode} {player} FAILED:\n" + "\n".join(report["errors"]), file=sys.stderr)
                    continue
                result = report["result"]
                if "final_scores" in result:
                    finals.setdefault(player, {})[mode] = result["final_scores"]
                print(json_line(result) if args.json else describe(result), flush=True)
        for player, by_mode in finals.items():
            if len(by_mode) < 2:
                continue
            same = len({tuple(v) for v in by_mode.values()}) == 1
            line = (f"final scores ({player} player): " + ", ".join(f"{mode} {scores}" for mode, scores in by_mode.items())
                    + f": {'the same' if same else 'DIFFERENT'}")
            print(line, file=sys.stderr if args.json else sys.stdout)
            failed = failed or not same
    finally:
        if xvfb is not None:
            xvfb.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
