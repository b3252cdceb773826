"""The figures of a run: win rates with intervals, ratings, first-player advantage,
game lengths and the game's own statistics, as one JSON-ready dict.

A :class:`Tally` takes the games one at a time, in index order, and keeps only
running counts (and the ratings), so its memory does not grow with the number of
games: a run of millions of games is summarised by streaming its ``games.jsonl``.

Intervals are Wilson score intervals for proportions (:mod:`tabletop.core.intervals`,
which behave well near 0 and 1 and for small samples); ratings from ``openskill``
(Plackett-Luce, which rates multiplayer finishing orders, ties included). Games
are taken in index order, so the summary of a run is the same for any ``--jobs``
or backend. These libraries are the ``sim`` extra; they are imported only here.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import tabletop
from tabletop.core.intervals import wilson_interval
from tabletop.sim.errors import SimError
from tabletop.sim.experiment import Effects, experiment_summary
from tabletop.sim.play import GameResult
from tabletop.sim.spec import SimSpec
from tabletop.sim.stats import StatsExtractor, stats_for

T = TypeVar("T")

MAX_HISTOGRAM_BINS = 40


def require_extra() -> None:
    """Fail early, before any game is played, when the ``sim`` extra is missing."""
    missing = []
    for module in ("openskill", "matplotlib"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module)
    if missing:
        raise SimError(
            "the simulation lab needs {modules}: pip install 'tabletop[sim]'",
            modules=", ".join(missing),
        )


def proportion_ci(successes: int, trials: int) -> tuple[float, float] | None:
    """The 95% Wilson score interval of ``successes / trials`` (``None`` without trials).

    >>> low, high = proportion_ci(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if trials == 0:
        return None
    return wilson_interval(successes / trials, trials)


def rate(successes: int, trials: int) -> dict[str, Any]:
    """A proportion with its interval, as the summary stores it."""
    ci = proportion_ci(successes, trials)
    return {
        "wins": successes,
        "games": trials,
        "rate": successes / trials if trials else None,
        "ci95": list(ci) if ci is not None else None,
    }


def difference_ci(a: dict[str, Any], b: dict[str, Any]) -> tuple[float, float] | None:
    """95% interval of ``a["rate"] - b["rate"]`` for two independent proportions.

    Newcombe's hybrid score method: it combines the two Wilson intervals above
    (Newcombe 1998, method 10), and like them stays sensible near 0 and 1.

    >>> low, high = difference_ci(rate(60, 100), rate(40, 100))
    >>> round(low, 3), round(high, 3)
    (0.061, 0.328)
    """
    if a["ci95"] is None or b["ci95"] is None:
        return None
    p1, (l1, u1) = a["rate"], a["ci95"]
    p2, (l2, u2) = b["rate"], b["ci95"]
    d = p1 - p2
    return (
        d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
        d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
    )


def summarise(spec: SimSpec, results: Iterable[GameResult]) -> dict[str, Any]:
    """Every figure of the run; ``results`` may be a partial run.

    A list or tuple is sorted by index first; any other iterable (a stream from a
    run folder) must already be in index order.
    """
    if isinstance(results, (list, tuple)):
        results = sorted(results, key=lambda r: r.index)
    tally = Tally(spec)
    for r in results:
        tally.add(r)
    return tally.summary()


def item_strength(spec: SimSpec, results: Iterable[GameResult]) -> list[dict[str, Any]]:
    """For every item (card bought, effect used...): the win rate of seats that had it
    and of seats that did not, with intervals, and the difference with its interval.

    Rows run from the strongest difference to the weakest. Any game's items work
    the same way: a game's statistics module only lists each seat's items.
    """
    tally = Tally(spec)
    for r in sorted(results, key=lambda r: r.index):
        tally.add(r)
    return tally.item_rows()


class Tally:
    """Running counts of a run, fed one game at a time in index order.

    Index order makes the ratings (which depend on the order of the games) and
    every floating-point sum the same for any number of workers or backend.
    """

    def __init__(self, spec: SimSpec) -> None:
        from openskill.models import PlackettLuce

        n = spec.num_players
        self.spec = spec
        self.extractor: StatsExtractor = stats_for(spec.game)
        self.games = 0
        self.last_index = -1
        self.draws = 0
        self.wins = [0] * n
        self.returns = [0.0] * n
        self.first_wins = 0
        self.position_wins = [0] * n
        self.seat_wins = [0] * n
        self.lengths: Counter[int] = Counter()
        self.effects = Effects(spec.arms, n) if spec.arms else None
        self.model = PlackettLuce()
        self.ratings = [self.model.rating(name=label) for label in spec.labels]
        # Game statistics: seat-games with stats, counter sums, items, labels, outcomes.
        self.stats_games = 0
        self.seat_games = 0
        self.seat_wins_with_stats = 0
        self.any_items = False
        counters = list(self.extractor.counters)
        self.counter_sums = {c: [0.0] * n for c in counters}
        self.counter_split = {c: {True: [0.0, 0], False: [0.0, 0]} for c in counters}
        self.item_games: Counter[str] = Counter()
        self.item_wins: Counter[str] = Counter()
        self.item_holders: dict[str, Counter[str]] = defaultdict(Counter)
        self.label_games: dict[str, Counter[str]] = defaultdict(Counter)
        self.label_wins: dict[str, Counter[str]] = defaultdict(Counter)
        self.outcome_games: dict[str, Counter[str]] = defaultdict(Counter)
        self.outcome_wins: dict[str, dict[str, Counter[str]]] = defaultdict(
            lambda: defaultdict(Counter)
        )

    def add(self, r: GameResult) -> None:
        if r.index <= self.last_index:
            raise ValueError(f"game {r.index} comes after game {self.last_index}: not in order")
        self.last_index = r.index
        n = self.spec.num_players
        self.games += 1
        winners = r.winners
        if not winners:
            self.draws += 1
        for seat, p in enumerate(r.seating):
            self.wins[p] += seat in winners
            self.returns[p] += r.returns[seat]
            self.seat_wins[seat] += seat in winners
        self.first_wins += r.first in winners
        for position in range(n):
            self.position_wins[position] += (r.first + position) % n in winners
        self.lengths[r.length] += 1
        teams = [[self.ratings[p]] for p in r.seating]
        updated = self.model.rate(teams, scores=list(r.returns))
        for seat, p in enumerate(r.seating):
            self.ratings[p] = updated[seat][0]
        if r.stats is not None:
            self._add_stats(r)
        if self.effects is not None:
            index = r.index
            self.effects.add(self.spec.replicate(index), self.spec.arm(index), float(r.won(0)))

    def _add_stats(self, r: GameResult) -> None:
        stats = r.stats
        assert stats is not None
        labels = self.spec.labels
        self.stats_games += 1
        for seat, p in enumerate(r.seating):
            won = seat in r.winners
            self.seat_games += 1
            self.seat_wins_with_stats += won
            counters = _at(stats.counters, seat, {})
            for name, sums in self.counter_sums.items():
                value = counters.get(name, 0.0)
                sums[p] += value
                split = self.counter_split[name][won]
                split[0] += value
                split[1] += 1
            for item in set(_at(stats.items, seat, [])):
                self.any_items = True
                self.item_games[item] += 1
                self.item_wins[item] += won
                self.item_holders[item][labels[p]] += 1
            seat_labels = _at(stats.labels, seat, {})
            for key in self.extractor.labels:
                label = seat_labels.get(key)
                if label is not None:
                    self.label_games[key][label] += 1
                    self.label_wins[key][label] += won
        for key in self.extractor.outcomes:
            outcome = stats.outcome.get(key)
            if outcome is not None:
                self.outcome_games[key][outcome] += 1
                for seat in r.winners:
                    self.outcome_wins[key][outcome][labels[r.seating[seat]]] += 1

    # -- the summary ----------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        spec = self.spec
        n = spec.num_players
        games = self.games
        summary: dict[str, Any] = {
            "game": spec.game,
            "title": tabletop.make(spec.game, **spec.options_dict()).info.title,
            "options": spec.options_dict(),
            "seed": spec.seed,
            "bots": list(spec.bots),
            "players": list(spec.labels),
            "games_planned": spec.games,
            "games_played": games,
            "complete": games == spec.games,
            "fair_share": 1 / n,
            "draws": self.draws,
            "standings": self._standings(),
            "first_player": rate(self.first_wins, games),
            "turn_order": [
                {"position": i + 1, **rate(self.position_wins[i], games)} for i in range(n)
            ],
            "seats": [{"seat": s, **rate(self.seat_wins[s], games)} for s in range(n)],
            "length": _lengths(self.lengths),
        }
        if self.effects is not None:
            summary["experiment"] = experiment_summary(spec.labels[0], self.effects)
        extractor = self.extractor
        declared = extractor.counters or extractor.labels or extractor.outcomes
        if self.stats_games and (declared or self.any_items):
            summary["game_stats"] = {
                "title": extractor.title or spec.game,
                "games": self.stats_games,
                "counters": self._counters(),
                "items": {"title": extractor.items_title, "rows": self.item_rows()},
                "labels": self._labels(),
                "outcomes": self._outcomes(),
            }
        return summary

    def _standings(self) -> list[dict[str, Any]]:
        """Results and OpenSkill (Plackett-Luce) ratings per player.

        Each player is its own team; the game's returns are the scores, so shared
        wins and draws are ties. ``ordinal`` (mu - 3 sigma) is the conservative
        estimate to rank by.
        """
        games = self.games
        rows = []
        for p, label in enumerate(self.spec.labels):
            rating = self.ratings[p]
            rows.append(
                {
                    "player": label,
                    "bot": self.spec.bots[p],
                    **rate(self.wins[p], games),
                    "draws": self.draws,
                    "losses": games - self.wins[p] - self.draws,
                    "mean_return": self.returns[p] / games if games else None,
                    "rating": {
                        "mu": float(rating.mu),
                        "sigma": float(rating.sigma),
                        "ordinal": float(rating.ordinal()),
                    },
                }
            )
        return rows

    def _counters(self) -> list[dict[str, Any]]:
        """Each counter's mean per game by player, and for winning seats against the others."""
        rows = []
        games = self.stats_games
        for name, description in self.extractor.counters.items():
            sums = self.counter_sums[name]
            split = self.counter_split[name]
            rows.append(
                {
                    "name": name,
                    "description": description,
                    "by_player": {
                        label: sums[p] / games for p, label in enumerate(self.spec.labels)
                    },
                    "winners": split[True][0] / split[True][1] if split[True][1] else None,
                    "others": split[False][0] / split[False][1] if split[False][1] else None,
                }
            )
        return rows

    def item_rows(self) -> list[dict[str, Any]]:
        total = self.seat_games
        total_wins = self.seat_wins_with_stats
        rows = []
        for item in sorted(self.item_games):
            having = rate(self.item_wins[item], self.item_games[item])
            lacking = rate(total_wins - self.item_wins[item], total - self.item_games[item])
            ci = difference_ci(having, lacking)
            diff = having["rate"] - lacking["rate"] if lacking["rate"] is not None else None
            rows.append(
                {
                    "item": item,
                    "share": self.item_games[item] / total,
                    "with": having,
                    "without": lacking,
                    "difference": diff,
                    "difference_ci95": list(ci) if ci is not None else None,
                    "by_player": dict(self.item_holders[item]),
                }
            )
        rows.sort(key=_strength_order)
        return rows

    def _labels(self) -> list[dict[str, Any]]:
        """Win rate by label value (e.g. by monster), for each label key."""
        out = []
        for key, description in self.extractor.labels.items():
            games, wins = self.label_games[key], self.label_wins[key]
            values = [{"value": v, **rate(wins[v], games[v])} for v in sorted(games)]
            out.append({"key": key, "description": description, "values": values})
        return out

    def _outcomes(self) -> list[dict[str, Any]]:
        """How often each game-level outcome happened, and whose wins they were."""
        out = []
        for key, description in self.extractor.outcomes.items():
            counts, wins = self.outcome_games[key], self.outcome_wins[key]
            values = [
                {
                    "value": v,
                    "games": counts[v],
                    "share": counts[v] / self.stats_games,
                    "wins_by_player": {label: wins[v][label] for label in self.spec.labels},
                }
                for v in sorted(counts)
            ]
            out.append({"key": key, "description": description, "values": values})
        return out


def _at(per_seat: Sequence[T], seat: int, default: T) -> T:
    """A seat's entry of per-seat statistics, tolerating a game that left it out."""
    return per_seat[seat] if seat < len(per_seat) else default


def _strength_order(row: dict[str, Any]) -> tuple[float, str]:
    difference: float = row["difference"] or 0.0
    return -difference, row["item"]


def _lengths(lengths: Counter[int]) -> dict[str, Any]:
    """The distribution of game lengths (actions per game), with a histogram."""
    total = sum(lengths.values())
    if not total:
        return {"mean": None, "histogram": {"edges": [], "counts": []}}
    values = sorted(lengths)
    low, high = values[0], values[-1]
    sum1 = sum(v * c for v, c in lengths.items())
    sum2 = sum(v * v * c for v, c in lengths.items())
    variance = (sum2 - sum1 * sum1 / total) / (total - 1) if total > 1 else 0.0
    width = max(1, math.ceil((high - low + 1) / MAX_HISTOGRAM_BINS))  # whole actions per bin
    edges = list(range(low, high + width + 1, width))
    counts = [0] * (len(edges) - 1)
    for v, c in lengths.items():
        counts[min((v - low) // width, len(counts) - 1)] += c
    return {
        "mean": sum1 / total,
        "stdev": math.sqrt(max(0.0, variance)),
        "min": low,
        "p10": _quantile(lengths, values, total, 0.1),
        "median": _quantile(lengths, values, total, 0.5),
        "p90": _quantile(lengths, values, total, 0.9),
        "max": high,
        "histogram": {"edges": [float(e) for e in edges], "counts": counts},
    }


def _quantile(counts: Counter[int], values: list[int], total: int, q: float) -> float:
    """The ``q`` quantile of a counted sample, interpolated between order statistics
    (NumPy's default "linear" method)."""
    position = (total - 1) * q
    below = math.floor(position)

    def nth(k: int) -> int:
        seen = 0
        for v in values:
            seen += counts[v]
            if k < seen:
                return v
        return values[-1]

    a, b = nth(below), nth(min(below + 1, total - 1))
    return a + (b - a) * (position - below)
