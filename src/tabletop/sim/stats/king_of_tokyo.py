"""King of Tokyo statistics: monsters, cards bought, how games end, time in Tokyo.

Everything comes from the public log and the final spectator view: ``turn`` events
say whether the monster began its turn in Tokyo, ``enter``/``yield``/``buy``/
``damage``/``eliminated`` events are counted per seat, and the ``game_over`` event
says how the game ended (20 stars, last monster standing, nobody, turn limit).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tabletop.core.game import State
from tabletop.sim.stats import GameStats, StatsExtractor


class KingOfTokyoStats(StatsExtractor):
    title = "King of Tokyo"
    needs_log = True
    counters: ClassVar[Mapping[str, str]] = {
        "turns": "turns played",
        "turns_in_tokyo": "turns begun in Tokyo",
        "tokyo_share": "share of its turns begun in Tokyo",
        "entries": "times it entered Tokyo",
        "yields": "times it yielded Tokyo",
        "cards_bought": "Power cards bought",
        "hearts_lost": "hearts lost",
        "stars_at_end": "stars when the game ended",
        "eliminated": "eliminated (1) or not (0)",
    }
    items_title = "Power card bought (at least once)"
    labels: ClassVar[Mapping[str, str]] = {"monster": "the monster played"}
    outcomes: ClassVar[Mapping[str, str]] = {
        "victory": "how the game ended: stars, last_standing, nobody or turn_limit"
    }

    def extract(self, state: State) -> GameStats:
        n = state.num_players
        counts = [dict.fromkeys(self.counters, 0.0) for _ in range(n)]
        bought: list[set[str]] = [set() for _ in range(n)]
        how = "unknown"
        for event in state.log:
            kind = event.kind
            data = event.data
            if kind == "turn":
                seat = data["seat"]
                counts[seat]["turns"] += 1
                if data.get("in_tokyo"):
                    counts[seat]["turns_in_tokyo"] += 1
            elif kind == "enter":
                counts[data["seat"]]["entries"] += 1
            elif kind == "yield":
                counts[data["seat"]]["yields"] += 1
            elif kind == "buy":
                counts[data["seat"]]["cards_bought"] += 1
                bought[data["seat"]].add(str(data["card"]))
            elif kind == "damage":
                counts[data["seat"]]["hearts_lost"] += data["hearts"]
            elif kind == "eliminated":
                counts[data["seat"]]["eliminated"] = 1.0
            elif kind == "game_over":
                how = str(data.get("how", "unknown"))
        view = state.view(None)
        for seat, monster in enumerate(view["monsters"]):
            c = counts[seat]
            c["stars_at_end"] = float(monster["stars"])
            c["tokyo_share"] = c["turns_in_tokyo"] / c["turns"] if c["turns"] else 0.0
        return GameStats(
            counters=counts,
            items=[sorted(b) for b in bought],
            labels=[{"monster": str(m["name"])} for m in view["monsters"]],
            outcome={"victory": how},
        )


STATS = KingOfTokyoStats()
