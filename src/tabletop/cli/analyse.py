"""``tabletop analyse``: a game record looked at again by the hint engine.

``--at N`` shows the decision after the record's first ``N`` actions, from the seat
that had to decide, with every legal move best first: its win chance, a 95% interval
and the reason. ``--plot FILE`` judges every decision of the game in turn (a progress
bar; Ctrl-C keeps what was judged), draws each seat's win chance by move and lists
the moves that gave up the most. Each search sees only what its seat knew then.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, JustifyMethod
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table
from rich.text import Text

import tabletop
from tabletop.bots.analysis import Hint, Moment, analyse, review
from tabletop.cli.language import tr
from tabletop.cli.render import Seating, get_renderer
from tabletop.cli.render.base import plain_console
from tabletop.cli.sim import EXIT_BAD_RECORD, EXIT_INTERRUPTED, EXIT_USAGE, check_at, fail
from tabletop.core.errors import TabletopError
from tabletop.core.game import State
from tabletop.i18n.reader import Reader

COSTLIEST = 5
"""How many of the moves that gave up the most win chance ``--plot`` lists."""


def analyse_command(
    file: Annotated[Path, typer.Argument(help=tr().gettext("A record saved by 'tabletop play'."))],
    at: Annotated[
        int | None,
        typer.Option(
            "--at",
            min=0,
            help=tr().gettext("Show the decision after this many actions, with every move ranked."),
        ),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            help=tr().gettext("Judge every decision and draw each seat's win chance (PNG).")
        ),
    ] = None,
    iterations: Annotated[
        int | None,
        typer.Option(
            min=1,
            help=tr().gettext("Searches per decision (default: 400 with --at, 100 with --plot)."),
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help=tr().gettext("Seed of the searches."))] = 1,
) -> None:
    """Rank the moves of one decision of a recorded game, or judge all of them."""
    reader = tr()
    if at is None and plot is None:
        fail(reader.gettext("say what to analyse: --at N, --plot FILE, or both"), EXIT_USAGE)
    try:
        record = tabletop.GameRecord.load(file)
        record.replay(log=False)  # every action legal, the result as stored
        start = record.start()
    except TabletopError as exc:
        fail(f"{file}: {exc.text(reader)}", EXIT_BAD_RECORD)
    seating = Seating.of_record(record.players, record.num_players)
    console = plain_console()
    if at is not None:
        check_at(at, len(record.actions))
        state = _after(start, record.actions, at)
        if state.is_terminal():
            fail(
                reader.gettext("the game is over after {n} actions: no decision is left", n=at),
                EXIT_USAGE,
            )
        played = record.actions[at] if at < len(record.actions) else None
        _show_decision(console, reader, record.game, seating, state, at, played, iterations, seed)
    if plot is not None:
        moments, interrupted = _judge_line(record.actions, start, iterations or 100, seed, reader)
        _write_plot(
            plot, moments, seating, record.num_players, f"{record.game} · seed {record.seed}"
        )
        console.print(reader.gettext("win chances written to {path}", path=str(plot)))
        _show_costliest(console, reader, seating, moments, start, record.actions)
        if interrupted:
            raise typer.Exit(EXIT_INTERRUPTED)


def _show_decision(
    console: Console,
    reader: Reader,
    game_id: str,
    seating: Seating,
    state: State,
    at: int,
    played: int | None,
    iterations: int | None,
    seed: int,
) -> None:
    """The moment after ``at`` actions from the deciding seat's view, and its moves."""
    player = state.current_player
    renderer = get_renderer(game_id)
    view = state.view(player)
    console.rule(
        reader.gettext(
            "Analysis: {game} after {n} actions · {player} to decide",
            game=game_id,
            n=at,
            player=seating.name(player),
        )
    )
    console.print(renderer.board(view, player, seating))
    hints = analyse(state, player, iterations=iterations or 400, seed=seed, reader=reader)
    table = Table(title=reader.gettext("Moves, advised first"), title_justify="left")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("#", "right"),
        (reader.gettext("Move"), "left"),
        (reader.gettext("Win chance"), "right"),
        (reader.gettext("95% interval"), "right"),
        (reader.gettext("Searches"), "right"),
        (reader.gettext("Reason"), "left"),
    )
    for title, justify in columns:
        table.add_column(title, justify=justify)
    for rank, hint in enumerate(hints, 1):
        label = renderer.choice_label(hint.action, view, state)
        if hint.action.id == played:
            label = Text.assemble(label, " ", (reader.gettext("(played)"), "bold"))
        table.add_row(
            str(rank), label, _percent(hint.win_probability), _interval(hint), str(hint.visits),
            hint.reason or "",
        )  # fmt: skip
    console.print(table)


