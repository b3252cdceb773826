"""Training by self-play: numpy and torch agree, a run is a function of its
settings, it resumes as if never stopped, and the command makes its files."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch
from threadpoolctl import threadpool_info

import tabletop
from tabletop.bots.learned import LearnedBot
from tabletop.bots.network import Network
from tabletop.rl.observers import observer_for
from tabletop.train import TrainConfig, TrainError, selfplay, train
from tabletop.train import evaluate as evaluate_module
from tabletop.train import run as run_module
from tabletop.train.evaluate import evaluate
from tabletop.train.learner import Learner
from tabletop.train.recipes import RECIPES
from tabletop.train.selfplay import Task, greedy, play
from tests.processes import kill_group, wait_for_group_to_end

TINY = TrainConfig(
    "kung-fu",
    rounds=2,
    actors=1,
    episodes_per_round=8,
    envs=4,
    hidden=(16,),
    batch_size=64,
    eval_every=1,
    eval_games=4,
    eval_opponents=("random",),
)


def _same(one: Network, other: Network) -> bool:
    mine, theirs = [*one.weights, *one.biases], [*other.weights, *other.biases]
    return all(np.array_equal(a, b) for a, b in zip(mine, theirs, strict=True))


def test_numpy_gives_what_torch_gives() -> None:
    rng = np.random.default_rng(0)
    learner = Learner(
        rng.uniform(0.1, 1, 239).astype(np.float32), (64, 32), 179, seed=3, lr=1e-3, batch_size=8
    )
    obs = rng.uniform(0, 5, (64, 239)).astype(np.float32)
    with torch.no_grad():
        expected = learner.net(torch.from_numpy(obs)).numpy()
    got = learner.network({}).forward(obs)
    assert np.allclose(got, expected, atol=1e-5, rtol=0)


def test_self_play_samples_each_decision_with_its_seat_s_return() -> None:
    learner = Learner(np.ones(239, np.float32), (8,), 179, seed=0, lr=1e-3, batch_size=8)
    task = Task(
        "kung-fu", {}, 2, learner.network({}), seed=5, start=0, episodes=6, envs=3, epsilon=0.5
    )
    samples = play(task)
    assert samples.episodes == 6 and sum(samples.wins_by_seat) <= 6
    assert len(samples.obs) == len(samples.actions) == len(samples.returns) > 6
    assert set(np.unique(samples.returns)) <= {0.0, 1.0}
    again = play(task)
    assert np.array_equal(again.obs, samples.obs) and np.array_equal(again.actions, samples.actions)


def _blas_threads() -> list[int]:
    return [pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"]


def test_self_play_and_evaluation_run_blas_on_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two actors on two cores whose BLAS threads spin waiting for each other's cores
    made a forward pass 3 to 4 times slower: an actor keeps BLAS to one thread."""
    before = _blas_threads()
    assert before, "numpy's BLAS is not seen by threadpoolctl"
    seen: list[list[int]] = []

    def watched(values: np.ndarray, masks: np.ndarray) -> np.ndarray:
        seen.append(_blas_threads())  # called on each forward pass's values
        return greedy(values, masks)

    monkeypatch.setattr(selfplay, "greedy", watched)
    monkeypatch.setattr(evaluate_module, "greedy", watched)
    network = Learner(np.ones(239, np.float32), (8,), 179, seed=0, lr=1e-3, batch_size=8).network(
        {}
    )
    play(Task("kung-fu", {}, 2, network, seed=1, start=0, episodes=2, envs=2, epsilon=0.0))
    evaluate(network, "kung-fu", {}, 2, "random", 2)
    assert seen and all(threads == [1] * len(before) for threads in seen)
    assert _blas_threads() == before


def test_the_same_settings_give_the_same_model(tmp_path: Path) -> None:
    one = train(TINY, tmp_path / "one")
    two = train(TINY, tmp_path / "two")
    assert _same(one, two)
    other = train(replace(TINY, seed=1), tmp_path / "other")
    assert not _same(one, other)


def test_a_resumed_run_ends_as_an_unbroken_one(tmp_path: Path) -> None:
    whole = train(TINY, tmp_path / "whole")
    train(replace(TINY, rounds=1), tmp_path / "cut")
    resumed = train(TINY, tmp_path / "cut", resume=True)
    assert _same(whole, resumed)
    record = json.loads((tmp_path / "cut" / "record.json").read_text())
    assert record["training"]["rounds"] == 2 and len(record["curve"]) == 2


