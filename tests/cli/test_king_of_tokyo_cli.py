"""``tabletop play king-of-tokyo``: keeping dice by number, whole games, the screen."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console
from typer.testing import Result

import tabletop
from tabletop.cli.render import Seating, get_renderer
from tabletop.cli.render.king_of_tokyo import KingOfTokyoRenderer
from tabletop.cli.table import set_table
from tabletop.core.options import option_catalogue, options_to_dict, value_text
from tabletop.games.king_of_tokyo.preferences import KingOfTokyoPreferences

Invoke = Callable[..., Result]
HUMAN = ["play", "king-of-tokyo", "--seats", "you,heuristic,heuristic"]
VICTORY_LINE = re.compile(
    r"(You \(.+\) win|.+ wins?) (with \d+ stars?|with 20 stars or more"
    r"|as the last monster standing)\.|Nobody wins: .+\."
)
ALWAYS_FIRST = "1\n" * 3000


def _text(renderable: Any, width: int = 160) -> str:
    console = Console(file=io.StringIO(), width=width, record=True)
    console.print(renderable)
    return console.export_text()


def _rolling_state() -> tabletop.State:
    """A 3-player game where seat 0 has just rolled and may reroll."""
    state = tabletop.make("king-of-tokyo", first_player="0").new_state(3, seed=2)
    assert state.view(0)["decision"]["kind"] == "roll"
    return state


def test_keep_dice_by_number() -> None:
    state = _rolling_state()
    view = state.view(0)
    renderer = get_renderer("king-of-tokyo")
    legal = state.legal_actions()
    chosen = renderer.parse_choice("k 1 2", view, legal)
    assert not isinstance(chosen, str) and chosen is not None
    kept = sorted(view["dice"][:2], key=["1", "2", "3", "heart", "energy", "claw"].index)
    assert chosen.label == f"keep {', '.join(kept)} and reroll the rest"
    everything = " ".join(str(i + 1) for i in range(len(view["dice"])))
    stop = renderer.parse_choice(f"keep {everything}", view, legal)
    assert stop is not None and not isinstance(stop, str)
    assert stop.label == "stop rolling and resolve the dice"
    assert renderer.parse_choice("k", view, legal).label == "reroll all dice"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("typed", "message"),
    [("k 9", "dice are numbered 1 to"), ("k one", "numbers of the dice"), ("keep x", "numbers")],
)
def test_bad_keep_input_says_what_to_type(typed: str, message: str) -> None:
    state = _rolling_state()
    answer = get_renderer("king-of-tokyo").parse_choice(typed, state.view(0), state.legal_actions())
    assert isinstance(answer, str) and message in answer


def test_other_input_is_left_to_the_play_loop() -> None:
    state = _rolling_state()
    renderer = get_renderer("king-of-tokyo")
    assert renderer.parse_choice("2", state.view(0), state.legal_actions()) is None
    assert renderer.parse_choice("h", state.view(0), state.legal_actions()) is None


def test_keep_choices_are_typed_not_listed() -> None:
    state = _rolling_state()
    groups = get_renderer("king-of-tokyo").choice_groups(state.legal_actions())
    labels = [a.label for _, actions in groups for a in actions]
    assert "reroll all dice" in labels
    assert not any(label.startswith("keep ") for label in labels)
    assert len(labels) < len(state.legal_actions())


def test_board_shows_monsters_tokyo_dice_and_row() -> None:
    state = _rolling_state()
    view = state.view(0)
    text = _text(KingOfTokyoRenderer().board(view, 0, Seating(("you", "heuristic", "random"))))
    for monster in view["monsters"]:
        assert monster["name"] in text
    assert "Tokyo City: empty" in text
    assert "1:" in text and "reroll" in text
    for card in view["row"]:
        assert card["name"] in text and card["text"][:20] in text
    assert "k 1 3 4" in text


def test_human_plays_a_whole_game(invoke: Invoke) -> None:
    result = invoke([*HUMAN, "--seed", "5"], input="k 1\n" + ALWAYS_FIRST)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Tokyo City" in out and "Power cards" in out
    assert "Game over" in out
    # One line says who won and how, once.
    how = [line for line in out.splitlines() if VICTORY_LINE.fullmatch(line)]
    assert len(how) == 1, how
    assert "You win!" not in out and "Winner:" not in out


def test_bots_play_to_the_end(invoke: Invoke) -> None:
    result = invoke(["play", "king-of-tokyo", "--seats", "heuristic,random,random", "--seed", "3"])
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.output and "rolls" in result.output


def test_help_shows_the_rules(invoke: Invoke) -> None:
    result = invoke([*HUMAN, "--seed", "5"], input="h\n" + ALWAYS_FIRST)
    assert result.exit_code == 0
    assert "20 stars" in result.output and "k 1 3 4" in result.output


# -- preferences ------------------------------------------------------------------


POWER_UP = ["play", "king-of-tokyo", "--seats", "you,random,random", "--seed", "3"]
POWER_UP_OPTIONS = ["-o", "power_up=on", "-o", "first_player=0"]
# Every question put to the player: no preference answers one.
ASK_ALL = ["-p", "evolutions=every", "-p", "skip_empty_steps=off", "-p", "rapid_healing=ask"]


def test_preferences_answer_for_the_player(invoke: Invoke) -> None:
    """Evolutions off and empty steps skipped: the terminal answers those questions
    itself, says so, and never shows a window where passing is all one can do."""
    args = [*POWER_UP, *POWER_UP_OPTIONS, "--prefer", "evolutions=off"]
    result = invoke([*args, "--prefer", "skip_empty_steps=on"], input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    answered = re.findall(r"answered by your preferences: (.+)", result.output)
    assert answered and set(answered) <= {"decline", "take the damage"}, answered
    asked = invoke([*POWER_UP, *POWER_UP_OPTIONS, *ASK_ALL], input=ALWAYS_FIRST)
    assert asked.exit_code == 0, asked.output
    assert "answered by your preferences: decline" not in asked.output


def test_the_terminal_answers_with_the_games_own_default_preferences(invoke: Invoke) -> None:
    """Preferences are on by default, as on a server: a game without --prefer plays
    exactly as with every preference given at the game's default."""
    defaults = options_to_dict(tabletop.make("king-of-tokyo").preferences())
    given = [f"--prefer={name}={value_text(value)}" for name, value in defaults.items()]
    plain = invoke([*POWER_UP, *POWER_UP_OPTIONS], input=ALWAYS_FIRST)
    spelled = invoke([*POWER_UP, *POWER_UP_OPTIONS, *given], input=ALWAYS_FIRST)
    assert plain.exit_code == 0 and spelled.exit_code == 0, plain.output
    assert plain.output == spelled.output


