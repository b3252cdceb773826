"""Kung Fu positions with cards out of the game (``box``) and moves played from them
(``moves``): docs/positions.md."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError, StateFormatError
from tabletop.core.rng import Rng
from tabletop.games.kung_fu.cards import RED
from tabletop.games.kung_fu.game import KungFuGame
from tabletop.games.kung_fu.heuristic import Reading


def _game(**options: Any) -> KungFuGame:
    game = tabletop.make("kung-fu", **options)
    assert isinstance(game, KungFuGame)
    return game


def _all_but(game: KungFuGame, placed: Sequence[str], colour: int | None = None) -> list[str]:
    """The names of the deck's cards (of ``colour``, if given) but ``placed``."""
    cards = game.cards
    left = Counter(
        {
            cards.names[k]: cards.count[k]
            for k in range(cards.num_types)
            if colour is None or cards.colour[k] == colour
        }
    )
    left.subtract(placed)
    assert all(n >= 0 for n in left.values())
    return sorted(left.elements())


HANDS = [["Straight Punch", "Low Kick", "Forearm Block"], ["Crane Beak", "Iron Shirt"]]
RED_IN_HANDS = ["Straight Punch", "Low Kick", "Crane Beak"]


def _short_red(game: KungFuGame, red: Sequence[str], red_discard: Sequence[str] = ()) -> Any:
    """The hands above, a red pile of ``red`` only (the other red cards in the box), the
    blue cards dealt with the seed."""
    box = _all_but(game, [*RED_IN_HANDS, *red, *red_discard], RED)
    return game.position(
        {
            "hands": HANDS,
            "red": list(red),
            "red_discard": list(red_discard),
            "attacker": 0,
            "box": box,
        }
    )


def test_a_box_makes_a_red_pile_of_one_card() -> None:
    game = _game()
    state = _short_red(game, ["Tiger Claw"])
    view = state.view(None)
    assert view["decks"]["red"] == 1
    assert Counter(c["name"] for c in view["box"]) == Counter(
        _all_but(game, [*RED_IN_HANDS, "Tiger Claw"], RED)
    )
    assert state.view(1)["box"] == view["box"]
    data = json.loads(json.dumps(state.to_dict()))
    s = data["state"]
    total = sum(len(h) for h in s["hands"]) + sum(len(r) for r in s["rows"])
    total += sum(len(d["draw"]) + len(d["discard"]) for d in s["decks"]) + len(s["box"])
    assert total == game.cards.total_cards
    assert game.state_from_dict(data).to_dict() == data
    assert "box" not in game.position({"hands": HANDS}).to_dict()["state"]


def test_a_short_red_pile_gives_what_it_has_then_blue() -> None:
    """Giving up the initiative draws 3 (R4), choosing the piles (R3): the red pile can
    give one card, so the split offers 0 or 1 red."""
    game = _game()
    state = game.position(
        {
            "hands": HANDS,
            "red": ["Tiger Claw"],
            "attacker": 0,
            "box": _all_but(game, [*RED_IN_HANDS, "Tiger Claw"], RED),
            "moves": ["give up the initiative"],
        }
    )
    assert [a.label for a in state.legal_actions()] == [
        "draw 0 red, the rest blue",
        "draw 1 red, the rest blue",
    ]
    state.apply(state.legal_actions()[1])
    hand = state.view(0)
    assert Counter(c["deck"] for c in hand["hand"]) == {"attack": 3, "parry": 3}
    assert hand["decks"]["red"] == 0


def test_an_empty_red_pile_is_refilled_from_its_discards_never_from_the_box() -> None:
    game = _game()
    state = game.position(
        {
            "hands": HANDS,
            "red": ["Tiger Claw"],
            "red_discard": ["Iron Fist", "Palm Strike"],
            "attacker": 0,
            "box": _all_but(game, [*RED_IN_HANDS, "Tiger Claw", "Iron Fist", "Palm Strike"], RED),
            "moves": ["give up the initiative", "draw 3 red, the rest blue"],
        }
    )
    assert any(e.kind == "reshuffle" for e in state.log)
    mine = sorted(c["name"] for c in state.view(0)["hand"] if c["deck"] == "attack")
    assert mine == ["Iron Fist", "Low Kick", "Palm Strike", "Straight Punch", "Tiger Claw"]
    view = state.view(None)
    assert view["decks"]["red"] == 0 and view["discards"]["red"] == []
    game.state_from_dict(state.to_dict())  # every card still in one place


def test_without_reshuffles_a_used_up_red_pile_gives_blue() -> None:
    game = _game(reshuffle_on_empty=False)
    box = _all_but(game, [*RED_IN_HANDS, "Iron Fist", "Palm Strike"], RED)
    state = game.position(
        {
            "hands": HANDS,
            "red_discard": ["Iron Fist", "Palm Strike"],
            "attacker": 0,
            "box": box,
            "moves": ["give up the initiative"],
        }
    )
    # No red card can be drawn: the 3 cards come from the blue pile, without asking.
    assert Counter(c["deck"] for c in state.view(0)["hand"]) == {"attack": 2, "parry": 4}
    assert state.current_player == 1