def test_the_record_names_the_commit_the_run_started_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Commits that land while a run goes on do not rename its code in record.json."""
    commits = iter(["a" * 40, "b" * 40, "c" * 40])
    monkeypatch.setattr(run_module, "_commit", lambda: next(commits))
    train(TINY, tmp_path / "run")  # two rounds, each saving the record
    assert json.loads((tmp_path / "run" / "record.json").read_text())["commit"] == "a" * 40


def test_a_folder_is_not_overwritten_nor_resumed_with_other_settings(tmp_path: Path) -> None:
    train(replace(TINY, rounds=1), tmp_path / "run")
    with pytest.raises(TrainError, match="already holds a run"):
        train(TINY, tmp_path / "run")
    with pytest.raises(TrainError, match="other settings"):
        train(replace(TINY, lr=0.1), tmp_path / "run", resume=True)
    with pytest.raises(TrainError, match="nothing to resume"):
        train(TINY, tmp_path / "empty", resume=True)
    (tmp_path / "run" / "checkpoint.pt").write_bytes(b"garbage")
    with pytest.raises(TrainError, match=r"cannot resume from .*checkpoint\.pt"):
        train(TINY, tmp_path / "run", resume=True)


def test_the_command_writes_the_model_its_curve_and_its_record(tmp_path: Path) -> None:
    out = tmp_path / "run"
    command = [sys.executable, "-m", "tabletop.cli.main", "train", "kung-fu", "--rounds", "1"]
    command += ["--episodes", "8", "--eval-games", "4", "--actors", "2", "--out", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert {"model.npz", "curve.png", "record.json", "checkpoint.pt"} <= {
        p.name for p in out.iterdir()
    }
    record = json.loads((out / "record.json").read_text())
    assert record["config"]["actors"] == 2 and record["command"][:3] == [
        "tabletop",
        "train",
        "kung-fu",
    ]
    bot = LearnedBot(path=out / "model.npz")
    state = tabletop.make("kung-fu").new_state(2, seed=1)
    assert bot.choose(state, state.current_player) in state.legal_actions()
    again = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert again.returncode == 2 and "already holds a run" in again.stderr
    unknown = subprocess.run([*command[:4], "chess"], capture_output=True, text=True, timeout=60)
    assert unknown.returncode == 2 and "no training recipe for chess" in unknown.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_terminated_command_keeps_its_rounds_and_leaves_no_actor(tmp_path: Path) -> None:
    """SIGTERM ends the command as Ctrl-C does: exit 130, the finished rounds kept,
    and its actor processes gone with it (before, they played their round on)."""
    folder = tmp_path / "run"
    process = _training_with_a_round_done(folder)
    group = process.pid
    try:
        process.send_signal(signal.SIGTERM)
        err = process.communicate(timeout=60)[1]
        wait_for_group_to_end(group)
    finally:
        kill_group(group)
    assert process.returncode == 130, err.decode()
    assert b"--resume" in err and b"Traceback" not in err
    assert torch.load(folder / "checkpoint.pt", weights_only=False)["saved"]["round"] >= 1


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_actors_end_when_the_command_is_killed(tmp_path: Path) -> None:
    """A SIGKILL cannot be caught: the actors notice their parent is gone and end
    (before, they waited for the next round's games for ever)."""
    folder = tmp_path / "run"
    process = _training_with_a_round_done(folder)
    group = process.pid
    try:
        process.kill()
        process.wait(timeout=60)
        wait_for_group_to_end(group)
    finally:
        kill_group(group)


def _training_with_a_round_done(folder: Path) -> subprocess.Popen[bytes]:
    """A long run of two actors in a process group of its own, once its first round
    is checkpointed."""
    command = [sys.executable, "-m", "tabletop.cli.main", "train", "kung-fu", "--out", str(folder)]
    command += ["--rounds", "1000", "--actors", "2", "--episodes", "64", "--eval-games", "2"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    deadline = time.monotonic() + 120
    while not (folder / "checkpoint.pt").exists():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"no round finished: {process.communicate()[1].decode()}")
        time.sleep(0.1)
    return process


def test_actors_on_ray_make_the_model_processes_make(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    config = replace(TINY, actors=2, rounds=1)
    here = train(config, tmp_path / "processes")
    on_ray = train(config, tmp_path / "ray", ray_address="local")
    assert _same(here, on_ray)


@pytest.mark.parametrize("game_id", sorted(RECIPES))
def test_every_recipe_trains_a_network_for_its_game(game_id: str, tmp_path: Path) -> None:
    config = replace(
        RECIPES[game_id],
        rounds=1,
        actors=1,
        episodes_per_round=4,
        envs=4,
        eval_games=4,
        eval_opponents=("random",),
    )
    network = train(config, tmp_path / "run")
    observer = observer_for(tabletop.make(game_id, **config.options))
    assert (network.obs_dim, network.num_outputs) == (observer.size, observer.num_actions)
    assert Network.load(tmp_path / "run" / "model.npz", game_id, "fix").meta["game"] == game_id
    bounds = np.maximum(observer.high, 1.0)
    if config.input_cap is not None:
        bounds = np.minimum(bounds, config.input_cap)
    assert np.allclose(network.scale, 1.0 / bounds)


def test_inputs_are_scaled_by_their_bounds_capped_at_input_cap(tmp_path: Path) -> None:
    """UNO Power's hand sizes are bounded by the whole deck (112): capped at 16, a hand
    of 8 cards reaches the network as 0.5 instead of 0.07."""
    config = replace(TINY, game_id="uno-power", num_players=4, rounds=1, input_cap=16)
    network = train(config, tmp_path / "run")
    field = observer_for(tabletop.make("uno-power")).slices["hand_size"]
    assert np.allclose(network.scale[field], 1 / 16)
    uncapped = train(replace(config, input_cap=None), tmp_path / "uncapped")
    assert np.allclose(uncapped.scale[field], 1 / 112)


def test_the_docstring_examples_run() -> None:
    import doctest

    import tabletop.train as package
    from tabletop.train import selfplay

    for module in (package, selfplay):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
