"""Setting up a round: the dealer, the deal and the first card (reference 2)."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

import tabletop
from tests.games.uno_power.scenario import (
    act,
    build,
    colour,
    discard_pile,
    draw_pile,
    events,
    labels,
    sizes,
    top_name,
    tower_holders,
)

NO_TOWERS = {"U": None, "N": None, "O": None, "!": None}


def dealer_value(card: dict) -> int:
    """A card's value for choosing the dealer: actions and wilds count 0."""
    return int(card["symbol"]) if card["symbol"].isdigit() else 0


def first_card(state) -> dict:
    (flip,) = [e for e in state.log if e.kind == "flip"]
    return flip.data["card"]


@cache
def seed_with_first(n: int, symbol: str, options: tuple = ()) -> int:
    """The first seed whose first card turned up has ``symbol``."""
    game = tabletop.make("uno-power", **dict(options))
    for seed in range(5000):
        if first_card(game.new_state(n, seed))["symbol"] == symbol:
            return seed
    raise AssertionError(f"no seed turns up {symbol}")


def start(n: int, symbol: str, **options):
    game = tabletop.make("uno-power", **options)
    return game.new_state(n, seed_with_first(n, symbol, tuple(sorted(options.items()))))


# -- the dealer ---------------------------------------------------------------


def test_dealer_is_the_highest_card_and_ties_redraw_among_the_tied():
    """Actions and wilds count 0; a tie for the highest card redraws among the tied."""
    game = tabletop.make("uno-power")
    ties = 0
    actions_drawn = 0
    for seed in range(60):
        state = game.new_state(6, seed)
        contenders = set(range(6))
        drawn: dict[int, int] = {}
        dealer = None
        for e in state.log:
            if e.kind == "dealer_draw":
                assert e.data["player"] in contenders
                drawn[e.data["player"]] = dealer_value(e.data["card"])
                actions_drawn += not e.data["card"]["symbol"].isdigit()
            elif e.kind in ("dealer_tie", "dealer"):
                assert set(drawn) == contenders, "every contender draws once"
                best = max(drawn.values())
                tied = {p for p, v in drawn.items() if v == best}
                if e.kind == "dealer_tie":
                    assert len(tied) > 1
                    ties += 1
                    contenders, drawn = tied, {}
                else:
                    assert tied == {e.data["dealer"]}
                    dealer = e.data["dealer"]
                    break
        assert dealer is not None
        assert state.dealer == dealer
        assert state.view(None)["dealer"] == dealer
    assert ties > 0, "six players tie for the highest card now and then"
    assert actions_drawn > 0


def test_dealer_random():
    game = tabletop.make("uno-power", dealer="random")
    dealers = Counter()
    for seed in range(60):
        state = game.new_state(4, seed)
        assert "dealer_draw" not in events(state)
        dealers[state.dealer] += 1
    assert set(dealers) == {0, 1, 2, 3}


def test_dealer_rotate_starts_with_seat_0():
    game = tabletop.make("uno-power", dealer="rotate")
    for seed in range(10):
        state = game.new_state(3, seed)
        assert state.dealer == 0
        assert "dealer_draw" not in events(state)


@pytest.mark.parametrize("dealer_option", ["highest_card", "rotate"])
def test_the_deal_passes_left_each_round(dealer_option):
    game = tabletop.make("uno-power", dealer=dealer_option)
    state = build(
        game,
        3,
        hands=[["red 5"], ["blue 5", "blue 6"], ["green 9", "green 8"]],
        top="red 3",
        dealer=2,
        turn=0,
    )
    act(state, "play red 5")
    assert state.round == 2
    assert state.dealer == 0  # seat 2 dealt, so seat 0 (to its left) deals now
    assert not state.is_terminal()


def test_seven_cards_are_dealt_and_the_rest_forms_the_draw_pile():
    state = start(4, "5")  # a plain first card: nobody draws
    assert sizes(state) == [7, 7, 7, 7]
    assert len(draw_pile(state)) == 112 - 28 - 1
    assert discard_pile(state) == [top_name(state)]


def test_hand_size_option():
    state = start(3, "5", hand_size=5)
    assert sizes(state) == [5, 5, 5]
    assert len(draw_pile(state)) == 112 - 15 - 1


def test_towers_start_in_the_pool():
    state = start(4, "5")
    assert tower_holders(state) == NO_TOWERS


# -- the first card -----------------------------------------------------------


@pytest.mark.parametrize("number", ["1", "5", "9"])
def test_first_card_number_starts_left_of_the_dealer_and_takes_no_tower(number):
    state = start(4, number)
    assert state.current_player == (state.dealer + 1) % 4
    assert state.view(None)["direction"] == 1
    assert tower_holders(state) == NO_TOWERS
    assert "tower" not in events(state)


