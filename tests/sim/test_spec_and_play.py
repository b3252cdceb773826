"""Seat rotation, seeds and single games: what makes a run deterministic."""

from __future__ import annotations

import math
from collections import Counter

import pytest

import tabletop
from tabletop.sim import GameResult, SimError, SimSpec, play_game
from tabletop.sim.play import _GAMES

from .conftest import UNO_SINGLE


def test_every_player_sits_at_every_seat_equally() -> None:
    spec = SimSpec("uno-power", ("heuristic", "random", "random"), games=9, options=(UNO_SINGLE,))
    sat = Counter((p, seat) for i in range(spec.games) for seat, p in enumerate(spec.seating(i)))
    assert sat == Counter({(p, s): 3 for p in range(3) for s in range(3)})


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_rotation_balances_seats_in_blocks_and_neighbours_over_all_orders(n: int) -> None:
    spec = SimSpec("uno-power", ("random",) * n, games=1)
    orders = math.factorial(n - 1)
    for block in range(orders):
        games = range(block * n, block * n + n)
        sat = Counter((p, seat) for i in games for seat, p in enumerate(spec.seating(i)))
        assert sat == Counter({(p, s): 1 for p in range(n) for s in range(n)})
    left = Counter(
        (seating[s], seating[(s + 1) % n])
        for seating in map(spec.seating, range(n * orders))
        for s in range(n)
    )
    assert left == Counter(
        {(p, q): n * orders // (n - 1) for p in range(n) for q in range(n) if p != q}
    )


def test_the_right_bot_sits_at_each_seat() -> None:
    spec = SimSpec(
        "uno-power",
        ("heuristic", "random", "random"),
        games=3,
        options=(UNO_SINGLE,),
        record_games=True,
    )
    for i in range(3):
        result = play_game(spec, i)
        assert result.record is not None
        assert result.record["players"] == [spec.labels[p] for p in spec.seating(i)]
        assert result.seating == spec.seating(i)


def test_seeds_depend_on_run_game_and_player_only() -> None:
    a = SimSpec("kung-fu", ("heuristic", "random"), games=10, seed=1)
    b = SimSpec("kung-fu", ("random", "random"), games=99, seed=1)
    c = SimSpec("kung-fu", ("heuristic", "random"), games=10, seed=2)
    assert [a.game_seed(i) for i in range(10)] == [b.game_seed(i) for i in range(10)]
    assert len({a.game_seed(i) for i in range(10)} | {c.game_seed(i) for i in range(10)}) == 20
    assert a.bot_seed(3, 0) != a.bot_seed(3, 1) != a.bot_seed(4, 1)


def test_a_game_is_the_same_alone_or_after_others() -> None:
    spec = SimSpec("kung-fu", ("heuristic", "random"), games=6, seed=5)
    in_order = [play_game(spec, i) for i in range(6)]
    _GAMES.clear()
    assert play_game(spec, 4) == in_order[4]
    assert len({r.seed for r in in_order}) == 6


def test_the_record_replays_to_the_same_result() -> None:
    spec = SimSpec("kung-fu", ("heuristic", "random"), games=2, seed=9, record_games=True)
    result = play_game(spec, 1)
    assert result.record is not None
    record = tabletop.GameRecord.from_dict(result.record)
    state = record.replay()
    assert tuple(state.winners()) == result.winners
    assert len(record.actions) == result.length
    assert record.seed == result.seed


def test_result_round_trips_through_json() -> None:
    spec = SimSpec("uno-power", ("heuristic", "random"), games=1, options=(UNO_SINGLE,))
    result = play_game(spec, 0)
    assert result.stats is not None and result.stats.counters
    assert GameResult.from_dict(result.to_dict()) == result


def test_without_game_stats_nothing_is_extracted() -> None:
    spec = SimSpec("kung-fu", ("heuristic", "random"), games=1, game_stats=False)
    assert play_game(spec, 0).stats is None


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (SimSpec("kung-fu", ("random",) * 3, games=1), "takes 2 to 2 seats"),
        (SimSpec("kung-fu", ("random", "nobody"), games=1), "unknown bot 'nobody'"),
        (SimSpec("chess", ("random", "random"), games=1), "chess"),
        (SimSpec("kung-fu", ("random", "random"), games=0), "positive"),
        (SimSpec("kung-fu", ("random", "random"), games=1, options=(("deck", "x"),)), "deck"),
    ],
)
def test_validate_names_the_mistake(spec: SimSpec, message: str) -> None:
    with pytest.raises(tabletop.TabletopError, match=message):
        spec.validate()


def test_spec_round_trips_and_rejects_damage() -> None:
    spec = SimSpec("uno-power", ("heuristic", "random"), 5, 3, (UNO_SINGLE,), record_games=True)
    assert SimSpec.from_dict(spec.to_dict()) == spec
    with pytest.raises(SimError):
        SimSpec.from_dict({"spec_version": 1, "game": "kung-fu"})
    with pytest.raises(SimError):
        SimSpec.from_dict([1, 2])
