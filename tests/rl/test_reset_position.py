"""Episodes that start from a position: reset(options={"position": fields})."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from tabletop.core.errors import InvalidOptionsError  # noqa: E402
from tabletop.rl.gymnasium import SingleAgentEnv  # noqa: E402
from tabletop.rl.pettingzoo import raw_env  # noqa: E402

DUEL = {"life": [1, 1], "hands": [["Straight Punch", "Crane Beak"], ["Low Kick"]]}


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def test_gymnasium_episode_starts_from_the_position() -> None:
    env = SingleAgentEnv(game_id="kung-fu", opponents=["random"])
    env.reset(seed=3, options={"position": DUEL})
    assert env.state is not None
    assert [p["life"] for p in env.state.view(None)["players"]] == [1, 1]
    # Each reset draws its own seed for what the position leaves out.
    first = env.state.to_dict()["state"]["decks"]
    env.reset(options={"position": DUEL})
    assert env.state.to_dict()["state"]["decks"] != first
    # Without the option, a normal deal.
    env.reset()
    assert [p["life"] for p in env.state.view(None)["players"]] != [1, 1]


def test_pettingzoo_episode_starts_from_the_position() -> None:
    env = raw_env("uno-power", num_players=2)
    env.reset(seed=1, options={"position": {"hands": [["red 5"], ["blue 5"]], "top": "red 3"}})
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    labels = [a.label for a in env.state.legal_actions()]
    assert "play red 5" in labels and "draw a card" in labels
    assert int(mask.sum()) == len(labels)


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"position": ["life", 3]}, ValueError, "a mapping of position fields"),
        ({"position": {"life": [0, 3]}}, InvalidOptionsError, "position.life"),
    ],
)
def test_bad_reset_options(options: dict[str, Any], error: type[Exception], words: str) -> None:
    env = SingleAgentEnv(game_id="kung-fu", opponents=["random"])
    with pytest.raises(error, match=words):
        env.reset(options=options)


def test_other_reset_options_are_left_alone() -> None:
    """The libraries' checkers pass options of their own (PettingZoo's api_test)."""
    env = SingleAgentEnv(game_id="kung-fu", opponents=["random"])
    env.reset(seed=1, options={"options": 1})
    assert [p["life"] for p in env.state.view(None)["players"]] != [1, 1]


def test_a_position_for_another_number_of_players() -> None:
    env = raw_env("uno-power", num_players=3)
    with pytest.raises(ValueError, match="the position has 2 players"):
        env.reset(options={"position": {"hands": [["red 5"], ["blue 5"]]}})
