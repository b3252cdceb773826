"""The figures of a run: win rates with intervals, ratings, first-player advantage,
game lengths and the game's own statistics, as one JSON-ready dict.

Intervals come from SciPy (Wilson score intervals for proportions, which behave
well near 0 and 1 and for small samples); ratings from ``openskill``
(Plackett-Luce, which rates multiplayer finishing orders, ties included). Games
are taken in index order, so the summary of a run is the same for any ``--jobs``
or backend. These libraries are the ``sim`` extra; they are imported only here.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any, TypeVar

import tabletop
from tabletop.sim.play import GameResult
from tabletop.sim.spec import SimError, SimSpec
from tabletop.sim.stats import stats_for

T = TypeVar("T")

CONFIDENCE = 0.95
MAX_HISTOGRAM_BINS = 40


def require_extra() -> None:
    """Fail early, before any game is played, when the ``sim`` extra is missing."""
    missing = []
    for module in ("scipy", "openskill", "matplotlib"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module)
    if missing:
        raise SimError(
            f"the simulation lab needs {', '.join(missing)}: pip install 'tabletop[sim]'"
        )


def proportion_ci(successes: int, trials: int) -> tuple[float, float] | None:
    """The 95% Wilson score interval of ``successes / trials`` (``None`` without trials).

    >>> low, high = proportion_ci(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if trials == 0:
        return None
    from scipy.stats import binomtest

    ci = binomtest(successes, trials).proportion_ci(confidence_level=CONFIDENCE, method="wilson")
    return float(ci.low), float(ci.high)


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
    (0.06, 0.32)
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


def summarise(spec: SimSpec, results: Sequence[GameResult]) -> dict[str, Any]:
    """Every figure of the run; ``results`` may be a partial run."""
    results = sorted(results, key=lambda r: r.index)
    n = spec.num_players
    labels = spec.labels
    extractor = stats_for(spec.game)
    game = tabletop.make(spec.game, **spec.options_dict())
    summary: dict[str, Any] = {
        "game": spec.game,
        "title": game.info.title,
        "options": spec.options_dict(),
        "seed": spec.seed,
        "bots": list(spec.bots),
        "players": list(labels),
        "games_planned": spec.games,
        "games_played": len(results),
        "complete": len(results) == spec.games,
        "fair_share": 1 / n,
        "draws": sum(1 for r in results if not r.winners),
        "standings": _standings(spec, results),
        "first_player": rate(sum(r.first in r.winners for r in results), len(results)),
        "turn_order": _turn_order(n, results),
        "seats": [
            {"seat": s, **rate(sum(s in r.winners for r in results), len(results))}
            for s in range(n)
        ],
        "length": _lengths([r.length for r in results]),
    }
    with_stats = [r for r in results if r.stats is not None]
    declared = extractor.counters or extractor.labels or extractor.outcomes
    if with_stats and (declared or any(r.stats and any(r.stats.items) for r in with_stats)):
        summary["game_stats"] = _game_stats(spec, with_stats)
    return summary


def _standings(spec: SimSpec, results: Sequence[GameResult]) -> list[dict[str, Any]]:
    ratings = _ratings(spec, results)
    rows = []
    for p, label in enumerate(spec.labels):
        wins = sum(r.won(p) for r in results)
        draws = sum(1 for r in results if not r.winners)
        returns = [r.returns[r.player_seat(p)] for r in results]
        rows.append(
            {
                "player": label,
                "bot": spec.bots[p],
                **rate(wins, len(results)),
                "draws": draws,
                "losses": len(results) - wins - draws,
                "mean_return": statistics.fmean(returns) if returns else None,
                "rating": ratings[p],
            }
        )
    return rows


def _ratings(spec: SimSpec, results: Sequence[GameResult]) -> list[dict[str, float]]:
    """OpenSkill (Plackett-Luce) ratings, updated game by game in index order.

    Each player is its own team; the game's returns are the scores, so shared
    wins and draws are ties. ``ordinal`` (mu - 3 sigma) is the conservative
    estimate to rank by.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in spec.labels]
    for r in results:
        teams = [[ratings[p]] for p in r.seating]
        updated = model.rate(teams, scores=list(r.returns))
        for seat, p in enumerate(r.seating):
            ratings[p] = updated[seat][0]
    return [
        {"mu": float(x.mu), "sigma": float(x.sigma), "ordinal": float(x.ordinal())} for x in ratings
    ]


def _turn_order(n: int, results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """Win rate by position in the turn order (1 = the first player), over all games."""
    rows = []
    for position in range(n):
        wins = sum((r.first + position) % n in r.winners for r in results)
        rows.append({"position": position + 1, **rate(wins, len(results))})
    return rows


def _lengths(lengths: list[int]) -> dict[str, Any]:
    """The distribution of game lengths (actions per game), with a histogram."""
    if not lengths:
        return {"mean": None, "histogram": {"edges": [], "counts": []}}
    import numpy as np

    low, high = min(lengths), max(lengths)
    width = max(1, math.ceil((high - low + 1) / MAX_HISTOGRAM_BINS))  # whole actions per bin
    counts, edges = np.histogram(lengths, bins=np.arange(low, high + width + 1, width))
    deciles = statistics.quantiles(lengths, n=10) if len(lengths) > 1 else [lengths[0]] * 9
    return {
        "mean": statistics.fmean(lengths),
        "stdev": statistics.stdev(lengths) if len(lengths) > 1 else 0.0,
        "min": min(lengths),
        "p10": deciles[0],
        "median": statistics.median(lengths),
        "p90": deciles[-1],
        "max": max(lengths),
        "histogram": {"edges": [float(e) for e in edges], "counts": [int(c) for c in counts]},
    }


def _game_stats(spec: SimSpec, results: Sequence[GameResult]) -> dict[str, Any]:
    extractor = stats_for(spec.game)
    return {
        "title": extractor.title or spec.game,
        "games": len(results),
        "counters": _counters(spec, results),
        "items": {"title": extractor.items_title, "rows": item_strength(spec, results)},
        "labels": _labels(spec, results),
        "outcomes": _outcomes(spec, results),
    }


def _seat_games(results: Sequence[GameResult]) -> list[tuple[GameResult, int, int, bool]]:
    """(game, seat, player, won) for every seat of every game."""
    return [(r, s, p, s in r.winners) for r in results for s, p in enumerate(r.seating)]


def _counters(spec: SimSpec, results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """Each counter's mean per game by player, and for winning seats against the others."""
    extractor = stats_for(spec.game)
    rows = []
    seat_games = _seat_games(results)
    for name, description in extractor.counters.items():
        by_player: dict[str, list[float]] = {label: [] for label in spec.labels}
        split: dict[bool, list[float]] = {True: [], False: []}
        for r, s, p, won in seat_games:
            assert r.stats is not None
            value = _at(r.stats.counters, s, {}).get(name, 0.0)
            by_player[spec.labels[p]].append(value)
            split[won].append(value)
        rows.append(
            {
                "name": name,
                "description": description,
                "by_player": {k: _mean(v) for k, v in by_player.items()},
                "winners": _mean(split[True]),
                "others": _mean(split[False]),
            }
        )
    return rows


def _at(per_seat: Sequence[T], seat: int, default: T) -> T:
    """A seat's entry of per-seat statistics, tolerating a game that left it out."""
    return per_seat[seat] if seat < len(per_seat) else default


def _mean(values: list[float]) -> float | None:
    return statistics.fmean(values) if values else None


def item_strength(spec: SimSpec, results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """For every item (card bought, effect used...): the win rate of seats that had it
    and of seats that did not, with intervals, and the difference with its interval.

    Rows run from the strongest difference to the weakest. Any game's items work
    the same way: a game's statistics module only lists each seat's items.
    """
    seat_games = _seat_games(results)
    total = len(seat_games)
    total_wins = sum(won for *_, won in seat_games)
    with_games: Counter[str] = Counter()
    with_wins: Counter[str] = Counter()
    holders: dict[str, Counter[str]] = defaultdict(Counter)
    for r, s, p, won in seat_games:
        assert r.stats is not None
        for item in set(_at(r.stats.items, s, [])):
            with_games[item] += 1
            with_wins[item] += won
            holders[item][spec.labels[p]] += 1
    rows = []
    for item in sorted(with_games):
        having = rate(with_wins[item], with_games[item])
        lacking = rate(total_wins - with_wins[item], total - with_games[item])
        ci = difference_ci(having, lacking)
        diff = having["rate"] - lacking["rate"] if lacking["rate"] is not None else None
        rows.append(
            {
                "item": item,
                "share": with_games[item] / total,
                "with": having,
                "without": lacking,
                "difference": diff,
                "difference_ci95": list(ci) if ci is not None else None,
                "by_player": dict(holders[item]),
            }
        )
    rows.sort(key=_strength_order)
    return rows


def _strength_order(row: dict[str, Any]) -> tuple[float, str]:
    difference: float = row["difference"] or 0.0
    return -difference, row["item"]


def _labels(spec: SimSpec, results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """Win rate by label value (e.g. by monster), for each label key."""
    extractor = stats_for(spec.game)
    out = []
    seat_games = _seat_games(results)
    for key, description in extractor.labels.items():
        games: Counter[str] = Counter()
        wins: Counter[str] = Counter()
        for r, s, _p, won in seat_games:
            assert r.stats is not None
            value = _at(r.stats.labels, s, {}).get(key)
            if value is not None:
                games[value] += 1
                wins[value] += won
        values = [{"value": v, **rate(wins[v], games[v])} for v in sorted(games)]
        out.append({"key": key, "description": description, "values": values})
    return out


def _outcomes(spec: SimSpec, results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """How often each game-level outcome happened, and whose wins they were."""
    extractor = stats_for(spec.game)
    out = []
    for key, description in extractor.outcomes.items():
        counts: Counter[str] = Counter()
        wins: dict[str, Counter[str]] = defaultdict(Counter)
        for r in results:
            assert r.stats is not None
            value = r.stats.outcome.get(key)
            if value is None:
                continue
            counts[value] += 1
            for seat in r.winners:
                wins[value][spec.labels[r.seating[seat]]] += 1
        values = [
            {
                "value": v,
                "games": counts[v],
                "share": counts[v] / len(results),
                "wins_by_player": {label: wins[v][label] for label in spec.labels},
            }
            for v in sorted(counts)
        ]
        out.append({"key": key, "description": description, "values": values})
    return out
