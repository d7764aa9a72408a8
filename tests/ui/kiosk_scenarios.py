"""Scenarios for ``tests/ui_driver.py`` about a Pi on its own: a clean start log, player names on a
touch-only screen, and a data folder that cannot be written. Mixed into its ``Driver`` (which supplies
``tap``, ``find``, ``expect``, ``shot``, ``state`` and ``report``)."""
from __future__ import annotations

from typing import Any, Iterator

#: modes that run as the kiosk service does (``--kiosk``: docked keyboard, no demo dice)
KIOSK_MODES = ("names-first", "names-again", "kiosk-camera")


def kiosk_keyboard(mode: str) -> str:
    """Kivy's keyboard mode for ``mode``, chosen as the app chooses it (Settings' keyboard: auto)."""
    from companion.ui.kivy_config import keyboard_mode

    return keyboard_mode("auto", kiosk=mode in KIOSK_MODES)


def kiosk_options(mode: str) -> dict[str, Any]:
    """Extra ``AppOptions`` fields for ``mode``."""
    if mode == "kiosk-camera":
        return {"kiosk": True, "camera": "auto"}
    return {"kiosk": True} if mode in KIOSK_MODES else {}


class KioskScenarios:
    """Scenario generators; each yields once per frame."""

    app: Any
    report: dict[str, Any]

    def kiosk_modes(self) -> dict[str, Any]:
        return {"clean-start": self.clean_start, "names-first": self.names_first, "names-again": self.names_again,
                "kiosk-camera": self.kiosk_camera, "readonly-play": self.readonly_play,
                "settings-switches": self.settings_switches}

    def clean_start(self) -> Iterator[None]:
        """Home shown with its name fields (the first TextInput loads Kivy's clipboard), then quit."""
        for _frame in range(5):
            yield
        self.expect(self.app.sm.current == "home", "the app opens on Home")

    # -- names on a touch-only screen --------------------------------------------------------------
    def keyboard(self) -> Any:
        """The docked on-screen keyboard, if one is showing."""
        from kivy.core.window import Window
        from kivy.uix.vkeyboard import VKeyboard

        return next((w for w in Window.children if isinstance(w, VKeyboard)), None)

    def tap_keys(self, text: str) -> Iterator[None]:
        """Tap ``text`` on the on-screen keyboard, key by key, where each key is drawn."""
        from kivy.tests.common import UnitTestTouch

        yield  # the window slides the field above the keyboard
        vk = self.keyboard()
        layout = vk.available_layouts[vk.layout]
        rows = layout["rows"]
        width, height = vk.size
        top, _right, bottom, _left = vk.margin_hint
        line_height = height * (1 - top - bottom) / rows
        for char in text:
            spot = None
            for line in range(1, rows + 1):
                for index, key in enumerate(layout[f"{vk.layout_mode}_{line}"]):
                    if key[0] == char:  # the key's centre, as VKeyboard.get_key_at_pos reads a touch
                        (x_hint, _y), (w_hint, _h) = vk.layout_geometry[f"LINE_HINT_{line}"][index]
                        spot = vk.to_parent((x_hint + w_hint / 2) * width,  # the window
                                            bottom * height + (rows - line + 0.5) * line_height)
            assert spot is not None, f"no key {char!r} on the on-screen keyboard"
            touch = UnitTestTouch(*spot)
            touch.touch_down()
            yield
            touch.touch_up()
            yield
        self.report["steps"].append(f"keys {text}")

    def keyboard_gone(self) -> Iterator[None]:
        """Wait until the keyboard has gone and the window has slid back (frames, no clock time)."""
        for _frame in range(500):
            if self.keyboard() is None and self.app.root.y == 0:
                return
            yield
        raise AssertionError("the on-screen keyboard did not go away after Enter")

    def window_shot(self, name: str) -> Iterator[None]:
        """The whole window (the docked keyboard is drawn outside the app's root widget)."""
        from kivy.core.window import Window

        yield
        Window.screenshot(str(self.shots / f"{name}.png"))
        yield

    def names_first(self) -> Iterator[None]:
        """A first game on a touch-only kiosk: names typed on the docked keyboard, one with a
        keyboard's input method (小明); the defaults are hints, not text to type after."""
        app = self.app
        yield
        yield
        field = self.find("seat-0-name")
        self.report["first"] = {"text": field.text, "hint": field.hint_text}
        self.expect(field.text == "" and field.hint_text == "Player 1", "the default name is a hint, not text")
        self.expect(app.sm.get_screen("home").ids.recent.height == 0, "no earlier names on a first start")
        yield from self.tap("seat-0-name")
        self.expect(field.focus, "a tap focuses the name field")
        self.expect(self.keyboard() is not None, "the on-screen keyboard comes up, docked")
        self.shot("names-keyboard")
        yield from self.tap_keys("ann")
        self.expect(field.text == "ann", f"typed on the on-screen keyboard: {field.text!r}")
        yield from self.window_shot("names-keyboard-window")
        yield from self.tap_keys("⏎")
        yield from self.keyboard_gone()
        yield from self.tap("seat-1-name")
        yield from self.tap_keys("bo⏎")
        yield from self.keyboard_gone()
        yield from self.tap("seat-2-name")
        yield
        low = self.find("seat-2-name")
        self.report["above_keyboard"] = low.to_window(low.x, low.y)[1] - self.keyboard().top
        self.expect(self.report["above_keyboard"] >= 0, "the field being typed in is above the keyboard")
        yield from self.window_shot("names-keyboard-seat3")
        low.insert_text("小明")  # a USB keyboard's input method, once
        yield from self.tap_keys("⏎")
        yield from self.keyboard_gone()
        yield from self.tap("start-game")
        self.expect(app.sm.current == "sa_table", "the game starts")
        self.report["names"] = [p.name for p in self.state.players]

    def names_again(self) -> Iterator[None]:
        """The next start: the names of the earlier game are one tap each."""
        app = self.app
        yield
        yield
        chips = {self.find(f"recent-name-{i}").text: f"recent-name-{i}" for i in range(3)}
        self.report["chips"] = sorted(chips)
        self.shot("names-recent")
        yield from self.tap(chips["小明"])  # to the first seat still showing its default
        yield from self.tap("seat-2-name")
        yield from self.tap(chips["ann"])    # to the seat touched last
        yield from self.keyboard_gone()
        self.report["fields"] = [self.find(f"seat-{i}-name").text for i in range(3)]
        self.expect("recent-name-2" not in {w.tid for w in app.root.walk() if hasattr(w, "tid")},
                    "a name taken is no longer offered")
        yield from self.tap("start-game")
        self.expect(app.sm.current == "sa_table", "the game starts")
        self.report["names"] = [p.name for p in self.state.players]

    # -- the kiosk with no camera: no demo dice ----------------------------------------------------
    def kiosk_camera(self) -> Iterator[None]:
        app = self.app
        for _frame in range(2000):
            status = app.bridge.camera.status if app.bridge and app.bridge.camera else None
            if status is not None and status.state in ("disconnected", "reconnecting") and \
                    "camera" in app.hardware_status.lower():  # the status line follows a frame later
                break
            yield
        self.report["camera"] = {"state": str(status.state) if status else None,
                                 "source": str(status.source) if status else None,
                                 "line": app.hardware_status}

    # -- a data folder that cannot be written ------------------------------------------------------
    def readonly_play(self) -> Iterator[None]:
        """The reason in the UI language, then "play without saving": a game starts, marked."""
        from kivy.core.window import Window

        app = self.app
        yield
        yield
        home = app.sm.get_screen("home")
        report = self.report["readonly"] = {"error": home.store_error,
                                            "start_disabled": self.find("start-game").disabled}
        self.shot("readonly-offer")
        yield from self.tap("play-unsaved")
        marks = [w.text for w in Window.children if type(w).__name__ == "NotSavedMark"]
        report.update(marks=marks, start_disabled_after=self.find("start-game").disabled, error_after=home.store_error)
        yield from self.window_shot("readonly-unsaved")
        yield from self.tap("start-game")
        self.expect(app.sm.current == "sa_table", "a game starts without saving")
        yield from self.window_shot("readonly-table")
        report["players"] = [p.name for p in self.state.players]
        report["store"] = str(app.store.path)

    # -- Settings: e-dice off, the on-screen keyboard ----------------------------------------------
    def scroll_to(self, tid: str) -> Iterator[None]:
        """Scroll the list holding ``tid`` until it shows (a player swipes)."""
        from kivy.uix.scrollview import ScrollView

        widget = parent = self.find(tid)
        while parent is not None and not isinstance(parent, ScrollView):
            parent = parent.parent
        if parent is not None:
            parent.scroll_to(widget, animate=False)
        yield
        yield

    def settings_switches(self) -> Iterator[None]:
        app = self.app
        yield
        yield from self.tap("open-settings")
        yield from self.tap("edice-toggle")
        yield from self.scroll_to("keyboard-screen")
        yield from self.tap("keyboard-screen")
        self.shot("settings-switches")
        yield from self.tap("settings-save")
        for _frame in range(5):
            yield
        self.report["switches"] = {"edice_enabled": app.settings.edice_enabled, "keyboard": app.settings.keyboard,
                                   "link": app.bridge.edice is not None, "line": app.hardware_status}
