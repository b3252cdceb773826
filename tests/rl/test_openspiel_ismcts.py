"""OpenSpiel's search bots play our games through the adapter, and no call hangs or
kills the process.

Each title's games run in a child process (this file run as a script) under a time
limit, so a hang or a crash inside OpenSpiel's C++ fails the test instead of pytest.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (open_spiel) is not installed")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from tabletop.core.errors import TabletopError  # noqa: E402
from tabletop.rl.openspiel import TabletopState, load, play  # noqa: E402
from tabletop.rl.openspiel_bots import guard_cpp_bots  # noqa: E402

TITLES: dict[str, dict[str, Any]] = {
    "uno-power": {"game_id": "uno-power", "num_players": 2, "target_score": "single_round"},
    "kung-fu": {"game_id": "kung-fu"},
    "king-of-tokyo": {"game_id": "king-of-tokyo", "num_players": 2},
}
GAMES = 2  # per title, the searching bot in seat 0 then seat 1
SIMULATIONS = 6
CPP_MCTS_MOVES = 8
LIMIT_S = 240  # a child that runs longer has hung


def _python_ismcts(game: Any, seed: int) -> Any:
    rng = np.random.RandomState(seed)
    # Short rollouts (a return of 0 where they stop): UNO Power's random rounds are long.
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=20)
    return ismcts.ISMCTSBot(game, evaluator, 2.0, SIMULATIONS, random_state=rng)


def child(config: dict[str, Any]) -> dict[str, Any]:
    """Play the title's games; what happened, for the parent to check."""
    out: dict[str, Any] = {"python_ismcts": [], "cpp_mcts": []}
    for g in range(GAMES):
        game = load(**config, seed=100 + g)
        state = game.new_initial_state()
        bots = [pyspiel.make_uniform_random_bot(p, 7 + p) for p in range(game.num_players())]
        bots[g % 2] = _python_ismcts(game, g)
        returns = play(state, bots)
        out["python_ismcts"].append(
            {"seat": g % 2, "returns": returns, "moves": len(state.history())}
        )
    # OpenSpiel's C++ MCTSBot.step, which let go of Python's lock (and crashed), plays
    # (its rollouts run to the end of the game: a few moves are enough here).
    game = load(**config, seed=200)
    state = game.new_initial_state()
    evaluator = pyspiel.RandomRolloutEvaluator(1, 3)
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, SIMULATIONS, 100, False, 3, False)
    for _ in range(CPP_MCTS_MOVES):
        action = bot.step(state)
        out["cpp_mcts"].append(action in state.legal_actions())
        state.apply_action(action)
    # OpenSpiel's C++ ISMCTSBot cannot re-sample a Python game: each of its calls says so.
    state = game.new_initial_state()
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    bot = pyspiel.ISMCTSBot(5, evaluator, 2.0, SIMULATIONS)
    out["cpp_ismcts"] = {}
    for method in ("step", "get_policy", "step_with_policy"):
        try:
            getattr(bot, method)(state)
            out["cpp_ismcts"][method] = "no error"
        except TabletopError as exc:
            out["cpp_ismcts"][method] = str(exc)
    # An error inside a call from C++ (here in the rollouts of MCTSBot.step) reaches
    # the caller as the same exception.
    calls = 0
    is_terminal = TabletopState.is_terminal

    def failing(self: Any) -> bool:
        nonlocal calls
        calls += 1
        if calls > 50:
            raise _Boom("failed inside the game")
        return bool(is_terminal(self))

    setattr(TabletopState, "is_terminal", failing)  # noqa: B010
    try:
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, SIMULATIONS, 100, False, 3, False)
        bot.step(state)
        out["error_from_cpp"] = "no error"
    except _Boom as exc:
        out["error_from_cpp"] = str(exc)
    finally:
        setattr(TabletopState, "is_terminal", is_terminal)  # noqa: B010
    return out


class _Boom(Exception):
    """An error raised inside a call from OpenSpiel's C++."""


def _run_child(title: str) -> dict[str, Any]:
    try:
        done = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), title],
            capture_output=True,
            text=True,
            timeout=LIMIT_S,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{title}: the games did not end within {LIMIT_S} s (a hang)")
    if done.returncode != 0:
        pytest.fail(f"{title}: the child exited with {done.returncode}\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.parametrize("title", sorted(TITLES))
def test_openspiel_search_bots_play_whole_games(title: str) -> None:
    result = _run_child(title)
    game = load(**TITLES[title])
    low, high = game.min_utility(), game.max_utility()
    played = result["python_ismcts"]
    assert [r["seat"] for r in played] == [0, 1]
    assert result["cpp_mcts"] == [True] * CPP_MCTS_MOVES
    for record in played:
        assert len(record["returns"]) == game.num_players()
        assert all(low <= r <= high for r in record["returns"])
        assert record["moves"] > 0
    assert result["error_from_cpp"] == "failed inside the game"
    for method, said in result["cpp_ismcts"].items():
        assert "C++ ISMCTSBot cannot search" in said, method
        assert "ismcts.ISMCTSBot" in said  # names the Python bot that works


def test_other_games_keep_openspiels_own_step() -> None:
    """The safe ``step`` is for our states; OpenSpiel's C++ games keep the C++ one (the
    guard installed twice still wraps OpenSpiel's own method)."""
    guard_cpp_bots(TabletopState)
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    tic_tac_toe = pyspiel.load_game("tic_tac_toe")
    state = tic_tac_toe.new_initial_state()
    bot = pyspiel.MCTSBot(tic_tac_toe, evaluator, 2.0, 20, 100, False, 0, False)
    assert bot.step(state) in state.legal_actions()
    kuhn = pyspiel.load_game("kuhn_poker")
    state = kuhn.new_initial_state()
    state.apply_action(0)
    state.apply_action(1)
    assert pyspiel.ISMCTSBot(0, evaluator, 2.0, 20).step(state) in state.legal_actions()


def test_play_checks_its_bots() -> None:
    game = load("kung-fu", seed=1)
    with pytest.raises(TabletopError, match="1 bots for 2 seats"):
        play(game.new_initial_state(), [pyspiel.make_uniform_random_bot(0, 1)])


if __name__ == "__main__":
    print(json.dumps(child(TITLES[sys.argv[1]])))
