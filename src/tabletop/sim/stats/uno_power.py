"""UNO Power statistics: tower holdings, four-tower bonus uses, Wild Draw Four challenges.

Everything comes from the public log. Tower ownership is followed event by event
(a ``tower`` event moves one tower, a ``bonus`` returns all four, a new ``round``
resets them under ``towers_reset_each_round``), which gives how many towers a
player held at each of its plays: its *tower holding*.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tabletop.core.game import State
from tabletop.sim.stats import GameStats, StatsExtractor

TOWER_NAMES = ("U", "N", "O", "!")


class UnoPowerStats(StatsExtractor):
    title = "UNO Power"
    needs_log = True
    counters: ClassVar[Mapping[str, str]] = {
        "towers_taken": "towers taken (from the pool or a player)",
        "towers_stolen": "towers taken from another player",
        "towers_lost": "towers taken away by another player",
        "tower_holding": "towers held on average when playing a card",
        "towers_at_end": "towers held when the match ended",
        "bonus_uses": "four-tower bonus uses",
        "challenges_made": "Wild Draw Four challenges made",
        "challenges_won": "challenges won (as challenger or as the accused)",
        "rounds_won": "rounds won",
    }
    items_title = "tower or bonus (taken or used at least once)"
    outcomes: ClassVar[Mapping[str, str]] = {"last_round": "how the deciding round ended"}

    def extract(self, state: State) -> GameStats:
        n = state.num_players
        counts = [dict.fromkeys(self.counters, 0.0) for _ in range(n)]
        items: list[set[str]] = [set() for _ in range(n)]
        reset_each_round = bool(state.game.options_dict()["towers_reset_each_round"])
        owner = [-1] * len(TOWER_NAMES)
        held_sum = [0] * n
        plays = [0] * n
        for event in state.log:
            kind = event.kind
            data = event.data
            if kind == "play":
                p = data["player"]
                plays[p] += 1
                held_sum[p] += owner.count(p)
            elif kind == "tower":
                p, source = data["player"], data["source"]
                tower = TOWER_NAMES.index(data["tower"])
                owner[tower] = p
                counts[p]["towers_taken"] += 1
                items[p].add(f"tower {data['tower']}")
                if source >= 0:
                    counts[p]["towers_stolen"] += 1
                    counts[source]["towers_lost"] += 1
            elif kind == "bonus":
                p = data["player"]
                counts[p]["bonus_uses"] += 1
                items[p].add("four-tower bonus")
                owner = [-1] * len(TOWER_NAMES)
            elif kind == "round" and reset_each_round:
                owner = [-1] * len(TOWER_NAMES)
            elif kind == "challenge":
                challenger, accused = data["player"], data["accused"]
                counts[challenger]["challenges_made"] += 1
                counts[challenger if data["guilty"] else accused]["challenges_won"] += 1
            elif kind == "round_end":
                counts[data["winner"]]["rounds_won"] += 1
        view = state.view(None)
        for p in range(n):
            counts[p]["tower_holding"] = held_sum[p] / plays[p] if plays[p] else 0.0
            counts[p]["towers_at_end"] = float(len(view["players"][p]["towers"]))
        last = view.get("last_round") or {}
        return GameStats(
            counters=counts,
            items=[sorted(s) for s in items],
            outcome={"last_round": str(last.get("how", "unknown"))},
        )


STATS = UnoPowerStats()
