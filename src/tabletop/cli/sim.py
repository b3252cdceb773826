"""``tabletop sim``: bot tournaments in parallel, with statistics and reports.

This module only parses arguments, shows progress and hands over to
:mod:`tabletop.sim`. Mistakes on the command line become one ``error:`` line
and exit code 2; Ctrl-C (or a SIGTERM) keeps every finished game, writes the reports
of what finished and exits with 130, and ``--resume DIR`` continues the run.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn, cast

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
)
from rich.text import Text

from tabletop.cli.language import tr
from tabletop.cli.signals import terminate_as_interrupt
from tabletop.cli.table import parse_options, parse_seats, parse_think, with_think
from tabletop.core.errors import TabletopError
from tabletop.core.positions import read_position
from tabletop.sim.backends import Backend, check_backend
from tabletop.sim.errors import SimError
from tabletop.sim.run import RunOutcome, run_simulation
from tabletop.sim.spec import SimSpec, canonical_position
from tabletop.sim.store import RunFolder

EXIT_BAD_RECORD = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
DEFAULT_SEATS = "random,random"
DEFAULT_GAMES = 1000
DEFAULT_SEED = 1


JobsOption = Annotated[
    int | None,
    typer.Option(
        min=1, help=tr().gettext("Worker processes (Ray: local CPUs) (default: all cores).")
    ),
]
BackendOption = Annotated[
    str, typer.Option(help=tr().gettext("Where to play: process (this machine) or ray."))
]
AddressOption = Annotated[
    str | None,
    typer.Option(help=tr().gettext("Ray cluster address (default: a local Ray instance).")),
]


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """One ``error:`` line on stderr, then exit with ``code`` (no traceback)."""
    typer.echo(tr().gettext("error: {message}", message=message), err=True)
    raise typer.Exit(code)


def check_at(at: int, actions: int) -> None:
    """End the command (usage) when a record of ``actions`` actions has no moment ``at``."""
    if at > actions:
        fail(
            tr().ngettext(
                "the record has only {n} action", "the record has only {n} actions", actions
            ),
            EXIT_USAGE,
        )


def games_task(bar: Progress, description: str, total: int, done: int) -> Callable[[int], None]:
    """A bar for a run of ``total`` games, ``done`` of them played before, and the
    ``on_batch`` callback that moves it on (the rate counts only the games played now)."""
    task = bar.add_task(description, total=total, completed=done, first=done)
    return lambda count: bar.update(task, completed=count)


def _rate(task: Task) -> float | None:
    """Games per second since the bar's start (see :func:`games_task`), until it filled.

    An average over the whole run rather than rich's recent samples: batches
    finish in bursts, which make short-window rates jump.
    """
    played = task.completed - task.fields["first"]
    elapsed = task.finished_time if task.finished else task.elapsed
    return played / elapsed if played > 0 and elapsed else None


class RateColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        rate = _rate(task)
        if rate is None:
            return Text("", style="cyan")
        shown = round(rate) if rate >= 10 else round(rate, 1)  # a search bot's 0.4, not 0
        return Text(tr().gettext("{rate} games/s", rate=shown), style="cyan")


class LeftColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        rate = _rate(task)
        if rate is None or task.total is None:
            return Text("-:--:--", style="cyan")
        seconds = int((task.total - task.completed) / rate)
        time = f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
        return Text(tr().gettext("{time} left", time=time), style="cyan")


def progress_bar(show: bool) -> Progress:
    """The progress bars of ``sim`` and ``study`` on stderr: each run's games, their
    rate and the time left (hidden with ``show=False``)."""
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        LeftColumn(),
    )
    return Progress(*columns, console=Console(stderr=True), disable=not show)


def sim(
    game_id: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME", help=tr().gettext("Game id, e.g. uno-power (omit with --resume).")
        ),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help=tr().gettext(
                "Comma-separated bot names, one per seat; a search bot may carry its "
                "thinking time per move, normal@0.25 (default: {seats}).",
                seats=DEFAULT_SEATS,
            )
        ),
    ] = None,
    think: Annotated[
        str | None,
        typer.Option(
            metavar="SECONDS",
            help=tr().gettext(
                "Let every search bot without its own time (normal, not normal@1) think "
                "this long per move (at most 60): the results then depend on the machine's "
                "speed and --seed no longer reproduces them."
            ),
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            min=1,
            help=tr().gettext("Games to play (default: {games}).", games=str(DEFAULT_GAMES)),
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            help=tr().gettext("Seed of the whole run (default: {seed}).", seed=str(DEFAULT_SEED))
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", "-o", metavar="KEY=VALUE", help=tr().gettext("A game option; repeatable.")
        ),
    ] = None,
    jobs: JobsOption = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help=tr().gettext(
                "Run folder for results and reports (default: tabletop-sim-GAME-SEED)."
            )
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(metavar="DIR", help=tr().gettext("Continue the interrupted run in DIR.")),
    ] = None,
    position: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help=tr().gettext(
                "Start every game from this position file (docs/positions.md), each with "
                "its own seed; the file names the game and options."
            ),
        ),
    ] = None,
    backend: BackendOption = "process",
    address: AddressOption = None,
    record_games: Annotated[
        bool,
        typer.Option("--record-games", help=tr().gettext("Keep every game's record, for replay.")),
    ] = False,
    game_stats: Annotated[
        bool,
        typer.Option(
            "--game-stats/--no-game-stats",
            help=tr().gettext("Collect the game's own statistics (plays with the log on; slower)."),
        ),
    ] = True,
    progress: Annotated[
        bool,
        typer.Option("--progress/--no-progress", help=tr().gettext("Show the progress bar.")),
    ] = True,
) -> None:
    """Play bot tournaments in parallel and report win rates, ratings and statistics.

    Seats rotate so that every bot plays every seat equally often, and the
    results depend only on the settings and --seed, never on --jobs or --backend.
    """
    try:
        from tabletop.sim.summary import require_extra

        require_extra()
        check_backend(backend, address)
        if resume is not None:
            given = {
                "GAME": game_id,
                "--seats": seats,
                "--think": think,
                "--games": games,
                "--seed": seed,
                "--option": option or None,
                "--position": position,
                "--out": out,
                "--record-games": record_games or None,
                "--no-game-stats": None if game_stats else True,
            }
            extra = [name for name, value in given.items() if value is not None]
            if extra:
                raise SimError(
                    "--resume continues a run with its own settings ({path}/run.json); "
                    "drop {options}",
                    path=resume,
                    options=", ".join(extra),
                )
            folder = RunFolder.open(resume)
            spec = folder.spec
            spec.validate()
        else:
            options: dict[str, Any] = dict(parse_options(option or []))
            fields: dict[str, Any] | None = None
            if position is not None:
                if game_id is not None or option:
                    raise SimError(
                        "the position file names the game and its options: give no GAME or --option"
                    )
                fields = read_position(position)
                game_id = str(fields.pop("game", ""))
                given = fields.pop("options", {})
                if not isinstance(given, dict):
                    raise SimError("the position file's options must be a table of option = value")
                options = given
            if not game_id:
                raise SimError("give a GAME (e.g. uno-power), or --resume DIR")
            spec = SimSpec(
                game=game_id,
                bots=with_think(parse_seats(seats or DEFAULT_SEATS), game_id, parse_think(think)),
                games=DEFAULT_GAMES if games is None else games,
                seed=DEFAULT_SEED if seed is None else seed,
                options=tuple(options.items()),
                record_games=record_games,
                game_stats=game_stats,
                position=canonical_position(fields),
            )
            spec.validate()
            folder = RunFolder.create(out or Path(f"tabletop-sim-{spec.game}-{spec.seed}"), spec)
    except TabletopError as exc:
        fail(exc.text(tr()))
    workers = jobs if jobs is not None else os.cpu_count() or 1
    with terminate_as_interrupt():
        outcome = _run(spec, folder, workers, cast(Backend, backend), address, progress)
        _report(folder, outcome)


def _run(
    spec: SimSpec,
    folder: RunFolder,
    jobs: int,
    backend: Backend,
    address: str | None,
    show: bool,
) -> RunOutcome:
    with progress_bar(show) as bar:
        on_batch = games_task(bar, spec.game, spec.games, len(folder))
        try:
            return run_simulation(
                spec,
                jobs=jobs,
                backend=backend,
                address=address,
                folder=folder,
                keep_results=False,
                on_batch=on_batch,
            )
        except TabletopError as exc:
            fail(exc.text(tr()))


def _report(folder: RunFolder, outcome: RunOutcome) -> None:
    """Summarise every finished game, write the reports, print the tables."""
    from tabletop.sim.report import write_reports
    from tabletop.sim.terminal import terminal_report

    spec = outcome.spec
    again = f"tabletop sim --resume {folder.path}"
    try:
        summary, paths = write_reports(folder.path, spec, folder.results(), tr())
    except KeyboardInterrupt:
        typer.echo(
            tr().gettext(
                "interrupted while writing the reports; the games are kept: {command}",
                command=again,
            ),
            err=True,
        )
        raise typer.Exit(EXIT_INTERRUPTED) from None
    console = Console(highlight=False)
    console.print(terminal_report(summary, tr()))
    console.print(
        tr().gettext(
            "Results in {folder}/: {files}",
            folder=str(folder.path),
            files=", ".join(p.name for p in paths),
        )
    )
    if outcome.interrupted:
        typer.echo(
            tr().gettext(
                "interrupted after {done} of {total} games; continue with: {command}",
                done=str(outcome.games_done),
                total=str(spec.games),
                command=again,
            ),
            err=True,
        )
        raise typer.Exit(EXIT_INTERRUPTED)
