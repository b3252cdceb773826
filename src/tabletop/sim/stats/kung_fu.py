"""Kung Fu statistics: card effects used, face-down attacks, the fight's course.

From the public log: ``activate`` names the card whose effect a player paid
for, ``attack_down`` a face-down attack, ``damage`` the life lost. The round-1
attacker (the holder of the initiative) is the first player.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tabletop.core.game import State
from tabletop.games.kung_fu.game import KungFuGame
from tabletop.sim.stats import GameStats, StatsExtractor


class KungFuStats(StatsExtractor):
    title = "Kung Fu"
    needs_log = True
    counters: ClassVar[Mapping[str, str]] = {
        "effects_used": "card effects activated",
        "face_down_attacks": "attacks played face down",
        "attacks": "attacks (face up or down)",
        "life_lost": "life lost",
        "life_left": "life left at the end",
    }
    items_title = "card whose effect was activated"
    outcomes: ClassVar[Mapping[str, str]] = {"ending": "how the duel ended"}

    def first_player(self, state: State) -> int:
        attacker: int = state.view(None)["attacker"]
        return attacker

    def extract(self, state: State) -> GameStats:
        game = state.game
        if not isinstance(game, KungFuGame):
            raise TypeError(f"not a Kung Fu state: {game.id}")
        names = dict(zip(game.cards.ids, game.cards.names, strict=True))
        counts = [dict.fromkeys(self.counters, 0.0) for _ in range(2)]
        items: list[set[str]] = [set(), set()]
        for event in state.log:
            kind = event.kind
            data = event.data
            if kind == "activate":
                p = data["player"]
                counts[p]["effects_used"] += 1
                items[p].add(f"{names[data['type']]} ({data['type']})")
            elif kind == "attack_down":
                counts[data["player"]]["face_down_attacks"] += 1
                counts[data["player"]]["attacks"] += 1
            elif kind == "attack":
                counts[data["player"]]["attacks"] += 1
            elif kind in ("damage", "lose"):
                counts[data["player"]]["life_lost"] += data["amount"]
        view = state.view(None)
        for p in range(2):
            counts[p]["life_left"] = float(view["players"][p]["life"])
        ending = "knockout" if state.winners() else "draw"
        return GameStats(
            counters=counts, items=[sorted(s) for s in items], outcome={"ending": ending}
        )


STATS = KungFuStats()
