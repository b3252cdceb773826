"""The Kung Fu study: the starting player's edge with the provisional deck, and with
the balanced deck found to take it away."""

from __future__ import annotations

from pathlib import Path

from tabletop.sim.report import errors, figure, png
from tabletop.sim.spec import SimSpec
from tabletop.sim.studies.base import Study, StudyRun
from tabletop.sim.studies.tables import Summaries, markdown, rate_text

GAME = "kung-fu"
DECKS = ("default", "balanced")
BOTS = ("heuristic", "normal")
NORMAL_SHARE = 50
"""A ``normal`` duel costs about 50 heuristic ones: its runs play ``games // 50``."""


def _runs(games: int, seed: int) -> list[StudyRun]:
    runs = []
    for bot in BOTS:
        count = games if bot == "heuristic" else max(1, games // NORMAL_SHARE)
        for deck in DECKS:
            spec = SimSpec(
                GAME,
                (bot, bot),
                games=count,
                seed=seed,
                options=(("deck", deck),),
                game_stats=False,
            )
            runs.append(StudyRun(f"{bot}-{deck}", f"{bot} bots, deck={deck}", spec))
    return runs


def _table(summaries: Summaries) -> str:
    rows = []
    for run, summary in summaries:
        first = summary["first_player"]
        if first["rate"] is None:
            continue
        bot, deck = run.key.split("-", 1)
        rows.append(
            [
                bot,
                f"`{deck}`",
                f"{summary['games_played']:,}",
                rate_text(first),
                f"{summary['draws'] / max(1, summary['games_played']) * 100:.1f}",
                f"{summary['length']['mean']:.0f}",
            ]
        )
    header = ["bots", "deck", "games", "starting player wins % [95%]", "draws %", "actions"]
    return markdown(header, rows)


def _plot(summaries: Summaries, out: Path) -> list[Path]:
    done = [(r, s) for r, s in summaries if s["first_player"]["rate"] is not None]
    if not done:
        return []
    fig = figure(3)
    ax = fig.subplots()
    labels = [r.title for r, _ in done]
    rates, err = errors([s["first_player"] for _, s in done], scale=100)
    colours = ["#f58518" if "default" in r.key else "#4c78a8" for r, _ in done]
    ax.barh(labels, rates, xerr=err, capsize=4, color=colours)
    ax.axvline(50, color="#e45756", linestyle="--", label="no edge")
    ax.axvspan(48, 52, color="#e45756", alpha=0.1, label="50 ± 2")
    ax.invert_yaxis()
    ax.set_xlim(30, 80)
    ax.set_xlabel("the starting player's win rate (%, 95% interval)")
    ax.legend(loc="lower right")
    path = out / "kung-fu-deck.png"
    path.write_bytes(png(fig))
    return [path]


DECK = Study(
    name="kung-fu-deck",
    title="Kung Fu: the starting player's edge, and a deck without it",
    question=(
        "With the provisional deck the player who attacks first wins most duels. Which "
        "change to the deck's data brings the starting player back to an even chance?"
    ),
    method=(
        "The search (benchmarks/kung_fu_balance.py) changes one thing at a time along one "
        "path: step k raises the value of one parry card type by 1 (its boosted value "
        "with it), the 16 types in order of value, lowest first, then each a second time "
        "(32 steps). Stronger parries make attacks land less often, and a landed attack "
        "is what keeps the initiative. It measures the starting player's win rate between "
        "two heuristic bots (6,000 duels a deck) and bisects for the first step at or "
        "under 50%, keeping that step or the one before, whichever is closer. It chose "
        "the last step, every parry worth 2 more, shipped as the option deck=balanced. "
        "This study then plays tournaments with each deck, two heuristic bots and two "
        "normal bots, seats rotated; the starting player's win rate has a 95% Wilson "
        "interval, and a duel that reaches the round limit (a draw) counts as a loss for "
        "both."
    ),
    caveats=(
        "Both decks are provisional: no card list of the real game was found, so neither "
        "says anything about the printed cards (docs/games/kung-fu.md). The balance is "
        "measured between equal bots: a stronger player gains more or less from the "
        "initiative. The balance has a price: with parries stronger, fewer attacks land "
        "and the duels last about five times as long (the actions column: every "
        "decision of both players). The search's step 24 (51% between heuristic bots) "
        "gives duels a third shorter; the search keeps the step closest to 50%. The "
        "normal bots' duels cost far more than the heuristic ones, so their runs are "
        "smaller and their intervals wider."
    ),
    default_games=15000,
    runs=_runs,
    table=_table,
    plots=_plot,
)
