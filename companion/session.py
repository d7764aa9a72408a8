"""``GameSession``: commands in, events out, every event on disk before the state moves.

Data flow (DESIGN.md): command → ``rules.decide(state, command)`` → events (or ``IllegalMove``) →
appended to the SQLite log in one transaction → ``state = evolve(state, event)`` → listeners.

Undo and redo are rows of the log too. Every command's events form one *batch*; ``undo`` marks the last
active batch undone, ``redo`` brings back the last undone one (until a new command clears them). The
state is always the fold of the active batches' events, so replaying the file gives the live state.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from rules.codec import encode
from rules.errors import CairnError
from rules.game import GameRules, load_game
from rules.text import Text, from_parts, parts

from .errors import DamagedGameError
from .store import REDO, UNDO, EventRow, GameStore


@dataclass(frozen=True)
class HistoryItem:
    """One line of the History screen: the English ``text`` and its ``template``/``params`` to translate."""

    seq: int
    batch: int
    text: str
    undone: bool
    when: float
    template: str = ""
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class _Batch:
    number: int
    events: tuple[Any, ...]
    reasons: tuple[str, ...]  # str or rules.text.Text
    seqs: tuple[int, ...]
    when: float


Listener = Callable[["GameSession"], None]
#: What a damaged but CRC-less (older) row can make the rules raise while replaying.
_REPLAY_ERRORS = (LookupError, TypeError, ValueError, AttributeError, ArithmeticError, CairnError)


class GameSession:
    """One game being kept: its rules, its state and its log. Use ``new`` or ``resume``."""

    def __init__(self, store: GameStore, game_id: int, rules: GameRules[Any]) -> None:
        self.store = store
        self.game_id = game_id
        self.rules = rules
        self._initial: Any = None
        self._done: list[tuple[_Batch, Any]] = []  # active batches with the state after each
        self._undone: list[_Batch] = []  # redo stack, last undone on top
        self._listeners: list[Listener] = []

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def new(cls, store: GameStore, game: str | GameRules[Any], setup: Any, title: str = "") -> "GameSession":
        """Start a game of ``game`` (a name or its rules) with its setup command.

        Nothing is stored if the setup is illegal (``IllegalMove``).
        """
        rules = load_game(game) if isinstance(game, str) else game
        events = rules.decide(None, setup)  # raises IllegalMove before anything is written
        state = rules.fold(events)
        players = _player_names(state)
        rows = _rows(rules, None, events)
        game_id, written = store.start_game(rules.name, title or ", ".join(players), players, 1, rows)
        session = cls(store, game_id, rules)  # the game and its setup were saved in one transaction
        reasons = tuple(r[2] for r in rows)
        batch = _Batch(1, tuple(events), reasons, tuple(w.seq for w in written), time.time())
        session._done.append((batch, state))
        return session

    @classmethod
    def resume(cls, store: GameStore, game_id: int, rules: GameRules[Any] | None = None) -> "GameSession":
        """The session of a saved game, its state rebuilt exactly from the log.

        A game that cannot be rebuilt (a damaged row, an unknown game, no moves) raises ``DamagedGameError``
        naming it; nothing is changed in the file.
        """
        record = store.game(game_id)
        try:
            rules = rules or load_game(record.game)
        except ValueError as exc:
            raise DamagedGameError(game_id, record.name, str(exc)) from exc
        session = cls(store, game_id, rules)
        try:
            session._replay(store.events(game_id))
        except DamagedGameError:
            raise
        except _REPLAY_ERRORS as exc:
            said = exc.args[0] if exc.args and isinstance(exc.args[0], Text) else str(exc)  # Cairn's own words
            raise DamagedGameError(game_id, record.name,
                                   Text("its history cannot be replayed ({problem})", problem=said)) from exc
        if not session._done:
            raise DamagedGameError(game_id, record.name, "its setup was never saved")
        return session

    def _replay(self, rows: Any) -> None:
        batches: dict[int, list[EventRow]] = {}
        order: list[tuple[str, int]] = []
        for row in rows:
            if row.kind in (UNDO, REDO):
                number = row.payload.get("batch")
                if not isinstance(number, int) or number not in batches:
                    raise ValueError(Text("entry {seq} names no saved batch", seq=row.seq))
                order.append((row.kind, number))
                continue
            if row.batch not in batches:
                batches[row.batch] = []
                order.append(("do", row.batch))
            batches[row.batch].append(row)
        for kind, number in order:
            if kind == UNDO:
                self._pop_done(number)
            elif kind == REDO:
                batch = self._undone.pop() if self._undone else None
                if batch is None or batch.number != number:
                    raise ValueError(f"redo of batch {number} is out of order")
                self._push(batch)
            else:
                rows_ = batches[number]
                events = tuple(self._decode(r) for r in rows_)
                self._undone.clear()
                reasons = tuple(from_parts({"template": r.template, "params": r.params}) if r.params else r.reason
                                for r in rows_)
                self._push(_Batch(number, events, reasons, tuple(r.seq for r in rows_), rows_[0].at))

    def _decode(self, row: EventRow) -> Any:
        try:
            return self.rules.registry.decode(row.payload)
        except ValueError as exc:
            raise ValueError(f"entry {row.seq} cannot be read: {exc}") from exc

    # -- the state -------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state: the fold of every active event."""
        return self._done[-1][1] if self._done else self._initial

    @property
    def game(self) -> str:
        """The game's name, e.g. ``"stone-age"``."""
        return self.rules.name

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return self.state is not None and bool(self.rules.finished(self.state))

    @property
    def can_undo(self) -> bool:
        """True when there is a command to undo (the setup itself cannot be undone)."""
        return len(self._done) > 1

    @property
    def can_redo(self) -> bool:
        """True when an undone command can be brought back."""
        return bool(self._undone)

    # -- changing it -----------------------------------------------------------------------------
    def dispatch(self, command: Any) -> tuple[Any, ...]:
        """Apply ``command``: returns its events, already on disk. ``IllegalMove`` leaves everything as it was."""
        events = self.rules.decide(self.state, command)
        if events:
            self._commit(events)
        return events

    def undo(self) -> bool:
        """Undo the last command (recorded in the log); False when there is nothing to undo."""
        if not self.can_undo:
            return False
        batch = self._done[-1][0]
        reason = Text("undo: {what}", what=batch.reasons[0])
        self.store.append(self.game_id, batch.number, [(UNDO, {"batch": batch.number}, reason)],
                          finished=bool(self.rules.finished(self._done[-2][1])))
        self._pop_done(batch.number)
        self._notify()
        return True

    def redo(self) -> bool:
        """Bring back the last undone command; False when there is none."""
        if not self._undone:
            return False
        batch = self._undone[-1]
        after = self.rules.fold(batch.events, self.state)
        reason = Text("redo: {what}", what=batch.reasons[0])
        self.store.append(self.game_id, batch.number, [(REDO, {"batch": batch.number}, reason)],
                          finished=bool(self.rules.finished(after)))
        self._push(self._undone.pop())
        self._notify()
        return True

    def add_listener(self, listener: Listener) -> None:
        """Call ``listener(session)`` after every change (command, undo, redo)."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        """Stop calling ``listener``."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    def history(self) -> list[HistoryItem]:
        """Every event with its reason, newest first; undone ones are marked."""
        items: list[HistoryItem] = []
        for batch, undone in [(b, False) for b, _ in self._done] + [(b, True) for b in self._undone]:
            for seq, reason in zip(batch.seqs, batch.reasons):
                template, params = parts(reason)
                items.append(HistoryItem(seq, batch.number, str(reason), undone, batch.when, template, params))
        items.sort(key=lambda item: item.seq, reverse=True)
        return items

    def events(self) -> list[Any]:
        """The active events in order (what the state is the fold of)."""
        return [event for batch, _ in self._done for event in batch.events]

    # -- internals -------------------------------------------------------------------------------
    def _commit(self, events: tuple[Any, ...]) -> None:
        rows = _rows(self.rules, self.state, events)
        state = self.rules.fold(events, self.state)
        number = self._next_batch_number()
        written = self.store.append(
            self.game_id, number, rows, finished=bool(self.rules.finished(state)), players=_player_names(state)
        )
        self._undone.clear()
        self._done.append((_Batch(number, tuple(events), tuple(r[2] for r in rows),
                                  tuple(w.seq for w in written), time.time()), state))
        self._notify()

    def _next_batch_number(self) -> int:
        numbers = [b.number for b, _ in self._done] + [b.number for b in self._undone]
        return max(numbers, default=0) + 1

    def _push(self, batch: _Batch) -> None:
        state = self.rules.fold(batch.events, self.state)
        self._done.append((batch, state))

    def _pop_done(self, number: int) -> None:
        if not self._done or self._done[-1][0].number != number:
            raise ValueError(f"undo of batch {number} is out of order")
        self._undone.append(self._done.pop()[0])

    def _notify(self) -> None:
        for listener in list(self._listeners):
            listener(self)


Row = tuple[str, dict[str, Any], Any]  # (kind, payload, reason: str or rules.text.Text)


def _rows(rules: GameRules[Any], state: Any, events: tuple[Any, ...]) -> list[Row]:
    """The store rows (kind, payload, reason) of ``events`` applied from ``state``."""
    rows: list[Row] = []
    for event in events:
        rows.append((type(event).__name__, encode(event), rules.describe(state, event)))
        state = rules.evolve(state, event)
    return rows


def _player_names(state: Any) -> list[str]:
    players = getattr(state, "players", ()) or ()
    return [str(getattr(p, "name", p)) for p in players]
