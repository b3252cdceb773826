"""A Gymnasium environment: one learning seat against registry bots.

>>> from tabletop.rl.gymnasium import SingleAgentEnv
>>> env = SingleAgentEnv("kung-fu", opponents=["random"])
>>> obs, info = env.reset(seed=3)
>>> obs.shape == env.observation_space.shape, info["action_mask"].dtype.name
(True, 'int8')

The other seats are played by bots from :func:`tabletop.bots.make_bot` (one name per
opponent, in seat order after skipping the learning ``seat``), so the number of
players is ``len(opponents) + 1``. Everything is seeded from ``reset(seed=...)``
through the environment's ``np_random``: the game's seed and each bot's seed;
``reset()`` without a seed continues that stream.

- Observation: the game observer's flat ``float32`` vector for the learning seat
  (:mod:`tabletop.rl.observers`); the legal actions are ``info["action_mask"]``
  (``int8``, one entry per action id).
- Action: ``Discrete(game.info.num_distinct_actions)``, an action id of the game.
- Reward: 0 until the end, then the learning seat's ``state.returns()`` entry.
- An illegal action (mask entry 0) ends the episode with reward -1 and
  ``info["illegal"] = True``; the game is left as it was. Gymnasium requires
  ``step`` to accept every action of the space, so it is not an exception here.
- ``max_steps`` (optional) truncates an episode after that many learner steps.

Importing this module registers ``tabletop/UnoPower-v0`` (a single round, three
players: the learner and two heuristic bots), ``tabletop/KungFu-v0`` (against the
heuristic bot) and ``tabletop/KingOfTokyo-v0`` (four monsters: the learner and three
heuristic bots) with Gymnasium; keyword arguments of ``gymnasium.make`` override them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

import tabletop
from tabletop.bots import Bot, make_bot
from tabletop.core.errors import TabletopError
from tabletop.core.game import State
from tabletop.rl.observers import FloatArray, MaskArray, observer_for
from tabletop.rl.start import start_state


class SingleAgentEnv(gymnasium.Env[FloatArray, np.int64]):
    """One learning ``seat`` of ``game_id`` against ``opponents`` (bot names)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium's API)

    def __init__(
        self,
        game_id: str,
        opponents: Sequence[str] = ("heuristic",),
        seat: int = 0,
        *,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        self.game = tabletop.make(game_id, **options)
        self.opponent_names = tuple(opponents)
        self.num_players = len(self.opponent_names) + 1
        self.game.check_num_players(self.num_players)
        if not 0 <= seat < self.num_players:
            raise TabletopError(
                "seat must be 0 to {last}, not {seat}", last=self.num_players - 1, seat=seat
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise TabletopError(
                "render_mode must be one of {modes}", modes=self.metadata["render_modes"]
            )
        for name in self.opponent_names:
            make_bot(name, game_id, seed=0)  # fail early on an unknown bot name
        self.seat = seat
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.observer = observer_for(self.game)
        ob = self.observer
        self.observation_space = spaces.Box(ob.low, ob.high, ob.shape, np.float32)
        self.action_space = spaces.Discrete(ob.num_actions)
        self.state: State | None = None
        self.bots: dict[int, Bot] = {}
        self.steps = 0
        self._done = False

    # -- the loop -------------------------------------------------------------

    def _info(self, state: State, **extra: Any) -> dict[str, Any]:
        mask: MaskArray
        if state.is_terminal() or self._done:
            mask = np.zeros(self.observer.num_actions, dtype=np.int8)
        else:
            mask = self.observer.mask(state)
        return {"action_mask": mask, **extra}

    def _play_opponents(self, state: State) -> None:
        while not state.is_terminal() and state.current_player != self.seat:
            player = state.current_player
            state.apply(self.bots[player].choose(state, player))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        state = start_state(self.game, self.num_players, int(rng.integers(2**63 - 1)), options)
        others = [p for p in range(self.num_players) if p != self.seat]
        self.bots = {
            p: make_bot(name, self.game.id, seed=int(rng.integers(2**63 - 1)))
            for p, name in zip(others, self.opponent_names, strict=True)
        }
        if not any(bot.reads_plays(self.game.id) for bot in self.bots.values()):
            state.drop_record()  # no opponent searches by what the seats played
        self.state = state
        self.steps = 0
        self._done = False
        self._play_opponents(state)
        return self.observer.encode(state, self.seat), self._info(state)

    def step(self, action: Any) -> tuple[FloatArray, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None:
            raise RuntimeError("call reset() before step()")
        if self._done or state.is_terminal():
            raise RuntimeError("the episode is over; call reset()")
        action_id = int(action)
        if not 0 <= action_id < self.observer.num_actions or action_id not in {
            a.id for a in state.legal_actions()
        }:
            self._done = True
            obs = self.observer.encode(state, self.seat)
            return obs, -1.0, True, False, self._info(state, illegal=True)
        state.apply(action_id)
        self.steps += 1
        self._play_opponents(state)
        obs = self.observer.encode(state, self.seat)
        terminated = state.is_terminal()
        reward = float(state.returns()[self.seat]) if terminated else 0.0
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        if terminated or truncated:
            self._done = True
        return obs, reward, terminated, truncated, self._info(state)

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return self.observer.string(self.state, self.seat)

    def action_masks(self) -> MaskArray:
        """The current action mask (the name ``sb3_contrib``'s MaskablePPO looks for)."""
        if self.state is None:
            raise RuntimeError("call reset() first")
        mask: MaskArray = self._info(self.state)["action_mask"]
        return mask


ENV_IDS = {
    "tabletop/UnoPower-v0": {
        "game_id": "uno-power",
        "opponents": ("heuristic", "heuristic"),
        "target_score": "single_round",
    },
    "tabletop/KungFu-v0": {"game_id": "kung-fu", "opponents": ("heuristic",)},
    "tabletop/KingOfTokyo-v0": {
        "game_id": "king-of-tokyo",
        "opponents": ("heuristic", "heuristic", "heuristic"),
    },
}


def register_envs() -> None:
    """Register the ids of ``ENV_IDS`` with Gymnasium (once; done on import)."""
    for env_id, kwargs in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="tabletop.rl.gymnasium:SingleAgentEnv", kwargs=kwargs
            )


register_envs()

__all__ = ["ENV_IDS", "SingleAgentEnv", "register_envs"]
