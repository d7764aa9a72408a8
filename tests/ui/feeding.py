"""The Stone Age feeding screen by real taps, for ``tests/ui_driver.py`` (mixed into its ``Driver``,
which supplies ``tap``, ``find``, ``enter_dice``, ``expect``, ``shot``, ``state`` and ``report``).

Two players. The moves that only set the table up go through ``app.send`` (the path a tap takes);
the round ends and every feeding choice are tapped: the dice confirm that ends round 1 starts round 2
at once, as nobody is short (the table's prompt says the round was fed, the panels show the food);
in round 3 a short player spends a kept "any 2 resources" card and chooses which resources pay (not
the cheapest), and the feeding is read back until one tap starts round 4.
"""
from __future__ import annotations

from typing import Any, Iterator

NAMES = {"zh_CN": ("小明", "小红"), "en": ("Ann", "Ben")}


class FeedingScenarios:
    """Scenario generators; each yields once per frame."""

    app: Any
    report: dict[str, Any]

    def feeding_modes(self) -> dict[str, Any]:
        return {"feeding": self.feeding, "kept-hut": self.kept_hut,
                "feeding-resume-1": self.feeding_resume_1, "feeding-resume-2": self.feeding_resume_2,
                "feeding-resume-3": self.feeding_resume_3, "feeding-two-short": self.feeding_two_short}

    def _send(self, *commands: Any) -> Iterator[None]:
        """Moves that only set the table up, through ``app.send``; then two frames for the layout."""
        for command in commands:
            if not self.app.send(command):
                raise AssertionError(f"{command} was refused: {self.app.banner}")
        yield
        yield

    def _lines(self) -> list[str]:
        """The feeding lines as drawn on the screen, one per player."""
        from companion.ui.widgets import Caption

        out = []
        for seat in range(self.state.player_count):
            row = self.find(f"feed-row-{seat}")
            out += [w.text for w in row.walk(restrict=True) if isinstance(w, Caption)]
        return out

    def _fed_table(self) -> dict[str, Any]:
        """What round N's table shows of a feeding nobody was short in: its prompt, each panel's food."""
        table = self.app.sm.get_screen("sa_table")
        return {"prompt": table.prompt,
                "food": [self.find(f"panel-{seat}").view.food for seat in range(self.state.player_count)]}

    def _done_to_table(self, round_no: int) -> Iterator[None]:
        yield from self.tap("next")
        self.expect(self.app.sm.current == "sa_table" and self.state.round == round_no,
                    f"one tap on the feeding screen starts round {round_no}")

    def two_named_players(self) -> Iterator[None]:
        """Home: two players, named by typing in their fields (the language's names), the first starts."""
        names = NAMES.get(self.app.lang, NAMES["en"])
        yield
        yield from self.tap("remove-player")
        for seat, name in enumerate(names):
            self.find(f"seat-{seat}-name").text = name
        yield
        yield from self.tap("start-game")
        self.expect(self.state.player_count == 2 and self.state.start_player == 0, "two players, the first starts")

    def _round_one(self) -> Iterator[None]:
        """Two players named by taps; round 1 played to its end, the last gathering by taps."""
        from rules.stone_age import Area, Gather, Place, UseVillage

        app = self.app
        yield from self.two_named_players()
        self.report["names"] = [p.name for p in self.state.players]
        # round 1: the first farms and hunts, the second panning gold; nobody is short
        yield from self._send(Place(0, Area.FIELD, 1), Place(1, Area.RIVER, 5), Place(0, Area.HUNTING, 4),
                   UseVillage(0, Area.FIELD), Gather(0, Area.HUNTING, (6, 6, 6, 6)))
        self.expect(app.sm.current == "sa_table" and self.state.current == 1, "the second player's river is left")
        yield from self.tap("action-river-0")
        yield from self.enter_dice([6, 6, 6, 6, 6])
        yield from self.tap("next")
        self.expect(self.state.round == 2, "the river ends round 1: everyone fed by the rules")
        self.expect(app.sm.current == "sa_table", "nobody was short: round 2's table with no tap")

    def _rounds_two_and_three(self) -> Iterator[None]:
        """From round 2's table: round 2 played, its read-back tapped away, round 3 played until the
        second player is 3 food short and must choose (a kept "any 2" card bought on the way)."""
        from rules.stone_age import Area, BuyCard, Gather, Phase, Place, Resource, UseVillage

        yield from self._send(Place(1, Area.FOREST, 5), Place(0, Area.FIELD, 1), Place(0, Area.HUNTING, 4),
                   Gather(1, Area.FOREST, (6, 6, 6, 6, 6)), UseVillage(0, Area.FIELD))
        yield from self.tap("action-hunting-0")
        yield from self.enter_dice([1, 1, 1, 1])
        yield from self.tap("next")
        self.expect(self.app.sm.current == "sa_table" and self.state.round == 3, "round 2 fed with no tap")
        yield from self._send(Place(0, Area.FIELD, 1), Place(1, Area.QUARRY, 4), Place(0, Area.HUNTING, 4),
                   Place(1, Area.CARD, 1, 1), UseVillage(0, Area.FIELD), Gather(0, Area.HUNTING, (6, 6, 6, 6)),
                   BuyCard(1, 1, 2, (Resource.WOOD,)))
        yield from self.tap("action-quarry-0")
        yield from self.enter_dice([1, 1, 1, 1])
        yield from self.tap("next")
        self.expect(self.state.phase is Phase.FEED and self.state.current == 1, "the second player must choose")
        self.expect(self.app.sm.current == "sa_feeding", "the feeding opens for the choice")

    def _resume(self) -> Iterator[None]:
        yield
        self.expect(self.app.sm.get_screen("home").can_resume, "Home offers to resume")
        yield from self.tap("resume")
        self.report["resumed_on"] = self.app.sm.current

    def feeding_resume_1(self) -> Iterator[None]:
        """Round 1 played; the app stops on round 2's table, where the prompt says round 1 was fed."""
        yield from self._round_one()
        self.report["fed"] = self._fed_table()

    def feeding_resume_2(self) -> Iterator[None]:
        """Opened again: the table as it was, saying round 1 was fed; then on to a short player's choice, and stop."""
        yield from self._resume()
        self.expect(self.app.sm.current == "sa_table", "the resumed game opens on its table")
        yield
        self.report["fed"] = self._fed_table()
        self.shot("resumed-fed")
        yield from self._rounds_two_and_three()
        self.report["choice"] = [self.find("feed-pay-1").text, *self._lines()]

    def feeding_resume_3(self) -> Iterator[None]:
        """Opened again: the short player's choice as it was, and it can be paid."""
        yield from self._resume()
        self.expect(self.app.sm.current == "sa_feeding", "the resumed game opens on the feeding choice")
        self.report["choice"] = [self.find("feed-pay-1").text, *self._lines()]
        self.shot("resumed-choice")
        yield from self.tap("feed-penalty-1")
        self.expect(self.state.round == 4 and self.state.players[1].score == -10, "the −10 taken after resuming")

    def feeding(self) -> Iterator[None]:
        from companion.i18n import _, tr
        from rules.stone_age import Area, BuyCard, Gather, Phase, Place, Resource, UseVillage

        app = self.app
        yield from self._round_one()
        self.report["fed"] = self._fed_table()
        self.shot("feeding-none-short")
        # round 2 (the second player starts): wood for the second, the first farms again
        yield from self._send(Place(1, Area.FOREST, 5), Place(0, Area.FIELD, 1), Place(0, Area.HUNTING, 4),
                   Gather(1, Area.FOREST, (6, 6, 6, 6, 6)), UseVillage(0, Area.FIELD))
        yield from self.tap("action-hunting-0")
        yield from self.enter_dice([1, 1, 1, 1])
        yield from self.tap("next")
        self.expect(app.sm.current == "sa_table" and self.state.round == 3, "round 2 fed with no tap")
        # round 3: the second buys the "any 2 resources" card and keeps it, then is 3 food short
        yield from self._send(Place(0, Area.FIELD, 1), Place(1, Area.QUARRY, 4), Place(0, Area.HUNTING, 4),
                   Place(1, Area.CARD, 1, 1), UseVillage(0, Area.FIELD), Gather(0, Area.HUNTING, (6, 6, 6, 6)),
                   BuyCard(1, 1, 2, (Resource.WOOD,)))
        p = self.state.players[1]
        self.expect(p.any_two == 1 and (p.food, p.wood, p.gold, p.stone) == (2, 9, 5, 0), "the card is kept")
        self.report["panel_kept"] = _("+2 any") in " ".join(
            getattr(w, "text", "") for w in self.find("panel-1").walk(restrict=True))
        yield from self.tap("action-quarry-0")
        yield from self.enter_dice([1, 1, 1, 1])
        yield from self.tap("next")
        self.expect(self.state.phase is Phase.FEED and self.state.current == 1, "the second player must choose")
        self.expect(app.sm.current == "sa_feeding", "the feeding opens for the choice")
        self.expect(list(app.sm.get_screen("sa_feeding").paid) == ["wood"] * 3, "the cheapest (3 wood) is filled in")
        self.shot("feeding-short")
        # the kept card gives 2 stone, then stone, stone and gold pay (the cheapest would be 3 wood)
        yield from self.tap("feed-card")
        yield from self.tap("feed-take-stone")
        yield from self.tap("feed-take-stone")
        self.expect(self.state.players[1].any_two == 0 and self.state.players[1].stone == 2, "the card gave 2 stone")
        yield from self.tap("feed-take-stone")
        yield from self.tap("feed-take-stone")
        yield from self.tap("feed-take-gold")
        yield from self.tap("feed-take-wood")  # the payment is full: a fourth tap adds nothing
        self.shot("feeding-choice")
        self.report["pay_text"] = self.find("feed-pay-1").text
        yield from self.tap("feed-pay-1")
        p = self.state.players[1]
        self.expect((p.food, p.wood, p.stone, p.gold, p.score) == (0, 9, 0, 4, 0), f"paid as chosen: {p}")
        self.expect(app.sm.current == "sa_feeding" and self.state.round == 4, "the summary stays until tapped")
        self.report["after_lines"] = self._lines()
        self.report["done_text"] = self.find("next").text
        self.shot("feeding-after")
        yield from self._done_to_table(4)
        self.report["state"] = self.snapshot()

    def kept_hut(self) -> Iterator[None]:
        """The "any 2 resources" card bought by taps without choosing (kept), then spent on a hut."""
        from rules.stone_age import Area, Gather, Place

        app = self.app
        yield
        yield from self.tap("remove-player")
        yield from self.tap("start-game")
        yield from self._send(Place(0, Area.FOREST, 3), Place(1, Area.HUNTING, 5), Place(0, Area.CARD, 1, 1),
                   Place(0, Area.BUILDING, 1, 1), Gather(0, Area.FOREST, (6, 6, 6)))
        yield from self.tap("action-card-1")
        yield from self.pick_card(2)
        yield from self.pay(["wood"])
        yield from self.tap("next")
        p = self.state.players[0]
        self.expect(p.any_two == 1 and 2 in p.cards and p.wood == 5, "bought without choosing: the card is kept")
        yield from self.tap("action-building-1")
        yield from self.tap("hut-1")                      # wood, wood, brick: Ann has no brick
        yield from self.tap("take-brick")
        yield from self.tap("take-stone")
        p = self.state.players[0]
        self.expect(p.any_two == 0 and (p.brick, p.stone) == (1, 1), "the kept card gave brick and stone")
        self.shot("build-kept")
        yield from self.tap("next")
        p = self.state.players[0]
        self.expect(len(p.huts) == 1 and p.score == 10 and (p.wood, p.brick, p.stone) == (3, 0, 1),
                    "the hut is paid with the card's brick")
        self.report["state"] = self.snapshot()

    def feeding_two_short(self) -> Iterator[None]:
        """Both players are 3 food short in round 3, Ann holding wood and Ben stone: each one's cheapest
        payment is filled in when it is their turn to choose, and Pay is each one's single tap."""
        from rules.stone_age import Area, Gather, Place

        app = self.app
        yield
        yield from self.tap("remove-player")
        yield from self.tap("start-game")
        five = (6, 6, 6, 6, 6)
        forest, quarry = (Place(0, Area.FOREST, 5), Gather(0, Area.FOREST, five)), (Place(1, Area.QUARRY, 5),
                                                                                   Gather(1, Area.QUARRY, five))
        yield from self._send(forest[0], quarry[0], forest[1], quarry[1])     # round 1: 7 food left each
        yield from self._send(quarry[0], forest[0], quarry[1], forest[1])     # round 2: 2 food left each
        yield from self._send(forest[0], quarry[0], forest[1])
        yield from self.tap("action-quarry-0")                                # round 3's last action, by taps
        yield from self.enter_dice(list(five))
        yield from self.tap("next")
        self.expect(app.sm.current == "sa_feeding", "two players short: the feeding opens")
        feeding = app.sm.get_screen("sa_feeding")
        self.report["filled"] = []
        for _turn in range(2):
            seat = feeding.choosing
            self.report["filled"].append({"seat": seat, "paid": list(feeding.paid), "ask": feeding.ask,
                                          "pay": self.find(f"feed-pay-{seat}").text})
            if _turn == 0:
                self.shot("feeding-two-short")
            yield from self.tap(f"feed-pay-{seat}")
        self.report["banner"] = app.banner
        self.report["state"] = self.snapshot()
