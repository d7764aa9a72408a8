"""A Stone Age round in fewer taps, for ``tests/ui_driver.py`` (mixed into its ``Driver``, which
supplies ``tap``, ``find``, ``expect``, ``shot``, ``state`` and ``report``).

Two players. Moves that only set the table up go through ``app.send`` (the path a tap takes); every
hut, card and feeding is done by taps, and the taps each one took are counted in ``report["taps"]``.
What the screen showed when each was confirmed goes in ``report["shown"]``, for the test to hold
against the log on disk. Round 1: Ann builds a fixed hut (wood, wood, brick) and buys the card in
slot 1, Ben the card in slot 4; nobody is short. The hut is built once, taken back by Undo, and built
again. Round 2: Ann builds "4 resources of 1 kind" holding
wood only, by the tile's tap (the one payment); nobody is short again.
"""
from __future__ import annotations

from typing import Any, Iterator


class FastScenarios:
    """Scenario generators; each yields once per frame."""

    app: Any
    report: dict[str, Any]

    def fast_modes(self) -> dict[str, Any]:
        return {"buy-fast": self.buy_fast, "buy-proposal": self.buy_proposal}

    def _taps(self) -> int:
        return sum(1 for step in self.report["steps"] if step.startswith("tap "))

    def _counted(self, name: str, steps: Iterator[None]) -> Iterator[None]:
        before = self._taps()
        yield from steps
        self.report.setdefault("taps", {})[name] = self._taps() - before

    def _look(self, name: str) -> Iterator[None]:
        """A screenshot, and every text on the screen measured against its room (``report["cut"]``)."""
        from companion.ui.fit import cut_labels

        for _frame in range(3):  # layout and texture updates settle
            yield
        self.shot(name)
        self.report.setdefault("cut", {})[name] = cut_labels(self.app.sm.current_screen)[1]

    def _setup(self, *commands: Any) -> Iterator[None]:
        for command in commands:
            if not self.app.send(command):
                raise AssertionError(f"{command} was refused: {self.app.banner}")
        yield
        yield

    def _build_fixed(self) -> Iterator[None]:
        yield from self.tap("action-building-1")
        yield from self._look("build-huts")
        tile = self.find("hut-1")
        self.report.setdefault("shown", {})["fixed_icons"] = list(tile.icons)
        yield from self.tap("hut-1")                       # wood, wood, brick: built by this tap

    def _buy(self, slot: int, group: str, card: int | None) -> Iterator[None]:
        build = self.app.sm.get_screen("sa_build")
        yield from self.tap(f"action-card-{slot}")
        yield from self._look(f"card-groups-{slot}")
        yield from self.tap(f"card-group-{group}")
        if card is not None:
            yield from self.tap(f"card-{card}")
        yield from self._look(f"buy-slot-{slot}")
        self.report["shown"][f"card_{slot}"] = {"card": build.chosen, "paid": list(build.paid),
                                               "pay_text": build.pay_text, "tile": self.find(f"card-{build.chosen}").text}
        yield from self.tap("next")

    def _build_variable(self, hut: int) -> Iterator[None]:
        """Wood only: 4 wood is the one payment, so the tile's tap builds it; the banner says what was paid."""
        yield from self.tap("action-building-1")
        yield from self.tap(f"hut-{hut}")
        yield from self._look("build-variable")
        built = [b for b in self.state.players[0].huts if b.hut == hut]
        self.report["shown"]["variable"] = {"hut": hut, "paid": [r.value for r in built[0].paid] if built else [],
                                            "banner": self.app.banner, "screen": self.app.sm.current}

    def _hunt_with_advice(self) -> Iterator[None]:
        """Ben's hunt: 6+6+6+5 = 23 is one short of 12 food; the advice's one tap adds his tool of 1 and
        confirms the roll."""
        dice = self.app.sm.get_screen("sa_dice")
        yield from self.tap("action-hunting-0")
        for value in (6, 6, 6, 5):
            yield from self.tap(f"face-{value}")
        self.report["shown"]["advice"] = dice.advice
        yield from self.tap("use-advice")  # adds the advised tool and confirms the roll: one tap
        ben = self.state.players[1]
        self.report["shown"]["advised"] = {"tiles": [i for i, used in enumerate(ben.tools_used) if used],
                                           "screen": self.app.sm.current}

    def buy_fast(self) -> Iterator[None]:
        from companion.viewmodels.stone_age import distinct_huts
        from rules.stone_age import HUTS, Area, Gather, HutKind, Phase, Place, UseVillage

        app = self.app
        yield from self.two_named_players()
        yield from self._setup(Place(0, Area.FOREST, 2), Place(1, Area.QUARRY, 3), Place(0, Area.CLAY_PIT, 1),
                               Place(1, Area.RIVER, 1), Place(0, Area.BUILDING, 1, 1), Place(1, Area.CARD, 1, 4),
                               Place(0, Area.CARD, 1, 1), Gather(0, Area.FOREST, (6, 6)),
                               Gather(0, Area.CLAY_PIT, (6,)))
        ann = self.state.players[0]
        self.expect((ann.wood, ann.brick) == (4, 1), "Ann holds 4 wood and 1 brick")
        yield from self._build_fixed()
        self.expect(app.sm.current == "sa_table" and len(self.state.players[0].huts) == 1, "one tap built the hut")
        yield from self._counted("undo_hut", self.tap("table-undo"))   # a wrong tile is taken back by one tap
        ann = self.state.players[0]
        self.expect((len(ann.huts), ann.wood, ann.brick, ann.score) == (0, 4, 1, 0), "the undo took the hut back")
        yield from self._counted("fixed_hut", self._build_fixed())
        self.expect(app.sm.current == "sa_table" and len(self.state.players[0].huts) == 1, "built again")
        self.report["shown"]["fixed_banner"] = app.banner
        yield from self._counted("card_slot_1", self._buy(1, "music", None))   # one Music card left to find
        self.expect(13 in self.state.players[0].cards or 14 in self.state.players[0].cards, "Ann has the Music card")
        yield from self._setup(Gather(1, Area.QUARRY, (6, 6, 6)), Gather(1, Area.RIVER, (6,)))
        ben = self.state.players[1]
        self.expect((ben.stone, ben.gold) == (3, 1), "Ben holds exactly 4 resources")
        yield from self._counted("card_slot_4", self._buy(4, "shamans-1", 28))
        self.expect(28 in self.state.players[1].cards, "Ben has the Shaman card")
        # Ben's Buy was round 1's last action; nobody was short: round 2's table with no tap between
        self.report["after_last_action"] = app.sm.current
        self.expect(self.state.round == 2 and self.state.phase is Phase.PLACE, "round 2 has begun")
        self.expect(app.sm.current == "sa_table", "nobody was short: the table, not the feeding screen")
        self.report["shown"]["prompt_1"] = app.sm.get_screen("sa_table").prompt
        self.report["shown"]["food_1"] = [self.state.players[s].food for s in range(2)]
        yield from self._look("table-fed")
        four_one = next(h.id for h in distinct_huts(HUTS, {1}) if h.kind is HutKind.COUNT_KINDS and h.count == 4
                        and h.kinds == 1)
        yield from self._setup(Place(1, Area.HUNTING, 4), Place(0, Area.FOREST, 4), Place(1, Area.TOOL_MAKER, 1),
                               Place(0, Area.BUILDING, 1, 1), UseVillage(1, Area.TOOL_MAKER))
        yield from self._counted("tool_advice", self._hunt_with_advice())
        yield from self._setup(Gather(0, Area.FOREST, (6, 6, 6, 6)))
        self.expect(self.state.players[0].wood == 9 and self.state.players[0].resource_total == 9, "Ann: wood only")
        yield from self._counted("variable_hut", self._build_variable(four_one))
        self.expect(self.state.round == 3 and app.sm.current == "sa_table", "round 2 fed with no tap either")
        self.report["shown"]["prompt_2"] = app.sm.get_screen("sa_table").prompt
        self.report["game_id"] = app.session.game_id
        self.report["state"] = self.snapshot()

    def buy_proposal(self) -> Iterator[None]:
        """Ann holds 4 wood and 1 brick and buys the card in slot 1: the cheapest (a wood) is filled in and
        the screen says so; her tap on brick starts the payment again, and Buy takes the brick."""
        from rules.stone_age import Area, Decline, Gather, Place

        yield from self.two_named_players()
        yield from self._setup(Place(0, Area.FOREST, 2), Place(1, Area.QUARRY, 3), Place(0, Area.CLAY_PIT, 1),
                               Place(1, Area.RIVER, 1), Place(0, Area.BUILDING, 1, 1), Place(1, Area.CARD, 1, 4),
                               Place(0, Area.CARD, 1, 1), Gather(0, Area.FOREST, (6, 6)),
                               Gather(0, Area.CLAY_PIT, (6,)), Decline(0, Area.BUILDING, 1))
        build = self.app.sm.get_screen("sa_build")
        shown: dict[str, Any] = self.report.setdefault("shown", {})
        yield from self.tap("action-card-1")
        yield from self.tap("card-group-music")
        shown["filled"] = {"paid": list(build.paid), "proposed": build.proposed, "pay_text": build.pay_text}
        yield from self._look("buy-proposal")
        yield from self._counted("pay_otherwise", self.tap("pay-brick"))
        shown["changed"] = {"paid": list(build.paid), "proposed": build.proposed, "pay_text": build.pay_text}
        yield from self.tap("next")
        self.report["game_id"] = self.app.session.game_id
        self.report["screen_after"] = self.app.sm.current