def test_first_card_icon_number_takes_no_tower():
    game = tabletop.make("uno-power")
    for seed in range(400):
        state = game.new_state(3, seed)
        if first_card(state)["icon"] is not None:
            break
    else:
        raise AssertionError("no icon card turned up")
    assert tower_holders(state) == NO_TOWERS
    assert state.current_player == (state.dealer + 1) % 3


def test_first_card_skip_skips_the_player_left_of_the_dealer():
    state = start(4, "skip")
    assert state.current_player == (state.dealer + 2) % 4
    assert sizes(state) == [7, 7, 7, 7]


def test_first_card_reverse_the_dealer_starts_and_play_runs_right():
    state = start(4, "reverse")
    dealer = state.dealer
    assert state.current_player == dealer
    assert state.view(None)["direction"] == -1
    # The dealer draws (and keeps the card); then the player to the dealer's right goes.
    act(state, "draw a card")
    if state.ask:
        act(state, "keep the drawn card")
    assert state.current_player == (dealer - 1) % 4


@pytest.mark.parametrize(("symbol", "amount"), [("draw2", 2), ("draw1", 1)])
def test_first_card_draw_card_first_player_draws_and_loses_the_turn(symbol, amount):
    state = start(4, symbol)
    first = (state.dealer + 1) % 4
    expected = [7, 7, 7, 7]
    expected[first] += amount
    assert sizes(state) == expected
    assert state.current_player == (first + 1) % 4


def test_first_card_grab_two_towers_has_no_effect():
    state = start(4, "grab2")
    assert state.current_player == (state.dealer + 1) % 4
    assert tower_holders(state) == NO_TOWERS
    assert sizes(state) == [7, 7, 7, 7]
    assert not state.ask  # a normal turn: no tower choice for anybody
    assert all(a.startswith(("play", "draw")) for a in labels(state))


def test_first_card_wild_grab_first_player_names_the_colour_and_takes_no_tower():
    state = start(4, "wild_grab")
    first = (state.dealer + 1) % 4
    assert state.current_player == first
    assert labels(state) == ["name red", "name blue", "name green", "name yellow"]
    act(state, "name green")
    assert colour(state) == "green"
    assert state.current_player == first
    assert tower_holders(state) == NO_TOWERS
    # Then the first player plays a normal turn on green.
    for label in labels(state):
        if label.startswith("play") and "Wild" not in label:
            assert label.startswith("play green"), label


def test_first_card_wild_draw_four_is_returned_and_another_turned_up():
    game = tabletop.make("uno-power")
    found = 0
    for seed in range(1500):
        state = game.new_state(3, seed)
        if "flip_back" not in events(state):
            continue
        found += 1
        backs = [e for e in state.log if e.kind == "flip_back"]
        assert all("Wild Draw Four" in e.text for e in backs)
        assert top_name(state) != "Wild Draw Four"
        assert sizes(state) == [7, 7, 7] or first_card(state)["symbol"] in ("draw1", "draw2")
        # The Wild Draw Four went back into the deck: still 4 in play.
        d = state.to_dict()["state"]
        everything = Counter(d["deck"]["draw"] + d["deck"]["discard"])
        for h in d["hands"]:
            everything.update(h)
        assert everything == Counter(game.cards.deck)
        if found >= 3:
            break
    assert found >= 3


def test_first_wild_grab_policy_redraw_sends_the_wild_grab_back():
    game = tabletop.make("uno-power", first_wild_grab_policy="redraw")
    found = 0
    for seed in range(1500):
        state = game.new_state(3, seed)
        backs = [e for e in state.log if e.kind == "flip_back"]
        if any("Wild Grab-a-Tower" in e.text for e in backs):
            found += 1
            assert first_card(state)["colour"] is not None
            assert not state.ask
        assert first_card(state)["symbol"] != "wild_grab"
        if found >= 2:
            break
    assert found >= 2


@pytest.mark.parametrize(("symbol", "tower"), [("skip", "!"), ("draw1", "U"), ("draw2", "N")])
def test_first_card_is_blocked_by_a_tower_kept_from_the_last_round(symbol, tower):
    """With towers_reset_each_round off, the first card acts as if the dealer played it."""
    game = tabletop.make("uno-power", towers_reset_each_round=False)
    for seed in range(400):
        state = build(
            game,
            3,
            hands=[["red 6"], ["blue 9", "blue 8"], ["green 9", "green 8"]],
            top="red 4",
            dealer=2,
            towers={tower: 1},
            seed=seed,
        )
        act(state, "play red 6")  # round 2: seat 0 deals, seat 1 plays first
        flips = [e for e in state.log if e.kind == "flip"]
        if flips[-1].data["card"]["symbol"] == symbol:
            break
    else:
        raise AssertionError(f"no seed turns up {symbol}")
    assert state.dealer == 0
    assert tower_holders(state)[tower] == 1
    assert sizes(state) == [7, 7, 7]
    assert state.current_player == 1
    assert "blocked" in events(state)
