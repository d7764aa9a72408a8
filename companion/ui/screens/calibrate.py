"""Calibrate the camera: the camera learns the table once (its dice area, then the dice's size and colours).

Opened from the dice screen ("Calibrate camera", then "Recalibrate") or from Settings, while the
camera gives pictures (:func:`open_calibration`); it goes back where it came from. The steps and
their words are :mod:`companion.viewmodels.calibration`'s; this screen shows the live picture
(:class:`~companion.ui.area_picker.AreaPicker`) and does the work off the UI thread:

* ``find_area`` on the latest frame (at the start, and on "Find the tray");
* a :class:`~companion.ui.dice_reader.DiceReaderThread` of its own, reading settled rolls through the
  area alone (the app's own reader is idle: no dice screen is open) until Save: the first rolls teach
  the dice's size, every roll their colours.

Save keeps the calibration for this camera in the settings (the dice reader uses it at once);
Cancel (or BACK) keeps the one kept before. A camera that goes away mid-way ends the flow: back to
the screen it came from, where the dice are entered by touch, with a message saying so.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import Any

from kivy.clock import Clock
from kivy.properties import ListProperty, StringProperty
from kivy.uix.widget import Widget

from companion.i18n import _, tr
from companion.ui import area_picker, theme  # noqa: F401  (area_picker registers AreaPicker for kv)
from companion.ui.widgets import CairnButton, CairnScreen
from companion.viewmodels import calibration as cvm

log = logging.getLogger(__name__)

#: seconds without a picture after which the camera counts as gone
GONE_AFTER = 3.0
#: the camera states in which it gives no pictures
GONE_STATES = ("disconnected", "reconnecting", "stopped")


def open_calibration(app: Any) -> bool:
    """Open the calibration of the running camera, back to the current screen afterwards; with no
    camera picture, say so (the dice are entered by touch) and open nothing."""
    bridge = app.bridge
    if bridge is None or not bridge.camera_live() or not bridge.camera_key():
        app.show_banner(_("No camera picture: enter the dice by touch."), "error", seconds=5)
        return False
    screen = app.sm.get_screen("calibrate")
    screen.begin(app.sm.current, bridge.camera_key())
    app.go("calibrate")
    return True


class CalibSwatch(Widget):
    """A patch of one colour the calibration learnt (drawn by kv/calibrate.kv)."""

    rgb = ListProperty([1.0, 1.0, 1.0])
    tid = StringProperty("calib-swatch")


class CalibrateScreen(CairnScreen):
    """The calibration flow; ``draft`` (a :class:`~companion.viewmodels.calibration.Draft`) is where it
    stands, the string properties are what kv shows of it."""

    heading = StringProperty("")
    instruction = StringProperty("")
    note = StringProperty("")
    learnt = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.draft = cvm.start("")
        self.back_to = "home"
        self.reader: Any = None
        self._event: Any = None
        self._dice: tuple[Any, ...] = ()  # the last reading, outlined on the picture
        self._last_frame = 0.0
        #: bumped whenever the flow moves on: work finished off the UI thread for an older step is dropped
        self._generation = 0
        self._shape: tuple[str, bool] | None = None  # the buttons on show

    # -- entering and leaving ------------------------------------------------------------------------
    def begin(self, back_to: str, key: str) -> None:
        """A new calibration of the camera ``key``; afterwards back to the screen ``back_to``."""
        self._stop_reader()
        self.back_to, self.draft, self._dice = back_to, cvm.start(key), ()
        self._generation += 1

    def refresh(self) -> None:
        self._show()

    def on_pre_enter(self, *args: Any) -> None:
        picker = self.ids.picker
        picker.on_drag = self.drag
        self._last_frame = time.monotonic()
        if self._event is None:
            self._event = Clock.schedule_interval(self._update, 1 / 15)
        if self.draft.step == "area" and self.draft.proposal == "looking":
            self.find_tray()

    def on_leave(self, *args: Any) -> None:
        self._stop_reader()
        if self._event is not None:
            self._event.cancel()
            self._event = None

    def _leave(self) -> None:
        self._stop_reader()
        self._generation += 1
        self.app.go(self.back_to if self.app.sm.has_screen(self.back_to) else "home")

    # -- the live picture ----------------------------------------------------------------------------
    def _camera(self) -> Any:
        bridge = self.app.bridge
        return bridge.camera if bridge is not None else None

    def _update(self, dt: float) -> None:
        camera = self._camera()
        shot = camera.latest() if camera is not None else None
        now = time.monotonic()
        if shot is not None:
            self._last_frame = now
        if camera is None or str(camera.status.state) in GONE_STATES or now - self._last_frame > GONE_AFTER:
            self._camera_gone()
            return
        if shot is None:
            return
        frame = shot.frame
        if self._dice and self.draft.step == "dice":
            from vision.annotate import annotate

            frame = annotate(frame, self._dice)
        self.ids.picker.show_frame(frame)

    def _camera_gone(self) -> None:
        """The camera went away: back to where the flow came from (touch entry there), saying so."""
        log.info("calibration: the camera has gone")
        self._leave()
        self.app.show_banner(_("The camera has gone: enter the dice by touch."), "error", seconds=6)

    # -- step 1: the area ----------------------------------------------------------------------------
    def find_tray(self) -> None:
        """Look for the empty tray in the latest picture (off the UI thread); the outline follows."""
        camera = self._camera()
        shot = camera.latest() if camera is not None else None
        if shot is None or self.draft.step != "area":
            return
        self.draft = cvm.looking(self.draft)
        self._show()
        generation, frame = self._generation, shot.frame

        def work() -> None:
            from vision.calibrate import find_area

            try:
                found = find_area(frame)
            except Exception as exc:  # noqa: BLE001 - a frame it cannot use: the player drags the outline
                log.warning("calibration: find_area: %s", exc)
                found = None
            Clock.schedule_once(lambda dt: self._found(generation, found), 0)

        threading.Thread(target=work, name="cairn-find-tray", daemon=True).start()

    def _found(self, generation: int, found: Any) -> None:
        if generation == self._generation:
            self.draft = cvm.propose(self.draft, found)
            self._show()

    def drag(self, area: tuple[float, float, float, float]) -> None:
        """The player dragged a corner of the outline."""
        self._generation += 1  # a proposal still being looked for must not move it back
        self.draft = cvm.drag(self.draft, area)
        if self.draft.proposal == "looking":
            self.draft = cvm.propose(self.draft, self.draft.area)
        self._show()

    def whole_frame(self) -> None:
        """Read the whole frame."""
        self._generation += 1
        self.draft = cvm.whole_frame(self.draft)
        self._show()

    def use_area(self) -> None:
        """On to the dice: read each settled roll inside the outline."""
        from companion.ui.dice_reader import DiceReaderThread

        camera = self._camera()
        if camera is None or self.draft.step != "area":
            return
        self._generation += 1
        self.draft, self._dice = cvm.accept_area(self.draft), ()
        generation = self._generation
        self._stop_reader()
        self.reader = DiceReaderThread(camera, on_settled=lambda *args: None,
                                       calibration=self.draft.reading_calibration(),
                                       on_dice=lambda dice, size: Clock.schedule_once(
                                           lambda dt: self._rolled(generation, dice, size), 0))
        self.reader.active = True
        self.reader.start()
        self._show()

    # -- step 2: the dice ----------------------------------------------------------------------------
    def _rolled(self, generation: int, dice: tuple[Any, ...], size: tuple[int, int]) -> None:
        if generation != self._generation or self.draft.step != "dice":
            return
        self._dice = tuple(dice)
        self.draft = cvm.add_roll(self.draft, dice, size)  # read on until Save: more rolls, more colours
        self._show()

    def change_area(self) -> None:
        """Back to the outline (the dice read so far are forgotten)."""
        self._stop_reader()
        self._generation += 1
        self.draft, self._dice = cvm.change_area(self.draft), ()
        self._show()

    def save(self) -> None:
        """Keep the calibration for this camera (the dice reader reads through it at once) and go back."""
        if not self.draft.learnt:
            self.app.show_banner(cvm.instruction(self.draft), "info", seconds=3)
            return
        draft = self.draft
        try:
            settings = self.app.settings.with_calibration(draft.key, draft.calibration())
        except ValueError as exc:  # a calibration the settings cannot hold: said, nothing kept
            self.app.show_banner(str(exc), "error")
            return
        if self.app.save_settings(settings):
            self._leave()
            self.app.show_banner(tr("Camera calibrated: dice about {n} px.", n=draft.die_px), "ok", seconds=4)

    def cancel(self) -> None:
        """Leave; the calibration kept before (if any) stays."""
        self._leave()

    # -- keys and buttons ----------------------------------------------------------------------------
    def on_back(self) -> None:
        self.cancel()

    def on_next(self) -> None:
        if self.draft.step == "area":
            self.use_area()
        else:
            self.save()

    def _stop_reader(self) -> None:
        reader, self.reader = self.reader, None
        if reader is not None:
            reader.stop(wait=False)  # the UI never waits for a reading; a late one is dropped (generation)

    def _show(self) -> None:
        """Show the draft: outline, words and the step's buttons."""
        draft = self.draft
        picker = self.ids.picker
        picker.area = list(draft.area)
        picker.editable = draft.step == "area"
        self.heading = _("Calibrate camera")
        self.instruction, self.note, self.learnt = cvm.instruction(draft), cvm.note(draft), cvm.learnt_text(draft)
        self._fill_swatches(cvm.swatches(draft))
        self._fill_buttons()

    def _fill_swatches(self, colours: tuple[tuple[float, float, float], ...]) -> None:
        """A patch of each learnt colour under the learnt line (rebuilt only when they change)."""
        row = self.ids.swatches
        if tuple(tuple(w.rgb) for w in reversed(row.children)) == colours:
            return
        row.clear_widgets()
        for rgb in colours:
            row.add_widget(CalibSwatch(rgb=rgb))

    def _fill_buttons(self) -> None:
        """The step's buttons, rebuilt only when the step (or whether Save can keep) changes, so a finger
        already on one keeps its tap."""
        shape = (self.draft.step, self.draft.learnt)
        if self._shape == shape:
            return
        self._shape = shape
        box = self.ids.buttons
        box.clear_widgets()
        if self.draft.step == "area":
            buttons = [(_("Whole frame"), "calib-whole", "normal", self.whole_frame),
                       (_("Find the tray"), "calib-find", "normal", self.find_tray),
                       (_("Use this area"), "calib-use-area", "accent", self.use_area)]
        else:
            buttons = [(_("Change area"), "calib-change-area", "normal", self.change_area),
                       (_("Save"), "calib-save", "accent" if self.draft.learnt else "off", self.save)]
        for text, tid, kind, action in buttons:
            button = CairnButton(text=text, tid=tid, kind=kind, font_size=self.app.u(theme.FONT))
            button.bind(on_release=lambda b, act=action: act())
            box.add_widget(button)
