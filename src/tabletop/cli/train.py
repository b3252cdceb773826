"""``tabletop train``: make a learned bot's network by self-play.

This module only parses arguments, shows progress and hands over to
:mod:`tabletop.train`. Mistakes become one ``error:`` line and exit code 2; Ctrl-C
keeps every finished round (each is checkpointed) and exits with 130, and
``--resume`` goes on from there. A SIGTERM (``kill``, a scheduler stopping the job)
does the same: without it the command would die at once and leave its actor
processes playing the round on.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from tabletop.cli.language import tr
from tabletop.cli.signals import terminate_as_interrupt
from tabletop.cli.sim import EXIT_INTERRUPTED, fail
from tabletop.core.errors import TabletopError

if TYPE_CHECKING:
    from tabletop.train import Progress as Round


def train(
    game: Annotated[str, typer.Argument(metavar="GAME", help=tr().gettext("The game's id."))],
    rounds: Annotated[
        int | None,
        typer.Option(min=1, help=tr().gettext("Rounds of self-play (default: the recipe's).")),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(min=0, help=tr().gettext("Seed (default: the recipe's)."))
    ] = None,
    actors: Annotated[
        int | None,
        typer.Option(
            min=1,
            help=tr().gettext(
                "Self-play processes (default: the recipe's); part of what decides the model."
            ),
        ),
    ] = None,
    episodes: Annotated[
        int | None,
        typer.Option(min=1, help=tr().gettext("Self-play games a round (default: the recipe's).")),
    ] = None,
    eval_games: Annotated[
        int | None,
        typer.Option(
            min=1,
            help=tr().gettext("Games against each bot at each evaluation (default: the recipe's)."),
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help=tr().gettext("The run's folder (default: tabletop-train-GAME).")),
    ] = None,
    resume: Annotated[
        bool, typer.Option(help=tr().gettext("Go on with the run in --out from its checkpoint."))
    ] = False,
    ray: Annotated[
        str | None,
        typer.Option(help=tr().gettext("Run the actors on the Ray cluster at this address.")),
    ] = None,
) -> None:
    """Train the network of GAME's learned bot by self-play, as the package's was made.

    The run's folder gets model.npz (the network), curve.png (win rates against the
    ladder's bots by round), record.json and checkpoint.pt (for --resume).
    """
    try:
        from tabletop.train import TrainConfig
        from tabletop.train import train as run_training
        from tabletop.train.recipes import recipe
    except ImportError as exc:
        fail(
            tr().gettext(
                "training needs torch: pip install 'tabletop[train]' ({problem})", problem=exc
            )
        )
    try:
        config: TrainConfig = recipe(game)
    except TabletopError as exc:
        fail(str(exc))
    changes: dict[str, Any] = {
        "rounds": rounds,
        "seed": seed,
        "actors": actors,
        "episodes_per_round": episodes,
        "eval_games": eval_games,
    }
    config = replace(config, **{k: v for k, v in changes.items() if v is not None})
    folder = out or Path(f"tabletop-train-{game}")
    console = Console(stderr=True)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.fields[scores]}"),
    )
    with Progress(*columns, console=console, disable=not console.is_terminal) as bar:
        task = bar.add_task(tr().gettext("rounds"), total=config.rounds, scores="")

        def on_round(progress: Round) -> None:
            scores = "  ".join(f"{s.opponent} {s.rate:.2f}" for s in progress.scores)
            if scores:
                bar.update(task, scores=scores)
            bar.update(task, completed=progress.round)
            if not console.is_terminal and progress.scores:
                console.print(
                    tr().gettext(
                        "round {round} of {rounds}: {scores}",
                        round=progress.round,
                        rounds=progress.rounds,
                        scores=scores,
                    )
                )

        try:
            with terminate_as_interrupt():
                run_training(
                    config,
                    folder,
                    resume=resume,
                    ray_address=ray,
                    on_round=on_round,
                    command=["tabletop", *sys.argv[1:]],
                )
        except TabletopError as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            console.print(
                tr().gettext(
                    "interrupted: every finished round is kept; go on with --resume --out {folder}",
                    folder=str(folder),
                )
            )
            raise typer.Exit(EXIT_INTERRUPTED) from None
    typer.echo(
        tr().gettext(
            "model written to {path} (curve.png and record.json beside it)",
            path=str(folder / "model.npz"),
        )
    )
