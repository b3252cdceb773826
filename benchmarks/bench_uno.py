"""Random-vs-random UNO playouts: our UNO Power engine against RLCard's UNO, in one run.

What is measured
----------------
Every contender plays whole games with uniformly random legal choices for a fixed time
slice, and reports actions per second ("steps/s") and finished games per second:

``ours``
    ``tabletop.make("uno-power", target_score="single_round")``, driven at engine level:
    ``new_state(n, seed=s, log=False)``, then ``legal_actions()`` / ``apply()`` until
    ``is_terminal()``. One round is one game, as in RLCard.
``ours-rlrules``
    The same with options closest to RLCard's rules: ``must_play_if_able`` (draw only when
    nothing is playable), ``forced_play_drawn`` (a playable drawn card is played) and
    ``uno_call="auto"``. UNO Power's defaults let a player draw instead of playing and keep
    the drawn card, so random players draw far more and a default round is several times
    longer than an RLCard game; this variant makes games/s comparable.
``rlcard-round``
    RLCard's bare rules: ``UnoGame.init_game()``, then its ``UnoRound``'s
    ``get_legal_actions(players, current)`` / ``proceed_round(players, action)`` until
    ``round.is_over``. No observation is built: this is the fairest match for ``ours``.
``rlcard-game``
    ``rlcard.games.uno.game.UnoGame`` driven directly: ``init_game()``, then
    ``get_legal_actions()`` / ``step(action)`` until ``is_over()``. Note that
    ``step`` also builds the next player's observation dict (hand, target, every played
    card as strings, legal actions), so that work is part of an RLCard game step.
``rlcard-env``
    ``rlcard.make("uno")`` with one ``rlcard.agents.RandomAgent`` per seat, one
    ``env.run(is_training=False)`` per game. An env step adds action decoding, the numpy
    observation encoding and the agents' bookkeeping to a game step.
``ours-match``
    A full match to 500 points (``tabletop.make("uno-power")``, default options), in
    matches per second; not comparable with RLCard, which only plays single rounds.
``ours-clone``
    ``State.clone()`` per second over a fixed pool of mid-game states (10 to 30 actions
    into a single-round game).

A step is one action applied by the current player. RLCard's rules are simplified (for
example a drawn card that matches the target's colour is played at once, inside the same
``draw`` step; there is no stacking, no UNO call, no challenge), and UNO Power has its own
cards, so the two engines do not take the same number of steps per game: compare both
steps/s and games/s, and look at the steps/game column.

How it is measured
------------------
Contenders are interleaved: each of ``--repeats`` rounds gives every contender one slice
of ``--seconds`` (the starting contender rotates from round to round), after an untimed
warm-up. A slice runs whole games and stops at the first game end past the deadline; its
rate is work done over the measured wall time. The table shows the median over rounds,
the spread ((max - min) / median) of the per-slice rates, and the ratios ours / RLCard:
of the medians, and "paired", the median of the per-round ratios, which is less sensitive
to the machine's load drifting during the run (check both when the spread is large).

Everything is seeded: our choices and RLCard game-level choices come from local
``random.Random`` instances, game seeds are derived from ``--seed``, RLCard's shuffles
use its seeded ``np.random.RandomState`` and, because ``RandomAgent`` draws from numpy's
global generator, the env contender saves and restores that global state around each of
its slices. Which games a slice reaches still depends on timing.

An exception inside a game is counted as a crash and the contender starts a new game;
the steps it had taken still count. RLCard raises ``IndexError: pop from empty list`` when
a player must draw while both the draw pile and the discard pile are empty (its
``replace_deck`` moves the whole discard pile, the card in play included, into the deck),
though random play practically never gets there. A game longer than ``STEP_CAP`` actions
is counted as a crash too.

RLCard 1.2.0 ignores ``game_num_players`` for UNO (``Env.__init__`` applies game configs
only to blackjack and the hold'em games) and always deals two hands; this script sets the
number of players on the env and its game itself, and checks that it took effect.

Running
-------
::

    pip install -e ".[bench]" && python benchmarks/bench_uno.py
    python benchmarks/bench_uno.py --players 2 4 --seconds 1 --repeats 7 --json out.json

RLCard is optional: without it only our contenders run. ``--contenders`` picks a subset.
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import json
import platform
import random
import statistics
import sys
import time
import traceback
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

STEP_CAP = 1_000_000
"""A game still running after this many actions is abandoned and counted as a crash."""

CONTENDERS = (
    "ours",
    "ours-rlrules",
    "rlcard-round",
    "rlcard-game",
    "rlcard-env",
    "ours-match",
    "ours-clone",
)
"""Every contender key, in table order."""

RATIO_TOPS = ("ours", "ours-rlrules")
RATIO_BASES = ("rlcard-round", "rlcard-game", "rlcard-env")
"""The ratio table divides each of ``RATIO_TOPS`` by each of ``RATIO_BASES``."""


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


class OursRound(Contender):
    """Our engine, one round per game, logging off."""

    key = "ours"
    label = "ours (engine, 1 round)"
    options: ClassVar[dict[str, Any]] = {"target_score": "single_round"}

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        import tabletop

        self.game = tabletop.make("uno-power", **self.options)
        self.rng = random.Random(f"{self.key}/{players}/{seed}/choices")
        self.seeds = random.Random(f"{self.key}/{players}/{seed}/games")

    def play_one(self) -> int:
        return random_playout(self.game, self.players, self.seeds.getrandbits(63), self.rng)


class OursRlRules(OursRound):
    """Our engine, one round per game, with the options closest to RLCard's rules."""

    key = "ours-rlrules"
    label = "ours (RLCard-like rules)"
    options: ClassVar[dict[str, Any]] = {
        "target_score": "single_round",
        "must_play_if_able": True,
        "forced_play_drawn": True,
        "uno_call": "auto",
    }


