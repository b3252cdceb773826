from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabletop
from tabletop import GameRecord
from tabletop.core.errors import RecordFormatError, ReplayError


def _finished(seed: int = 4) -> tabletop.State:
    state = tabletop.make("uno-power", target_score="single_round").new_state(2, seed=seed)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1 if len(state.history) % 3 else 0])
    return state


def test_save_load_replay_round_trip(tmp_path: Path) -> None:
    state = _finished()
    record = GameRecord.from_state(state, players=["ann", "bob"])
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    replayed = loaded.replay()
    assert replayed.to_dict() == state.to_dict()
    assert loaded.result == {"returns": state.returns(), "winners": state.winners()}


def test_replay_detects_a_changed_result() -> None:
    record = GameRecord.from_state(_finished())
    assert record.result is not None
    record.result = {"returns": [0.5, 0.5], "winners": []}
    with pytest.raises(ReplayError, match="differs"):
        record.replay()


def test_replay_detects_an_illegal_action() -> None:
    record = GameRecord.from_state(_finished())
    record.actions[3] = 10**6
    with pytest.raises(ReplayError, match="action 3"):
        record.replay()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"format_version": 99}', "version"),
        ('{"format_version": 1, "game": "uno-power"}', "lacks"),
    ],
)
def test_malformed_records_are_rejected(text: str, message: str) -> None:
    with pytest.raises(RecordFormatError, match=message):
        GameRecord.from_json(text)


def test_wrong_field_types_are_rejected() -> None:
    data = GameRecord.from_state(_finished()).to_dict()
    data["actions"] = ["a"]
    with pytest.raises(RecordFormatError, match="actions"):
        GameRecord.from_json(json.dumps(data))
    data["actions"] = []
    data["seed"] = "x"
    with pytest.raises(RecordFormatError, match="seed"):
        GameRecord.from_json(json.dumps(data))


def test_unknown_game_in_record_is_a_replay_error() -> None:
    data = GameRecord.from_state(_finished()).to_dict()
    data["game"] = "chess"
    with pytest.raises(ReplayError, match="unknown game"):
        GameRecord.from_dict(data).replay()


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(RecordFormatError, match="cannot read"):
        GameRecord.load(tmp_path / "nothing.json")
