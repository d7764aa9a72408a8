"""The 石器部落 and Prehistories games of the taps benchmark (mixed into ``taps_driver.BenchDriver``, which
supplies ``tap``, ``timed``, ``tally``, ``state``, ``finish`` and ``go_home_game``).

* 石器部落, 6 players, the whole game: the screenshot tour's seeded moves (skills, fate dice, demand
  cards, the deal it plans) entered by taps; a share of the negotiations fail and the card is
  discarded, so turns with and without a deal are both counted (taps per turn, split).
* Prehistories, 3 players, the whole game: the screenshot tour's touch rounds (the demo player's moves)
  for every round, without its screenshots and its refused placement.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: the seeds of the 石器部落 and Prehistories games (Stone Age's is ``taps_plan.STONE_AGE_SEED``)
STONE_TRIBE_SEED = 11
PREHISTORIES_SEED = 5
#: the share of 石器部落 negotiations that fail (the demand card is discarded) though a deal was possible
DISCARDED = 0.35
#: the players of each game
PLAYERS = {"stone-age": 4, "stone-tribe": 6, "prehistories": 3}


class OtherGames:
    """The 石器部落 and Prehistories scenarios (generators, one frame per ``yield``)."""

    app: Any
    report: dict[str, Any]
    max_rounds: int | None

    # -- 石器部落 -------------------------------------------------------------------------------------
    def stone_tribe(self) -> Iterator[None]:
        from rules.stone_tribe import Phase

        app = self.app
        rng = random.Random(STONE_TRIBE_SEED)
        yield from self.go_home_game("stone-tribe")
        home = app.sm.get_screen("home")
        while len(home.form.seats) < home.form.max_players and len(home.form.seats) < PLAYERS["stone-tribe"]:
            yield from self.tap("add-player")
        yield from self.tap("start-game")
        while len(app.sm.get_screen("st_setup").form.names) < PLAYERS["stone-tribe"]:
            yield from self.tap("st-add-player")
        yield from self.tap("st-start-game")
        if self.state.phase != Phase.DRAFT:
            raise RuntimeError(f"the game started in {self.state.phase}")
        draft_before = self.tally.setup_taps
        yield from self.tap("st-draft")
        while self.state.phase == Phase.DRAFT:
            yield from self._st_skill(rng)
        self.report["draft_taps"] = self.tally.setup_taps - draft_before
        while self.state.phase not in (Phase.OVER, Phase.ROLLOFF):
            round_no = self.state.round
            if self.max_rounds is not None and round_no > self.max_rounds:
                break
            self.turn_taps, deal = 0, [False]
            turn = self.state.turn
            yield from self.timed(round_no, self._st_turn(rng, deal))
            self.tally.turns.append({"round": round_no, "turn": turn, "taps": self.turn_taps, "deal": deal[0]})
        if self.state.phase == Phase.ROLLOFF:
            yield from self.timed(self.state.round, self._st_rolloff())
        self.bucket = None
        from rules.stone_tribe import standings

        self.finish(finished=self.state.phase == Phase.OVER, seed=STONE_TRIBE_SEED,
                    final_shells=[s.shells for s in standings(self.state)])

    def _st_skill(self, rng: random.Random) -> Iterator[None]:
        """Choose a skill left in the stacks and two numbers for it, then NEXT (draft or learning)."""
        from companion.viewmodels import stone_tribe as vm
        from rules.stone_tribe import SKILLS

        left = [k for k in SKILLS if vm.stack_left(self.state, k) > 0]
        yield from self.tap(f"st-skill-{rng.choice(left)}")
        for n in rng.sample(range(1, 7), 2):
            yield from self.tap(f"st-face-{n}")
        before = (self.state.turn, self.state.phase, len(self.state.player(self.state.current).skills))
        yield from self.tap("next")
        if (self.state.turn, self.state.phase, len(self.state.player(self.state.current).skills)) == before:
            raise RuntimeError(f"the skill was refused: {self.app.banner}")

    def _st_turn(self, rng: random.Random, deal: list[bool]) -> Iterator[None]:
        from collections import Counter

        from companion.ui.games.stone_tribe.tour import StoneTribeTour
        from rules.stone_tribe import RESOURCE_KINDS, RULES, Phase, Resources, RevealDemand

        state = self.state
        me = state.current
        yield from self.tap("st-draw")  # the chance card; the fate dice come up with it
        values = (rng.randint(1, 6), rng.randint(1, 6))
        for v in values:
            yield from self.tap(f"st-face-{v}")
        yield from self.tap("next")
        if self.state.phase != Phase.MAIN or tuple(self.state.last_roll or ()) != values:
            raise RuntimeError(f"the fate dice {values} were not taken: {self.app.banner}")
        held = sum((p.resources for p in self.state.players), Resources())
        kinds = [k for k in RESOURCE_KINDS if held.get(k)] or list(RESOURCE_KINDS)
        cost = [rng.choice(kinds) for _n in range(rng.randint(2, 4))]
        shells = len(cost) + rng.randint(0, 2)
        cards = int(rng.random() < 0.3)
        # the card the table sees, and whether anyone takes it (the deal the tour would make)
        card = RevealDemand(Resources(**Counter(cost)), shells, cards)
        plan = StoneTribeTour._plan(None, RULES.fold(RULES.decide(self.state, card), self.state))  # type: ignore[arg-type]
        yield from self.tap("st-demand")
        if plan is None or rng.random() < DISCARDED:  # nobody takes it: discarded without entering it
            yield from self.tap("st-demand-discard")
        else:
            for kind in cost:
                yield from self.tap(f"st-cost-{kind}")
            for _n in range(shells):
                yield from self.tap("st-cost-shells")
            for _n in range(cards):
                yield from self.tap("st-cost-cards")
            yield from self.tap("next")
            if self.state.phase != Phase.NEGOTIATION or self.state.demand.cost != card.cost:
                raise RuntimeError(f"the demand card was not turned up: {self.app.banner}")
            demand = self.app.sm.get_screen("st_demand")
            payments, shares = plan
            for name, paid in payments.items():
                yield from self._st_choose(demand, name)
                for kind in paid:
                    yield from self.tap(f"st-deal-{kind}")
            for name, (n_shells, n_cards) in shares.items():
                if n_shells or n_cards:
                    yield from self._st_choose(demand, name)
                for _n in range(n_shells):
                    yield from self.tap("st-deal-shells")
                for _n in range(n_cards):
                    yield from self.tap("st-deal-cards")
            yield from self.tap("next")
            deal[0] = True
        if self.state.phase != Phase.MAIN:
            raise RuntimeError(f"the negotiation did not end: {self.app.banner}")
        player = self.state.player(me)
        if player.shells >= 3 and len(player.skills) < 4 and rng.random() < 0.7:
            yield from self.tap("st-learn")
            yield from self._st_skill(rng)
        turn = self.state.turn
        yield from self.tap("st-end-turn")
        if self.state.turn == turn and self.state.phase == Phase.MAIN:
            raise RuntimeError(f"the turn did not end: {self.app.banner}")

    def _st_choose(self, demand: Any, name: str) -> Iterator[None]:
        """Tap the player whose part the deal pictures enter (no tap when already chosen)."""
        if demand.chosen != name:
            yield from self.tap(f"st-deal-player-{self.state.names.index(name)}")

    def _st_rolloff(self) -> Iterator[None]:
        from rules.stone_tribe import Phase, rolloff_due

        if self.app.sm.current != "st_end":
            yield from self.tap("st-ranking")
        for _guard in range(10):
            if self.state.phase != Phase.ROLLOFF:
                return
            for i, name in enumerate(list(rolloff_due(self.state))):
                yield from self.tap(f"st-rolloff-{self.state.names.index(name)}")
                for v in (6, max(1, 6 - i)):
                    yield from self.tap(f"st-face-{v}")
                yield from self.tap("next")
                yield
        raise RuntimeError("the roll-off did not end")

    # -- Prehistories ---------------------------------------------------------------------------------
    def prehistories(self) -> Iterator[None]:
        from rules.prehistories.state import Phase

        app = self.app
        rng = random.Random(PREHISTORIES_SEED)
        yield from self.go_home_game("prehistories")
        home = app.sm.get_screen("home")
        while len(home.form.seats) < PLAYERS["prehistories"]:
            yield from self.tap("add-player")
        while len(home.form.seats) > PLAYERS["prehistories"]:
            yield from self.tap("remove-player")
        yield from self.tap("start-game")
        app.sm.get_screen("ph_setup").rng = rng  # the goal cards Cairn draws, seeded
        yield from self.tap("ph-draw-goals")
        yield from self.tap("setup-start")
        if app.session is None or app.session.game != "prehistories":
            raise RuntimeError(f"the game did not start: {app.banner}")
        app.sm.get_screen("ph_table").rng = rng  # the tiles Cairn draws for the table, seeded
        tour = _PhTour(self, rng)
        for _guard in range(200):
            state = self.state
            if state.phase is Phase.OVER:
                break
            round_no = state.round
            if self.max_rounds is not None and round_no > self.max_rounds:
                break
            yield from self.timed(round_no, self._ph_phase(tour, state.phase))
        self.bucket = None
        done = self.state.phase is Phase.OVER
        if done:
            yield from self.frames(3)
            if app.sm.current != "ph_winner":
                raise AssertionError(f"the winner was not announced (on {app.sm.current})")
        self.finish(finished=done, seed=PREHISTORIES_SEED,
                    winner=self.state.winner.value if done and self.state.winner else None)

    def _ph_phase(self, tour: Any, phase: Any) -> Iterator[None]:
        from rules.prehistories.state import Phase

        app = self.app
        if phase is Phase.FILL:
            if app.sm.current != "ph_table":
                raise RuntimeError(f"new tiles, but the app shows {app.sm.current}")
            yield from self.tap("ph-draw-for-us")
            yield from self.tap("next")
        elif phase is Phase.PLANNING:
            yield from tour._plan_round(shots=True)
        elif phase is Phase.HUNTING:
            if app.sm.current == "ph_order":
                yield from self.tap("next")  # the order of play read back: on to the hunt
            yield from tour._hunt_round(shots=True)
        elif phase is Phase.PAINTING:
            if app.sm.current != "ph_cave":
                raise RuntimeError(f"painting, but the app shows {app.sm.current}")
            yield from tour._paint_round(shots=True)
        yield
        if self.state.phase is phase and phase is not Phase.PAINTING and phase is not Phase.HUNTING:
            raise RuntimeError(f"the {phase.value} phase did not end: {app.banner}")


def _PhTour(driver: Any, rng: random.Random) -> Any:
    """The Prehistories screenshot tour's touch rounds, with its taps counted by ``driver`` and no
    screenshots or detours (a refused placement is not tried)."""
    from companion.ui.games.prehistories.tour import PrehistoriesTour

    class Tour(PrehistoriesTour):
        def tap(self, tid: str) -> Iterator[None]:
            yield from driver.tap(tid)

        def snap(self, name: str) -> Iterator[None]:
            yield

        def _refused_cell(self, command: Any, player: Any) -> None:
            return None

    tour = Tour(driver.app, Path("/nonexistent"))
    tour.rng = rng
    return tour
