"""Bots off the event loop: seeded per decision, the same in a process as in a thread."""

from __future__ import annotations

import asyncio
import multiprocessing
import time

import pytest

import tabletop
from tabletop.bots import make_bot
from tabletop.server.workers import WorkerPool, choose_action, decision_seed, hints


def test_decision_seeds_are_stable_and_distinct() -> None:
    assert decision_seed(7, 1, 10) == decision_seed(7, 1, 10)
    seeds = {decision_seed(7, s, p) for s in range(4) for p in range(50)}
    assert len(seeds) == 200
    assert all(0 <= s < 2**63 for s in seeds)
    assert decision_seed(7, 1, 10, "hint") != decision_seed(7, 1, 10)


@pytest.mark.parametrize("workers", [0, 1])
def test_pool_plays_what_the_bot_plays_here(workers: int) -> None:
    game = tabletop.make("kung-fu")
    state = game.new_state(2, seed=4)
    data = state.to_dict(include_log=False)
    expected = make_bot("easy", "kung-fu", seed=99).choose(state, state.current_player).id
    pool = WorkerPool(workers)

    async def run() -> tuple[int, list[dict[str, object]]]:
        action = await pool.run(choose_action, "kung-fu", {}, data, "easy", 99, timeout=60)
        seat = state.current_player
        ranked = await pool.run(hints, "kung-fu", {}, data, seat, 20, 1, timeout=60)
        return action, ranked

    try:
        action, ranked = asyncio.run(run())
    finally:
        pool.shutdown()
    assert action == expected
    assert sorted(h["action"] for h in ranked) == sorted(state.legal_action_ids())


@pytest.mark.parametrize("warm", [False, True])
def test_a_warm_pool_starts_its_processes_with_it(warm: bool) -> None:
    """A bot pool starts its processes with the server: a table's first bot move does
    not wait a second for a process to start. A hint pool starts its on demand."""
    before = set(multiprocessing.active_children())
    pool = WorkerPool(2, warm=warm)
    try:
        pool.start()
        started = set(multiprocessing.active_children()) - before
        asyncio.run(asyncio.wait_for(pool.ready(), 60))  # both have imported the games
    finally:
        pool.shutdown()
    assert len(started) == (2 if warm else 0)


def test_a_hint_is_only_for_the_seat_that_decides() -> None:
    """A hint asked by a seat whose turn passed before the search ran would rank the
    next seat's actions, its cards in their labels: refused instead."""
    state = tabletop.make("kung-fu").new_state(2, seed=4)
    data = state.to_dict(include_log=False)
    other = 1 - state.current_player
    with pytest.raises(ValueError, match="does not decide"):
        hints("kung-fu", {}, data, other, 20, 1)


def test_a_slow_job_times_out() -> None:
    pool = WorkerPool(0)

    async def run() -> None:
        await pool.run(time.sleep, 2, timeout=0.05)

    try:
        with pytest.raises(TimeoutError):
            asyncio.run(run())
    finally:
        pool.shutdown()