def test_a_person_here_gets_the_games_default_preferences() -> None:
    for game_id in tabletop.list_games():
        game = tabletop.make(game_id)
        table = set_table(game_id, ("you", "random"), 1, {}, {})
        if game.preferences_type is None:
            assert table.preferences == {}
        else:
            assert table.preferences == {0: game.preferences()}


@pytest.mark.parametrize(
    ("prefer", "message"),
    [
        ("evolutions=sometimes", "evolutions"),
        ("no_such=1", "no_such"),
        ("evolutions", "--prefer expects key=value"),
    ],
)
def test_bad_preferences_are_refused_before_the_game(
    invoke: Invoke, prefer: str, message: str
) -> None:
    result = invoke([*POWER_UP, *POWER_UP_OPTIONS, "--prefer", prefer])
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


def test_preferences_are_shown_and_changed_during_the_game(invoke: Invoke) -> None:
    answers = "p\np evolutions=nonsense\np evolutions=off skip_empty_steps=on\n" + ALWAYS_FIRST
    result = invoke([*POWER_UP, *POWER_UP_OPTIONS], input=answers)
    assert result.exit_code == 0, result.output
    evolutions = {o.name: o for o in option_catalogue(KingOfTokyoPreferences)}["evolutions"]
    assert "Your preferences" in result.output and evolutions.default_label in result.output
    assert "must be one of every, matching, next_turn, off" in result.output
    assert "answered by your preferences" in result.output


def test_games_without_preferences_refuse_them(invoke: Invoke) -> None:
    result = invoke(["play", "kung-fu", "--seats", "you,random", "--prefer", "evolutions=off"])
    assert result.exit_code != 0 and "has no preferences" in result.output


@pytest.mark.parametrize("typed", ["k 1 2", "k 12", "k12", "K 21", "keep 1,2", "k 1 2 2"])
def test_dice_to_keep_may_be_typed_together(typed: str) -> None:
    """``k 12`` keeps dice 1 and 2 as ``k 1 2`` does: each digit numbers a die."""
    state = _rolling_state()
    view, legal = state.view(0), state.legal_actions()
    renderer = get_renderer("king-of-tokyo")
    assert renderer.parse_choice(typed, view, legal) == renderer.parse_choice("k 1 2", view, legal)


@pytest.mark.parametrize("typed", ["kx", "key", "k1x", "knock 1"])
def test_words_that_only_start_like_keep_are_not_keeps(typed: str) -> None:
    state = _rolling_state()
    answer = get_renderer("king-of-tokyo").parse_choice(typed, state.view(0), state.legal_actions())
    assert answer is None or (isinstance(answer, str) and "numbers of the dice" in answer)
