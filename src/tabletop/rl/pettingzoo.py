"""PettingZoo AEC environments for every game with an observer.

>>> from tabletop.rl.pettingzoo import env
>>> e = env("kung-fu")
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["observation"].dtype.name, obs["action_mask"].dtype.name
(['action_mask', 'observation'], 'float32', 'int8')

Agents are ``"player_0"``, ``"player_1"``, … (seat ``i`` is ``"player_i"``). The agent
selected is always the seat that must decide now, so out-of-turn decisions (a
Wild Draw Four challenge, the Kung Fu defender's parry) simply select that agent;
turns are not round-robin.

Conventions, as PettingZoo's classic environments:

- ``observe(agent)`` is ``{"observation": float32 vector, "action_mask": int8
  vector}``: the game's :class:`~tabletop.rl.observers.Observer` encoding of that
  seat's view, and the legal actions (all zeros for agents not selected).
- Action spaces are ``Discrete(game.info.num_distinct_actions)``, action ids of the game.
- Rewards are 0 until the end, then ``state.returns()`` (1.0 for each winner).
- :func:`env` wraps :class:`raw_env` in ``TerminateIllegalWrapper(illegal_reward=-1)``,
  ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``: an illegal action ends
  the game for everyone, with reward -1 for the agent that made it and 0 for the
  others. :class:`raw_env` itself raises :class:`~tabletop.core.errors.IllegalActionError`.
- ``reset(seed=s)`` seeds an environment-local generator, which draws the seed of
  each game; ``reset()`` without a seed continues that stream. Nothing touches the
  global ``random``.
- ``render_mode="ansi"``: ``render()`` returns the observer's string twin for the
  selected agent (a spectator's view once the game is over).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers.order_enforcing import (  # type: ignore[import-untyped]
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

import tabletop
from tabletop.core.errors import TabletopError
from tabletop.core.game import State
from tabletop.rl.observers import FloatArray, MaskArray, observer_for
from tabletop.rl.start import start_state

ObsDict = dict[str, FloatArray | MaskArray]


def env(game_id: str, num_players: int | None = None, **options: Any) -> AECEnv[str, Any, Any]:
    """A wrapped AEC environment for ``game_id`` (the usual entry point).

    ``num_players`` defaults to the game's minimum; ``render_mode`` is taken out of
    ``options``, the rest are the game's options.
    """
    render_mode = options.pop("render_mode", None)
    raw = raw_env(game_id, num_players, render_mode=render_mode, **options)
    guard = _TerminateIllegal(raw, illegal_reward=-1)
    return _OrderEnforcing(_AssertOutOfBounds(guard), guard)


# PettingZoo's wrappers reach every attribute of the environment through a chain of
# ``__getattr__`` calls, one per wrapper, and each ``step`` and ``observe`` passes
# through every wrapper: in a random loop that costs more than the game itself. These
# subclasses behave exactly as PettingZoo's (same checks, same errors). They read the
# per-step attributes straight from the unwrapped environment, and the outermost one
# makes the three wrappers' checks of the common step at once (after a reset, an int
# in the action space, legal in the mask the agent was shown, the agent alive) and
# sends it straight down; anything else takes PettingZoo's own code path, wrapper by
# wrapper. Before ``reset()`` the forwarded attributes do not exist, the property
# raises ``AttributeError`` and Python falls back to the wrapper's own
# ``__getattr__``, so ``OrderEnforcingWrapper`` still reports an access before reset.


def _forward(name: str) -> property:
    def get(self: Any) -> Any:
        return getattr(self._raw, name)

    return property(get, doc=f"``{name}`` of the unwrapped environment")


class _Forwarding:
    _raw: raw_env
    agents = _forward("agents")
    agent_selection = _forward("agent_selection")
    rewards = _forward("rewards")
    terminations = _forward("terminations")
    truncations = _forward("truncations")
    infos = _forward("infos")
    _cumulative_rewards = _forward("_cumulative_rewards")


class _TerminateIllegal(_Forwarding, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """Remembers the mask each selected agent was shown, to judge its next action."""

    _prev_obs: ObsDict | None
    _prev_info: dict[str, Any] | None

    def __init__(self, env: raw_env, illegal_reward: float) -> None:
        self._raw = env
        super().__init__(env, illegal_reward=illegal_reward)

    def observe(self, agent: str) -> ObsDict:
        raw = self._raw
        obs = raw.observe(agent)
        if agent == raw.agent_selection:
            self._prev_obs = obs
            self._prev_info = raw.infos.get(agent, {})
        return obs

    def __str__(self) -> str:
        return str(self.env)


class _AssertOutOfBounds(_Forwarding, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    def __init__(self, env: AECEnv[str, Any, Any]) -> None:
        self._raw = env.unwrapped
        super().__init__(env)


class _OrderEnforcing(_Forwarding, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """The outermost wrapper; ``guard`` is the ``_TerminateIllegal`` inside it."""

    def __init__(self, env: AECEnv[str, Any, Any], guard: _TerminateIllegal) -> None:
        self._raw = env.unwrapped
        self._guard = guard
        self._num_actions = self._raw.observer.num_actions
        super().__init__(env)

    def step(self, action: Any) -> None:
        guard = self._guard
        shown = guard._prev_obs
        if (
            shown is not None
            and self._has_reset
            and type(action) is int
            and 0 <= action < self._num_actions
            and shown["action_mask"][action]
        ):
            raw = self._raw
            agent = raw.agent_selection
            if not raw.terminations[agent] and not raw.truncations[agent]:
                self._has_updated = True
                guard._prev_obs = None
                guard._prev_info = None
                raw.step(action)
                return
        super().step(action)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]  # raises
        raw = self._raw
        agent = raw.agent_selection
        info = raw.infos[agent]
        obs = None
        if observe:  # what the guard's ``observe`` does for the selected agent
            guard = self._guard
            guard._prev_obs = obs = raw.observe(agent)
            guard._prev_info = info
        return (
            obs,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            info,
        )

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIterable:
        if not self._has_reset:
            return super().agent_iter(max_iter)  # type: ignore[no-any-return]  # raises
        return _AgentIterable(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)


class _AgentIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing iterator, reading the unwrapped environment."""

    def __next__(self) -> str:
        raw = self.env._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        env = self.env
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return raw.agent_selection  # type: ignore[no-any-return]


