"""How many King of Tokyo decisions ``position_of`` writes as a position file, by the
step of the turn, and what it costs.

Random games of 4 monsters (the base game, then Power Up!), a quarter of their
decisions (chosen by the seed) written with :func:`tabletop.core.positions.position_of`;
each failure's reason is counted. With ``--against DIR`` the same is run on a second
source tree (an older checkout) in a process of its own, and the ratio of the time per
call printed::

    python benchmarks/position_of.py --seeds 6
    python benchmarks/position_of.py --seeds 6 --against /tmp/before/src
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import subprocess
import sys
import time
from typing import Any

OPTIONS: list[dict[str, Any]] = [{}, {"power_up": "on"}]


def measure(seeds: int) -> dict[str, Any]:
    """The decisions tried per step, the failures by reason, and the seconds spent."""
    import tabletop
    from tabletop.core.positions import PositionError, position_of
    from tabletop.games.king_of_tokyo.position_turn import step_of

    tried: collections.Counter[str] = collections.Counter()
    failed: collections.Counter[str] = collections.Counter()
    spent = 0.0
    for options in OPTIONS:
        game = tabletop.make("king-of-tokyo", **options)
        for seed in range(seeds):
            rng = random.Random(seed)
            state = game.new_state(4, seed=seed)
            for _ in range(400):
                if state.is_terminal():
                    break
                if rng.random() < 0.25:
                    step = step_of(state)
                    tried[step] += 1
                    start = time.perf_counter()
                    try:
                        position_of(state)
                    except PositionError as exc:
                        failed[f"{step}: {str(exc)[:110]}"] += 1
                    spent += time.perf_counter() - start
                state.apply(rng.choice(state.legal_actions()))
    return {"tried": dict(tried), "failed": dict(failed), "seconds": spent}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--against", help="another source tree, measured alike")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    found = measure(args.seeds)
    if args.json:
        print(json.dumps(found))
        return
    calls = sum(found["tried"].values())
    print(f"{calls} decisions written or refused, {sum(found['failed'].values())} refused")
    for step, count in sorted(found["tried"].items()):
        print(f"  {step}: {count}")
    for reason, count in sorted(found["failed"].items(), key=lambda item: -item[1]):
        print(f"  refused {count}x  {reason}")
    per_call = found["seconds"] / max(1, calls)
    print(f"{per_call * 1000:.1f} ms per call")
    if args.against:
        env = {**os.environ, "PYTHONPATH": args.against}
        command = [sys.executable, __file__, "--seeds", str(args.seeds), "--json"]
        other = json.loads(subprocess.run(command, env=env, capture_output=True, check=True).stdout)
        other_calls = sum(other["tried"].values())
        other_per_call = other["seconds"] / max(1, other_calls)
        print(
            f"against {args.against}: {sum(other['failed'].values())} of {other_calls} refused, "
            f"{other_per_call * 1000:.1f} ms per call; this tree takes "
            f"{per_call / other_per_call:.2f}x its time per call"
        )


if __name__ == "__main__":
    main()
