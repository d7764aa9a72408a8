"""Whole games kept through GameSession on real SQLite files: replay, undo, final table, export."""
from __future__ import annotations

import csv
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.record import game_record, record_csv
from companion.session import GameSession
from companion.store import GameStore
from rules.stone_age import random_play
from rules.stone_age.endstate import score_json, sheet_of

ROOT = Path(__file__).resolve().parents[1]


def play(store: GameStore, seed: int, players: int = 3, undo_rate: float = 0.0, limit: int = 5000) -> GameSession:
    """Play a random legal Stone Age game through a session, with some undos and redos on the way."""
    rng = random.Random(seed)
    session = GameSession.new(store, "stone-age", random_play.random_command(None, rng, players))
    for _ in range(limit):
        if session.finished:
            break
        roll = rng.random()
        if roll < undo_rate:
            session.undo()
        elif roll < undo_rate * 1.5:
            session.redo()
        else:
            session.dispatch(random_play.random_command(session.state, rng, players))
    return session


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_replaying_a_saved_game_gives_the_live_state(tmp_path_factory: pytest.TempPathFactory, seed: int,
                                                     players: int) -> None:
    path = tmp_path_factory.mktemp("sa") / "games.sqlite3"
    with GameStore(path) as store:
        live = play(store, seed, players, undo_rate=0.05)
        state, history = live.state, [h.text for h in live.history()]
    with GameStore(path) as store:
        again = GameSession.resume(store, live.game_id)
        assert again.state == state
        assert [h.text for h in again.history()] == history
        assert store.game(live.game_id).finished == again.finished


def test_a_whole_game_ends_with_the_same_table_as_main_py_score(tmp_path: Path) -> None:
    with GameStore(tmp_path / "g.sqlite3") as store:
        session = play(store, seed=11, players=4)
        assert session.finished
        final = session.state.final
        sheet = sheet_of(session.state)
    file = tmp_path / "end.json"
    file.write_text(json.dumps(sheet), encoding="utf-8")
    out = subprocess.run([sys.executable, "main.py", "score", "--json", str(file)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    scored = json.loads(out.stdout)
    assert [p["total"] for p in scored["players"]] == [row.total for row in final]
    assert [p["rank"] for p in scored["players"]] == [row.rank for row in final]
    assert scored == score_json(sheet)


def test_export_has_players_final_table_and_history(tmp_path: Path) -> None:
    with GameStore(tmp_path / "g.sqlite3") as store:
        session = play(store, seed=5, players=2)
        record = game_record(store, session.game_id)
        n_history = len(session.history())
    assert record["game"] == "stone-age" and record["finished"] is True
    assert record["players"] == [p.name for p in session.state.players]
    assert [row["name"] for row in record["final"]] == record["players"]
    assert len(record["history"]) == n_history
    assert record["history"][0]["text"].startswith("New game: ")
    rows = list(csv.reader(io.StringIO(record_csv(record))))
    assert rows[0][0] == "section"
    assert [r[0] for r in rows[1:]].count("player") == 2
    assert [r[0] for r in rows[1:]].count("event") == n_history


def test_export_and_games_commands(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    with GameStore(data / "cairn.sqlite3") as store:
        finished = play(store, seed=3, players=3)
        ongoing = GameSession.new(store, "stone-age", random_play.random_command(None, random.Random(1), 2))
    run = lambda *args: subprocess.run([sys.executable, "main.py", "--data-dir", str(data), *args],  # noqa: E731
                                       cwd=ROOT, capture_output=True, text=True)
    listing = run("games", "--json")
    assert listing.returncode == 0
    games = [json.loads(line) for line in listing.stdout.splitlines()]
    assert {g["id"]: g["finished"] for g in games} == {finished.game_id: True, ongoing.game_id: False}
    exported = run("export", str(finished.game_id))
    assert exported.returncode == 0 and json.loads(exported.stdout)["final"]
    as_csv = run("export", str(finished.game_id), "--format", "csv", "--output", str(tmp_path / "g.csv"))
    assert as_csv.returncode == 0 and (tmp_path / "g.csv").read_text().startswith("section,")
    missing = run("export", "999")
    assert missing.returncode == 2 and missing.stderr.strip() == "cairn: there is no saved game 999"
    assert "Traceback" not in missing.stderr