class OursMatch(OursRound):
    """Our engine, a whole match to 500 points (default options)."""

    key = "ours-match"
    label = "ours (match to 500)"
    options: ClassVar[dict[str, Any]] = {}


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


class OursClone(ClonePool):
    """Our UNO Power states, one round, 10 to 30 actions in."""

    key = "ours-clone"
    label = "ours clone()"

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        import tabletop

        game = tabletop.make("uno-power", target_score="single_round")
        self.fill(game, random.Random(f"{self.key}/{players}/{seed}"))


class RlcardGame(Contender):
    """RLCard's ``UnoGame`` driven directly, without the env."""

    key = "rlcard-game"
    label = "rlcard UnoGame"

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        import numpy as np
        from rlcard.games.uno.game import UnoGame

        self.game = UnoGame(num_players=players)
        # UnoGame's own RandomState is unseeded; init_game hands it to the dealer and round.
        self.game.np_random = np.random.RandomState(seed)
        self.rng = random.Random(f"{self.key}/{players}/{seed}/choices")

    def play_one(self) -> int:
        return count_steps(self._play())

    def _play(self) -> Iterator[None]:
        game = self.game
        rng = self.rng
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            yield


class RlcardRound(RlcardGame):
    """RLCard's ``UnoRound`` driven directly: the rules without the observations."""

    key = "rlcard-round"
    label = "rlcard UnoRound"

    def _play(self) -> Iterator[None]:
        game = self.game
        rng = self.rng
        game.init_game()
        rnd = game.round
        players = game.players
        while not rnd.is_over:
            legal = rnd.get_legal_actions(players, rnd.current_player)
            rnd.proceed_round(players, legal[rng.randrange(len(legal))])
            yield


