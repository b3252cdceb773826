"""Loading a saved Kung Fu state refuses one the rules cannot reach, naming the
problem (docs/positions.md, "Saved states"); every state of real games loads back."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.core.errors import StateFormatError
from tabletop.games.kung_fu.game import KungFuGame
from tabletop.games.kung_fu.phases import Ask
from tests.games.kung_fu.scenario import act, build, make
from tests.saved_states import Change, assert_refused, kind_named, random_games_load_back, set_field


def _saved(game: KungFuGame) -> dict[str, Any]:
    """A round under way: player 0's Jab on the table, player 1 to parry."""
    state = build(
        game,
        hands=[["Jab", "Heavy"], ["Block", "Wall"]],
        rows=[["Coin Punch"], []],
        red_discard=["Jab"],
        blue_discard=["Block"],
    )
    act(state, "attack with Jab face up")
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


def _lose_a_card(data: dict[str, Any], game: KungFuGame) -> None:
    data["state"]["decks"][1]["discard"].remove(kind_named(game, "Block"))


def _attack_card_also_in_hand(data: dict[str, Any], game: KungFuGame) -> None:
    """The attack card put back into the hand it left, and still on the table."""
    data["state"]["hands"][0].append(data["state"]["att_card"])


def _a_card_twice(data: dict[str, Any], game: KungFuGame) -> None:
    data["state"]["rows"][1].append(kind_named(game, "Coin Punch"))
    data["state"]["koku_total"][1] += 1


def _blue_pile_holds_red(data: dict[str, Any], game: KungFuGame) -> None:
    decks = data["state"]["decks"]
    decks[1]["draw"].append(decks[0]["draw"].pop())


def _parry_without_attack(data: dict[str, Any], game: KungFuGame) -> None:
    s = data["state"]
    s["hands"][0].append(s["att_card"])
    s["att_card"] = -1
    s["par_card"] = -1


BROKEN: dict[str, tuple[Change, str]] = {
    "a card lost": (_lose_a_card, r"cards: the deck holds 6 Block but the state has 5 \("),
    "a card in hand and on the table": (
        _attack_card_also_in_hand,
        r"holds 6 Jab but the state has 7 \(hands\[0\] 1, .*att_card 1\): every card must lie",
    ),
    "a card in two koku rows": (_a_card_twice, r"3 Coin Punch but the state has 4 \(rows\[0\] 1"),
    "an unknown card in a hand": (set_field("hands", [[999], []]), r"unknown card type 999"),
    "an unknown card in a row": (set_field("rows", [[-3], []]), r"rows\[0\]: -3 is not a card"),
    "three hands": (set_field("hands", [[], [], []]), r"hands: one entry per fighter \(2\), got 3"),
    "one koku row": (set_field("rows", [[]]), r"rows: one entry per fighter"),
    "a pile of the other colour": (_blue_pile_holds_red, r"decks\[1\]: .* is not of its colour"),
    "a blue attack card": (
        lambda d, g: d["state"].update(att_card=kind_named(g, "Block")),
        r"att_card: \d+ is not a red card",
    ),
    "a red parry card": (
        lambda d, g: d["state"].update(par_card=kind_named(g, "Jab")),
        r"par_card: \d+ is not a blue card",
    ),
    "an attack card without its attacker": (
        set_field("att_player", -1),
        r"att_player: the attack card needs its attacker",
    ),
    "a parry without an attack": (_parry_without_attack, r"par_card: a parry without an attack"),
    "a koku total not its row's worth": (
        set_field("koku_total", [2, 0]),
        r"koku_total\[0\]: 2, but",
    ),
    "life above the start's": (set_field("life", [11, 10]), r"life: must be from 0 to 10, got 11"),
    "negative life": (set_field("life", [10, -1]), r"life: must be from 0 to 10, got -1"),
    "three lives": (set_field("life", [10, 10, 10]), r"life: one entry per fighter"),
    "an attacker out of range": (set_field("attacker", 2), r"attacker: must be from 0 to 1, got 2"),
    "a first player out of range": (set_field("first_player", -1), r"first_player: must be from 0"),
    "a winner out of range": (set_field("winner", 3), r"winner: must be from -1 to 1, got 3"),
    "round 0": (set_field("round", 0), r"round: must be from 1 to 500, got 0"),
    "past the round limit": (set_field("round", 501), r"round: must be from 1 to 500, got 501"),
    "negative damage": (set_field("damage", -1), r"damage: must be 0 or more"),
    "a life loss below 0": (set_field("lost", [0, -2]), r"lost: must be 0 or more, got -2"),
    "a decision for nobody there": (set_field("ask", [[Ask.PARRY, 2, []]]), r"ask: must be from 0"),
    "counted passes under unlimited ones": (set_field("passes", [1, -1]), r"passes: -1 for each"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_an_impossible_state_is_refused_naming_the_problem(game: KungFuGame, name: str) -> None:
    change, message = BROKEN[name]
    assert_refused(game, _saved(game), change, message)


def test_passes_left_stay_within_the_option(make_game: Callable[..., KungFuGame]) -> None:
    game = make_game(max_voluntary_passes=2)
    data = _saved(game)
    data["state"]["passes"] = [2, 0]
    game.state_from_dict(data)
    data["state"]["passes"] = [3, 0]
    with pytest.raises(StateFormatError, match=r"passes: must be from 0 to 2, got 3"):
        game.state_from_dict(data)


def test_the_cards_on_the_table_count_as_one_place_each(game: KungFuGame) -> None:
    """After the parry both cards lie on the table, out of every hand and pile: the
    state loads, and again with the parry card moved to a pile, which loses it."""
    data = _saved(game)
    state = game.state_from_dict(data)
    act(state, "parry with Wall")
    parried = json.loads(json.dumps(state.to_dict()))
    assert parried["state"]["par_card"] == kind_named(game, "Wall")
    assert game.state_from_dict(parried).to_dict() == parried
    parried["state"]["decks"][1]["discard"].append(parried["state"]["par_card"])
    with pytest.raises(
        StateFormatError,
        match=r"holds 3 Wall but the state has 4 \(.*decks\[1\]\.discard 1, par_card 1\)",
    ):
        game.state_from_dict(parried)


OPTIONS: list[dict[str, Any]] = [
    {},
    {"round_limit": 4},  # the game ends at the limit with the round's cards cleaned up
    {"deciding_fight": "single_exchange", "payment": "minimal"},
    {"reshuffle_on_empty": False, "max_voluntary_passes": 1},
    {"draw_split": "sequential", "facedown_draw": "may", "negated_parry_keeps_koku": True},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(sorted(o)) or "defaults")
def test_every_state_of_random_games_loads_back(deck_dir: Any, options: dict[str, Any]) -> None:
    """The checks accept what the rules reach: each state of seeded random games, after
    every action, saves and loads back the same (knock-outs, stalemates, the limit)."""
    game = make(deck_dir, **options)
    # Games did end, and their last states loaded too.
    assert random_games_load_back(game, 2, range(12), max_steps=600)
