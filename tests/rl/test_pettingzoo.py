"""The PettingZoo AEC environments pass PettingZoo's own checks."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import tabletop  # noqa: E402
from tabletop.core.errors import IllegalActionError, TabletopError  # noqa: E402
from tabletop.rl.pettingzoo import env, raw_env  # noqa: E402

CONFIGS: list[dict[str, Any]] = [
    {"game_id": "uno-power", "num_players": 3, "target_score": "single_round"},
    {"game_id": "uno-power", "num_players": 2},  # the default match to 500
    {"game_id": "kung-fu"},
    {"game_id": "king-of-tokyo"},  # two monsters
    {"game_id": "king-of-tokyo", "num_players": 4, "edition": "2016"},
]
IDS = ["uno-power-single-round", "uno-power-match", "kung-fu", "king-of-tokyo-2", "king-of-tokyo-4"]


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    # PettingZoo warns about Dict observations in every classic environment.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("kwargs", CONFIGS, ids=IDS)
def test_api(kwargs: dict[str, Any]) -> None:
    api_test(env(**kwargs), num_cycles=1000)


@pytest.mark.parametrize("kwargs", CONFIGS, ids=IDS)
def test_seed(kwargs: dict[str, Any]) -> None:
    seed_test(lambda: env(**kwargs), num_cycles=500)


def play(e: Any, seed: int) -> tuple[list[float], list[int], dict[str, float]]:
    """A random game (actions drawn from the env's masks): first obs, actions, rewards."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    first = e.observe(e.agent_selection)["observation"].tolist()
    actions: list[int] = []
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(5000):
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        e.step(action)
    return first, actions, total


@pytest.mark.parametrize("game_id", ["uno-power", "kung-fu", "king-of-tokyo"])
def test_rewards_are_the_returns_and_seeds_replay(game_id: str) -> None:
    options = {"target_score": "single_round"} if game_id == "uno-power" else {}
    e = env(game_id, **options)
    first, actions, total = play(e, seed=11)
    assert play(env(game_id, **options), seed=11) == (first, actions, total)
    # The same game, replayed on the engine with the seed the env drew.
    state = e.unwrapped.game.new_state(2, seed=e.unwrapped.state.seed)
    for a in actions:
        state.apply(a)
    assert state.is_terminal()
    assert [total[f"player_{p}"] for p in range(2)] == state.returns()
    assert play(env(game_id, **options), seed=12)[1] != actions


def test_illegal_action_ends_the_game_with_a_penalty() -> None:
    e = env("kung-fu")
    e.reset(seed=3)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1
    assert all(r == 0 for a, r in e.rewards.items() if a != agent)


def test_raw_env_raises_on_an_illegal_action() -> None:
    e = raw_env("kung-fu")
    e.reset(seed=3)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError):
        e.step(int(np.flatnonzero(mask == 0)[0]))


def test_spaces_render_and_only_the_selected_agent_has_a_mask() -> None:
    e = env("uno-power", num_players=4, target_score="single_round", render_mode="ansi")
    e.reset(seed=5)
    game = tabletop.make("uno-power")
    for agent in e.possible_agents:
        space = e.observation_space(agent)
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (game.info.num_distinct_actions,)
        assert e.action_space(agent).n == game.info.num_distinct_actions
        obs = e.observe(agent)
        assert space.contains(obs)
        assert obs["action_mask"].any() == (agent == e.agent_selection)
    text = e.render()
    assert isinstance(text, str) and text.startswith("UNO Power")
    assert f"{e.agent_selection.replace('_', ' ')}'s view" in text


def test_king_of_tokyo_six_players_render_and_masks() -> None:
    e = env("king-of-tokyo", num_players=6, render_mode="ansi")
    e.reset(seed=8)
    n = tabletop.make("king-of-tokyo").info.num_distinct_actions
    for agent in e.possible_agents:
        space = e.observation_space(agent)
        assert space["action_mask"].shape == (n,) and e.action_space(agent).n == n
        obs = e.observe(agent)
        assert space.contains(obs)
        assert obs["action_mask"].any() == (agent == e.agent_selection)
    text = e.render()
    assert isinstance(text, str) and text.startswith("King of Tokyo")
    assert f"{e.agent_selection.replace('_', ' ')}'s view" in text