class RlcardEnv(Contender):
    """``rlcard.make("uno")`` with ``RandomAgent`` seats, one ``env.run`` per game."""

    key = "rlcard-env"
    label = "rlcard env.run"

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        import numpy as np
        import rlcard
        from rlcard.agents import RandomAgent

        self.np = np
        env = rlcard.make("uno", config={"game_num_players": players, "seed": seed})
        if env.num_players != players:
            # RLCard 1.2.0 only applies game configs to blackjack and hold'em.
            env.game.num_players = players
            env.num_players = players
        env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(players)])
        self.env = env
        # RandomAgent draws from numpy's global generator: give it a private, seeded state.
        saved = np.random.get_state()
        np.random.seed(seed)
        self.np_state: Any = np.random.get_state()
        np.random.set_state(saved)
        self.checked = False

    def run_for(self, seconds: float) -> Slice:
        """Run with the private numpy state swapped in (the swap is not timed)."""
        saved = self.np.random.get_state()
        self.np.random.set_state(self.np_state)
        try:
            done = super().run_for(seconds)
        finally:
            self.np_state = self.np.random.get_state()
            self.np.random.set_state(saved)
        if not self.checked:
            dealt = len(self.env.game.players)
            if dealt != self.players:
                raise RuntimeError(f"RLCard env dealt {dealt} hands, not {self.players}")
            self.checked = True
        return done

    def play_one(self) -> int:
        env = self.env
        before: int = env.timestep
        try:
            env.run(is_training=False)
        except Exception as exc:
            raise GameCrash(int(env.timestep) - before, exc) from exc
        return int(env.timestep) - before


FACTORIES: dict[str, Callable[[int, int], Contender]] = {
    "ours": OursRound,
    "ours-rlrules": OursRlRules,
    "rlcard-round": RlcardRound,
    "rlcard-game": RlcardGame,
    "rlcard-env": RlcardEnv,
    "ours-match": OursMatch,
    "ours-clone": OursClone,
}


# -- availability ---------------------------------------------------------------------


def version_of(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        module = sys.modules.get(dist)  # imported from a source tree, not installed
        version = getattr(module, "__version__", None)
        return version if isinstance(version, str) else None


def check_ours() -> str | None:
    """``None`` when our engine can play and clone a short game, else why not."""
    try:
        import tabletop

        state = tabletop.make("uno-power", target_score="single_round").new_state(
            2, seed=0, log=False
        )
        rng = random.Random(0)
        for _ in range(10):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        state.clone()
    except Exception as exc:
        return f"our UNO Power engine is not usable ({type(exc).__name__}: {exc})"
    return None


def check_rlcard() -> str | None:
    """``None`` when RLCard can be used, else why not."""
    try:
        import numpy  # noqa: F401
        import rlcard  # noqa: F401
    except ImportError as exc:
        return (
            f"RLCard is not installed ({exc}); only our engine is measured. "
            'Install it with: pip install -e ".[bench]"'
        )
    return None


# -- running --------------------------------------------------------------------------


def build(
    keys: Sequence[str], players: Sequence[int], seed: int, notes: list[str]
) -> list[Contender]:
    """Every contender that can run, in table order; why others cannot goes to ``notes``."""
    skipped: set[str] = set()
    ours_note = check_ours() if any(k.startswith("ours") for k in keys) else None
    rlcard_note = check_rlcard() if any(k.startswith("rlcard") for k in keys) else None
    for note in (ours_note, rlcard_note):
        if note:
            notes.append(note)
    contenders: list[Contender] = []
    for n in players:
        for key in CONTENDERS:
            if key not in keys:
                continue
            if (key.startswith("ours") and ours_note) or (key.startswith("rlcard") and rlcard_note):
                continue
            try:
                contenders.append(FACTORIES[key](n, seed))
            except Exception as exc:
                note = f"{key} skipped ({type(exc).__name__}: {exc})"
                if note not in skipped:
                    skipped.add(note)
                    notes.append(note)
    return contenders


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


def ratios(summaries: list[Summary]) -> list[dict[str, Any]]:
    """Each of ours / each RLCard level, per player count.

    ``steps_per_s`` and ``games_per_s`` divide the median rates; the ``paired_`` ones are
    the medians of the per-round ratios (slices of one round ran close together in time,
    which cancels slow drifts in the machine's load).
    """
    by = {(s.players, s.key): s for s in summaries}
    rows = []
    for n in sorted({s.players for s in summaries}):
        for top_key in RATIO_TOPS:
            for base_key in RATIO_BASES:
                top = by.get((n, top_key))
                base = by.get((n, base_key))
                if top is None or base is None or not base.steps_per_s or not base.games_per_s:
                    continue
                rows.append(
                    {
                        "players": n,
                        "ours": top_key,
                        "vs": base_key,
                        "steps_per_s": top.steps_per_s / base.steps_per_s,
                        "games_per_s": top.games_per_s / base.games_per_s,
                        "paired_steps_per_s": paired(top, base, "steps_per_s"),
                        "paired_games_per_s": paired(top, base, "games_per_s"),
                    }
                )
    return rows


# -- output ---------------------------------------------------------------------------


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), rule, *(line(r) for r in rows)])


