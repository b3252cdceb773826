"""The CLI's parts on their own: input parsing, set-up, renderers, the loop."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from rich.console import Console
from typer.testing import Result

import tabletop
from tabletop.cli import render
from tabletop.cli.prompt import Cmd, Invalid, Pick, parse_command
from tabletop.cli.render import Renderer, Seating, get_renderer
from tabletop.cli.render.base import Wrap, view_lines
from tabletop.cli.render.uno_power import UnoPowerRenderer, card_chip
from tabletop.cli.session import Session
from tabletop.cli.table import UsageError, bot_seed, parse_options, parse_seats, set_table

Invoke = Callable[..., Result]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1", Pick(0)),
        (" 3 ", Pick(2)),
        ("h", Cmd.HELP),
        ("HELP", Cmd.HELP),
        ("l", Cmd.LOG),
        ("log", Cmd.LOG),
        ("q", Cmd.QUIT),
        ("quit", Cmd.QUIT),
    ],
)
def test_parse_command(text: str, expected: object) -> None:
    assert parse_command(text, 3) == expected


@pytest.mark.parametrize("text", ["", "0", "4", "999", "abc", "-1", "1.5"])
def test_parse_command_rejects_with_a_message(text: str) -> None:
    command = parse_command(text, 3)
    assert isinstance(command, Invalid)
    assert "1 to 3" in command.message


def test_parse_options_and_seats() -> None:
    assert parse_options(["a=1", " b = x=y "]) == {"a": "1", "b": "x=y"}
    assert parse_seats(" you , random ") == ("you", "random")
    for bad in (["novalue"], ["=1"], ["a=1", "a=2"]):
        with pytest.raises(UsageError):
            parse_options(bad)


def test_bot_seeds_are_stable_and_distinct() -> None:
    assert bot_seed(7, 1) == bot_seed(7, 1)
    seeds = {bot_seed(seed, seat) for seed in range(20) for seat in range(6)}
    assert len(seeds) == 120
    assert all(0 <= s < 2**63 for s in seeds)


def test_set_table_makes_bots_for_bot_seats_only() -> None:
    table = set_table("uno-power", ["random", "you", "heuristic"], 3, {"hand_size": "5"})
    assert sorted(table.bots) == [0, 2]
    assert table.humans == frozenset({1})
    assert table.state.seed == 3 and table.game.options.hand_size == 5


def test_registry_falls_back_to_the_generic_renderer(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(get_renderer("uno-power"), UnoPowerRenderer)
    monkeypatch.delitem(render._RENDERERS, "kung-fu")  # as for a game without a screen
    assert type(get_renderer("kung-fu")) is Renderer
    monkeypatch.setitem(
        render._RENDERERS, "kung-fu", "tabletop.cli.render.uno_power:UnoPowerRenderer"
    )
    assert isinstance(get_renderer("kung-fu"), UnoPowerRenderer)


def test_view_lines_indents_nested_values() -> None:
    view = {"a": 1, "b": {"c": [1, 2], "d": True}, "e": [{"f": None, "g": []}], "h": {}}
    assert view_lines(view) == [
        "a: 1",
        "b:",
        "  c: 1, 2",
        "  d: yes",
        "e:",
        "  - f: none",
        "    g: []",
        "h: {}",
    ]


def test_generic_renderer_plays_a_whole_game(
    invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(render._RENDERERS, "uno-power")
    args = ["play", "uno-power", "--seats", "you,heuristic", "-o", "target_score=single_round"]
    result = invoke([*args, "--seed", "2"], input="h\n" + "1\n" * 3000)
    assert result.exit_code == 0
    out = result.output
    assert "what player 1 (you) can see" in out
    assert "top_card:" in out and "hand:" in out and "Choices" in out
    assert "No rules summary" in out
    assert "Game over" in out


def _render(renderable: object, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, record=True)
    console.print(renderable)
    return console.export_text()


def test_choice_groups_put_plays_then_uno_calls_then_the_rest() -> None:
    game = tabletop.make("uno-power")
    labels = [
        "draw a card",
        "play red 5",
        "play red 5 and call UNO",
        "play Wild Draw Four, name blue",
        "play Wild Draw Four, name blue and call UNO",
    ]
    by_label = {str(a): a for a in game.actions}
    groups = UnoPowerRenderer().choice_groups([by_label[label] for label in labels])
    assert [(name, [str(a) for a in acts]) for name, acts in groups] == [
        ("Play a card", ["play red 5", "play Wild Draw Four, name blue"]),
        (
            "Play and call UNO",
            ["play red 5 and call UNO", "play Wild Draw Four, name blue and call UNO"],
        ),
        ("Other choices", ["draw a card"]),
    ]
    towers = UnoPowerRenderer().choice_groups([by_label["take tower U"], by_label["take no tower"]])
    assert [name for name, _ in towers] == ["Choices"]


def test_tower_choices_say_whom_they_take_from() -> None:
    game = tabletop.make("uno-power")
    view = game.new_state(2, 1).view(0)
    view["towers"]["N"] = 1
    action = next(a for a in game.actions if str(a) == "take towers U and N")
    label = UnoPowerRenderer().choice_label(action, view).plain
    assert "U from the pool, blocks Draw One" in label
    assert "N from player 2, blocks Draw Two" in label  # seat 1


def test_cards_wrap_whole() -> None:
    cards: list[dict[str, str | None]] = [
        {"colour": "red", "label": "red 7 (U)"},
        {"colour": None, "label": "Wild Draw Four"},
    ]
    text = _render(Wrap([card_chip(c) for c in cards * 3]), width=30)
    lines = text.splitlines()
    assert len(lines) > 1
    assert all(line.count("(U)") == line.count("red 7") for line in lines)
    assert text.count("Wild Draw Four") == 3


def test_round_summary_only_when_a_round_ends() -> None:
    renderer = UnoPowerRenderer()
    seating = Seating(("you", "random"))
    view = tabletop.make("uno-power").new_state(2, 1).view(0)
    assert renderer.round_summary(None, view, seating) is None
    ended = dict(view)
    ended["last_round"] = {
        "round": 1,
        "winner": 1,
        "how": "out",
        "points_in_hand": [42, 0],
        "gained": [0, 42],
    }
    summary = renderer.round_summary(view, ended, seating)
    assert "Round 1 goes to player 2 (random): went out" in _render(summary)
    assert renderer.round_summary(ended, ended, seating) is None


def test_delay_pauses_after_each_bot_move_only() -> None:
    table = set_table("uno-power", ["random", "random"], 1, {"target_score": "single_round"})
    pauses: list[float] = []
    console = Console(file=io.StringIO(), width=100)
    session = Session(table, console, get_renderer("uno-power"), delay=0.25, sleep=pauses.append)
    assert session.run() == 0
    assert pauses == [0.25] * len(table.state.history)


def test_bots_only_stream_the_spectator_log() -> None:
    table = set_table("uno-power", ["random", "heuristic"], 2, {"target_score": "single_round"})
    console = Console(file=io.StringIO(), width=200, record=True)
    Session(table, console, get_renderer("uno-power")).run()
    out = console.export_text()
    state = table.state
    for event in state.log:
        if event.visible_to is None:
            assert event.text in out
        elif event.kind == "hand":
            assert event.text not in out
