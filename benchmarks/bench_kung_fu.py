"""Random Kung Fu playouts at engine level: games/s, steps/s and clone()/s on one core.

What is measured
----------------
``playouts``
    ``tabletop.make("kung-fu")`` with default options (or ``--option``), driven at
    engine level: ``new_state(2, seed=s, log=False)``, then ``legal_actions()`` /
    ``apply()`` with uniformly random choices until ``is_terminal()``. A step is one
    applied action; chance (shuffles, draws) happens inside ``apply``.
``playouts-log``
    The same with the log on (``log=True``), the way the terminal and server run a game:
    the difference is what writing the events costs.
``clone``
    ``State.clone()`` per second over a fixed pool of mid-game states (5 to 40 actions
    into a game).

The figure to watch is ``playouts`` games/s against the target of
:data:`TARGET_GAMES_PER_S` on one core (one process, no parallelism).

How it is measured
------------------
The timing machinery is ``bench_uno.py``'s: contenders are interleaved, each of
``--repeats`` rounds gives every contender a slice of ``--seconds`` (after an untimed
warm-up), a slice plays whole games, and the table shows the median over rounds with
the spread ((max - min) / median) of the per-slice rates. Choices and game seeds come
from seeded ``random.Random`` instances. An exception inside a game, or a game longer
than ``STEP_CAP`` actions, counts as a crash (listed under the table) and a new game
starts.

::

    python benchmarks/bench_kung_fu.py
    python benchmarks/bench_kung_fu.py --seconds 2 --repeats 7 --json kung_fu.json
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from collections.abc import Sequence

import tabletop
from bench_uno import (
    STEP_CAP,
    ClonePool,
    Contender,
    add_timing_arguments,
    measure,
    parse_timing_arguments,
    random_playout,
    table,
    version_of,
    write_json,
)

TARGET_GAMES_PER_S = 3_000
"""Random playouts per second on one core that the engine is expected to reach."""

GAME_ID = "kung-fu"
PLAYERS = 2


class Playouts(Contender):
    """Random-vs-random games at engine level, logging off."""

    key = "playouts"
    label = "random playouts (log off)"
    log = False

    def __init__(self, players: int, seed: int, options: dict[str, str] | None = None) -> None:
        super().__init__(players, seed)
        self.game = tabletop.make(GAME_ID, **(options or {}))
        self.rng = random.Random(f"{self.key}/{seed}/choices")
        self.seeds = random.Random(f"{self.key}/{seed}/games")

    def play_one(self) -> int:
        return random_playout(
            self.game, self.players, self.seeds.getrandbits(63), self.rng, log=self.log
        )


class PlayoutsLog(Playouts):
    """The same playouts with the game log on."""

    key = "playouts-log"
    label = "random playouts (log on)"
    log = True


class Clones(ClonePool):
    """Kung Fu states 5 to 40 actions into a random game."""

    key = "clone"
    label = "clone()"
    depth = (5, 40)

    def __init__(self, players: int, seed: int, options: dict[str, str] | None = None) -> None:
        super().__init__(players, seed)
        game = tabletop.make(GAME_ID, **(options or {}))
        self.fill(game, random.Random(f"{self.key}/{seed}"))


CONTENDERS: dict[str, type[Playouts] | type[Clones]] = {
    c.key: c for c in (Playouts, PlayoutsLog, Clones)
}


def report(contenders: Sequence[Contender], notes: list[str]) -> str:
    rows = []
    for c in contenders:
        s = c.summary
        per_game = s.steps_per_game
        rows.append(
            [
                s.label,
                f"{s.steps_per_s:,.0f} {s.unit}/s",
                "-" if s.unit != "steps" else f"{s.games_per_s:,.0f}",
                "-" if per_game is None else f"{per_game:,.1f}",
                f"{100 * s.spread:.0f}%",
                str(len(s.slices)),
                str(s.crashes),
            ]
        )
    headers = ["contender", "rate (median)", "games/s", "steps/game", "spread", "slices", "crashes"]
    parts = [table(headers, rows, right={1, 2, 3, 4, 5, 6})]
    playouts = next((c.summary for c in contenders if c.key == "playouts"), None)
    if playouts is not None:
        ratio = playouts.games_per_s / TARGET_GAMES_PER_S
        verdict = "met" if ratio >= 1 else "NOT met"
        parts.append(
            f"target: {TARGET_GAMES_PER_S:,} games/s on one core; playouts reach "
            f"{playouts.games_per_s:,.0f} games/s = {ratio:.2f}x of the target ({verdict})"
        )
    if notes:
        parts.append("notes:\n" + "\n".join(f"  - {n}" for n in notes))
    return "\n\n".join(parts)


def parse_args(argv: Sequence[str] | None) -> tuple[argparse.Namespace, dict[str, str]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_timing_arguments(parser, list(CONTENDERS))
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable)",
    )
    args = parse_timing_arguments(parser, argv)
    options: dict[str, str] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            parser.error(f"--option expects KEY=VALUE, got {item!r}")
        options[key.strip()] = value.strip()
    return args, options


def main(argv: Sequence[str] | None = None) -> int:
    args, options = parse_args(argv)
    contenders = [CONTENDERS[key](PLAYERS, args.seed, options) for key in args.contenders]
    total = len(contenders) * (args.seconds * args.repeats + args.warmup)
    if not args.quiet:
        print(f"measuring {len(contenders)} contenders, about {total:.0f} s", file=sys.stderr)
    measure(contenders, args.seconds, args.repeats, args.warmup, verbose=not args.quiet)
    notes = []
    for c in contenders:
        if c.summary.crash_kinds:
            kinds = "; ".join(f"{k} (x{v})" for k, v in c.summary.crash_kinds.most_common())
            notes.append(f"{c.key} crashes: {kinds}")
    print(report(contenders, notes))
    if args.json:
        data = {
            "benchmark": "bench_kung_fu",
            "environment": {
                "python": sys.version.split()[0],
                "implementation": platform.python_implementation(),
                "platform": platform.platform(),
                "machine": platform.machine(),
                "tabletop": version_of("tabletop"),
                "seconds": args.seconds,
                "repeats": args.repeats,
                "warmup": args.warmup,
                "seed": args.seed,
                "options": options,
                "step_cap": STEP_CAP,
            },
            "target_games_per_s": TARGET_GAMES_PER_S,
            "results": [c.summary.to_dict() for c in contenders],
            "notes": notes,
        }
        write_json(args.json, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
