"""OpenSpiel's information-set MCTS against our ``normal`` bot, on each game.

OpenSpiel's **Python** ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``, random
rollouts to the end of the game, keyed by our perfect-recall information states)
plays two-player games through ``tabletop.rl.openspiel`` against
``tabletop.bots.make_bot("normal", game_id, seed)``, wrapped as an OpenSpiel bot
(``TabletopBot``). OpenSpiel's C++ ``ISMCTSBot`` cannot search Python games (it draws
its worlds with the C++ ``State::ResampleFromInfostate``, which OpenSpiel does not
forward to Python games), so it is not measured.

Game ``g`` puts ISMCTS in seat ``g % 2``. A win counts 1, a win shared by ``k`` seats
``1/k`` (a Kung Fu draw: 1/2 each), a game nobody wins 1/2; the table gives ISMCTS's
score over the games with a 95% Wilson interval (as ``strength.py``). UNO Power plays
single rounds (``target_score=single_round``). Games are seeded from ``--seed`` and
their index, so a run gives the same figures with any ``--jobs``::

    python benchmarks/openspiel_ismcts.py --games 12 --simulations 100 --jobs 2
    python benchmarks/openspiel_ismcts.py --game kung-fu --games 100 --simulations 400
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from strength import wilson
from tabletop.bots import make_bot
from tabletop.rl.openspiel import GAME_IDS, TabletopBot, load, play
from timing import add_jobs_argument, job_count

OPTIONS: dict[str, dict[str, Any]] = {"uno-power": {"target_score": "single_round"}}
"""Options of each game in the match (the others play their defaults)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One game: ISMCTS's seat, the returns, the number of moves and the wall time."""

    game: str
    seat: int
    returns: tuple[float, ...]
    moves: int
    seconds: float

    def score(self) -> float:
        """ISMCTS's share: 1/k for one of k winners, 1/players when nobody won."""
        winners = [p for p, r in enumerate(self.returns) if r > 0]
        if not winners:
            return 1 / len(self.returns)
        return 1 / len(winners) if self.seat in winners else 0.0


def play_games(
    game_id: str, indices: Sequence[int], simulations: int, uct_c: float, seed: int
) -> list[Outcome]:
    """Play the games numbered ``indices`` of ``game_id`` (each seeded by ``seed`` and
    its index)."""
    game = load(game_id, 2, **OPTIONS.get(game_id, {}))
    outcomes = []
    for g in indices:
        game_seed = seed * 1_000_003 + g
        seat = g % 2
        rng = np.random.RandomState(game_seed % 2**32)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        searcher = ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=rng)
        ours = TabletopBot(make_bot("normal", game_id, seed=game_seed * 8 + 1 - seat), 1 - seat)
        bots = [searcher, ours] if seat == 0 else [ours, searcher]
        # The normal bot deals UNO Power hands by the plays: keep their record.
        state = game.new_initial_state_with_seed(game_seed, keep_record=True)
        start = time.perf_counter()
        returns = play(state, bots)
        seconds = time.perf_counter() - start
        outcomes.append(Outcome(game_id, seat, tuple(returns), len(state.history()), seconds))
    return outcomes


def run(args: argparse.Namespace) -> list[Outcome]:
    tasks = [
        (g, list(range(args.games))[j :: args.jobs]) for g in args.game for j in range(args.jobs)
    ]
    tasks = [(g, chunk) for g, chunk in tasks if chunk]
    settings = (args.simulations, args.uct_c, args.seed)
    if args.jobs == 1:
        return [o for g, chunk in tasks for o in play_games(g, chunk, *settings)]
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(play_games, g, chunk, *settings) for g, chunk in tasks]
        return [o for f in futures for o in f.result()]


def summarise(game_id: str, outcomes: list[Outcome]) -> dict[str, Any]:
    mine = [o for o in outcomes if o.game == game_id]
    score = sum(o.score() for o in mine)
    low, high = wilson(score, len(mine))
    return {
        "game": game_id,
        "options": OPTIONS.get(game_id, {}),
        "games": len(mine),
        "score": score,
        "rate": score / len(mine),
        "ci95": [low, high],
        "wins": sum(1 for o in mine if o.score() == 1),
        "mean_moves": sum(o.moves for o in mine) / len(mine),
        "seconds_per_game": sum(o.seconds for o in mine) / len(mine),
    }


def table(rows: list[dict[str, Any]], simulations: int) -> str:
    lines = [
        f"| game | games | OpenSpiel ISMCTS ({simulations} simulations) vs normal: "
        "score [95% interval] | outright wins | mean moves | s per game |",
        "|---|---:|---|---:|---:|---:|",
    ]
    for r in rows:
        low, high = r["ci95"]
        lines.append(
            f"| {r['game']} | {r['games']} | {r['rate']:.2f} [{low:.2f}-{high:.2f}] | "
            f"{r['wins']} | {r['mean_moves']:.0f} | {r['seconds_per_game']:.1f} |"
        )
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game",
        action="append",
        choices=GAME_IDS,
        help="a game to play (repeatable; default: all three)",
    )
    parser.add_argument("--games", type=int, default=12, help="games per game id (default: 12)")
    parser.add_argument(
        "--simulations", type=int, default=100, help="ISMCTS simulations per move (default: 100)"
    )
    parser.add_argument("--uct-c", type=float, default=2.0, help="UCT constant (default: 2)")
    parser.add_argument("--seed", type=int, default=1, help="base seed (default: 1)")
    add_jobs_argument(parser)
    parser.add_argument("--json", metavar="PATH", help="also write the figures here as JSON")
    args = parser.parse_args(argv)
    if args.games < 1 or args.simulations < 1:
        parser.error("--games and --simulations must be positive")
    args.jobs = job_count(parser, args.jobs)
    args.game = args.game or list(GAME_IDS)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    start = time.perf_counter()
    outcomes = run(args)
    elapsed = time.perf_counter() - start
    rows = [summarise(g, outcomes) for g in args.game]
    print(table(rows, args.simulations))
    print(
        f"\nseed {args.seed}, {args.jobs} job(s), {elapsed:.0f} s; fair share 0.50; "
        "OpenSpiel's Python ISMCTSBot, random rollouts, uct_c "
        f"{args.uct_c:g}, most visited move"
    )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            data = {
                "benchmark": "openspiel_ismcts",
                "simulations": args.simulations,
                "uct_c": args.uct_c,
                "seed": args.seed,
                "rows": rows,
                "games": [asdict(o) for o in outcomes],
                "seconds": elapsed,
            }
            json.dump(data, fh, indent=2)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
