"""GameSession + GameStore on real SQLite files: commands, undo/redo as events, resume, replay."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import StoreError
from companion.session import GameSession
from companion.store import GameStore
from rules.errors import IllegalMove
from tests.support import tally


@pytest.fixture()
def store(tmp_path: Path) -> GameStore:
    with GameStore(tmp_path / "games.sqlite3") as s:
        yield s


def new(store: GameStore, names: tuple[str, ...] = ("Ann", "Ben"), target: int = 10) -> GameSession:
    return GameSession.new(store, tally.RULES, tally.Start(names, target))


def test_dispatch_stores_events_with_reasons(store: GameStore) -> None:
    s = new(store)
    s.dispatch(tally.Add(0, 4))
    s.dispatch(tally.Add(1, 6))
    assert [p.points for p in s.state.players] == [4, 6]
    texts = [h.text for h in s.history()]
    assert texts == ["Ben +6", "Ann +4", "new game: Ann, Ben"]
    assert store.game(s.game_id).players == ("Ann", "Ben")
    assert store.integrity() == "ok"


def test_reasons_keep_their_template_for_translation(store: GameStore) -> None:
    s = new(store)
    s.dispatch(tally.Add(1, 5))
    s.undo()
    for session in (s, GameSession.resume(store, s.game_id, tally.RULES)):
        scored = [h for h in session.history() if h.text == "Ben +5"]
        assert len(scored) == 1 and scored[0].undone
        assert (scored[0].template, scored[0].params) == ("{name} +{points}", {"name": "Ben", "points": 5})
    rows = list(store.events(s.game_id))
    assert rows[-1].kind == "undo" and rows[-1].template == "undo: {what}"
    # the undone line stays translatable inside the undo line
    assert rows[-1].params == {"what": {"template": "{name} +{points}", "params": {"name": "Ben", "points": 5}}}


def test_illegal_move_changes_nothing(store: GameStore) -> None:
    s = new(store)
    s.dispatch(tally.Add(0, 3))
    before = store.last_seq(s.game_id)
    with pytest.raises(IllegalMove, match="1 to 6 points"):
        s.dispatch(tally.Add(0, 9))
    assert store.last_seq(s.game_id) == before
    assert s.state.players[0].points == 3


def test_illegal_setup_stores_no_game(store: GameStore) -> None:
    with pytest.raises(IllegalMove, match="1 to 4 players"):
        GameSession.new(store, tally.RULES, tally.Start(()))
    assert store.games() == []


def test_undo_redo_are_logged_and_replayed(store: GameStore) -> None:
    s = new(store)
    s.dispatch(tally.Add(0, 4))
    s.dispatch(tally.Add(0, 5))
    assert s.undo()
    assert s.state.players[0].points == 4
    assert s.can_redo
    assert s.redo()
    assert s.state.players[0].points == 9
    assert s.undo() and s.undo()
    assert s.state.players[0].points == 0
    assert not s.can_undo  # the setup stays
    assert not s.undo()
    resumed = GameSession.resume(store, s.game_id, tally.RULES)
    assert resumed.state == s.state
    assert resumed.can_redo and resumed.redo()
    assert resumed.state.players[0].points == 4
    history = resumed.history()
    assert [h.undone for h in history if h.text.startswith("Ann")] == [True, False]


def test_new_command_after_undo_drops_redo(store: GameStore) -> None:
    s = new(store)
    s.dispatch(tally.Add(0, 4))
    s.undo()
    s.dispatch(tally.Add(1, 2))
    assert not s.can_redo
    again = GameSession.resume(store, s.game_id, tally.RULES)
    assert again.state == s.state
    assert [p.points for p in again.state.players] == [0, 2]


def test_finished_flag_follows_state_and_undo(store: GameStore) -> None:
    s = new(store, target=5)
    s.dispatch(tally.Add(1, 5))
    assert s.finished and store.game(s.game_id).finished
    assert store.latest_unfinished() is None
    s.undo()
    assert not store.game(s.game_id).finished
    assert store.latest_unfinished().id == s.game_id


def test_listeners_hear_every_change(store: GameStore) -> None:
    s = new(store)
    heard: list[int] = []
    s.add_listener(lambda session: heard.append(session.state.players[0].points))
    s.dispatch(tally.Add(0, 2))
    s.undo()
    s.redo()
    assert heard == [2, 0, 2]


commands = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.integers(0, 1), st.integers(1, 6)),
        st.tuples(st.just("undo")),
        st.tuples(st.just("redo")),
    ),
    max_size=25,
)


@settings(max_examples=40, deadline=None)
@given(commands)
def test_replay_equals_live_state(tmp_path_factory: pytest.TempPathFactory, script: list[tuple]) -> None:
    """Whatever mix of commands, undos and redos, reopening the file gives the live state."""
    path = tmp_path_factory.mktemp("replay") / "g.sqlite3"
    with GameStore(path) as store:
        s = new(store, target=1000)
        for step in script:
            if step[0] == "add":
                s.dispatch(tally.Add(step[1], step[2]))
            elif step[0] == "undo":
                s.undo()
            else:
                s.redo()
        live, can_undo, can_redo = s.state, s.can_undo, s.can_redo
    with GameStore(path) as store:
        again = GameSession.resume(store, s.game_id, tally.RULES)
        assert again.state == live
        assert (again.can_undo, again.can_redo) == (can_undo, can_redo)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(1, 6)), min_size=1, max_size=10))
def test_undo_then_redo_is_identity(tmp_path_factory: pytest.TempPathFactory, adds: list[tuple[int, int]]) -> None:
    with GameStore(tmp_path_factory.mktemp("ur") / "g.sqlite3") as store:
        s = new(store, target=1000)
        for player, points in adds:
            s.dispatch(tally.Add(player, points))
        before = s.state
        assert s.undo() and s.redo()
        assert s.state == before


def test_not_a_cairn_file_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"these are my notes, not a database" * 100)
    store = GameStore(path)
    assert store.notice and "kept as" in store.notice
    assert store.moved_aside is not None and store.moved_aside.read_bytes().startswith(b"these are my notes")
    assert store.games() == []
    store.close()


def test_foreign_sqlite_file_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.execute("INSERT INTO recipes VALUES ('soup')")
    db.commit()
    db.close()
    store = GameStore(path)
    assert "not a Cairn game file" in (store.notice or "")
    kept = sqlite3.connect(store.moved_aside)
    assert kept.execute("SELECT name FROM recipes").fetchall() == [("soup",)]
    kept.close()
    store.close()


def test_damaged_file_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        s = new(store)
        for i in range(200):
            s.dispatch(tally.Add(i % 2, 1 + i % 6)) if s.state.winner is None else None
    raw = bytearray(path.read_bytes())
    for offset in range(4096 + 100, min(len(raw), 4096 * 3), 7):  # scribble over the first table pages
        raw[offset] = 0xA5
    path.write_bytes(bytes(raw))
    store = GameStore(path)
    assert store.notice and "damaged" in store.notice
    assert store.moved_aside is not None and store.moved_aside.stat().st_size == len(raw)
    assert store.integrity() == "ok"
    store.close()


def test_read_only_data_dir_is_reported(tmp_path: Path) -> None:
    if hasattr(__import__("os"), "geteuid") and __import__("os").geteuid() == 0:
        # root ignores permission bits, so make a genuinely read-only mount point instead: a file in the way
        blocker = tmp_path / "data"
        blocker.write_text("a file where the data folder should be")
        with pytest.raises(StoreError, match="cannot write|permission|read-only"):
            GameStore(blocker / "games.sqlite3")
        return
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    with pytest.raises(StoreError, match="permission"):
        GameStore(ro / "games.sqlite3")


def test_missing_game_is_a_clear_error(store: GameStore) -> None:
    with pytest.raises(StoreError, match="no saved game 42"):
        GameSession.resume(store, 42, tally.RULES)
