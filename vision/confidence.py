"""How sure the reader is of one die, 0..1, from three signals: the classifier's probability of the
value it reads, how strongly the locator found the box, and whether the OpenCV pip count
(``vision.pips``) agrees. Below ``vision.die.CERTAIN`` the app asks the player."""
from __future__ import annotations

from vision.die import CERTAIN

#: Locator scores below this lower the confidence proportionally.
SURE_LOCATOR_SCORE = 0.3
#: The doubt (1 - confidence) is multiplied by this when the OpenCV pip count agrees.
AGREED_DOUBT = 0.5
#: The raw score from which a die is reported as certain (chosen on the dev part of
#: tools/dice_split.py: about 1 % of dice scoring above it there were wrong or mislabelled).
RAW_CERTAIN = 0.9


def raw_score(p_value: float, locator_score: float, count_agrees: bool) -> float:
    """The reader's uncalibrated belief in one die, 0..1, from its three signals: a locator score
    under ``SURE_LOCATOR_SCORE`` scales it down, and a pip count that agrees halves its doubt.

    >>> raw_score(0.6, 0.15, False)   # found half as strongly as counts in full
    0.3
    >>> raw_score(0.8, 0.9, True)     # the pip count agrees: the doubt 0.2 halved
    0.9
    """
    conf = p_value * min(1.0, locator_score / SURE_LOCATOR_SCORE)
    if count_agrees:
        conf = 1.0 - (1.0 - conf) * AGREED_DOUBT
    return conf


def confidence(p_value: float, locator_score: float, count_agrees: bool) -> float:
    """How sure the reader is of one die, 0..1: the raw score mapped piecewise linearly so that
    ``RAW_CERTAIN`` lands on ``vision.die.CERTAIN`` (ordering is kept).

    >>> confidence(0.9, 0.9, False)   # RAW_CERTAIN: just sure
    0.5
    >>> confidence(1.0, 0.9, False)
    1.0
    >>> round(confidence(0.6, 0.15, False), 3)
    0.167
    """
    raw = raw_score(p_value, locator_score, count_agrees)
    if raw < RAW_CERTAIN:
        return CERTAIN * raw / RAW_CERTAIN
    return CERTAIN + (1.0 - CERTAIN) * (raw - RAW_CERTAIN) / (1.0 - RAW_CERTAIN)
