"""Strength of the UNO Power heuristic bot against random bots.

One heuristic bot plays against random bots; seats rotate so that the heuristic
sits in every seat equally often. Prints the heuristic's win rate with a 95%
Wilson interval and the fair share (1 / players)::

    python benchmarks/strength_uno.py --players 4 --games 400
    python benchmarks/strength_uno.py --players 2 --games 400 --option target_score=single_round
"""

from __future__ import annotations

import argparse
import math
import time

import tabletop
from tabletop.bots import make_bot


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    game = tabletop.make("uno-power", **options)
    n = args.players
    wins = 0.0
    start = time.perf_counter()
    for g in range(args.games):
        seat = g % n
        seed = args.seed * 1_000_003 + g
        bots = [
            make_bot(args.bot if p == seat else "random", game.id, seed=seed * 8 + p)
            for p in range(n)
        ]
        state = game.new_state(n, seed=seed, log=False)
        while not state.is_terminal():
            p = state.current_player
            state.apply(bots[p].choose(state, p))
        winners = state.winners()
        if seat in winners:
            wins += 1 / len(winners)
    low, high = wilson(wins, args.games)
    elapsed = time.perf_counter() - start
    print(
        f"{args.bot} vs {n - 1} random, {args.games} games ({options or 'default options'}): "
        f"win rate {wins / args.games:.3f} [95% CI {low:.3f}-{high:.3f}], "
        f"fair share {1 / n:.3f}; {elapsed:.1f} s"
    )


if __name__ == "__main__":
    main()
