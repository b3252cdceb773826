"""Instructions per random King of Tokyo game, counted by callgrind.

Games per second move by 20% with the machine's load; the number of instructions a
game costs does not. This runs ``valgrind --tool=callgrind`` on two processes that
play ``--games`` and 1 random 4-player games (log off) and prints the difference per
game, so that start-up and imports cancel out. With ``--against DIR`` it counts a
second source tree the same way (an older checkout, or an unpacked compiled wheel)
and prints the ratio::

    python benchmarks/instructions_king_of_tokyo.py
    python benchmarks/instructions_king_of_tokyo.py --against /tmp/before/src
    python benchmarks/instructions_king_of_tokyo.py -o power_up=on --games 60
    PYTHONPATH=build/compiled/site python benchmarks/instructions_king_of_tokyo.py

Needs ``valgrind`` on the PATH.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

PLAY = """
import json
import sys
import tabletop
from tabletop.core.rng import Rng

game = tabletop.make("king-of-tokyo", **json.loads(sys.argv[2]))
for seed in range(int(sys.argv[1])):
    state = game.new_state(4, seed=seed, log=False)
    choose = Rng(seed + 1_000_000)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[choose.randrange(len(legal))])
print(tabletop.compiled())
"""


def instructions(games: int, path: str | None, options: dict[str, str]) -> tuple[int, str]:
    """Instructions of one process playing ``games`` games, and the engine it used."""
    env = dict(os.environ, PYTHONHASHSEED="0")  # string hashing costs the same each run
    if path is not None:
        env["PYTHONPATH"] = path
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                PLAY,
                str(games),
                json.dumps(options),
            ],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        found = re.search(r"^summary:\s*(\d+)", out.read_text(), re.MULTILINE)
        if found is None:
            raise SystemExit("callgrind wrote no summary")
        engine = "compiled" if done.stdout.strip().endswith("True") else "interpreted"
        return int(found.group(1)), engine


def per_game(games: int, path: str | None, options: dict[str, str]) -> tuple[float, str]:
    many, engine = instructions(games, path, options)
    one, _ = instructions(1, path, options)
    return (many - one) / (games - 1), engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150, help="games in the long run")
    parser.add_argument("--against", help="another source tree (a PYTHONPATH) to compare")
    parser.add_argument(
        "-o", "--option", action="append", default=[], help="a game option, name=value"
    )
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    mine, engine = per_game(args.games, os.environ.get("PYTHONPATH"), options)
    print(f"this tree ({engine}): {mine / 1e6:.3f}M instructions per game")
    if args.against:
        theirs, other = per_game(args.games, args.against, options)
        print(f"{args.against} ({other}): {theirs / 1e6:.3f}M instructions per game")
        print(f"ratio: {mine / theirs:.4f}")


if __name__ == "__main__":
    main()
