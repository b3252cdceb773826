"""How well a network plays: its greedy policy against a bot, every seat in turn.

Evaluation games are dealt from seeds no training game uses (training deals from
the run's seed, evaluation from :data:`EVAL_SEED` on), so a learning curve measures
play on games the network never trained on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from tabletop.bots.network import Network, one_blas_thread
from tabletop.rl.vector import VectorGames
from tabletop.sim.summary import proportion_ci
from tabletop.train.selfplay import greedy, shares

EVAL_SEED = 2**40


@dataclass(frozen=True)
class Score:
    """Wins of the network's seat over ``games`` games against ``opponent``."""

    opponent: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return proportion_ci(self.wins, self.games) or (0.0, 1.0)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval()
        return {
            "opponent": self.opponent,
            "wins": self.wins,
            "games": self.games,
            "rate": self.rate,
            "interval": [low, high],
        }


def evaluate(
    network: Network,
    game_id: str,
    options: dict[str, Any],
    num_players: int,
    opponent: str,
    games: int,
    seed: int = EVAL_SEED,
) -> Score:
    """``games`` games of the network in one seat against ``opponent`` in the others,
    the network's seat rotating (an equal share of the games in each)."""
    with one_blas_thread():
        wins = 0
        played = 0
        for seat, count in enumerate(shares(games, num_players)):
            if count == 0:
                continue
            vector = VectorGames(
                game_id,
                count,
                num_players,
                opponents=[opponent] * (num_players - 1),
                learner_seats=(seat,),
                **options,
            )
            batch = vector.reset(seed=seed, start=seat * games)
            done = np.zeros(count, np.bool_)
            while not done.all():
                actions = greedy(network.forward(batch.obs), batch.masks)
                batch = vector.step(actions)  # a finished game plays on unscored
                ended = batch.terminated & ~done
                wins += int((batch.rewards[ended, seat] > 0).sum())
                done |= ended
            played += count
        return Score(opponent, wins, played)
