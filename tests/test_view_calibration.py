"""The calibration flow's steps as plain values (no window): the outline, the rolls until the dice's
size is known, and what Save keeps."""
from __future__ import annotations

import pytest

from companion.viewmodels import calibration as cvm
from vision.calibrate import Calibration
from vision.die import Die


WHITE, RED = (240, 128, 128), (110, 180, 160)


def die(size: int, sure: bool = True, colour: tuple[int, int, int] = WHITE) -> Die:
    return Die(3, (10, 10, size, size), 0.9 if sure else 0.2, colour=colour)


def test_view_calibration_the_tray_found_or_the_whole_frame() -> None:
    draft = cvm.start("demo")
    assert draft.step == "area" and draft.area == cvm.WHOLE and draft.proposal == "looking"
    found = cvm.propose(draft, (0.2, 0.1, 0.5, 0.6))
    assert found.area == pytest.approx((0.2, 0.1, 0.5, 0.6)) and found.proposal == "found"
    none = cvm.propose(cvm.looking(found), None)
    assert none.area == cvm.WHOLE and none.proposal == "none"
    assert cvm.whole_frame(found).area == cvm.WHOLE


@pytest.mark.parametrize("dragged, kept", [
    ((-0.2, -0.1, 0.5, 0.5), (0.0, 0.0, 0.3, 0.4)),              # past the frame's edge: cut at it
    ((0.5, 0.5, 0.01, 0.01), (0.5, 0.5, cvm.MIN_SIDE, cvm.MIN_SIDE)),  # never smaller than MIN_SIDE
    ((0.97, 0.2, 0.5, 0.5), (1 - cvm.MIN_SIDE, 0.2, cvm.MIN_SIDE, 0.5)),
])
def test_view_calibration_a_dragged_outline_stays_in_the_frame(dragged: tuple, kept: tuple) -> None:
    assert cvm.drag(cvm.start("demo"), dragged).area == pytest.approx(kept)


def test_view_calibration_rolls_are_added_until_the_size_is_known() -> None:
    draft = cvm.accept_area(cvm.propose(cvm.start("demo"), (0.1, 0.1, 0.8, 0.8)))
    assert draft.step == "dice" and not draft.learnt and draft.reading_calibration().area == pytest.approx((0.1, 0.1, 0.8, 0.8))
    assert cvm.drag(draft, (0, 0, 0.5, 0.5)) == draft, "the outline stays once the dice are being read"
    draft = cvm.add_roll(draft, [die(48), die(50), die(200, sure=False)], (480, 640))
    assert not draft.learnt and draft.sure_dice == 2
    assert "2 of 3" in cvm.note(draft) and cvm.learnt_text(draft) == ""
    draft = cvm.add_roll(draft, [die(52)], (480, 640))
    assert draft.learnt and draft.die_px == 50 and draft.die_share == pytest.approx(50 / 480)
    assert cvm.learnt_text(draft) == "Dice about 50 px, colours learnt: 1"
    assert draft.calibration() == Calibration(draft.area, 50 / 480, (WHITE,))
    assert draft.area == pytest.approx((0.1, 0.1, 0.8, 0.8))


def test_view_calibration_later_rolls_teach_colours_not_the_size() -> None:
    """Once the size is known, the rolls read until Save still teach colours (a die of a colour not
    rolled before), never the size; a reading of another frame size is left out."""
    draft = cvm.add_roll(cvm.accept_area(cvm.start("demo")), [die(40)] * 3, (480, 640))
    assert draft.learnt and draft.colours == (WHITE,) and "1" in cvm.learnt_text(draft)
    later = cvm.add_roll(draft, [die(90), die(90, colour=RED)], (480, 640))
    assert later.die_share == draft.die_share and later.colours == (WHITE, RED)
    assert cvm.learnt_text(later) == "Dice about 40 px, colours learnt: 2"
    assert later.calibration().colours == (WHITE, RED)
    assert cvm.add_roll(later, [die(40, colour=(10, 10, 10))], (960, 1280)) == later
    assert cvm.accept_area(later).colours == () and cvm.change_area(later).colours == ()


def test_view_calibration_a_patch_of_each_learnt_colour() -> None:
    """Once the size is learnt, one patch per learnt colour, the most seen first, in RGB 0..1: an
    ivory die nearly white, a red die red (Lab (110, 180, 160) is about RGB (200, 30, 45))."""
    draft = cvm.accept_area(cvm.start("demo"))
    assert cvm.swatches(cvm.add_roll(draft, [die(40, colour=RED)], (480, 640))) == (), "the size not yet learnt"
    draft = cvm.add_roll(draft, [die(40), die(40), die(40, colour=RED)], (480, 640))
    white, red = cvm.swatches(draft)
    assert min(white) > 0.85, white
    assert red[0] > 0.6 and red[1] < 0.3 and red[2] < 0.3, red


def test_view_calibration_another_frame_size_starts_the_count_again() -> None:
    draft = cvm.accept_area(cvm.start("demo"))
    draft = cvm.add_roll(draft, [die(40), die(40)], (480, 640))
    draft = cvm.add_roll(draft, [die(80)], (960, 1280))
    assert draft.sure_dice == 1 and draft.size == (960, 1280) and not draft.learnt
    assert cvm.add_roll(draft, [], (960, 1280)) == draft, "a reading without dice adds nothing"


def test_view_calibration_changing_the_area_forgets_the_dice() -> None:
    draft = cvm.add_roll(cvm.accept_area(cvm.start("demo")), [die(40)] * 3, (480, 640))
    assert draft.learnt
    back = cvm.change_area(draft)
    assert back.step == "area" and back.rolls == () and not back.learnt and back.area == draft.area
