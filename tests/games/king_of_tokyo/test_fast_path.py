"""The fast path of uneventful turns plays exactly the games of the stage loop.

``turn.FAST_PATH`` switches the fast path (``turn.resolve_quietly`` and its parts)
off; the same seeds and the same choices must then give the same
decisions, legal lists, states, random draws and logs.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletop
from tabletop.games.king_of_tokyo import turn
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.test_conformance import OPTION_SETS as CONFORMANCE_OPTIONS

# The conformance option sets without Power Up! (which never takes the fast path).
OPTION_SETS = [o for o in CONFORMANCE_OPTIONS if o.get("power_up", "off") == "off"]
SEEDS = range(8)

Trace = tuple[list[tuple[int, int, list[int]]], dict[str, Any]]


def _play(options: dict[str, Any], players: int, seed: int) -> Trace:
    """A random game: (player, stage, legal ids) before each decision, then the state."""
    game = tabletop.make("king-of-tokyo", **options)
    state = game.new_state(players, seed=seed, log=seed % 2 == 0)
    choices = random.Random(seed)
    steps: list[tuple[int, int, list[int]]] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        steps.append((state.current_player, state.stage, [a.id for a in legal]))
        state.apply(legal[choices.randrange(len(legal))])
    return steps, state.to_dict()


def _play_all(options: dict[str, Any]) -> list[Trace]:
    return [_play(options, players, seed) for players in range(2, 7) for seed in SEEDS]


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_fast_path_plays_the_same_games(
    options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    taken = 0
    resolve = turn.resolve_quietly

    def counted(state: KingOfTokyoState) -> None:
        nonlocal taken
        taken += 1
        resolve(state)

    # A compiled build calls the function directly, past the patch: only the
    # interpreted engine can count its calls (the pure run of the suite does).
    counting = not tabletop.compiled()
    if counting:
        monkeypatch.setattr(turn, "resolve_quietly", counted)
    fast = _play_all(options)
    assert taken > 100 or not counting  # the fast path did run
    monkeypatch.setattr(turn, "FAST_PATH", False)
    taken = 0
    slow = _play_all(options)
    assert taken == 0
    for (fast_steps, fast_state), (slow_steps, slow_state) in zip(fast, slow, strict=True):
        assert fast_steps == slow_steps
        assert fast_state == slow_state  # the log and the random generator included


def test_fast_path_states_match_decision_by_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every intermediate state (stage, queues, turn flags...) is the stage loop's."""
    game = tabletop.make("king-of-tokyo")

    def states(seed: int) -> list[dict[str, Any]]:
        state = game.new_state(4, seed=seed, log=True)
        choices = random.Random(seed)
        out = []
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[choices.randrange(len(legal))])
            out.append(state.to_dict(include_log=False))
        return out

    fast = [states(seed) for seed in range(3)]
    monkeypatch.setattr(turn, "FAST_PATH", False)
    assert fast == [states(seed) for seed in range(3)]
