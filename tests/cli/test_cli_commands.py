"""``tabletop --version``, ``list``, bot-only ``play``, ``replay`` and user errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

import tabletop
from tabletop.core.options import describe_options

Invoke = Callable[..., Result]
BOTS_ONLY = ["play", "uno-power", "--seats", "random,heuristic", "-o", "target_score=single_round"]


def test_version(invoke: Invoke) -> None:
    result = invoke(["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"tabletop {tabletop.__version__}"


def test_list_names_games_options_and_bots(invoke: Invoke) -> None:
    result = invoke(["list"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "uno-power" in out and "UNO Power" in out and "2-6 players" in out
    game = tabletop.make("uno-power")
    for name, _allowed, _default in describe_options(type(game.options)):
        assert name in out
    assert "single_round" in out and "winner_takes | lowest_total" in out
    assert "bots: easy, hard, heuristic, ismcts, normal, random" in out


def test_bots_play_a_single_round_to_the_end(invoke: Invoke) -> None:
    result = invoke([*BOTS_ONLY, "--seed", "3"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "player 1 (heuristic)" in out
    assert "plays" in out  # bot moves are streamed as log lines
    assert "Round 1 goes to" in out
    assert "Match over" in out and "Winner" in out


def test_bot_games_are_reproducible_from_the_seed(invoke: Invoke) -> None:
    first = invoke([*BOTS_ONLY, "--seed", "11"])
    second = invoke([*BOTS_ONLY, "--seed", "11"])
    other = invoke([*BOTS_ONLY, "--seed", "12"])
    assert first.output == second.output
    assert first.output != other.output


def test_record_at_the_end_then_replay_verifies(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    played = invoke([*BOTS_ONLY, "--seed", "5", "--record", str(path)])
    assert played.exit_code == 0, played.output
    assert f"Record saved to {path}" in played.output
    data = json.loads(path.read_text())
    assert data["players"] == ["random", "heuristic"] and data["result"] is not None

    replayed = invoke(["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert "result verified" in replayed.output
    assert "the first card is" in replayed.output  # the public log

    quiet = invoke(["replay", str(path), "--quiet"])
    assert quiet.exit_code == 0
    assert "result verified" in quiet.output
    assert "the first card is" not in quiet.output


def test_replay_shows_only_the_public_log(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    invoke([*BOTS_ONLY, "--seed", "5", "--record", str(path)])
    state = tabletop.GameRecord.load(path).replay()
    out = invoke(["replay", str(path)]).output
    private = [e.text for e in state.log if e.visible_to is not None]
    assert private and not any(text in out for text in private)


def _tamper(path: Path, change: Callable[[dict[str, object]], None]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(result={"returns": [9.0, 9.0], "winners": [0, 1]}), "differs"),
        (lambda d: d["actions"].append(0), "cannot be replayed"),
        (lambda d: d.update(actions=[10_000]), "cannot be replayed"),
        (lambda d: d.update(format_version=99), "format version"),
        (lambda d: d.pop("seed"), "seed"),
    ],
)
def test_tampered_record_fails_with_exit_1(
    invoke: Invoke, tmp_path: Path, change: Callable[[dict[str, object]], None], message: str
) -> None:
    path = tmp_path / "game.json"
    invoke([*BOTS_ONLY, "--seed", "5", "--record", str(path)])
    _tamper(path, change)
    result = invoke(["replay", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ")
    assert message in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("content", ["", "{not json", "[]"])
def test_broken_record_fails_with_exit_1(invoke: Invoke, tmp_path: Path, content: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content)
    result = invoke(["replay", str(path)])
    assert result.exit_code == 1
    assert "error:" in result.stderr and "Traceback" not in result.output


def test_missing_record_fails_with_exit_1(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke(["replay", str(tmp_path / "nope.json")])
    assert result.exit_code == 1
    assert "cannot read record" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "uno-power", "--seats", "you,alphazero"], "unknown bot 'alphazero'"),
        (["play", "uno-power", "--seats", "random"], "takes 2 to 6 seats, got 1"),
        (["play", "uno-power", "--seats", ",".join(["random"] * 7)], "got 7"),
        (["play", "uno-power", "--seats", "you,,random"], "empty seat"),
        (["play", "uno-power", "-o", "hand_size=99"], "option 'hand_size'"),
        (["play", "uno-power", "-o", "hand_size=many"], "option 'hand_size'"),
        (["play", "uno-power", "-o", "colour_blind=on"], "option 'colour_blind'"),
        (["play", "uno-power", "-o", "stacking"], "expects key=value"),
        (["play", "uno-power", "-o", "jump_in=on", "-o", "jump_in=off"], "given twice"),
        (["play", "uno-power", "-o", "partners=on", "--seats", "random,random"], "partners"),
        (["play", "uno-power", "--record", "no/such/dir/x.json"], "does not exist"),
    ],
)
def test_user_errors_exit_2_with_one_line(invoke: Invoke, args: list[str], message: str) -> None:
    result = invoke(args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.output
