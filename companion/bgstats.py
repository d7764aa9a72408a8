"""A finished game as a play for BG Stats (which can post it on to BoardGameGeek): its JSON and link.

BG Stats documents an import link for other apps ("Push plays to BG Stats from other apps or
websites", https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>``. Opened on a phone with BG
Stats, it shows the import dialog with the play filled in. The field names here are the ones that
page shows (``playDate``, ``durationMin``, ``game`` {``name``, ``bggId``, ``highestWins``,
``sourceGameId``}, ``players`` [{``name``, ``score``, ``rank``, ``winner``, ``startPlayer``}]) plus
``sourceName``/``sourcePlayId``, the source app and its id for the play. Fields the page shows that
Cairn has nothing for (``board``, ``comments``, ``location``, a player's ``role``,
``sourcePlayerId``, ``noPoints`` false) are left out, and so are false ``winner``/``startPlayer``
flags: every byte makes the QR code denser.

Pure: no Kivy. The final screens show :func:`play_link` as a QR code; ``main.py export GAME --format
bgstats`` prints :func:`play_json`.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

#: The maker's import link, before the url-encoded JSON.
LINK_PREFIX = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Cairn"


@dataclass(frozen=True)
class GameEntry:
    """How BG Stats is told which game was played. ``bgg_id`` is None where no BoardGameGeek id was
    checked (then BG Stats matches by name)."""

    name: str
    bgg_id: int | None
    highest_wins: bool = True


#: Cairn's games in BG Stats' terms. Stone Age is BoardGameGeek game 34635. Prehistories' and
#: 石器部落's ids are left out: they could not be checked against BoardGameGeek's own data here, and
#: a wrong id would file the play under another game.
GAMES: dict[str, GameEntry] = {
    "stone-age": GameEntry("Stone Age", 34635),
    "stone-tribe": GameEntry("石器部落", None),
    "prehistories": GameEntry("Prehistories", None),
}


@dataclass(frozen=True)
class Result:
    """One player's line of the play: the score BG Stats shows, the rank (ties share it), whether
    they won, and whether they were the start player."""

    name: str
    score: int
    rank: int
    winner: bool
    start: bool = False


class NotFinished(ValueError):
    """The game is not over yet, so there is no play to log."""


def results(game: str, state: Any, first: Any = None) -> tuple[Result, ...]:
    """Each player's result, in seating order; ``first`` is the state after setup (it knows who
    started). ``NotFinished`` while the game is on."""
    if game == "stone-age":
        if not state.final:
            raise NotFinished("the game is not over yet")
        start = first.start_player if first is not None else None
        return tuple(Result(r.name, r.total, r.rank, r.rank == 1, seat == start)
                     for seat, r in enumerate(state.final))
    if game == "stone-tribe":
        from rules.stone_tribe.ranking import standings
        if state.winner is None:
            raise NotFinished("the game is not over yet")
        return tuple(Result(s.name, s.shells, s.rank, s.name == state.winner, seat == state.start)
                     for seat, s in enumerate(standings(state)))
    if game == "prehistories":
        if state.winner is None:
            raise NotFinished("the game is not over yet")
        out = []
        for p in state.players:  # the winner placed every totem; the others rank by totems placed
            rank = 1 if p.colour is state.winner else 2 + sum(
                q.totems > p.totems for q in state.players if q.colour is not state.winner)
            out.append(Result(p.name, p.totems, rank, p.colour is state.winner))
        return tuple(out)
    raise ValueError(f"BG Stats does not know the game {game!r}")


def play_json(game: str, players: tuple[Result, ...], *, game_id: int, started: float,
              ended: float) -> dict[str, Any]:
    """The play as BG Stats' import JSON. ``started``/``ended``: epoch seconds of the game's first
    and last entry (the date is local time, as a player would write it; the duration is whole
    minutes between them)."""
    entry = GAMES[game]
    info: dict[str, Any] = {"name": entry.name}
    if entry.bgg_id is not None:
        info["bggId"] = entry.bgg_id
    info.update(highestWins=entry.highest_wins, sourceGameId=game)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": f"{game_id}-{int(started)}",
        "playDate": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(started)),
        "durationMin": max(0, round((ended - started) / 60)),
        "game": info,
        "players": [_player(p) for p in players],
    }


def _player(p: Result) -> dict[str, Any]:
    """One player's entry; ``winner`` and ``startPlayer`` only when true (false is what an absent
    flag means), which keeps a four-player play's QR code small enough to read across a table."""
    out: dict[str, Any] = {"name": p.name, "score": p.score, "rank": p.rank}
    if p.winner:
        out["winner"] = True
    if p.start:
        out["startPlayer"] = True
    return out


def play_link(play: dict[str, Any]) -> str:
    """The import link for ``play``: the compact JSON (UTF-8), url-encoded after the maker's prefix.
    ``:`` and ``,`` stay as they are (they are allowed in a query), which keeps the QR code small."""
    text = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return LINK_PREFIX + quote(text, safe=":,")


def session_link(session: Any) -> str:
    """The import link of the session's play, or "" when there is none (no session, game not over)."""
    if session is None:
        return ""
    try:
        return play_link(session_play(session))
    except (NotFinished, ValueError, KeyError):
        return ""


def session_play(session: Any) -> dict[str, Any]:
    """The play of a finished :class:`companion.session.GameSession`; ``NotFinished`` otherwise."""
    info = session.store.game(session.game_id)
    events = session.events()
    first = session.rules.fold(events[:1]) if events else None
    return play_json(session.game, results(session.game, session.state, first), game_id=session.game_id,
                     started=info.created, ended=info.updated)
