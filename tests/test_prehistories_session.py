"""Prehistories kept by a real GameSession on a real SQLite file: replayed, resumed and undone."""
from __future__ import annotations

from pathlib import Path

from companion.session import GameSession
from companion.store import GameStore
from rules.prehistories.commands import (
    EndHunt, FillZones, Hunt, Paint, PlayerSetup, PlayHunters, StartGame, ZoneFill,
)
from rules.prehistories.data import Colour
from rules.prehistories.state import Phase
from rules.text import from_parts
from tests.test_prehistories_scripted import ROUNDS

Y, B, R = Colour.YELLOW, Colour.BLUE, Colour.RED


def test_session_stores_resumes_and_undoes_a_prehistories_game(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    setup = StartGame((PlayerSetup("Ann", Y), PlayerSetup("Bao", B), PlayerSetup("Chen", R)),
                      ("A1", "A8", "B9", "A7"))
    session = GameSession.new(store, "prehistories", setup)
    for rnd in ROUNDS[:4]:
        session.dispatch(FillZones(tuple(ZoneFill(z, t) for z, t in sorted(rnd.fills.items()))))
        for colour, speeds in rnd.plays.items():
            session.dispatch(PlayHunters(colour, speeds))
        for colour in rnd.order:
            for zone, hunters in rnd.hunts[colour]:
                session.dispatch(Hunt(colour, zone, hunters))
            session.dispatch(EndHunt(colour))
        for colour in rnd.order:
            for tile, side, row, col in rnd.paints.get(colour, []):
                session.dispatch(Paint(colour, tile, side, row, col))
    live = session.state
    assert live.round == 5 and live.phase is Phase.FILL
    assert {p.colour: p.totems for p in live.players} == ROUNDS[3].totems
    top = session.history()[0]
    # the stored template and params (nested parts in their JSON form) fill in to the line shown
    assert top.template and top.text == from_parts({"template": top.template, "params": top.params})
    assert top.template == "{met}, first to do it" and top.params["met"]["params"]["goal"] == {
        "template": "B{card}", "params": {"card": 9}}
    store.close()

    again = GameStore(path)
    resumed = GameSession.resume(again, session.game_id)
    assert resumed.state == live
    assert [h.text for h in resumed.history()] == [h.text for h in session.history()]
    # undo Bao's last painting (Legendary3 with B9): the totems it brought go away
    assert resumed.undo()
    assert resumed.state.phase is Phase.PAINTING and resumed.state.current is B
    assert resumed.state.player(B).totems == 1
    again.close()
