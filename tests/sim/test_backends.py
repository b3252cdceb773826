"""The same games whatever the number of workers or the backend."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.sim import SimError, SimSpec, run_batches, run_simulation, summarise

from .conftest import UNO_SINGLE, Invoke, read_lines, run_on_ray

SPECS = [
    SimSpec("kung-fu", ("heuristic", "random"), games=24, seed=11),
    SimSpec(
        "uno-power", ("heuristic", "random", "random"), games=12, seed=4, options=(UNO_SINGLE,)
    ),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.game)
def test_results_do_not_depend_on_jobs(spec: SimSpec) -> None:
    serial = run_simulation(spec, jobs=1)
    parallel = run_simulation(spec, jobs=2)
    assert serial.complete and parallel.complete
    assert parallel.results == serial.results
    assert summarise(spec, parallel.results) == summarise(spec, serial.results)


def test_batches_cover_every_requested_game_once() -> None:
    spec = SPECS[0]
    wanted = [1, 2, 3, 5, 8, 13, 21]
    got = [r.index for batch in run_batches(spec, wanted, jobs=2) for r in batch]
    assert sorted(got) == wanted


def test_bad_backend_settings_are_refused() -> None:
    with pytest.raises(SimError, match="unknown backend"):
        run_batches(SPECS[0], [0], backend="dask")  # type: ignore[arg-type]
    with pytest.raises(SimError, match="--address is for the ray backend"):
        run_batches(SPECS[0], [0], address="ray://head:10001")


def test_ray_backend_gives_the_process_backend_results(invoke: Invoke, tmp_path: Path) -> None:
    """A local Ray instance (2 CPUs) against two worker processes, through the CLI."""
    common = ["sim", "kung-fu", "--seats", "heuristic,random", "--games", "30", "--seed", "3"]
    common += ["--jobs", "2", "--no-progress"]
    done = invoke([*common, "--out", "proc"])
    assert done.exit_code == 0, done.output
    run_on_ray([*common, "--out", "ray"], tmp_path)
    assert read_lines(tmp_path / "ray" / "games.jsonl") == read_lines(
        tmp_path / "proc" / "games.jsonl"
    )
    summary = json.loads((tmp_path / "ray" / "summary.json").read_text())
    assert summary == json.loads((tmp_path / "proc" / "summary.json").read_text())
    assert summary["games_played"] == 30
