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