def _pettingzoo_stack(game_id: str) -> Any:
    """The same environment under PettingZoo's own wrappers, as ``env`` stacks them."""
    from pettingzoo.utils import wrappers

    raw = raw_env(game_id)
    return wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(wrappers.TerminateIllegalWrapper(raw, -1))
    )


def _action(move: str, mask: Any, shown: Any) -> Any:
    """The action a ``_script`` move sends, given the mask now and the one last shown."""
    if move == "legal":
        return int(np.flatnonzero(mask)[-1])
    if move == "illegal":
        return int(np.flatnonzero(mask == 0)[0])
    if move == "stale":
        return int(np.flatnonzero(shown & (mask == 0))[0])
    if move == "int64":
        return np.int64(np.flatnonzero(mask)[0])
    if move == "out":
        return mask.size
    assert move == "none", move
    return None


def _script(e: Any, moves: list[str]) -> list[Any]:
    """Run ``moves`` on ``e``; what each returned or raised, and the env's bookkeeping.

    A move is ``reset``, ``last``, ``next`` (one agent of ``agent_iter``), ``legal``,
    ``illegal``, ``stale`` (legal in the mask ``last`` showed, not now), ``int64`` (a
    legal id as numpy's integer), ``out`` (an id outside the action space), ``none``
    (``step(None)``) or ``iter-twice`` (two agents from the iterator without a step
    between).
    """
    trace: list[Any] = []
    iterator = None
    shown = None
    for move in moves:
        try:
            if move == "reset":
                e.reset(seed=4)
                iterator = iter(e.agent_iter())
                result: Any = None
            elif move == "last":
                obs, reward, terminated, truncated, _ = e.last()
                shown = obs["action_mask"]
                result = (shown.tolist(), reward, terminated, truncated)
            elif move == "next":
                result = next(iterator)  # type: ignore[call-overload]
            elif move == "iter-twice":
                it = iter(e.agent_iter())
                result = (next(it), next(it))
            else:
                mask = e.unwrapped.observer.mask(e.unwrapped.state)
                result = e.step(_action(move, mask, shown))
        except (AssertionError, AttributeError, TabletopError, ValueError) as exc:
            result = (type(exc).__name__, str(exc))
        agents = e.unwrapped.__dict__.get("agents")
        trace.append((move, result))
        if agents is not None:
            books = (e.rewards, e.terminations, e._cumulative_rewards)
            trace.append((e.agent_selection, *map(dict, books)))
    return trace


@pytest.mark.parametrize(
    "moves",
    [
        ["legal", "last", "reset", "last", "legal", "next", "last", "int64", "next", "legal"],
        ["reset", "legal", "legal", "last", "out", "last", "illegal", "none", "none", "none"],
        ["reset", "next", "last", "illegal", "next", "last", "none", "next", "last", "none"],
        ["reset", "next", "iter-twice", "last", "legal", "last", "legal", "next", "none"],
        ["reset", "last", "legal", "stale", "last", "none", "reset", "last", "legal", "legal"],
        ["reset"] + ["last", "legal"] * 60 + ["none", "none", "none", "last"],
    ],
    ids=["before-reset", "out-of-bounds", "illegal", "iterator", "stale-mask", "to-the-end"],
)
@pytest.mark.parametrize("game_id", ["kung-fu", "uno-power"])
def test_wrappers_behave_as_pettingzoos_own(game_id: str, moves: list[str]) -> None:
    """``env``'s wrappers take shortcuts for the common step; every call, legal or not,
    must still return, raise and record what PettingZoo's own wrappers do."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = _script(env(game_id), moves)
        theirs = _script(_pettingzoo_stack(game_id), moves)
    assert ours == theirs
    assert any(r[1] for r in ours if r[0] in ("legal", "last"))  # the script did play
