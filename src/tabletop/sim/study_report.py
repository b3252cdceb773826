"""The study layout of a report: a paired experiment's effects, sorted, with their
intervals and covariates, as a terminal table, an HTML section and PNG plots.

A run whose spec has arms (:mod:`tabletop.sim.experiment`) gets this layout ahead of
the tournament figures; the plots are also written beside the report
(``effects.png``, and ``covariate.png`` where the arms have a covariate), for pages
that publish a study.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from rich.table import Table

from tabletop.i18n.reader import Reader
from tabletop.sim.report import figure, heading, html_table, img, plot_differences, png

EFFECTS_PNG = "effects.png"
COVARIATE_PNG = "covariate.png"
MAX_ARMS_PLOTTED = 90


def points(value: float | None) -> str:
    """A win-rate difference in points, signed: ``"+3.1"``."""
    return "-" if value is None else f"{value * 100:+.1f}"


def interval(ci: list[float] | None) -> str:
    """``"+1.2 to +5.0"``."""
    return "-" if ci is None else f"{points(ci[0])} to {points(ci[1])}"


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.1f}"


def _covariate(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def _treatments(experiment: dict[str, Any]) -> list[dict[str, Any]]:
    return [row for row in experiment["arms"] if not row["control"]]


def _has_covariate(experiment: dict[str, Any]) -> bool:
    return any(row["covariate"] is not None for row in _treatments(experiment))


def _columns(experiment: dict[str, Any], tr: Reader) -> list[str]:
    columns = [
        tr.gettext("treatment"),
        tr.gettext("versus"),
        tr.gettext("pairs"),
        tr.gettext("win rate %"),
        tr.gettext("effect (points)"),
        tr.gettext("95% interval"),
    ]
    if _has_covariate(experiment):
        columns += [tr.gettext("covariate"), tr.gettext("off the line (points)")]
    return columns


def _cells(experiment: dict[str, Any], row: dict[str, Any], tr: Reader) -> list[str]:
    cells = [
        row["arm"],
        row["versus"] or tr.gettext("(control)"),
        str(row["pairs"]),
        _rate(row["win_rate"]),
        points(row["effect"]),
        interval(row["ci95"]),
    ]
    if _has_covariate(experiment):
        cells += [_covariate(row["covariate"]), points(row["residual"])]
    return cells


def terminal_experiment(experiment: dict[str, Any], reader: Reader | None = None) -> Table:
    """The effects as a rich table, largest first, the control on top."""
    tr = reader or Reader()
    title = tr.gettext(
        "Paired effects on {subject}'s win rate, {replicates} replicates (95% intervals)",
        subject=experiment["subject"],
        replicates=experiment["replicates"],
    )
    table = Table(title=title, title_justify="left")
    covariate = _has_covariate(experiment)
    columns = [
        tr.gettext("treatment"),
        tr.gettext("versus"),
        tr.gettext("win %"),
        tr.gettext("effect [95%]"),
    ]
    columns += [tr.gettext("covariate"), tr.gettext("off line")] if covariate else []
    for k, column in enumerate(columns):
        table.add_column(column, justify="left" if k < 2 else "right")
    control = tr.gettext("(control)")
    for row in experiment["arms"]:
        effect = (
            "-" if row["ci95"] is None else f"{points(row['effect'])} [{interval(row['ci95'])}]"
        )
        cells = [row["arm"], row["versus"] or control, _rate(row["win_rate"]), effect]
        if covariate:
            cells += [_covariate(row["covariate"]), points(row["residual"])]
        table.add_row(*cells)
    return table


def html_experiment(
    experiment: dict[str, Any],
    reader: Reader | None = None,
    plots: Mapping[str, bytes] | None = None,
) -> list[str]:
    """The study section of the HTML report, in the reader's language (English by
    default), with ``plots`` (:func:`study_plots`: drawn here when not given)."""
    tr = reader or Reader()
    if plots is None:
        plots = study_plots(experiment, tr)
    e = html.escape
    control = experiment["arms"][0]
    about = tr.ngettext(
        "{n} replicate: each deal played once per arm, the treatment given to {subject}, "
        "who sits at every seat in turn. In the control ({control}) it won {rate}%. An "
        "effect is the mean of the paired differences in its win, in points, with a 95% "
        "normal interval.",
        "{n} replicates: each deal played once per arm, the treatment given to {subject}, "
        "who sits at every seat in turn. In the control ({control}) it won {rate}%. An "
        "effect is the mean of the paired differences in its win, in points, with a 95% "
        "normal interval.",
        experiment["replicates"],
        subject=experiment["subject"],
        control=control["arm"],
        rate=_rate(control["win_rate"]),
    )
    out = [
        heading(tr.gettext("Paired effects")),
        f"<p>{e(about)}</p>",
        html_table(
            _columns(experiment, tr), [_cells(experiment, r, tr) for r in experiment["arms"]]
        ),
    ]
    fit = experiment.get("fit")
    if fit is not None:
        line = tr.gettext(
            "The least-squares line through the effects: {intercept} points {slope} per "
            "unit of the covariate. A treatment above it (off the line > 0) is worth more "
            "than others of its covariate.",
            intercept=points(fit["intercept"]),
            slope=points(fit["slope"]),
        )
        out.append(f'<p class="note">{e(line)}</p>')
    if EFFECTS_PNG in plots:
        out.append(img(plots[EFFECTS_PNG], tr.gettext("each treatment's effect with its interval")))
    if COVARIATE_PNG in plots:
        out.append(img(plots[COVARIATE_PNG], tr.gettext("each effect against its covariate")))
    return out


def study_plots(experiment: dict[str, Any], reader: Reader | None = None) -> dict[str, bytes]:
    """The study's plots as PNG images by file name, labelled in the reader's language:
    drawn once for both the HTML report and the files beside it (matplotlib takes
    most of a small study's time)."""
    plots = {}
    if _treatments(experiment):
        plots[EFFECTS_PNG] = plot_effects(experiment, reader=reader)
    if experiment.get("fit") is not None:
        plots[COVARIATE_PNG] = plot_covariate(experiment, reader=reader)
    return plots


def plot_effects(experiment: dict[str, Any], reader: Reader | None = None) -> bytes:
    """Each treatment's effect in points with its interval, largest on top."""
    tr = reader or Reader()
    rows = _treatments(experiment)[:MAX_ARMS_PLOTTED]
    labels = [
        r["arm"] if r["covariate"] is None else f"{r['arm']} ({r['covariate']:g})" for r in rows
    ]
    return plot_differences(
        labels,
        [(r["effect"], r["ci95"]) for r in rows],
        tr.gettext(
            "effect on {subject}'s win rate (points, 95% interval)",
            subject=experiment["subject"],
        ),
        row_height=0.22,
    )


def plot_covariate(
    experiment: dict[str, Any], covariate: str | None = None, reader: Reader | None = None
) -> bytes:
    """Each effect against its covariate (the axis named ``covariate``, "covariate" in
    the reader's language by default), with the least-squares line through them."""
    tr = reader or Reader()
    # Every effect with a covariate is a point; one measured once has no interval yet
    # (a bar of 0), as the least-squares line counts it too.
    rows = [r for r in _treatments(experiment) if r["covariate"] is not None]
    fit = experiment["fit"]
    fig = figure(5)
    ax = fig.subplots()
    xs = [float(r["covariate"]) for r in rows]
    ys = [r["effect"] * 100 for r in rows]
    low_ci = [r["ci95"][0] if r["ci95"] else r["effect"] for r in rows]
    high_ci = [r["ci95"][1] if r["ci95"] else r["effect"] for r in rows]
    err = [[(r["effect"] - lo) * 100 for r, lo in zip(rows, low_ci, strict=True)]]
    err.append([(hi - r["effect"]) * 100 for r, hi in zip(rows, high_ci, strict=True)])
    ax.errorbar(xs, ys, yerr=err, fmt="o", color="#4c78a8", ecolor="#9ecae9", capsize=2)
    low, high = min(xs), max(xs)
    ax.plot(
        [low, high],
        [(fit["intercept"] + fit["slope"] * x) * 100 for x in (low, high)],
        color="#e45756",
        linestyle="--",
        label=tr.gettext("least-squares line"),
    )
    ranked = sorted(rows, key=lambda r: r["residual"] or 0.0)
    for r in ranked[:4] + ranked[-4:]:
        ax.annotate(
            r["arm"],
            (float(r["covariate"]), r["effect"] * 100),
            fontsize=7,
            xytext=(4, 2),
            textcoords="offset points",
        )
    ax.axhline(0, color="#333", linewidth=0.8)
    ax.set_xlabel(tr.gettext("covariate") if covariate is None else covariate)
    ax.set_ylabel(tr.gettext("effect (points)"))
    ax.legend(loc="upper left")
    return png(fig)
