"""Stone Tribe kept by a real GameSession on a SQLite file: played, resumed from the file, undone."""
from __future__ import annotations

from pathlib import Path

from companion.session import GameSession
from companion.store import GameStore
from rules.stone_tribe import (
    RULES, CompleteDemand, DraftSkill, DrawChanceCard, EndTurn, Payment, Phase, Resources, RevealDemand,
    RollFateDice, Share, StartGame,
)
from rules.text import Text


def test_a_game_survives_the_store_and_undo(tmp_path: Path) -> None:
    path = tmp_path / "cairn.sqlite"
    with GameStore(path) as store:
        session = GameSession.new(store, "stone-tribe", StartGame(("阿明", "Bob", "小華", "Dee"), start=2))
        for skill in ("fishing", "mining", "hunting", "logging", "gathering", "fishing", "mining", "logging"):
            session.dispatch(DraftSkill(skill, (3, 4)))
        session.dispatch(DrawChanceCard())
        session.dispatch(RollFateDice((3, 3), "camera"))
        session.dispatch(RevealDemand(Resources(fish=2), 3, 1))
        session.dispatch(CompleteDemand((Payment("小華", Resources(fish=2)),), (Share("小華", 3, 1),)))
        session.dispatch(EndTurn())
        live = session.state
        game_id = session.game_id
        assert (live.phase, live.current) == (Phase.DRAW, "Dee")
        earned = [item for item in session.history() if item.text == "小華 +2 wood, +2 fish (rolled 3 and 3)"]
        assert len(earned) == 1 and earned[0].template == "{player} {gain} (rolled {dice})"

    with GameStore(path) as store:
        resumed = GameSession.resume(store, game_id)
        assert resumed.state == live
        assert resumed.undo()
        assert (resumed.state.phase, resumed.state.current) == (Phase.MAIN, "小華")
        assert resumed.state.player("小華").shells == 3
        assert RULES.fold(resumed.events()) == resumed.state
        assert isinstance(RULES.describe(None, resumed.events()[-1]), Text)
        replayed = [item for item in resumed.history() if item.text == "小華 +2 wood, +2 fish (rolled 3 and 3)"]
        assert replayed[0].params["player"] == "小華"
