"""The Gymnasium vector adapter (tabletop.rl.gymnasium_vector) over VectorGames."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from tabletop.core.errors import TabletopError
from tabletop.rl.gymnasium import SingleAgentEnv
from tabletop.rl.gymnasium_vector import TabletopVectorEnv


@pytest.mark.parametrize(
    ("game_id", "opponents", "options"),
    [
        ("kung-fu", ["random"], {}),
        ("uno-power", ["heuristic", "random"], {"target_score": "single_round"}),
        ("king-of-tokyo", ["random", "random", "heuristic"], {}),
    ],
)
def test_spaces_hold_what_the_steps_return(
    game_id: str, opponents: list[str], options: dict[str, str]
) -> None:
    envs = TabletopVectorEnv(game_id, 4, opponents, seat=1, **options)
    single = SingleAgentEnv(game_id, opponents, seat=1, **options)
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, infos = envs.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(30):
        assert envs.observation_space.contains(obs)
        masks = infos["action_mask"]
        assert masks.shape == (4, envs.single_action_space.n) and masks.dtype == np.bool_
        assert np.array_equal(envs.action_masks(), masks)
        actions = envs.sample_legal(rng)
        assert envs.action_space.contains(actions)
        assert all(masks[i, a] or not masks[i].any() for i, a in enumerate(actions))
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        assert rewards.shape == terminated.shape == truncated.shape == (4,)
        assert (rewards[~terminated] == 0).all()


def test_rewards_are_the_learning_seats_returns() -> None:
    envs = TabletopVectorEnv("kung-fu", 8, ["random"], seat=1)
    envs.reset(seed=5)
    rng = np.random.default_rng(5)
    finished = 0
    while finished < 4:
        _obs, rewards, terminated, _truncated, _infos = envs.step(envs.sample_legal(rng))
        for i in np.flatnonzero(terminated):
            state = envs.games.states()[i]
            assert rewards[i] == state.returns()[1]
            finished += 1


def test_same_step_mode_reports_the_final_observations() -> None:
    envs = TabletopVectorEnv("kung-fu", 6, ["random"], autoreset="same_step")
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, infos = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    while True:
        obs, _rewards, terminated, truncated, infos = envs.step(envs.sample_legal(rng))
        assert np.array_equal(infos["_final_obs"], terminated | truncated)
        if terminated.any():
            break
    ended = np.flatnonzero(terminated)
    assert infos["action_mask"][ended].any(axis=1).all()  # already the next episode
    assert not np.array_equal(infos["final_obs"][ended], obs[ended])


def test_the_same_seed_repeats_and_no_seed_goes_on() -> None:
    def run(envs: TabletopVectorEnv, seed: int | None) -> bytes:
        obs, _infos = envs.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = [obs.tobytes()]
        for _ in range(20):
            obs, *_ = envs.step(envs.sample_legal(rng))
            seen.append(obs.tobytes())
        return b"".join(seen)

    envs = TabletopVectorEnv("kung-fu", 3, ["random"])
    first = run(envs, 9)
    following = run(envs, None)
    assert first == run(TabletopVectorEnv("kung-fu", 3, ["random"]), 9)
    assert following != first
    assert following == (run(envs, 9), run(envs, None))[1]  # the stream after 9 again


def test_an_illegal_action_is_refused_and_names_the_game() -> None:
    envs = TabletopVectorEnv("kung-fu", 2, ["random"])
    _obs, infos = envs.reset(seed=2)
    actions = infos["action_mask"].argmax(axis=1)
    actions[1] = int(np.flatnonzero(~infos["action_mask"][1])[0])
    with pytest.raises(TabletopError, match="game 1"):
        envs.step(actions)
