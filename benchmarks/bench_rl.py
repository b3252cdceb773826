"""RL throughput: random-agent loops through our PettingZoo AEC env, beside RLCard's UNO env.

What is measured
----------------
``aec-uno-power``
    ``tabletop.rl.pettingzoo.env("uno-power", num_players=n, target_score="single_round")``
    (the wrapped env, as a user gets it): ``reset(seed=...)``, then for each agent of
    ``agent_iter()``: ``last()`` (which encodes the agent's observation and its action
    mask), a uniformly random legal action drawn from the mask's nonzero entries with
    a local ``random.Random``, and ``step(action)``. A step is one ``step`` call with an
    action (one decision); the dead steps at the end of a game are not counted. One
    round is one game, as in RLCard.
``aec-kung-fu``
    The same loop for ``env("kung-fu")`` (two players).
``aec-king-of-tokyo``
    The same loop for ``env("king-of-tokyo", num_players=n)`` (the 2011 rules, the
    default), one per ``--players`` count (2 to 6).
``vector-uno-power``, ``vector-kung-fu``, ``vector-king-of-tokyo``
    ``tabletop.rl.vector.VectorGames(game, N, n, learner_seats="all")`` (self-play: every
    decision comes back to the caller, as in the AEC loop), ``--batch`` games (N,
    default 256) stepped per call: each call draws one uniformly random legal action
    per game in numpy from the masks (:meth:`VectorGames.sample_actions`) and steps;
    every step writes the deciding seat's observation and mask into the batch's
    buffers. A step is one decision of one game; games are counted as they end
    (autoreset starts the next). The table's last column gives the memory a game of
    the batch holds (``tracemalloc``, a batch of N games after 50 steps, divided by N).
``rlcard-env``
    ``rlcard.make("uno")`` with one ``RandomAgent`` per seat, one ``env.run(is_training=False)``
    per game: ``bench_uno.py``'s contender, unchanged. A step is one decision, and
    includes RLCard's numpy observation encoding and legal-action bookkeeping, and
    ``RandomAgent.eval_step``, which also builds a probability for every action.
``rlcard-env-loop``
    The same env stepped by the loop ours run in: ``reset()``, then ``step(action)``
    with a legal action drawn the same way as ours until ``is_over()``. It shows what
    RLCard's env costs without its agents.

The figures to watch are the UNO Power ratios ``aec-uno-power`` and
``vector-uno-power`` / ``rlcard-env`` in steps/s, against the targets of
:data:`TARGET_RATIO` and :data:`VECTOR_TARGET_RATIO`; the ratio to
``rlcard-env-loop`` is printed beside them, and each game's ``vector`` / ``aec`` ratio
against :data:`VECTOR_OVER_AEC_TARGET`. The two engines play different
rule sets (see ``bench_uno.py``), so the steps/game column differs; steps/s is the rate
an RL trainer sees. Our step does at least as much as RLCard's: the full observation
vector (357 floats for UNO Power against RLCard's 4x4x15 planes) and the mask.

How it is measured
------------------
The timing machinery is ``timing.py``'s: contenders are interleaved, each of
``--repeats`` rounds gives every contender a slice of ``--seconds`` after an untimed
warm-up, a slice plays whole games, and the table shows medians over rounds with the
spread ((max - min) / median) of the per-slice rates; "paired" is the median of the
per-round ratios. Everything is seeded (``--seed``); RLCard's ``RandomAgent`` uses
numpy's global generator, which the contender swaps for a private one around its slices.

::

    pip install -e ".[rl,bench]"
    python benchmarks/bench_rl.py
    python benchmarks/bench_rl.py --players 2 4 --seconds 2 --repeats 7 --json rl.json
    python benchmarks/bench_rl.py --players 4 --batch 256

RLCard is optional: without it only our environments are measured.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from bench_uno import RlcardEnv
from timing import (
    Contender,
    Slice,
    add_timing_arguments,
    count_steps,
    measure,
    parse_timing_arguments,
    table,
    version_of,
    write_json,
)

TARGET_RATIO = 2.0
"""Our UNO Power AEC steps/s over RLCard's UNO env steps/s that we aim for."""

VECTOR_TARGET_RATIO = 8.0
"""Our batched UNO Power steps/s over RLCard's UNO env steps/s that we aim for."""

VECTOR_OVER_AEC_TARGET = 3.0
"""A batched game's steps/s over its AEC loop's that we aim for (King of Tokyo, Kung Fu)."""

GAMES = {
    "uno-power": {"target_score": "single_round"},
    "kung-fu": {},
    "king-of-tokyo": {},
}

CONTENDERS = (
    "aec-uno-power",
    "aec-kung-fu",
    "aec-king-of-tokyo",
    "vector-uno-power",
    "vector-kung-fu",
    "vector-king-of-tokyo",
    "rlcard-env",
    "rlcard-env-loop",
)
BASELINES = ("rlcard-env", "rlcard-env-loop")
"""The RLCard contenders that the UNO Power ratios are taken against."""


