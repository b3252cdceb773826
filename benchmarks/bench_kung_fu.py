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
The timing machinery is ``timing.py``'s: contenders are interleaved, each of
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

import random
import sys
from collections.abc import Sequence
from functools import partial

import tabletop
from engine_bench import run
from timing import ClonePool, Contender, random_playout

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


def main(argv: Sequence[str] | None = None) -> int:
    factories = {
        key: partial(cls, PLAYERS)  # type: ignore[arg-type]
        for key, cls in CONTENDERS.items()
    }
    return run(
        "bench_kung_fu", __doc__.splitlines()[0], factories, TARGET_GAMES_PER_S, "playouts", argv
    )


if __name__ == "__main__":
    sys.exit(main())