class raw_env(AECEnv[str, ObsDict, int]):  # type: ignore[misc]  # PettingZoo's name
    """The unwrapped environment; prefer :func:`env`."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads a class attribute)
        "render_modes": ["ansi"],
        "name": "tabletop",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        *,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = tabletop.make(game_id, **options)
        info = self.game.info
        if num_players is None:
            num_players = info.min_players
        self.game.check_num_players(num_players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise TabletopError(
                "render_mode must be one of {modes}", modes=self.metadata["render_modes"]
            )
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"tabletop_{game_id.replace('-', '_')}_v0"}
        self.num_players = num_players
        self.observer = observer_for(self.game)
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        ob = self.observer
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(ob.low, ob.high, ob.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (ob.num_actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(ob.num_actions) for a in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)
        self.state: State = self.game.new_state(num_players, self._next_game_seed(), log=False)
        self.state.drop_record()  # the agents read observations, never the record

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _next_game_seed(self) -> int:
        return int(self.np_random.integers(2**63 - 1))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.state = start_state(self.game, self.num_players, self._next_game_seed(), options)
        self.state.drop_record()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def observe(self, agent: str) -> ObsDict:
        seat = self.agent_name_mapping[agent]
        obs = self.observer.encode(self.state, seat)
        if agent == self.agent_selection and not self.state.is_terminal():
            mask = self.observer.mask(self.state)
        else:
            mask = np.zeros(self.observer.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, "a live agent must act"
        state = self.state
        state.apply(int(action))  # raises IllegalActionError, changing nothing
        self._cumulative_rewards[agent] = 0.0
        if not state.is_terminal():
            # Rewards stay zero until the end, so there is nothing to accumulate.
            self.agent_selection = self.possible_agents[state.current_player]
            return
        returns = state.returns()
        self.rewards = {a: float(returns[self.agent_name_mapping[a]]) for a in self.agents}
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        if self.state.is_terminal():
            return self.observer.string(self.state, None)
        return self.observer.string(self.state, self.agent_name_mapping[self.agent_selection])

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return str(self.metadata["name"])


__all__ = ["env", "raw_env"]
