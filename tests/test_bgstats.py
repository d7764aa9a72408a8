"""Plays for BG Stats: every game's result (winners, ties, the start player), the import JSON, the
link and its QR code, and ``main.py export GAME --format bgstats``."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote

import pytest

from companion.bgstats import LINK_PREFIX, NotFinished, Result, play_json, play_link, results, session_play
from companion.qr import luminance, qr_rows
from companion.session import GameSession
from companion.store import GameStore
from rules.prehistories.data import BoardSide, Colour
from rules.prehistories.state import Award, Player, start_state
from rules.stone_age import random_play
from rules.stone_age.state import GameState as StoneAgeState
from rules.stone_age.state import PlayerState as StoneAgePlayer
from rules.stone_age.state import ScoreRow
from rules.stone_tribe.state import GameState as TribeState
from rules.stone_tribe.state import Options
from rules.stone_tribe.state import PlayerState as TribePlayer

ROOT = Path(__file__).resolve().parents[1]


def _row(name: str, total: int, rank: int) -> ScoreRow:
    return ScoreRow(name, total, 0, 0, 0, 0, 0, 0, total, 0, rank)


def test_stone_age_shared_win_and_the_start_player_of_the_first_round() -> None:
    players = tuple(StoneAgePlayer(n, c) for n, c in (("Ann", "red"), ("张伟", "blue"), ("Zoë", "green")))
    first = StoneAgeState(players, start_player=1)
    final = (_row("Ann", 90, 1), _row("张伟", 90, 1), _row("Zoë", 70, 3))
    state = replace(first, start_player=2, final=final)  # the marker moved on; the first round counts
    assert results("stone-age", state, first) == (
        Result("Ann", 90, 1, True, False), Result("张伟", 90, 1, True, True),
        Result("Zoë", 70, 3, False, False))
    with pytest.raises(NotFinished):
        results("stone-age", first, first)


def test_stone_tribe_ranks_by_shells_then_cards_and_names_the_great_chief() -> None:
    players = (TribePlayer("阿明", shells=12), TribePlayer("Bea", shells=15), TribePlayer("Cy", shells=12))
    state = TribeState(players, start=2, options=Options(), rounds=4)
    with pytest.raises(NotFinished):
        results("stone-tribe", state)
    state = replace(state, winner="Bea")
    assert results("stone-tribe", state) == (
        Result("阿明", 12, 2, False, False), Result("Bea", 15, 1, True, False),
        Result("Cy", 12, 2, False, True))


def test_prehistories_winner_first_then_by_totems_with_ties_sharing() -> None:
    def player(name: str, colour: Colour, totems: int) -> Player:
        return Player(name, colour, awards=(Award("row 1", totems),) if totems else ())

    players = (player("Ann", Colour.YELLOW, 5), player("Bo", Colour.BLUE, 8), player("陈", Colour.RED, 5),
               player("Dai", Colour.GREEN, 2))
    state = start_state(players, ("A1", "B2"), BoardSide.MANY)
    with pytest.raises(NotFinished):
        results("prehistories", state)
    state = replace(state, winner=Colour.BLUE)
    assert results("prehistories", state) == (
        Result("Ann", 5, 2, False), Result("Bo", 8, 1, True), Result("陈", 5, 2, False),
        Result("Dai", 2, 4, False))


@pytest.mark.parametrize(("game", "name", "bgg"), [
    ("stone-age", "Stone Age", 34635), ("stone-tribe", "石器部落", None),
    ("prehistories", "Prehistories", None),
])
def test_play_json_is_the_makers_format(game: str, name: str, bgg: int | None) -> None:
    players = (Result("Ann", 10, 1, True, True), Result("Bo", 8, 2, False, False))
    play = play_json(game, players, game_id=7, started=1_780_000_000, ended=1_780_000_000 + 95 * 60 + 20)
    ids = {"bggId": bgg} if bgg else {}
    assert play["game"] == {"name": name, **ids, "highestWins": True, "sourceGameId": game}
    assert play["durationMin"] == 95 and play["sourceName"] == "Cairn"
    assert play["sourcePlayId"] == "7-1780000000"
    assert len(play["playDate"]) == 19 and play["playDate"][4] == "-" and play["playDate"][13] == ":"
    assert play["players"] == [{"name": "Ann", "score": 10, "rank": 1, "winner": True, "startPlayer": True},
                               {"name": "Bo", "score": 8, "rank": 2}]


def test_link_carries_unicode_names_url_encoded_and_decodes_back() -> None:
    players = (Result("张伟 \"Zhang\" & Co", 10, 1, True), Result("Zoë/ø?#", 9, 2, False))
    play = play_json("stone-tribe", players, game_id=1, started=1_780_000_000, ended=1_780_000_000)
    link = play_link(play)
    assert link.startswith(LINK_PREFIX) and link.isascii()
    data = link[len(LINK_PREFIX):]
    assert not set(data) & set(" \"{}[]&#?/+"), data  # nothing that would end or split the query
    assert json.loads(unquote(data)) == play


def test_qr_matrix_is_square_with_a_quiet_zone() -> None:
    link = play_link(play_json("stone-age", (Result("Ann", 1, 1, True),), game_id=1, started=0, ended=0))
    rows = qr_rows(link)
    side, pixels = luminance(link)
    assert side == len(rows) + 8 and len(pixels) == side * side
    assert set(pixels[:side * 4]) == {255}  # four light rows above the code
    assert pixels[side * 4 + 4] == 0  # the top-left finder pattern's corner is dark


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Path, int, int]:
    """A data folder with a finished four-player Stone Age game and one still on."""
    data = tmp_path / "data"
    data.mkdir()
    rng = random.Random(3)
    with GameStore(data / "cairn.sqlite3") as store:
        done = GameSession.new(store, "stone-age", random_play.random_command(None, rng, 4))
        while not done.finished:
            done.dispatch(random_play.random_command(done.state, rng, 4))
        on = GameSession.new(store, "stone-age", random_play.random_command(None, rng, 2))
        return data, done.game_id, on.game_id


def _main(data: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", "--data-dir", str(data), *argv], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)


def test_export_format_bgstats_prints_the_play(saved: tuple[Path, int, int]) -> None:
    data, done, _ = saved
    result = _main(data, "export", str(done), "--format", "bgstats")
    assert result.returncode == 0, result.stderr
    play = json.loads(result.stdout)
    with GameStore(data / "cairn.sqlite3") as store:
        assert play == session_play(GameSession.resume(store, done))
    assert play["game"]["bggId"] == 34635 and len(play["players"]) == 4
    assert [p["rank"] for p in play["players"] if p.get("winner")] == [1] * sum(
        p["rank"] == 1 for p in play["players"])
    assert sum(p.get("startPlayer", False) for p in play["players"]) == 1


def test_export_format_bgstats_of_a_game_still_on_is_one_line(saved: tuple[Path, int, int]) -> None:
    data, _, on = saved
    result = _main(data, "export", str(on), "--format", "bgstats")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"cairn: GAME: game {on} is not over yet, so there is no play for BG Stats\n"
