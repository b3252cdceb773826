"""Interrupting a run and continuing it gives exactly the uninterrupted results."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop.sim import RunFolder, SimError, SimSpec, run_simulation, summarise
from tests.processes import kill_group, wait_for_group_to_end

from .conftest import Invoke, read_lines

ROOT = Path(__file__).resolve().parents[2]


class _Stop(Exception):
    pass


def test_interrupted_in_process_then_resumed(tmp_path: Path) -> None:
    spec = SimSpec("kung-fu", ("heuristic", "random"), games=40, seed=8)
    reference = run_simulation(spec, jobs=1)

    def stop_after_some(done: int) -> None:
        if done >= 15:
            raise KeyboardInterrupt  # what Ctrl-C does during a run

    folder = RunFolder.create(tmp_path / "run", spec)
    partial = run_simulation(spec, jobs=2, folder=folder, on_batch=stop_after_some)
    assert partial.interrupted and not partial.complete
    assert 15 <= partial.games_done == len(partial.results) < 40
    assert all(r == reference.results[r.index] for r in partial.results)

    folder = RunFolder.open(tmp_path / "run")
    assert folder.spec == spec
    assert list(folder.results()) == partial.results
    resumed = run_simulation(folder.spec, jobs=1, folder=folder, keep_results=False)
    assert resumed.complete and not resumed.interrupted and resumed.results == []
    again = RunFolder.open(tmp_path / "run")
    assert list(again.results()) == reference.results
    assert summarise(spec, again.results()) == summarise(spec, reference.results)
    assert len((tmp_path / "run" / "games.jsonl").read_text().splitlines()) == 40


def test_a_torn_last_line_is_dropped_and_replayed(tmp_path: Path) -> None:
    spec = SimSpec("kung-fu", ("random", "random"), games=6, seed=1)
    folder = RunFolder.create(tmp_path / "run", spec)
    full = run_simulation(spec, folder=folder)
    games = tmp_path / "run" / "games.jsonl"
    lines = games.read_text().splitlines(keepends=True)
    games.write_text("".join(lines[:3]) + lines[3][:20])  # killed in the middle of a write
    folder = RunFolder.open(tmp_path / "run")
    assert sorted(folder.done()) == [0, 1, 2]
    assert run_simulation(spec, folder=folder).results == full.results
    assert len(games.read_text().splitlines()) == 6


def test_a_damaged_run_is_refused(tmp_path: Path) -> None:
    spec = SimSpec("kung-fu", ("random", "random"), games=3, seed=1)
    folder = RunFolder.create(tmp_path / "run", spec)
    run_simulation(spec, folder=folder)
    games = tmp_path / "run" / "games.jsonl"
    games.write_text("{not json}\n" + games.read_text())
    with pytest.raises(SimError, match="line 1 is damaged"):
        RunFolder.open(tmp_path / "run")
    with pytest.raises(SimError, match="holds no run"):
        RunFolder.open(tmp_path / "nothing")
    with pytest.raises(SimError, match="already holds a run"):
        RunFolder.create(tmp_path / "run", spec)
    games.write_text('{"index": 7, "seating": [0, 1]}\n')
    with pytest.raises(SimError, match="line 1 is damaged"):
        RunFolder.open(tmp_path / "run")


def test_a_stream_in_the_wrong_order_is_refused() -> None:
    spec = SimSpec("kung-fu", ("random", "random"), games=3, seed=1)
    results = run_simulation(spec).results
    assert summarise(spec, results[::-1]) == summarise(spec, results)  # a list is sorted
    with pytest.raises(ValueError, match="not in order"):
        summarise(spec, iter(results[::-1]))


def _held_run(tmp_path: Path, gate_bot: str, run: Path) -> tuple[list[str], subprocess.Popen[str]]:
    """The real program, two workers, in a process group of its own: games from index
    10 on wait at a gate that never opens, so the run is surely unfinished when it is
    stopped. Returns the command's arguments and the process, once a game is written."""
    args = ["sim", "kung-fu", "--seats", f"{gate_bot},random", "--games", "24", "--seed", "6"]
    args += ["--jobs", "2", "--no-progress"]
    spec = SimSpec("kung-fu", (gate_bot, "random"), games=24, seed=6)
    held = ",".join(str(spec.game_seed(i)) for i in range(10, 24))
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "TABLETOP_TEST_GATE": str(tmp_path / "never"),
        "TABLETOP_TEST_GATE_SEEDS": held,
        "COLUMNS": "200",
    }
    program = (
        "import sys; from tabletop.bots import register_bot; "
        "register_bot(None, 'gate', 'tests.sim.gate:GateBot'); "
        "from tabletop.cli.main import app; app(sys.argv[1:], prog_name='tabletop')"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", program, *args, "--out", str(run)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    games = run / "games.jsonl"
    deadline = time.monotonic() + 60
    while not (games.exists() and games.read_text()):
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline, "no game finished"
        time.sleep(0.02)
    return args, child


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_stopped_run_keeps_finished_games_and_resume_completes(
    tmp_path: Path, invoke: Invoke, gate_bot: str, stop: signal.Signals
) -> None:
    """Ctrl-C, or a SIGTERM (before, it killed the command at once, with no summary,
    and left both workers waiting for tasks for ever): exit 130, the finished games
    kept and summarised, the workers gone with the command."""
    run = tmp_path / "run"
    args, child = _held_run(tmp_path, gate_bot, run)
    games = run / "games.jsonl"
    try:
        child.send_signal(stop)
        out, err = child.communicate(timeout=60)
        wait_for_group_to_end(child.pid)
    finally:
        kill_group(child.pid)
    assert child.returncode == 130, err
    assert "Traceback" not in err
    assert f"continue with: tabletop sim --resume {run}" in err
    partial = json.loads((run / "summary.json").read_text())
    assert not partial["complete"]
    assert 1 <= partial["games_played"] <= 10
    assert partial["games_played"] == len(games.read_text().splitlines())
    assert "interrupted" in out

    resumed = invoke(["sim", "--resume", str(run), "--jobs", "2", "--no-progress"])
    assert resumed.exit_code == 0, resumed.output
    reference = invoke([*args, "--out", str(tmp_path / "reference")])
    assert reference.exit_code == 0, reference.output
    assert read_lines(games) == read_lines(tmp_path / "reference" / "games.jsonl")
    assert json.loads((run / "summary.json").read_text()) == json.loads(
        (tmp_path / "reference" / "summary.json").read_text()
    )


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_workers_end_when_the_command_is_killed(tmp_path: Path, gate_bot: str) -> None:
    """A SIGKILL cannot be caught: the workers, one held at the gate, notice their
    parent is gone and end (before, they waited for tasks for ever)."""
    _, child = _held_run(tmp_path, gate_bot, tmp_path / "run")
    try:
        child.kill()
        child.wait(timeout=60)
        wait_for_group_to_end(child.pid)
    finally:
        kill_group(child.pid)
