"""The learning curve: the network's win rate against each evaluation bot by round,
with its 95% interval (matplotlib's object API, no pyplot state)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from matplotlib.figure import Figure

if TYPE_CHECKING:
    from tabletop.train.run import TrainConfig


def draw_curve(curve: list[dict[str, Any]], config: TrainConfig, path: Path) -> None:
    """Write the curve of ``curve`` (the record's evaluations) as a PNG to ``path``."""
    figure = Figure(figsize=(7, 4), dpi=100, layout="constrained")
    axes = figure.add_subplot()
    rounds = [point["round"] for point in curve]
    for k, opponent in enumerate(config.eval_opponents):
        scores = [point["scores"][k] for point in curve]
        rates = [score["rate"] for score in scores]
        line = axes.plot(rounds, rates, marker="o", markersize=3, label=f"vs {opponent}")[0]
        axes.fill_between(
            rounds,
            [score["interval"][0] for score in scores],
            [score["interval"][1] for score in scores],
            color=line.get_color(),
            alpha=0.2,
        )
    axes.axhline(1 / config.num_players, color="grey", linestyle=":", label="fair share")
    axes.set_ylim(0, 1)
    axes.set_xlabel("round of self-play")
    axes.set_ylabel("win rate of the network's seat")
    axes.set_title(
        f"{config.game_id}, {config.num_players} players, seed {config.seed}: "
        f"{config.eval_games} games a point"
    )
    axes.legend(loc="lower right")
    axes.grid(alpha=0.3)
    figure.savefig(path, format="png")
