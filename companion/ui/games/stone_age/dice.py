"""The dice screen: live camera picture with the dice outlined, e-dice status, or touch entry.

One screen serves three rolls: a gathering (one die per figure, tools may be added), the 2 dice of a
"roll for a resource" card, and "dice for everyone" (one die per player). Touch entry is one tap per
die on the row of faces 1–6; any die (read or tapped) is corrected by tapping it, then its face,
before NEXT confirms.

The dice on show are a :class:`~companion.viewmodels.dice_reading.Reading`: a roll from the camera or
the e-dice fills them, a later roll replaces them only as that module promises (a reading the player
touched never unasked: a :class:`~companion.ui.dice_prompt.DicePrompt` asks), and NEXT confirms exactly
the dice on show. The screen belongs to one player's one action (``owner``): once that player's turn
has passed it draws nothing more for them.
"""
from __future__ import annotations

from typing import Any, Callable

from kivy.clock import Clock
from kivy.graphics.texture import Texture
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.i18n import _, tr
from companion.ui.countdown import ConfirmCountdown
from companion.ui.widgets import CairnButton, CairnScreen, IconButton
from companion.viewmodels.stone_age import dice as dvm
from companion.viewmodels import dice_reading as dr
from companion.viewmodels.device_status import source_lines
from companion.viewmodels.stone_age import resource_label
from rules.stone_age import Area, Gather
from hardware.inputs import DiceRoll


