"""UNO Power positions set up in the players' words (docs/positions.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError


def _cards_in(state: tabletop.State) -> int:
    s = state.to_dict()["state"]
    return sum(len(h) for h in s["hands"]) + len(s["deck"]["draw"]) + len(s["deck"]["discard"])


def test_a_position_is_played_from_its_turn() -> None:
    game = tabletop.make("uno-power")
    state = game.position(
        {
            "hands": [["red 5", "blue 9"], ["blue 5"], ["green 9", "yellow 2"]],
            "top": "red 3",
            "turn": 2,
            "direction": -1,
            "towers": {"U": 1, "!": 0},
            "scores": [10, 0, 30],
        }
    )
    view = state.view(None)
    assert state.current_player == 2
    labels = [a.label for a in state.legal_actions()]
    assert labels == ["draw a card"]  # neither green 9 nor yellow 2 plays on red 3
    assert view["top_card"]["label"] == "red 3" and view["direction"] == -1
    assert _cards_in(state) == len(game.cards.deck)  # the rest of the deck is dealt out
    assert state.to_dict()["state"]["towers"][:2] == [1, -1]
    # Built, saved and loaded, it is the same position.
    again = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.to_dict() == state.to_dict()


def test_what_a_position_leaves_out_is_dealt_with_the_seed() -> None:
    game = tabletop.make("uno-power", hand_size=5)
    state = game.position({"players": 4, "seed": 3})
    sizes = [len(h) for h in state.to_dict()["state"]["hands"]]
    assert sizes == [5, 5, 5, 5] and _cards_in(state) == len(game.cards.deck)
    assert game.position({"players": 4, "seed": 3}).to_dict() == state.to_dict()
    assert game.position({"players": 4, "seed": 4}).to_dict() != state.to_dict()


def test_scripted_draws_come_first() -> None:
    game = tabletop.make("uno-power")
    state = game.position(
        {"hands": [["yellow 1"], ["blue 5"]], "top": "red 3", "draw": ["green 7", "blue 2"]}
    )
    state.apply(next(a for a in state.legal_actions() if a.label == "draw a card"))
    hand = state.to_dict()["state"]["hands"][0]
    assert game.cards.names.index("green 7") in hand


def test_a_wild_on_top_needs_its_colour() -> None:
    game = tabletop.make("uno-power")
    spec: dict[str, Any] = {"hands": [["red 5"], ["blue 5"]], "top": "Wild Draw Four"}
    with pytest.raises(InvalidOptionsError, match=r"position\.colour"):
        game.position(spec)
    state = game.position({**spec, "colour": "blue"})
    assert [a.label for a in state.legal_actions()] == ["draw a card"]


@pytest.mark.parametrize(
    ("spec", "field", "words"),
    [
        ({"hand": []}, "position.hand", "unknown field"),
        ({"hands": [["red 55"], ["blue 5"]]}, r"position.hands\[0\]", "no card called 'red 55'"),
        ({"hands": [["red 1", "red 1"], ["blue 5"]]}, r"position.hands\[0\]", "more copies"),
        ({"hands": [["red 5"]], "players": 3}, "position.hands", "one list of cards per player"),
        ({"hands": [["red 5"], ["blue 5"]], "turn": 2}, "position.turn", "a seat from 0 to 1"),
        ({"hands": [["red 5"], ["blue 5"]], "towers": {"X": 0}}, "position.towers", "no tower"),
        ({"hands": [["red 5"], ["blue 5"]], "direction": 2}, "position.direction", "1"),
        (
            {"hands": [["red 5"], ["blue 5"]], "top": "red 3", "colour": "blue"},
            "position.colour",
            "wild",
        ),
        ({"players": 9}, "num_players", "2 to 6"),
        ({"hands": [["red 5"], ["blue 5"]], "scores": [1]}, "position.scores", "one score"),
        ({"hands": [["red 5"], ["blue 5"]], "scores": [1, -1]}, "position.scores", "0 or more"),
        ({"hands": [["red 5"], ["blue 5"]], "round": 0}, "position.round", "1 or more"),
    ],
)
def test_bad_positions_name_the_field(spec: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(InvalidOptionsError, match=field) as caught:
        tabletop.make("uno-power").position(spec)
    assert words in str(caught.value)


def test_a_misspelt_card_gets_suggestions() -> None:
    with pytest.raises(InvalidOptionsError, match="did you mean") as caught:
        tabletop.make("uno-power").position({"hands": [["Draw Two"], ["blue 5"]]})
    assert "red Draw Two" in str(caught.value)


def test_position_files_in_toml_and_json(tmp_path: Path) -> None:
    toml = tmp_path / "lesson.toml"
    toml.write_text(
        'game = "uno-power"\n'
        "options = { hand_size = 5 }\n"
        'hands = [["red 5", "blue 5"], ["green 9"]]\n'
        'top = "red 3"\n'
        "turn = 1\n",
        encoding="utf-8",
    )
    from_toml = tabletop.load_position(toml)
    spec = {
        "game": "uno-power",
        "options": {"hand_size": 5},
        "hands": [["red 5", "blue 5"], ["green 9"]],
        "top": "red 3",
        "turn": 1,
    }
    as_json = tmp_path / "lesson.json"
    as_json.write_text(json.dumps(spec), encoding="utf-8")
    assert tabletop.load_position(as_json).to_dict() == from_toml.to_dict()
    assert tabletop.load_position(spec).to_dict() == from_toml.to_dict()
    assert from_toml.current_player == 1 and from_toml.game.options.hand_size == 5


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("hands = [", "is not valid"),
        ('hands = [["red 5"], ["blue 5"]]', "name the game"),
        ('game = "uno-power"\noptions = 3', "position.options"),
        # Every game builds positions now: a field of another game's is named.
        ('game = "king-of-tokyo"\nhands = [["red 5"]]', "position.hands"),
    ],
)
def test_bad_position_files_say_why(tmp_path: Path, content: str, words: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InvalidOptionsError) as caught:
        tabletop.load_position(path)
    assert words in str(caught.value)
    with pytest.raises(InvalidOptionsError, match="cannot read"):
        tabletop.load_position(tmp_path / "missing.toml")


def test_an_empty_hand_is_refused() -> None:
    """A player without cards has won the round: no round goes on from there."""
    with pytest.raises(InvalidOptionsError, match=r"position\.hands\[0\].*won"):
        tabletop.make("uno-power").position({"hands": [[], ["red 1"]], "top": "red 3"})
