"""The ``tabletop`` command: ``play``, ``replay``, ``list`` and ``--version``.

Commands here only parse arguments, report errors and hand over to
:mod:`tabletop.cli.session` (playing) or to the record and game APIs. Bad input
never shows a traceback: every :class:`~tabletop.TabletopError` becomes one line
on stderr, with exit code 2 for a bad command line and 1 for a bad record.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table as RichTable
from rich.text import Text

import tabletop
from tabletop.bots import bot_catalogue
from tabletop.cli.render import MatchResult, Seating, get_renderer
from tabletop.cli.serve import serve
from tabletop.cli.session import Session
from tabletop.cli.sim import sim
from tabletop.cli.study import study
from tabletop.cli.table import (
    UsageError,
    check_record_path,
    parse_options,
    parse_seats,
    parse_think,
    resume_table,
    set_table,
)
from tabletop.core.compiled import engine
from tabletop.core.errors import TabletopError
from tabletop.core.options import (
    OPTION_GROUP_TITLES,
    OPTION_GROUPS,
    OptionInfo,
    option_catalogue,
    value_text,
)
from tabletop.core.positions import read_position
from tabletop.core.record import GameRecord

EXIT_BAD_RECORD = 1
EXIT_USAGE = 2

app = typer.Typer(
    name="tabletop",
    help="Play, replay and list the Tabletop games in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _console() -> Console:
    # Rich's automatic highlighting would colour stray numbers in game text.
    return Console(highlight=False)


def _fail(message: str, code: int) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"tabletop {tabletop.__version__} ({engine()} engines)")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Tabletop: UNO Power, King of Tokyo and Kung Fu, with bots."""


@app.command()
def play(
    game_id: Annotated[
        str | None,
        typer.Argument(metavar="GAME", help="Game id, e.g. uno-power (not with --resume)."),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help="Comma-separated seats: 'you' for a person here, or a bot name, a search "
            "bot with its thinking time if you like (normal@0.5) "
            "[default: you,random; with --resume: the record's]."
        ),
    ] = None,
    think: Annotated[
        str | None,
        typer.Option(
            metavar="SECONDS",
            help="Let every search bot (easy, normal, hard) think this long per move "
            "instead of its level's fixed amount (at most 60): more search on a faster "
            "machine, but the same --seed no longer replays the same moves.",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the deal and the bots (random if omitted).")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE", help="A game option; repeatable."),
    ] = None,
    prefer: Annotated[
        list[str] | None,
        typer.Option(
            "--prefer",
            "-p",
            metavar="KEY=VALUE",
            help="A preference: a question answered for you (King of Tokyo: "
            "evolutions=matching, leave_tokyo_at=4, ...); repeatable.",
        ),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(help="Save the game record here (at the end, on quit or Ctrl-C)."),
    ] = None,
    delay: Annotated[
        float, typer.Option(min=0.0, help="Seconds to pause after each bot move, to watch.")
    ] = 0.0,
    position: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Start from the situation a position file sets up (docs/positions.md; "
            "not with GAME, --seed or --option).",
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            metavar="RECORD",
            help="Go on with a game saved by 'q' or Ctrl-C (saved again there, unless "
            "--record says otherwise).",
        ),
    ] = None,
) -> None:
    """Play a game at this terminal against bots, or with friends in hot-seat."""
    try:
        preferences = parse_options(prefer or [], what="--prefer")
        seconds = parse_think(think)
        if resume is not None:
            if game_id is not None or seed is not None or option:
                raise UsageError(
                    "--resume goes on with the record's game: give no GAME, --seed or --option"
                )
            record = record or resume
            check_record_path(record)
            chosen = parse_seats(seats) if seats is not None else None
            table = resume_table(GameRecord.load(resume), chosen, preferences, seconds)
        elif position is not None:
            if game_id is not None or seed is not None or option:
                raise UsageError(
                    "the position file names the game and its options: give no GAME, "
                    "--seed or --option"
                )
            check_record_path(record)
            spec = read_position(position)
            state = tabletop.load_position(spec)
            names = seats or ",".join(["you"] + ["random"] * (state.num_players - 1))
            table = set_table(
                state.game.id, parse_seats(names), None, {}, preferences, state, seconds
            )
            table.position = {k: v for k, v in spec.items() if k not in ("game", "options")}
        else:
            if game_id is None:
                raise UsageError("name the GAME to play (tabletop list shows them), or --resume")
            check_record_path(record)
            table = set_table(
                game_id,
                parse_seats(seats if seats is not None else "you,random"),
                seed,
                parse_options(option or []),
                preferences,
                think=seconds,
            )
    except TabletopError as exc:
        _fail(str(exc), EXIT_USAGE)
    console = _console()
    if table.game.notice:
        console.print(Text(f"Notice: {table.game.notice}", style="yellow"))
    session = Session(table, console, get_renderer(table.game.id), record=record, delay=delay)
    raise typer.Exit(session.run())


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A record saved by 'tabletop play'.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the result.")] = False,
) -> None:
    """Re-play a game record, print its public log and verify its result."""
    try:
        record = tabletop.GameRecord.load(file)
        state = record.replay()
    except TabletopError as exc:
        _fail(f"{file}: {exc}", EXIT_BAD_RECORD)
    console = _console()
    renderer = get_renderer(record.game)
    players = [str(p) for p in record.players]
    players += [f"Player {i + 1}" for i in range(len(players), record.num_players)]
    seating = Seating(tuple(players))
    console.rule(f"Replay: {record.game} · seed {record.seed} · {len(record.actions)} actions")
    console.print(f"Seats: {seating.names(range(record.num_players))}")
    if not quiet:
        console.print(renderer.events(state.log_for(None)))
    if not state.is_terminal():
        console.print(f"The game was not finished: {len(record.actions)} actions replayed.")
        return
    result = MatchResult(tuple(state.winners()), tuple(state.returns()))
    console.print(renderer.final(state.view(None), result, seating))
    if record.result is None:
        console.print("The record stores no result, so there is nothing to verify.")
    else:
        console.print(Text("result verified", style="bold green"))


