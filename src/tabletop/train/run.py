"""A training run: rounds of self-play by actors, each followed by the learner's
pass over what they played, checkpointed after every round.

A round sends the current network to ``actors`` processes (or Ray tasks), each of
which plays its share of ``episodes_per_round`` games (:mod:`~tabletop.train.selfplay`);
their samples are joined in actor order and the learner fits them. Game ``g`` of round
``r`` is game ``r * episodes_per_round + g`` of the run's seed, so the run is a
function of its configuration: the same seed and number of actors give the same
model, whatever the machine's speed, and a run resumed from its checkpoint goes on
exactly as if it had never stopped.

The run's folder holds ``checkpoint.pt`` (to resume), ``model.npz`` (the network
for numpy, what the package ships), ``curve.png`` (win rates against the ladder's
bots by round) and ``record.json`` (the command, the code version, the
configuration, the time taken and every evaluation).
"""

from __future__ import annotations

import json
import multiprocessing
import platform
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import torch

import tabletop
from tabletop.bots.network import FORMAT, Network
from tabletop.core.errors import TabletopError
from tabletop.rl.observers import observer_for
from tabletop.sim.orphans import watch_parent
from tabletop.train.evaluate import Score, evaluate
from tabletop.train.learner import Learner
from tabletop.train.selfplay import Samples, Task, play, shares


class TrainError(TabletopError):
    """A training run that cannot start or go on (its folder, its options)."""


@dataclass(frozen=True)
class TrainConfig:
    """Everything that decides the model (and nothing that does not: ``actors``
    decides the split of the games, so it is part of it; the folder is not)."""

    game_id: str
    options: dict[str, Any] = field(default_factory=dict)
    num_players: int = 2
    seed: int = 0
    rounds: int = 100
    actors: int = 2
    episodes_per_round: int = 1024
    envs: int = 32
    epsilon: float = 0.05
    hidden: tuple[int, ...] = (256, 256)
    lr: float = 3e-4
    batch_size: int = 512
    epochs: int = 1
    eval_every: int = 10
    eval_games: int = 200
    eval_opponents: tuple[str, ...] = ("random", "heuristic")
    # Each input is divided by its observer bound, capped at ``input_cap`` when set:
    # a count whose bound is far above what a game shows (UNO Power's hand sizes are
    # bounded by the 112-card deck) then reaches the network larger than 1/100.
    input_cap: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TrainConfig:
        data = dict(data)
        for key in ("hidden", "eval_opponents"):
            data[key] = tuple(data[key])
        return cls(**data)


@dataclass
class Progress:
    """Where a run stands after a round (what the command's bar and curve show)."""

    round: int
    rounds: int
    episodes: int
    samples: int
    loss: float
    seconds: float
    scores: list[Score] = field(default_factory=list)


@dataclass
class _Saved:
    round: int = 0
    episodes: int = 0
    samples: int = 0
    seconds: float = 0.0
    curve: list[dict[str, Any]] = field(default_factory=list)


