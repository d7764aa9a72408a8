"""The player's settings, kept as ``settings.json`` in the data dir.

Loading never fails: a missing file gives the defaults, and a damaged file or a bad value is
reported in ``Settings.problems`` (to show once) while the rest of the file still counts. Saving
writes a temporary file and renames it, so a power cut leaves either the old or the new settings.

Each camera's calibration (``vision.calibrate.Calibration``: its dice area and dice size) is kept
under that camera's key (:func:`camera_key`), as ``Calibration.to_dict()``; one that cannot be read
is named in ``problems`` and dropped, the other cameras' calibrations still count.
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import StoreError

if TYPE_CHECKING:
    from vision.calibrate import Calibration

FILENAME = "settings.json"
ROTATIONS = (0, 90, 180, 270)
LANGUAGES = ("", "en", "zh_CN", "zh_TW")  # "" = follow the system locale
DEFAULT_PINS = {"next": 17, "back": 27, "read": 22, "led": 23}
#: the name keyboard: auto (on-screen in the kiosk), screen (Kivy's docked keyboard), system
KEYBOARDS = ("auto", "screen", "system")
#: the dice screen's countdown before a sure reading confirms itself, in seconds (0: off)
COUNTDOWNS = (0, 2, 3, 5)


@dataclass(frozen=True)
class Settings:
    """Everything Settings lets a player choose. Empty strings mean "automatic"."""

    language: str = ""
    camera: str = "auto"
    serial_port: str = ""
    #: electronic dice: True looks for a tray (``serial_port``, or auto-detect), False leaves every
    #: serial port alone
    edice_enabled: bool = True
    gpio_enabled: bool = True
    pins: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_PINS))
    rotation: int = 0
    #: Dice screen: suggest which tools to add to a gathering roll
    show_tool_advice: bool = True
    #: Dice screen: seconds (one of ``COUNTDOWNS``) before a reading with nothing left to choose
    #: confirms itself; 0: never, NEXT confirms
    confirm_countdown: int = 3
    #: the keyboard for names (one of ``KEYBOARDS``; takes effect at the next start)
    keyboard: str = "auto"
    #: the smart dice (Bluetooth LE) to connect, as picked on Settings: ``{"address", "name", "kind",
    #: "colour"}`` each, kind ``godice`` or ``pixels``; empty: no Bluetooth at all
    ble_dice: tuple[dict[str, str], ...] = ()
    #: Stone Age: enter every placement on the screen too (False: the board keeps the placement, and a
    #: space is entered as it is resolved)
    sa_every_placement: bool = False
    #: each camera's calibration by its :func:`camera_key`, as ``Calibration.to_dict()``
    calibrations: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: tuple[str, ...] = field(default=(), compare=False)

    def replace(self, **changes: Any) -> "Settings":
        """A copy with ``changes`` applied and checked; raises ValueError naming a bad value."""
        if "ble_dice" in changes:
            changes["ble_dice"] = _ble_dice(changes["ble_dice"])
        if "calibrations" in changes:
            changes["calibrations"] = _calibrations(changes["calibrations"])
        updated = dataclasses.replace(self, problems=(), **changes)
        _check(updated)
        return updated

    def calibration(self, key: str) -> Calibration | None:
        """The calibration kept for the camera ``key`` (see :func:`camera_key`), or None."""
        data = self.calibrations.get(key) if key else None
        if data is None:
            return None
        from vision.calibrate import Calibration

        return Calibration.from_dict(data)  # checked when it was kept: it reads back

    def with_calibration(self, key: str, calibration: Calibration | None) -> "Settings":
        """A copy keeping ``calibration`` for the camera ``key`` (None: forgetting it); the others stay."""
        kept = {k: v for k, v in self.calibrations.items() if k != key}
        if calibration is not None:
            kept[key] = calibration.to_dict()
        return self.replace(calibrations=kept)


BLE_KINDS = ("godice", "pixels")


def _ble_dice(value: Any) -> tuple[dict[str, str], ...]:
    """``value`` (a list from the JSON file, or a tuple) as the tuple Settings keeps; raises ValueError
    naming the first bad entry."""
    if not isinstance(value, (list, tuple)):
        raise ValueError("ble_dice must be a list of dice")
    dice: list[dict[str, str]] = []
    for n, die in enumerate(value, 1):
        if not isinstance(die, dict) or not all(isinstance(die.get(k, ""), str) for k in ("address", "name", "colour")):
            raise ValueError(f"smart die {n} must have a text address, name and colour")
        if not die.get("address", "").strip():
            raise ValueError(f"smart die {n} has no Bluetooth address")
        if die.get("kind") not in BLE_KINDS:
            raise ValueError(f"smart die {n}: kind must be godice or pixels")
        dice.append({k: die.get(k, "") for k in ("address", "name", "kind", "colour")})
    addresses = [d["address"] for d in dice]
    if len(set(addresses)) != len(addresses):
        raise ValueError("a smart die is listed twice")
    return tuple(dice)


def _calibrations(value: Any, problems: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """``value`` (camera key -> calibration object) as Settings keeps it, each calibration checked by
    ``Calibration.from_dict``. A bad one raises ValueError naming the camera and the field, or, given
    ``problems``, is named there and left out (the other cameras' calibrations still count)."""
    if not isinstance(value, dict):
        raise ValueError("calibrations must be an object of camera names and calibrations")
    from vision.calibrate import Calibration
    from vision.errors import BadCalibration

    kept: dict[str, dict[str, Any]] = {}
    for key, data in value.items():
        if not isinstance(key, str) or not key.strip():
            if problems is None:
                raise ValueError("calibrations: camera names must not be empty")
            problems.append("setting 'calibrations': a calibration without a camera name ignored")
            continue
        try:
            kept[key] = Calibration.from_dict(data).to_dict()
        except BadCalibration as exc:
            if problems is None:
                raise ValueError(f"calibration of camera {key!r}: {exc}") from exc
            problems.append(f"setting 'calibrations' for camera {key!r} ignored: {exc}")
    return kept


def camera_key(spec: str | None, source: object | None = None) -> str:
    """The name a camera's calibration is kept under: the camera spec (``Settings.camera`` or
    ``--camera``, see :mod:`hardware.camera`) as it names the camera, a USB index as its device
    (``2`` is ``/dev/video2``); a spec that is no camera spec (a test's) is kept as written.

    ``auto`` is keyed by the camera it found (``source``, the worker's open source): the spec that
    names that camera directly (``picamera2``, ``/dev/video0``, ``demo`` for the demo it falls back to),
    so a camera keeps its calibration whether auto found it or it was named. "" for ``auto`` while
    it has found nothing, and for ``none``: no calibration then.
    """
    text = (spec or "auto").strip()
    from hardware.camera import parse_spec
    from hardware.errors import BadSpec

    try:
        parsed = parse_spec(text)
    except BadSpec:
        return text
    if parsed.kind == "none":
        return ""
    if parsed.kind == "index":
        return f"/dev/video{parsed.target}"
    if parsed.kind != "auto":
        return str(parsed)
    if source is None:
        return ""
    from hardware.camera_sources import OpenCVSource, Picamera2Source
    from hardware.demo_dice import DemoDice

    if isinstance(source, Picamera2Source):
        return "picamera2"
    if isinstance(source, OpenCVSource):
        target = source.target
        return f"/dev/video{target}" if isinstance(target, int) else str(target)
    if isinstance(source, DemoDice):
        return "demo"
    return str(getattr(source, "description", "")) or ""


def _check(settings: Settings) -> None:
    if settings.language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(l or 'system' for l in LANGUAGES)}")
    if settings.rotation not in ROTATIONS:
        raise ValueError("rotation must be 0, 90, 180 or 270")
    if settings.keyboard not in KEYBOARDS:
        raise ValueError(f"keyboard must be one of {', '.join(KEYBOARDS)}")
    if not isinstance(settings.sa_every_placement, bool):
        raise ValueError("sa_every_placement must be true or false")
    if isinstance(settings.confirm_countdown, bool) or settings.confirm_countdown not in COUNTDOWNS:
        raise ValueError(f"confirm_countdown must be one of 0 (off), {', '.join(map(str, COUNTDOWNS[1:]))} seconds")
    if not settings.camera.strip():
        raise ValueError("camera must not be empty (use 'none' for no camera)")
    for name, pin in settings.pins.items():
        if name not in DEFAULT_PINS:
            raise ValueError(f"unknown button {name!r}")
        if not isinstance(pin, int) or isinstance(pin, bool) or not 2 <= pin <= 27:
            raise ValueError(f"GPIO pin for {name} must be a number from 2 to 27")
    used = list(settings.pins.values())
    if len(set(used)) != len(used):
        raise ValueError("two buttons share one GPIO pin")


