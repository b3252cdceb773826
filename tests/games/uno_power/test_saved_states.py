"""Loading a saved UNO Power state refuses one the rules cannot reach, naming the
problem (docs/positions.md, "Saved states"); every state of real games loads back."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import StateFormatError
from tabletop.games.uno_power.game import UnoPowerGame
from tabletop.games.uno_power.phases import ASK_NAME_COLOUR, ASK_PLAY_DRAWN
from tests.games.uno_power.scenario import act, build
from tests.saved_states import Change, assert_refused, kind_named, random_games_load_back, set_field


@pytest.fixture(scope="module")
def game() -> UnoPowerGame:
    made = tabletop.make("uno-power")
    assert isinstance(made, UnoPowerGame)
    return made


def _saved(game: UnoPowerGame) -> dict[str, Any]:
    """A state of seat 0's normal turn, as a save file holds it."""
    state = build(game, 3, hands=[["red 5", "blue 9"], ["blue 5"], ["green 9"]], top="red 3")
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


def _lose_a_card(data: dict[str, Any], game: UnoPowerGame) -> None:
    data["state"]["deck"]["draw"].remove(kind_named(game, "yellow 7"))


def _copy_a_card(data: dict[str, Any], game: UnoPowerGame) -> None:
    data["state"]["hands"][1].append(kind_named(game, "red 5"))  # the deck's one is in hands[0]


def _a_card_twice(data: dict[str, Any], game: UnoPowerGame) -> None:
    """A card drawn into a hand that also stays in the pile: one card too many."""
    data["state"]["hands"][2].append(data["state"]["deck"]["draw"][-1])


def _empty_discard(data: dict[str, Any], game: UnoPowerGame) -> None:
    deck = data["state"]["deck"]
    deck["draw"] += deck["discard"]
    deck["discard"] = []


def _top_not_on_the_pile(data: dict[str, Any], game: UnoPowerGame) -> None:
    data["state"]["top"] = kind_named(game, "red 4")