@app.command("list")
def list_command() -> None:
    """List the games with their options, and the bots for each, weakest first."""
    console = _console()
    for game_id in tabletop.list_games():
        try:
            game = tabletop.make(game_id)
        except TabletopError as exc:
            console.print(f"[bold]{game_id}[/]: unavailable ({exc})")
            continue
        info = game.info
        console.print(
            f"[bold]{game_id}[/]  {info.title}, {info.min_players}-{info.max_players} players"
        )
        if game.notice:
            console.print(_indented(Text(f"Notice: {game.notice}", style="yellow"), 2))
        console.print(_options_list(type(game.options)))
        console.print(_bots_list(game_id))
        console.print()


def _indented(renderable: RenderableType, left: int) -> Padding:
    return Padding(renderable, (0, 0, 0, left), expand=False)


def _options_list(options_type: type[Any]) -> Group:
    """The options by group: name and title, description, values with labels, default."""
    catalogue = option_catalogue(options_type)
    parts: list[RenderableType] = [Text("  Options (-o NAME=VALUE):", style="dim")]
    for group in OPTION_GROUPS:
        members = [o for o in catalogue if o.group == group]
        if not members:
            continue
        parts.append(Text(f"  {OPTION_GROUP_TITLES[group]}", style="bold underline"))
        for info in members:
            parts.append(Text.assemble("    ", (info.name, "bold"), f"  {info.title}"))
            if info.description:
                parts.append(_indented(Text(info.description), 6))
            parts.append(_indented(_option_values(info), 6))
    return Group(*parts)


def _option_values(info: OptionInfo) -> RenderableType:
    """What may be typed, the default marked: labelled values as a list, else one line."""
    free = []
    if "int" in info.kind.split("-or-"):
        bounds = f" from {info.min} to {info.max}" if info.min is not None else ""
        free.append(f"a whole number{bounds}")
    if "text" in info.kind.split("-or-"):
        free.append("text")
    labelled = [(v, label) for v, label in info.values if label != value_text(v)]
    if info.values and not labelled and not free:  # on/off without labels
        free.append(" | ".join(value_text(v) for v, _ in info.values))
        labelled = []
    lines: list[RenderableType] = []
    if free:
        shown = info.default_label
        if isinstance(info.default, str) and info.default and shown == info.default:
            shown = repr(shown)  # a text default, quoted: 'box', 'default'
        default = Text.assemble(("default ", "dim"), (shown, "bold"))
        if info.default_label != value_text(info.default):
            default.append(f" ({value_text(info.default)})", style="dim")
        ending = ", or:" if labelled else ""
        lines.append(Text.assemble(f"{', or '.join(free)}; ", default, ending))
    if labelled:
        grid = RichTable.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        for value, label in info.values:
            is_default = value == info.default and type(value) is type(info.default)
            mark = Text(" (default)", style="bold") if is_default else ""
            grid.add_row(
                Text(value_text(value), style="bold" if is_default else ""),
                Text.assemble(label, mark),
            )
        lines.append(grid)
    return Group(*lines)


def _bots_list(game_id: str) -> Group:
    """The bots weakest first, each with its summary; aliases say what they stand for."""
    grid = RichTable.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    catalogue = bot_catalogue(game_id)
    for bot in catalogue:
        grid.add_row(Text(bot.name, style="bold"), bot.summary)
    ladder = " < ".join(bot.name for bot in catalogue if bot.alias_of is None)
    aliases = [f"{bot.name} = {bot.alias_of}" for bot in catalogue if bot.alias_of]
    if aliases:
        ladder += f" ({', '.join(aliases)})"
    title = Text.assemble("  bots: ", (ladder, "bold"))  # weakest first
    return Group(title, _indented(grid, 4))


app.command()(serve)
app.command()(sim)
app.command()(study)

if __name__ == "__main__":
    app()
