"""``tabletop study``: run one of the lab's studies and write its page.

The same command given again with the same ``--out`` continues an interrupted study;
mistakes become one ``error:`` line and exit code 2, Ctrl-C (or a SIGTERM) keeps the
games played and exits with 130.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer
from rich.console import Console

from tabletop.cli.language import tr
from tabletop.cli.signals import terminate_as_interrupt
from tabletop.cli.sim import (
    EXIT_INTERRUPTED,
    AddressOption,
    BackendOption,
    JobsOption,
    fail,
    games_task,
    progress_bar,
)
from tabletop.core.errors import TabletopError
from tabletop.sim.backends import Backend, check_backend

if TYPE_CHECKING:
    from tabletop.sim.studies.base import StudyRun


def study(
    name: Annotated[
        str | None,
        typer.Argument(metavar="STUDY", help=tr().gettext("The study to run (see --list).")),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            min=1,
            help=tr().gettext(
                "Replicates of an experiment (each plays every arm), or games per "
                "tournament (default: the study's)."
            ),
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help=tr().gettext("Seed of the whole study."))] = 1,
    jobs: JobsOption = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help=tr().gettext(
                "The study's folder (default: tabletop-study-STUDY); given again, "
                "the study continues."
            )
        ),
    ] = None,
    backend: BackendOption = "process",
    address: AddressOption = None,
    list_studies: Annotated[
        bool, typer.Option("--list", help=tr().gettext("List the studies and exit."))
    ] = False,
    progress: Annotated[
        bool,
        typer.Option("--progress/--no-progress", help=tr().gettext("Show the progress bars.")),
    ] = True,
) -> None:
    """Answer one of the questions players ask with paired experiments or tournaments
    of bots, and write the answer as a page (study.md) with its table and plots."""
    from tabletop.sim.studies import STUDIES
    from tabletop.sim.summary import require_extra

    if list_studies:
        for study_name, entry in sorted(STUDIES.items()):
            typer.echo(f"{study_name:20} {entry.title}")
        return
    try:
        require_extra()
        check_backend(backend, address)
        if name is None:
            raise TabletopError("give a STUDY; tabletop study --list shows them")
        chosen = STUDIES.get(name)
        if chosen is None:
            raise TabletopError(
                "unknown study {name!r}; known: {known}",
                name=name,
                known=", ".join(sorted(STUDIES)),
            )
    except TabletopError as exc:
        fail(exc.text(tr()))
    command = f"tabletop study {name}"
    if games is not None:
        command += f" --games {games}"
    if seed != 1:
        command += f" --seed {seed}"
    folder = out or Path(f"tabletop-study-{name}")
    try:
        held = _games_held(folder, chosen.runs(games or chosen.default_games, seed))
    except TabletopError as exc:
        fail(exc.text(tr()))
    from tabletop.sim.studies.base import run_study

    with terminate_as_interrupt(), progress_bar(progress) as bar:

        def on_run(run: StudyRun) -> Callable[[int], None]:
            return games_task(bar, run.title, run.spec.games, held[run.key])

        try:
            outcomes, page = run_study(
                chosen,
                folder,
                games=games,
                seed=seed,
                jobs=jobs or os.cpu_count() or 1,
                backend=cast(Backend, backend),
                address=address,
                command=command,
                on_run=on_run,
            )
        except TabletopError as exc:
            fail(exc.text(tr()))
    Console(highlight=False).print(tr().gettext("The study's page: {page}", page=str(page)))
    if any(o.interrupted for o in outcomes):
        typer.echo(
            tr().gettext(
                "interrupted; continue with: {command}", command=f"{command} --out {folder}"
            ),
            err=True,
        )
        raise typer.Exit(EXIT_INTERRUPTED)


def _games_held(folder: Path, runs: list[StudyRun]) -> dict[str, int]:
    """The games each run of a study continued in ``folder`` holds already, by run key:
    where its progress bar starts, so that its rate counts only the games played now."""
    from tabletop.sim.store import RUN_FILE, RunFolder

    return {
        run.key: len(RunFolder.open(folder / run.key))
        if (folder / run.key / RUN_FILE).exists()
        else 0
        for run in runs
    }