def settings_path(directory: Path | None = None) -> Path:
    """``<data dir>/settings.json``."""
    if directory is None:
        from companion.paths import data_dir

        directory = data_dir()
    return Path(directory) / FILENAME


def load(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults. Unusable values are dropped and named in ``problems``."""
    path = settings_path() if path is None else path
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return Settings(problems=(f"the settings file {path} could not be read ({exc}); using defaults",))
    if not isinstance(raw, dict):
        return Settings(problems=(f"the settings file {path} is not a settings object; using defaults",))
    settings = Settings()
    problems: list[str] = []
    known = {f.name for f in dataclasses.fields(Settings)} - {"problems"}
    for key, value in raw.items():
        if key not in known:
            continue
        if key == "pins" and isinstance(value, dict):
            value = {**DEFAULT_PINS, **value}
        if key == "calibrations" and isinstance(value, dict):
            value = _calibrations(value, problems)  # a bad camera's calibration is named, the rest kept
        try:
            settings = settings.replace(**{key: value})
        except (TypeError, ValueError) as exc:
            problems.append(f"setting {key!r} ignored: {exc}")
    return dataclasses.replace(settings, problems=tuple(problems))


def save(settings: Settings, path: Path | None = None) -> Path:
    """Write ``settings`` atomically; raises ``StoreError`` with a clear message when it cannot."""
    path = settings_path() if path is None else path
    data = {k: v for k, v in dataclasses.asdict(settings).items() if k != "problems"}
    from companion.paths import describe_os_error, write_json_atomic

    try:
        write_json_atomic(path, data, indent=2, sort_keys=True)
    except OSError as exc:
        raise StoreError("settings not saved: " + describe_os_error(exc, path.parent)) from exc
    return path