def report(summaries: list[Summary], ratio_rows: list[dict[str, Any]], notes: list[str]) -> str:
    rows = []
    for s in summaries:
        per_game = s.steps_per_game
        rows.append(
            [
                str(s.players),
                s.label,
                f"{s.steps_per_s:,.0f} {s.unit}/s",
                "-" if s.unit != "steps" else f"{s.games_per_s:,.1f}",
                "-" if per_game is None else f"{per_game:,.1f}",
                f"{100 * s.spread:.0f}%",
                str(len(s.slices)),
                str(s.crashes),
            ]
        )
    parts = [
        table(
            [
                "players",
                "contender",
                "rate (median)",
                "games/s",
                "steps/game",
                "spread",
                "slices",
                "crashes",
            ],
            rows,
            right={0, 2, 3, 4, 5, 6, 7},
        )
    ]
    if ratio_rows:
        parts.append(
            table(
                ["players", "ratio", "steps/s", "games/s", "paired steps/s", "paired games/s"],
                [
                    [
                        str(r["players"]),
                        f"{r['ours']} / {r['vs']}",
                        f"{r['steps_per_s']:.2f}x",
                        f"{r['games_per_s']:.2f}x",
                        f"{r['paired_steps_per_s']:.2f}x",
                        f"{r['paired_games_per_s']:.2f}x",
                    ]
                    for r in ratio_rows
                ],
                right={0, 2, 3, 4, 5},
            )
        )
    if notes:
        parts.append("notes:\n" + "\n".join(f"  - {n}" for n in notes))
    return "\n\n".join(parts)


def environment(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "tabletop": version_of("tabletop"),
        "rlcard": version_of("rlcard"),
        "numpy": version_of("numpy"),
        "seconds": args.seconds,
        "repeats": args.repeats,
        "warmup": args.warmup,
        "seed": args.seed,
        "players": args.players,
        "contenders": args.contenders,
        "step_cap": STEP_CAP,
    }


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


def write_json(path: str, data: dict[str, Any]) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2)
        fh.write("\n")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Random-vs-random UNO playouts: our UNO Power engine vs RLCard's UNO."
    )
    parser.add_argument(
        "--players",
        type=int,
        nargs="+",
        default=[2, 4],
        metavar="N",
        help="player counts to measure (default: 2 4)",
    )
    add_timing_arguments(parser, CONTENDERS)
    return parse_timing_arguments(parser, argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    notes: list[str] = []
    contenders = build(args.contenders, args.players, args.seed, notes)
    if not contenders:
        print("nothing to measure:\n" + "\n".join(f"  - {n}" for n in notes), file=sys.stderr)
        return 1
    if any(c.key == "rlcard-env" for c in contenders):
        notes.append(
            "RLCard ignores game_num_players for uno; the benchmark sets it on env and game."
        )
    if any(c.key.startswith("rlcard") for c in contenders):
        notes.append(
            "an RLCard step also builds the next observation (and, for env, encodes it with "
            "numpy); a 'draw' step may also play the drawn card."
        )
    total = len(contenders) * (args.seconds * args.repeats + args.warmup)
    if not args.quiet:
        print(f"measuring {len(contenders)} contenders, about {total:.0f} s", file=sys.stderr)
    measure(contenders, args.seconds, args.repeats, args.warmup, verbose=not args.quiet)
    summaries = [c.summary for c in contenders]
    ratio_rows = ratios(summaries)
    for s in summaries:
        if s.crash_kinds:
            kinds = "; ".join(f"{k} (x{v})" for k, v in s.crash_kinds.most_common())
            notes.append(f"{s.players}p {s.key} crashes: {kinds}")
    print(report(summaries, ratio_rows, notes))
    if args.json:
        data = {
            "benchmark": "bench_uno",
            "environment": environment(args),
            "results": [s.to_dict() for s in summaries],
            "ratios": ratio_rows,
            "notes": notes,
        }
        write_json(args.json, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
