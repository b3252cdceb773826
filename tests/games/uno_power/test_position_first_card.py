"""UNO Power positions at the deal's first card (``start = "first card"``,
docs/positions.md): the card in play is the one just turned up, and the rules of
"Setup and the first card" (docs/games/uno-power.md) run as the deal runs them.

The main check rebuilds real deals as positions: for each kind of first card, a seed
whose deal turned one up, written as a position (the hands dealt, the card, the draw
pile in order), must give the state the deal gave.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError
from tabletop.games.uno_power.game import UnoPowerGame

SYMBOLS = ("5", "skip", "reverse", "draw1", "draw2", "grab2", "wild_grab")


def _game(**options: Any) -> UnoPowerGame:
    game = tabletop.make("uno-power", **options)
    assert isinstance(game, UnoPowerGame)
    return game


@cache
def _deal_seed(symbol: str, flipped_back: bool = False) -> int:
    """The first seed whose 2-player deal turns up a card of ``symbol`` first (after
    exactly one Wild Draw Four that went back, with ``flipped_back``)."""
    game = _game()
    for seed in range(2000):
        log = game.new_state(2, seed=seed).log
        backs = sum(e.kind == "flip_back" for e in log)
        first = next(e for e in log if e.kind == "flip").data["card"]["symbol"]
        if first == symbol and backs == (1 if flipped_back else 0):
            return seed
    raise AssertionError(f"no deal turns up {symbol} first")


def _as_position(dealt: tabletop.State) -> dict[str, Any]:
    """The position of ``dealt``'s deal at its first card: the hands dealt, the card
    turned up (a Wild Draw Four that went back, if one did), then the draw pile in the
    order the deal drew it."""
    game = dealt.game
    assert isinstance(game, UnoPowerGame)
    names = game.cards.names
    log = dealt.log
    hands = [[names[k] for k in e.data["cards"]] for e in log if e.kind == "hand"]
    first = next(e for e in log if e.kind == "flip").data["card"]["kind"]
    backs = [e.data["card"]["kind"] for e in log if e.kind == "flip_back"]
    drawn = [k for e in log if e.kind == "drew" for k in e.data["cards"]]
    pile = list(dealt.to_dict()["state"]["deck"]["draw"])
    for k in backs:
        pile.remove(k)
    order = [*backs, first, *drawn, *reversed(pile)]  # turned up, then drawn, first first
    return {
        "start": "first card",
        "hands": hands,
        "top": names[order[0]],
        "draw": [names[k] for k in order[1:]],
        "dealer": dealt.to_dict()["state"]["dealer"],
    }


def _without_chance(state: tabletop.State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()["state"]))
    del data["rng"]
    return data


def _from_flip(state: tabletop.State) -> list[tuple[str, str]]:
    """The log from the first card turned up (or sent back) on."""
    events = [(e.kind, e.text) for e in state.log]
    start = next(i for i, (kind, _) in enumerate(events) if kind in ("flip", "flip_back"))
    return events[start:]


@pytest.mark.parametrize("symbol", SYMBOLS)
def test_a_first_card_position_is_the_deal_that_turned_it_up(symbol: str) -> None:
    game = _game()
    dealt = game.new_state(2, seed=_deal_seed(symbol))
    state = game.position(_as_position(dealt))
    assert _without_chance(state) == _without_chance(dealt)
    assert _from_flip(state) == _from_flip(dealt)
    for seat in (None, 0, 1):
        assert state.view(seat) == dealt.view(seat)
    assert state.history == [] and state.to_dict()["state"]["turns"] == 1


def test_a_wild_draw_four_turned_up_first_goes_back() -> None:
    game = _game()
    dealt = game.new_state(2, seed=_deal_seed("reverse", flipped_back=True))
    spec = _as_position(dealt)
    assert spec["top"] == "Wild Draw Four"
    state = game.position(spec)
    mine, theirs = _without_chance(state), _without_chance(dealt)
    # Where the card that went back lies in the shuffled pile is chance; the rest is not.
    assert Counter(mine["deck"].pop("draw")) == Counter(theirs["deck"].pop("draw"))
    assert mine == theirs
    assert _from_flip(state) == _from_flip(dealt)
    assert state.view(None)["top_card"]["label"] != "Wild Draw Four"


def test_a_card_that_goes_back_is_shuffled_under_the_scripted_draws() -> None:
    game = _game()
    spec = {
        "start": "first card",
        "hands": [["red 5", "blue 9"], ["blue 5", "green 2"]],
        "top": "Wild Draw Four",
        "draw": ["Wild Draw Four", "red Draw Two", "yellow 1", "yellow 2"],
        "dealer": 1,
    }
    state = game.position(spec)
    kinds = [e.kind for e in state.log]
    assert kinds[:3] == ["flip_back", "flip_back", "flip"]
    view = state.view(0)
    assert view["top_card"]["label"] == "red Draw Two"
    # Seat 0, left of the dealer, drew the next two scripted cards and lost its turn.
    assert sorted(c["label"] for c in view["hand"]) == ["blue 9", "red 5", "yellow 1", "yellow 2"]
    assert state.current_player == 1
    assert game.position(spec).to_dict() == state.to_dict()


def test_a_wild_grab_turned_up_first_asks_the_first_player_for_a_colour() -> None:
    game = _game()
    spec = {
        "start": "first card",
        "hands": [["red 5", "blue 9"], ["blue 5", "green 2"]],
        "top": "Wild Grab-a-Tower",
        "dealer": 1,
    }
    state = game.position(spec)
    assert state.view(None)["decision"]["kind"] == "name_colour"
    assert state.view(None)["colour"] is None and state.current_player == 0
    named = game.position({**spec, "moves": ["name blue"]})
    assert named.view(None)["colour"] == "blue" and named.current_player == 0
    labels = [a.label for a in named.legal_actions()]
    assert labels == ["play blue 9", "play blue 9 and call UNO", "draw a card"]
    assert named.to_dict()["state"]["towers"] == [-1, -1, -1, -1]  # nobody took a tower


def test_a_wild_grab_goes_back_under_the_redraw_policy() -> None:
    game = _game(first_wild_grab_policy="redraw")
    state = game.position(
        {
            "start": "first card",
            "hands": [["red 5", "blue 9"], ["blue 5", "green 2"]],
            "top": "Wild Grab-a-Tower",
            "draw": ["green 7"],
        }
    )
    assert [e.kind for e in state.log][:2] == ["flip_back", "flip"]
    assert state.view(None)["top_card"]["label"] == "green 7"


def test_a_grab_two_turned_up_first_allows_only_its_colour() -> None:
    hands = [["red Grab Two Towers", "blue 9", "Wild Grab-a-Tower"], ["blue 5"]]
    spec = {"start": "first card", "hands": hands, "top": "blue Grab Two Towers", "dealer": 1}
    state = _game().position(spec)
    assert [a.label for a in state.legal_actions()] == ["play blue 9", "draw a card"]
    loose = _game(first_grab_two="colour_or_symbol").position(spec)
    assert "play red Grab Two Towers" in [a.label for a in loose.legal_actions()]
    # At a normal turn the same card in play is no first card: it matches as usual.
    turn = _game().position({"hands": hands, "top": "blue Grab Two Towers"})
    assert "play red Grab Two Towers" in [a.label for a in turn.legal_actions()]


def test_a_tower_kept_from_the_last_round_blocks_the_first_card() -> None:
    game = _game(towers_reset_each_round=False)
    spec = {
        "start": "first card",
        "hands": [["red 5", "blue 9"], ["blue 5", "green 2"], ["yellow 3"]],
        "top": "red Skip",
        "dealer": 2,
    }
    skipped = game.position(spec)
    assert skipped.current_player == 1
    blocked = game.position({**spec, "towers": {"!": 0}})
    assert blocked.current_player == 0
    assert any(e.kind == "blocked" for e in blocked.log)
    drawn = game.position({**spec, "top": "red Draw Two", "towers": {"N": 0}})
    assert drawn.current_player == 0 and drawn.view(None)["players"][0]["hand_size"] == 2


def test_a_reverse_turned_up_first_lets_the_dealer_start() -> None:
    state = _game().position(
        {
            "start": "first card",
            "hands": [["red 5"], ["blue 5"], ["green 5"]],
            "top": "red Reverse",
            "dealer": 1,
        }
    )
    assert state.current_player == 1 and state.view(None)["direction"] == -1


def test_what_the_first_card_leaves_out_is_dealt() -> None:
    game = _game()
    state = game.position({"start": "first card", "seed": 4, "players": 3})
    assert state.view(None)["round"] == 1
    assert state.log[0].kind in ("flip", "flip_back")
    assert game.position({"start": "first card", "seed": 4, "players": 3}).to_dict() == (
        state.to_dict()
    )


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"start": "deal"}, r"position\.start", "one of 'turn', 'first card'"),
        ({"discard": ["red 1"]}, r"position\.discard", "the first card starts the discard pile"),
        ({"turn": 1}, r"position\.turn", "the first card decides it"),
        ({"direction": -1}, r"position\.direction", "the first card decides it"),
        ({"colour": "red"}, r"position\.colour", "the first card decides it"),
        ({"towers": {"U": 0}}, r"position\.towers", "every tower is in the pool"),
    ],
)
def test_fields_the_first_card_decides_are_refused(
    fields: dict[str, Any], field: str, words: str
) -> None:
    spec = {"start": "first card", "hands": [["red 5"], ["blue 5"]], "top": "red 3", **fields}
    with pytest.raises(InvalidOptionsError, match=field) as caught:
        _game().position(spec)
    assert words in str(caught.value)


def test_a_first_card_that_cannot_be_replaced_is_refused() -> None:
    game = _game()
    left = Counter(game.cards.names[k] for k in game.cards.deck)
    left.subtract(["red 5", "blue 5", "Wild Draw Four", "Wild Draw Four"])
    spec = {
        "start": "first card",
        "hands": [["red 5"], ["blue 5"]],
        "top": "Wild Draw Four",
        "draw": ["Wild Draw Four"],
        "box": sorted(left.elements()),
    }
    with pytest.raises(InvalidOptionsError, match=r"position\.top") as caught:
        game.position(spec)
    assert "Wild Draw Four goes back at the first card" in str(caught.value)
