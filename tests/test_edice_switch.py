"""The e-dice off switch: ``--serial none`` and Settings' e-dice Off leave every serial port alone."""
from __future__ import annotations

import argparse
from types import SimpleNamespace
from typing import Any

import pytest

import hardware.edice
from companion.errors import UsageError
from companion.settings import Settings, load, save


class FakeApp:
    hardware_status = ""

    def show_banner(self, *args: Any, **kwargs: Any) -> None:
        pass


@pytest.fixture
def links(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every EDiceLink the bridge makes (none is started for real)."""
    made: list[Any] = []

    class Link:
        def __init__(self, port: Any, **kwargs: Any) -> None:
            self.port = port
            made.append(self)

        def start(self) -> "Link":
            return self

        def stop(self) -> None:
            pass

    monkeypatch.setattr(hardware.edice, "EDiceLink", Link)
    return made


def _bridge(serial: str | None, settings: Settings) -> Any:
    from companion.ui.bridge import HardwareBridge

    options = SimpleNamespace(serial=serial, screenshot_dir=None, no_gpio=True, camera="none")
    bridge = HardwareBridge(FakeApp(), options, settings)
    bridge._start_edice()
    return bridge


@pytest.mark.parametrize("serial", ["none", "NONE", " none "])
def test_serial_none_opens_no_port(links: list[Any], serial: str) -> None:
    bridge = _bridge(serial, Settings())
    assert links == [] and bridge.edice is None
    assert bridge.status["edice"] == "E-dice off"


def test_settings_switch_off_opens_no_port_and_on_looks_again(links: list[Any]) -> None:
    bridge = _bridge(None, Settings(edice_enabled=False))
    assert links == [] and bridge.status["edice"] == "E-dice off"
    bridge.apply_settings(Settings(edice_enabled=True))
    assert [link.port for link in links] == [None]  # auto-detect


def test_a_port_given_for_this_run_wins_over_the_switch(links: list[Any]) -> None:
    _bridge("/dev/ttyACM0", Settings(edice_enabled=False))
    assert [link.port for link in links] == ["/dev/ttyACM0"]


def test_the_switch_is_kept_in_the_settings_file(tmp_path: Any) -> None:
    path = tmp_path / "settings.json"
    save(Settings(edice_enabled=False), path)
    assert load(path).edice_enabled is False
    assert load(tmp_path / "missing.json").edice_enabled is True


def test_the_monitor_refuses_serial_none() -> None:
    from companion.cli.edice import run

    with pytest.raises(UsageError, match="--serial none"):
        run(argparse.Namespace(serial="none", json=False))
