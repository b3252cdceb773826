"""Random King of Tokyo playouts at engine level: games/s and decisions/s on one core.

What is measured
----------------
``playouts-4p`` / ``playouts-6p``
    ``tabletop.make("king-of-tokyo")`` with default options (the 2011 rules, or
    ``--option``), driven at engine level: ``new_state(n, seed=s, log=False)``, then
    ``legal_actions()`` / ``apply()`` with uniformly random choices until
    ``is_terminal()``. A step is one decision (a reroll choice, a purchase, a yield...);
    dice rolls and card draws happen inside ``apply``.
``playouts-4p-log``
    The 4-player playouts with the log on, the way the terminal and server run a game.
``clone``
    ``State.clone()`` per second over 4-player states 5 to 60 decisions into a game.

The figure to watch is ``playouts-4p`` games/s against :data:`TARGET_GAMES_PER_S` on
one core. ``--profile 300`` plays 300 games of the first contender under cProfile
and prints the functions with the most own time. The timing machinery is
``timing.py``'s (interleaved slices, median and spread).

::

    python benchmarks/bench_king_of_tokyo.py
    python benchmarks/bench_king_of_tokyo.py --profile 300
    python benchmarks/bench_king_of_tokyo.py -o edition=2016 --json kot.json
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

import tabletop
from engine_bench import Factory, run
from timing import ClonePool, Contender, random_playout

TARGET_GAMES_PER_S = 1_000
"""Random 4-player games per second on one core that the issue asks for."""

GAME_ID = "king-of-tokyo"


class Playouts(Contender):
    """Random games at engine level, logging off."""

    key = "playouts-4p"
    label = "random playouts, 4 players (log off)"
    log = False
    num_players = 4

    def __init__(self, seed: int, options: dict[str, str]) -> None:
        super().__init__(self.num_players, seed)
        self.game = tabletop.make(GAME_ID, **options)
        self.rng = random.Random(f"{self.key}/{seed}/choices")
        self.seeds = random.Random(f"{self.key}/{seed}/games")

    def play_one(self) -> int:
        return random_playout(
            self.game, self.players, self.seeds.getrandbits(63), self.rng, log=self.log
        )


class Playouts6(Playouts):
    key = "playouts-6p"
    label = "random playouts, 6 players (log off)"
    num_players = 6


class PlayoutsLog(Playouts):
    key = "playouts-4p-log"
    label = "random playouts, 4 players (log on)"
    log = True


class Clones(ClonePool):
    """4-player states 5 to 60 decisions into a random game."""

    key = "clone"
    label = "clone()"
    depth = (5, 60)

    def __init__(self, seed: int, options: dict[str, str]) -> None:
        super().__init__(4, seed)
        self.fill(tabletop.make(GAME_ID, **options), random.Random(f"{self.key}/{seed}"))


FACTORIES: dict[str, Factory] = {c.key: c for c in (Playouts, Playouts6, PlayoutsLog, Clones)}


def main(argv: Sequence[str] | None = None) -> int:
    return run(
        "bench_king_of_tokyo",
        __doc__.splitlines()[0],
        FACTORIES,
        TARGET_GAMES_PER_S,
        "playouts-4p",
        argv,
    )


if __name__ == "__main__":
    sys.exit(main())
