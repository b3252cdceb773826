"""The compiled build against the interpreted one, in the same run, slice for slice.

One Python process cannot import both builds (they are the same modules), so this
script starts one worker process per build (``PYTHONPATH`` set to the interpreted
source tree or to an unpacked compiled wheel) and hands them timed slices in turn:
each round gives every contender one slice of ``--seconds`` in each build, the build
that goes first alternating from round to round, after an untimed warm-up. The table
shows each build's median rate, the ratio of the medians and the paired ratio (the
median over rounds of compiled / interpreted in the same round), which is the figure
to read on a machine whose load drifts.

Contenders (``--contenders``; the default runs them all):

``<game>``
    Random playouts at engine level, log off (``new_state``, ``legal_actions`` /
    ``apply`` to the end): King of Tokyo with 4 players, UNO Power single rounds
    with 4 players, Kung Fu. Rates in actions ("steps") and games per second.
``clone-<game>``
    ``State.clone()`` over a pool of mid-game states.
``ismcts-<game>``
    The ``normal`` bot's decisions over a pool of mid-game states (the bots are
    Python in both builds; the engine they search is not). Rates in search
    iterations per second: a decision runs the level's fixed number of iterations.

It also reports, per build and game, the bytes one ``clone()`` allocates
(tracemalloc, the median over the pool).

Running::

    pip wheel --no-deps -w build/compiled/dist . \\
        && python -m zipfile -e build/compiled/dist/tabletop-*.whl build/compiled/site
    python benchmarks/compare_builds.py                       # 5 rounds of 1 s slices
    python benchmarks/compare_builds.py --contenders kung-fu ismcts-kung-fu --repeats 9
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

from timing import ClonePool, Contender, Slice, random_playout, table

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"king-of-tokyo": 4, "uno-power": 4, "kung-fu": 2}
OPTIONS: dict[str, dict[str, Any]] = {"uno-power": {"target_score": "single_round"}}
CONTENDERS = [*GAMES] + [f"clone-{g}" for g in GAMES] + [f"ismcts-{g}" for g in GAMES]
BUILDS = ("interpreted", "compiled")


# -- in the workers ---------------------------------------------------------------------


class Playouts(Contender):
    def __init__(self, game_id: str, seed: int) -> None:
        self.key = self.label = game_id
        super().__init__(GAMES[game_id], seed)
        import tabletop

        self.game = tabletop.make(game_id, **OPTIONS.get(game_id, {}))
        self.rng = random.Random(f"{game_id}/{seed}/choices")
        self.seeds = random.Random(f"{game_id}/{seed}/games")

    def play_one(self) -> int:
        return random_playout(self.game, self.players, self.seeds.getrandbits(63), self.rng)


class Clones(ClonePool):
    def __init__(self, game_id: str, seed: int) -> None:
        self.key = self.label = f"clone-{game_id}"
        super().__init__(GAMES[game_id], seed)
        import tabletop

        self.fill(tabletop.make(game_id, **OPTIONS.get(game_id, {})), random.Random(seed))

    def clone_bytes(self) -> int:
        """The median bytes one ``clone()`` allocates, by tracemalloc."""
        sizes = []
        for state in self.pool:
            tracemalloc.start()
            before = tracemalloc.get_traced_memory()[0]
            twin = state.clone()
            sizes.append(tracemalloc.get_traced_memory()[0] - before)
            tracemalloc.stop()
            del twin
        return int(statistics.median(sizes))


class Searches(ClonePool):
    """A "game" is one ``normal`` decision; its steps are the search's iterations."""

    unit = "iterations"
    pool_size = 8

    def __init__(self, game_id: str, seed: int) -> None:
        self.key = self.label = f"ismcts-{game_id}"
        super().__init__(GAMES[game_id], seed)
        import tabletop
        from tabletop.bots import make_bot
        from tabletop.bots.ismcts import level_settings

        self.fill(tabletop.make(game_id, **OPTIONS.get(game_id, {})), random.Random(seed))
        self.bot = make_bot("normal", game_id, seed=seed)
        self.iterations = level_settings("normal", game_id).iterations
        self.next = 0

    def play_one(self) -> int:
        state = self.pool[self.next % len(self.pool)]
        self.next += 1
        self.bot.choose(state, state.current_player)
        return self.iterations


def make_contender(key: str, seed: int) -> Contender:
    if key.startswith("clone-"):
        return Clones(key.removeprefix("clone-"), seed)
    if key.startswith("ismcts-"):
        return Searches(key.removeprefix("ismcts-"), seed)
    return Playouts(key, seed)


