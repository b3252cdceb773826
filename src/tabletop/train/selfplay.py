"""Self-play in numpy: the games an actor plays with the current network, and what
it learns from them (no torch here, so actors are cheap processes anywhere).

Every seat is played by the same network (observations are relative to the seat,
so one network plays them all): in each of ``envs`` games stepped together
(:class:`~tabletop.rl.vector.VectorGames`), the seat to move takes the legal action
of highest value, or with probability ``epsilon`` a uniformly random legal one. When
a game ends, each decision a seat made in it becomes a sample: the seat's
observation, the action it took, and the seat's return in that game (Deep
Monte-Carlo: the value of an action is learned as the mean return that followed it).

A task is a pure function of its fields: the same weights and seeds give the same
samples in any process.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop.bots.network import Network, one_blas_thread
from tabletop.rl.vector import VectorGames


@dataclass(frozen=True)
class Task:
    """``episodes`` self-play games: game ``i`` is game ``start + i`` of ``seed``'s
    sequence, played with ``network``."""

    game_id: str
    options: dict[str, Any]
    num_players: int
    network: Network
    seed: int
    start: int
    episodes: int
    envs: int
    epsilon: float


@dataclass(frozen=True)
class Samples:
    """Decisions and the returns that followed them."""

    obs: npt.NDArray[np.float32]
    actions: npt.NDArray[np.int64]
    returns: npt.NDArray[np.float32]
    episodes: int
    wins_by_seat: tuple[int, ...]

    @classmethod
    def join(cls, parts: list[Samples]) -> Samples:
        return cls(
            obs=np.concatenate([p.obs for p in parts]),
            actions=np.concatenate([p.actions for p in parts]),
            returns=np.concatenate([p.returns for p in parts]),
            episodes=sum(p.episodes for p in parts),
            wins_by_seat=tuple(int(x) for x in np.sum([p.wins_by_seat for p in parts], axis=0)),
        )


def shares(total: int, parts: int) -> list[int]:
    """``total`` split into ``parts`` counts as even as can be, the first ones larger.

    >>> shares(10, 3)
    [4, 3, 3]
    """
    return [total // parts + (1 if k < total % parts else 0) for k in range(parts)]


def greedy(values: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """Per row, the legal action of highest value (the lowest id among equals)."""
    return np.where(masks, values, -np.inf).argmax(axis=1)


def play(task: Task) -> Samples:
    """Play ``task.episodes`` games to their end and return every decision in them.
    BLAS on one thread: an actor's products are small, and with two actors on two
    cores BLAS threads waiting for the other actor's core made a forward pass 3 to 4
    times slower."""
    with one_blas_thread():
        return _play(task)


def _play(task: Task) -> Samples:
    envs = min(task.envs, task.episodes)
    games = VectorGames(
        task.game_id,
        envs,
        task.num_players,
        learner_seats="all",
        autoreset="same_step",
        **task.options,
    )
    rng = np.random.default_rng([task.seed, task.start, 1])
    batch = games.reset(seed=task.seed, start=task.start)
    # Each game's decisions so far: (row of observations, action, seat).
    open_obs: list[list[npt.NDArray[np.float32]]] = [[] for _ in range(envs)]
    open_moves: list[list[tuple[int, int]]] = [[] for _ in range(envs)]
    started = envs  # episodes begun (each game plays its own sequence of episodes)
    finished = 0
    obs_out: list[npt.NDArray[np.float32]] = []
    actions_out: list[int] = []
    returns_out: list[float] = []
    wins = np.zeros(task.num_players, np.int64)
    live = np.ones(envs, np.bool_)
    while finished < task.episodes:
        values = task.network.forward(batch.obs)
        actions = greedy(values, batch.masks)
        explore = rng.random(envs) < task.epsilon
        if explore.any():
            actions = np.where(explore, games.sample_actions(rng), actions)
        for i in np.flatnonzero(live):
            open_obs[i].append(batch.obs[i].copy())
            open_moves[i].append((int(actions[i]), int(batch.players[i])))
        batch = games.step(actions)
        for i in np.flatnonzero(batch.terminated & live):
            returns = batch.rewards[i]
            obs_out.extend(open_obs[i])
            for action, seat in open_moves[i]:
                actions_out.append(action)
                returns_out.append(float(returns[seat]))
            wins += returns > 0
            open_obs[i], open_moves[i] = [], []
            finished += 1
            if started < task.episodes:
                started += 1
            else:
                live[i] = False  # its next episode is not part of this task
    size = games.observer.size
    return Samples(
        obs=np.stack(obs_out) if obs_out else np.zeros((0, size), np.float32),
        actions=np.array(actions_out, np.int64),
        returns=np.array(returns_out, np.float32),
        episodes=finished,
        wins_by_seat=tuple(int(x) for x in wins),
    )
