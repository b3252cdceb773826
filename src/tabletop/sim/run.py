"""Running a simulation: the backend plays, the run folder keeps, Ctrl-C stops cleanly."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, replace

from tabletop.sim.backends import Backend, run_batches
from tabletop.sim.play import GameResult
from tabletop.sim.spec import SimSpec
from tabletop.sim.store import RunFolder


@dataclass(frozen=True, slots=True)
class RunOutcome:
    """The games finished so far, by index, and whether Ctrl-C cut the run short."""

    spec: SimSpec
    results: list[GameResult]
    interrupted: bool = False

    @property
    def complete(self) -> bool:
        return len(self.results) == self.spec.games


def run_simulation(
    spec: SimSpec,
    *,
    jobs: int = 1,
    backend: Backend = "process",
    address: str | None = None,
    folder: RunFolder | None = None,
    done: Sequence[GameResult] = (),
    on_batch: Callable[[int], None] | None = None,
) -> RunOutcome:
    """Play the games of ``spec`` not in ``done``; return all finished games by index.

    Each finished batch is appended to ``folder`` (if any) before ``on_batch``
    is told how many games are done. A ``KeyboardInterrupt`` (Ctrl-C, or raised by
    ``on_batch``) stops the workers and returns what finished with
    ``interrupted=True``; ``--resume`` continues from there.

    >>> spec = SimSpec("kung-fu", ("heuristic", "random"), games=4, seed=1)
    >>> outcome = run_simulation(spec)
    >>> outcome.complete, [r.index for r in outcome.results]
    (True, [0, 1, 2, 3])
    """
    spec.validate()
    results = {r.index: r for r in done}
    todo = [i for i in range(spec.games) if i not in results]
    interrupted = False
    try:
        if todo:
            batches = run_batches(spec, todo, jobs=jobs, backend=backend, address=address)
            with closing(batches):
                for batch in batches:
                    if folder is not None:
                        folder.append(batch)
                    for r in batch:
                        # Once on disk, a record need not stay in memory too.
                        results[r.index] = r if folder is None else replace(r, record=None)
                    if on_batch is not None:
                        on_batch(len(results))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if folder is not None:
            folder.close()
    ordered = [results[i] for i in sorted(results)]
    return RunOutcome(spec, ordered, interrupted)
