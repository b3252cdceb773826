"""UNO Power positions with cards out of the round (``box``) and moves played from
them (``moves``): docs/positions.md."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError, StateFormatError
from tabletop.core.rng import Rng
from tabletop.games.uno_power.game import UnoPowerGame


def _game(**options: Any) -> UnoPowerGame:
    game = tabletop.make("uno-power", **options)
    assert isinstance(game, UnoPowerGame)
    return game


def _all_but(game: UnoPowerGame, placed: Sequence[str]) -> list[str]:
    """The names of every card of the deck but ``placed``: a box that leaves only them."""
    left = Counter(game.cards.names[k] for k in game.cards.deck)
    left.subtract(placed)
    assert all(n >= 0 for n in left.values())
    return sorted(left.elements())


def _places(state: tabletop.State) -> Counter[int]:
    """Every card kind in the hands and piles, counted."""
    s = state.to_dict()["state"]
    return Counter([*(k for h in s["hands"] for k in h), *s["deck"]["draw"], *s["deck"]["discard"]])


def _labels(state: tabletop.State) -> list[str]:
    return [a.label for a in state.legal_actions()]


HANDS = [["yellow 1", "yellow 2"], ["green 5", "green 6"]]


def _short(game: UnoPowerGame, **fields: Any) -> tabletop.State:
    """Two small hands, red 3 in play over ``discard``, and a draw pile of ``draw``
    only: the rest of the deck in the box."""
    draw = fields.get("draw", [])
    discard = fields.get("discard", [])
    placed = [c for h in HANDS for c in h] + ["red 3", *draw, *discard]
    return game.position({"hands": HANDS, "top": "red 3", "box": _all_but(game, placed), **fields})


def test_a_box_makes_a_short_draw_pile() -> None:
    game = _game()
    state = _short(game, draw=["green 7", "blue 2"])
    view = state.view(None)
    assert view["draw_pile"] == 2 and view["discard_pile"] == 1
    assert len(view["box"]) == len(game.cards.deck) - 7
    assert [c["label"] for c in state.view(0)["box"]] == [c["label"] for c in view["box"]]
    data = json.loads(json.dumps(state.to_dict()))
    assert sorted(data["state"]["box"]) == data["state"]["box"]
    in_play, boxed = _places(state), Counter(data["state"]["box"])
    assert all(in_play[k] + boxed[k] == n for k, n in enumerate(game.cards.copies))
    again = game.state_from_dict(data)
    assert again.to_dict() == data
    # The scripted draws come first, and nothing else is left to draw.
    state.apply(next(a for a in state.legal_actions() if a.label == "draw a card"))
    assert game.cards.names.index("green 7") in state.to_dict()["state"]["hands"][0]


def test_a_state_without_a_box_keeps_its_saved_form() -> None:
    game = _game()
    state = game.position({"hands": HANDS, "top": "red 3"})
    assert "box" not in state.to_dict()["state"] and state.view(None)["box"] == []
    assert "box" not in game.new_state(2, seed=1).to_dict()["state"]


def test_the_box_never_comes_back_with_a_reshuffle() -> None:
    game = _game()
    state = _short(game, draw=["green 7"], discard=["blue 1", "blue 2", "blue 3"])
    box = Counter(state.to_dict()["state"]["box"])
    state.apply(next(a for a in state.legal_actions() if a.label == "draw a card"))
    assert state.current_player == 1 and state.view(None)["draw_pile"] == 0
    state.apply(next(a for a in state.legal_actions() if a.label == "draw a card"))
    assert any(e.kind == "reshuffle" for e in state.log)
    data = state.to_dict()["state"]
    names = game.cards.names
    # The three blue cards under red 3 made the new pile; one was drawn.
    drawn = [names[k] for k in data["hands"][1] if names[k] not in ("green 5", "green 6")]
    assert sorted([names[k] for k in data["deck"]["draw"]] + drawn) == [
        "blue 1",
        "blue 2",
        "blue 3",
    ]
    assert data["deck"]["discard"] == [names.index("red 3")]
    assert Counter(data["box"]) == box
    game.state_from_dict(state.to_dict())  # every card still in one place


def test_an_empty_pile_and_an_empty_discard_make_passes_then_a_stalemate() -> None:
    """Running out of cards (A14): a draw that finds no card is a pass; as many passes
    as players end the round, the fewest points in hand winning it."""
    game = _game(target_score="single_round")
    state = _short(game)
    assert state.view(None)["draw_pile"] == 0
    state.apply(next(a for a in state.legal_actions() if a.label == "draw a card"))
    assert state.current_player == 1 and not state.is_terminal()
    assert [e.kind for e in state.log].count("pass") == 1
    state.apply(next(a for a in state.legal_actions() if a.label == "draw a card"))
    kinds = [e.kind for e in state.log]
    assert kinds.count("pass") == 2 and "stalemate" in kinds
    assert state.is_terminal() and state.winners() == [0]  # yellow 1 + 2 < green 5 + 6


def test_a_penalty_draw_takes_what_is_left() -> None:
    """A Draw Two at a short pile: the discards under the card in play are shuffled in,
    never the box; with nothing more, the target draws what exists."""
    game = _game()
    hands = [["red Draw Two", "blue 9"], ["green 5", "green 6"]]
    placed = [c for h in hands for c in h] + ["red 3"]
    state = game.position(
        {
            "hands": hands,
            "top": "red 3",
            "box": _all_but(game, placed),
            "moves": ["play red Draw Two and call UNO"],
        }
    )
    draws = [e for e in state.log if e.kind == "draw"]
    assert draws[-1].data["count"] == 1  # only red 3 came back under the Draw Two
    assert state.view(None)["players"][1]["hand_size"] == 3
    assert state.current_player == 0  # the target lost its turn


def test_end_round_on_an_empty_pile() -> None:
    game = _game(empty_pile="end_round", target_score="single_round")
    state = _short(game)
    state.apply(next(a for a in state.legal_actions() if a.label == "draw a card"))
    assert state.is_terminal() and state.winners() == [0]


def test_the_next_round_deals_the_whole_deck_again() -> None:
    game = _game()
    hands = [["red 5"], ["blue 5", "blue 6"]]
    state = game.position(
        {
            "hands": hands,
            "top": "red 3",
            "box": _all_but(game, ["red 5", "blue 5", "blue 6", "red 3", "green 1"]),
            "moves": ["play red 5"],
        }
    )
    assert state.view(None)["round"] == 2 and not state.is_terminal()
    assert "box" not in state.to_dict()["state"] and state.view(None)["box"] == []
    assert sum(_places(state).values()) == len(game.cards.deck)


def test_determinizations_never_deal_the_box() -> None:
    game = _game()
    box = [n for n in (game.cards.names[k] for k in game.cards.deck) if n.startswith("yellow")]
    box += ["Wild Draw Four"] * game.cards.copies[game.cards.names.index("Wild Draw Four")]
    state = game.position(
        {"hands": [["red 5", "red 6"], ["blue 5", "green 6", "red 9"]], "top": "red 3", "box": box}
    )
    saved_box = state.to_dict()["state"]["box"]
    boxed = set(saved_box)
    belief = game.belief(state, 0, Rng(3))
    assert belief is not None
    for seed in range(20):
        for twin in (state.determinize(0, Rng(seed)), belief(state, 0, Rng(seed))):
            data = twin.to_dict()["state"]
            assert not boxed & {*data["hands"][1], *data["deck"]["draw"]}
            assert data["box"] == saved_box
            game.state_from_dict(twin.to_dict())  # every card still in one place


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"box": "red 1"}, "must be a list of card names"),
        ({"box": ["red 55"]}, "no card called 'red 55'"),
        ({"box": ["red 5"]}, "red 5: more copies than the deck holds"),  # in hands[0]
        ({"box": ["red 3"]}, "red 3: more copies"),  # the card in play
        ({"draw": ["blue 1"], "box": ["blue 1"]}, "blue 1: more copies"),
        ({"box": ["red 9", "red 9", "red 9"]}, "red 9: more copies"),
    ],
)
def test_a_bad_box_is_refused(fields: dict[str, Any], words: str) -> None:
    spec = {"hands": [["red 5"], ["blue 5"]], "top": "red 3", **fields}
    with pytest.raises(InvalidOptionsError, match=r"position\.box") as caught:
        _game().position(spec)
    assert words in str(caught.value)


def test_a_box_that_leaves_too_few_cards_to_deal_is_refused() -> None:
    game = _game()
    with pytest.raises(InvalidOptionsError, match=r"position\.hands") as caught:
        game.position({"top": "red 3", "box": _all_but(game, ["red 3", "red 5", "blue 5"])})
    assert "only 2 cards are left to deal the hands (14)" in str(caught.value)
    colourless = [n for n in _all_but(game, []) if not n.startswith("Wild")]
    with pytest.raises(InvalidOptionsError, match=r"position\.top") as caught:
        game.position({"hands": [["Wild Draw Four"], ["Wild Draw Four"]], "box": colourless})
    assert "no coloured card is left" in str(caught.value)


def test_a_saved_box_is_checked_like_the_other_places() -> None:
    game = _game()
    state = _short(game, draw=["green 7"])
    data = state.to_dict()
    names = game.cards.names
    twice = json.loads(json.dumps(data))
    twice["state"]["box"].append(names.index("yellow 1"))  # also in hands[0]
    with pytest.raises(StateFormatError, match=r"yellow 1.*hands\[0\] 1, box 1"):
        game.state_from_dict(twice)
    lost = json.loads(json.dumps(data))
    lost["state"]["box"].remove(names.index("blue 7"))
    with pytest.raises(StateFormatError, match="blue 7 but the state has 0"):
        game.state_from_dict(lost)
    unknown = json.loads(json.dumps(data))
    unknown["state"]["box"].append(999)
    with pytest.raises(StateFormatError, match="box: 999 is not a card"):
        game.state_from_dict(unknown)


# -- moves ------------------------------------------------------------------------------

WD4 = {"hands": [["Wild Draw Four", "blue 9", "green 1"], ["blue 5", "red 2"]], "top": "red 3"}


def test_moves_set_up_a_pending_challenge() -> None:
    game = _game()
    state = game.position({**WD4, "moves": ["play Wild Draw Four, name green"]})
    assert state.current_player == 1
    assert state.view(None)["decision"]["kind"] == "challenge"
    assert _labels(state) == ["challenge the Wild Draw Four", "accept the Wild Draw Four"]
    assert state.view(None)["colour"] == "green"
    assert state.history == []  # the moves are the position's
    assert any(e.kind == "play" for e in state.log)  # and the log tells them
    data = json.loads(json.dumps(state.to_dict()))
    assert game.state_from_dict(data).to_dict() == data
    assert game.position({**WD4, "moves": ["play Wild Draw Four, name green"]}).to_dict() == data
    # The challenge: the player of the card held red 3's colour? It held none: innocent.
    state.apply(next(a for a in state.legal_actions() if a.label.startswith("challenge")))
    assert state.view(None)["players"][1]["hand_size"] == 2 + 6


def test_moves_set_up_a_catch_window() -> None:
    state = _game().position(
        {
            "hands": [["red 5", "blue 9"], ["blue 5", "red 2"], ["green 1"]],
            "top": "red 3",
            "moves": ["play red 5"],
        }
    )
    assert state.view(None)["decision"]["kind"] == "catch"
    assert _labels(state) == ["catch the missed UNO call", "let it go"]


def test_moves_draw_the_scripted_cards_first() -> None:
    game = _game()
    state = game.position(
        {
            "hands": [["yellow 1"], ["blue 5"]],
            "top": "red 3",
            "draw": ["red 7", "green 2"],
            "moves": ["draw a card"],
        }
    )
    assert state.view(None)["decision"]["kind"] == "play_drawn"
    assert state.view(0)["drawn_card"]["label"] == "red 7"
    assert "play red 7" in _labels(state)


def test_labels_read_regardless_of_case_and_spaces() -> None:
    game = _game()
    exact = game.position({**WD4, "moves": ["play Wild Draw Four, name green"]})
    loose = game.position({**WD4, "moves": ["  PLAY wild draw four,  name GREEN "]})
    assert loose.to_dict() == exact.to_dict()


@pytest.mark.parametrize(
    ("moves", "field", "words"),
    [
        ("draw a card", r"position\.moves", "must be a list of action labels"),
        ([7], r"position\.moves\[0\]", "an action's label, got 7"),
        (
            ["play Wild Draw Four, name green", "play red 2"],
            r"position\.moves\[1\]",
            "'play red 2' is not legal for player 2 here (legal: "
            "'challenge the Wild Draw Four', 'accept the Wild Draw Four')",
        ),
        (["play red 3"], r"position\.moves\[0\]", "'play red 3' is not legal for player 1"),
    ],
)
def test_a_move_that_is_not_legal_is_refused(moves: Any, field: str, words: str) -> None:
    with pytest.raises(InvalidOptionsError, match=field) as caught:
        _game().position({**WD4, "moves": moves})
    assert words in str(caught.value)


def test_many_legal_labels_are_shortened() -> None:
    hand = ["red 1", "red 2", "red 4", "red 5", "red 6", "red 7", "red 8", "red 9", "red Skip"]
    hand.append("Wild Grab-a-Tower")  # 4 plays, one per colour: 14 labels with the draw
    spec = {"hands": [hand, ["blue 5"]], "top": "red 3", "moves": ["jump"]}
    with pytest.raises(InvalidOptionsError, match=r"position\.moves\[0\]") as caught:
        _game().position(spec)
    text = str(caught.value)
    assert "'play red 1'" in text and text.endswith("more)")
    assert text.count("'play") == 12 and text.endswith("and 2 more)")


def test_no_move_follows_the_end_of_the_game() -> None:
    game = _game(target_score="single_round")
    spec = {"hands": [["red 5"], ["blue 5"]], "top": "red 3"}
    over = game.position({**spec, "moves": ["play red 5"]})
    assert over.is_terminal() and over.winners() == [0]
    with pytest.raises(InvalidOptionsError, match=r"position\.moves\[1\]") as caught:
        game.position({**spec, "moves": ["play red 5", "draw a card"]})
    assert "the game is over" in str(caught.value)
