"""Presenting a summary: CSV files and a self-contained HTML report (the terminal's
tables are :mod:`tabletop.sim.terminal`).

The HTML report is one file with its plots embedded as base64 PNG images (made
with matplotlib's object API, without pyplot's global state), so it can be
mailed or archived as is: win rates with 95% error bars, win rate by position in
the turn order, the game length histogram and the card strength chart.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from tabletop.i18n.reader import Reader
from tabletop.sim.play import GameResult
from tabletop.sim.spec import SimSpec
from tabletop.sim.stats import stats_for
from tabletop.sim.summary import Tally

SUMMARY_FILE = "summary.json"
PLAYERS_CSV = "players.csv"
GAMES_CSV = "games.csv"
REPORT_HTML = "report.html"
MAX_ITEMS_PLOTTED = 30


def pct(entry: dict[str, Any] | None) -> str:
    """``"53.0 [46.1-59.8]"``: a rate and its interval, in percent."""
    if not entry or entry.get("rate") is None:
        return "-"
    low, high = entry["ci95"]
    return f"{entry['rate'] * 100:.1f} [{low * 100:.1f}-{high * 100:.1f}]"


def fixed(value: float | None, digits: int = 2) -> str:
    """A figure with ``digits`` decimals, ``-`` for none."""
    return "-" if value is None else f"{value:.{digits}f}"


def signed_pct(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:+.1f}"


def ci_text(ci: list[float] | None) -> str:
    """A difference's interval in points: ``"-3.1 to +12.0"``."""
    return "-" if ci is None else f"{signed_pct(ci[0])} to {signed_pct(ci[1])}"


def ends(rows: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """The first and last rows of a sorted table, ``count`` in all (the strongest and
    the weakest)."""
    half = count // 2
    return rows[:half] + rows[-(count - half) :]


# -- files -------------------------------------------------------------------------


def write_reports(
    folder: Path, spec: SimSpec, results: Iterable[GameResult], reader: Reader | None = None
) -> tuple[dict[str, Any], list[Path]]:
    """Summarise ``results`` (in index order, read once) and write summary.json,
    players.csv, games.csv and report.html; return the summary and the paths. The
    report and the study's plots are in the reader's language (English by default);
    the JSON and CSV files are data, in English."""
    paths = [folder / name for name in (SUMMARY_FILE, PLAYERS_CSV, GAMES_CSV, REPORT_HTML)]
    tally = Tally(spec)
    with paths[2].open("w", newline="", encoding="utf-8") as f:
        rows = GameRows(spec)
        writer = csv.writer(f)
        writer.writerow(rows.header)
        for r in results:
            tally.add(r)
            writer.writerow(rows.row(r))
    summary = tally.summary()
    paths[0].write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    write_players_csv(paths[1], summary)
    plots: dict[str, bytes] = {}
    if "experiment" in summary:
        from tabletop.sim.study_report import study_plots

        plots = study_plots(summary["experiment"], reader)
    paths[3].write_text(render_html(summary, reader, plots), encoding="utf-8")
    for name, image in plots.items():
        path = folder / name
        path.write_bytes(image)
        paths.append(path)
    return summary, paths


def write_players_csv(path: Path, summary: dict[str, Any]) -> None:
    """One row per player: results, interval, rating and mean game statistics."""
    counters = summary.get("game_stats", {}).get("counters", [])
    header = [
        "player",
        "bot",
        "games",
        "wins",
        "draws",
        "losses",
        "win_rate",
        "ci95_low",
        "ci95_high",
        "mean_return",
        "rating_mu",
        "rating_sigma",
        "rating_ordinal",
        *(f"mean_{c['name']}" for c in counters),
    ]
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        for row in summary["standings"]:
            low, high = row["ci95"] or (None, None)
            rating = row["rating"]
            writer.writerow(
                [
                    row["player"],
                    row["bot"],
                    row["games"],
                    row["wins"],
                    row["draws"],
                    row["losses"],
                    row["rate"],
                    low,
                    high,
                    row["mean_return"],
                    rating["mu"],
                    rating["sigma"],
                    rating["ordinal"],
                    *(c["by_player"][row["player"]] for c in counters),
                ]
            )


class GameRows:
    """The columns of ``games.csv``: the game, then each player's seat, return and
    statistics as ``<player>.<name>`` columns, and its items joined by ``|``."""

    def __init__(self, spec: SimSpec) -> None:
        extractor = stats_for(spec.game)
        self.labels = spec.labels
        self.items = spec.game_stats
        self.outcomes = list(extractor.outcomes)
        self.counters = list(extractor.counters)
        labels = self.labels
        header = ["index", "seed", "length", "first_player", "winners"]
        header += [f"{label}.seat" for label in labels]
        header += [f"{label}.return" for label in labels]
        header += self.outcomes
        header += [f"{label}.{c}" for label in labels for c in self.counters]
        header += [f"{label}.items" for label in labels] if self.items else []
        self.header = header

    def row(self, r: GameResult) -> list[Any]:
        labels = self.labels
        seat_of = [r.player_seat(p) for p in range(len(labels))]
        row: list[Any] = [
            r.index,
            r.seed,
            r.length,
            labels[r.seating[r.first]] if r.first >= 0 else "",
            "|".join(labels[r.seating[s]] for s in r.winners),
            *seat_of,
            *(r.returns[s] for s in seat_of),
        ]
        stats = r.stats
        row += [stats.outcome.get(k, "") if stats else "" for k in self.outcomes]
        for s in seat_of:
            values = stats.counters[s] if stats and s < len(stats.counters) else {}
            row += [values.get(c, "") for c in self.counters]
        if self.items:
            row += [
                "|".join(stats.items[s]) if stats and s < len(stats.items) else "" for s in seat_of
            ]
        return row


# -- HTML --------------------------------------------------------------------------

_CSS = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222;
       padding: 0 0.8em; }
