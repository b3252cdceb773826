"""The simulation lab's throughput: games/s with 1 and 2 workers, per game.

What is measured
----------------
For each game, a whole ``tabletop.sim.run_simulation`` of ``--games`` games, as
``tabletop sim`` runs it: bots choosing every move, the game's own statistics
collected (the log on; ``--no-game-stats`` leaves both out), results gathered by
index. With ``--jobs 2`` the time includes starting the two worker processes and
sending the batches, which is what a user waits for. Nothing is written to disk
and no summary is computed (those cost the same for any number of workers).

Each repeat runs every job count once, interleaved, on its own seed; the table
shows the median games/s over ``--repeats`` and the spread ((max - min) / median).
The **parallel efficiency** is ``rate(2 workers) / (2 * rate(1 worker))``: 100%
means two workers play twice as fast as one. On a machine with other load, or with
fewer free cores than workers, it drops. On a shared machine the **CPU
efficiency** tells the two causes apart: CPU seconds per game with one worker over
those with ``n`` (all processes together, from ``getrusage``). Near 100% means the
parallel machinery itself costs next to nothing and the wall-clock loss is other
load on the cores. Each repeat also checks that 1 and 2 workers produced exactly
the same games.

::

    python benchmarks/bench_sim.py                          # every game, 3 repeats
    python benchmarks/bench_sim.py --game kung-fu --games 4000 --repeats 5 --json sim.json
    python benchmarks/bench_sim.py --game uno-power --no-game-stats
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import tabletop
from tabletop.bots import list_bots
from tabletop.sim import SimSpec, run_simulation
from timing import table, version_of, write_json

DEFAULTS: dict[str, tuple[int, int]] = {
    "uno-power": (4, 300),
    "kung-fu": (2, 2000),
    "king-of-tokyo": (4, 150),
}
"""Game id -> (players, games per run): a run of a few seconds with one worker."""


@dataclass(frozen=True, slots=True)
class Row:
    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    jobs: int
    rates: list[float]
    cpu_per_game: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    @property
    def cpu(self) -> float:
        """Median CPU seconds per game, all processes together."""
        return statistics.median(self.cpu_per_game)

    @property
    def spread(self) -> float:
        return (max(self.rates) - min(self.rates)) / self.median


def line_up(game_id: str, players: int) -> tuple[str, ...]:
    """The heuristic bot (if the game has one) against random bots."""
    first = "heuristic" if "heuristic" in list_bots(game_id) else "random"
    return (first, *("random",) * (players - 1))


def measure(
    game_id: str, players: int, games: int, jobs: Sequence[int], repeats: int, stats: bool
) -> list[Row]:
    bots = line_up(game_id, players)
    rates: dict[int, list[float]] = {j: [] for j in jobs}
    cpu: dict[int, list[float]] = {j: [] for j in jobs}
    # Untimed warm-up: first imports and per-process caches are not part of a run's rate.
    run_simulation(SimSpec(game_id, bots, games=3, seed=0, game_stats=stats), jobs=1)
    for repeat in range(repeats):
        spec = SimSpec(game_id, bots, games=games, seed=repeat + 1, game_stats=stats)
        outcomes = []
        for j in jobs:
            cpu_start = _cpu_seconds()
            start = time.perf_counter()
            outcome = run_simulation(spec, jobs=j)
            rates[j].append(games / (time.perf_counter() - start))
            cpu[j].append((_cpu_seconds() - cpu_start) / games)
            outcomes.append(outcome.results)
            print(
                f"  {game_id} repeat {repeat + 1}: {j} job(s) {rates[j][-1]:,.0f} games/s",
                file=sys.stderr,
            )
        if any(r != outcomes[0] for r in outcomes):
            raise SystemExit(f"{game_id}: different results for different --jobs (a bug)")
    return [Row(game_id, players, bots, games, j, rates[j], cpu[j]) for j in jobs]


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the workers), user + system."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def report(rows: list[Row]) -> str:
    base = {r.game: r for r in rows if r.jobs == 1}
    cells = []
    for r in rows:
        one = base.get(r.game)
        efficiency = r.median / (r.jobs * one.median) if one else None
        work = statistics.median(one.cpu_per_game) / r.cpu if one else None
        cells.append(
            [
                r.game,
                ",".join(r.bots),
                str(r.games),
                str(r.jobs),
                f"{r.median:,.0f}",
                f"{100 * r.spread:.0f}%",
                "-" if efficiency is None else f"{100 * efficiency:.0f}%",
                f"{1000 * r.cpu:.2f}",
                "-" if work is None else f"{100 * work:.0f}%",
            ]
        )
    headers = ["game", "line-up", "games", "jobs", "games/s", "spread", "efficiency"]
    headers += ["cpu ms/game", "cpu efficiency"]
    return table(headers, cells, right={2, 3, 4, 5, 6, 7, 8})


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", nargs="+", default=None, metavar="ID", help="games (default: all with defaults)"
    )
    parser.add_argument("--games", type=int, default=None, help="games per run (default: per game)")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="default: 1 2")
    parser.add_argument("--repeats", type=int, default=3, help="runs per job count (default: 3)")
    parser.add_argument(
        "--no-game-stats", action="store_true", help="play without the log and per-game statistics"
    )
    parser.add_argument("--json", metavar="PATH", help="also write the results here as JSON")
    args = parser.parse_args(argv)
    known = [g for g in DEFAULTS if g in tabletop.list_games()]
    args.game = args.game or known
    for g in args.game:
        if g not in DEFAULTS:
            parser.error(f"no defaults for {g!r}; choose among {', '.join(known)}")
    if args.repeats < 1 or any(j < 1 for j in args.jobs) or (args.games or 1) < 1:
        parser.error("--repeats, --jobs and --games must be positive")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    rows: list[Row] = []
    for game_id in args.game:
        players, games = DEFAULTS[game_id]
        rows += measure(
            game_id, players, args.games or games, args.jobs, args.repeats, not args.no_game_stats
        )
    print(report(rows))
    load = os.getloadavg()[0]
    print(
        f"\n{os.cpu_count()} CPUs, load average {load:.2f} at the end; "
        f"game statistics {'off' if args.no_game_stats else 'on'}"
    )
    if args.json:
        data: dict[str, Any] = {
            "environment": {
                "python": sys.version.split()[0],
                "platform": platform.platform(),
                "cpus": os.cpu_count(),
                "tabletop": version_of("tabletop"),
                "game_stats": not args.no_game_stats,
                "load_average": load,
            },
            "rows": [
                {
                    "game": r.game,
                    "bots": list(r.bots),
                    "games": r.games,
                    "jobs": r.jobs,
                    "games_per_s": r.median,
                    "cpu_s_per_game": r.cpu,
                    "spread": r.spread,
                    "rates": r.rates,
                }
                for r in rows
            ],
        }
        write_json(args.json, data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
