"""Statistics: interval sanity on biased bots, ratings, card strength, per-game figures."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import ClassVar

import pytest

import tabletop
from tabletop.bots import make_bot
from tabletop.core.game import State
from tabletop.sim import (
    GameResult,
    GameStats,
    SimSpec,
    StatsExtractor,
    item_strength,
    play_game,
    proportion_ci,
    register_stats,
    run_simulation,
    stats_for,
    summarise,
)
from tabletop.sim.stats import _REGISTERED
from tabletop.sim.summary import difference_ci, rate

from .conftest import UNO_SINGLE


def synthetic(
    spec: SimSpec, p_first_wins: float, seed: int, items: bool = False
) -> list[GameResult]:
    """Two-player games in which line-up player 0 wins with probability ``p_first_wins``.

    With ``items``, the winner holds "sword" four times in five and the loser once
    in five, while "placebo" is held at random.
    """
    rng = random.Random(seed)
    results = []
    for i in range(spec.games):
        seating = spec.seating(i)
        winner_player = 0 if rng.random() < p_first_wins else 1
        winner = seating.index(winner_player)
        returns = tuple(1.0 if s == winner else 0.0 for s in range(2))
        stats = None
        if items:
            held = [
                [
                    *(["sword"] if rng.random() < (0.8 if s == winner else 0.2) else []),
                    *(["placebo"] if rng.random() < 0.5 else []),
                ]
                for s in range(2)
            ]
            stats = GameStats(counters=[{}, {}], items=held)
        results.append(GameResult(i, i, seating, returns, (winner,), 0, 10, stats))
    return results


def test_wilson_interval_covers_the_true_rate_about_95_percent() -> None:
    rng = random.Random(1)
    p, n, runs = 0.7, 80, 400
    covered = 0
    for _ in range(runs):
        wins = sum(rng.random() < p for _ in range(n))
        low, high = proportion_ci(wins, n)  # type: ignore[misc]
        assert low <= wins / n <= high
        covered += low <= p <= high
    assert 0.91 <= covered / runs <= 0.99
    assert proportion_ci(0, 0) is None


def test_interval_of_a_biased_synthetic_bot() -> None:
    spec = SimSpec("kung-fu", ("biased", "fair"), games=600)
    summary = summarise(spec, synthetic(spec, 0.7, seed=2))
    strong, weak = summary["standings"]
    low, high = strong["ci95"]
    assert low <= 0.7 <= high and low > 0.5
    assert weak["ci95"][1] < 0.5
    assert high - low < 0.08  # 600 games: about +/- 3.7 points
    assert strong["rating"]["mu"] > weak["rating"]["mu"]
    assert strong["rating"]["ordinal"] > weak["rating"]["ordinal"]


def test_a_real_strong_bot_is_told_apart_from_random() -> None:
    spec = SimSpec("kung-fu", ("heuristic", "random"), games=60, seed=2)
    summary = summarise(spec, run_simulation(spec).results)
    heuristic, random_bot = summary["standings"]
    assert heuristic["ci95"][0] > 0.5 > random_bot["ci95"][1]
    assert heuristic["wins"] + random_bot["wins"] + heuristic["draws"] == 60


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [((56, 70), (48, 80), (0.0524, 0.3339)), ((9, 10), (3, 10), (0.1705, 0.8090))],
)
def test_difference_interval_matches_newcombe_1998(
    a: tuple[int, int], b: tuple[int, int], expected: tuple[float, float]
) -> None:
    """Method 10 of Newcombe (1998), Statistics in Medicine 17:873-890, Table II."""
    assert difference_ci(rate(*a), rate(*b)) == pytest.approx(expected, abs=5e-5)


def test_difference_interval() -> None:
    low, high = difference_ci(rate(60, 100), rate(40, 100))  # type: ignore[misc]
    assert low < 0.2 < high and low > 0
    low, high = difference_ci(rate(50, 100), rate(50, 100))  # type: ignore[misc]
    assert low < 0 < high and low == pytest.approx(-high)
    assert difference_ci(rate(1, 1), rate(0, 0)) is None


def test_item_strength_finds_the_strong_item_and_not_the_placebo() -> None:
    spec = SimSpec("kung-fu", ("a", "b"), games=400)
    rows = {row["item"]: row for row in item_strength(spec, synthetic(spec, 0.5, 3, True))}
    sword, placebo = rows["sword"], rows["placebo"]
    assert sword["difference_ci95"][0] > 0.3
    assert placebo["difference_ci95"][0] < 0 < placebo["difference_ci95"][1]
    assert sword["with"]["games"] + sword["without"]["games"] == 800
    assert sum(sword["by_player"].values()) == sword["with"]["games"]


def test_turn_order_and_seats() -> None:
    spec = SimSpec("uno-power", ("a", "b", "c"), games=30)
    results = [
        GameResult(i, i, spec.seating(i), (0.0, 0.0, 0.0), ((i + 1) % 3,), i % 3, 5)
        for i in range(30)
    ]  # the player after the first always wins
    summary = summarise(spec, results)
    assert [row["rate"] for row in summary["turn_order"]] == [0.0, 1.0, 0.0]
    assert summary["first_player"]["rate"] == 0.0
    assert [row["wins"] for row in summary["seats"]] == [10, 10, 10]
    assert summary["length"]["mean"] == 5


def test_game_lengths() -> None:
    spec = SimSpec("kung-fu", ("heuristic", "random"), games=30, seed=1)
    results = run_simulation(spec).results
    length = summarise(spec, results)["length"]
    lengths = [r.length for r in results]
    assert length["min"] == min(lengths) and length["max"] == max(lengths)
    assert sum(length["histogram"]["counts"]) == 30
    assert length["histogram"]["edges"][0] == min(lengths)
    assert length["p10"] <= length["median"] <= length["p90"]


# -- per-game statistics -----------------------------------------------------------


def _play(game_id: str, n: int, seed: int, **options: str) -> Iterator[tuple[State, State]]:
    """Each step of a heuristic game: (state before the action, state after it)."""
    state = tabletop.make(game_id, **options).new_state(n, seed, log=True)
    bots = [make_bot("heuristic", game_id, seed=seed * 10 + p) for p in range(n)]
    while not state.is_terminal():
        before = state.clone()
        p = state.current_player
        state.apply(bots[p].choose(state, p))
        yield before, state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_uno_tower_holding_matches_the_views(seed: int) -> None:
    """The extractor follows tower ownership through the log; the views are the truth."""
    held_sum = [0, 0, 0]
    plays = [0, 0, 0]
    seen = 0
    for before, after in _play("uno-power", 3, seed, target_score="single_round"):
        towers = before.view(None)["towers"]
        for event in after.log[seen:]:
            if event.kind == "play":
                p = event.data["player"]
                plays[p] += 1
                held_sum[p] += sum(owner == p for owner in towers.values())
        seen = len(after.log)
    stats = stats_for("uno-power").extract(after)
    kinds = Counter(e.kind for e in after.log)
    assert sum(c["towers_taken"] for c in stats.counters) == kinds["tower"] > 0
    assert sum(c["bonus_uses"] for c in stats.counters) == kinds["bonus"]
    assert sum(c["challenges_made"] for c in stats.counters) == kinds["challenge"]
    assert sum(c["towers_stolen"] for c in stats.counters) == sum(
        c["towers_lost"] for c in stats.counters
    )
    for p in range(3):
        expected = held_sum[p] / plays[p] if plays[p] else 0.0
        assert stats.counters[p]["tower_holding"] == pytest.approx(expected)
        assert stats.counters[p]["towers_at_end"] == len(after.view(None)["players"][p]["towers"])
    assert sum(c["rounds_won"] for c in stats.counters) == 1
    assert stats.outcome["last_round"] in ("out", "fewest points")


def test_uno_challenges_and_bonus_over_a_run() -> None:
    spec = SimSpec("uno-power", ("heuristic",) * 3, games=30, seed=2, options=(UNO_SINGLE,))
    results = run_simulation(spec).results
    won = sum(c["challenges_won"] for r in results if r.stats for c in r.stats.counters)
    made = sum(c["challenges_made"] for r in results if r.stats for c in r.stats.counters)
    assert won == made > 0  # every challenge has one winner
    bonus = summarise(spec, results)["game_stats"]["counters"]
    assert {row["name"] for row in bonus} >= {"bonus_uses", "challenges_won", "tower_holding"}


def test_kung_fu_effects_and_face_down_attacks() -> None:
    spec = SimSpec("kung-fu", ("random", "heuristic"), games=1, seed=4)
    for seed in range(4):
        *_, (_, state) = _play("kung-fu", 2, seed)
        stats = stats_for("kung-fu").extract(state)
        kinds = Counter(e.kind for e in state.log)
        assert sum(c["effects_used"] for c in stats.counters) == kinds["activate"]
        assert sum(c["face_down_attacks"] for c in stats.counters) == kinds["attack_down"]
        assert sum(c["attacks"] for c in stats.counters) == kinds["attack"] + kinds["attack_down"]
        for p in range(2):
            assert stats.counters[p]["life_left"] == state.view(None)["players"][p]["life"]
            activated = {
                e.data["type"] for e in state.log if e.kind == "activate" and e.data["player"] == p
            }
            assert {item.rsplit("(", 1)[1].rstrip(")") for item in stats.items[p]} == activated
    first = play_game(spec, 0)
    assert first.first == tabletop.make("kung-fu").new_state(2, first.seed).view(None)["attacker"]


class _MonsterStats(StatsExtractor):
    """A stand-in for a game with labels (King of Tokyo's monsters)."""

    title = "monsters"
    labels: ClassVar[Mapping[str, str]] = {"monster": "monster played"}

    def extract(self, state: State) -> GameStats:
        return GameStats(labels=[{"monster": "Gigazaur" if p == 0 else "Kraken"} for p in range(2)])


def test_a_registered_extractor_gets_win_rates_by_label() -> None:
    register_stats("kung-fu", _MonsterStats())
    try:
        spec = SimSpec("kung-fu", ("heuristic", "random"), games=20, seed=1)
        results = run_simulation(spec).results
        group = summarise(spec, results)["game_stats"]["labels"][0]
        by_value = {row["value"]: row for row in group["values"]}
        assert by_value["Gigazaur"]["games"] == by_value["Kraken"]["games"] == 20
        seat0_wins = sum(0 in r.winners for r in results)
        assert by_value["Gigazaur"]["wins"] == seat0_wins
    finally:
        _REGISTERED.pop("kung-fu", None)
    assert stats_for("kung-fu").counters  # the game's own module again


def test_games_without_a_module_get_the_generic_figures() -> None:
    generic = stats_for("no-such-game")
    assert not generic.counters and not generic.needs_log
    assert type(generic) is StatsExtractor
