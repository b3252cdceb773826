"""``tabletop play kung-fu``: piped input, bots only, records, and the Kung Fu screen."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import Result

import tabletop
from tabletop.cli.render import Seating, get_renderer
from tabletop.cli.render.kung_fu import KungFuRenderer
from tabletop.core.rng import Rng

Invoke = Callable[..., Result]
HUMAN = ["play", "kung-fu", "--seats", "you,heuristic"]
BOTS = ["play", "kung-fu", "--seats", "heuristic,random"]
ALWAYS_FIRST = "1\n" * 2000  # more answers than any game needs


def _text(renderable: Any, width: int = 140) -> str:
    console = Console(file=io.StringIO(), width=width, record=True)
    console.print(renderable)
    return console.export_text()


# -- whole games --------------------------------------------------------------------


def test_human_answering_1_plays_to_the_end(invoke: Invoke) -> None:
    result = invoke([*HUMAN, "--seed", "4"], input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Your turn" in out and "Your hand:" in out and "Decide:" in out
    assert "Kung Fu · round 1" in out and "attacker" in out and "defender" in out
    assert "Attack face up" in out and "Attack face down" in out
    assert "██" in out  # life bars
    assert "Game over" in out and "Last round: round " in out
    ends = ["You won.", "Player 2 (heuristic) won.", "The game is a draw."]
    assert [line for line in out.splitlines() if line in ends] in ([e] for e in ends)
    assert "You win!" not in out and "Winner:" not in out


def test_help_shows_the_kung_fu_rules(invoke: Invoke) -> None:
    result = invoke([*HUMAN, "--seed", "4"], input="h\n" + ALWAYS_FIRST)
    assert result.exit_code == 0
    assert "attack > parry" in result.output and "Koku" in result.output


@pytest.mark.parametrize("seats", ["heuristic,random", "random,heuristic", "heuristic,heuristic"])
def test_bots_play_to_the_end(invoke: Invoke, seats: str) -> None:
    result = invoke(["play", "kung-fu", "--seats", seats, "--seed", "7"])
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "attacks" in out  # bot moves are streamed as log lines
    assert "── Round 1:" in out  # a line per finished round
    assert "Game over" in out
    ends = [line for line in out.splitlines() if line.endswith(" won.") or "is a draw" in line]
    assert len(ends) == 1, ends


def test_record_then_replay_verifies(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "kf.json"
    played = invoke([*BOTS, "--seed", "5", "--record", str(path)])
    assert played.exit_code == 0, played.output
    replayed = invoke(["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert "result verified" in replayed.output
    assert "Game over" in replayed.output


def test_list_offers_the_heuristic_bot(invoke: Invoke) -> None:
    result = invoke(["list"])
    assert result.exit_code == 0
    block = result.output.split("kung-fu", 1)[1]
    assert "Kung Fu, 2-2 players" in block
    bots = re.search(r"bots: (.*)", block)
    assert bots is not None and "heuristic" in bots.group(1)


def test_piped_stdin_in_a_real_process(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "tabletop.cli.main", *HUMAN, "--seed", "2"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "120"}
    done = subprocess.run(
        args, input=ALWAYS_FIRST, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
    assert done.stderr == ""


# -- the screen -------------------------------------------------------------------


def test_renderer_is_registered() -> None:
    assert isinstance(get_renderer("kung-fu"), KungFuRenderer)


def test_board_shows_hand_life_and_koku() -> None:
    state = tabletop.make("kung-fu", first_player="0").new_state(2, seed=1)
    view = state.view(0)
    text = _text(KungFuRenderer().board(view, 0, Seating(("you", "random"), frozenset({0}))))
    assert "Your hand: 6 cards, 3 red, 3 blue" in text
    for card in view["hand"]:
        assert card["name"] in text
    assert "██████████ 10" in text
    assert "3 red · 3 blue" in text
    assert "Red deck 24 cards, 0 discarded" in text
    assert "Decide: attack with a red card" in text


def test_face_down_attack_is_hidden_from_the_defender() -> None:
    game = tabletop.make("kung-fu", first_player="0")
    state = game.new_state(2, seed=1)
    down = next(a for a in state.legal_actions() if a.label.endswith("face down"))
    name = down.label.removeprefix("attack with ").removesuffix(" face down")
    state.apply(down)
    while state.view(1)["attack"]["card"] is None and state.current_player == 1:
        defender = _text(KungFuRenderer().board(state.view(1), 1, Seating(("random", "you"))))
        assert "hidden" in defender
        assert f" {name} " not in defender.split("Your hand")[0]
        state.apply(state.legal_actions()[0])
    attacker = _text(KungFuRenderer().board(state.view(0), 0, Seating(("you", "random"))))
    assert name in attacker


@pytest.mark.parametrize("seed", range(3))
def test_board_depends_only_on_what_the_seat_may_see(seed: int) -> None:
    """Re-dealing what seat 0 cannot see (the other hand, the piles, a face-down
    attack) changes nothing on its screen, all along a game."""
    state = tabletop.make("kung-fu").new_state(2, seed)
    rng = Rng(seed)
    renderer = KungFuRenderer()
    seating = Seating(("you", "random"), frozenset({0}))
    for step in range(30):
        if state.is_terminal():
            break
        twin = state.determinize(0, Rng(step))
        assert _text(renderer.board(twin.view(0), 0, seating)) == _text(
            renderer.board(state.view(0), 0, seating)
        )
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_spectator_board_has_no_hand() -> None:
    state = tabletop.make("kung-fu").new_state(2, seed=3)
    text = _text(KungFuRenderer().board(state.view(None), None, Seating(("random", "random"))))
    assert "Your hand" not in text and "Decide" not in text


def test_choices_are_grouped_and_labelled_with_card_numbers() -> None:
    state = tabletop.make("kung-fu", first_player="0").new_state(2, seed=1)
    renderer = KungFuRenderer()
    groups = dict(renderer.choice_groups(state.legal_actions()))
    assert set(groups) >= {
        "Attack face up",
        "Attack face down (your opponent may first draw a card)",
    }
    up = groups["Attack face up"][0]
    label = renderer.choice_label(up, state.view(0)).plain
    card = next(c for c in state.view(0)["hand"] if c["name"] in up.label)
    assert label.startswith(up.label) and f"attack {card['value']}" in label


def test_round_summary_once_per_round() -> None:
    game = tabletop.make("kung-fu")
    state = game.new_state(2, seed=2)
    renderer = KungFuRenderer()
    seating = Seating(("random", "random"))
    rng = Rng(1)
    before = state.view(None)
    summaries = []
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        after = state.view(None)
        summary = renderer.round_summary(before, after, seating)
        if summary is not None:
            summaries.append(_text(summary))
        before = after
    last = state.view(None)["last_round"]
    assert summaries and f"Round {last['round']}:" in summaries[-1]
    numbers = [int(re.search(r"Round (\d+):", s).group(1)) for s in summaries]  # type: ignore[union-attr]
    assert numbers == sorted(set(numbers))
