"""Bot speed: decision time per level and ISMCTS iterations per second, per game.

For each game, plays a few seeded games in which one seat is the measured bot and
the others are heuristic bots, timing every decision of the measured seat that has
more than one legal action. Prints the median and 95th percentile decision time and
the iterations per second of the search (iterations / time), next to the 1 s budget
that the ``normal`` level must meet::

    python benchmarks/bench_bots.py                       # normal, every game
    python benchmarks/bench_bots.py --levels easy normal hard --games 3
"""

from __future__ import annotations

import argparse
import json
import time

import tabletop
from tabletop.bots import ISMCTSBot, list_bots, make_bot

PLAYERS = {"uno-power": 4, "kung-fu": 2, "king-of-tokyo": 4}
OPTIONS: dict[str, dict[str, object]] = {"uno-power": {"target_score": "single_round"}}


def measure(game_id: str, level: str, games: int, seed: int) -> dict[str, float | int | str]:
    game = tabletop.make(game_id, **OPTIONS.get(game_id, {}))
    players = PLAYERS.get(game_id, game.info.min_players)
    other = "heuristic" if "heuristic" in list_bots(game_id) else "random"
    times: list[float] = []
    iterations = 0
    for g in range(games):
        state = game.new_state(players, seed=seed + g, log=False)
        seat = g % players
        bots = [
            make_bot(level if p == seat else other, game_id, seed=(seed + g) * 10 + p)
            for p in range(players)
        ]
        while not state.is_terminal():
            p = state.current_player
            if p == seat and len(state.legal_actions()) > 1:
                start = time.perf_counter()
                action = bots[p].choose(state, p)
                times.append(time.perf_counter() - start)
                bot = bots[p]
                if isinstance(bot, ISMCTSBot):
                    iterations += bot.settings_for(game_id).iterations
            else:
                action = bots[p].choose(state, p)
            state.apply(action)
    times.sort()
    total = sum(times)
    return {
        "game": game_id,
        "level": level,
        "decisions": len(times),
        "median_s": times[len(times) // 2],
        "p95_s": times[min(len(times) - 1, int(0.95 * len(times)))],
        "iterations_per_s": iterations / total if total else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="*", default=tabletop.list_games(), dest="game_ids")
    parser.add_argument("--levels", nargs="*", default=["normal"])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="PATH")
    args = parser.parse_args()
    rows = [
        measure(game_id, level, args.games, args.seed)
        for game_id in args.game_ids
        for level in args.levels
    ]
    print(f"{'game':<14}{'level':<8}{'decisions':>10}{'median s':>10}{'p95 s':>9}{'iter/s':>9}")
    for r in rows:
        budget = "  (budget 1 s: ok)" if r["level"] == "normal" and float(r["p95_s"]) <= 1 else ""
        print(
            f"{r['game']:<14}{r['level']:<8}{r['decisions']:>10}{float(r['median_s']):>10.3f}"
            f"{float(r['p95_s']):>9.3f}{float(r['iterations_per_s']):>9.0f}{budget}"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()
