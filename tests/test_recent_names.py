"""The names of earlier games, kept in the data folder."""
from __future__ import annotations

from pathlib import Path

from companion import recent_names


def test_names_are_kept_most_recent_first_without_repeats(tmp_path: Path) -> None:
    path = tmp_path / "recent-names.json"
    assert recent_names.load(path) == []
    recent_names.save(recent_names.merge(["小明", "Ann"], []), path)
    recent_names.save(recent_names.merge(["ann ", "Bo"], recent_names.load(path)), path)
    assert recent_names.load(path) == ["ann", "Bo", "小明"]


def test_only_the_newest_are_kept() -> None:
    names = [f"P{i}" for i in range(40)]
    assert recent_names.merge(names, []) == names[:recent_names.KEEP]


def test_a_damaged_file_is_an_empty_list(tmp_path: Path) -> None:
    path = tmp_path / "recent-names.json"
    for text in ("{", '{"a": 1}', '[1, null, "Ann", "\\u0007"]'):
        path.write_text(text)
        assert recent_names.load(path) in ([], ["Ann"])


def test_a_folder_that_cannot_be_written_keeps_nothing_and_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert recent_names.save(["Ann"], blocker / "recent-names.json") is False
    assert list(tmp_path.iterdir()) == [blocker]
