"""vision.shape on the real photos: a die's face is no disc, the same face cut round is one, and a
round token with a dot beside the dice is never reported as a sure die, nor at all when the
classifier already doubted it."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.test_vision_reader import heldout_names, load
from vision.boxes import UNSURE, Seen
from vision.classify import Reading
from vision.die import CERTAIN
from vision.locate import Candidate
from vision.shape import DISC, blank_face, doubt_blank_faces, doubt_discs, roundness


def empty_spot(img: np.ndarray, gt: list, size: float) -> tuple[int, int] | None:
    """A point of the photo's table at least two dice's widths from every labelled die."""
    h, w = img.shape[:2]
    for cy in range(int(size), h - int(size), 8):
        for cx in range(int(size), w - int(size), 8):
            if all(abs(cx - (x + bw / 2)) > 2 * size + bw / 2 or abs(cy - (y + bh / 2)) > 2 * size + bh / 2
                   for _, x, y, bw, bh in gt):
                return cx, cy
    return None


def labelled_dice(limit: int) -> list[tuple[np.ndarray, tuple[int, int, int, int]]]:
    """(photo, box) of every labelled die of the first ``limit`` held-out photos."""
    out = []
    for name in heldout_names()[:limit]:
        img, gt = load(name)
        out += [(img, (int(x), int(y), int(w), int(h))) for _, x, y, w, h in gt]
    return out


def test_a_die_face_is_no_disc_and_a_token_beside_it_is_one() -> None:
    """Every labelled die of ten held-out photos whose face stands out from the table is square
    enough (roundness at least ``DISC``); a round token of a die's colour and size with a dot of its
    pips' colour, set on the same photo's table, is round."""
    dice, outlined, square = 0, 0, 0
    tokens = []
    for name in heldout_names()[:10]:
        img, gt = load(name)
        for _, x, y, w, h in gt:
            dice += 1
            r = roundness(img, (int(x), int(y), int(w), int(h)))
            outlined += r is not None
            square += r is not None and r >= DISC
        size = float(np.median([max(w, h) for _, _, _, w, h in gt]))
        spot = empty_spot(img, gt, size)
        if spot is None:
            continue
        _, x, y, w, h = gt[0]
        face = np.median(img[int(y + h * 0.3):int(y + h * 0.7), int(x + w * 0.3):int(x + w * 0.7)].reshape(-1, 3), axis=0)
        pip = np.min(img[int(y):int(y + h), int(x):int(x + w)].reshape(-1, 3), axis=0)
        r = int(size * 0.45)
        cv2.circle(img, spot, r, tuple(float(c) for c in face), -1, cv2.LINE_AA)
        cv2.circle(img, spot, max(2, r // 4), tuple(float(c) for c in pip), -1, cv2.LINE_AA)
        tokens.append(roundness(img, (spot[0] - r, spot[1] - r, 2 * r + 1, 2 * r + 1)))
    assert outlined >= 0.6 * dice, f"only {outlined} of {dice} dice have an outline"
    assert square == outlined, f"{outlined - square} dice taken for discs"
    found = [t for t in tokens if t is not None]
    assert len(found) >= 0.6 * len(tokens) and all(t < DISC for t in found), tokens


@pytest.mark.parametrize("tilt", [0.0, 0.5])
def test_a_disc_drawn_flat_or_seen_at_an_angle_is_round(tilt: float) -> None:
    """A round token (a coin seen at an angle is an ellipse) with a dot, on a noisy grey table."""
    rng = np.random.default_rng(3)
    img = np.clip(rng.normal(0, 8, (200, 200, 3)) + (104, 103, 111), 0, 255).astype(np.uint8)
    axes = (27, int(27 * (1 - tilt)))
    cv2.ellipse(img, (100, 100), axes, 30, 0, 360, (70, 45, 42), -1, cv2.LINE_AA)
    cv2.circle(img, (100, 100), 6, (240, 240, 240), -1, cv2.LINE_AA)
    x, y, w, h = cv2.boundingRect(cv2.findNonZero((np.abs(img.astype(int) - (70, 45, 42)).sum(axis=2) < 40)
                                                  .astype(np.uint8)))
    r = roundness(img, (x, y, w, h))
    assert r is not None and r < DISC


def test_a_face_like_its_table_has_no_roundness() -> None:
    img = np.full((120, 120, 3), 128, np.uint8)
    assert roundness(img, (40, 40, 40, 40)) is None
    assert roundness(img, (0, 0, 3, 3)) is None


def test_a_disc_is_doubted_when_sure_and_dropped_when_unsure() -> None:
    """``doubt_discs`` on a drawn token with a dot and on a real held-out die: the token read sure is
    kept as unsure, read unsure it is dropped; the die is kept as it was read, sure or unsure."""
    img = np.clip(np.random.default_rng(4).normal(0, 8, (200, 200, 3)) + (104, 103, 111), 0, 255).astype(np.uint8)
    cv2.circle(img, (100, 100), 27, (70, 45, 42), -1, cv2.LINE_AA)
    cv2.circle(img, (100, 100), 6, (240, 240, 240), -1, cv2.LINE_AA)
    token = (73.0, 73.0, 55.0, 55.0)
    photo, gt = load(heldout_names()[0])
    die = tuple(float(v) for v in gt[0][1:])
    assert (roundness(photo, die) or DISC) >= DISC

    def seen(box: tuple, confidence: float) -> Seen:
        return Seen(Candidate(box, 0.9), Reading(1, confidence, 0.1), 1, confidence)

    sure, unsure = doubt_discs(img, [seen(token, 0.9)]), doubt_discs(img, [seen(token, 0.4)])
    assert len(sure) == 1 and sure[0].confidence <= UNSURE < CERTAIN
    assert unsure == []
    for conf in (0.9, 0.4):
        assert [s.confidence for s in doubt_discs(photo, [seen(die, conf)])] == [conf]


def test_no_labelled_die_of_the_held_out_photos_is_a_blank_face() -> None:
    dice = labelled_dice(len(heldout_names()))
    assert len(dice) > 300
    assert [box for img, box in dice if blank_face(img, box)] == []


def cloth(seed: int, grey: float) -> np.ndarray:
    """A 120 px square of plain cloth of ``grey`` with a little noise."""
    rng = np.random.default_rng(seed)
    return np.clip(rng.normal(grey, 4, (120, 120, 3)), 0, 255).astype(np.uint8)


def test_a_speck_on_dark_cloth_is_a_blank_face_and_a_white_one_on_white_is_not() -> None:
    """Lint on black cloth boxed as a die (read as a sure 1 by its speck) shows the cloth, not a face:
    reported sure, it is asked about, and dropped when unsure; a white die on a white table has a face of the table's colour
    too, but its pip is dark, and it stays sure. So does a die whose face stands out."""
    speck = cloth(1, 30)
    cv2.circle(speck, (60, 60), 2, (235, 235, 235), -1, cv2.LINE_AA)
    white = cloth(2, 225)
    cv2.rectangle(white, (48, 48), (72, 72), (120, 120, 120), 1)
    cv2.circle(white, (60, 60), 3, (20, 20, 20), -1, cv2.LINE_AA)
    die = cloth(3, 30)
    cv2.rectangle(die, (49, 49), (71, 71), (235, 235, 235), -1)
    cv2.circle(die, (60, 60), 3, (20, 20, 20), -1, cv2.LINE_AA)
    box = (48.0, 48.0, 24.0, 24.0)
    assert blank_face(speck, box)
    assert not blank_face(white, box) and not blank_face(die, box)

    def seen(confidence: float) -> Seen:
        return Seen(Candidate(box, 0.9), Reading(1, confidence, 0.01), 1, confidence)

    assert [s.confidence for s in doubt_blank_faces(speck, [seen(0.95), seen(0.4)])] == [UNSURE], \
        "sure: asked about; unsure: dropped"
    assert [s.confidence for s in doubt_blank_faces(die, [seen(0.95), seen(0.4)])] == [0.95, 0.4]
