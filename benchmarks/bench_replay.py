"""What one replay step of a long finished game costs the server: from the deal, as the
server answered before, against from the nearest checkpoint, as it answers now.

A UNO Power match to 1,500 points between two random players (14,659 actions, as long
as the game of the hardening audit) is played once; then ``--steps`` random steps are
answered both ways, in the same run: the time per step, the bytes of one answer (the
spectator's view and the log it carries), and their ratios. The checkpoints are built
once per game (their cost is printed too)::

    python benchmarks/bench_replay.py
    python benchmarks/bench_replay.py --steps 100 --target-score 500
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import tabletop
from tabletop.i18n import reader
from tabletop.server.live import OVER, start_state
from tabletop.server.reading import client_event
from tabletop.server.replays import checkpoints
from tabletop.server.rows import TableRow


def long_game(target_score: int, seed: int) -> tuple[TableRow, list[int], Any]:
    """A finished UNO Power match between random players: its row, actions and state."""
    options = {"target_score": target_score}
    state = tabletop.make("uno-power", **options).new_state(2, seed=seed, log=True)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    row = TableRow(
        id="bench",
        game="uno-power",
        options=state.game.options_dict(),
        num_players=2,
        seed=seed,
        status=OVER,
        version=len(state.history),
        replace_bot=None,
        leave_grace_s=0.0,
        created_at=0.0,
    )
    return row, list(state.history), state


def from_the_deal(row: TableRow, history: list[int], step: int) -> str:
    """The answer as it was: the game replayed from its deal, with its whole log."""
    words = reader()
    state = start_state(tabletop.make(row.game, **row.options), row)
    for action in history[:step]:
        state.apply(action)
    answer = {
        "view": state.view(None),
        "log": [client_event(state, e, words) for e in state.log_for(None)],
    }
    return json.dumps(answer)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--target-score", type=int, default=1500)
    parser.add_argument("--every", type=int, default=50, help="actions between checkpoints")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    row, history, final = long_game(args.target_score, args.seed)
    words = reader()
    started = time.perf_counter()
    points = checkpoints(row, history, args.every)
    built = time.perf_counter() - started
    rng = random.Random(args.seed)
    steps = [rng.randrange(1, len(history)) for _ in range(args.steps)]
    old_s, new_s, old_bytes, new_bytes = [], [], [], []
    for step in steps:
        started = time.perf_counter()
        old_bytes.append(len(from_the_deal(row, history, step)))
        old_s.append(time.perf_counter() - started)
        started = time.perf_counter()
        state, last = points.replay(history, step, words)
        events = [client_event(state, e, words) for e in points.events(final.log, step)]
        answer = json.dumps({"view": state.view(None), "log": events, "last": last})
        new_s.append(time.perf_counter() - started)
        new_bytes.append(len(answer))
    old_t, new_t = statistics.median(old_s), statistics.median(new_s)
    old_b, new_b = statistics.median(old_bytes), statistics.median(new_bytes)
    print(f"{len(history)} actions; checkpoints every {args.every}: {built * 1000:.0f} ms once")
    print(f"{'median of ' + str(args.steps) + ' steps':24} {'ms a step':>10} {'bytes':>10}")
    print(f"{'from the deal (before)':24} {old_t * 1000:10.1f} {old_b:10.0f}")
    print(f"{'from a checkpoint (now)':24} {new_t * 1000:10.2f} {new_b:10.0f}")
    print(f"{'ratio before/now':24} {old_t / new_t:10.0f} {old_b / new_b:10.0f}")


if __name__ == "__main__":
    main()
