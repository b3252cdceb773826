"""What a stronger UNO Power ``hard`` could be: the network and search variants against
three ``heuristic`` bots.

One bot plays against three ``heuristic`` bots in ``strength.py``'s four-player single
rounds (same seeds, the measured seat rotating; a fair share is 0.25):

``hard``             the level as registered: 600 iterations, hands dealt by the
                     belief that reads the plays, heuristic rollouts of 10 actions
                     scored by the game's estimate (``estimate_returns``)
``network``          ``hard`` with the position where a rollout stops scored by the
                     package's network instead (``leaf="network"``)
``normal``           the level below (150 iterations, otherwise as ``hard``)
``normal-network``   ``normal`` scoring by the network
``learned``          the package's network alone: the legal action it values most
``learned-search``   ISMCTS with the network as prior and leaf value, 150 iterations,
                     hidden cards dealt uniformly (``LearnedSearchBot``'s default)
``learned-belief``   as ``learned-search``, the hands dealt by the belief

Tune on a seed of your own (seed 99 here); the levels are measured on seed 2026::

    python benchmarks/uno_power_hard.py --bot normal-network --games 200 --seed 99 --jobs 2
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from strength import play_games, variants_main
from tabletop.bots import Bot, make_bot
from tabletop.bots.ismcts import ISMCTSBot, level_settings
from tabletop.bots.learned import LEARNED_SEARCH, LearnedBot, LearnedSearchBot

GAME = "uno-power"
OPTIONS = {"target_score": "single_round"}


def _level(level: str, **changes: Any) -> Callable[[int], Bot]:
    settings = replace(level_settings(level, GAME), **changes)
    return lambda seed: ISMCTSBot(seed=seed, settings=settings)


BOTS: dict[str, Callable[[int], Bot]] = {
    "hard": lambda seed: make_bot("hard", GAME, seed=seed),
    "network": _level("hard", leaf="network"),
    "normal": lambda seed: make_bot("normal", GAME, seed=seed),
    "normal-network": _level("normal", leaf="network"),
    "learned": lambda seed: LearnedBot(seed=seed),
    "learned-search": lambda seed: LearnedSearchBot(seed=seed),
    "learned-belief": lambda seed: LearnedSearchBot(
        seed=seed, settings=replace(LEARNED_SEARCH, belief=True)
    ),
}


def _play(bot: str, seed: int, indices: list[int]) -> list[float]:
    outcomes = play_games(GAME, OPTIONS, "heuristic", "heuristic", 4, seed, indices, BOTS[bot])
    return [o.score(o.seat) for o in outcomes]


def main(argv: Sequence[str] | None = None) -> int:
    return variants_main(__doc__, list(BOTS), _play, "3 heuristic", "network", argv)


if __name__ == "__main__":
    sys.exit(main())
