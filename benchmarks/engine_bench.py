"""The main program shared by the engine-level playout benchmarks of each game.

A game's script declares its contenders (``timing.Contender`` subclasses built
from a seed and the game options) and its games/s target; :func:`run` parses the
common arguments, interleaves the timed slices, prints the table with the verdict
against the target and writes the JSON. ``--profile N`` instead plays N games of the
first contender under ``cProfile`` and prints the most expensive functions.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import sys
from collections.abc import Callable, Mapping, Sequence

import tabletop
from timing import (
    STEP_CAP,
    Contender,
    add_option_argument,
    add_timing_arguments,
    game_options,
    measure,
    parse_timing_arguments,
    table,
    version_of,
    write_json,
)

Factory = Callable[[int, dict[str, str]], Contender]


def report(contenders: Sequence[Contender], notes: list[str], target: float, key: str) -> str:
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
    measured = next((c.summary for c in contenders if c.key == key), None)
    if measured is not None:
        ratio = measured.games_per_s / target
        verdict = "met" if ratio >= 1 else "NOT met"
        parts.append(
            f"target: {target:,.0f} games/s on one core ({key}); measured "
            f"{measured.games_per_s:,.0f} games/s = {ratio:.2f}x of the target ({verdict})"
        )
    if notes:
        parts.append("notes:\n" + "\n".join(f"  - {n}" for n in notes))
    return "\n\n".join(parts)


def parse_args(
    description: str, contenders: Sequence[str], argv: Sequence[str] | None
) -> tuple[argparse.Namespace, dict[str, str]]:
    parser = argparse.ArgumentParser(description=description)
    add_timing_arguments(parser, list(contenders))
    add_option_argument(parser)
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="GAMES",
        help="profile this many games of the first contender instead of timing",
    )
    args = parse_timing_arguments(parser, argv)
    return args, game_options(parser, args.option)


def profile(contender: Contender, games: int, top: int = 15) -> str:
    """The ``top`` functions by own time over ``games`` games, as pstats prints them."""
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(games):
        contender.play_one()
    profiler.disable()
    out = _Capture()
    stats = pstats.Stats(profiler, stream=out)  # type: ignore[arg-type]
    stats.strip_dirs().sort_stats("tottime").print_stats(top)
    return out.text


class _Capture:
    def __init__(self) -> None:
        self.text = ""

    def write(self, chunk: str) -> int:
        self.text += chunk
        return len(chunk)


def engine_kind() -> str:
    """Which engines run: a compiled build (docs/install.md) is several times faster."""
    return "compiled (mypyc)" if tabletop.compiled() else "interpreted"


def run(
    benchmark: str,
    description: str,
    factories: Mapping[str, Factory],
    target: float,
    target_key: str,
    argv: Sequence[str] | None = None,
) -> int:
    args, options = parse_args(description, list(factories), argv)
    contenders = [factories[key](args.seed, options) for key in args.contenders]
    if args.profile:
        if tabletop.compiled():
            print("note: cProfile sees compiled functions only as calls from Python code")
        print(profile(contenders[0], args.profile))
        return 0
    total = len(contenders) * (args.seconds * args.repeats + args.warmup)
    if not args.quiet:
        print(f"measuring {len(contenders)} contenders, about {total:.0f} s", file=sys.stderr)
    measure(contenders, args.seconds, args.repeats, args.warmup, verbose=not args.quiet)
    notes = []
    for c in contenders:
        if c.summary.crash_kinds:
            kinds = "; ".join(f"{k} (x{v})" for k, v in c.summary.crash_kinds.most_common())
            notes.append(f"{c.key} crashes: {kinds}")
    print(f"engine: {engine_kind()}\n")
    print(report(contenders, notes, target, target_key))
    if args.json:
        data = {
            "benchmark": benchmark,
            "environment": {
                "python": sys.version.split()[0],
                "implementation": platform.python_implementation(),
                "platform": platform.platform(),
                "machine": platform.machine(),
                "tabletop": version_of("tabletop"),
                "engine": engine_kind(),
                "seconds": args.seconds,
                "repeats": args.repeats,
                "warmup": args.warmup,
                "seed": args.seed,
                "options": options,
                "step_cap": STEP_CAP,
            },
            "target_games_per_s": target,
            "results": [c.summary.to_dict() for c in contenders],
            "notes": notes,
        }
        write_json(args.json, data)
    return 0
