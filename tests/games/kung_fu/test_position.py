"""Kung Fu positions set up in the players' words (docs/positions.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError


def _game() -> Any:
    return tabletop.make("kung-fu")


def test_a_position_starts_its_round() -> None:
    game = _game()
    state = game.position(
        {
            "hands": [["Straight Punch", "Low Kick", "Forearm Block"], ["Crane Beak"]],
            "rows": [["Palm Strike"], []],
            "life": [3, 5],
            "attacker": 1,
            "red": ["Tiger Claw"],
            "seed": 2,
        }
    )
    view = state.view(None)
    assert [p["life"] for p in view["players"]] == [3, 5]
    assert view["players"][0]["koku_total"] == 2  # computed from the row, never given
    assert view["attacker"] == 1 and state.current_player == 1
    mine = sorted(c["name"] for c in state.view(0)["hand"])
    assert mine == ["Forearm Block", "Low Kick", "Straight Punch"]
    data = state.to_dict()
    total = sum(len(h) for h in data["state"]["hands"])
    total += sum(len(r) for r in data["state"]["rows"])
    total += sum(len(d["draw"]) + len(d["discard"]) for d in data["state"]["decks"])
    assert total == game.cards.total_cards  # the rest of the deck lies in the piles
    assert data["state"]["decks"][0]["draw"][-1] == game.cards.names.index("Tiger Claw")
    again = game.state_from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data


def test_what_a_position_leaves_out_is_dealt_with_the_seed() -> None:
    game = _game()
    dealt = game.new_state(2, seed=5)
    state = game.position({"seed": 5, "life": [4, 4]})
    sizes = [len(h) for h in state.to_dict()["state"]["hands"]]
    assert sizes == [len(h) for h in dealt.to_dict()["state"]["hands"]]
    assert game.position({"seed": 5, "life": [4, 4]}).to_dict() == state.to_dict()


@pytest.mark.parametrize(
    ("spec", "field", "words"),
    [
        ({"hand": []}, "position.hand", "unknown field"),
        ({"hands": [["Kick"], []]}, r"position.hands\[0\]", "no card called 'Kick'"),
        ({"rows": [["Palm Strike", "Palm Strike"], []]}, r"position.rows\[0\]", "more copies"),
        ({"hands": [["Low Kick"]]}, "position.hands", "one list of cards per player"),
        ({"life": [0, 5]}, "position.life", "some life left"),
        ({"life": [11, 5]}, "position.life", "at most 10"),
        ({"round": 0}, "position.round", "from 1 to the round limit (500)"),
        ({"round": 501}, "position.round", "from 1 to the round limit (500)"),
        ({"passes": [1, -1]}, "position.passes", "-1 each"),
        ({"attacker": 2}, "position.attacker", "a seat from 0 to 1"),
        ({"red": ["Forearm Block"]}, "position.red", "not a red card"),
        ({"blue_discard": ["Low Kick"]}, "position.blue_discard", "not a blue card"),
    ],
)
def test_bad_positions_name_the_field(spec: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(InvalidOptionsError, match=field) as caught:
        _game().position(spec)
    assert words in str(caught.value)


def test_passes_left_are_within_the_option() -> None:
    game = tabletop.make("kung-fu", max_voluntary_passes=2)
    state = game.position({"passes": [2, 0]})
    assert [p["passes_left"] for p in state.view(None)["players"]] == [2, 0]
    with pytest.raises(InvalidOptionsError, match=r"position\.passes") as caught:
        game.position({"passes": [3, 0]})
    assert "from 0 to 2" in str(caught.value)


def test_a_position_file_plays_to_the_end(tmp_path: Any) -> None:
    path = tmp_path / "duel.toml"
    path.write_text(
        'game = "kung-fu"\nlife = [2, 2]\nhands = [["Straight Punch"], ["Crane Beak"]]\n',
        encoding="utf-8",
    )
    state = tabletop.load_position(path)
    moves = 0
    while not state.is_terminal() and moves < 2000:
        state.apply(state.legal_actions()[0])
        moves += 1
    assert state.is_terminal()
