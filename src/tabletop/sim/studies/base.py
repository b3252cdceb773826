"""What a study is, how it runs, and the page it writes."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tabletop.sim.backends import Backend
from tabletop.sim.errors import SimError
from tabletop.sim.run import RunOutcome, run_simulation
from tabletop.sim.spec import SimSpec
from tabletop.sim.store import RUN_FILE, RunFolder

PAGE_FILE = "study.md"
TIMING_FILE = "timing.json"


@dataclass(frozen=True, slots=True)
class StudyRun:
    """One run of a study, kept in its own run folder ``key``."""

    key: str
    title: str
    spec: SimSpec


@dataclass(frozen=True, slots=True)
class Study:
    """A question, the runs that answer it, and how to show the answer.

    ``runs(games, seed)`` builds the runs (``games``: replicates of an experiment,
    games of a tournament); ``table(results)`` makes the page's Markdown table from
    each run's summary and ``plots(results, folder)`` writes its PNG plots there.
    """

    name: str
    title: str
    question: str
    method: str
    caveats: str
    default_games: int
    runs: Callable[[int, int], list[StudyRun]]
    table: Callable[[Sequence[tuple[StudyRun, dict[str, Any]]]], str]
    plots: Callable[[Sequence[tuple[StudyRun, dict[str, Any]]], Path], list[Path]]


@dataclass(frozen=True, slots=True)
class RunTiming:
    """How many of a run's games were played, and in how long, summed over the
    invocations that played them (a study continued after Ctrl-C counts both parts)."""

    games: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def __add__(self, other: RunTiming) -> RunTiming:
        return RunTiming(self.games + other.games, self.seconds + other.seconds)


def open_or_create(path: Path, spec: SimSpec) -> RunFolder:
    """The run folder for ``spec`` at ``path``: continued if it holds this run (grown
    if ``spec`` plans more games), created if empty; another run there is an error,
    not overwritten."""
    if (path / RUN_FILE).exists():
        folder = RunFolder.open(path)
        held = folder.spec
        if replace(held, games=spec.games) != spec or spec.games < held.games:
            raise SimError(
                "{path} holds a run with other settings or more games; give the study "
                "another --out, or the settings it was started with (more games extend it)",
                path=path,
            )
        if spec.games > held.games:
            folder.grow(spec.games)
        return folder
    path.parent.mkdir(parents=True, exist_ok=True)
    return RunFolder.create(path, spec)


def run_study(
    study: Study,
    out: Path,
    *,
    games: int | None = None,
    seed: int = 1,
    jobs: int = 1,
    backend: Backend = "process",
    address: str | None = None,
    command: str = "",
    on_run: Callable[[StudyRun], Callable[[int], None] | None] | None = None,
) -> tuple[list[RunOutcome], Path]:
    """Play every run of ``study`` into ``out`` (continuing what is there), then write
    the study's page; return the outcomes and the page's path.

    ``on_run(run)`` may return the ``on_batch`` callback of that run (a progress bar).
    A ``KeyboardInterrupt`` stops at the end of the run in hand, its games kept.
    """
    from tabletop.sim.report import write_reports

    runs = study.runs(games or study.default_games, seed)
    outcomes: list[RunOutcome] = []
    summaries: list[tuple[StudyRun, dict[str, Any]]] = []
    timings = _load_timings(out)
    for run in runs:
        run.spec.validate()
    for run in runs:
        folder = open_or_create(out / run.key, run.spec)
        before = len(folder)
        started = time.perf_counter()
        outcome = run_simulation(
            run.spec,
            jobs=jobs,
            backend=backend,
            address=address,
            folder=folder,
            keep_results=False,
            on_batch=on_run(run) if on_run is not None else None,
        )
        played = RunTiming(outcome.games_done - before, time.perf_counter() - started)
        if played.games:
            timings[run.key] = timings.get(run.key, RunTiming(0, 0.0)) + played
        outcomes.append(outcome)
        summary, _ = write_reports(folder.path, run.spec, folder.results())
        summaries.append((run, summary))
        if outcome.interrupted:
            break
    _save_timings(out, timings)
    page = out / PAGE_FILE
    text = render_page(study, summaries, out, command, timings, planned=len(runs))
    page.write_text(text, encoding="utf-8")
    return outcomes, page


def _load_timings(out: Path) -> dict[str, RunTiming]:
    """What earlier invocations of the study in ``out`` played, and how long it took."""
    try:
        data = json.loads((out / TIMING_FILE).read_text(encoding="utf-8"))
        return {k: RunTiming(int(t["games"]), float(t["seconds"])) for k, t in data.items()}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise SimError(
            "{path} is damaged: {problem}", path=out / TIMING_FILE, problem=repr(exc)
        ) from None


def _save_timings(out: Path, timings: dict[str, RunTiming]) -> None:
    path = out / TIMING_FILE
    data = {k: {"games": t.games, "seconds": round(t.seconds, 1)} for k, t in timings.items()}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def render_page(
    study: Study,
    summaries: Sequence[tuple[StudyRun, dict[str, Any]]],
    out: Path,
    command: str,
    timings: dict[str, RunTiming],
    planned: int,
) -> str:
    """The study's Markdown page, its plots written beside it."""
    plots = study.plots(summaries, out)
    lines = [f"# {study.title}", "", study.question, "", "## Method", "", study.method, ""]
    lines += ["```sh", command or f"tabletop study {study.name}", "```", ""]
    lines += ["## Results", "", study.table(summaries), ""]
    lines += [f"![{p.stem}]({p.name})" for p in plots]
    complete = len(summaries) == planned and all(s["complete"] for _, s in summaries)
    if not complete:
        lines += ["", "**The study was interrupted: the figures cover what finished.**"]
    lines += ["", "## What the figures do not say", "", study.caveats, ""]
    lines += ["## The runs", ""]
    lines += ["| run | games | games/s | wall time |", "|---|---:|---:|---:|"]
    for run, summary in summaries:
        timing = timings.get(run.key, RunTiming(0, 0.0))
        rate = f"{timing.rate:,.0f}" if timing.rate >= 10 else f"{timing.rate:.2f}"
        lines.append(
            f"| {run.title} | {summary['games_played']:,} | {rate} | {_duration(timing.seconds)} |"
        )
    return "\n".join(lines) + "\n"


def _duration(seconds: float) -> str:
    """``"1 h 02 min"``, ``"3 min 05 s"``, ``"12 s"``."""
    s = round(seconds)
    if s >= 3600:
        return f"{s // 3600} h {s // 60 % 60:02d} min"
    if s >= 60:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s} s"
