"""Settings: saved as JSON in the data dir, kept across restarts, bad values named and dropped."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import settings as sm
from companion.errors import StoreError


def test_settings_defaults_without_a_file(tmp_path: Path) -> None:
    s = sm.load(tmp_path / "settings.json")
    assert s == sm.Settings() and s.problems == ()
    assert s.camera == "auto" and s.pins == {"next": 17, "back": 27, "read": 22, "led": 23}


def test_settings_round_trip_in_the_data_dir(_private_data_dir: Path) -> None:
    chosen = sm.Settings().replace(language="zh_TW", camera="/dev/video2", serial_port="/dev/ttyACM0",
                                   rotation=180, show_tool_advice=False, pins={"next": 5, "back": 6, "read": 13, "led": 19})
    path = sm.save(chosen)
    assert path == _private_data_dir / "settings.json"
    assert sm.load() == chosen
    assert json.loads(path.read_text(encoding="utf-8"))["language"] == "zh_TW"


def test_settings_bad_values_are_named_and_the_rest_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "fr", "rotation": 45, "camera": "demo", "pins": {"next": 99}}))
    s = sm.load(path)
    assert s.camera == "demo" and s.language == "" and s.rotation == 0 and s.pins["next"] == 17
    assert len(s.problems) == 3
    assert any("rotation must be 0, 90, 180 or 270" in p for p in s.problems)
    assert any("GPIO pin for next must be a number from 2 to 27" in p for p in s.problems)


def test_settings_damaged_file_gives_defaults_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json")
    s = sm.load(path)
    assert s == sm.Settings()
    assert "could not be read" in s.problems[0]


def test_settings_two_buttons_on_one_pin_are_refused() -> None:
    with pytest.raises(ValueError, match="two buttons share one GPIO pin"):
        sm.Settings().replace(pins={"next": 17, "back": 17, "read": 22, "led": 23})


def test_settings_read_only_dir_is_a_clear_error(tmp_path: Path) -> None:
    """A read-only disk (EROFS) as the store sees it; a real mount needs root, so /proc/sys stands in."""
    with pytest.raises(StoreError, match="settings not saved"):
        sm.save(sm.Settings(), Path("/proc/sys/cairn-settings.json"))


def test_settings_unwritable_path_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="settings not saved"):
        sm.save(sm.Settings(), blocker / "settings.json")


def test_settings_smart_dice_are_remembered_and_a_bad_entry_is_named(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    red = {"address": "F0:01", "name": "GoDice_F001_K_v04", "kind": "godice", "colour": "red"}
    chosen = sm.Settings().replace(ble_dice=[red, {"address": "F0:02", "name": "Mika", "kind": "pixels"}])
    sm.save(chosen, path)
    again = sm.load(path)
    assert again == chosen and again.ble_dice[0] == red and again.ble_dice[1]["colour"] == ""
    path.write_text(json.dumps({"camera": "demo", "ble_dice": [{"address": "F0:03", "kind": "dice"}]}))
    s = sm.load(path)
    assert s.camera == "demo" and s.ble_dice == ()
    assert s.problems == ("setting 'ble_dice' ignored: smart die 1: kind must be godice or pixels",)
    with pytest.raises(ValueError, match="a smart die is listed twice"):
        sm.Settings().replace(ble_dice=[red, red])


def test_settings_the_confirm_countdown_is_kept_and_a_bad_length_is_named(tmp_path: Path) -> None:
    """3 s by default; off (0), 2 or 5 s kept across a restart; any other length named and dropped."""
    path = tmp_path / "settings.json"
    assert sm.Settings().confirm_countdown == 3
    sm.save(sm.Settings().replace(confirm_countdown=0), path)
    assert sm.load(path).confirm_countdown == 0
    path.write_text(json.dumps({"confirm_countdown": 4, "camera": "demo"}))
    s = sm.load(path)
    assert s.confirm_countdown == 3 and s.camera == "demo"
    assert s.problems == ("setting 'confirm_countdown' ignored: confirm_countdown must be one of 0 (off), 2, 3, 5 "
                          "seconds",)
    with pytest.raises(ValueError, match="confirm_countdown"):
        sm.Settings().replace(confirm_countdown=True)
