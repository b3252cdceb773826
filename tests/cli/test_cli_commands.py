"""``tabletop --version``, ``list``, bot-only ``play``, ``replay`` and user errors."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import tabletop
from tabletop.bots import bot_catalogue
from tabletop.cli.main import app
from tabletop.core.options import option_catalogue

Invoke = Callable[..., Result]
BOTS_ONLY = ["play", "uno-power", "--seats", "random,heuristic", "-o", "target_score=single_round"]


def test_version(invoke: Invoke) -> None:
    result = invoke(["--version"])
    assert result.exit_code == 0
    # .ci/run sets TABLETOP_EXPECT_COMPILED=1 where it tests a compiled build.
    engine = "compiled" if os.environ.get("TABLETOP_EXPECT_COMPILED") == "1" else "interpreted"
    assert result.output.strip() == f"tabletop {tabletop.__version__} ({engine} engines)"


def test_list_options_names_games_options_and_bots(invoke: Invoke) -> None:
    result = invoke(["list", "--options"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "uno-power" in out and "UNO Power" in out and "2-6 players" in out
    assert "Kung Fu, 2-2 players" in out
    for game_id in tabletop.list_games():
        for info in option_catalogue(type(tabletop.make(game_id).options)):
            assert info.name in out and info.title in out and info.description in out
            for value, label in info.values:
                assert label in out, (info.name, value)
    for title in ("Set-up", "Expansions", "Rule variants", "Advanced"):
        assert title in out
    assert "single_round  one round only" in out
    assert "healing_ray_regeneration  Healing Ray and Regeneration" in out
    assert "a whole number from 10 to 100000; default 400" in out
    assert "on | off; default off" in out


def _section(out: str, game_id: str) -> str:
    start = out.index(f"{game_id}  ")
    following = [out.index(f"\n{g}  ", start) for g in tabletop.list_games() if g > game_id]
    return out[start : min(following, default=len(out))]


def test_list_shows_options_by_group_and_defaults_as_labels(invoke: Invoke) -> None:
    out = _section(invoke(["list", "--options"]).output, "king-of-tokyo")
    groups = [out.index(title) for title in ("Set-up", "Expansions", "Rule variants", "Advanced")]
    assert groups == sorted(groups)
    assert groups[0] < out.index("edition  Edition") < groups[1]
    assert groups[1] < out.index("power_up  Power Up!") < groups[2]
    assert groups[3] < out.index("turn_limit  Turn limit")
    assert "edition  as the edition says (default)" in out
    assert "mutant  Mutant (draft variant)" in out


def test_list_options_shows_bots_weakest_first_with_summaries(invoke: Invoke) -> None:
    out = invoke(["list", "--options"]).output
    for game_id in tabletop.list_games():
        section = _section(out, game_id)
        positions = [section.index(f"    {bot.name}  ") for bot in bot_catalogue(game_id)]
        assert positions == sorted(positions), game_id
        for bot in bot_catalogue(game_id):
            assert bot.summary.split(";")[0] in section
    assert "ismcts     Another name for normal" in out
    assert "bots: random < easy < heuristic < normal < hard (ismcts = normal)" in out


def test_list_shows_the_kung_fu_notice(invoke: Invoke) -> None:
    out = invoke(["list"]).output
    kung_fu = _section(out, "kung-fu")
    assert "Notice: The Kung Fu deck shipped with the game is provisional" in kung_fu
    assert "Notice" not in _section(out, "uno-power")


@pytest.mark.parametrize("options", [[], ["--options"]])
def test_list_fits_80_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["list", *options], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert max(len(line.rstrip()) for line in result.output.splitlines()) <= 80


def test_list_is_short_by_default(invoke: Invoke) -> None:
    """A few lines per game: the set-up options and expansions with their defaults as
    typed after -o, how many options there are and how to see them, the bots' ladder."""
    out = invoke(["list"]).output
    games = tabletop.list_games()
    for game_id in games:
        section = _section(out, game_id)
        notice = tabletop.make(game_id).notice
        assert len(section.strip().splitlines()) <= 5 + (6 if notice else 0), section
        assert f"tabletop list {game_id} --options" in section
        assert "bots: random < easy < heuristic < normal < hard (ismcts = normal)" in section
    kot = _section(out, "king-of-tokyo")
    assert "Set-up: edition=2011, monsters=box, first_player=roll, tokyo_bay=on" in kot
    assert "Expansions: power_up=off" in kot
    assert "healing_ray_regeneration" not in kot and "turn_limit" not in kot
    assert "target_score=500" in _section(out, "uno-power")
    assert len(out.splitlines()) < 30


def test_play_prints_the_kung_fu_notice_once_before_the_game(invoke: Invoke) -> None:
    result = invoke(["play", "kung-fu", "--seats", "you,heuristic", "--seed", "4"], input="q\n")
    assert result.exit_code == 0, result.output
    out = result.output
    notice = tabletop.make("kung-fu").notice
    assert notice is not None
    first_words = "Notice: The Kung Fu deck shipped with the game is provisional"
    assert out.count(first_words) == 1
    assert out.index(first_words) < out.index("Kung Fu · seed 4")


def test_play_prints_no_notice_for_games_without_one(invoke: Invoke) -> None:
    result = invoke([*BOTS_ONLY, "--seed", "3"])
    assert "Notice:" not in result.output


def test_bots_play_a_single_round_to_the_end(invoke: Invoke) -> None:
    result = invoke([*BOTS_ONLY, "--seed", "3"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "player 2 (heuristic)" in out  # seat 1: seats are numbered from 1 for people
    assert "player 0" not in out
    assert "plays" in out  # bot moves are streamed as log lines
    assert "Round 1 goes to" in out
    assert "Match over" in out
    # One line says who won, once.
    won = [line for line in out.splitlines() if line.endswith(" won.")]
    assert won in (["Player 1 (random) won."], ["Player 2 (heuristic) won."]), won


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
