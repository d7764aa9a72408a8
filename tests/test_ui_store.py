"""The app over a damaged game file, in a real window under Xvfb, by taps: it starts (no restart loop),
names the damaged game, never offers an empty one, and offers the rolling copy when moves are missing."""
from __future__ import annotations

import random
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.session import GameSession
from companion.store import GameStore
from rules.stone_age.random_play import random_command
from tests.ui.xvfb import run_driver, xvfb_display

pytestmark = [pytest.mark.ui, pytest.mark.slow]
NAME = "cairn.sqlite3"


@pytest.fixture(scope="module")
def display() -> str:
    yield from xvfb_display()


def play(store: GameStore, rng: random.Random, players: int, commands: int) -> GameSession:
    session = GameSession.new(store, "stone-age", random_command(None, rng, players))
    for _ in range(commands):
        session.dispatch(random_command(session.state, rng))
    return session


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_ui_a_damaged_game_is_named_and_the_others_play(display: str, tmp_path: Path, lang: str) -> None:
    data = tmp_path / "data"
    rng = random.Random(12)
    with GameStore(data / NAME) as store:
        play(store, rng, 2, 4)
        play(store, rng, 3, 4)
    db = sqlite3.connect(data / NAME)
    db.execute("UPDATE games SET players = '[\"Ann\", ' WHERE id = 1")  # damaged: the app used to exit here
    db.execute("INSERT INTO games (id, game, title, players, created, updated)"  # no setup: never offered
               " VALUES (3, 'stone-age', 'Ed, Flo', '[\"Ed\", \"Flo\"]', 4e9, 4e9)")
    db.commit()
    db.close()
    status, report, stderr = run_driver("damaged-row", display, tmp_path, data, tmp_path / "shots",
                                        extra_env={"CAIRN_TEST_LANG": lang})
    assert status == 0 and not report["errors"], "\n".join(report["errors"]) + stderr
    home = report["home"]
    assert home["screen"] == "home" and home["can_resume"] and "Ann, Ben, Cai" in home["resume_text"]
    assert len(home["games"]) == 2 and not any("Ed" in line for line in home["games"])
    damaged = "damaged" if lang == "en" else "已损坏"
    assert any(damaged in line for line in home["games"])
    assert "Ann, Ben" in report["banner"] and damaged in report["banner"]
    if lang == "zh_CN":  # the reason too, not only the frame around it: no English but the names
        assert "玩家名单无法读取" in report["banner"], report["banner"]
        assert not re.findall(r"[A-Za-z]", report["banner"].replace("Ann", "").replace("Ben", "")), report["banner"]
    assert report["resumed"] == {"screen": "sa_table", "game_id": 2}


def cut_files(data: Path) -> dict[int, int]:
    """Two Stone Age games, the files copied as a power cut leaves them, the WAL then cut short."""
    live = data.parent / "live"
    store = GameStore(live / NAME)
    rng = random.Random(8)
    sessions = [play(store, rng, 2, 0), play(store, rng, 3, 0)]
    for n in range(24):
        session = sessions[n % 2]
        session.dispatch(random_command(session.state, rng))
    acked = {s.game_id: store.last_seq(s.game_id) for s in sessions}
    store.wait_for_copy()
    data.mkdir()
    for path in live.iterdir():
        shutil.copyfile(path, data / path.name)
    store.close()
    wal = data / f"{NAME}-wal"
    wal.write_bytes(wal.read_bytes()[: wal.stat().st_size * 2 // 3])
    return acked


@pytest.mark.parametrize("lang", ["en", "zh_CN", "zh_TW"])
def test_ui_home_offers_the_copy_when_moves_are_missing(display: str, tmp_path: Path, lang: str) -> None:
    data = tmp_path / "data"
    cut_files(data)
    with GameStore(data / NAME) as store:  # what the card must say
        assert store.recovery is not None and store.recovery.copy is not None
        expected = {loss.game_id: loss.in_copy for loss in store.recovery.losses}
    status, report, stderr = run_driver("recovery", display, tmp_path, data, tmp_path / "shots",
                                        extra_env={"CAIRN_TEST_LANG": lang})
    assert status == 0 and not report["errors"], "\n".join(report["errors"]) + stderr
    assert report["offered"] and report["under_card"] == "home", "the card keeps taps from what is under it"
    text = "\n".join(report["card"])
    assert NAME in text and "Ann, Ben" in text and "Ann, Ben, Cai" in text
    if lang == "en":
        assert "Use the copy from" in text and "stay lost" in text
    else:
        assert "副本" in text and ("记录" in text if lang == "zh_CN" else "記錄" in text)
    assert report["card_gone"]
    resumed = report["resumed"]
    assert resumed["screen"] == "sa_table" and resumed["seq"] == expected[resumed["game_id"]]