class AecLoop(Contender):
    """A PettingZoo AEC random loop: ``last()``, a legal action from the mask, ``step()``."""

    game_id: str
    options: dict[str, Any]

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        from tabletop.rl.pettingzoo import env

        self.env = env(self.game_id, num_players=players, **self.options)
        self.rng = random.Random(f"{self.key}/{players}/{seed}/choices")
        self.env.reset(seed=seed)
        self.first = True

    def play_one(self) -> int:
        return count_steps(self._play())

    def _play(self) -> Iterator[None]:
        env = self.env
        randrange = self.rng.randrange
        if self.first:
            self.first = False  # the game of reset(seed=...) in __init__
        else:
            env.reset()
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)  # a dead step: not counted
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[randrange(len(legal))]))
            yield


class AecUnoPower(AecLoop):
    key = "aec-uno-power"
    label = "ours: PettingZoo AEC, UNO Power (1 round)"
    game_id = "uno-power"
    options = {"target_score": "single_round"}  # noqa: RUF012


class AecKungFu(AecLoop):
    key = "aec-kung-fu"
    label = "ours: PettingZoo AEC, Kung Fu"
    game_id = "kung-fu"
    options = {}  # noqa: RUF012


class AecKingOfTokyo(AecLoop):
    key = "aec-king-of-tokyo"
    label = "ours: PettingZoo AEC, King of Tokyo"
    game_id = "king-of-tokyo"
    options = {}  # noqa: RUF012


class VectorLoop(Contender):
    """A batch of ``batch`` games stepped together, random legal actions from the masks."""

    game_id = ""

    def __init__(self, game_id: str, players: int, seed: int, batch: int) -> None:
        self.game_id = game_id
        self.key = f"vector-{game_id}"
        self.label = f"ours: VectorGames, {game_id} (N={batch})"
        super().__init__(players, seed)
        from tabletop.rl.vector import VectorGames, bytes_per_game

        self.games = VectorGames(game_id, batch, players, learner_seats="all", **GAMES[game_id])
        self.rng = np.random.default_rng([seed, players, batch])
        self.games.reset(seed=seed)
        self.bytes_per_game = bytes_per_game(game_id, players, num_envs=batch, **GAMES[game_id])

    def play_one(self) -> int:  # unused: run_for counts steps and games itself
        raise NotImplementedError

    def run_for(self, seconds: float) -> Slice:
        gc.collect()
        games, rng = self.games, self.rng
        sample, step = games.sample_actions, games.step
        n = games.num_envs
        clock = time.perf_counter
        steps = ended = 0
        start = clock()
        deadline = start + seconds
        while True:
            batch = step(sample(rng))
            steps += n - int(np.count_nonzero(batch.terminated))
            ended += int(np.count_nonzero(batch.terminated))
            now = clock()
            if now >= deadline:
                break
        return Slice(now - start, steps, ended, 0)


class RlcardEnvLoop(RlcardEnv):
    """RLCard's UNO env stepped by our loop: a uniformly random legal action each step."""

    key = "rlcard-env-loop"
    label = "rlcard env.step loop"

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        self.rng = random.Random(f"{self.key}/{players}/{seed}/choices")

    def play_one(self) -> int:
        return count_steps(self._play())

    def _play(self) -> Iterator[None]:
        env = self.env
        randrange = self.rng.randrange
        state, _player = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _player = env.step(legal[randrange(len(legal))])
            yield


def build(
    keys: Sequence[str], players: Sequence[int], seed: int, notes: list[str], batch: int = 256
) -> list[Any]:
    """The contenders that can run; why the others cannot goes to ``notes``."""
    contenders: list[Contender] = []
    if "aec-kung-fu" in keys:
        contenders.append(AecKungFu(2, seed))
    if "vector-kung-fu" in keys:
        contenders.append(VectorLoop("kung-fu", 2, seed, batch))
    for n in players:
        if "vector-uno-power" in keys:
            contenders.append(VectorLoop("uno-power", n, seed, batch))
        if "vector-king-of-tokyo" in keys and 2 <= n <= 6:
            contenders.append(VectorLoop("king-of-tokyo", n, seed, batch))
        if "aec-uno-power" in keys:
            contenders.append(AecUnoPower(n, seed))
        if "aec-king-of-tokyo" in keys:
            if 2 <= n <= 6:
                contenders.append(AecKingOfTokyo(n, seed))
            else:
                notes.append(f"King of Tokyo has 2 to 6 players: {n} skipped")
        for key, factory in (("rlcard-env", RlcardEnv), ("rlcard-env-loop", RlcardEnvLoop)):
            if key not in keys:
                continue
            try:
                contenders.append(factory(n, seed))
            except ImportError as exc:
                note = f"RLCard is not installed ({exc}); only our environments are measured"
                if note not in notes:
                    notes.append(note)
    return contenders


def _paired(top: Any, base: Any) -> float:
    pairs = [
        t.steps_per_s / b.steps_per_s
        for t, b in zip(top.slices, base.slices, strict=True)
        if b.steps_per_s > 0
    ]
    return statistics.median(pairs) if pairs else float("nan")


