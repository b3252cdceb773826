"""Where games are played: in this process, in worker processes, or on a Ray cluster.

Every backend plays batches of game indices with :func:`~tabletop.sim.play.play_games`
and yields each batch's results as soon as it is done, in whatever order the
workers finish. Results never depend on the backend: the caller sorts them by
index. Closing the iterator (at the end, on an error or on Ctrl-C) stops the
workers, so an interrupted run leaves nothing running.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
from collections.abc import Generator, Sequence
from itertools import islice
from typing import Any, Literal

from tabletop.sim.errors import SimError
from tabletop.sim.orphans import watch_parent
from tabletop.sim.play import GameResult, play_games
from tabletop.sim.spec import SimSpec

Backend = Literal["process", "ray"]
BACKENDS: tuple[Backend, ...] = ("process", "ray")

Batches = Generator[list[GameResult], None, None]
"""Batches of results as they finish; ``close()`` stops the workers."""

MAX_BATCH = 32


def batch_size(games: int, jobs: int) -> int:
    """Games per batch: small enough for a smooth progress bar and a fair share of
    work at the end, large enough to make the cost of sending a batch negligible.

    >>> batch_size(10_000, 2), batch_size(100, 2), batch_size(5, 1)
    (32, 3, 1)
    """
    if jobs <= 1:
        return 1
    return max(1, min(MAX_BATCH, games // (jobs * 16)))


def split(indices: Sequence[int], size: int) -> list[list[int]]:
    return [list(indices[i : i + size]) for i in range(0, len(indices), size)]


def check_backend(backend: str, address: str | None) -> None:
    """Fail before any game is played if ``backend`` cannot run here."""
    if backend not in BACKENDS:
        raise SimError(
            "unknown backend {backend!r}; choose one of {known}",
            backend=backend,
            known=", ".join(BACKENDS),
        )
    if address is not None and backend != "ray":
        raise SimError("--address is for the ray backend; add --backend ray")
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            raise SimError("the ray backend needs Ray: pip install 'tabletop[ray]'") from None


def run_batches(
    spec: SimSpec,
    indices: Sequence[int],
    *,
    jobs: int = 1,
    backend: Backend = "process",
    address: str | None = None,
) -> Batches:
    """Play the games ``indices`` of ``spec``, yielding batches of results as they finish."""
    check_backend(backend, address)
    batches = split(indices, batch_size(len(indices), jobs if backend == "process" else 2))
    if backend == "ray":
        return _ray_batches(spec, batches, jobs, address)
    if jobs <= 1 or len(batches) <= 1:
        return (play_games(spec, batch) for batch in batches)
    return _pool_batches(spec, batches, jobs)


# -- worker processes -----------------------------------------------------------


def _worker(spec: SimSpec, tasks: Any, results: Any) -> None:
    """A worker process: play each batch it is sent and send back its results (or
    the exception that stopped it). Ctrl-C is the parent's to handle; a parent that
    dies without stopping it (SIGKILL) ends it too."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watch_parent()
    while True:
        batch = tasks.get()
        try:
            results.put(play_games(spec, batch))
        except Exception as exc:  # a bug in a bot or a game: the parent re-raises it
            results.put(exc)


def _pool_batches(spec: SimSpec, batches: list[list[int]], jobs: int) -> Batches:
    # Plain processes and two queues rather than ``multiprocessing.Pool``: stopping
    # kills the workers outright (a game in hand may never end, say a slow bot), and
    # ``Pool.terminate`` can wait forever for a queue lock held by a killed worker.
    # Here the parent never touches the task queue again once it kills them.
    context = multiprocessing.get_context()
    tasks, results = context.SimpleQueue(), context.SimpleQueue()
    workers = [
        context.Process(target=_worker, args=(spec, tasks, results), daemon=True)
        for _ in range(min(jobs, len(batches)))
    ]
    for worker in workers:
        worker.start()
    todo = iter(batches)
    try:
        # Two batches per worker in the queue at most, so a put never blocks.
        in_flight = 0
        for batch in islice(todo, 2 * len(workers)):
            tasks.put(batch)
            in_flight += 1
        while in_flight:
            outcome = results.get()
            in_flight -= 1
            if isinstance(outcome, BaseException):
                raise outcome
            for batch in islice(todo, 1):
                tasks.put(batch)
                in_flight += 1
            yield outcome
    finally:
        for worker in workers:
            worker.kill()
        for worker in workers:
            worker.join()
        tasks.close()
        results.close()


# -- Ray ------------------------------------------------------------------------


def _ray_batches(
    spec: SimSpec, batches: list[list[int]], jobs: int, address: str | None
) -> Batches:
    try:
        import ray
    except ImportError:
        raise SimError("the ray backend needs Ray: pip install 'tabletop[ray]'") from None
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": logging.WARNING,
            "configure_logging": False,
        }
        if address is None:
            kwargs["num_cpus"] = max(1, jobs)
        try:
            ray.init(address=address, **kwargs)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise SimError(
                "cannot reach the Ray cluster at {address}: {problem}", address=address, problem=exc
            ) from None
        started = True
    remote = ray.remote(num_cpus=1)(play_games)
    spec_ref = ray.put(spec)
    # A bounded number of batches in flight keeps the driver's memory flat for any run size.
    api: Any = ray  # parts of Ray's API are untyped
    limit = 2 * max(1, int(api.cluster_resources().get("CPU", jobs)))
    todo = iter(batches)
    pending: list[Any] = []
    try:
        while True:
            for batch in todo:
                pending.append(remote.remote(spec_ref, batch))
                if len(pending) >= limit:
                    break
            if not pending:
                break
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                results: list[GameResult] = ray.get(ref)
                yield results
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
