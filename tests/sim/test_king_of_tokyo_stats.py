"""King of Tokyo statistics for the simulation lab, checked against the states they read."""

from __future__ import annotations

from collections import Counter

import pytest

import tabletop
from tabletop.bots import make_bot
from tabletop.core.game import State
from tabletop.sim import SimSpec, run_simulation, summarise
from tabletop.sim.stats import stats_for


def _heuristic_game(seed: int, n: int = 4) -> State:
    """A finished game between heuristic bots, log on."""
    state = tabletop.make("king-of-tokyo").new_state(n, seed, log=True)
    bots = [make_bot("heuristic", "king-of-tokyo", seed=seed * 10 + p) for p in range(n)]
    while not state.is_terminal():
        p = state.current_player
        state.apply(bots[p].choose(state, p))
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_counters_match_the_log_and_the_final_view(seed: int) -> None:
    state = _heuristic_game(seed)
    stats = stats_for("king-of-tokyo").extract(state)
    kinds = Counter(e.kind for e in state.log)
    view = state.view(None)
    assert sum(c["turns"] for c in stats.counters) == kinds["turn"]
    assert sum(c["entries"] for c in stats.counters) == kinds["enter"] > 0
    assert sum(c["yields"] for c in stats.counters) == kinds["yield"]
    assert sum(c["cards_bought"] for c in stats.counters) == kinds["buy"]
    assert sum(c["eliminated"] for c in stats.counters) == kinds["eliminated"]
    for seat, monster in enumerate(view["monsters"]):
        counters = stats.counters[seat]
        assert counters["stars_at_end"] == monster["stars"]
        assert counters["eliminated"] == (0.0 if monster["alive"] else 1.0)
        assert 0.0 <= counters["tokyo_share"] <= 1.0
        assert stats.labels[seat] == {"monster": monster["name"]}
        bought = {e.data["card"] for e in state.log if e.kind == "buy" and e.data["seat"] == seat}
        assert set(stats.items[seat]) == bought
    winners = state.winners()
    if winners and all(view["monsters"][w]["stars"] >= 20 for w in winners):
        assert stats.outcome["victory"] == "stars"
    elif winners:
        assert stats.outcome["victory"] == "last_standing"
    else:
        assert stats.outcome["victory"] == "nobody"


def test_turns_in_tokyo_follow_the_start_of_turn_stars() -> None:
    """A turn begun in Tokyo is exactly one that earns the start-of-turn stars."""
    state = _heuristic_game(5)
    stats = stats_for("king-of-tokyo").extract(state)
    tokyo_starts = Counter(
        e.data["seat"]
        for e in state.log
        if e.kind == "stars" and e.data["why"] == "starting in Tokyo"
    )
    for seat in range(4):
        assert stats.counters[seat]["turns_in_tokyo"] == tokyo_starts[seat]


def test_turn_limit_outcome() -> None:
    """Monsters that always stop at once never score or fight: the turn limit ends it."""
    state = tabletop.make("king-of-tokyo", turn_limit=10).new_state(4, 3, log=True)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])  # stop rolling / end the Buy phase
    assert state.winners() == []
    assert stats_for("king-of-tokyo").extract(state).outcome == {"victory": "turn_limit"}
    assert state.log[-1].text == "The turn limit is reached: nobody wins."


def test_a_run_reports_monsters_cards_and_victories() -> None:
    spec = SimSpec("king-of-tokyo", ("heuristic", "random", "random", "random"), games=24, seed=3)
    results = run_simulation(spec).results
    summary = summarise(spec, results)
    game_stats = summary["game_stats"]
    assert {row["name"] for row in game_stats["counters"]} >= {"turns_in_tokyo", "cards_bought"}
    text = str(game_stats)
    assert "monster" in text and "victory" in text
    assert any(r.stats and any(r.stats.items) for r in results)  # some cards were bought