def worker() -> None:
    """Answer one JSON line per request line: a timed slice, or the clone sizes."""
    import tabletop

    contenders: dict[str, Contender] = {}
    print(json.dumps({"engine": "compiled" if tabletop.compiled() else "interpreted"}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        key = request["contender"]
        if key not in contenders:
            contenders[key] = make_contender(key, request["seed"])
        contender = contenders[key]
        if request["what"] == "bytes":
            assert isinstance(contender, Clones)
            print(json.dumps({"bytes": contender.clone_bytes()}), flush=True)
            continue
        done = contender.run_for(request["seconds"])
        print(json.dumps(_slice(done)), flush=True)


def _slice(done: Slice) -> dict[str, Any]:
    return {"seconds": done.seconds, "steps": done.steps, "games": done.games}


# -- in the parent ----------------------------------------------------------------------


class Worker:
    def __init__(self, build: str, path: Path) -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(path), str(ROOT / "benchmarks")]))
        env.pop("TABLETOP_EXPECT_COMPILED", None)
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        engine = self._read()["engine"]
        if engine != build:
            raise SystemExit(f"{path} runs the {engine} engines, not the {build} ones")

    def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit("a worker died (its error is above)")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def ask(self, **request: Any) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return self._read()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def rate(answer: dict[str, Any], per: str) -> float:
    return float(answer[per]) / float(answer["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contenders", nargs="*", default=CONTENDERS, choices=CONTENDERS)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--warmup", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--interpreted", type=Path, default=ROOT / "src")
    parser.add_argument("--compiled", type=Path, default=ROOT / "build" / "compiled" / "site")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    workers = {"interpreted": Worker("interpreted", args.interpreted)}
    workers["compiled"] = Worker("compiled", args.compiled)
    slices: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for key in args.contenders:
        for build in BUILDS:
            workers[build].ask(contender=key, seed=args.seed, what="slice", seconds=args.warmup)
    for r in range(args.repeats):
        for key in args.contenders:
            order = BUILDS if (r + len(key)) % 2 == 0 else BUILDS[::-1]
            for build in order:
                answer = workers[build].ask(
                    contender=key, seed=args.seed, what="slice", seconds=args.seconds
                )
                slices.setdefault((key, build), []).append(answer)
                print(
                    f"  round {r + 1}/{args.repeats} {key:<22} {build:<12}"
                    f" {rate(answer, 'steps'):>12,.0f}/s",
                    file=sys.stderr,
                    flush=True,
                )
    sizes = {
        (game, build): workers[build].ask(contender=f"clone-{game}", seed=args.seed, what="bytes")[
            "bytes"
        ]
        for game in GAMES
        for build in BUILDS
    }
    for w in workers.values():
        w.close()
    rows, figures = [], []
    for key in args.contenders:
        per = "games" if key in GAMES else "steps"
        unit = {"games": "games/s"}.get(
            per, "iterations/s" if key.startswith("ismcts-") else "clones/s"
        )
        interpreted = [rate(a, per) for a in slices[(key, "interpreted")]]
        compiled = [rate(a, per) for a in slices[(key, "compiled")]]
        paired = statistics.median(c / i for c, i in zip(compiled, interpreted, strict=True))
        medians = statistics.median(interpreted), statistics.median(compiled)
        rows.append(
            [
                key,
                unit,
                f"{medians[0]:,.0f}",
                f"{medians[1]:,.0f}",
                f"{medians[1] / medians[0]:.2f}x",
                f"{paired:.2f}x",
            ]
        )
        figures.append(
            {
                "contender": key,
                "unit": unit,
                "interpreted": medians[0],
                "compiled": medians[1],
                "ratio": medians[1] / medians[0],
                "paired": paired,
            }
        )
    print(
        table(
            ["contender", "unit", "interpreted", "compiled", "ratio", "paired"], rows, {2, 3, 4, 5}
        )
    )
    print()
    print(
        table(
            ["game", "clone() bytes, interpreted", "compiled"],
            [[g, f"{sizes[(g, 'interpreted')]:,}", f"{sizes[(g, 'compiled')]:,}"] for g in GAMES],
            {1, 2},
        )
    )
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "figures": figures,
                    "clone_bytes": {f"{g}/{b}": sizes[(g, b)] for g in GAMES for b in BUILDS},
                },
                indent=1,
            )
            + "\n"
        )


if __name__ == "__main__":
    main()
