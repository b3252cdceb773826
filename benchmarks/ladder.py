"""The strength ladder of the bot levels, for every game, in one command.

Each step of ``random < easy < heuristic <= normal < hard`` is measured head to head
against the level below: in a 2-player game (Kung Fu) the level against the one
below; in a 4-player game (King of Tokyo, UNO Power single rounds) one bot of the
level against three of the level below, a fair share of 0.25. The games are played by
the simulation lab (``tabletop.sim``): seats rotate (every player sits at every seat
equally often), each game is seeded from ``--seed`` and its index, and the lab's
summary gives the win rate with its 95% Wilson interval and OpenSkill
(Plackett-Luce) ratings. A step is **stronger** when the interval's low end is above
the fair share. A shared win counts as a win, a draw as a loss.

With iteration budgets (the levels as registered) the figures are the same for any
``--jobs``. ``--think`` gives the search levels a wall-time budget per decision
instead, and then the figures depend on the machine's speed and load::

    python benchmarks/ladder.py --quick                      # a smoke test, a few minutes
    python benchmarks/ladder.py --game kung-fu --games 40 --jobs 2
    python benchmarks/ladder.py --games-for hard=100 --jobs 2 --write docs/bots.md
    python benchmarks/ladder.py --game uno-power --think 0.1 --think hard=0.4
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import tabletop
from tabletop.bots.registry import STRENGTH_ORDER, list_bots
from tabletop.sim import SimSpec, run_simulation, summarise

GAMES: dict[str, tuple[int, tuple[tuple[str, str], ...]]] = {
    "kung-fu": (2, ()),
    "king-of-tokyo": (4, ()),
    "uno-power": (4, (("target_score", "single_round"),)),
}
"""Game id -> (players, options) of its ladder, as docs/bots.md measures it."""

TWO_PLAYER = ("king-of-tokyo", "uno-power")
"""Games that ``--two-player`` also measures head to head (off by default: King of
Tokyo's search levels cost nearly as much per game at 2 players as at 4)."""

DEFAULT_GAMES = 1000
DEFAULT_GAMES_FOR: dict[str, int] = {"normal": 400, "hard": 200}
"""Games per step by the level climbed to: searching levels cost 10 to 50 times more."""

START, END = "<!-- ladder:start -->", "<!-- ladder:end -->"
"""The markers around the generated block of a Markdown file (``--write``)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One rung: ``level`` in one seat, ``below`` in every other, ``games`` games."""

    game: str
    players: int
    options: tuple[tuple[str, str], ...]
    below: str
    level: str
    games: int
    think: tuple[tuple[str, float], ...] = ()

    def bot(self, level: str) -> str:
        """``level`` as the lab names it: with its thinking time, if it has one."""
        seconds = dict(self.think).get(level)
        if seconds is None:
            return level
        from tabletop.bots.registry import think_text

        return f"{level}@{think_text(seconds)}"

    @property
    def title(self) -> str:
        title = tabletop.make(self.game, **dict(self.options)).info.title
        return title if self.players == GAMES[self.game][0] else f"{title}, {self.players} players"

    def spec(self, seed: int) -> SimSpec:
        bots = (self.bot(self.level),) + (self.bot(self.below),) * (self.players - 1)
        return SimSpec(self.game, bots, self.games, seed, self.options, game_stats=False)

    @property
    def match(self) -> str:
        many = f"{self.players - 1} " if self.players > 2 else ""
        return f"`{self.bot(self.level)}` vs {many}`{self.bot(self.below)}`"


@dataclass(frozen=True, slots=True)
class Rung:
    """A measured step: the lab's standings and the wall time it took."""

    step: Step
    standings: list[dict[str, Any]]
    seconds: float

    @property
    def fair_share(self) -> float:
        return 1 / self.step.players

    @property
    def stronger(self) -> bool:
        low: float = self.standings[0]["ci95"][0]
        return low > self.fair_share

    def row(self) -> list[str]:
        top, below = self.standings[0], self.standings[1:]
        low, high = top["ci95"]
        mu = sum(b["rating"]["mu"] for b in below) / len(below)
        sigma = sum(b["rating"]["sigma"] for b in below) / len(below)
        return [
            self.step.title,
            f"{self.step.below} → {self.step.level}",
            self.step.match,
            f"{top['games']:,}",
            f"{top['rate']:.3f} [{low:.3f}–{high:.3f}]",
            "stronger" if self.stronger else "not clear of the level below",
            f"{_rating(top['rating'])} / {mu:.1f}±{sigma:.1f}",
        ]


HEADER = (
    "game",
    "step",
    "match",
    "games",
    "win rate [95% interval]",
    "verdict",
    "rating μ±σ: bot / level below",
)


def _rating(rating: dict[str, float]) -> str:
    return f"{rating['mu']:.1f}±{rating['sigma']:.1f}"


def plan(args: argparse.Namespace) -> list[Step]:
    """Every step to measure, in the order of ``--game`` and of the levels."""
    steps = []
    for game in args.game:
        seats, options = GAMES[game]
        available = set(list_bots(game))
        levels = [level for level in args.levels if level in available]
        counts = [seats, 2] if args.two_player and game in TWO_PLAYER else [seats]
        for players in counts:
            for below, level in pairwise(levels):
                games = args.games_for.get(f"{game}:{level}", args.games_for.get(level))
                if games is None:
                    games = args.games or _default_games(level, players, args.quick)
                think = tuple((name, s) for name, s in args.think if name in (below, level))
                steps.append(Step(game, players, options, below, level, games, think))
    return steps


def _default_games(level: str, players: int, quick: bool) -> int:
    """One seat rotation for a smoke test, else enough for a clear verdict on most steps."""
    return players if quick else DEFAULT_GAMES_FOR.get(level, DEFAULT_GAMES)


def measure(step: Step, seed: int, jobs: int) -> Rung:
    """Play one step through the lab and keep its standings (ratings included)."""
    spec = step.spec(seed)
    start = time.perf_counter()
    outcome = run_simulation(spec, jobs=jobs)
    seconds = time.perf_counter() - start
    if outcome.interrupted:  # Ctrl-C: a partial step must not pass for a measured one
        raise KeyboardInterrupt
    return Rung(step, summarise(spec, outcome.results)["standings"], seconds)


def table(rungs: Sequence[Rung]) -> str:
    """The ladder as a Markdown table; nothing in it depends on ``--jobs`` or the clock."""
    lines = [_cells(HEADER), _cells(["---"] * len(HEADER))]
    lines += [_cells(rung.row()) for rung in rungs]
    return "\n".join(lines)


def _cells(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def timing(rungs: Sequence[Rung], wall: float, jobs: int) -> str:
    """Wall time per step and in all, with games/s (machine-dependent, so not in the table)."""
    lines = []
    for rung in rungs:
        games = rung.step.games
        lines.append(
            f"  {rung.step.title}: {rung.step.below} → {rung.step.level}, {games} games in "
            f"{rung.seconds:.1f} s, {rung.seconds / games * jobs:.3f} s per game per job, "
            f"{games / rung.seconds:.2f} games/s"
        )
    total = sum(rung.step.games for rung in rungs)
    lines.append(f"  all: {total} games in {wall:.1f} s, {total / wall:.2f} games/s, {_jobs(jobs)}")
    return "\n".join(lines)


def footer(args: argparse.Namespace, rungs: Sequence[Rung], wall: float) -> str:
    """One line under the table: how it was measured and how long it took."""
    total = sum(rung.step.games for rung in rungs)
    budget = "iteration budgets (deterministic)"
    if args.think:
        times = ", ".join(f"{name} {seconds:g} s" for name, seconds in args.think)
        budget = f"thinking time per decision ({times}): depends on the machine's speed"
    return (
        f"Seed {args.seed}, {budget}; {total:,} games in {_duration(wall)} with "
        f"{_jobs(args.jobs)} ({total / wall:.2f} games/s)."
    )


def _jobs(jobs: int) -> str:
    return f"{jobs} job{'s' if jobs > 1 else ''}"


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    minutes = seconds / 60
    return f"{minutes:.0f} min" if minutes < 120 else f"{minutes / 60:.1f} h"


def replace_block(path: Path, block: str) -> None:
    """Put ``block`` between the ladder markers of ``path``, leaving the rest as it was."""
    text = path.read_text(encoding="utf-8")
    if text.count(START) != 1 or text.count(END) != 1 or text.index(START) > text.index(END):
        raise SystemExit(f"{path}: needs one {START} followed by one {END}")
    head, rest = text.split(START)
    _, tail = rest.split(END)
    path.write_text(f"{head}{START}\n{block}\n{END}{tail}", encoding="utf-8")


def _pairs(parser: argparse.ArgumentParser, items: Sequence[str], flag: str) -> dict[str, str]:
    pairs = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key or not value:
            parser.error(f"{flag} expects KEY=VALUE, got {item!r}")
        pairs[key] = value
    return pairs


def _games_for(parser: argparse.ArgumentParser, args: argparse.Namespace) -> dict[str, int]:
    out = {}
    for key, value in _pairs(parser, args.games_for, "--games-for").items():
        game, _, level = key.rpartition(":")
        if level not in args.levels[1:] or (game and game not in GAMES):
            parser.error(f"--games-for {key}: name a step as LEVEL or GAME:LEVEL (e.g. hard)")
        if not value.isdigit() or int(value) < 1:
            parser.error(f"--games-for {key}: {value!r} is not a positive number of games")
        out[key] = int(value)
    return out


def _think(parser: argparse.ArgumentParser, items: Sequence[str]) -> list[tuple[str, float]]:
    """``--think`` as (level, seconds): a bare number for every search level without its own."""
    given = _pairs(parser, [i for i in items if "=" in i], "--think")
    default = [i for i in items if "=" not in i]
    if len(default) > 1:
        parser.error("--think: give one plain number of seconds (others as LEVEL=SECONDS)")
    from tabletop.bots.registry import bot_searches, check_think

    think = []
    for level in STRENGTH_ORDER:
        if not bot_searches(level, "kung-fu"):  # the search levels are the same in every game
            continue
        text = given.pop(level, default[0] if default else None)
        if text is None:
            continue
        try:
            think.append((level, check_think(float(text))))
        except ValueError as exc:
            parser.error(f"--think {level}: {exc}")
    if given:
        parser.error(f"--think: not a search level: {', '.join(given)}")
    return think


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", action="append", choices=sorted(GAMES), help="a game (repeat; default: all)"
    )
    parser.add_argument(
        "--levels",
        default=",".join(STRENGTH_ORDER),
        help="the ladder, weakest first, comma-separated (default: %(default)s)",
    )
    parser.add_argument(
        "--games",
        type=int,
        help=f"games per step (default: {DEFAULT_GAMES}, normal {DEFAULT_GAMES_FOR['normal']}, "
        f"hard {DEFAULT_GAMES_FOR['hard']}; --quick: one seat rotation)",
    )
    parser.add_argument(
        "--games-for",
        action="append",
        default=[],
        metavar="STEP=N",
        help="games for one step, named by its upper level: hard=100 or king-of-tokyo:hard=60",
    )
    parser.add_argument(
        "--quick", action="store_true", help="a smoke test: one seat rotation per step"
    )
    parser.add_argument(
        "--think",
        action="append",
        default=[],
        metavar="[LEVEL=]SECONDS",
        help="thinking time per decision for the search levels instead of their iterations "
        "(a bare number: every search level; LEVEL=SECONDS: that one); machine-dependent",
    )
    parser.add_argument(
        "--two-player",
        action="store_true",
        help=f"also measure {' and '.join(TWO_PLAYER)} head to head",
    )
    parser.add_argument("--seed", type=int, default=1, help="base seed (default: 1)")
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes; the figures do not depend on it (default: 1, 0: all cores)",
    )
    parser.add_argument(
        "--write", metavar="PATH", help=f"replace the block between {START} and {END} in PATH"
    )
    args = parser.parse_args(argv)
    args.game = args.game or list(GAMES)
    args.levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    unknown = [level for level in args.levels if level not in STRENGTH_ORDER]
    if len(args.levels) < 2 or unknown:
        parser.error(f"--levels: two or more of {', '.join(STRENGTH_ORDER)}")
    if args.games is not None and args.games < 1:
        parser.error("--games must be positive")
    args.games_for = _games_for(parser, args)
    args.think = _think(parser, args.think) if args.think else []
    if args.jobs == 0:
        args.jobs = os.cpu_count() or 1
    if args.jobs < 1:
        parser.error("--jobs must be positive (0: all cores)")
    for game, (_, options) in GAMES.items():
        tabletop.make(game, **dict(options))  # fail early on an option a game lost
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    rungs = []
    start = time.perf_counter()
    try:
        for step in plan(args):
            rung = measure(step, args.seed, args.jobs)
            print(
                f"{step.title}: {step.match}, {step.games} games, {rung.seconds:.1f} s",
                file=sys.stderr,
                flush=True,
            )
            rungs.append(rung)
    except KeyboardInterrupt:
        print(f"Interrupted; the steps measured (nothing written):\n{table(rungs)}")
        return 130
    wall = time.perf_counter() - start
    block = f"{table(rungs)}\n\n{footer(args, rungs, wall)}"
    print(block)
    print("\nWall time:\n" + timing(rungs, wall, args.jobs))
    if args.write:
        replace_block(Path(args.write), block)
        print(f"\nWrote the ladder into {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
