"""The deck (reference 1), the icon table (1.1, A2) and card points (4.1, A3)."""

from __future__ import annotations

from collections import Counter

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError
from tabletop.games.uno_power.cards import COLOURS, TOWERS

ACTIONS = ("draw1", "draw2", "skip", "reverse", "grab2")


def deck_cards(game):
    """Every card of the deck as its description dict."""
    return [game.cards.describe(k) for k in game.cards.deck]


@pytest.fixture(scope="module")
def game():
    return tabletop.make("uno-power")


def test_deck_has_112_cards(game):
    assert len(game.cards.deck) == 112


def test_composition_per_colour(game):
    cards = deck_cards(game)
    for colour in COLOURS:
        mine = Counter(c["symbol"] for c in cards if c["colour"] == colour)
        assert sum(mine.values()) == 26
        for n in range(1, 10):
            assert mine[str(n)] == 2, (colour, n)
        assert mine["draw1"] == 2
        assert mine["draw2"] == 2
        assert mine["skip"] == 2
        assert mine["reverse"] == 1
        assert mine["grab2"] == 1
    wilds = Counter(c["symbol"] for c in cards if c["colour"] is None)
    assert wilds == {"wild_grab": 4, "wild_draw4": 4}


def test_no_zeros_and_no_plain_wild(game):
    symbols = {c["symbol"] for c in deck_cards(game)}
    assert "0" not in symbols
    assert symbols == {str(n) for n in range(1, 10)} | {*ACTIONS, "wild_grab", "wild_draw4"}


def test_32_icon_cards_8_per_icon_2_per_icon_per_colour(game):
    icons = [c for c in deck_cards(game) if c["icon"] is not None]
    assert len(icons) == 32
    assert Counter(c["icon"] for c in icons) == {t: 8 for t in TOWERS}
    assert Counter((c["icon"], c["colour"]) for c in icons) == {
        (t, c): 2 for t in TOWERS for c in COLOURS
    }
    # Icons sit on number cards only.
    assert all(c["symbol"].isdigit() for c in icons)


def test_default_icon_table(game):
    expected = {"U": {1, 5}, "N": {2, 6}, "O": {3, 7}, "!": {4, 8}}
    cards = deck_cards(game)
    for colour in COLOURS:
        for icon, numbers in expected.items():
            found = sorted(
                int(c["symbol"]) for c in cards if c["colour"] == colour and c["icon"] == icon
            )
            assert found == sorted(numbers), (colour, icon)
        # The other copy of 1-8 and both 9s stay plain.
        plain = Counter(
            int(c["symbol"])
            for c in cards
            if c["colour"] == colour and c["icon"] is None and c["symbol"].isdigit()
        )
        assert plain == {**{n: 1 for n in range(1, 9)}, 9: 2}


def test_icon_cards_are_named_with_their_icon(game):
    names = game.cards.names
    assert "red 7 (O)" in names
    assert "red 7" in names
    assert "blue 1 (U)" in names
    assert "yellow 8 (!)" in names
    assert "green 9 (U)" not in names


def test_card_points(game):
    for c in deck_cards(game):
        if c["symbol"].isdigit():
            assert c["points"] == int(c["symbol"]), c
        elif c["colour"] is not None:
            assert c["points"] == 20, c
        else:
            assert c["points"] == 50, c


def test_whole_deck_is_worth_1400(game):
    cards = deck_cards(game)
    assert sum(c["points"] for c in cards) == 1400
    assert sum(c["points"] for c in cards if c["symbol"].isdigit()) == 360
    assert sum(c["points"] for c in cards if c["colour"] is None) == 400


def test_icon_table_option_moves_the_icons():
    game = tabletop.make("uno-power", icon_table="U:9,9 N:1,2 O:3,4 !:5,6")
    cards = deck_cards(game)
    assert len(cards) == 112
    for colour in COLOURS:
        u = sorted(c["symbol"] for c in cards if c["colour"] == colour and c["icon"] == "U")
        assert u == ["9", "9"]
        bang = sorted(c["symbol"] for c in cards if c["colour"] == colour and c["icon"] == "!")
        assert bang == ["5", "6"]
    assert not any(c["icon"] and c["symbol"] in ("7", "8") for c in cards)
    # Matching and scoring do not change with the icons.
    assert sum(c["points"] for c in cards) == 1400


def test_card_points_option_changes_values():
    game = tabletop.make("uno-power", card_points="draw1=10,wild_grab=40")
    points = {c["label"]: c["points"] for c in deck_cards(game)}
    assert points["red Draw One"] == 10
    assert points["Wild Grab-a-Tower"] == 40
    assert points["red Draw Two"] == 20
    assert points["Wild Draw Four"] == 50
    assert points["red 7 (O)"] == 7
    assert sum(c["points"] for c in deck_cards(game)) == 1400 - 8 * 10 - 4 * 10


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("icon_table", "X:1,5"),
        ("icon_table", "U1,5"),
        ("icon_table", "U:0"),
        ("icon_table", "U:10"),
        ("icon_table", "U:a"),
        ("icon_table", "U:1,5 N:1 O:1"),  # three icons on a number with two cards
        ("card_points", "draw3=20"),
        ("card_points", "draw1=lots"),
        ("card_points", "draw1=0"),
        ("card_points", "draw1"),
        ("hand_size", 0),
        ("uno_penalty", -1),
        ("target_score", 0),
        ("round_turn_limit", 1),
        ("stacking", "sideways"),
        ("dealer", "youngest"),
        ("no_such_option", 1),
    ],
)
def test_bad_option_values_raise_naming_the_option(option, value):
    with pytest.raises(InvalidOptionsError) as info:
        tabletop.make("uno-power", **{option: value})
    assert info.value.option == option
    assert option in str(info.value)


def test_partners_needs_four_players():
    game = tabletop.make("uno-power", partners=True)
    with pytest.raises(InvalidOptionsError) as info:
        game.new_state(3, seed=1)
    assert info.value.option == "partners"
    game.new_state(4, seed=1)