def ratio_rows(contenders: Sequence[Contender]) -> list[dict[str, Any]]:
    """Our UNO Power contenders over RLCard's, and each game's batch over its AEC loop."""
    by = {(c.players, c.key): c.summary for c in contenders}
    pairs = [(ours, base) for ours in ("aec-uno-power", "vector-uno-power") for base in BASELINES]
    pairs += [(f"vector-{game}", f"aec-{game}") for game in GAMES]
    rows = []
    for n in sorted({c.players for c in contenders}):
        for ours, baseline in pairs:
            top, base = by.get((n, ours)), by.get((n, baseline))
            if top is None or base is None or not base.steps_per_s:
                continue
            rows.append(
                {
                    "players": n,
                    "ours": ours,
                    "baseline": baseline,
                    "steps_per_s": top.steps_per_s / base.steps_per_s,
                    "games_per_s": top.games_per_s / base.games_per_s
                    if base.games_per_s
                    else float("nan"),
                    "paired_steps_per_s": _paired(top, base),
                }
            )
    return rows


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Random-agent steps/s of our PettingZoo envs against RLCard's UNO env."
    )
    parser.add_argument(
        "--players",
        type=int,
        nargs="+",
        default=[2],
        metavar="N",
        help="UNO Power and King of Tokyo player counts (default: 2; Kung Fu always has 2)",
    )
    parser.add_argument(
        "--batch", type=int, default=256, metavar="N", help="games per batch (default: 256)"
    )
    add_timing_arguments(parser, CONTENDERS)
    return parse_timing_arguments(parser, argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    notes: list[str] = []
    contenders = build(args.contenders, args.players, args.seed, notes, args.batch)
    if not contenders:
        print("nothing to measure: " + "; ".join(notes), file=sys.stderr)
        return 1
    if not args.quiet:
        total = len(contenders) * (args.seconds * args.repeats + args.warmup)
        print(f"measuring {len(contenders)} contenders, about {total:.0f} s", file=sys.stderr)
    measure(contenders, args.seconds, args.repeats, args.warmup, verbose=not args.quiet)
    rows = []
    for c in contenders:
        s = c.summary
        per_game = s.steps_per_game
        rows.append(
            [
                str(s.players),
                s.label,
                f"{s.steps_per_s:,.0f}",
                f"{s.games_per_s:,.1f}",
                "-" if per_game is None else f"{per_game:,.1f}",
                f"{100 * s.spread:.0f}%",
                str(s.crashes),
                f"{c.bytes_per_game:,}" if isinstance(c, VectorLoop) else "-",
            ]
        )
        if s.crash_kinds:
            kinds = "; ".join(f"{k} (x{v})" for k, v in s.crash_kinds.most_common())
            notes.append(f"{s.players}p {s.key} crashes: {kinds}")
    headers = ["players", "contender", "steps/s", "games/s", "steps/game", "spread", "crashes"]
    headers.append("bytes/game")
    parts = [table(headers, rows, right={0, 2, 3, 4, 5, 6, 7})]
    ratios = ratio_rows(contenders)
    if ratios:
        parts.append(
            table(
                ["players", "ratio", "steps/s", "paired steps/s", "games/s"],
                [
                    [
                        str(r["players"]),
                        f"{r['ours']} / {r['baseline']}",
                        f"{r['steps_per_s']:.2f}x",
                        f"{r['paired_steps_per_s']:.2f}x",
                        f"{r['games_per_s']:.2f}x",
                    ]
                    for r in ratios
                ],
                right={0, 2, 3, 4},
            )
        )
        for ours, base, target in (
            ("aec-uno-power", "rlcard-env", TARGET_RATIO),
            ("vector-uno-power", "rlcard-env", VECTOR_TARGET_RATIO),
            ("vector-kung-fu", "aec-kung-fu", VECTOR_OVER_AEC_TARGET),
            ("vector-king-of-tokyo", "aec-king-of-tokyo", VECTOR_OVER_AEC_TARGET),
        ):
            found = [
                r["paired_steps_per_s"]
                for r in ratios
                if r["ours"] == ours and r["baseline"] == base
            ]
            if found:
                worst = min(found)
                verdict = "meets" if worst >= target else "misses"
                parts.append(
                    f"{ours} steps/s: {worst:.2f}x {base} ({verdict} the {target:.0f}x target)"
                )
    if notes:
        parts.append("notes:\n" + "\n".join(f"  - {n}" for n in notes))
    print("\n\n".join(parts))
    if args.json:
        data = {
            "benchmark": "bench_rl",
            "environment": {
                "python": sys.version.split()[0],
                "platform": platform.platform(),
                "tabletop": version_of("tabletop"),
                "rlcard": version_of("rlcard"),
                "numpy": version_of("numpy"),
                "pettingzoo": version_of("pettingzoo"),
                "seconds": args.seconds,
                "repeats": args.repeats,
                "warmup": args.warmup,
                "seed": args.seed,
                "players": args.players,
            },
            "results": [c.summary.to_dict() for c in contenders],
            "ratios": ratios,
            "notes": notes,
        }
        write_json(args.json, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