def _after(start: State, actions: list[int], n: int) -> State:
    """The state after the first ``n`` of ``actions`` from ``start`` (left unchanged)."""
    state = start.clone()
    for action_id in actions[:n]:
        state.apply(action_id)
    return state


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%"


def _interval(hint: Hint) -> str:
    low, high = hint.interval()
    return f"{_percent(low)}-{_percent(high)}"


def _judge_line(
    actions: list[int], start: State, iterations: int, seed: int, reader: Reader
) -> tuple[list[Moment], bool]:
    """Every decision of the game, judged with a progress bar on stderr; whether
    Ctrl-C stopped it early."""
    moments: list[Moment] = []
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=Console(stderr=True)) as bar:
        task = bar.add_task(reader.gettext("judging the moves"), total=len(actions))
        try:
            for moment in review(start, actions, iterations=iterations, seed=seed, reader=reader):
                moments.append(moment)
                bar.update(task, completed=moment.step + 1)
        except KeyboardInterrupt:
            return moments, True
        bar.update(task, completed=len(actions))
    return moments, False


def _write_plot(
    path: Path, moments: list[Moment], seating: Seating, num_players: int, title: str
) -> None:
    """Each seat's win chance at its own decisions, by the number of actions played."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        fail(tr().gettext("the plot needs matplotlib: pip install 'tabletop[sim]'"), EXIT_USAGE)
    figure, axes = plt.subplots(figsize=(8, 4), dpi=100)
    for seat in range(num_players):
        points = [(m.step, m.played.win_probability) for m in moments if m.player == seat]
        if points:
            xs, ys = zip(*points, strict=True)
            axes.step(xs, ys, where="post", marker=".", label=seating.name(seat))
    axes.set_ylim(0, 1)
    axes.set_xlabel(tr().gettext("actions played"))
    axes.set_ylabel(tr().gettext("win chance of the move played"))
    axes.set_title(title)
    axes.grid(alpha=0.3)
    axes.legend(loc="best")
    figure.tight_layout()
    try:
        figure.savefig(path)
    except OSError as exc:
        fail(f"{path}: {exc.strerror}", EXIT_USAGE)
    finally:
        plt.close(figure)


def _show_costliest(
    console: Console,
    reader: Reader,
    seating: Seating,
    moments: list[Moment],
    start: State,
    actions: list[int],
) -> None:
    """The moves that gave up the most win chance against the advice, worst first."""
    costly = sorted((m for m in moments if m.cost > 0), key=lambda m: (-m.cost, m.step))
    if not costly:
        console.print(reader.gettext("No move gave up win chance against the advice."))
        return
    table = Table(title=reader.gettext("Costliest moves"), title_justify="left")
    for title in (
        reader.gettext("After"),
        reader.gettext("Player"),
        reader.gettext("Played"),
        reader.gettext("Advised"),
        reader.gettext("Cost"),
    ):
        table.add_column(title)
    game_id = start.game.id
    renderer = get_renderer(game_id)
    for moment in costly[:COSTLIEST]:
        state = _after(start, actions, moment.step)
        view = state.view(moment.player)
        table.add_row(
            str(moment.step),
            seating.name(moment.player),
            Text.assemble(
                renderer.choice_label(moment.played.action, view, state),
                f" ({_percent(moment.played.win_probability)})",
            ),
            Text.assemble(
                renderer.choice_label(moment.best.action, view, state),
                f" ({_percent(moment.best.win_probability)})",
            ),
            _percent(moment.cost),
        )
    console.print(table)
