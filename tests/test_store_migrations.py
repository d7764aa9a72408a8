"""Saved games survive updates: a file of every earlier store schema opens, resumes and plays on.

The fixtures under tests/fixtures/ were built with each schema's own DDL and real Stone Age rows
(see tests/fixtures/make_store_fixtures.py); they are copied before use, never changed in place.
"""
from __future__ import annotations

import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.session import GameSession
from companion.store import GameStore
from companion.store_schema import CURRENT_VERSION
from rules.codec import encode
from rules.stone_age.random_play import random_command

FIXTURES = Path(__file__).resolve().parent / "fixtures"
EARLIER = sorted(FIXTURES.glob("store-v*.sqlite3"))


def test_there_is_a_fixture_for_every_earlier_schema() -> None:
    assert [p.name for p in EARLIER] == [f"store-v{n}.sqlite3" for n in range(1, CURRENT_VERSION)]


@pytest.mark.parametrize("fixture", EARLIER, ids=lambda p: p.stem)
def test_a_file_of_an_earlier_schema_opens_resumes_and_plays_on(tmp_path: Path, fixture: Path) -> None:
    path = tmp_path / "cairn.sqlite3"
    shutil.copyfile(fixture, path)
    expected = json.loads(fixture.with_suffix(".expected.json").read_text())
    with GameStore(path) as store:
        assert store.notice is None, store.notice  # a good file is never renamed aside
        assert store.moved_aside is None
        assert [g.players for g in store.games()] == [("Ann", "Ben", "Cai")]
        session = GameSession.resume(store, 1)
        assert store.last_seq(1) == expected["last_seq"]
        state = encode(session.state)
        # the game as it was saved, and the fields added to the state since read as an old game has them
        assert {k: state[k] for k in expected["state"]} == expected["state"]
        added = {k: state[k] for k in state if k not in expected["state"]}
        assert added == {"board": False, "round_people": [5, 5, 5], "stayed_home": []}
        session.dispatch(random_command(session.state, random.Random(7)))  # the first append after the update
        after = session.state
        assert session.history()[0].template  # new rows keep their translatable parts
    assert sorted(p.name for p in tmp_path.iterdir() if "unreadable" in p.name) == []
    with GameStore(path) as store:  # and it opens again, now at today's schema
        assert store.notice is None
        assert GameSession.resume(store, 1).state == after
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == CURRENT_VERSION
    db.close()


def test_a_file_from_a_newer_cairn_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "cairn.sqlite3"
    shutil.copyfile(EARLIER[-1], path)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={CURRENT_VERSION + 1}")
    db.commit()
    db.close()
    before = path.read_bytes()
    from companion.errors import StoreError

    with pytest.raises(StoreError, match="newer Cairn"):
        GameStore(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("cairn.sqlite3.")] == []
