"""A saved file with a damaged row, on real SQLite files: the damaged game is reported by name (a
``DamagedGameError``), never a traceback, and the file's other games stay usable (store, ``main.py games``
and ``export``). A game whose setup was never saved is not offered at all."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import random

import pytest

from companion import errors
from companion.record import game_record
from companion.session import GameSession
from companion.store import GameStore
from rules.stone_age.random_play import random_command
from tests.support import tally

ROOT = Path(__file__).resolve().parents[1]

#: name -> SQL that damages game 1 (Ann, Ben) and nothing else
DAMAGE = {
    "players-invalid-json": "UPDATE games SET players = '[\"Ann\", \"Be' WHERE id = 1",
    "players-not-a-list": "UPDATE games SET players = '{\"Ann\": 1}' WHERE id = 1",
    "payload-a-list": "UPDATE events SET payload = '[1, 2]' WHERE game_id = 1 AND seq = 2",
    "payload-invalid-json": "UPDATE events SET payload = '{\"type\": \"Scor' WHERE game_id = 1 AND seq = 2",
    "schema-as-text": "UPDATE events SET payload = json_set(payload, '$.schema', '1')"
                      " WHERE game_id = 1 AND seq = 2",
    "undo-without-batch": "UPDATE events SET payload = json_remove(payload, '$.batch')"
                          " WHERE game_id = 1 AND kind = 'undo'",
    "undo-of-unknown-batch": "UPDATE events SET payload = json_set(payload, '$.batch', 99)"
                             " WHERE game_id = 1 AND kind = 'undo'",
    "seq-as-text": "UPDATE events SET seq = 'two' WHERE game_id = 1 AND seq = 2",
    "date-as-text": "UPDATE games SET updated = 'yesterday', created = 'monday' WHERE id = 1",
    "event-date-as-text": "UPDATE events SET at = 'noon' WHERE game_id = 1 AND seq = 2",
    "reason-parts-damaged": "UPDATE events SET reason_parts = '[]' WHERE game_id = 1 AND seq = 2",
    "a-row-missing": "DELETE FROM events WHERE game_id = 1 AND seq = 2",
    "reason-not-utf8": "UPDATE events SET reason = CAST(X'416EFF' AS TEXT) WHERE game_id = 1 AND seq = 2",
    "players-not-utf8": "UPDATE games SET players = CAST(X'5B22FF225D' AS TEXT) WHERE id = 1",
}


def make_file(path: Path) -> tuple[object, object]:
    """Game 1 (Ann, Ben) of Stone Age with moves and an undo; game 2 (Ann, Ben, Cai) with moves.

    Returns the two games' states."""
    rng = random.Random(5)
    with GameStore(path) as store:
        first = GameSession.new(store, "stone-age", random_command(None, rng, 2))
        for _ in range(3):
            first.dispatch(random_command(first.state, rng))
        first.undo()
        first.dispatch(random_command(first.state, rng))
        second = GameSession.new(store, "stone-age", random_command(None, rng, 3))
        for _ in range(4):
            second.dispatch(random_command(second.state, rng))
        return first.state, second.state


def damage(path: Path, sql: str, keep_crc: bool) -> None:
    db = sqlite3.connect(path)
    db.execute(sql)
    if not keep_crc:  # as a file written before rows had a checksum
        db.execute("UPDATE events SET crc = NULL")
    db.commit()
    db.close()


def check_reported_and_others_usable(path: Path, other: object) -> None:
    with GameStore(path) as store:
        listed = {g.id: g for g in store.games()}  # listing never raises
        assert set(listed) == {1, 2}
        assert store.latest_unfinished() is not None and store.latest_unfinished().id == 2
        for open_it in (lambda: GameSession.resume(store, 1), lambda: game_record(store, 1)):
            with pytest.raises(errors.DamagedGameError) as bad:
                open_it()
            assert bad.value.game_id == 1
            assert "Ann, Ben" in str(bad.value) or "game 1" in str(bad.value)
        good = GameSession.resume(store, 2)
        assert good.state == other
        good.dispatch(random_command(good.state, random.Random(1)))  # the other game plays on
        assert game_record(store, 2)["players"] == ["Ann", "Ben", "Cai"]


