"""The ``tabletop`` command: ``play``, ``replay``, ``list`` and ``--version`` (and the
commands of their own modules: ``analyse``, ``db``, ``serve``, ``sim``, ``study``, ``train``).

Commands here only parse arguments, report errors and hand over to
:mod:`tabletop.cli.session` (playing) or to the record and game APIs. Bad input
never shows a traceback: every :class:`~tabletop.TabletopError` becomes one line
on stderr, with exit code 2 for a bad command line and 1 for a bad record.

The screens speak the language of ``--lang`` (``en``, ``de``, ``it``), else of the
locale (:mod:`tabletop.cli.language`). The ``--help`` texts follow the locale only:
Typer reads them when this module is imported, before ``--lang`` is parsed, so each is
``tr().gettext(...)`` evaluated at import, in the locale's language.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table as RichTable
from rich.text import Text

import tabletop
from tabletop.bots import bot_catalogue
from tabletop.cli.analyse import analyse_command
from tabletop.cli.db import db_app
from tabletop.cli.language import tr, use
from tabletop.cli.position import position_app
from tabletop.cli.render import MatchResult, Seating, get_renderer
from tabletop.cli.render.base import N_, plain_console, styled
from tabletop.cli.serve import serve
from tabletop.cli.session import Session
from tabletop.cli.sim import EXIT_BAD_RECORD, EXIT_USAGE, fail, sim
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
from tabletop.cli.train import train
from tabletop.cli.users import users_app
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
from tabletop.i18n import from_environment, languages

app = typer.Typer(
    name="tabletop",
    help=tr().gettext("Play, replay and list the Tabletop games in the terminal."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"tabletop {tabletop.__version__} ({engine()} engines)")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_show_version,
            is_eager=True,
            help=tr().gettext("Show the version and exit."),
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            help=tr().gettext(
                "The language of the screens: {languages} (default: the locale's, from "
                "LC_ALL, LC_MESSAGES, LANG or LANGUAGE; else en). The --help texts follow "
                "the locale, not --lang.",
                languages=", ".join(languages()),
            ),
        ),
    ] = None,
) -> None:
    """Tabletop: UNO Power, King of Tokyo and Kung Fu, with bots."""
    use(from_environment(os.environ))  # each command anew: the locale, unless --lang
    if lang is not None:
        if lang not in languages():
            fail(
                tr().gettext(
                    "unknown language {lang}: choose one of {languages}",
                    lang=repr(lang),
                    languages=", ".join(languages()),
                ),
                EXIT_USAGE,
            )
        use(lang)


@app.command(
    help=tr().gettext("Play a game at this terminal against bots, or with friends in hot-seat.")
)
def play(
    game_id: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME", help=tr().gettext("Game id, e.g. uno-power (not with --resume).")
        ),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help=tr().gettext(
                "Comma-separated seats: 'you' for a person here, or a bot name, a search "
                "bot with its thinking time if you like (normal@0.5) "
                "[default: you,random; with --resume: the record's]."
            )
        ),
    ] = None,
    think: Annotated[
        str | None,
        typer.Option(
            metavar="SECONDS",
            help=tr().gettext(
                "Let every search bot (easy, normal, hard) think this long per move "
                "instead of its level's fixed amount (at most 60): more search on a faster "
                "machine, but the same --seed no longer replays the same moves."
            ),
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help=tr().gettext("Seed of the deal and the bots (random if omitted).")),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", "-o", metavar="KEY=VALUE", help=tr().gettext("A game option; repeatable.")
        ),
    ] = None,
    prefer: Annotated[
        list[str] | None,
        typer.Option(
            "--prefer",
            "-p",
            metavar="KEY=VALUE",
            help=tr().gettext(
                "A preference: a question answered for you (King of Tokyo: "
                "evolutions=matching, leave_tokyo_at=4, ...); repeatable."
            ),
        ),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(
            help=tr().gettext("Save the game record here (at the end, on quit or Ctrl-C).")
        ),
    ] = None,
    delay: Annotated[
        float,
        typer.Option(min=0.0, help=tr().gettext("Seconds to pause after each bot move, to watch.")),
    ] = 0.0,
    position: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help=tr().gettext(
                "Start from the situation a position file sets up (docs/positions.md; "
                "not with GAME, --seed or --option)."
            ),
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            metavar="RECORD",
            help=tr().gettext(
                "Go on with a game saved by 'q' or Ctrl-C (saved again there, unless "
                "--record says otherwise)."
            ),
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
                    tr().gettext(
                        "--resume goes on with the record's game: give no GAME, --seed or --option"
                    )
                )
            record = record or resume
            check_record_path(record)
            chosen = parse_seats(seats) if seats is not None else None
            table = resume_table(GameRecord.load(resume), chosen, preferences, seconds)
        elif position is not None:
            if game_id is not None or seed is not None or option:
                raise UsageError(
                    tr().gettext(
                        "the position file names the game and its options: give no GAME, "
                        "--seed or --option"
                    )
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
                raise UsageError(
                    tr().gettext("name the GAME to play (tabletop list shows them), or --resume")
                )
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
        fail(exc.text(tr()), EXIT_USAGE)
    console = plain_console()
    if table.game.notice:
        console.print(Text(_notice(table.game.id, table.game.notice), style="yellow"))
    session = Session(table, console, get_renderer(table.game.id), record=record, delay=delay)
    raise typer.Exit(session.run())


@app.command(
    help=tr().gettext("Re-play a game record, print its public log and verify its result.")
)
def replay(
    file: Annotated[Path, typer.Argument(help=tr().gettext("A record saved by 'tabletop play'."))],
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help=tr().gettext("Print only the result."))
    ] = False,
) -> None:
    """Re-play a game record, print its public log and verify its result."""
    try:
        record = tabletop.GameRecord.load(file)
        state = record.replay()
    except TabletopError as exc:
        fail(f"{file}: {exc.text(tr())}", EXIT_BAD_RECORD)
    reader = tr()
    console = plain_console()
    renderer = get_renderer(record.game)
    seating = Seating.of_record(record.players, record.num_players)
    count = len(record.actions)
    console.rule(
        reader.ngettext(
            "Replay: {game} · seed {seed} · {n} action",
            "Replay: {game} · seed {seed} · {n} actions",
            count,
            game=record.game,
            seed=str(record.seed),
        )
    )
    seats = seating.names(range(record.num_players))
    console.print(reader.gettext("Seats: {seats}", seats=seats))
    if not quiet:
        console.print(renderer.events(state.log_for(None), state))
    if not state.is_terminal():
        console.print(
            reader.ngettext(
                "The game was not finished: {n} action replayed.",
                "The game was not finished: {n} actions replayed.",
                count,
            )
        )
        return
    result = MatchResult(tuple(state.winners()), tuple(state.returns()))
    console.print(renderer.final(state.view(None), result, seating))
    if record.result is None:
        console.print(reader.gettext("The record stores no result, so there is nothing to verify."))
    else:
        console.print(Text(reader.gettext("result verified"), style="bold green"))


@app.command(
    "list",
    help=tr().gettext(
        "List the games with their set-up options and bots, weakest first; --options "
        "lists every option with its values."
    ),
)
def list_command(
    game_ids: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[GAME]...", help=tr().gettext("Only these games (default: every game).")
        ),
    ] = None,
    every_option: Annotated[
        bool,
        typer.Option(
            "--options",
            help=tr().gettext(
                "Every option of each game: what it changes, its values and its default."
            ),
        ),
    ] = False,
) -> None:
    """List the games with their set-up options and bots, weakest first; --options
    lists every option with its values."""
    reader = tr()
    known = tabletop.list_games()
    unknown = [g for g in game_ids or [] if g not in known]
    if unknown:
        fail(
            reader.gettext(
                "unknown game {game}: choose one of {games}",
                game=repr(unknown[0]),
                games=", ".join(known),
            ),
            EXIT_USAGE,
        )
    console = plain_console()
    for game_id in game_ids or known:
        name = Text(game_id, style="bold")
        try:
            game = tabletop.make(game_id)
        except TabletopError as exc:
            console.print(
                styled(reader.gettext("{game}: unavailable ({error})"), game=name, error=str(exc))
            )
            continue
        info = game.info
        console.print(
            styled(
                reader.gettext("{game}  {title}, {low}-{high} players"),
                game=name,
                title=info.title,
                low=info.min_players,
                high=info.max_players,
            )
        )
        if game.notice:
            console.print(_indented(Text(_notice(game_id, game.notice), style="yellow"), 2))
        if every_option:
            console.print(_options_list(game_id, type(game.options)))
        else:
            console.print(_options_summary(game_id, type(game.options)))
        console.print(_bots_list(game_id, summaries=every_option))
        console.print()


def _notice(game_id: str, notice: str) -> str:
    """A game's notice, in the reader's language, as one line."""
    reader = tr()
    context = f"{game_id}:notice"  # as python -m tabletop.i18n.extract collects it
    return reader.gettext("Notice: {notice}", notice=reader.pgettext(context, notice))


def _indented(renderable: RenderableType, left: int) -> Padding:
    return Padding(renderable, (0, 0, 0, left), expand=False)


# The groups whose options the short list names with their defaults: what a player
# chooses before a game; the rule variants and engine limits wait for --options.
SUMMARY_GROUPS = ("setup", "expansions")

# The option groups' titles (core's OPTION_GROUP_TITLES), marked for the catalogs.
_GROUP_TITLES = (
    N_("Set-up"),
    N_("Expansions"),
    N_("Rule variants"),
    N_("Advanced: engine limits and data tables"),
)


def _options_list(game_id: str, options_type: type[Any]) -> Group:
    """The options by group: name and title, description, values with labels, default."""
    reader = tr()
    context = f"{game_id}:option"
    catalogue = option_catalogue(options_type)
    heading = reader.gettext("Options (-o NAME=VALUE):")
    parts: list[RenderableType] = [Text(f"  {heading}", style="dim")]
    for group in OPTION_GROUPS:
        members = [o for o in catalogue if o.group == group]
        if not members:
            continue
        title = tr().gettext(OPTION_GROUP_TITLES[group])
        parts.append(Text(f"  {title}", style="bold underline"))
        for info in members:
            title = reader.pgettext(context, info.title)
            parts.append(Text.assemble("    ", (info.name, "bold"), f"  {title}"))
            if info.description:
                parts.append(_indented(Text(reader.pgettext(context, info.description)), 6))
            parts.append(_indented(_option_values(context, info), 6))
    return Group(*parts)


def _options_summary(game_id: str, options_type: type[Any]) -> Group:
    """The set-up options and expansions with their defaults as typed after ``-o``, and
    how to see every option: a few lines where ``--options`` takes a screen or more."""
    reader = tr()
    catalogue = option_catalogue(options_type)
    parts: list[RenderableType] = []
    for group in SUMMARY_GROUPS:
        members = [o for o in catalogue if o.group == group]
        if members:
            defaults = Text(", ").join(Text(f"{o.name}={value_text(o.default)}") for o in members)
            title = Text(reader.gettext(OPTION_GROUP_TITLES[group]), style="bold")
            line = styled(reader.gettext("{group}: {options}"), group=title, options=defaults)
            parts.append(_indented(line, 2))
    more = reader.ngettext(
        "{n} option in all, with their values: {command}",
        "{n} options in all, with their values: {command}",
        len(catalogue),
        command=f"tabletop list {game_id} --options",
    )
    parts.append(_indented(Text(more, style="dim"), 2))
    return Group(*parts)


def _option_values(context: str, info: OptionInfo) -> RenderableType:
    """What may be typed, the default marked: labelled values as a list, else one line."""
    reader = tr()
    kinds = info.kind.split("-or-")
    free: list[str] = []
    if "int" in kinds:
        if info.min is not None:
            # The bounds are written as typed (no digit grouping): they are values to type.
            free.append(
                reader.gettext(
                    "a whole number from {min} to {max}", min=str(info.min), max=str(info.max)
                )
            )
        else:
            free.append(reader.gettext("a whole number"))
    if "text" in kinds:
        free.append(reader.gettext("text"))
    labelled = [(v, label) for v, label in info.values if label != value_text(v)]
    if info.values and not labelled and not free:  # on/off without labels
        free.append(" | ".join(value_text(v) for v, _ in info.values))
        labelled = []
    lines: list[RenderableType] = []
    if free:
        shown = reader.pgettext(context, info.default_label)
        if isinstance(info.default, str) and info.default and info.default_label == info.default:
            shown = repr(info.default)  # a text default, quoted: 'box', 'default'
        default = Text(shown, style="bold")
        if info.default_label != value_text(info.default):
            default.append(f" ({value_text(info.default)})", style="dim")
        if len(free) == 1:
            values = free[0]
        else:
            values = reader.gettext("{first}, or {second}", first=free[0], second=free[1])
        if labelled:
            template = reader.gettext("{values}; {default} {value}, or:")
        else:
            template = reader.gettext("{values}; {default} {value}")
        lines.append(
            styled(
                template,
                values=values,
                default=Text(reader.gettext("default"), style="dim"),
                value=default,
            )
        )
    if labelled:
        grid = RichTable.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        for value, label in info.values:
            is_default = value == info.default and type(value) is type(info.default)
            shown_label = Text(reader.pgettext(context, label))
            if is_default:
                mark = reader.gettext("(default)")
                shown_label.append(f" {mark}", style="bold")
            grid.add_row(
                Text(value_text(value), style="bold" if is_default else ""),
                shown_label,
            )
        lines.append(grid)
    return Group(*lines)


def _bots_list(game_id: str, summaries: bool = True) -> Group:
    """The bots weakest first, each with its summary (``summaries``); aliases say what
    they stand for."""
    reader = tr()
    grid = RichTable.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    catalogue = bot_catalogue(game_id)
    context = f"{game_id}:bot"  # as python -m tabletop.i18n.extract collects it
    for bot in catalogue:
        grid.add_row(Text(bot.name, style="bold"), reader.pgettext(context, bot.summary))
    ladder = " < ".join(bot.name for bot in catalogue if bot.alias_of is None)
    aliases = [f"{bot.name} = {bot.alias_of}" for bot in catalogue if bot.alias_of]
    if aliases:
        ladder += f" ({', '.join(aliases)})"
    title = styled(reader.gettext("bots: {ladder}"), ladder=Text(ladder, style="bold"))
    if not summaries:
        return Group(Text.assemble("  ", title))
    return Group(Text.assemble("  ", title), _indented(grid, 4))  # weakest first


# The commands of their own modules, with their help in the locale's language (their
# docstrings, kept there for the reader of the code, say the same in English).
app.command(
    help=tr().gettext("Run the online server: lobby, tables, bots and spectators in the browser.")
)(serve)
app.command(
    "analyse",
    help=tr().gettext(
        "Look at a recorded game again: rank the moves of one decision (--at N) with\n"
        "their win chances and reasons, or judge every decision and plot each seat's\n"
        "win chance (--plot FILE). Each search sees only what its seat knew then."
    ),
)(analyse_command)
app.add_typer(
    db_app,
    name="db",
    help=tr().gettext(
        "The server's database: bring its tables up to this version's schema (upgrade),\n"
        "or print the revision it is at (current)."
    ),
)
app.add_typer(
    users_app,
    name="users",
    help=tr().gettext(
        "The server's accounts: list them, disable, enable or delete one, or print a\n"
        "one-time link that sets a new password (there is no email here)."
    ),
)
app.add_typer(
    position_app,
    name="position",
    help=tr().gettext(
        "Position files: write one from a saved state or a moment of a game record\n"
        "(from-state), or check that one builds (check)."
    ),
)
app.command(
    help=tr().gettext(
        "Play bot tournaments in parallel and report win rates, ratings and statistics.\n"
        "\n"
        "Seats rotate so that every bot plays every seat equally often, and the\n"
        "results depend only on the settings and --seed, never on --jobs or --backend."
    )
)(sim)
app.command(
    help=tr().gettext(
        "Answer one of the questions players ask with paired experiments or tournaments\n"
        "of bots, and write the answer as a page (study.md) with its table and plots."
    )
)(study)
app.command(
    help=tr().gettext(
        "Train the network of a game's learned bot by self-play, as the package's was made.\n"
        "\n"
        "The run's folder gets model.npz, curve.png (win rates against the ladder's bots "
        "by round), record.json and checkpoint.pt; --resume goes on from the last round."
    )
)(train)

if __name__ == "__main__":
    app()
