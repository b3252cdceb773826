"""A human seat driven by piped input: choices, commands, re-prompts, quitting."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import Result

import tabletop
from tabletop.cli import prompt
from tabletop.cli.render.uno_power import UnoPowerRenderer

Invoke = Callable[..., Result]
HUMAN = ["play", "uno-power", "--seats", "you,heuristic", "-o", "target_score=single_round"]
ALWAYS_FIRST = "1\n" * 3000  # more answers than any single round needs


def test_human_answering_1_plays_to_the_end(invoke: Invoke) -> None:
    result = invoke([*HUMAN, "--seed", "2"], input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Your turn" in out and "Your hand:" in out and "Decide:" in out
    assert "Since your last move:" in out
    assert "Match over" in out
    # One line says who won, once: "You won." or the bot's seat.
    won = [line for line in out.splitlines() if line.endswith(" won.")]
    assert won in (["You won."], ["Player 2 (heuristic) won."]), won
    assert "You win!" not in out and "Winner:" not in out


def test_invalid_input_reprompts(invoke: Invoke) -> None:
    result = invoke([*HUMAN, "--seed", "2"], input="abc\n999\n0\n\n" + ALWAYS_FIRST)
    assert result.exit_code == 0
    out = result.output
    assert "'abc' is not a choice" in out
    assert "there is no choice 999" in out
    assert "there is no choice 0" in out
    assert "type a number from 1 to" in out
    first_board = out.split("your choice")[0]
    assert out.count("Your turn") > 1 and "Your hand:" in first_board


def test_help_and_log_commands(invoke: Invoke) -> None:
    result = invoke([*HUMAN, "--seed", "2"], input="h\nl\n" + ALWAYS_FIRST)
    assert result.exit_code == 0
    out = result.output
    assert "U blocks Draw One" in out and "call UNO" in out  # rules summary
    assert "q, quit" in out  # the commands
    assert "Log: everything player 1 (you) has seen" in out


def _seed_where_seat_0_may_call_uno_first(game: tabletop.Game[object]) -> int:
    for seed in range(100):
        state = game.new_state(2, seed)
        legal = state.legal_actions() if state.current_player == 0 else []
        if any(str(a).endswith("and call UNO") for a in legal):
            return seed
    raise AssertionError("no seed found")


def test_uno_call_is_a_separate_choice_the_human_must_pick(invoke: Invoke) -> None:
    game = tabletop.make("uno-power", target_score="single_round", hand_size=2)
    seed = _seed_where_seat_0_may_call_uno_first(game)
    state = game.new_state(2, seed)
    choices = [
        a for _, acts in UnoPowerRenderer().choice_groups(state.legal_actions()) for a in acts
    ]
    number = next(i for i, a in enumerate(choices, 1) if str(a).endswith("and call UNO"))

    args = [*HUMAN, "-o", "hand_size=2", "--seed", str(seed)]
    result = invoke(args, input=f"{number}\n" + ALWAYS_FIRST)
    assert result.exit_code == 0
    first_board = result.output.split("your choice")[0]
    assert "Play a card" in first_board and "Play and call UNO" in first_board
    assert f"{number:>2}) {choices[number - 1]}" in first_board
    assert f"player 1 plays {str(choices[number - 1])[5:-13]} and calls UNO" in result.output


def test_quit_saves_a_record_in_the_current_folder(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke([*HUMAN, "--seed", "2"], input="1\nq\n")
    assert result.exit_code == 0
    path = tmp_path / "tabletop-uno-power-2.record.json"
    assert f"game saved to {path.name}" in result.output
    record = json.loads(path.read_text())
    assert record["players"] == ["you", "heuristic"] and record["result"] is None
    replayed = invoke(["replay", str(path)])
    assert replayed.exit_code == 0 and "not finished" in replayed.output


def test_ctrl_c_saves_a_record_that_replays(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["1", "1"])

    def keyboard(console: Console, text: Text) -> str:
        answer = next(answers, None)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr(prompt, "read_line", keyboard)
    path = tmp_path / "interrupted.json"
    result = invoke([*HUMAN, "--seed", "2", "--record", str(path)])
    assert result.exit_code == 130
    assert f"Interrupted: game saved to {path}" in result.output
    assert "Traceback" not in result.output
    record = tabletop.GameRecord.load(path)
    assert record.result is None and len(record.actions) >= 2
    replayed = invoke(["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert f"{len(record.actions)} actions replayed" in replayed.output


def test_end_of_input_saves_and_exits_1(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke([*HUMAN, "--seed", "2"], input="1\n")
    assert result.exit_code == 1
    assert "Input ended: game saved" in result.output
    assert (tmp_path / "tabletop-uno-power-2.record.json").exists()


def test_record_at_the_end_of_a_human_game(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    result = invoke([*HUMAN, "--seed", "4", "--record", str(path)], input=ALWAYS_FIRST)
    assert result.exit_code == 0
    assert invoke(["replay", str(path), "--quiet"]).output.rstrip().endswith("result verified")


def test_hot_seat_announces_whose_turn(invoke: Invoke) -> None:
    # Two players who always pick choice 1 never call UNO and catch each other
    # forever; with automatic calls the round ends.
    args = [*HUMAN, "-o", "uno_call=auto"]
    args[3] = "you,you"
    result = invoke([*args, "--seed", "2"], input=ALWAYS_FIRST)
    assert result.exit_code == 0
    out = result.output
    assert "player 1 (you): your turn" in out and "player 2 (you): your turn" in out
    assert "pass the keyboard" in out


def test_hint_command_ranks_the_choices(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.cli import session

    monkeypatch.setattr(session, "HINT_ITERATIONS", 40)
    result = invoke([*HUMAN, "--seed", "2"], input="t\n" + ALWAYS_FIRST)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Hint: how a search sees your choices" in out
    hint = out.split("Hint: how a search sees your choices")[1].split("your choice")[0]
    assert "%" in hint and "tried" in hint
    # Under each choice, the game's reason for it: "draws, though you could play ...".
    assert re.search(r"\n[│ ]+(plays|draws)\b[^\n]*(:|, though)", hint), hint
    assert "t, hint" in invoke([*HUMAN, "--seed", "2"], input="h\n" + ALWAYS_FIRST).output


def test_hint_is_parsed() -> None:
    assert prompt.parse_command("t", 3) is prompt.Cmd.HINT
    assert prompt.parse_command(" HINT ", 3) is prompt.Cmd.HINT


def test_resume_goes_on_with_a_saved_game(invoke: Invoke, tmp_path: Path) -> None:
    """A game saved with q goes on where it stopped: the same seats and options, its
    moves played again, saved back to the same file at the end."""
    first = invoke([*HUMAN, "--seed", "2"], input="1\n1\nq\n")
    assert first.exit_code == 0, first.output
    path = tmp_path / "tabletop-uno-power-2.record.json"
    saved = json.loads(path.read_text())
    assert saved["result"] is None and saved["actions"]
    resumed = invoke(["play", "--resume", str(path)], input=ALWAYS_FIRST)
    assert resumed.exit_code == 0, resumed.output[-2000:]
    assert f"Resumed after {len(saved['actions'])} moves." in resumed.output
    assert "Match over" in resumed.output
    done = json.loads(path.read_text())
    assert done["result"] is not None
    assert done["actions"][: len(saved["actions"])] == saved["actions"]
    assert done["options"] == saved["options"] and done["seed"] == saved["seed"]
    assert invoke(["replay", str(path)]).exit_code == 0
    # A finished game is not resumed; it is replayed.
    again = invoke(["play", "--resume", str(path)])
    assert again.exit_code == 2 and "that game is over" in again.output


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["uno-power"], "give no GAME, --seed or --option"),
        (["--seed", "3"], "give no GAME, --seed or --option"),
        (["-o", "hand_size=5"], "give no GAME, --seed or --option"),
    ],
)
def test_resume_refuses_a_new_game_s_arguments(
    invoke: Invoke, tmp_path: Path, extra: list[str], message: str
) -> None:
    invoke([*HUMAN, "--seed", "2"], input="1\nq\n")
    path = tmp_path / "tabletop-uno-power-2.record.json"
    result = invoke(["play", *extra, "--resume", str(path)])
    assert result.exit_code == 2 and message in result.output


def test_resume_of_a_file_that_is_no_record(invoke: Invoke, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = invoke(["play", "--resume", str(bad)])
    assert result.exit_code == 2 and "not valid JSON" in result.output
    assert invoke(["play"]).exit_code == 2


LESSON = """game = "uno-power"
options = { target_score = "single_round" }
hands = [["red 5", "blue 9", "red Draw Two"], ["blue 5", "green 1"]]
top = "red 3"
seed = 4
"""


def test_play_from_a_position_file(invoke: Invoke, tmp_path: Path) -> None:
    """A position file sets up the game; its record keeps the position, so that it
    replays."""
    lesson = tmp_path / "lesson.toml"
    lesson.write_text(LESSON, encoding="utf-8")
    record = tmp_path / "lesson.record.json"
    args = ["play", "--position", str(lesson), "--seats", "you,heuristic"]
    result = invoke([*args, "--record", str(record)], input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output[-2000:]
    assert "red 5" in result.output  # the position's hand, shown on the first turn
    saved = json.loads(record.read_text())
    assert saved["position"]["hands"][0] == ["red 5", "blue 9", "red Draw Two"]
    assert saved["result"] is not None
    replayed = invoke(["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output


def test_a_position_saved_with_q_resumes(invoke: Invoke, tmp_path: Path) -> None:
    lesson = tmp_path / "lesson.toml"
    lesson.write_text(LESSON, encoding="utf-8")
    record = tmp_path / "r.json"
    base = ["play", "--position", str(lesson), "--seats", "you,heuristic"]
    first = invoke([*base, "--record", str(record)], input="1\nq\n")
    assert first.exit_code == 0, first.output
    resumed = invoke(["play", "--resume", str(record)], input=ALWAYS_FIRST)
    assert resumed.exit_code == 0, resumed.output[-2000:]
    assert invoke(["replay", str(record)]).exit_code == 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["uno-power"], "give no GAME, --seed or --option"),
        (["--seats", "you,random,random"], "the position has 2 players"),
    ],
)
def test_position_mistakes_are_one_line(
    invoke: Invoke, tmp_path: Path, args: list[str], words: str
) -> None:
    lesson = tmp_path / "lesson.toml"
    lesson.write_text(LESSON, encoding="utf-8")
    result = invoke(["play", *args, "--position", str(lesson)])
    assert result.exit_code == 2 and words in result.output
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "uno-power"\nhands = [["red 55"], ["blue 5"]]\n', encoding="utf-8")
    result = invoke(["play", "--position", str(bad)])
    assert result.exit_code == 2 and "no card called 'red 55'" in result.output
