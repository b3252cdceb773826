"""The timing machinery shared by the benchmark scripts.

A benchmark is a set of *contenders* (:class:`Contender`: something that plays whole
games back to back, such as :func:`random_playout` of one engine, or a
:class:`ClonePool`). :func:`measure` warms each one up, then interleaves ``--repeats``
rounds in which every contender gets one slice of ``--seconds`` (the starting contender
rotates from round to round). A slice runs whole games and stops at the first game end
past the deadline; its rate is work done over the measured wall time. Each contender's
:class:`Summary` reduces its slices to medians and a spread ((max - min) / median), and
:func:`paired` gives the median of per-round ratios between two contenders, which is
less sensitive to the machine's load drifting during a run.

An exception inside a game, or a game longer than :data:`STEP_CAP` actions, is counted
as a crash (:class:`GameCrash`) and the contender starts a new game; the steps it had
taken still count.

Also here: the command-line options every such script takes
(:func:`add_timing_arguments`, :func:`add_option_argument`), a plain-text
:func:`table`, :func:`version_of` a distribution and :func:`write_json`.
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import json
import os
import random
import statistics
import sys
import time
import traceback
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

STEP_CAP = 1_000_000
"""A game still running after this many actions is abandoned and counted as a crash."""


class GameCrash(Exception):
    """A game died after ``steps`` actions; ``error`` says why."""

    def __init__(self, steps: int, error: BaseException | str) -> None:
        super().__init__(str(error))
        self.steps = steps
        self.error = error


@dataclass(frozen=True, slots=True)
class Slice:
    """One timed slice of one contender."""

    seconds: float
    steps: int
    games: int
    crashes: int

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


@dataclass(slots=True)
class Summary:
    """All slices of one contender at one player count, reduced to medians."""

    key: str
    label: str
    players: int
    unit: str
    slices: list[Slice] = field(default_factory=list)
    crash_kinds: Counter[str] = field(default_factory=Counter)
    first_crash: str | None = None

    @property
    def steps_per_s(self) -> float:
        return statistics.median(s.steps_per_s for s in self.slices)

    @property
    def games_per_s(self) -> float:
        return statistics.median(s.games_per_s for s in self.slices)

    @property
    def spread(self) -> float:
        """(max - min) / median of the per-slice step rates."""
        rates = [s.steps_per_s for s in self.slices]
        median = statistics.median(rates)
        return (max(rates) - min(rates)) / median if median > 0 else 0.0

    @property
    def total_steps(self) -> int:
        return sum(s.steps for s in self.slices)

    @property
    def total_games(self) -> int:
        return sum(s.games for s in self.slices)

    @property
    def crashes(self) -> int:
        return sum(s.crashes for s in self.slices)

    @property
    def steps_per_game(self) -> float | None:
        """Mean actions per game started (crashed games included)."""
        started = self.total_games + self.crashes
        if self.unit != "steps" or started == 0:
            return None
        return self.total_steps / started

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "players": self.players,
            "unit": self.unit,
            "median_steps_per_s": self.steps_per_s,
            "median_games_per_s": self.games_per_s,
            "spread": self.spread,
            "steps_per_game": self.steps_per_game,
            "total_steps": self.total_steps,
            "total_games": self.total_games,
            "crashes": self.crashes,
            "crash_kinds": dict(self.crash_kinds),
            "first_crash": self.first_crash,
            "slices": [
                {
                    "seconds": s.seconds,
                    "steps": s.steps,
                    "games": s.games,
                    "crashes": s.crashes,
                    "steps_per_s": s.steps_per_s,
                    "games_per_s": s.games_per_s,
                }
                for s in self.slices
            ],
        }


# -- contenders -----------------------------------------------------------------------


def count_steps(steps: Iterator[object]) -> int:
    """Run a game loop that yields once after each step; its number of steps.

    Any exception, or a game longer than ``STEP_CAP``, is raised as :class:`GameCrash`
    with the steps done so far, so every contender's loop is only its own calls.
    """
    done = 0
    try:
        for _ in steps:
            done += 1
            if done >= STEP_CAP:
                raise GameCrash(done, f"no end after {STEP_CAP} steps")
    except GameCrash:
        raise
    except Exception as exc:
        raise GameCrash(done, exc) from exc
    return done


def random_playout(
    game: Any, players: int, seed: int, rng: random.Random, *, log: bool = False
) -> int:
    """One game of uniformly random legal actions at engine level; its number of steps.

    Any exception, or a game longer than ``STEP_CAP``, is raised as :class:`GameCrash`.
    """

    def play() -> Iterator[None]:
        state = game.new_state(players, seed=seed, log=log)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            yield

    return count_steps(play())


class Contender(ABC):
    """Something that plays games back to back; subclasses implement :meth:`play_one`."""

    key: str
    label: str
    unit = "steps"
    """What a step is for this contender: ``"steps"`` (actions) or ``"clones"``."""

    def __init__(self, players: int, seed: int) -> None:
        self.players = players
        self.summary = Summary(self.key, self.label, players, self.unit)

    @abstractmethod
    def play_one(self) -> int:
        """Play one whole game; return its number of steps or raise :class:`GameCrash`."""

    def run_for(self, seconds: float) -> Slice:
        """Play whole games until ``seconds`` have passed; the last game runs to its end."""
        gc.collect()
        steps = games = crashes = 0
        play_one = self.play_one
        clock = time.perf_counter
        start = clock()
        deadline = start + seconds
        while True:
            try:
                steps += play_one()
                games += 1
            except GameCrash as crash:
                steps += crash.steps
                crashes += 1
                self._note_crash(crash)
            now = clock()
            if now >= deadline:
                break
        return Slice(now - start, steps, games, crashes)

    def _note_crash(self, crash: GameCrash) -> None:
        error = crash.error
        kind = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        self.summary.crash_kinds[kind] += 1
        if self.summary.first_crash is None:
            if isinstance(error, BaseException):
                lines = traceback.format_exception(error, limit=-4)
                self.summary.first_crash = "".join(lines).strip()
            else:
                self.summary.first_crash = error


class ClonePool(Contender):
    """``State.clone()`` over a pool of mid-game states; a "game" is one pass."""

    unit = "clones"
    pool_size = 64
    depth = (10, 30)  # random actions played into each pooled state

    def fill(self, game: Any, rng: random.Random) -> None:
        self.pool: list[Any] = []
        attempts = 0
        while len(self.pool) < self.pool_size:
            attempts += 1
            if attempts > 100 * self.pool_size:
                raise RuntimeError("could not collect mid-game states")
            state = game.new_state(self.players, seed=rng.getrandbits(63), log=False)
            for _ in range(rng.randint(*self.depth)):
                if state.is_terminal():
                    break
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            if not state.is_terminal():
                self.pool.append(state)

    def play_one(self) -> int:
        try:
            for state in self.pool:
                state.clone()
        except Exception as exc:
            raise GameCrash(0, exc) from exc
        return len(self.pool)


# -- running --------------------------------------------------------------------------


def measure(
    contenders: list[Contender], seconds: float, repeats: int, warmup: float, verbose: bool
) -> None:
    """Warm every contender up, then interleave ``repeats`` rounds of timed slices."""
    for c in contenders:
        c.run_for(warmup)
        c.summary.crash_kinds.clear()
        c.summary.first_crash = None
    for r in range(repeats):
        shift = r % len(contenders)
        for c in contenders[shift:] + contenders[:shift]:
            done = c.run_for(seconds)
            c.summary.slices.append(done)
            if verbose:
                print(
                    f"  round {r + 1}/{repeats}  {c.players}p {c.key:<12} "
                    f"{done.steps_per_s:>12,.0f} {c.unit}/s  {done.games_per_s:>10,.1f} games/s",
                    file=sys.stderr,
                    flush=True,
                )


def paired(top: Summary, base: Summary, rate: str) -> float:
    """Median over rounds of ``top``'s rate / ``base``'s rate in the same round."""
    pairs = [
        getattr(t, rate) / getattr(b, rate)
        for t, b in zip(top.slices, base.slices, strict=True)
        if getattr(b, rate) > 0
    ]
    return statistics.median(pairs) if pairs else float("nan")


# -- command line and output ----------------------------------------------------------


def add_timing_arguments(parser: argparse.ArgumentParser, contenders: Sequence[str]) -> None:
    """The options every interleaved-slice benchmark takes."""
    parser.add_argument(
        "--seconds",
        type=float,
        default=1.0,
        help="length of one timed slice, in seconds (default: 1)",
    )
    parser.add_argument(
        "--repeats",
        type=int,
        default=5,
        help="interleaved rounds; the median is reported (default: 5)",
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=None,
        help="untimed warm-up per contender, in seconds (default: seconds / 4)",
    )
    parser.add_argument("--seed", type=int, default=0, help="base seed (default: 0)")
    parser.add_argument(
        "--contenders",
        nargs="+",
        choices=list(contenders),
        default=list(contenders),
        metavar="NAME",
        help=f"subset to run, among: {', '.join(contenders)}",
    )
    parser.add_argument("--json", metavar="PATH", help="also write the results here as JSON")
    parser.add_argument("--quiet", action="store_true", help="no per-slice progress on stderr")


def parse_timing_arguments(
    parser: argparse.ArgumentParser, argv: Sequence[str] | None
) -> argparse.Namespace:
    """Parse, check the shared options (and ``--players`` if the script has it)."""
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be positive and --repeats at least 1")
    if any(n < 2 for n in getattr(args, "players", [])):
        parser.error("--players takes counts of 2 or more")
    if args.warmup is None:
        args.warmup = args.seconds / 4
    return args


def add_jobs_argument(parser: argparse.ArgumentParser) -> None:
    """``--jobs N``: worker processes, 0 for every core; read back by :func:`job_count`."""
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes; the figures do not depend on it (default: 1, 0: all cores)",
    )


def job_count(parser: argparse.ArgumentParser, jobs: int) -> int:
    """``--jobs``'s value, 0 meaning every core; a negative one is refused."""
    if jobs < 0:
        parser.error("--jobs must be 0 (all cores) or positive")
    return jobs or os.cpu_count() or 1


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    """``--option KEY=VALUE`` (repeatable): a game option, read by :func:`game_options`."""
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable)",
    )


def game_options(parser: argparse.ArgumentParser, items: Sequence[str]) -> dict[str, str]:
    """The ``--option`` values as a dict (a malformed one is a usage error)."""
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            parser.error(f"--option expects KEY=VALUE, got {item!r}")
        options[key.strip()] = value.strip()
    return options


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), rule, *(line(r) for r in rows)])


def version_of(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        module = sys.modules.get(dist)  # imported from a source tree, not installed
        version = getattr(module, "__version__", None)
        return version if isinstance(version, str) else None


def write_json(path: str, data: dict[str, Any]) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2)
        fh.write("\n")
