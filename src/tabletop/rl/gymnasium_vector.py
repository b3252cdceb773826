"""A Gymnasium vector environment: one learning seat against bots, in ``num_envs`` games
stepped at once by :class:`~tabletop.rl.vector.VectorGames`.

>>> import numpy as np
>>> from tabletop.rl.gymnasium_vector import TabletopVectorEnv
>>> envs = TabletopVectorEnv("kung-fu", num_envs=4, opponents=["random"])
>>> obs, infos = envs.reset(seed=7)
>>> obs.shape, infos["action_mask"].shape == (4, envs.single_action_space.n)
((4, 239), True)
>>> actions = envs.sample_legal(np.random.default_rng(0))
>>> obs, rewards, terminated, truncated, infos = envs.step(actions)
>>> rewards.dtype.name, terminated.shape
('float32', (4,))

- Spaces: ``single_observation_space`` is the observer's ``Box``,
  ``single_action_space`` ``Discrete(num_actions)``; the batched spaces follow
  Gymnasium's ``batch_space``.
- Legal actions: ``infos["action_mask"]`` (``(N, num_actions)`` bool) and
  :meth:`~TabletopVectorEnv.action_masks` (the method ``sb3_contrib``'s maskable
  algorithms call). An illegal action raises an error naming the game, and moves no
  game: a vector of learners is expected to sample from the mask.
- Rewards: the learning seat's return when its game ends, 0 before.
- Autoreset: ``NEXT_STEP`` (Gymnasium's default, declared in ``metadata``) or
  ``SAME_STEP`` (``autoreset="same_step"``; the final observations are then in
  ``infos["final_obs"]``, with ``infos["_final_obs"]`` marking the games that ended).
- ``reset(seed=s)`` starts game ``i`` as game ``i`` of ``s``'s sequence; ``reset()``
  without a seed goes on to the next seed of a stream seeded by the last one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from tabletop.rl.observers import FloatArray
from tabletop.rl.vector import Batch, BoolArray, IntArray, VectorGames


class TabletopVectorEnv(VectorEnv[FloatArray, IntArray, Any]):
    """``num_envs`` games of ``game_id``: the learner in ``seat``, ``opponents`` (bot
    names, one per other seat, in seat order) everywhere else."""

    def __init__(
        self,
        game_id: str,
        num_envs: int,
        opponents: Sequence[str] = ("heuristic",),
        seat: int = 0,
        *,
        autoreset: Literal["next_step", "same_step"] = "next_step",
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        self.games = VectorGames(
            game_id,
            num_envs,
            opponents=opponents,
            learner_seats=(seat,),
            autoreset=autoreset,
            max_steps=max_steps,
            **options,
        )
        self.seat = seat
        self.num_envs = num_envs
        mode = AutoresetMode.SAME_STEP if autoreset == "same_step" else AutoresetMode.NEXT_STEP
        self.metadata = {"autoreset_mode": mode}
        observer = self.games.observer
        self.single_observation_space = spaces.Box(
            observer.low, observer.high, observer.shape, np.float32
        )
        self.single_action_space = spaces.Discrete(observer.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seeds = np.random.default_rng()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        if seed is None:
            seed = int(self._seeds.integers(2**62))
        self._seeds = np.random.default_rng(seed)
        batch = self.games.reset(seed=seed)
        return batch.obs.copy(), self._infos(batch)

    def step(
        self, actions: IntArray
    ) -> tuple[FloatArray, FloatArray, BoolArray, BoolArray, dict[str, Any]]:
        batch = self.games.step(actions)
        return (
            batch.obs.copy(),
            batch.rewards[:, self.seat].copy(),
            batch.terminated.copy(),
            batch.truncated.copy(),
            self._infos(batch),
        )

    def _infos(self, batch: Batch) -> dict[str, Any]:
        infos: dict[str, Any] = {
            "action_mask": batch.masks.copy(),
            "_action_mask": np.ones(self.num_envs, np.bool_),
        }
        if batch.final_obs is not None:
            ended = batch.terminated | batch.truncated
            infos["final_obs"] = batch.final_obs.copy()
            infos["_final_obs"] = ended.copy()
        return infos

    def action_masks(self) -> BoolArray:
        """The legal actions of every game now (``(num_envs, num_actions)`` bool)."""
        return self.games.batch.masks.copy()

    def sample_legal(self, rng: np.random.Generator) -> IntArray:
        """A uniformly random legal action per game."""
        return self.games.sample_actions(rng)


__all__ = ["TabletopVectorEnv"]
