"""Saved games survive a damaged SD card: a file that ends before the last move acknowledged is noticed
and the rolling copy is offered, naming what would be lost; a damaged file is reported by name.

The files are real SQLite files on disk, copied at a "power cut" (the connection still open, the log in
the WAL) and then damaged the way a card damages them: a changed byte, a log cut short.
"""
from __future__ import annotations

import random
import shutil
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion import backup
from companion.errors import DamagedGameError, StoreError
from companion.session import GameSession
from companion.store import GameStore
from tests.support import tally

NAME = "cairn.sqlite3"
PLAYERS = {1: ("Ann", "Ben"), 2: ("Cy", "Di")}


def play_and_cut(folder: Path, commands: int = 46,
                 checkpoint_at: int = -1) -> tuple[dict[int, int], dict[int, dict[int, Any]]]:
    """Play two games in turn and copy the files as a power cut would leave them (after a checkpoint at
    command ``checkpoint_at`` the moves before it are in the main file, the others in the WAL).

    Returns the last acknowledged seq of each game and its state after every acknowledged seq.
    """
    folder.mkdir()
    live = folder.parent / f"{folder.name}-live"
    store = GameStore(live / NAME)
    sessions = {gid: GameSession.new(store, tally.RULES, tally.Start(names, 10_000))
                for gid, names in PLAYERS.items()}
    states = {gid: {store.last_seq(gid): s.state} for gid, s in sessions.items()}
    rng = random.Random(3)
    for n in range(commands):
        if n == checkpoint_at:
            store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        gid = 1 + n % 2
        session = sessions[gid]
        if rng.random() < 0.1 and session.can_undo:
            session.undo()
        else:
            session.dispatch(tally.Add(rng.randrange(2), rng.randint(1, 6)))
        states[gid][store.last_seq(gid)] = session.state
        # each rolling copy holds exactly the moves before it: on a busy machine a copy thread that
        # starts late would copy later moves too, and a damaged file would then lose nothing to name
        store.wait_for_copy()
    acked = {gid: store.last_seq(gid) for gid in sessions}
    store.wait_for_copy()
    for path in live.iterdir():
        shutil.copyfile(path, folder / path.name)  # still open: nothing checkpointed, the log is in the WAL
    store.close()
    return acked, states


@pytest.fixture(scope="module")
def cut(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, int], dict[int, dict[int, Any]]]:
    """Everything since the file was made is in the WAL."""
    folder = tmp_path_factory.mktemp("cut") / "files"
    acked, states = play_and_cut(folder)
    return folder, acked, states


@pytest.fixture(scope="module")
def cut_after_checkpoint(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, int],
                                                                             dict[int, dict[int, Any]]]:
    """Two thirds of the moves in the main file, the rest in the WAL."""
    folder = tmp_path_factory.mktemp("cut") / "files"
    acked, states = play_and_cut(folder, checkpoint_at=30)
    return folder, acked, states


