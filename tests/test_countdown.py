"""The countdown that confirms a read roll by itself (no window; the clock is a number passed in)."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.viewmodels import countdown as cd
from companion.viewmodels import dice_reading as dr

KEY = ("turn", 1)


def _read(values: tuple[int, ...], source: str = "edice", need: int | None = None) -> tuple[dr.Reading, str]:
    return dr.receive(dr.blank(len(values) if need is None else need), values, source)


# -- when it may start -----------------------------------------------------------------------------
def test_countdown_a_sure_reading_of_the_dice_asked_for_may_count_down() -> None:
    for source in ("camera", "edice", "ble"):
        reading, outcome = _read((2, 4, 6), source)
        assert cd.eligible(reading, outcome, uncertain=0, expected=3), source


def test_countdown_an_unsure_die_never_counts_down() -> None:
    reading, outcome = _read((2, 4, 6), "camera")
    assert not cd.eligible(reading, outcome, uncertain=1, expected=3)


def test_countdown_a_short_or_extra_reading_never_counts_down() -> None:
    short, outcome = _read((2, 4), need=3)
    assert outcome == "short" and not cd.eligible(short, outcome, 0, expected=3)
    extra, outcome = _read((2, 4, 6, 1), need=3)
    assert outcome == "choose" and not cd.eligible(extra, outcome, 0, expected=3)
    assert not cd.eligible(*_read((2, 4, 6)), 0, expected=4), "the count asked for is not the count shown"


def test_countdown_touched_dice_or_an_open_question_never_count_down() -> None:
    reading, outcome = _read((2, 4, 6))
    assert not cd.eligible(dr.touch(reading), outcome, 0, expected=3), "tools chosen"
    assert not cd.eligible(dr.set_die(reading, 0, 5), outcome, 0, expected=3), "a die corrected"
    asking, outcome = dr.receive(dr.touch(reading), (1, 1, 1), "edice")
    assert outcome == "ask" and asking.asking and not cd.eligible(asking, "filled", 0, expected=3)


def test_countdown_touch_entered_dice_never_count_down() -> None:
    reading = dr.blank(2)
    for i, v in enumerate((3, 5)):
        reading = dr.set_die(reading, i, v)
    assert not cd.eligible(reading, "filled", 0, expected=2)
    assert not cd.eligible(dr.Reading((3, 5)), "filled", 0, expected=2), "source touch, even untouched"


# -- running ---------------------------------------------------------------------------------------
def test_countdown_off_or_a_finger_on_the_screen_never_starts() -> None:
    assert not cd.start(0, now=10.0, key=KEY).running
    assert not cd.start(3, now=10.0, key=KEY, touching=True).running
    assert cd.start(3, now=10.0, key=KEY).running


def test_countdown_is_due_after_its_full_length_by_the_clock_given() -> None:
    c = cd.start(3, now=100.0, key=KEY)
    for now in (100.0, 101.0, 102.9):
        c, step = cd.tick(c, now, KEY)
        assert step == "wait" and c.running
    assert cd.seconds_left(c, 100.2) == 3 and cd.seconds_left(c, 102.5) == 1
    c, step = cd.tick(c, 103.0, KEY)
    assert step == "confirm" and not c.running
    assert cd.tick(c, 104.0, KEY) == (cd.IDLE, "idle"), "it confirms once"


def test_countdown_a_touch_stops_it_for_good() -> None:
    c = cd.touched(cd.start(3, now=0.0, key=KEY))
    assert not c.running
    for now in (1.0, 3.0, 60.0):
        assert cd.tick(c, now, KEY)[1] == "idle"


def test_countdown_a_touch_held_down_never_confirms() -> None:
    c = cd.start(2, now=0.0, key=KEY)
    c, step = cd.tick(c, 5.0, KEY, touching=True)
    assert step == "idle" and not c.running
    assert cd.tick(c, 6.0, KEY)[1] == "idle", "lifting the finger does not start it again"


def test_countdown_other_dice_or_another_turn_never_confirm() -> None:
    c = cd.start(2, now=0.0, key=KEY)
    c, step = cd.tick(c, 5.0, ("turn", 2))
    assert step == "idle" and not c.running


@given(seconds=st.sampled_from([2, 3, 5]), start=st.floats(0, 1e6), steps=st.lists(st.floats(0, 2), max_size=30),
       touch_at=st.integers(-1, 30))
def test_countdown_confirms_once_never_early_and_never_after_a_touch(seconds: int, start: float, steps: list[float],
                                                                    touch_at: int) -> None:
    c, now, confirms = cd.start(seconds, now=start, key=KEY), start, 0
    touched = False
    for i, dt in enumerate(steps):
        now += dt
        touching = i == touch_at
        touched = touched or touching
        c, step = cd.tick(c, now, KEY, touching=touching)
        if step == "confirm":
            confirms += 1
            assert now - start >= seconds and not touched
    assert confirms <= 1
    if not touched and now - start >= seconds:
        assert confirms == 1
