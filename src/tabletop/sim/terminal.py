"""The summary as the terminal shows it at the end of ``tabletop sim``: rich tables of
the players, the turn order, the game's statistics and, for an experiment, its effects,
in the reader's language."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.i18n.reader import Reader
from tabletop.sim.report import ci_text, ends, fixed, pct, signed_pct
from tabletop.sim.study_report import terminal_experiment

MAX_ITEMS_SHOWN = 12
"""Rows of the strength table shown: the strongest and weakest half each."""


def terminal_report(summary: dict[str, Any], reader: Reader | None = None) -> RenderableType:
    """The summary as rich tables, for the end of ``tabletop sim``, in the reader's
    language (English by default)."""
    tr = reader or Reader()
    parts: list[RenderableType] = []
    played, planned = summary["games_played"], summary["games_planned"]
    options = ", ".join(f"{k}={v}" for k, v in summary["options"].items())
    if summary["complete"]:
        if options:
            first_line = tr.ngettext(
                "{title}: {n} game, seed {seed}, {options}",
                "{title}: {n} games, seed {seed}, {options}",
                played,
                title=summary["title"],
                seed=str(summary["seed"]),
                options=options,
            )
        else:
            first_line = tr.ngettext(
                "{title}: {n} game, seed {seed}, default options",
                "{title}: {n} games, seed {seed}, default options",
                played,
                title=summary["title"],
                seed=str(summary["seed"]),
            )
    else:
        first_line = tr.gettext(
            "{title}: {played} games, seed {seed}, {options} (interrupted: {played} of {planned})",
            title=summary["title"],
            played=played,
            planned=planned,
            seed=str(summary["seed"]),
            options=options or tr.gettext("default options"),
        )
    parts.append(Text(first_line))
    if "experiment" in summary:
        parts.append(terminal_experiment(summary["experiment"], tr))
    table = Table(title=tr.gettext("Players (95% intervals)"), title_justify="left")
    columns = (
        tr.gettext("player"),
        tr.gettext("wins"),
        tr.gettext("win rate %"),
        tr.gettext("rating μ"),
        tr.gettext("σ"),
        tr.gettext("ordinal"),
        tr.gettext("mean return"),
    )
    for k, column in enumerate(columns):
        table.add_column(column, justify="left" if k == 0 else "right")
    for row in summary["standings"]:
        rating = row["rating"]
        table.add_row(
            row["player"],
            str(row["wins"]),
            pct(row),
            fixed(rating["mu"]),
            fixed(rating["sigma"]),
            fixed(rating["ordinal"]),
            fixed(row["mean_return"], 3),
        )
    parts.append(table)
    order = Table(title=tr.gettext("Turn order (1 = first player)"), title_justify="left")
    order.add_column(tr.gettext("position"))
    order.add_column(tr.gettext("win rate %"), justify="right")
    for row in summary["turn_order"]:
        order.add_row(str(row["position"]), pct(row))
    parts.append(order)
    length = summary["length"]
    lines = [
        tr.gettext(
            "fair share {fair}; draws {draws}",
            fair=f"{summary['fair_share']:.1%}",
            draws=summary["draws"],
        )
    ]
    if length.get("mean") is not None:
        lines.append(
            tr.gettext(
                "game length (actions): mean {mean}, median {median}, 10%-90% {p10}-{p90}, "
                "range {low}-{high}",
                mean=f"{length['mean']:.1f}",
                median=f"{length['median']:g}",
                p10=f"{length['p10']:g}",
                p90=f"{length['p90']:g}",
                low=str(length["min"]),
                high=str(length["max"]),
            )
        )
    parts.append(Text("\n".join(lines)))
    stats = summary.get("game_stats")
    if stats:
        parts.extend(_terminal_game_stats(summary, stats, tr))
    return Group(*parts)


def _terminal_game_stats(
    summary: dict[str, Any], stats: dict[str, Any], tr: Reader
) -> list[RenderableType]:
    parts: list[RenderableType] = []
    players = summary["players"]
    context = f"{summary['game']}:stats"

    def words(text: str) -> str:
        return tr.pgettext(context, text)

    if stats["counters"]:
        title = tr.gettext("{title}: mean per game", title=words(stats["title"]))
        table = Table(title=title, title_justify="left")
        table.add_column(tr.gettext("statistic"))
        for label in [*players, tr.gettext("winners"), tr.gettext("others")]:
            table.add_column(label, justify="right")
        for row in stats["counters"]:
            values = [row["by_player"][label] for label in players]
            table.add_row(
                words(row["description"]),
                *(fixed(v) for v in [*values, row["winners"], row["others"]]),
            )
        parts.append(table)
    for group in stats["labels"]:
        title = tr.gettext("Win rate by {what}", what=words(group["description"]))
        table = Table(title=title, title_justify="left")
        table.add_column(group["key"])
        table.add_column(tr.gettext("seat-games"), justify="right")
        table.add_column(tr.gettext("win rate %"), justify="right")
        for row in group["values"]:
            table.add_row(row["value"], str(row["games"]), pct(row))
        parts.append(table)
    for group in stats["outcomes"]:
        described = words(group["description"])
        table = Table(title=described[:1].upper() + described[1:], title_justify="left")
        table.add_column(group["key"])
        table.add_column(tr.gettext("games"), justify="right")
        table.add_column(tr.gettext("share"), justify="right")
        for row in group["values"]:
            table.add_row(row["value"], str(row["games"]), f"{row['share']:.1%}")
        parts.append(table)
    rows = stats["items"]["rows"]
    if rows:
        shown = rows if len(rows) <= MAX_ITEMS_SHOWN else ends(rows, MAX_ITEMS_SHOWN)
        title = tr.gettext(
            "Strength by {item} (win rate with / without, points)",
            item=words(stats["items"]["title"]),
        )
        table = Table(title=title, title_justify="left")
        columns = (
            tr.gettext("item"),
            tr.gettext("share"),
            tr.gettext("with %"),
            tr.gettext("without %"),
            tr.gettext("difference [95%]"),
        )
        for k, column in enumerate(columns):
            table.add_column(column, justify="left" if k == 0 else "right")
        for row in shown:
            diff = f"{signed_pct(row['difference'])} [{ci_text(row['difference_ci95'])}]"
            table.add_row(
                row["item"], f"{row['share']:.0%}", pct(row["with"]), pct(row["without"]), diff
            )
        if len(rows) > len(shown):
            table.caption = tr.gettext(
                "the {shown} strongest and weakest of {total}; all in the report",
                shown=len(shown),
                total=len(rows),
            )
        parts.append(table)
    return parts
