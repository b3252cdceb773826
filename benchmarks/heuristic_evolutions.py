"""The Power Up! study's arms for chosen Evolutions only: what each is worth to the
monster that holds it, played by the heuristic bot (docs/bots.md, "The heuristic's
Evolutions").

The whole study (``tabletop study power-up``) plays 82 arms; checking a change to how
the heuristic times a few Evolutions needs only their arms and their monsters' arms,
set up as the study sets them up. Prints the effects table as the study's page has it.

    python benchmarks/heuristic_evolutions.py --replicates 4000 --seed 2026 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tabletop.sim.experiment import Arm
from tabletop.sim.run import run_simulation
from tabletop.sim.studies.base import open_or_create
from tabletop.sim.studies.king_of_tokyo import power_up_arms
from tabletop.sim.studies.tables import effects_table, experiment_run
from tabletop.sim.summary import summarise
from timing import add_jobs_argument, job_count

DEFAULT = ("Exotic Arms (Alienoid)", "Sunken Temple (Kraken)", "Tune-Up (Meka Dragon)")


def chosen_arms(names: list[str]) -> tuple[Arm, ...]:
    """The control, the named Evolutions' arms and their monsters' arms, in the study's
    order; a name that is not an arm of the study is refused."""
    every = power_up_arms()
    by_name = {arm.name: arm for arm in every}
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise SystemExit(f"not an arm of the Power Up! study: {', '.join(unknown)}")
    wanted = {every[0].name, *names, *(by_name[n].versus for n in names if by_name[n].versus)}
    return tuple(arm for arm in every if arm.name in wanted)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replicates", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--evolution",
        action="append",
        help='an arm of the study, such as "Tune-Up (Meka Dragon)" (repeatable; '
        "default: Exotic Arms, Sunken Temple and Tune-Up)",
    )
    add_jobs_argument(parser)
    args = parser.parse_args(argv)
    names = args.evolution or list(DEFAULT)
    run = experiment_run(
        "power-up",
        "Power Up!, 4 players",
        "king-of-tokyo",
        chosen_arms(names),
        args.replicates,
        args.seed,
        position={"players": 4},
        options=(("power_up", "on"),),
    )
    with tempfile.TemporaryDirectory() as out:
        folder = open_or_create(Path(out) / run.key, run.spec)
        jobs = job_count(parser, args.jobs)
        run_simulation(run.spec, jobs=jobs, folder=folder, keep_results=False)
        summary = summarise(run.spec, folder.results())  # no report: only its table
    print(effects_table(summary, name="Evolution (monster)", only=names))


if __name__ == "__main__":
    sys.exit(main())
