"""Compact boards: each decision shows only the parts of the board that changed."""

from __future__ import annotations

import io
from collections.abc import Callable

from rich.console import Console, RenderableType
from typer.testing import Result

import tabletop
from tabletop.cli import prompt
from tabletop.cli.render import Renderer, Seating, get_renderer

Invoke = Callable[..., Result]
# Seat 0 rolls first: "k 1" keeps a die and rerolls, so the next board differs only
# in its dice and its decision.
KING_OF_TOKYO = ["play", "king-of-tokyo", "--seats", "you,random,random", "--seed", "5"]
WHOLE = "King of Tokyo: what player 1 (you) can see"
PARTIAL = "The board, only what changed (b shows all of it):"
ROW = "Power cards (deck:"


def _boards(out: str) -> list[str]:
    """The screens between one "Your turn" rule and the next prompt."""
    return [part.split("your choice")[0] for part in out.split("Your turn")[1:]]


def test_a_reroll_shows_only_the_dice_and_the_decision(invoke: Invoke) -> None:
    result = invoke(KING_OF_TOKYO, input="k 1\nq\n")
    assert result.exit_code == 0, result.output
    first, second = _boards(result.output)
    assert WHOLE in first and ROW in first and "Seat" in first
    assert PARTIAL in second and WHOLE not in second
    assert "Dice (1 reroll left):" in second and "Now: choose dice to keep" in second
    assert ROW not in second and "Seat" not in second and "Tokyo City: empty" not in second
    assert len(second.splitlines()) < len(first.splitlines()) / 2


def test_b_shows_the_whole_board_and_the_choices_again(invoke: Invoke) -> None:
    result = invoke(KING_OF_TOKYO, input="k 1\nb\nq\n")
    assert result.exit_code == 0, result.output
    after_b = result.output.split("your choice")[2]
    assert WHOLE in after_b and ROW in after_b and "Dice (1 reroll left):" in after_b
    assert "1) reroll all dice" in after_b
    assert prompt.parse_command("board", 2) is prompt.Cmd.BOARD
    assert "b, board" in invoke(KING_OF_TOKYO, input="h\nq\n").output


def test_hot_seat_shows_each_seat_its_whole_board(invoke: Invoke) -> None:
    """After another seat's board, a seat's own comes whole, not as a change."""
    args = ["play", "uno-power", "--seats", "you,you", "-o", "uno_call=auto", "--seed", "2"]
    result = invoke(args, input="1\n" * 12 + "q\n")
    assert result.exit_code == 0, result.output
    assert PARTIAL not in result.output


def _text(console: Console, renderable: RenderableType) -> str:
    with console.capture() as captured:
        console.print(renderable)
    return captured.get()


def test_a_board_where_everything_changed_is_drawn_whole() -> None:
    from tabletop.cli.redraw import Boards  # imported here: the other tests run without it

    state = tabletop.make("king-of-tokyo", first_player="0").new_state(3, seed=2)
    seating = Seating(("you", "random", "random"), frozenset({0}))
    console = Console(file=io.StringIO(), width=100)
    boards = Boards(console, get_renderer("king-of-tokyo"), seating)
    view = state.view(0)
    assert WHOLE in _text(console, boards.draw(view, 0))
    again = _text(console, boards.draw(view, 0))  # nothing changed: only the decision
    assert PARTIAL in again and "Now: choose dice to keep" in again and ROW not in again
    assert WHOLE in _text(console, boards.draw(view, 0, whole=True))
    generic = Boards(console, Renderer(), seating)
    generic.draw(view, 0)
    state.apply(state.legal_actions()[0])
    # The generic board is one part: it changed, so it is drawn whole.
    assert "what player 1 (you) can see" in _text(console, generic.draw(state.view(0), 0))
