"""The conformance harness passes a correct game and catches each kind of breakage."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core.action import Action
from tabletop.core.conformance import ConformanceError, check_game
from tests.core.toy import ToyGame, ToyState


def test_a_correct_game_passes() -> None:
    report = check_game(ToyGame(), games=4, deep_every=1)
    assert report.games == 4 * 2  # two player counts
    assert report.steps == sum(report.lengths)
    assert report.events["take"] == report.steps


def test_view_leak_is_caught() -> None:
    with pytest.raises(ConformanceError, match="view"):
        check_game(ToyGame(leak_view=True), games=2, deep_every=1)


def test_nondeterminism_is_caught() -> None:
    with pytest.raises(ConformanceError, match="same seed"):
        check_game(ToyGame(nondeterministic=True), games=2)


def test_accepting_illegal_actions_is_caught() -> None:
    with pytest.raises(ConformanceError, match="illegal action"):
        check_game(ToyGame(unchecked_apply=True, tokens=1), games=2, deep_every=1)


def test_clone_sharing_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def apply_and_touch_secret(self: ToyState, action: object) -> None:
        self.secrets[0] += 1
        self.tokens = max(0, self.tokens - 1)

    monkeypatch.setattr(ToyState, "_apply", apply_and_touch_secret)
    with pytest.raises(ConformanceError, match="clone"):
        check_game(ToyGame(shared_clone=True), games=1, deep_every=1)


def test_log_event_changed_after_logging_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """An event whose data is a live list of the state changes when the state does."""
    live: list[int] = []

    def apply_logging_a_live_list(self: ToyState, action: object) -> None:
        self.tokens = max(0, self.tokens - 1)
        live.append(self.tokens)
        if self._log is not None:
            self._log.add("take", "a token is taken", left=live)
        if self.tokens:
            self.turn = (self.turn + 1) % self.num_players

    monkeypatch.setattr(ToyState, "_apply", apply_logging_a_live_list)
    with pytest.raises(ConformanceError, match="changed after it was logged"):
        check_game(ToyGame(), num_players=2, games=1, deep_every=1)


def test_a_value_taken_as_an_action_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose apply plays the first legal action for anything it cannot read."""

    def lenient(self: ToyState, action: object) -> Action:
        return self.legal_actions()[0]

    monkeypatch.setattr(ToyState, "_coerce", lenient)
    with pytest.raises(ConformanceError, match="accepted as an action"):
        check_game(ToyGame(), num_players=2, games=1, deep_every=1)


def test_garbage_taken_as_state_data_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose state_from_dict starts a new game from data it cannot read."""
    restore = ToyGame.state_from_dict

    def lenient(self: ToyGame, data: Any) -> ToyState:
        if isinstance(data, dict) and "state" in data:
            return restore(self, data)
        return self.new_state(2, seed=0)

    monkeypatch.setattr(ToyGame, "state_from_dict", lenient)
    with pytest.raises(ConformanceError, match="state_from_dict accepted"):
        check_game(ToyGame(), num_players=2, games=1, deep_every=1)


def test_ambiguous_action_data_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two ids with the same data: a client binding the board to it could not tell them apart."""
    monkeypatch.setattr(ToyGame, "action_data", lambda self, action_id: {"move": "take"})
    with pytest.raises(ConformanceError, match="same data"):
        check_game(ToyGame(), games=1)


def test_action_data_without_a_move_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyGame, "action_data", lambda self, action_id: {"take": action_id})
    with pytest.raises(ConformanceError, match="no 'move'"):
        check_game(ToyGame(), games=1)