.wide { overflow-x: auto; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; } .note { color: #666; }
"""


def render_html(
    summary: dict[str, Any],
    reader: Reader | None = None,
    study_plots: Mapping[str, bytes] | None = None,
) -> str:
    """The summary as one self-contained HTML page with embedded plots, in the
    reader's language (English by default); a study's plots may come drawn
    (:func:`~tabletop.sim.study_report.study_plots`)."""
    tr = reader or Reader()
    e = html.escape
    played, planned = summary["games_played"], summary["games_planned"]
    title = summary["title"]
    options = ", ".join(f"{k}={v}" for k, v in summary["options"].items())
    if "experiment" in summary:
        page_title = tr.gettext("{title}: study", title=title)
    else:
        page_title = tr.gettext("{title}: simulation report", title=title)
    facts = tr.ngettext(
        "{played} of {n} game, seed {seed}, {options}; line-up {players}.",
        "{played} of {n} games, seed {seed}, {options}; line-up {players}.",
        planned,
        played=played,
        seed=str(summary["seed"]),
        options=options or tr.gettext("default options"),
        players=", ".join(summary["players"]),
    )
    interrupted = tr.gettext("The run was interrupted.")
    body = [
        f"<h1>{e(page_title)}</h1>",
        f"<p>{e(facts)}"
        + ("" if summary["complete"] else f" <strong>{e(interrupted)}</strong>")
        + "</p>",
    ]
    if "experiment" in summary:
        from tabletop.sim.study_report import html_experiment

        body += html_experiment(summary["experiment"], tr, study_plots)
        body.append(heading(tr.gettext("Every game of the study, as a tournament")))
    body += [
        heading(tr.gettext("Players")),
        html_table(
            [
                tr.gettext("player"),
                tr.gettext("bot"),
                tr.gettext("games"),
                tr.gettext("wins"),
                tr.gettext("draws"),
                tr.gettext("win rate %, 95% interval"),
                tr.gettext("rating μ"),
                tr.gettext("σ"),
                tr.gettext("ordinal"),
            ],
            [
                [
                    r["player"],
                    r["bot"],
                    r["games"],
                    r["wins"],
                    r["draws"],
                    pct(r),
                    fixed(r["rating"]["mu"]),
                    fixed(r["rating"]["sigma"]),
                    fixed(r["rating"]["ordinal"]),
                ]
                for r in summary["standings"]
            ],
        ),
        '<p class="note">'
        + e(
            tr.gettext(
                "Win rates count a shared win as a win; ratings are OpenSkill "
                "(Plackett-Luce); the ordinal is μ − 3σ."
            )
        )
        + "</p>",
    ]
    if played:
        body.append(
            img(
                _plot_win_rates(summary, tr),
                tr.gettext("win rate of each player with its 95% interval"),
            )
        )
        body.append(heading(tr.gettext("First-player advantage")))
        body.append(
            html_table(
                [tr.gettext("position in the turn order"), tr.gettext("win rate %, 95% interval")],
                [[r["position"], pct(r)] for r in summary["turn_order"]],
            )
        )
        fair = tr.gettext("Fair share: {share}.", share=f"{summary['fair_share']:.1%}")
        body.append(f'<p class="note">{e(fair)}</p>')
        body.append(
            img(_plot_turn_order(summary, tr), tr.gettext("win rate by position in the turn order"))
        )
        length = summary["length"]
        body.append(heading(tr.gettext("Game length")))
        actions = tr.gettext(
            "Actions per game: mean {mean}, median {median}, "
            "10th-90th percentile {p10}-{p90}, range {low}-{high}.",
            mean=f"{length['mean']:.1f}",
            median=f"{length['median']:g}",
            p10=f"{length['p10']:g}",
            p90=f"{length['p90']:g}",
            low=str(length["min"]),
            high=str(length["max"]),
        )
        body.append(f"<p>{e(actions)}</p>")
        body.append(img(_plot_lengths(summary, tr), tr.gettext("histogram of game lengths")))
    stats = summary.get("game_stats")
    if stats:
        body.extend(_html_game_stats(summary, stats, tr))
    page_title = tr.gettext("{title} simulation", title=title)
    return (
        f'<!DOCTYPE html>\n<html lang="{e(tr.lang)}"><head><meta charset="utf-8">'
        f"<title>{e(page_title)}</title><style>{_CSS}</style></head>"
        "<body>\n" + "\n".join(body) + "\n</body></html>\n"
    )


def _html_game_stats(
    summary: dict[str, Any], stats: dict[str, Any], reader: Reader | None = None
) -> list[str]:
    tr = reader or Reader()
    e = html.escape
    players = summary["players"]
    context = f"{summary['game']}:stats"

    def words(text: str) -> str:
        return tr.pgettext(context, text)

    out = [heading(tr.gettext("{title} statistics", title=words(stats["title"])))]
    if stats["counters"]:
        out.append(
            html_table(
                [
                    tr.gettext("mean per game"),
                    *players,
                    tr.gettext("winners"),
                    tr.gettext("others"),
                ],
                [
                    [
                        words(c["description"]),
                        *(fixed(c["by_player"][p]) for p in players),
                        fixed(c["winners"]),
                        fixed(c["others"]),
                    ]
                    for c in stats["counters"]
                ],
            )
        )
    for group in stats["labels"]:
        what = tr.gettext("Win rate by {what}", what=words(group["description"]))
        out.append(f"<h3>{e(what)}</h3>")
        out.append(
            html_table(
                [group["key"], tr.gettext("seat-games"), tr.gettext("win rate %, 95% interval")],
                [[v["value"], v["games"], pct(v)] for v in group["values"]],
            )
        )
    for group in stats["outcomes"]:
        described = words(group["description"])
        out.append(f"<h3>{e(described[:1].upper() + described[1:])}</h3>")
        out.append(
            html_table(
                [
                    group["key"],
                    tr.gettext("games"),
                    tr.gettext("share"),
                    *(tr.gettext("wins: {player}", player=p) for p in players),
                ],
                [
                    [
                        v["value"],
                        v["games"],
                        f"{v['share']:.1%}",
                        *(v["wins_by_player"][p] for p in players),
                    ]
                    for v in group["values"]
                ],
            )
        )
    rows = stats["items"]["rows"]
    if rows:
        strength = tr.gettext("Strength by {item}", item=words(stats["items"]["title"]))
        out.append(f"<h3>{e(strength)}</h3>")
        note = tr.gettext(
            "Win rate of the seats that had the item and of those that did not (95% Wilson "
            "intervals), and the difference in points (95% Newcombe interval). An item taken "
            "by winning seats is not proof that it makes them win."
        )
        out.append(f'<p class="note">{e(note)}</p>')
        out.append(
            img(
                _plot_items(rows, tr),
                tr.gettext("win rate difference with and without each item"),
            )
        )
        out.append(
            html_table(
                [
                    tr.gettext("item"),
                    tr.gettext("share of seats"),
                    tr.gettext("with %"),
                    tr.gettext("without %"),
                    tr.gettext("difference (points)"),
                    tr.gettext("95% interval"),
                ],
                [
                    [
                        r["item"],
                        f"{r['share']:.1%}",
                        pct(r["with"]),
                        pct(r["without"]),
                        signed_pct(r["difference"]),
                        ci_text(r["difference_ci95"]),
                    ]
                    for r in rows
                ],
            )
        )
    return out


def heading(text: str) -> str:
    """A section heading of the HTML report (``text`` is escaped)."""
    return f"<h2>{html.escape(text)}</h2>"


def html_table(header: list[str], rows: list[list[Any]]) -> str:
    e = html.escape
    head = "".join(f"<th>{e(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{e(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    table = f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    return f'<div class="wide">{table}</div>'


def img(png: bytes, alt: str) -> str:
    data = base64.b64encode(png).decode()
    return f'<p><img alt="{html.escape(alt)}" src="data:image/png;base64,{data}"></p>'


# -- plots -------------------------------------------------------------------------


def figure(height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(8, height), dpi=100, layout="constrained")


def png(fig: Any) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


def errors(rows: list[dict[str, Any]], scale: float = 1.0) -> tuple[list[float], list[list[float]]]:
    """The rates of ``rows`` (each with ``rate`` and ``ci95``) and their error bars
    below and above, times ``scale`` (100: in percent), for matplotlib."""
    rates = [r["rate"] or 0.0 for r in rows]
    low = [rate - (r["ci95"] or (rate, rate))[0] for rate, r in zip(rates, rows, strict=True)]
    high = [(r["ci95"] or (rate, rate))[1] - rate for rate, r in zip(rates, rows, strict=True)]
    return [x * scale for x in rates], [[x * scale for x in low], [x * scale for x in high]]


def _plot_win_rates(summary: dict[str, Any], tr: Reader) -> bytes:
    rows = summary["standings"]
    fig = figure(0.5 + 0.45 * len(rows) + 1)
    ax = fig.subplots()
    rates, err = errors(rows)
    labels = [r["player"] for r in rows]
    ax.barh(labels, rates, xerr=err, capsize=4, color="#4c78a8")
    fair = tr.gettext("fair share")
    ax.axvline(summary["fair_share"], color="#e45756", linestyle="--", label=fair)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(tr.gettext("win rate (95% interval)"))
    ax.legend(loc="lower right")
    return png(fig)


def _plot_turn_order(summary: dict[str, Any], tr: Reader) -> bytes:
    rows = summary["turn_order"]
    fig = figure(3)
    ax = fig.subplots()
    rates, err = errors(rows)
    ax.bar([str(r["position"]) for r in rows], rates, yerr=err, capsize=4, color="#72b7b2")
    fair = tr.gettext("fair share")
    ax.axhline(summary["fair_share"], color="#e45756", linestyle="--", label=fair)
    ax.set_xlabel(tr.gettext("position in the turn order (1 = first player)"))
    ax.set_ylabel(tr.gettext("win rate"))
    ax.legend(loc="upper right")
    return png(fig)


def _plot_lengths(summary: dict[str, Any], tr: Reader) -> bytes:
    hist = summary["length"]["histogram"]
    fig = figure(3)
    ax = fig.subplots()
    edges = hist["edges"]
    ax.stairs(hist["counts"], edges, fill=True, color="#54a24b")
    ax.set_xlabel(tr.gettext("actions per game"))
    ax.set_ylabel(tr.gettext("games"))
    return png(fig)


def _plot_items(rows: list[dict[str, Any]], tr: Reader) -> bytes:
    shown = rows if len(rows) <= MAX_ITEMS_PLOTTED else ends(rows, MAX_ITEMS_PLOTTED)
    return plot_differences(
        [r["item"] for r in shown],
        [(r["difference"], r["difference_ci95"]) for r in shown],
        tr.gettext("win rate with minus without (points, 95% interval)"),
    )


def plot_differences(
    labels: list[str],
    values: list[tuple[float | None, list[float] | None]],
    xlabel: str,
    row_height: float = 0.3,
) -> bytes:
    """Horizontal bars of differences in points with their intervals, first on top,
    positive ones blue and negative ones orange (item strength, paired effects)."""
    fig = figure(1 + row_height * len(labels))
    ax = fig.subplots()
    diffs = [(value or 0.0) * 100 for value, _ in values]
    cis = [ci or [value or 0.0] * 2 for value, ci in values]
    err = [
        [d - ci[0] * 100 for d, ci in zip(diffs, cis, strict=True)],
        [ci[1] * 100 - d for d, ci in zip(diffs, cis, strict=True)],
    ]
    colours = ["#4c78a8" if d >= 0 else "#f58518" for d in diffs]
    ax.barh(labels, diffs, xerr=err, capsize=3 if row_height >= 0.3 else 2, color=colours)
    ax.axvline(0, color="#333", linewidth=0.8)
    ax.invert_yaxis()
    if row_height < 0.3:
        ax.tick_params(axis="y", labelsize=8)
    ax.set_xlabel(xlabel)
    return png(fig)