class DiceScreen(CairnScreen):
    """``mode`` is gather, card or all; ``values`` the dice (0 = not entered yet)."""

    mode = StringProperty("gather")
    heading = StringProperty("")
    result = StringProperty("")
    advice = StringProperty("")
    #: the advice names tools: "Add and confirm" is offered
    advised = BooleanProperty(False)
    source_text = StringProperty("")
    values = ListProperty([])
    #: the die a face tap will set (-1: the first die not set yet)
    selected = NumericProperty(-1)
    tiles = ListProperty([])  # tool tile indexes chosen
    cards = ListProperty([])  # one-use tool values chosen
    has_camera = BooleanProperty(False)
    #: the words of the button that opens the camera's calibration ("": no camera picture, no button),
    #: and whether this camera has been calibrated (the button then says "Recalibrate")
    calibrate_text = StringProperty("")
    calibrated = BooleanProperty(False)
    _said = ""  # the last note a reading put in the banner (taken down on leaving)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.area: Area | None = None
        self.resource = ""
        self.on_done: Callable[[tuple[int, ...]], None] | None = None
        self.reading: dr.Reading = dr.blank(0)
        #: (seat, round) the dice are entered for; None until prepared
        self.owner: tuple[int, int] | None = None
        self._prompt: Any = None
        self._preview_event: Any = None
        self._texture: Texture | None = None
        #: pictures shown in the preview so far (a moving preview keeps counting)
        self.preview_frames = 0

    # -- preparing ---------------------------------------------------------------------------------
    def prepare_gather(self, area: Area, figures: int, open_count: bool = False) -> None:
        """A gathering roll at ``area`` with ``figures`` dice for the current player; with ``open_count``
        (the board keeps the placement) any number of dice up to ``figures``: one per figure there."""
        self.mode, self.area, self.on_done = "gather", area, None
        self._start(figures, open_count)

    def prepare_card(self, count: int, resource: str, on_done: Callable[[tuple[int, ...]], None]) -> None:
        """``count`` dice for a card (2 for a resource roll, one per player for dice for everyone)."""
        self.mode = "card" if resource else "all"
        self.area, self.resource, self.on_done = None, resource, on_done
        self._start(count)

    def _start(self, count: int, open_count: bool = False) -> None:
        """``count`` dice (or up to ``count`` with ``open_count``), none set, no tools, for the player
        whose turn it is now."""
        session = self.app.session if self.app else None
        state = session.state if session is not None else None
        self.owner = (state.current, state.round) if state is not None and hasattr(state, "round") else None
        self.tiles, self.cards, self.selected = [], [], -1
        self._show(dr.open_blank(count) if open_count else dr.blank(count))

    def _show(self, reading: dr.Reading) -> None:
        """Put ``reading`` on show: the dice, and the question it asks (if any)."""
        self.reading = reading
        self.values = list(reading.values)
        self._ask()
        self.refresh()

    def _ask(self) -> None:
        """Open, redraw or close the question over the dice."""
        if not self.reading.asking:
            if self._prompt is not None:
                self.remove_widget(self._prompt)
                self._prompt = None
            return
        if self._prompt is None:
            from companion.ui.dice_prompt import DicePrompt

            self._prompt = DicePrompt(self.app, self.answer)
            self.add_widget(self._prompt)
        self._prompt.show(self.reading)

    def answer(self, word: str, index: int = -1) -> None:
        """The player's answer to the question: ``use``, ``keep``, ``pick`` (die ``index``), ``use-picked``."""
        reading = self.reading
        if word == "use":
            got = len(reading.pending)
            reading, outcome = dr.use_pending(reading)
            self._say(outcome, got, 0)
        elif word == "keep":
            reading = dr.keep_mine(reading)
        elif word == "pick":
            reading = dr.toggle_pick(reading, index)
        elif word == "use-picked":
            reading = dr.use_picked(reading) or reading
        self._show(reading)

    # -- entering and leaving ------------------------------------------------------------------------
    def on_pre_enter(self, *args: Any) -> None:
        bridge = self.app.bridge
        self.has_camera = bool(bridge and bridge.camera)
        if bridge is not None:
            bridge.read_now(True)
        if self._preview_event is None:
            self._preview_event = Clock.schedule_interval(self._update_preview, 1 / 15)

    def on_leave(self, *args: Any) -> None:
        ConfirmCountdown.of(self).stop()
        if self.app.bridge is not None:
            self.app.bridge.read_now(False)
        if self._said and self.app.banner == self._said:  # a reading's note belongs to this screen
            self.app.hide_banner()
        self._said = ""
        if self._preview_event is not None:
            self._preview_event.cancel()
            self._preview_event = None

    def _update_preview(self, dt: float) -> None:
        bridge = self.app.bridge
        camera = bridge.camera if bridge else None
        self.source_text = source_lines(bridge.status, self.has_camera) if bridge else ""
        if camera is None:
            self.calibrate_text = ""
            return
        shot = camera.latest()
        self._show_calibration(bridge, shot is not None)
        if shot is None:  # the camera has gone: fade the last picture so it is not taken for a live one
            self.ids.preview.opacity = 0.25
            return
        self.ids.preview.opacity = 1
        frame = shot.frame
        dice = bridge.reader.last_dice if bridge.reader else ()
        if dice:
            from vision.annotate import annotate

            frame = annotate(frame, dice)
        h, w = frame.shape[:2]
        if self._texture is None or self._texture.size != (w, h):
            self._texture = Texture.create(size=(w, h), colorfmt="bgr")
            self._texture.flip_vertical()
        self._texture.blit_buffer(frame.tobytes(), colorfmt="bgr", bufferfmt="ubyte")
        self.preview_frames += 1
        self.ids.preview.texture = self._texture
        self.ids.preview.canvas.ask_update()

    def _show_calibration(self, bridge: Any, live: bool) -> None:
        """Offer "Calibrate camera" (or "Recalibrate" once calibrated) while the camera gives pictures."""
        from companion.viewmodels.calibration import entry_text

        self.calibrated = live and bridge.calibration() is not None
        self.calibrate_text = entry_text(self.calibrated) if live else ""

    def calibrate(self) -> None:
        """Open the camera's calibration; the dice screen comes back as it was afterwards."""
        from companion.ui.screens.calibrate import open_calibration

        open_calibration(self.app)

    # -- redraw ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        session = self.app.session
        if session is None or session.state is None:
            return
        state = session.state
        if self.mode == "gather" and not self._owned(state):
            return  # the turn has passed (confirmed, undone): these dice are no longer anyone's to draw
        player = state.players[state.current] if 0 <= state.current < state.player_count else state.players[0]
        if self.mode == "gather":
            used = player.tools_used or (False,) * len(player.tools)
            self.tiles = [i for i in self.tiles if 0 <= i < len(player.tools) and not used[i]]
            self.cards = [c for c in self.cards if c in player.one_use_tools]
        self._fill_dice()
        self._fill_tools(player)
        entered = self.reading.complete
        self.advised = False
        if self.mode == "gather" and self.area is not None:
            self.heading = dvm.title_for_gather(player.name, self.area, len(self.values))
            if entered:
                view = dvm.gather_view(self.area, tuple(self.values), player, tuple(self.tiles), tuple(self.cards),
                                       self.app.settings.show_tool_advice)
                self.result, self.advice = view.result_text, view.advice_text
                self.advised = view.advised
            elif self.reading.most:
                self.result = tr("Sum so far: {n}", n=sum(self.values))
                self.advice = tr("One die per figure there (up to {n}): tap a face for each, or roll.",
                                 n=self.reading.most)
            else:
                self.result, self.advice = tr("Sum so far: {n}", n=sum(self.values)), _("Tap a face for each die, or roll.")
        elif self.mode == "card":
            self.heading = tr("{name}: roll 2 dice for {what}", name=player.name, what=resource_label(self.resource))
            self.result = dvm.roll_card_view(self.resource, tuple(self.values)) if entered else ""
            self.advice = "" if entered else _("Tap a face for each die, or roll.")
        else:
            self.heading = tr("Dice for everyone: {n} dice", n=len(self.values))
            self.result = "  ".join(f"{v}={dvm.die_reward(v)}" for v in self.values if v)
            self.advice = "" if entered else _("Tap a face for each die, or roll.")

    def _owned(self, state: Any) -> bool:
        """True while it is still the turn the dice were prepared for (same player, same round)."""
        return self.owner is not None and (state.current, state.round) == self.owner

    def _fill_dice(self) -> None:
        box = self.ids.dice
        box.clear_widgets()
        for i, v in enumerate(self.values):
            kind = "selected" if i == self._target() else "normal" if v else "danger"
            b = IconButton(icon="die", value=v, count=str(v) if v else "?", tid=f"die-{i}", payload=i, kind=kind)
            b.bind(on_release=lambda btn: self.select_die(btn.payload))
            box.add_widget(b)
        faces = self.ids.faces
        open_count = bool(self.reading.most)
        if len(faces.children) != 6 + open_count:
            faces.clear_widgets()
            for v in range(1, 7):
                f = IconButton(icon="die", value=v, tid=f"face-{v}", payload=v, kind="ghost")
                f.bind(on_release=lambda btn: self.tap_face(btn.payload))
                faces.add_widget(f)
            if open_count:  # dice are added one per tap: one can be taken away again
                remove = CairnButton(text=_("Remove"), tid="die-remove", size_hint_x=1.35)  # the word whole
                remove.bind(on_release=lambda btn: self.remove_die())
                faces.add_widget(remove)

    def _fill_tools(self, player: Any) -> None:
        box = self.ids.tools
        box.clear_widgets()
        if self.mode != "gather":
            return
        used = player.tools_used or (False,) * len(player.tools)
        for i, value in enumerate(player.tools):
            if used[i]:
                continue
            b = CairnButton(text=tr("Tool {n}", n=value), tid=f"tile-{i}", payload=i,
                            kind="selected" if i in self.tiles else "normal")
            b.bind(on_release=lambda btn: self.toggle_tile(btn.payload))
            box.add_widget(b)
        for j, value in enumerate(player.one_use_tools):
            chosen = value in self.cards
            b = CairnButton(text=tr("One-use tool {n}", n=value), tid=f"onecard-{j}", payload=value,
                            kind="selected" if chosen else "normal")
            b.bind(on_release=lambda btn: self.toggle_card(btn.payload))
            box.add_widget(b)

    # -- touch ---------------------------------------------------------------------------------------
    def _target(self) -> int:
        """The die the next face tap sets: the selected one, else the first not set, else (an open
        reading with room) a new die, else -1."""
        if 0 <= self.selected < len(self.values):
            return int(self.selected)
        first = next((i for i, v in enumerate(self.values) if not v), -1)
        if first < 0 and self.reading.most and len(self.values) < self.reading.most:
            return len(self.values)
        return first

    def remove_die(self) -> None:
        """Take away the selected die (else the last one) of an open reading."""
        if not self.values:
            return
        index = int(self.selected) if 0 <= self.selected < len(self.values) else len(self.values) - 1
        self.selected = -1
        self._show(dr.remove_die(self.reading, index))

    def select_die(self, index: int) -> None:
        """Tap on a die: the next face tap changes this die (a correction begun: the dice are the player's)."""
        self.selected = index
        self._show(dr.touch(self.reading))

    def tap_face(self, value: int) -> None:
        """Tap on a face 1–6: it goes to the selected die, or to the first die not set yet."""
        target = self._target()
        if target < 0:
            self.app.show_banner(_("All dice are set: tap a die to change it."), "info", seconds=3)
            return
        self.set_die(target, value)

    def set_die(self, index: int, value: int) -> None:
        """Set one die directly (1..6): the reading is the player's from now on."""
        self.selected = -1
        self._show(dr.set_die(self.reading, index, value))

    def toggle_tile(self, index: int) -> None:
        """Add or remove a tool tile."""
        self.tiles = [t for t in self.tiles if t != index] if index in self.tiles else self.tiles + [index]
        self._show(dr.touch(self.reading))

    def toggle_card(self, value: int) -> None:
        """Add or remove a one-use tool card."""
        self.cards = [c for c in self.cards if c != value] if value in self.cards else self.cards + [value]
        self._show(dr.touch(self.reading))

    def apply_advice(self) -> None:
        """Add the tools the advice names and confirm the roll with them: one tap, as nothing is left to
        choose (Undo takes it back). Without advised tools, or before every die is set, nothing happens."""
        state = self.app.session.state
        player = state.players[state.current]
        if self.mode != "gather" or not self.reading.complete:
            return
        a = dvm.tool_advice(self.area, tuple(self.values), player)
        if not a.tiles and not a.cards:
            return
        self.tiles, self.cards = list(a.tiles), list(a.cards)
        self._show(dr.touch(self.reading))
        self.on_next()

    # -- inputs ------------------------------------------------------------------------------------
    def on_roll(self, roll: DiceRoll, uncertain: int = 0) -> None:
        """A roll from the camera or e-dice: it fills the dice, waits for the player's answer, or is left
        aside, as :func:`companion.viewmodels.dice_reading.receive` says (the player may still correct
        the dice by tapping)."""
        if not self.reading.need:
            return  # not prepared: no dice are asked for
        fresh, need = roll.fresh or roll.source != "camera", len(self.reading.values)
        reading, outcome = dr.receive(self.reading, tuple(roll.values), roll.source, fresh=fresh, asked=roll.asked)
        if self.reading.most:  # an open count (the board keeps the placement): the dice read are the figures
            need = len(reading.values)  # there, as the heading says while it counts down; the rules check it
        self._say(outcome, len(roll.values), uncertain)
        if outcome != "ignored":
            self._show(reading)
            ConfirmCountdown.of(self).offer(reading, outcome, uncertain, need)  # nothing to choose: confirms

    def _say(self, outcome: str, got: int, uncertain: int) -> None:
        """The banner a roll's outcome needs (none when the dice simply fill); it is taken down when the
        player leaves the dice screen (``on_leave``), so it never stands over the next screen."""
        text = ""
        if outcome == "none":
            text = _("No dice seen: check the camera, or tap the dice.")
        elif outcome == "short":
            text = tr("{got} dice read, {want} expected: correct them by tapping.",
                      got=got, want=self.reading.need)
        elif outcome == "filled" and uncertain:
            text = tr("{n} dice were hard to read: please check them.", n=uncertain)
        if text:
            self._said = text
            self.app.show_banner(text, "info", seconds=5)

    def on_read(self) -> None:
        bridge = self.app.bridge
        if bridge is not None and bridge.reader is not None:
            bridge.reader.request_read()
        else:
            self.app.show_banner(_("No camera: tap the dice to enter them."), "info", seconds=4)

    def on_next(self) -> None:
        """Confirm the dice on show (never while a question about a new roll is open)."""
        ConfirmCountdown.of(self).stop()
        if self.reading.asking:
            self.app.show_banner(_("Answer the question about the dice first."), "info", seconds=3)
            return
        if not self.reading.complete:
            self.app.show_banner(_("Set every die first (tap it)."), "error", seconds=4)
            return
        values = tuple(int(v) for v in self.reading.values)
        if self.mode == "gather":
            state = self.app.session.state
            if not self._owned(state):
                self.app.go_table()
                return
            if self.app.send(Gather(state.current, self.area, values, tuple(sorted(self.tiles)), tuple(self.cards))):
                self.owner, self.tiles, self.cards = None, [], []
                self.app.go_table()
        elif self.on_done is not None:
            done, self.on_done = self.on_done, None
            done(values)

    def on_back(self) -> None:
        if self.mode == "gather":
            self.app.go_table()
        else:
            self.app.go("sa_build")
