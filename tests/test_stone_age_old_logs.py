"""Games saved before feeding kept the fields' surplus (and before the "any 2 resources" card could be
kept) replay to exactly the state they had; played on, they follow today's rules.

The fixture ``tests/fixtures/old_stone_age_feeding.sqlite3`` was written by the old code (commit
c056167, ``tests/fixtures/make_old_stone_age_log.py``); ``old_stone_age_feeding.json`` is the state
that code reached at the end of the log.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from companion.session import GameSession
from companion.store import GameStore
from rules.codec import encode
from rules.stone_age import Area, Gather, Phase, Place, UseVillage
from rules.stone_age.events import Fed

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _holds(new: Any, old: Any, path: str = "state") -> None:
    """Every field the old state had has the same value now (new fields may be added)."""
    if isinstance(old, dict):
        for key, value in old.items():
            assert isinstance(new, dict) and key in new, f"{path}.{key} is gone"
            _holds(new[key], value, f"{path}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(new) == len(old), f"{path}: {new!r} != {old!r}"
        for i, (n, o) in enumerate(zip(new, old)):
            _holds(n, o, f"{path}[{i}]")
    else:
        assert new == old, f"{path}: {new!r} != {old!r}"


def _resume(tmp_path: Path) -> GameSession:
    copy = tmp_path / "cairn.sqlite3"
    shutil.copyfile(FIXTURES / "old_stone_age_feeding.sqlite3", copy)
    expected = json.loads((FIXTURES / "old_stone_age_feeding.json").read_text())
    return GameSession.resume(GameStore(copy), expected["game_id"])


def test_an_old_log_replays_to_the_state_the_old_code_had(tmp_path: Path) -> None:
    expected = json.loads((FIXTURES / "old_stone_age_feeding.json").read_text())["state"]
    session = _resume(tmp_path)
    _holds(encode(session.state), expected)
    ann, ben = session.state.players
    # Ann farmed to agriculture 7 with 5 people: the old code dropped 1 + 2 food in rounds 6 and 7
    assert (ann.agriculture, ann.people, ann.food) == (7, 5, 44)
    # Ben's "any 2 resources" card was taken at once (stone, gold), nothing is kept
    assert (ben.any_two, ben.stone, ben.gold, ben.cards) == (0, 1, 1, (2,))
    old_fed = [e for e in session.events() if isinstance(e, Fed)]
    assert old_fed and all(e.harvest == 0 for e in old_fed)


def test_an_old_game_played_on_keeps_the_surplus_from_now_on(tmp_path: Path) -> None:
    session = _resume(tmp_path)
    assert session.state.round == 8 and session.state.phase is Phase.PLACE
    start = session.state.start_player
    for seat in (start, 1 - start):
        if seat == 0:
            session.dispatch(Place(0, Area.FIELD, 1))
        session.dispatch(Place(seat, Area.HUNTING, 5 if seat == 1 else 4))
    while session.state.phase is Phase.ACTIONS:
        seat = session.state.current
        if seat == 0 and any(p.area is Area.FIELD and not p.resolved and p.player == 0
                             for p in session.state.placements):
            session.dispatch(UseVillage(0, Area.FIELD))
        else:
            figures = 4 if seat == 0 else 5
            session.dispatch(Gather(seat, Area.HUNTING, (1,) * figures))
    ann = session.state.players[0]
    # hunting +2 (dice 1+1+1+1), fields +8, 5 eaten: 44 + 2 + 8 − 5
    assert (ann.agriculture, ann.food) == (8, 49)
    again = GameSession.resume(session.store, session.game_id)
    assert again.state == session.state