BROKEN: dict[str, tuple[Change, str]] = {
    "a card lost": (
        _lose_a_card,
        r"cards: the deck holds 1 yellow 7 but the state has 0 \(nowhere",
    ),
    "a card copied": (
        _copy_a_card,
        r"holds 1 red 5 but the state has 2 \(hands\[0\] 1, hands\[1\] 1\)",
    ),
    "a card in two places": (_a_card_twice, r"every card must lie in exactly one place"),
    "an unknown card in a hand": (set_field("hands", [[9999], [], []]), r"unknown card kind 9999"),
    "an unknown card in a pile": (
        lambda d, g: d["state"]["deck"]["discard"].insert(0, -4),
        r"deck\.discard: -4 is not a card",
    ),
    "hands for other players": (set_field("hands", [[1], [2]]), "expected 3 hands"),
    "no card in play": (_empty_discard, r"deck\.discard: empty, but the card in play"),
    "the card in play not on top": (_top_not_on_the_pile, r"top: .* is not the discard pile's"),
    "a colour not the card's own": (set_field("colour", 1), r"colour: 1, but the card in play"),
    "a colour that does not exist": (
        set_field("colour", 4),
        r"colour: must be from -1 to 3, got 4",
    ),
    "a card played that is not in play": (
        lambda d, g: d["state"].update(played=kind_named(g, "red 5")),
        r"played: .* is not the card in play \(red 3\)",
    ),
    "a seat out of range": (set_field("turn", 3), r"turn: must be from 0 to 2, got 3"),
    "a dealer out of range": (set_field("dealer", -1), r"dealer: must be from 0 to 2"),
    "a pending seat out of range": (
        set_field("uno_pending", 5),
        r"uno_pending: must be from -1 to 2",
    ),
    "a tower held by nobody there": (
        set_field("towers", [0, 3, -1, -1]),
        r"towers: must be from -1",
    ),
    "a tower too many": (set_field("towers", [-1] * 5), r"towers: one holder per tower \(4\)"),
    "a winner out of range": (set_field("winners", [4]), r"winners: must be from 0 to 2"),
    "a decision for nobody there": (
        set_field("ask", [[ASK_NAME_COLOUR, 7, []]]),
        r"ask: must be from 0 to 2, got 7",
    ),
    "scores for other players": (
        set_field("scores", [0, 0]),
        r"scores: one per player \(3\), got 2",
    ),
    "calls for other players": (set_field("called", [False]), r"called: one per player \(3\)"),
    "a direction of 2": (set_field("direction", 2), r"direction: 1 or -1, got 2"),
    "a negative score": (set_field("scores", [0, -5, 0]), r"scores: must be 0 or more, got -5"),
    "round 0": (set_field("round", 0), r"round: must be 1 or more, got 0"),
    "a negative draw due": (set_field("pending_draw", -2), r"pending_draw: must be 0 or more"),
    "more passes than players": (set_field("pass_streak", 4), r"pass_streak: must be from 0 to 3"),
    "a record entry for nobody there": (set_field("record", [[5, -1]]), r"record: no seat 5"),
    "a record entry of another shape": (
        set_field("record", [[0, 3, -1]]),
        r"record: an entry has 2 or 8 numbers",
    ),
    "a record of an action that does not exist": (
        set_field("record", [[0, 99999, -1, 0, 0, 1, 7, 0]]),
        r"record: impossible decision",
    ),
    "a record not a list": (set_field("record", 7), r"malformed UNO Power state"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_an_impossible_state_is_refused_naming_the_problem(game: UnoPowerGame, name: str) -> None:
    change, message = BROKEN[name]
    assert_refused(game, _saved(game), change, message)


def test_a_wild_in_play_has_a_colour_unless_it_is_still_to_be_named(game: UnoPowerGame) -> None:
    state = build(
        game, 2, hands=[["yellow 1"], ["blue 5"]], top="Wild Grab-a-Tower", colour="green"
    )
    data = json.loads(json.dumps(state.to_dict()))
    data["state"]["colour"] = -1  # as when turned up first, but nobody is asked to name it
    with pytest.raises(StateFormatError, match=r"colour: -1; no colour .* still to be named"):
        game.state_from_dict(data)
    data["state"]["ask"] = [[ASK_NAME_COLOUR, 0, []]]
    game.state_from_dict(data)  # the first player names it now


def test_a_drawn_card_offered_for_play_must_be_in_the_hand(game: UnoPowerGame) -> None:
    state = build(game, 2, hands=[["yellow 1"], ["blue 5"]], top="red 3", draw=["red 7"])
    act(state, "draw a card")
    data = json.loads(json.dumps(state.to_dict()))
    assert data["state"]["ask"] == [[ASK_PLAY_DRAWN, 0, [kind_named(game, "red 7")]]]
    game.state_from_dict(json.loads(json.dumps(data)))
    data["state"]["ask"][0][2] = [kind_named(game, "red 9")]  # a card seat 0 does not hold
    with pytest.raises(StateFormatError, match=r"ask: player 1 is offered .* not in their hand"):
        game.state_from_dict(data)


def test_cards_may_lie_anywhere_while_each_lies_once(game: UnoPowerGame) -> None:
    """The check counts cards, it does not fix where they are: a card moved from the
    draw pile into a hand is another position, and it loads."""
    data = _saved(game)
    data["state"]["hands"][1].append(data["state"]["deck"]["draw"].pop())
    assert game.state_from_dict(data).to_dict() == data


OPTIONS: list[dict[str, Any]] = [
    {"target_score": "single_round"},
    {
        "target_score": "single_round",
        "seven_swap": True,
        "jump_in": True,
        "stacking": "progressive",
        "first_wild_grab_policy": "first_player_names_colour",
    },
    {  # short rounds, and several of them: the next deal is checked too
        "target_score": 300,
        "scoring": "lowest_total",
        "draw_until_playable": True,
        "empty_pile": "end_round",
    },
    {"target_score": "single_round", "partners": True, "forced_play_drawn": True},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(sorted(o)))
def test_every_state_of_random_games_loads_back(options: dict[str, Any]) -> None:
    """The checks accept what the rules reach: each state of seeded random games, after
    every action, saves and loads back the same (reshuffles, swaps, the round's end)."""
    game = tabletop.make("uno-power", **options)
    players = 4 if options.get("partners") else 3
    random_games_load_back(game, players, range(3), max_steps=400)
