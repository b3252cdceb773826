"""Instructions per RL step of each loop of ``bench_rl.py``, counted by callgrind.

Steps per second move by tens of percent with the machine's load (and a helper
process beside the benchmark halves them); the instructions a step costs do not. For
each loop this runs ``valgrind --tool=callgrind`` on two processes that make
``--steps`` and 0 steps after the same set-up, and prints the difference per step,
then the ratios (fewer instructions is faster; the ratio of instructions is close to
the ratio of rates that ``bench_rl.py`` measures on an idle machine)::

    python benchmarks/instructions_rl.py                          # every loop, 4 players
    PYTHONPATH=build/compiled/site python benchmarks/instructions_rl.py
    python benchmarks/instructions_rl.py --loops vector aec --games kung-fu

The loops, as in ``bench_rl.py``: ``vector`` (``VectorGames``, ``--batch`` games,
self-play, random legal actions drawn in numpy from the masks), ``aec`` (the wrapped
PettingZoo environment, ``last()`` and a random legal action from the mask),
``engine`` (the rules alone: ``legal_actions`` and ``apply``, no observation, for
reference) and ``rlcard`` (RLCard's UNO ``env.run`` with random agents). Needs
``valgrind`` on the PATH, and RLCard for its loop.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

LOOPS = ("vector", "aec", "engine", "rlcard")
GAMES = ("uno-power", "kung-fu", "king-of-tokyo")

RUN = """
import random
import sys

import numpy as np

loop, game, players, steps, batch = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:6])
options = {"target_score": "single_round"} if game == "uno-power" else {}
if loop == "vector":
    from tabletop.rl.vector import VectorGames

    games = VectorGames(game, batch, players, learner_seats="all", **options)
    rng = np.random.default_rng(0)
    games.reset(seed=1)
    for _ in range(5):  # the same warm start whatever the steps
        games.step(games.sample_actions(rng))
    for _ in range(steps // batch):
        games.step(games.sample_actions(rng))
elif loop == "aec":
    from tabletop.rl.pettingzoo import env

    e = env(game, num_players=players, **options)
    e.reset(seed=1)
    choose = random.Random(0)
    done = 0
    while done < steps:
        for _agent in e.agent_iter():
            if done >= steps:
                break
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[choose.randrange(len(legal))]))
            done += 1
        e.reset()
elif loop == "engine":
    import tabletop
    from tabletop.core.rng import Rng

    rules = tabletop.make(game, **options)
    choose = Rng(5)
    done = seed = 0
    while done < steps:
        state = rules.new_state(players, seed, log=False)
        state.drop_record()
        seed += 1
        while not state.is_terminal() and done < steps:
            legal = state.legal_actions()
            state.apply(legal[choose.randrange(len(legal))].id)
            done += 1
elif loop == "rlcard":
    sys.path.insert(0, sys.argv[6])
    from bench_uno import RlcardEnv

    contender = RlcardEnv(players, 0)
    done = 0
    while done < steps:
        done += contender.play_one()
"""


def instructions(loop: str, game: str, players: int, steps: int, batch: int) -> int:
    """Instructions of one process running ``loop`` for ``steps`` steps."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    here = str(Path(__file__).resolve().parent)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
             "-c", RUN, loop, game, str(players), str(steps), str(batch), here],
            env=env, capture_output=True, text=True, check=True,
        )  # fmt: skip
        found = re.search(r"^summary:\s*(\d+)", out.read_text(), re.MULTILINE)
        if found is None:
            raise SystemExit("callgrind wrote no summary")
        return int(found.group(1))


def per_step(loop: str, game: str, players: int, steps: int, batch: int) -> float:
    many = instructions(loop, game, players, steps, batch)
    none = instructions(loop, game, players, 0, batch)
    return (many - none) / steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loops", nargs="+", choices=LOOPS, default=list(LOOPS))
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--players", type=int, default=4, help="UNO Power and King of Tokyo")
    parser.add_argument("--steps", type=int, default=25_600, help="steps in the long run")
    parser.add_argument("--batch", type=int, default=256, help="games per VectorGames batch")
    args = parser.parse_args()
    steps = args.steps - args.steps % args.batch
    counts: dict[tuple[str, str], float] = {}
    print(f"instructions per step ({steps:,} steps; batch {args.batch})")
    for game in args.games:
        players = 2 if game == "kung-fu" else args.players
        for loop in args.loops:
            if loop == "rlcard":
                continue
            counts[game, loop] = per_step(loop, game, players, steps, args.batch)
            print(f"  {game:<14} {players}p {loop:<7} {counts[game, loop]:>10,.0f}", flush=True)
    if "rlcard" in args.loops:
        try:
            counts["uno", "rlcard"] = per_step("rlcard", "uno", args.players, steps, args.batch)
        except subprocess.CalledProcessError as failed:
            print(f"  RLCard did not run: {failed.stderr.strip().splitlines()[-1:]}")
        else:
            print(f"  {'rlcard uno':<14} {args.players}p env.run {counts['uno', 'rlcard']:>10,.0f}")
    print("ratios (instructions of the slower loop / the faster one's):")
    for game in args.games:
        vector, aec = counts.get((game, "vector")), counts.get((game, "aec"))
        if vector and aec:
            print(f"  {game}: vector is {aec / vector:.2f}x fewer than aec")
    rlcard, uno = counts.get(("uno", "rlcard")), counts.get(("uno-power", "vector"))
    if rlcard and uno:
        print(f"  uno-power vector is {rlcard / uno:.2f}x fewer than RLCard's env.run")
    aec_uno = counts.get(("uno-power", "aec"))
    if rlcard and aec_uno:
        print(f"  uno-power aec is {rlcard / aec_uno:.2f}x fewer than RLCard's env.run")


if __name__ == "__main__":
    main()
