"""Environments keep the public record of the plays only where a bot reads it: a
learner reads observations, so noting every play would only cost it time."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from tabletop.bots import ISMCTSBot, SearchSettings, make_bot
from tabletop.rl.gymnasium import SingleAgentEnv
from tabletop.rl.pettingzoo import env as aec_env

GAMES = [
    ("uno-power", {"target_score": "single_round"}),
    ("kung-fu", {}),
    ("king-of-tokyo", {"power_up": "on"}),
]


def test_a_bot_reads_the_plays_only_where_its_search_deals_by_the_belief() -> None:
    assert make_bot("normal", "uno-power", seed=1).reads_plays("uno-power")
    assert not make_bot("normal", "kung-fu", seed=1).reads_plays("kung-fu")
    assert not make_bot("heuristic", "uno-power", seed=1).reads_plays("uno-power")
    assert not make_bot("random", "uno-power", seed=1).reads_plays("uno-power")
    assert ISMCTSBot(1, SearchSettings(belief=True)).reads_plays("kung-fu")


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_multi_agent_environments_keep_no_record(game_id: str, options: dict[str, str]) -> None:
    env = aec_env(game_id, **options)
    assert env.unwrapped.state.record is None
    env.reset(seed=3)
    assert env.unwrapped.state.record is None
    for _ in range(20):  # and none grows as the game goes on
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        env.step(int(mask.nonzero()[0][0]))
        if not env.agents:
            break
    assert env.unwrapped.state.record is None


def test_openspiel_states_keep_no_record() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (open_spiel) is not installed")
    import tabletop.rl.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_tabletop_kung_fu")
    assert game.new_initial_state().tabletop_state.record is None


def test_a_single_agent_environment_keeps_it_for_an_opponent_that_reads_it() -> None:
    options = {"target_score": "single_round"}
    plain = SingleAgentEnv("uno-power", opponents=["heuristic", "heuristic"], **options)
    plain.reset(seed=5)
    assert plain.state.record is None
    reading = SingleAgentEnv("uno-power", opponents=["normal", "heuristic"], **options)
    reading.reset(seed=5)
    assert reading.state.record is not None