@pytest.mark.parametrize("keep_crc", [True, False], ids=["with-crc", "without-crc"])
@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_a_damaged_row_is_reported_by_name_and_the_other_games_play_on(tmp_path: Path, kind: str,
                                                                       keep_crc: bool) -> None:
    path = tmp_path / "cairn.sqlite3"
    _, other = make_file(path)
    damage(path, DAMAGE[kind], keep_crc)
    check_reported_and_others_usable(path, other)


def test_a_flipped_byte_in_a_move_is_reported_not_replayed(tmp_path: Path) -> None:
    path = tmp_path / "cairn.sqlite3"
    first, other = make_file(path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    raw = bytearray(path.read_bytes())
    at = raw.rfind(b'"deck": 3')  # game 1's setup (cells fill a page from its end): still valid JSON
    assert at > 0
    raw[at + len('"deck": ')] = ord("4")
    path.write_bytes(bytes(raw))
    check_reported_and_others_usable(path, other)
    with GameStore(path) as store:  # the rolling copy made at close holds the game sound: it is offered
        assert store.recovery is not None and [loss.game_id for loss in store.recovery.losses] == [1]
        loss = store.recovery.losses[0]
        assert loss.stored == 0 and loss.in_copy == loss.acked == store.last_seq(1)
        store.use_copy()
        assert GameSession.resume(store, 1).state == first
    with GameStore(path) as store:
        assert store.recovery is None


def test_a_game_whose_setup_was_never_saved_is_not_offered(tmp_path: Path) -> None:
    path = tmp_path / "cairn.sqlite3"
    make_file(path)
    db = sqlite3.connect(path)  # what an old first start killed between the two writes left
    db.execute("INSERT INTO games (id, game, title, players, created, updated)"
               " VALUES (3, 'stone-age', 'Ed, Flo', '[\"Ed\", \"Flo\"]', 1e10, 1e10)")
    db.commit()
    db.close()
    with GameStore(path) as store:
        assert [g.id for g in store.games()] == [2, 1]
        assert store.latest_unfinished().id == 2
        with pytest.raises(errors.DamagedGameError, match="Ed, Flo.*setup was never saved"):
            GameSession.resume(store, 3)


def test_a_new_game_and_its_setup_are_one_transaction(tmp_path: Path) -> None:
    path = tmp_path / "cairn.sqlite3"
    with GameStore(path) as store:
        store._db.execute("CREATE TRIGGER no_events BEFORE INSERT ON events"
                          " BEGIN SELECT RAISE(FAIL, 'disk'); END")
        with pytest.raises(errors.StoreError):
            GameSession.new(store, tally.RULES, tally.Start(("Ann", "Ben")))
        assert store._db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0


def run_cli(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", "--data-dir", str(data), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("kind", ["players-invalid-json", "payload-a-list", "seq-as-text", "date-as-text"])
def test_games_and_export_report_the_damaged_game_and_serve_the_others(tmp_path: Path, kind: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    make_file(data / "cairn.sqlite3")
    damage(data / "cairn.sqlite3", DAMAGE[kind], keep_crc=False)
    listing = run_cli(data, "games", "--json")
    assert listing.returncode == 0, listing.stderr
    assert "Traceback" not in listing.stderr
    assert {json.loads(line)["id"] for line in listing.stdout.splitlines()} == {1, 2}
    bad = run_cli(data, "export", "1")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    last = bad.stderr.strip().splitlines()[-1]  # after the store's notice of what is missing, if any
    assert last.startswith("cairn: ") and "game 1" in last and "damaged" in last
    good = run_cli(data, "export", "2")
    assert good.returncode == 0, good.stderr
    assert json.loads(good.stdout)["players"] == ["Ann", "Ben", "Cai"]