def train(
    config: TrainConfig,
    folder: Path,
    *,
    resume: bool = False,
    ray_address: str | None = None,
    on_round: Callable[[Progress], None] = lambda progress: None,
    command: list[str] | None = None,
) -> Network:
    """Run (or go on with) the training ``config`` describes in ``folder``."""
    folder = Path(folder)
    checkpoint = folder / "checkpoint.pt"
    game = tabletop.make(config.game_id, **config.options)
    observer = observer_for(game)
    bound = np.maximum(observer.high, 1.0)
    if config.input_cap is not None:
        bound = np.minimum(bound, config.input_cap)
    scale = (1.0 / bound).astype(np.float32)
    learner = Learner(
        scale,
        config.hidden,
        observer.num_actions,
        seed=config.seed,
        lr=config.lr,
        batch_size=config.batch_size,
    )
    saved = _Saved()
    if resume:
        if not checkpoint.is_file():
            raise TrainError("nothing to resume in {folder}: no checkpoint.pt", folder=str(folder))
        try:
            state = torch.load(checkpoint, weights_only=False)
            before = TrainConfig.from_dict(state["config"])
        except Exception as exc:  # a damaged or foreign file: say so, change nothing
            raise TrainError(
                "cannot resume from {path}: {problem}", path=str(checkpoint), problem=exc
            ) from None
        if before != replace(config, rounds=before.rounds):
            raise TrainError(
                "{folder} holds a run with other settings; resume it with its own "
                "(record.json lists them) or start a new folder",
                folder=str(folder),
            )
        learner.load_state_dict(state["learner"])
        saved = _Saved(**state["saved"])
    elif checkpoint.exists():
        raise TrainError(
            "{folder} already holds a run: pass --resume to go on with it, or choose "
            "another folder",
            folder=str(folder),
        )
    folder.mkdir(parents=True, exist_ok=True)
    meta = {
        "game": config.game_id,
        "options": config.options,
        "format": FORMAT,
        "obs_dim": observer.size,
        "num_actions": observer.num_actions,
    }
    started = time.perf_counter() - saved.seconds
    commit = _commit()  # the code this run (or this part of a resumed one) started from
    with _actors(config.actors, ray_address) as run_tasks:
        while saved.round < config.rounds:
            network = learner.network(meta)
            per_actor = shares(config.episodes_per_round, config.actors)
            first = saved.round * config.episodes_per_round
            tasks = []
            for k, count in enumerate(per_actor):
                tasks.append(
                    Task(
                        config.game_id,
                        config.options,
                        config.num_players,
                        network,
                        config.seed,
                        first + sum(per_actor[:k]),
                        count,
                        config.envs,
                        config.epsilon,
                    )
                )
            samples = Samples.join(run_tasks(tasks))
            loss = learner.fit(samples, config.epochs)
            saved.round += 1
            saved.episodes += samples.episodes
            saved.samples += len(samples.actions)
            saved.seconds = time.perf_counter() - started
            progress = Progress(
                saved.round, config.rounds, saved.episodes, saved.samples, loss, saved.seconds
            )
            if saved.round % config.eval_every == 0 or saved.round == config.rounds:
                network = learner.network(meta)
                progress.scores = [
                    evaluate(
                        network,
                        config.game_id,
                        config.options,
                        config.num_players,
                        opponent,
                        config.eval_games,
                    )
                    for opponent in config.eval_opponents
                ]
                saved.curve.append(
                    {
                        "round": saved.round,
                        "episodes": saved.episodes,
                        "seconds": round(saved.seconds, 1),
                        "scores": [score.to_dict() for score in progress.scores],
                    }
                )
            _save(folder, config, learner, saved, meta, command, commit)
            on_round(progress)
    return learner.network({**meta, "training": _training(config, saved)})


def _training(config: TrainConfig, saved: _Saved) -> dict[str, Any]:
    last = saved.curve[-1]["scores"] if saved.curve else []
    return {
        "seed": config.seed,
        "rounds": saved.round,
        "episodes": saved.episodes,
        "samples": saved.samples,
        "seconds": round(saved.seconds, 1),
        "scores": last,
    }


def _save(
    folder: Path,
    config: TrainConfig,
    learner: Learner,
    saved: _Saved,
    meta: dict[str, Any],
    command: list[str] | None,
    commit: str | None,
) -> None:
    """Write the round's files, each whole or not at all (a write then a rename)."""
    training = _training(config, saved)
    network = learner.network({**meta, "training": training})
    state = {"config": config.to_dict(), "learner": learner.state_dict(), "saved": asdict(saved)}
    _replace(folder / "checkpoint.pt", lambda path: torch.save(state, path))
    _replace(folder / "model.npz", lambda path: network.save(path))
    record = {
        "command": command,
        "tabletop": tabletop.__version__,
        "commit": commit,
        "python": platform.python_version(),
        "torch": torch.__version__,
        "config": config.to_dict(),
        "training": training,
        "curve": saved.curve,
    }
    _replace(folder / "record.json", lambda path: path.write_text(json.dumps(record, indent=2)))
    if saved.curve:
        from tabletop.train.curve import draw_curve

        _replace(folder / "curve.png", lambda path: draw_curve(saved.curve, config, path))


def _commit() -> str | None:
    """The git commit of the code, where it runs from a checkout (else ``None``)."""
    try:
        done = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=Path(tabletop.__file__).parent,
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None if done.returncode == 0 else None


def _replace(path: Path, write: Callable[[Path], None]) -> None:
    partial = path.with_name(path.name + ".partial")
    write(partial)
    partial.replace(path)


@contextmanager
def _actors(count: int, ray_address: str | None) -> Iterator[Callable[[list[Task]], list[Samples]]]:
    """A function that plays a round's tasks and returns their samples in order."""
    if ray_address is not None:
        yield from _ray_actors(ray_address)
        return
    if count <= 1:
        yield lambda tasks: [play(task) for task in tasks]
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(count, initializer=watch_parent) as pool:
        yield lambda tasks: pool.map(play, tasks)


def _ray_actors(address: str) -> Iterator[Callable[[list[Task]], list[Samples]]]:
    try:
        import ray
    except ImportError:
        raise TrainError("--ray needs Ray: pip install 'tabletop[ray]'") from None
    try:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise TrainError(
            "cannot reach the Ray cluster at {address}: {problem}", address=address, problem=exc
        ) from None
    remote = ray.remote(num_cpus=1)(play)
    try:
        yield lambda tasks: ray.get([remote.remote(task) for task in tasks])
    finally:
        ray.shutdown()
