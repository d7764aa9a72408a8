"""Bad input to the real command line, one table per command: each case runs ``main.py`` in a subprocess
and must end with a clear line naming the problem, never a traceback, a hang or a lost file.

Every case snapshots the data folder and the input files before the run and checks them byte for byte
after it. ``read-dice`` reports a picture it cannot read on its own line and goes on (exit 1, see
``companion/cli/dice.py``); every other command exits 2 with exactly one line on stderr.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import random
import struct
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import cv2
import numpy as np
import pytest

from companion.session import GameSession
from companion.store import DB_NAME, GameStore
from rules.stone_age import random_play
from rules.stone_age.commands import NewGame
from rules.stone_age.state import Seat

ROOT = Path(__file__).resolve().parents[1]
#: Generous: a case that hangs (a FIFO read forever) fails here instead of hanging the suite.
HANG_S = 120

ANN = {"name": "Ann", "score": 96, "agriculture": 7, "people": 9, "tools": [4, 3, 3], "huts": 8}
BEN = {"name": "Ben", "score": 80, "agriculture": 4, "people": 6, "tools": [2, 1, 1], "huts": 6}
CAVE = {"game": "prehistories", "colour": "yellow", "goals": [], "tiles": []}


@dataclass
class World:
    """What a case may point at: a data folder with a saved game, a scratch folder, an input path."""

    data: Path
    tmp: Path
    game_id: int

    def file(self, name: str, content: str | bytes) -> str:
        path = self.tmp / name
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_bytes(content)
        return str(path)

    def fifo(self) -> str:
        path = self.tmp / "pipe.json"
        os.mkfifo(path)
        return str(path)


@pytest.fixture
def world(tmp_path: Path) -> World:
    data = tmp_path / "data"
    data.mkdir()
    with GameStore(data / DB_NAME) as store:
        session = GameSession.new(store, "stone-age", random_play.random_command(None, random.Random(2), 2))
        session.dispatch(random_play.random_command(session.state, random.Random(2), 2))
        game_id = session.game_id
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    return World(data, scratch, game_id)


def snapshot(*folders: Path) -> dict[str, str]:
    """Every file under the folders (FIFOs by name only) -> a digest of its bytes."""
    out = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_fifo():
                out[str(path)] = "fifo"
            elif path.is_file():
                out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def run_main(world: World, argv: list[str], stdout: str | None = None) -> subprocess.CompletedProcess[str]:
    """``main.py --data-dir DATA argv...``; ``stdout`` names a file to send standard output to."""
    cmd = [sys.executable, "main.py", "--data-dir", str(world.data), *argv]
    if stdout is None:
        return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=HANG_S, stdin=subprocess.DEVNULL)
    with open(stdout, "w") as out:
        done = subprocess.run(cmd, cwd=ROOT, stdout=out, stderr=subprocess.PIPE, text=True, timeout=HANG_S,
                              stdin=subprocess.DEVNULL)
    return subprocess.CompletedProcess(cmd, done.returncode, "", done.stderr)


def assert_refused(world: World, argv: list[str], words: str, stdout: str | None = None) -> None:
    """Exit 2, one line on stderr that contains ``words``, no traceback, no file changed."""
    before = snapshot(world.data, world.tmp)
    done = run_main(world, argv, stdout)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stderr.startswith("cairn: ") and done.stderr.count("\n") == 1, done.stderr
    assert words in done.stderr, done.stderr
    assert snapshot(world.data, world.tmp) == before


def stone_age(*players: dict) -> str:
    return json.dumps({"game": "stone-age", "players": list(players)})


def player(name: str, base: dict = ANN) -> dict:
    return dict(base, name=name)


# --------------------------------------------------------------------------------------- score

Case = Callable[[World], str]

SCORE_CASES: dict[str, tuple[Case, str]] = {
    "a 5,000-digit integer": (lambda w: w.file("big.json", stone_age(ANN, BEN).replace("96", "9" * 5000)),
                              "a number of 5000 digits"),
    "100,000 nested brackets": (lambda w: w.file("deep.json", "[" * 100_000 + "]" * 100_000),
                                "nested too deeply"),
    "/dev/zero": (lambda w: "/dev/zero", "not a regular file"),
    "a FIFO": (lambda w: w.fifo(), "not a regular file"),
    "a folder": (lambda w: str(w.tmp), "is a folder"),
    "NaN": (lambda w: w.file("nan.json", stone_age(ANN, BEN).replace("96", "NaN")), "NaN is not a number"),
    "a repeated key": (lambda w: w.file("dup.json", '{"game": "stone-age", "game": "stone-age", "players": []}'),
                       'the key "game" appears twice'),
    "a lone surrogate in a name": (lambda w: w.file("sur.json", stone_age(ANN, BEN).replace('"Ann"', '"A\\ud800"')),
                                   "players[0].name: holds a lone surrogate (\\ud800)"),
    "a name with a newline": (lambda w: w.file("nl.json", stone_age(player("A\nB"), BEN)),
                              "players[0].name: holds a control character (U+000A)"),
    "a name with an escape": (lambda w: w.file("esc.json", stone_age(player("A\x1b[31mB"), BEN)),
                              "players[0].name: holds a control character (U+001B)"),
    "a right-to-left override": (lambda w: w.file("rtl.json", stone_age(player("A\u202eB"), BEN)),
                                 "players[0].name: holds an invisible or formatting character (U+202E)"),
    "names differing by case": (lambda w: w.file("case.json", stone_age(ANN, player("ANN", BEN))),
                                "players[1].name: two players are called 'Ann'"),
    "names differing by spaces": (lambda w: w.file("sp.json", stone_age(ANN, player(" A nn ", BEN))),
                                  "players[1].name: two players are called 'Ann'"),
    "names differing by normalisation": (
        lambda w: w.file("nfd.json", stone_age(player("Zo\u00eb"), player("Zoe\u0308", BEN))),
        "players[1].name: two players are called 'Zoë'"),
    "names differing by width": (lambda w: w.file("wide.json", stone_age(ANN, player("Ａｎｎ", BEN))),
                                 "players[1].name: two players are called 'Ann'"),
    "a stone-tribe name twice by case": (
        lambda w: w.file("st.json", json.dumps({"game": "stone-tribe", "players": [
            {"name": n, "shells": 1, "resources": {}} for n in ("Li", "li", "Wu", "Zhao")]})),
        "players[1].name: two players are called Li (li)"),
    "not UTF-8": (lambda w: w.file("latin1.json", b'{"game": "stone-age", "players": [{"name": "Zo\xeb"}]}'),
                  "not UTF-8 text"),
    "a file too big": (lambda w: w.file("huge.json", " " * (2 * 1024 * 1024) + "{}"), "larger than 1024 KiB"),
}


@pytest.mark.parametrize("case", SCORE_CASES)
def test_score_refuses_bad_input_in_one_line(world: World, case: str) -> None:
    make, words = SCORE_CASES[case]
    assert_refused(world, ["score", make(world)], words)


def test_score_to_a_full_disk_is_one_line(world: World) -> None:
    good = world.file("good.json", stone_age(ANN, BEN))
    assert_refused(world, ["score", good], "cannot write to standard output: No space left on device",
                   stdout="/dev/full")
    assert_refused(world, ["score", "--json", good], "No space left on device", stdout="/dev/full")


def test_score_with_standard_output_closed_says_so(world: World) -> None:
    """Started with ``>&-`` (no standard output at all) a command that prints says so, exit 2."""
    good = world.file("good.json", stone_age(ANN, BEN))
    cmd = [sys.executable, "main.py", "--data-dir", str(world.data), "score", good]
    done = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=HANG_S,
                          stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(1))
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stderr == "cairn: standard output is closed: nothing can be written\n", done.stderr


# ---------------------------------------------------------------------------------- check-cave

CAVE_CASES: dict[str, tuple[Case, str]] = {
    "a 5,000-digit tile id": (
        lambda w: w.file("big.json", json.dumps(dict(CAVE, tiles=[{"tile": 12, "side": 0, "row": 0, "col": 0}]))
                         .replace("12", "1" * 5000)),
        "a number of 5000 digits"),
    "100,000 nested brackets": (lambda w: w.file("deep.json", "[" * 100_000 + "]" * 100_000), "nested too deeply"),
    "40 nested lists": (lambda w: w.file("deep40.json", json.dumps(CAVE)[:-1] + ', "goals": ' + "[" * 40 + "]" * 40 + "}"),
                        'the key "goals" appears twice'),
    "40 nested lists as the goals": (lambda w: w.file("deep40.json", json.dumps(CAVE).replace('"goals": []', '"goals": '
                                                      + "[" * 40 + "]" * 40)), "nested too deeply at goals[0]"),
    "/dev/zero": (lambda w: "/dev/zero", "not a regular file"),
    "a FIFO": (lambda w: w.fifo(), "not a regular file"),
    "a repeated key": (lambda w: w.file("dup.json", json.dumps(CAVE)[:-1] + ', "colour": "red"}'),
                       'the key "colour" appears twice'),
    "a lone surrogate": (lambda w: w.file("sur.json", json.dumps(dict(CAVE, goals=["A\ud800"]))),
                         "goals[0]: holds a lone surrogate"),
    "a key with a newline": (lambda w: w.file("nl.json", json.dumps(dict(CAVE, **{"a\nb": 1}))),
                             "a\\nb: unknown field"),
}


@pytest.mark.parametrize("case", CAVE_CASES)
def test_check_cave_refuses_bad_input_in_one_line(world: World, case: str) -> None:
    make, words = CAVE_CASES[case]
    assert_refused(world, ["check-cave", make(world)], words)


# ----------------------------------------------------------------------------------- read-dice

def jpeg_claiming(width: int, height: int) -> bytes:
    """A small real JPEG whose frame header claims ``width`` × ``height``."""
    ok, data = cv2.imencode(".jpg", np.full((8, 8, 3), 128, np.uint8))
    raw = bytearray(data.tobytes())
    at = raw.find(b"\xff\xc0")
    raw[at + 5:at + 9] = struct.pack(">HH", height, width)
    return bytes(raw)


def png_claiming(width: int, height: int) -> bytes:
    ok, data = cv2.imencode(".png", np.full((8, 8, 3), 128, np.uint8))
    raw = bytearray(data.tobytes())
    raw[16:24] = struct.pack(">II", width, height)
    return bytes(raw)


def cut_after(ext: str, share: float) -> bytes:
    """A textured picture encoded as ``ext``, only its first ``share`` of bytes: a copy cut short."""
    texture = cv2.GaussianBlur(np.random.default_rng(3).integers(0, 256, (240, 320, 3), dtype=np.uint8), (0, 0), 2)
    _, data = cv2.imencode(ext, texture)
    return data.tobytes()[:int(len(data) * share)]


DICE_CASES: dict[str, tuple[Case, str]] = {
    "a JPEG cut short": (lambda w: w.file("cut.jpg", cut_after(".jpg", 0.6)), "the file is cut short"),
    "a PNG cut short": (lambda w: w.file("cut.png", cut_after(".png", 0.6)), "the file is cut short"),
    "a JPEG claiming 65500 x 65500": (lambda w: w.file("huge.jpg", jpeg_claiming(65500, 65500)),
                                      "claims 65500 × 65500 pixels"),
    "a JPEG claiming 20000 x 20000": (lambda w: w.file("big.jpg", jpeg_claiming(20000, 20000)),
                                      "claims 20000 × 20000 pixels"),
    "a PNG claiming 65500 x 65500": (lambda w: w.file("huge.png", png_claiming(65500, 65500)),
                                     "claims 65500 × 65500 pixels"),
    "a FIFO": (lambda w: w.fifo(), "not a regular file"),
    "/dev/zero": (lambda w: "/dev/zero", "not a regular file"),
    "an empty file": (lambda w: w.file("empty.jpg", b""), "the file is empty"),
}


@pytest.mark.parametrize("case", DICE_CASES)
def test_read_dice_reports_a_bad_picture_on_its_line_and_goes_on(world: World, case: str) -> None:
    make, words = DICE_CASES[case]
    path = make(world)
    before = snapshot(world.data, world.tmp)
    done = run_main(world, ["read-dice", "--json", path])
    assert "Traceback" not in done.stderr and done.stderr == "", done.stderr
    assert done.returncode == 1
    (line,) = done.stdout.splitlines()
    assert json.loads(line)["image"] == path and words in json.loads(line)["error"], line
    assert snapshot(world.data, world.tmp) == before


# ------------------------------------------------------------------------------ games, export

GAMES_CASES: dict[str, tuple[Callable[[World], list[str]], str]] = {
    "a data folder that is a file": (lambda w: ["--data-dir", w.file("notes.txt", "mine"), "games"],
                                     "is a file, not a folder"),
    "a data folder that is a device": (lambda w: ["--data-dir", "/dev/full", "games"], "is a file, not a folder"),
    "a data folder where nothing can be written": (lambda w: ["--data-dir", "/proc/cairn", "games"],
                                                   "cannot write in /proc/cairn"),
}


@pytest.mark.parametrize("case", GAMES_CASES)
def test_games_refuses_bad_input_in_one_line(world: World, case: str) -> None:
    argv, words = GAMES_CASES[case]
    assert_refused(world, argv(world), words)


def test_games_to_a_full_disk_is_one_line(world: World) -> None:
    assert_refused(world, ["games"], "No space left on device", stdout="/dev/full")
    assert_refused(world, ["games", "--json"], "No space left on device", stdout="/dev/full")


EXPORT_CASES: dict[str, tuple[Callable[[World], list[str]], str]] = {
    "a 20-digit game id": (lambda w: ["export", "9" * 20], "GAME: there is no saved game 99999999999999999999"),
    "a game id that is not a number": (lambda w: ["export", "1e3"], "GAME must be a game id or 'last'"),
    "--output the game file itself": (lambda w: ["export", str(w.game_id), "--output", str(w.data / DB_NAME)],
                                      "inside Cairn's data folder"),
    "--output the game file, --force": (
        lambda w: ["export", str(w.game_id), "--force", "--output", str(w.data / DB_NAME)], "inside Cairn's data folder"),
    "--output a new file in the data folder": (
        lambda w: ["export", str(w.game_id), "--output", str(w.data / (DB_NAME + "-wal"))], "inside Cairn's data folder"),
    "--output a link to the game file": (
        lambda w: (os.symlink(w.data / DB_NAME, w.tmp / "link.json"),
                   ["export", str(w.game_id), "--force", "--output", str(w.tmp / "link.json")])[1],
        "inside Cairn's data folder"),
    "--output the data folder": (lambda w: ["export", str(w.game_id), "--output", str(w.data)],
                                 "inside Cairn's data folder"),
    "--output a folder": (lambda w: ["export", str(w.game_id), "--output", str(w.tmp)], "is a folder"),
    "--output in a missing folder": (lambda w: ["export", str(w.game_id), "--output", str(w.tmp / "no" / "g.json")],
                                     "there is no folder"),
    "--output an existing file": (lambda w: ["export", str(w.game_id), "--output", w.file("old.json", "keep me")],
                                  "the file exists; add --force"),
    "--output /dev/full": (lambda w: ["export", str(w.game_id), "--output", "/dev/full"], "not a regular file"),
    "--output /dev/full, --force": (lambda w: ["export", str(w.game_id), "--force", "--output", "/dev/full"],
                                    "not a regular file"),
    "--output a FIFO": (lambda w: ["export", str(w.game_id), "--force", "--output", w.fifo()], "not a regular file"),
    "--output where nothing can be written": (lambda w: ["export", str(w.game_id), "--output", "/proc/cairn.json"],
                                              "/proc/cairn.json: cannot write there"),
}


@pytest.mark.parametrize("case", EXPORT_CASES)
def test_export_refuses_bad_input_and_overwrites_nothing(world: World, case: str) -> None:
    argv, words = EXPORT_CASES[case]
    assert_refused(world, argv(world), words)


def test_export_to_a_full_disk_is_one_line(world: World) -> None:
    assert_refused(world, ["export", str(world.game_id)], "No space left on device", stdout="/dev/full")


def test_export_replaces_a_file_only_with_force_and_leaves_no_temporary_file(world: World) -> None:
    target = world.tmp / "game.json"
    target.write_text("old", encoding="utf-8")
    os.chmod(target, 0o640)
    done = run_main(world, ["export", str(world.game_id), "--force", "--output", str(target)])
    assert done.returncode == 0, done.stderr
    assert json.loads(target.read_text(encoding="utf-8"))["id"] == world.game_id
    assert os.stat(target).st_mode & 0o777 == 0o640
    assert sorted(p.name for p in world.tmp.iterdir()) == ["game.json"]


def test_export_to_a_read_only_mount_is_one_line(world: World) -> None:
    """A real read-only file system, where this machine lets a test mount one (else skipped)."""
    mount = world.tmp.parent / "ro"
    mount.mkdir()
    ro = f"mount -t tmpfs -o ro none {mount}"
    try:
        probe = subprocess.run(["unshare", "-m", "sh", "-c", ro], capture_output=True, text=True, timeout=HANG_S)
    except FileNotFoundError:
        pytest.skip("no unshare here")
    if probe.returncode != 0:
        pytest.skip(f"cannot mount a read-only file system here: {probe.stderr.strip()}")
    script = (f"{ro} && exec {sys.executable} main.py --data-dir {world.data} "
              f"export {world.game_id} --output {mount}/game.json")
    done = subprocess.run(["unshare", "-m", "sh", "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=HANG_S)
    assert "Traceback" not in done.stderr and done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Read-only file system" in done.stderr, done.stderr


def test_csv_export_neutralises_formula_cells(tmp_path: Path) -> None:
    names = ["=cmd|' /C calc'!A0", "+1+1", "-2", "@SUM(A1)", "\tTab", "\rCR"]
    data = tmp_path / "data"
    data.mkdir()
    with GameStore(data / DB_NAME) as store:
        session = GameSession.new(store, "stone-age", NewGame(tuple(
            Seat(n, c) for n, c in zip(names[:4], ("red", "blue", "green", "yellow")))))
        rng = random.Random(5)
        for _ in range(40):
            session.dispatch(random_play.random_command(session.state, rng, 4))
        game_id = session.game_id
    done = subprocess.run([sys.executable, "main.py", "--data-dir", str(data), "export", str(game_id),
                           "--format", "csv"], cwd=ROOT, capture_output=True, text=True, timeout=HANG_S)
    assert done.returncode == 0, done.stderr
    cells = [cell for row in csv.reader(io.StringIO(done.stdout)) for cell in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert any(c.startswith("'=cmd|' /C calc'!A0") for c in cells)
    from companion.record import csv_cell

    assert [csv_cell(n) for n in names] == ["'" + n for n in names]
    assert csv_cell(-10) == -10 and csv_cell("Ann") == "Ann"
