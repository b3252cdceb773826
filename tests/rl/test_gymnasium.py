"""The single-agent Gymnasium environment passes Gymnasium's checker."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from tabletop.bots import UnknownBotError  # noqa: E402
from tabletop.core.errors import InvalidOptionsError  # noqa: E402
from tabletop.rl.gymnasium import ENV_IDS, SingleAgentEnv  # noqa: E402

CONFIGS: list[dict[str, Any]] = [
    {"game_id": "uno-power", "opponents": ["heuristic", "random"], "target_score": "single_round"},
    {"game_id": "uno-power", "opponents": ["heuristic"], "seat": 1},
    {"game_id": "kung-fu", "opponents": ["heuristic"]},
    {"game_id": "kung-fu", "opponents": ["random"], "seat": 1, "render_mode": "ansi"},
    {"game_id": "king-of-tokyo", "opponents": ["heuristic"]},
    {
        "game_id": "king-of-tokyo",
        "opponents": ["heuristic", "random", "heuristic"],
        "seat": 2,
        "render_mode": "ansi",
        "edition": "2016",
    },
]


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("kwargs", CONFIGS, ids=lambda k: f"{k['game_id']}-{len(k['opponents'])}")
def test_check_env(kwargs: dict[str, Any]) -> None:
    check_env(SingleAgentEnv(**kwargs))


@pytest.mark.parametrize("env_id", sorted(ENV_IDS))
def test_registered_ids(env_id: str) -> None:
    env = gymnasium.make(env_id)
    check_env(env.unwrapped)
    obs, info = env.reset(seed=0)
    assert obs in env.observation_space
    assert info["action_mask"].any()


def play(env: SingleAgentEnv, seed: int) -> tuple[list[int], float, list[float]]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[int] = []
    total = 0.0
    done = False
    while not done:
        assert obs in env.observation_space
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        actions.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        done = terminated or truncated
    return actions, total, obs.tolist()


@pytest.mark.parametrize("game_id", ["uno-power", "kung-fu", "king-of-tokyo"])
def test_seeded_episodes_repeat_and_reward_is_the_return(game_id: str) -> None:
    options = {"target_score": "single_round"} if game_id == "uno-power" else {}
    env = SingleAgentEnv(game_id, opponents=["heuristic"], **options)
    first = play(env, seed=21)
    assert env.state is not None and env.state.is_terminal()
    assert first[1] == env.state.returns()[0]
    assert play(SingleAgentEnv(game_id, opponents=["heuristic"], **options), seed=21) == first
    assert play(env, seed=22)[0] != first[0]


def test_illegal_action_ends_the_episode() -> None:
    env = SingleAgentEnv("kung-fu", opponents=["random"])
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state.to_dict() if env.state is not None else None
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    assert env.state is not None and env.state.to_dict() == before
    assert not info["action_mask"].any()
    with pytest.raises(RuntimeError):
        env.step(illegal)


def test_max_steps_truncates() -> None:
    env = SingleAgentEnv("uno-power", opponents=["random"], max_steps=2)
    _, info = env.reset(seed=2)
    truncated = False
    for _ in range(2):
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = env.step(action)
    assert truncated and not terminated


def test_bad_arguments() -> None:
    with pytest.raises(UnknownBotError):
        SingleAgentEnv("kung-fu", opponents=["nobody"])
    with pytest.raises(InvalidOptionsError):
        SingleAgentEnv("kung-fu", opponents=["random", "random"])
    with pytest.raises(ValueError, match="seat"):
        SingleAgentEnv("kung-fu", opponents=["random"], seat=2)
