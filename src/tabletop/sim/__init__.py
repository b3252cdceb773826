"""The simulation lab: tournaments of bots, in parallel, with statistics and reports.

A :class:`SimSpec` names the game, its options, the line-up of bots, the number
of games and a seed; every game is a pure function of the spec and its index,
so a run gives the same results for any number of workers, on any backend, and
after an interruption and ``--resume``.

>>> spec = SimSpec("kung-fu", ("heuristic", "random"), games=6, seed=1)
>>> outcome = run_simulation(spec, jobs=1)
>>> [r.index for r in outcome.results]
[0, 1, 2, 3, 4, 5]

Statistics (:func:`summarise`) and reports need the ``sim`` extra
(openskill, matplotlib); the ``ray`` backend needs the ``ray`` extra.
"""

from tabletop.sim.backends import BACKENDS, Backend, run_batches
from tabletop.sim.errors import SimError
from tabletop.sim.experiment import Arm, paired_effects
from tabletop.sim.play import GameResult, play_game, play_games
from tabletop.sim.run import RunOutcome, run_simulation
from tabletop.sim.spec import SimSpec, derive_seed
from tabletop.sim.stats import GameStats, StatsExtractor, register_stats, stats_for
from tabletop.sim.store import RunFolder
from tabletop.sim.summary import Tally, item_strength, proportion_ci, summarise

__all__ = [
    "BACKENDS",
    "Arm",
    "Backend",
    "GameResult",
    "GameStats",
    "RunFolder",
    "RunOutcome",
    "SimError",
    "SimSpec",
    "StatsExtractor",
    "Tally",
    "derive_seed",
    "item_strength",
    "paired_effects",
    "play_game",
    "play_games",
    "proportion_ci",
    "register_stats",
    "run_batches",
    "run_simulation",
    "stats_for",
    "summarise",
]