def test_determinizations_and_the_bot_never_count_the_box() -> None:
    game = _game()
    state = _short_red(game, ["Tiger Claw", "Iron Fist"])
    box = state.to_dict()["state"]["box"]
    names = game.cards.names
    # What seat 0 cannot see of the red cards: the pile and the other hand's one.
    unseen_red = Counter(["Tiger Claw", "Iron Fist", "Crane Beak"])

    def hidden_red(data: dict[str, Any]) -> Counter[str]:
        cards = [*data["hands"][1], *data["decks"][RED]["draw"]]
        return Counter(names[k] for k in cards if game.cards.colour[k] == RED)

    belief = game.belief(state, 0, Rng(1))
    assert belief is not None
    for seed in range(20):
        for twin in (state.determinize(0, Rng(seed)), belief(state, 0, Rng(seed))):
            data = twin.to_dict()["state"]
            assert hidden_red(data) == unseen_red and data["box"] == box
    # The heuristic counts the unseen cards the same way.
    unseen = Reading(state, 0).unseen
    counted = Counter({names[k]: n for k, n in enumerate(unseen) if game.cards.colour[k] == RED})
    assert +counted == unseen_red


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"box": "Tiger Claw"}, "must be a list of card names"),
        ({"box": ["Tiger Paw"]}, "no card called 'Tiger Paw'"),
        ({"box": ["Palm Strike"], "rows": [["Palm Strike"], []]}, "Palm Strike: more copies"),
        ({"box": ["Crane Beak"] * 2}, "Crane Beak: more copies"),  # one in hands[1]
        ({"box": ["Iron Fist"], "red": ["Iron Fist"]}, "Iron Fist: more copies"),
    ],
)
def test_a_bad_box_is_refused(fields: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidOptionsError, match=r"position\.box") as caught:
        _game().position({"hands": HANDS, **fields})
    assert words in str(caught.value)


def test_a_box_that_leaves_too_few_cards_to_deal_is_refused() -> None:
    game = _game()
    with pytest.raises(InvalidOptionsError, match=r"position\.hands") as caught:
        game.position({"box": _all_but(game, ["Tiger Claw"], RED)})
    assert "too few cards are left to deal the hands" in str(caught.value)


def test_a_saved_box_is_checked_like_the_other_places() -> None:
    game = _game()
    data = json.loads(json.dumps(_short_red(game, ["Tiger Claw"]).to_dict()))
    twice = json.loads(json.dumps(data))
    twice["state"]["box"].append(game.cards.names.index("Low Kick"))
    with pytest.raises(StateFormatError, match=r"Low Kick.*hands\[0\] 1, box 3"):
        game.state_from_dict(twice)
    unknown = json.loads(json.dumps(data))
    unknown["state"]["box"].append(99)
    with pytest.raises(StateFormatError, match="box: 99 is not a card"):
        game.state_from_dict(unknown)


# -- moves ------------------------------------------------------------------------------

BASE = {
    "hands": [["Tiger Claw", "Low Kick"], ["Iron Shirt", "Still Water"]],
    "rows": [["Palm Strike"], ["Rising Block"]],
    "attacker": 0,
    "seed": 1,
}


def _decision(state: Any) -> str:
    kind: str = state.view(None)["decision"]["kind"]
    return kind


@pytest.mark.parametrize(
    ("moves", "kind", "player", "labels"),
    [
        (["attack with Tiger Claw face up"], "parry", 1, ["parry with Iron Shirt"]),
        (
            ["attack with Tiger Claw face up", "parry with Iron Shirt"],
            "activate",
            0,
            ["activate your card's effect", "do not activate"],
        ),
        (
            ["attack with Low Kick face up", "parry with Iron Shirt"],
            "defender_choice",
            1,
            ["take the initiative", "draw the difference"],
        ),
        (
            ["attack with Low Kick face up", "parry with Iron Shirt", "draw the difference"],
            "draw",
            1,
            ["draw 0 red, the rest blue", "draw 1 red, the rest blue"],
        ),
    ],
)
def test_moves_reach_each_decision_of_a_round(
    moves: list[str], kind: str, player: int, labels: list[str]
) -> None:
    game = _game()
    state = game.position({**BASE, "moves": moves})
    assert _decision(state) == kind and state.current_player == player
    legal = [a.label for a in state.legal_actions()]
    assert all(label in legal for label in labels)
    assert state.history == []
    data = json.loads(json.dumps(state.to_dict()))
    assert game.state_from_dict(data).to_dict() == data
    assert game.position({**BASE, "moves": moves}).to_dict() == data


def test_moves_draw_the_scripted_cards() -> None:
    state = _game().position(
        {
            **BASE,
            "red": ["Iron Fist"],
            "moves": ["give up the initiative", "draw 1 red, the rest blue"],
        }
    )
    assert "Iron Fist" in [c["name"] for c in state.view(0)["hand"]]


def test_a_move_that_is_not_legal_is_refused() -> None:
    with pytest.raises(InvalidOptionsError, match=r"position\.moves\[1\]") as caught:
        _game().position(
            {**BASE, "moves": ["attack with Tiger Claw face up", "take the initiative"]}
        )
    assert "'take the initiative' is not legal for player 2 here" in str(caught.value)
    assert "'parry with Iron Shirt'" in str(caught.value)


def test_no_move_follows_the_end_of_the_game() -> None:
    game = _game()
    spec = {"hands": [["Iron Fist"], ["Cross Block"]], "life": [5, 1], "attacker": 0}
    over = game.position({**spec, "moves": ["attack with Iron Fist face up"]})
    assert over.is_terminal() and over.winners() == [0]  # the only parry could not save it
    with pytest.raises(InvalidOptionsError, match=r"position\.moves\[1\]") as caught:
        game.position({**spec, "moves": ["attack with Iron Fist face up", "take the initiative"]})
    assert "the game is over" in str(caught.value)
