"""Why games cannot be saved, said in the player's language, and the other folders offered."""
from __future__ import annotations

import errno
from pathlib import Path

import pytest

from companion import i18n
from companion.errors import StoreError
from companion.paths import check_writable
from companion.viewmodels.storage import other_folders, write_problem


@pytest.fixture
def chinese() -> None:
    i18n.set_language("zh_CN")
    yield
    i18n.set_language("en")


def _error(code: int) -> StoreError:
    try:
        raise StoreError("english") from OSError(code, "os words")
    except StoreError as exc:
        return exc


@pytest.mark.parametrize("code, words", [(errno.EROFS, "只读"), (errno.EACCES, "权限"), (errno.ENOSPC, "已满"),
                                         (errno.ENOTDIR, "不是文件夹"), (errno.EIO, "无法写入")])
def test_the_reason_is_said_in_the_ui_language(chinese: None, code: int, words: str) -> None:
    text = write_problem(_error(code), Path("/data"))
    assert words in text and "/data" in text
    assert "cannot" not in text and "english" not in text


def test_a_real_failure_is_explained(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError) as caught:
        check_writable(blocker)
    assert write_problem(caught.value, blocker) == f"{blocker} is not a folder: games cannot be saved"


def test_other_folders_are_writable_places_and_never_the_failed_one(tmp_path: Path) -> None:
    home, media = tmp_path / "home", tmp_path / "media" / "pi" / "STICK"
    home.mkdir()
    media.mkdir(parents=True)
    found = other_folders(home / "cairn-games" / "x", home=home, mounts=str(tmp_path / "media" / "*" / "*"))
    assert found == [media / "cairn-games"]  # not the failed folder's own place
    assert not (media / "cairn-games").exists()  # nothing is created by looking
    assert other_folders(tmp_path / "elsewhere", home=home, mounts=str(tmp_path / "none" / "*")) == \
        [home / "cairn-games"]


LATIN = __import__("re").compile(r"[A-Za-z]")


@pytest.mark.parametrize("kind, checked", [("payload-a-list", True), ("a-row-missing", True),
                                           ("reason-parts-damaged", True), ("event-date-as-text", True),
                                           ("date-as-text", True), ("undo-of-unknown-batch", False),
                                           ("undo-without-batch", False)])
def test_a_damaged_game_is_named_in_the_table_language(tmp_path: Path, chinese: None, kind: str,
                                                       checked: bool) -> None:
    """Home's "this game cannot be opened" banner says why in 简体中文: the store gives the reason as parts.
    Rows without their checksum (``checked`` false: a file from before rows had one) are read, and the
    history that cannot be replayed is said in Chinese too."""
    from companion.errors import DamagedGameError
    from companion.session import GameSession
    from companion.store import GameStore
    from companion.viewmodels.storage import store_text
    from tests.test_store_damage import DAMAGE, damage, make_file

    path = tmp_path / "cairn.sqlite3"
    make_file(path)
    damage(path, DAMAGE[kind], keep_crc=checked)
    with GameStore(path) as store:
        with pytest.raises(DamagedGameError) as bad:
            GameSession.resume(store, 1)
    shown = store_text(bad.value)
    assert "Ann, Ben" in shown and "已损坏" in shown, shown
    assert not LATIN.findall(shown.replace("Ann, Ben", "")), shown
    i18n.set_language("en")
    assert store_text(bad.value) == str(bad.value)  # English reads as the store wrote it


@pytest.mark.parametrize("content", [b"these are my notes, not a database" * 100, b""], ids=["garbage", "foreign"])
def test_a_file_kept_aside_is_said_in_the_table_language(tmp_path: Path, chinese: None, content: bytes) -> None:
    """The banner after a damaged or foreign game file was set aside: Chinese apart from the file names."""
    import sqlite3

    from companion.store import GameStore
    from companion.viewmodels.storage import store_text

    path = tmp_path / "cairn.sqlite3"
    if content:
        path.write_bytes(content)
    else:
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE recipes (name TEXT)")
        db.commit()
        db.close()
    with GameStore(path) as store:
        shown = store_text(store.notice)
        names = (store.moved_aside.name, path.name)  # the longer first: it holds the other
    assert "保留为" in shown, shown
    for name in (*names, "Cairn", "file is not a database"):  # file names, the app's name, SQLite's own words
        shown = shown.replace(name, "")
    assert not LATIN.findall(shown), shown
