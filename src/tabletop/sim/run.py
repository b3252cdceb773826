"""Running a simulation: the backend plays, the run folder keeps, Ctrl-C stops cleanly."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field, replace

from tabletop.sim.backends import Backend, run_batches
from tabletop.sim.play import GameResult
from tabletop.sim.spec import SimSpec
from tabletop.sim.store import RunFolder


@dataclass(frozen=True, slots=True)
class RunOutcome:
    """How far the run got, whether Ctrl-C cut it short, and (if kept) its games by index."""

    spec: SimSpec
    games_done: int
    interrupted: bool = False
    results: list[GameResult] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return self.games_done == self.spec.games


def run_simulation(
    spec: SimSpec,
    *,
    jobs: int = 1,
    backend: Backend = "process",
    address: str | None = None,
    folder: RunFolder | None = None,
    on_batch: Callable[[int], None] | None = None,
    keep_results: bool = True,
) -> RunOutcome:
    """Play the games of ``spec`` that ``folder`` (if any) does not hold yet.

    Each finished batch is appended to ``folder`` before ``on_batch`` is told how
    many games are done. A ``KeyboardInterrupt`` (Ctrl-C, or raised by
    ``on_batch``) stops the workers and returns what finished with
    ``interrupted=True``; running again with the same folder continues.
    ``keep_results=False`` keeps no games in memory (read them back with
    ``folder.results()``), for runs of any size.

    >>> spec = SimSpec("kung-fu", ("heuristic", "random"), games=4, seed=1)
    >>> outcome = run_simulation(spec)
    >>> outcome.complete, [r.index for r in outcome.results]
    (True, [0, 1, 2, 3])
    """
    spec.validate()
    done = folder.done() if folder is not None else frozenset()
    todo = [i for i in range(spec.games) if i not in done]
    kept: dict[int, GameResult] = {}
    if keep_results and folder is not None:
        kept = {r.index: r for r in folder.results()}
    count = len(done)
    interrupted = False
    try:
        if todo:
            batches = run_batches(spec, todo, jobs=jobs, backend=backend, address=address)
            with closing(batches):
                for batch in batches:
                    if folder is not None:
                        folder.append(batch)
                    count += len(batch)
                    if keep_results:
                        for r in batch:
                            # Once on disk, a record need not stay in memory too.
                            kept[r.index] = r if folder is None else replace(r, record=None)
                    if on_batch is not None:
                        on_batch(count)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if folder is not None:
            folder.close()
    results = [kept[i] for i in sorted(kept)]
    return RunOutcome(spec, count, interrupted, results)
