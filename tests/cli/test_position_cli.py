"""``tabletop position``: ``from-state`` on saved states and records (TOML read back with
tomllib, JSON, ``--at``, ``--out``), ``check``, their refusals and exit codes, and the
TOML writer on every kind of value a position holds."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop import GameRecord
from tabletop.core.game import State
from tabletop.core.positions import load_position
from tabletop.core.rng import Rng
from tabletop.core.toml_text import toml_text
from tests.cli.conftest import Invoke


def _played(game_id: str, seed: int, moves: int, **options: Any) -> State:
    """A game between random players after its first ``moves`` actions (or its end)."""
    state = tabletop.make(game_id, **options).new_state(2, seed=seed)
    rng = Rng(seed)
    while not state.is_terminal() and len(state.history) < moves:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def _same(fields: dict[str, Any], state: State) -> None:
    built = load_position(fields)
    assert state.game.situation(built) == state.game.situation(state)


def test_a_saved_state_becomes_toml_on_stdout(invoke: Invoke, tmp_path: Path) -> None:
    state = _played("uno-power", 3, 25, target_score="single_round")
    (tmp_path / "saved.json").write_text(json.dumps(state.to_dict()))
    result = invoke(["position", "from-state", "saved.json"])
    assert result.exit_code == 0, result.output
    fields = tomllib.loads(result.output)
    assert fields["game"] == "uno-power" and fields["options"]["target_score"] == "single_round"
    _same(fields, state)


@pytest.mark.parametrize("game_id", ["uno-power", "kung-fu"])
def test_each_moment_of_a_record(invoke: Invoke, tmp_path: Path, game_id: str) -> None:
    state = _played(game_id, 4, 40)
    GameRecord.from_state(state).save(tmp_path / "game.json")
    record = GameRecord.load(tmp_path / "game.json")
    moment = record.start()
    for at in range(len(record.actions) + 1):
        result = invoke(["position", "from-state", "game.json", "--at", str(at)])
        assert result.exit_code == 0, (at, result.output)
        _same(tomllib.loads(result.output), moment)
        if at < len(record.actions):
            moment.apply(record.actions[at])


def test_out_writes_toml_or_json(invoke: Invoke, tmp_path: Path) -> None:
    state = _played("kung-fu", 2, 9)
    GameRecord.from_state(state).save(tmp_path / "duel.json")
    result = invoke(["position", "from-state", "duel.json", "--out", "moment.toml"])
    assert result.exit_code == 0, result.output
    assert "position written to moment.toml" in result.output
    _same(tomllib.loads((tmp_path / "moment.toml").read_text()), state)
    result = invoke(["position", "from-state", "duel.json", "--at", "9", "--out", "m.json"])
    assert result.exit_code == 0, result.output
    _same(json.loads((tmp_path / "m.json").read_text()), state)
    result = invoke(["position", "check", "moment.toml"])
    assert result.exit_code == 0, result.output
    legal = [a.label for a in state.legal_actions()]
    assert f"player {state.current_player + 1} to decide" in result.output
    assert all(f"  {label}" in result.output for label in legal)


def test_a_record_from_a_position(invoke: Invoke, tmp_path: Path) -> None:
    game = tabletop.make("uno-power")
    position = {
        "hands": [["Wild Draw Four", "blue 9", "green 1"], ["blue 5", "red 2"]],
        "top": "red 3",
        "seed": 2,
    }
    state = game.position(position)
    state.apply(next(a for a in state.legal_actions() if a.label.endswith("name green")))
    GameRecord.from_state(state, position=position).save(tmp_path / "p.json")
    result = invoke(["position", "from-state", "p.json"])
    assert result.exit_code == 0, result.output
    fields = tomllib.loads(result.output)
    assert fields["moves"] == ["play Wild Draw Four, name green"]
    _same(fields, state)
    # A position whose own moves end inside a turn: its moment is the record's position.
    inside = {**position, "moves": ["play Wild Draw Four, name green"]}
    state = game.position(inside)
    state.apply(next(a for a in state.legal_actions() if a.label.startswith("challenge")))
    GameRecord.from_state(state, position=inside).save(tmp_path / "q.json")
    result = invoke(["position", "from-state", "q.json", "--at", "0"])
    assert result.exit_code == 0, result.output
    assert tomllib.loads(result.output)["moves"] == inside["moves"]
    result = invoke(["position", "from-state", "q.json"])
    assert result.exit_code == 0, result.output
    fields = tomllib.loads(result.output)
    _same(fields, state)


def test_refusals(invoke: Invoke, tmp_path: Path) -> None:
    finished = _played("kung-fu", 1, 10_000)
    GameRecord.from_state(finished).save(tmp_path / "over.json")
    (tmp_path / "saved.json").write_text(json.dumps(_played("kung-fu", 1, 3).to_dict()))
    (tmp_path / "junk.json").write_text("{not json")
    (tmp_path / "other.json").write_text('{"hello": 1}')
    n = len(finished.history)
    # A game from a position, saved inside a turn: its start is unknown.
    game = tabletop.make("uno-power")
    inside = game.position(
        {"hands": [["Wild Draw Four", "blue 9", "green 1"], ["blue 5", "red 2"]], "top": "red 3"}
    )
    inside.apply(next(a for a in inside.legal_actions() if a.label.endswith("name green")))
    (tmp_path / "inside.json").write_text(json.dumps(inside.to_dict()))
    cases = [
        (["from-state", "missing.json"], 1, "cannot read"),
        (["from-state", "junk.json"], 1, "is not JSON"),
        (["from-state", "other.json"], 1, "neither a saved state nor a game record"),
        (["from-state", "inside.json"], 1, "a Wild Draw Four to challenge"),
        (["from-state", "over.json"], 2, f"the game is over after {n} actions"),
        (["from-state", "over.json", "--at", str(n + 1)], 2, f"only {n} actions"),
        (["from-state", "saved.json", "--at", "1"], 2, "--at N picks a moment"),
        (["check", "missing.toml"], 2, "cannot read"),
    ]
    for args, code, words in cases:
        result = invoke(["position", *args])
        assert result.exit_code == code, (args, result.output)
        assert words in result.output and "Traceback" not in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1, result.output
    (tmp_path / "bad.toml").write_text('game = "uno-power"\nhands = [["red 1", "red 1"], ["x"]]\n')
    result = invoke(["position", "check", "bad.toml"])
    assert result.exit_code == 2 and "position.hands[0]" in result.output


def test_check_a_finished_position(invoke: Invoke, tmp_path: Path) -> None:
    (tmp_path / "won.toml").write_text(
        'game = "uno-power"\noptions = { target_score = "single_round" }\n'
        'hands = [["red 5"], ["blue 5", "blue 6"]]\ntop = "red 3"\nmoves = ["play red 5"]\n'
    )
    result = invoke(["position", "check", "won.toml"])
    assert result.exit_code == 0 and "UNO Power: the game is over" in result.output


def test_toml_text_reads_back_as_written() -> None:
    data = {
        "game": "king-of-tokyo",
        "options": {"edition": "2016", "power_up": "on"},
        "seed": 12,
        "ratio": 0.5,
        "flag": False,
        "name": 'quote " back \\ tab \t newline \n bell \x07 délé 🐉',
        "empty": [],
        "nested": [[1, 2], [], [3]],
        "long": [f"card number {i}" for i in range(40)],
        "hands": [[f"red {i}" for i in range(12)], ["blue 5"]],
        "towers": {"U": 1, "!": 0},
        "monsters": [
            {"name": "Cyber Kitty", "hearts": 6, "played": ["Mouse Hunter"]},
            {"name": "Space Penguin", "counters": {"Smoke Cloud": 1}, "cards": []},
        ],
        "big": {f"option_{i}": i for i in range(20)},
    }
    text = toml_text(data)
    assert tomllib.loads(text) == data
    assert "[[monsters]]" in text and "[big]" in text
    assert max(len(line) for line in text.splitlines() if "name =" not in line) <= 88
    with pytest.raises(ValueError, match="TOML has no null"):
        toml_text({"towers": {"U": None}})
