"""The rules of a dice screen for a roll that arrives while dice are on show (no window), and the
vision test that tells a new throw from what is left of the last one."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.viewmodels import dice_reading as dr
from vision.die import Die
from vision.settle import moved_on


def _die(value: int, x: int, y: int) -> Die:
    return Die(value, (x, y, 40, 40), 0.95)


# -- receive ---------------------------------------------------------------------------------------
def test_dice_reading_a_roll_fills_empty_dice() -> None:
    reading, outcome = dr.receive(dr.blank(3), (2, 4, 6), "camera")
    assert outcome == "filled" and reading.values == (2, 4, 6) and reading.source == "camera"


def test_dice_reading_untouched_dice_follow_a_new_roll_but_not_dice_left_lying() -> None:
    shown, _ = dr.receive(dr.blank(3), (2, 4, 6), "camera")
    same, outcome = dr.receive(shown, (2, 4), "camera", fresh=False)  # one die picked up
    assert outcome == "ignored" and same == shown
    new, outcome = dr.receive(shown, (1, 1, 5), "camera", fresh=True)
    assert outcome == "filled" and new.values == (1, 1, 5)


def test_dice_reading_touched_dice_are_never_replaced_unasked() -> None:
    shown, _ = dr.receive(dr.blank(3), (2, 4, 6), "camera")
    for touched in (dr.set_die(shown, 0, 5), dr.touch(shown), dr.set_die(dr.blank(3), 1, 3)):
        asked, outcome = dr.receive(touched, (1, 1, 1), "edice")
        assert outcome == "ask" and asked.values == touched.values and asked.pending == (1, 1, 1)
        assert dr.keep_mine(asked).values == touched.values and not dr.keep_mine(asked).asking
        used, outcome = dr.use_pending(asked)
        assert outcome == "filled" and used.values == (1, 1, 1) and not used.touched


def test_dice_reading_read_again_replaces_even_touched_dice() -> None:
    touched = dr.set_die(dr.blank(2), 0, 5)
    reading, outcome = dr.receive(touched, (3, 4), "camera", fresh=False, asked=True)
    assert outcome == "filled" and reading.values == (3, 4)
    assert dr.receive(touched, (), "camera", asked=True) == (touched, "none")
    assert dr.receive(touched, (), "camera") == (touched, "ignored")


def test_dice_reading_extra_dice_are_picked_never_cut() -> None:
    reading, outcome = dr.receive(dr.blank(2), (1, 5, 6), "camera")
    assert outcome == "choose" and reading.values == (0, 0) and reading.choice == (1, 5, 6)
    assert dr.use_picked(reading) is None
    reading = dr.toggle_pick(dr.toggle_pick(reading, 2), 0)
    assert dr.toggle_pick(reading, 1).picked == reading.picked, "never more than are needed"
    assert dr.use_picked(reading) == dr.Reading((1, 6), "camera", touched=True)
    assert dr.receive(reading, (2, 2, 2), "camera")[1] == "ignored", "a question open is not replaced"


def test_dice_reading_a_new_throw_replaces_dice_offered_before_any_is_picked() -> None:
    """A misread (4 dice seen, 3 asked for) must not hold every later throw back until answered."""
    offered, outcome = dr.receive(dr.blank(3), (1, 2, 5, 6), "camera")
    assert outcome == "choose"
    assert dr.receive(offered, (2, 2, 2), "camera", fresh=False) == (offered, "ignored"), "the same dice lying"
    reading, outcome = dr.receive(offered, (3, 4, 6), "camera")
    assert outcome == "filled" and reading.values == (3, 4, 6) and not reading.asking
    again, outcome = dr.receive(offered, (1, 1, 2, 3, 4), "camera")
    assert outcome == "choose" and again.choice == (1, 1, 2, 3, 4) and again.picked == ()
    touched = dr.use_pending(dr.receive(dr.set_die(dr.blank(3), 0, 6), (1, 2, 3, 4), "camera")[0])[0]
    assert touched.choice == (1, 2, 3, 4) and touched.values == (6, 0, 0)
    reading, outcome = dr.receive(touched, (5, 5, 5), "camera")
    assert outcome == "ask" and reading.values == (6, 0, 0) and reading.pending == (5, 5, 5), "touched: asked"


def test_dice_reading_fewer_dice_fill_the_first_and_leave_the_rest_unset() -> None:
    reading, outcome = dr.receive(dr.blank(4), (3, 6), "edice")
    assert outcome == "short" and reading.values == (3, 6, 0, 0)


@settings(max_examples=200, derandomize=True)
@given(st.lists(st.tuples(st.sampled_from(["roll", "stale", "read", "tap", "tools", "use", "keep", "pick",
                                           "picked"]),
                          st.lists(st.integers(1, 6), max_size=5), st.integers(0, 4)), max_size=30))
def test_dice_reading_touched_values_change_only_by_the_players_hand(steps: list) -> None:
    """Whatever arrives, dice the player touched change only by an answer, a tap or "read dice"."""
    reading = dr.blank(3)
    for word, values, index in steps:
        before = reading
        if word in ("roll", "stale", "read"):
            reading, _ = dr.receive(reading, tuple(values), "camera", fresh=word != "stale", asked=word == "read")
        elif word == "tap":
            reading = dr.set_die(reading, index % 3, (index % 6) + 1)
        elif word == "tools":
            reading = dr.touch(reading)
        elif word == "use":
            reading, _ = dr.use_pending(reading)
        elif word == "keep":
            reading = dr.keep_mine(reading)
        elif word == "pick":
            reading = dr.toggle_pick(reading, index)
        else:
            reading = dr.use_picked(reading) or reading
        assert len(reading.values) == 3
        if before.touched and not before.empty and word in ("roll", "stale"):
            assert reading.values == before.values
        if word == "stale":
            assert reading.values == before.values


# -- moved_on ----------------------------------------------------------------------------------------
def test_dice_moved_on_tells_a_throw_from_dice_picked_up() -> None:
    lying = (_die(2, 100, 100), _die(5, 300, 120), _die(6, 200, 300))
    assert not moved_on(lying, lying[:2]), "one die picked up: the rest did not leave"
    assert not moved_on(lying, lying), "dice left lying"
    thrown = (_die(2, 420, 60), _die(5, 40, 380), _die(3, 250, 200))
    assert moved_on(lying, thrown)
    assert moved_on((), thrown), "the first roll seen is new"
    assert not moved_on(lying, ()), "an empty tray is no roll"
    one_stayed = (_die(2, 100, 100), _die(4, 500, 400), _die(1, 50, 420))
    assert moved_on(lying, one_stayed), "a throw may land one die where one lay"


# -- an open reading: the board keeps the placement, the dice say how many figures stand there ----------
def test_dice_reading_an_open_reading_takes_any_number_of_dice_up_to_the_most() -> None:
    r = dr.open_blank(5)
    assert r.values == () and not r.complete and r.need == 5
    r2, outcome = dr.receive(r, (3, 4), "camera")
    assert (r2.values, outcome, r2.most) == ((3, 4), "filled", 5) and r2.complete
    r3, outcome = dr.receive(r, (1, 2, 3, 4, 5, 6), "camera")
    assert outcome == "choose" and r3.values == ()
    for i in (0, 5):
        r3 = dr.toggle_pick(r3, i)
    picked = dr.use_picked(r3)
    assert picked is not None and picked.values == (1, 6) and picked.touched


def test_dice_reading_taps_add_dice_to_an_open_reading_and_one_can_be_taken_away() -> None:
    r = dr.open_blank(3)
    for i, face in enumerate((2, 5, 6)):
        r = dr.set_die(r, i, face)
    assert r.values == (2, 5, 6)
    assert dr.set_die(r, 3, 1) == r, "no fourth die: at most 3 stand there"
    r = dr.remove_die(r, 1)
    assert r.values == (2, 6) and r.touched
    assert dr.remove_die(dr.blank(2), 0) == dr.blank(2), "a fixed reading keeps its dice"
