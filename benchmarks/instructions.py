"""Instructions per random game of any engine, counted by callgrind.

Games per second move by 20% with the machine's load; the number of instructions a
game costs does not. This runs ``valgrind --tool=callgrind`` on two processes that
play ``--games`` and 1 random games (log off) and prints the difference per game, so
that start-up and imports cancel out. With ``--against DIR`` it counts a second source
tree the same way (an older checkout, or an unpacked compiled wheel) and prints the
ratio::

    python benchmarks/instructions.py                                 # King of Tokyo, 4 players
    python benchmarks/instructions.py --game kung-fu --games 400
    python benchmarks/instructions.py --game uno-power -o target_score=single_round
    python benchmarks/instructions.py --against /tmp/before/src
    python benchmarks/instructions.py --against build/compiled/site   # the compiled build
    PYTHONPATH=build/compiled/site python benchmarks/instructions.py

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
from typing import NamedTuple


class Setup(NamedTuple):
    game: str
    players: int
    options: dict[str, str]


PLAY = """
import json
import sys
import tabletop
from tabletop.core.rng import Rng

game = tabletop.make(sys.argv[3], **json.loads(sys.argv[2]))
players = int(sys.argv[4])
for seed in range(int(sys.argv[1])):
    state = game.new_state(players, seed=seed, log=False)
    choose = Rng(seed + 1_000_000)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[choose.randrange(len(legal))])
print(tabletop.compiled())
"""


def instructions(games: int, path: str | None, setup: Setup) -> tuple[int, str]:
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
                json.dumps(setup.options),
                setup.game,
                str(setup.players),
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


def per_game(games: int, path: str | None, setup: Setup) -> tuple[float, str]:
    many, engine = instructions(games, path, setup)
    one, _ = instructions(1, path, setup)
    return (many - one) / (games - 1), engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="king-of-tokyo", help="the game's id")
    parser.add_argument("--players", type=int, help="default: 4, or 2 for Kung Fu")
    parser.add_argument("--games", type=int, default=150, help="games in the long run")
    parser.add_argument("--against", help="another source tree (a PYTHONPATH) to compare")
    parser.add_argument(
        "-o", "--option", action="append", default=[], help="a game option, name=value"
    )
    args = parser.parse_args()
    players = args.players or (2 if args.game == "kung-fu" else 4)
    setup = Setup(args.game, players, dict(o.split("=", 1) for o in args.option))
    print(f"{setup.game}, {players} players, options {setup.options or 'default'}")
    mine, engine = per_game(args.games, os.environ.get("PYTHONPATH"), setup)
    print(f"this tree ({engine}): {mine / 1e6:.3f}M instructions per game")
    if args.against:
        theirs, other = per_game(args.games, args.against, setup)
        print(f"{args.against} ({other}): {theirs / 1e6:.3f}M instructions per game")
        print(f"ratio: {mine / theirs:.4f}")


if __name__ == "__main__":
    main()
