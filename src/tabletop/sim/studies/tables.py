"""The tables and plots that studies share: paired effects, first-player advantage."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop.sim.experiment import Arm
from tabletop.sim.report import errors, figure, png
from tabletop.sim.spec import SimSpec
from tabletop.sim.studies.base import StudyRun
from tabletop.sim.study_report import (
    EFFECTS_PNG,
    interval,
    plot_covariate,
    plot_effects,
    points,
)

Summaries = Sequence[tuple[StudyRun, dict[str, Any]]]


def markdown(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table, numbers right-aligned.

    >>> print(markdown(["card", "cost"], [["Heal", 3]]))
    | card | cost |
    |---|---:|
    | Heal | 3 |
    """
    align = [
        "---:" if all(_numeric(r[k]) for r in rows) and rows else "---" for k in range(len(header))
    ]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _numeric(value: Any) -> bool:
    if isinstance(value, (int, float)):
        return True
    text = str(value).replace(",", "").replace("%", "").split(" ")[0]
    try:
        float(text)
    except ValueError:
        return False
    return True


def effect_text(row: dict[str, Any]) -> str:
    """``"+3.1 [+1.0 to +5.2]"``."""
    return f"{points(row['effect'])} [{interval(row['ci95'])}]"


def effects_table(
    summary: dict[str, Any],
    *,
    covariate: str | None = None,
    name: str = "treatment",
    only: Sequence[str] | None = None,
) -> str:
    """One run's paired effects, largest first: the treatment, its win rate, its
    effect in points with the 95% interval and, with ``covariate``, that column and the
    distance from the line through the effects (positive: worth more than its
    covariate says). Treatments measured against another arm than the control show
    that arm's win rate beside their own."""
    experiment = summary["experiment"]
    arms = experiment["arms"]
    control = arms[0]
    rate = {row["arm"]: row["win_rate"] for row in arms}
    shown = [r for r in arms[1:] if only is None or r["arm"] in only]
    versus = any(r["versus"] != control["arm"] for r in shown)
    header = [name, "win %"]
    header += ["without it %"] if versus else []
    header += ["effect (points) [95%]"]
    header += [covariate, "off the line"] if covariate else []
    rows = []
    for row in shown:
        cells: list[Any] = [row["arm"], f"{row['win_rate'] * 100:.1f}"]
        cells += [f"{rate[row['versus']] * 100:.1f}"] if versus else []
        cells += [effect_text(row)]
        if covariate:
            cells += [f"{row['covariate']:g}", points(row["residual"])]
        rows.append(cells)
    if versus:
        note = f"{experiment['replicates']:,} replicates; each against the arm without it."
    else:
        named = "" if control["arm"] == "control" else f" ({control['arm']})"
        note = (
            f"{experiment['replicates']:,} replicates; in the control{named} the subject "
            f"won {control['win_rate'] * 100:.1f}%."
        )
    return note + "\n\n" + markdown(header, rows)


def effects_plots(summaries: Summaries, out: Path, *, covariate: str = "") -> list[Path]:
    """Each experiment's effects (and effects against covariate) as PNG files."""
    paths = []
    for run, summary in summaries:
        experiment = summary.get("experiment")
        if experiment is None or summary["games_played"] == 0:
            continue
        path = out / f"{run.key}-effects.png"
        # run_study wrote each summarised run's report (in English, as here) just
        # before: its plot is this one.
        drawn = out / run.key / EFFECTS_PNG
        path.write_bytes(drawn.read_bytes() if drawn.is_file() else plot_effects(experiment))
        paths.append(path)
        if covariate and experiment.get("fit") is not None:
            path = out / f"{run.key}-covariate.png"
            path.write_bytes(plot_covariate(experiment, covariate))
            paths.append(path)
    return paths


def experiment_run(
    key: str,
    title: str,
    game: str,
    arms: tuple[Arm, ...],
    replicates: int,
    seed: int,
    *,
    position: dict[str, Any],
    options: tuple[tuple[str, Any], ...] = (),
) -> StudyRun:
    """A paired experiment of four heuristic bots: ``replicates`` deals, each played
    once per arm from ``position``."""
    spec = SimSpec(
        game,
        ("heuristic",) * 4,
        games=replicates * len(arms),
        seed=seed,
        options=options,
        game_stats=False,
        position=json.dumps(position, sort_keys=True),
        arms=arms,
    )
    return StudyRun(key, title, spec)


def rate_text(entry: dict[str, Any]) -> str:
    """A rate and its interval in percent: ``"49.8 [49.0 to 50.6]"``."""
    low, high = entry["ci95"]
    return f"{entry['rate'] * 100:.1f} [{low * 100:.1f} to {high * 100:.1f}]"


def player_counts(
    game: str, games: int, seed: int, options: tuple[tuple[str, Any], ...] = ()
) -> list[StudyRun]:
    """A tournament of heuristic bots for each number of players from 2 to 6."""
    return [
        StudyRun(
            f"players-{n}",
            f"{n} players",
            SimSpec(
                game, ("heuristic",) * n, games=games, seed=seed, options=options, game_stats=False
            ),
        )
        for n in range(2, 7)
    ]


def first_player_table(summaries: Summaries) -> str:
    """The first player's win rate for each player count, against the fair share."""
    rows = []
    for _run, summary in summaries:
        first = summary["first_player"]
        if first["rate"] is None:
            continue
        low, high = first["ci95"]
        fair = summary["fair_share"]
        rows.append(
            [
                len(summary["players"]),
                f"{summary['games_played']:,}",
                rate_text(first),
                f"{fair * 100:.1f}",
                f"{(first['rate'] - fair) * 100:+.1f} [{(low - fair) * 100:+.1f} to "
                f"{(high - fair) * 100:+.1f}]",
            ]
        )
    header = ["players", "games", "first player wins % [95%]", "fair share %", "advantage (points)"]
    return markdown(header, rows)


def first_player_plot(summaries: Summaries, out: Path, name: str) -> list[Path]:
    """The first player's win rate by player count, with intervals and the fair share."""
    done = [(r, s) for r, s in summaries if s["first_player"]["rate"] is not None]
    if not done:
        return []
    fig = figure(3.5)
    ax = fig.subplots()
    counts = [len(s["players"]) for _, s in done]
    rates, err = errors([s["first_player"] for _, s in done], scale=100)
    ax.errorbar(counts, rates, yerr=err, fmt="o-", capsize=4, color="#4c78a8", label="first player")
    ax.plot(counts, [100 / n for n in counts], "--", color="#e45756", label="fair share")
    ax.set_xticks(counts)
    ax.set_xlabel("players")
    ax.set_ylabel("win rate of the first player (%, 95% interval)")
    ax.legend(loc="upper right")
    path = out / f"{name}.png"
    path.write_bytes(png(fig))
    return [path]
