"""Bots and hints off the event loop: a pool of worker processes (or threads).

A search bot can think for seconds; run on the event loop it would freeze every
table. The pool gets a full state (``to_dict``): the bot classes themselves only
look at determinized copies, so a bot still sees no hidden card. Each decision is
seeded from the table's seed, the seat and the ply, so a table replays the same
bot moves after a restart, whichever worker computes them.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import tabletop
from tabletop.bots import analyse, make_bot
from tabletop.i18n.catalogs import SOURCE
from tabletop.i18n.reader import reader


def decision_seed(table_seed: int, seat: int, ply: int, purpose: str = "bot") -> int:
    """A 63-bit seed for one decision, independent of every other decision's.

    ``table_seed`` is the seed the table dealt (:mod:`~tabletop.server.deals`), kept
    with the table: secret until the end unless the deal is known, so nobody foresees
    a bot's choice, and the same after a restart, so a resumed table plays on alike.
    """
    digest = hashlib.sha256(f"{purpose}:{table_seed}:{seat}:{ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _state(game_id: str, options: dict[str, Any], data: dict[str, Any]) -> Any:
    return tabletop.make(game_id, **options).state_from_dict(data)


def choose_action(
    game_id: str,
    options: dict[str, Any],
    data: dict[str, Any],
    bot: str,
    seed: int,
    think: float | None = None,
) -> int:
    """The id of the action bot ``bot`` plays in the state ``data`` (runs in a worker),
    thinking ``think`` seconds if it searches and that is given."""
    state = _state(game_id, options, data)
    return make_bot(bot, game_id, seed, think=think).choose(state, state.current_player).id


def hints(
    game_id: str,
    options: dict[str, Any],
    data: dict[str, Any],
    seat: int,
    iterations: int,
    seed: int,
    lang: str = SOURCE,
) -> list[dict[str, object]]:
    """``seat``'s legal actions, best first, as the search sees them, with the reasons
    in ``lang``; a ``ValueError`` if ``seat`` does not decide in ``data`` (its hint would
    show another seat's cards)."""
    state = _state(game_id, options, data)
    if state.current_player != seat:
        raise ValueError(f"seat {seat} does not decide in this state")
    found = analyse(state, seat, iterations=iterations, seed=seed, reader=reader(lang))
    return [h.to_dict() for h in found]


def _worker_init(server_pid: int) -> None:
    """Import the games before the first job, and die with the server.

    A server killed with SIGKILL cannot stop its workers; each worker watches its
    parent and exits when it is gone, so a crash leaves no orphan processes.
    """
    threading.Thread(target=_watch_parent, args=(server_pid,), daemon=True).start()
    for game_id in tabletop.list_games():
        # A game that cannot load fails its own jobs, not the whole pool.
        with contextlib.suppress(Exception):
            tabletop.make(game_id)


def _watch_parent(server_pid: int) -> None:
    while os.getppid() == server_pid:
        time.sleep(0.5)
    os._exit(0)


def _ready() -> int:
    """A job that does nothing: sent to every worker at a warm start."""
    return os.getpid()


class WorkerPool:
    """``workers`` processes (spawned, so no event-loop state is forked), or threads if 0.

    A ``warm`` pool starts its processes with the server instead of at the first job,
    so that the first bot move of a table is not a second late for the start of a
    process (which a spectator timing a bot's answers could tell from the others);
    :meth:`ready` waits until the processes answer.
    """

    def __init__(self, workers: int, *, warm: bool = False) -> None:
        self.workers = workers
        self.warm = warm
        self._executor: Executor | None = None
        self._warming: list[Future[int]] = []

    def start(self) -> None:
        if self._executor is not None:
            return
        if self.workers > 0:
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_init,
                initargs=(os.getpid(),),
            )
            if self.warm:  # one job per process: each job finding no idle worker starts one
                self._warming = [self._executor.submit(_ready) for _ in range(self.workers)]
        else:
            self._executor = ThreadPoolExecutor(2, thread_name_prefix="tabletop-bot")

    async def ready(self) -> None:
        """Wait until a warm pool's start-up jobs have run, each in a process that had
        imported the games first (at once for a pool that is not warm)."""
        warming, self._warming = self._warming, []
        if warming:
            await asyncio.gather(*(asyncio.wrap_future(f) for f in warming))

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    async def run(self, fn: Any, *args: Any, timeout: float | None = None) -> Any:
        """``fn(*args)`` in the pool; ``TimeoutError`` after ``timeout`` seconds.

        Cancelling the caller cancels the job (if it has not started) and always
        reaches the caller: ``asyncio.wait`` never swallows a cancellation the way
        ``wait_for`` can when the job finishes at the same moment.
        """
        self.start()
        assert self._executor is not None
        future = asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)
        try:
            done, _ = await asyncio.wait({future}, timeout=timeout)
        except asyncio.CancelledError:
            future.cancel()
            raise
        if not done:
            future.cancel()
            raise TimeoutError(f"no answer in {timeout} seconds")
        return future.result()