def copy_of(cut_folder: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(cut_folder, folder)
    return folder / NAME


def test_the_cut_files_hold_the_wal_the_marker_and_two_copies(cut: Any) -> None:
    folder, acked, _ = cut
    names = {p.name for p in folder.iterdir()}
    assert {NAME, f"{NAME}-wal", f"{NAME}.acked", f"{NAME}.copy-1", f"{NAME}.copy-2"} <= names
    assert backup.AckMarker(folder / NAME).seqs == acked


def test_an_undamaged_cut_resumes_every_acknowledged_move(cut: Any, tmp_path: Path) -> None:
    folder, acked, states = cut
    with GameStore(copy_of(folder, tmp_path)) as store:
        assert store.recovery is None and store.notice is None
        for gid, seq in acked.items():
            assert GameSession.resume(store, gid, tally.RULES).state == states[gid][seq]


def test_a_wal_cut_short_is_noticed_and_the_copy_offered(cut: Any, tmp_path: Path) -> None:
    folder, acked, states = cut
    path = copy_of(folder, tmp_path)
    wal = path.with_name(NAME + "-wal")
    wal.write_bytes(wal.read_bytes()[: wal.stat().st_size // 3])
    with GameStore(path) as store:
        recovery = store.recovery
        assert recovery is not None and recovery.copy is not None
        assert "ends before the last moves" in (store.notice or "")
        losses = {loss.game_id: loss for loss in recovery.losses}
        assert set(losses) == {1, 2}
        for gid, loss in losses.items():
            assert loss.name == ", ".join(PLAYERS[gid]) and loss.acked == acked[gid]
            assert loss.stored < loss.in_copy <= loss.acked  # the copy brings some back, as the offer says
        store.use_copy()
        assert store.recovery is None
        for gid, loss in losses.items():
            assert store.last_seq(gid) == loss.in_copy
            session = GameSession.resume(store, gid, tally.RULES)
            assert session.state == states[gid][loss.in_copy]
            session.dispatch(tally.Add(0, 1))  # and play goes on
    with GameStore(path) as store:  # taken: not offered again
        assert store.recovery is None and store.notice is None


def test_keeping_the_file_as_it_is_ends_the_offer(cut: Any, tmp_path: Path) -> None:
    folder, _, states = cut
    path = copy_of(folder, tmp_path)
    wal = path.with_name(NAME + "-wal")
    wal.write_bytes(wal.read_bytes()[:-5000])
    with GameStore(path) as store:
        assert store.recovery is not None
        store.keep_as_is()
        kept = {gid: store.last_seq(gid) for gid in PLAYERS}
    with GameStore(path) as store:
        assert store.recovery is None
        for gid, seq in kept.items():
            assert GameSession.resume(store, gid, tally.RULES).state == states[gid][seq]


def test_a_damaged_main_file_is_kept_aside_and_the_copy_brought_back(cut: Any, tmp_path: Path) -> None:
    folder, acked, states = cut
    path = copy_of(folder, tmp_path)
    db = sqlite3.connect(path)  # the log's moves into the main file, as a checkpoint does
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    raw = bytearray(path.read_bytes())
    raw[4096 + 8: 4096 + 40] = b"\xa5" * 32  # the second page's header and cell pointers
    path.write_bytes(bytes(raw))
    with GameStore(path) as store:
        assert store.moved_aside is not None and store.moved_aside.name.startswith(NAME + ".unreadable-")
        assert "brought back from the copy" in (store.notice or "")
        assert store.recovery is not None  # what the copy does not hold is named
        for loss in store.recovery.losses:
            assert loss.name == ", ".join(PLAYERS[loss.game_id])
            seq = store.last_seq(loss.game_id)
            assert seq == loss.stored < acked[loss.game_id]
            assert GameSession.resume(store, loss.game_id, tally.RULES).state == states[loss.game_id][seq]


def damage(path: Path, rng: random.Random, case: int) -> str:
    """Damage the main file or the WAL: one changed byte or cut short. Returns what was done."""
    target = path if case % 2 else path.with_name(NAME + "-wal")
    raw = bytearray(target.read_bytes())
    if case % 4 < 2:
        at = rng.randrange(len(raw))
        raw[at] ^= rng.randint(1, 255)
        what = f"byte {at} changed"
    else:
        at = rng.randrange(len(raw))
        del raw[at:]
        what = f"cut at {at}"
    target.write_bytes(bytes(raw))
    return f"{target.name}: {what}"


@pytest.mark.parametrize("template", ["cut", "cut_after_checkpoint"])
def test_fuzz_damaged_files_never_crash_and_never_lose_moves_unannounced(
        template: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """100 damaged copies (seeded): opening never raises anything but a named ``StoreError``, and every game
    either resumes at its last acknowledged move or its loss is reported; what resumes is always a state the
    players saw; a copy offered brings back exactly what it says."""
    folder, acked, states = request.getfixturevalue(template)
    rng = random.Random(1414)
    outcomes: Counter[str] = Counter()
    for case in range(100):
        path = copy_of(folder, tmp_path / f"case{case}")
        what = damage(path, rng, case)
        try:
            store = GameStore(path)
        except StoreError as exc:  # the file cannot be used at all: reported, naming it, nothing changed
            assert NAME in str(exc), (what, str(exc))
            outcomes["file refused, named"] += 1
            continue
        with store:
            store.games()  # the listing Home and `main.py games` show never raises
            lost = {loss.game_id: loss for loss in store.recovery.losses} if store.recovery else {}
            for gid in PLAYERS:
                try:
                    session = GameSession.resume(store, gid, tally.RULES)
                except DamagedGameError as exc:
                    assert exc.game_id == gid and ", ".join(PLAYERS[gid]) in str(exc), (what, str(exc))
                    outcomes["game damaged, named"] += 1
                    continue
                except StoreError as exc:
                    assert gid in lost and "no saved game" in str(exc), (what, str(exc))
                    outcomes["game missing, loss named"] += 1
                    continue
                seq = store.last_seq(gid)
                assert session.state == states[gid].get(seq), (what, gid, seq)  # never an unseen state
                if seq == acked[gid]:
                    outcomes["resumed at the last move"] += 1
                else:
                    assert gid in lost and lost[gid].stored == seq, (what, gid, seq)
                    outcomes["loss named"] += 1
            if store.recovery is not None and store.recovery.copy is not None:
                store.use_copy()
                for gid, loss in lost.items():
                    if loss.in_copy > loss.stored:
                        assert store.last_seq(gid) == loss.in_copy, what
                        assert GameSession.resume(store, gid, tally.RULES).state == states[gid][loss.in_copy]
                outcomes["copy taken"] += 1
    print(template, dict(sorted(outcomes.items())))
    assert outcomes["loss named"] + outcomes["game missing, loss named"] > 0  # the damage did reach the log


def test_a_torn_marker_write_leaves_the_one_before(tmp_path: Path) -> None:
    marker = backup.AckMarker(tmp_path / NAME)
    for seq in (4, 5, 6):
        marker.set(1, seq)
    marker.close()
    raw = bytearray(marker.path.read_bytes())
    slot = len(raw) // 2
    newest = 0 if backup.AckMarker(tmp_path / NAME)._counter % 2 == 0 else slot
    raw[newest + 20] ^= 0xFF  # the write of 6 torn by a power cut
    marker.path.write_bytes(bytes(raw))
    assert backup.AckMarker(tmp_path / NAME).seqs == {1: 5}  # lags one commit: never runs ahead
    marker.path.write_bytes(b"\0" * 10)
    assert backup.AckMarker(tmp_path / NAME).seqs is None  # unreadable: no check, and it starts again
