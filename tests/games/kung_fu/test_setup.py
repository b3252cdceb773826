"""Setup (reference section 3, R1, R15), options, the registry and the action layout."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError
from tabletop.games.kung_fu import KungFuGame, KungFuOptions
from tabletop.games.kung_fu.actions import Move, layout


def test_registered_under_its_id() -> None:
    assert "kung-fu" in tabletop.list_games()
    game = tabletop.make("kung-fu")
    assert isinstance(game, KungFuGame)
    info = game.info
    assert (info.id, info.title, info.min_players, info.max_players) == (
        "kung-fu",
        "Kung Fu",
        2,
        2,
    )
    assert (info.min_utility, info.max_utility) == (0.0, 1.0)


@pytest.mark.parametrize("n", [1, 3])
def test_exactly_two_players(game, n) -> None:
    with pytest.raises(InvalidOptionsError, match="num_players"):
        game.new_state(n, seed=1)


def test_each_player_gets_three_red_three_blue_and_ten_life(game) -> None:
    total = [
        sum(game.cards.count[k] for k in range(game.cards.num_types) if game.cards.colour[k] == c)
        for c in (0, 1)
    ]
    for seed in range(5):
        state = game.new_state(2, seed=seed)
        view = state.view(None)
        for p in view["players"]:
            assert (p["red_in_hand"], p["blue_in_hand"], p["life"]) == (3, 3, 10)
            assert p["koku"] == [] and p["koku_total"] == 0
        # The first initiative is no change of initiative: nobody drew more (R1).
        assert view["decks"] == {"red": total[0] - 6, "blue": total[1] - 6}
        assert view["round"] == 1 and view["phase"] == "initiative"
        assert view["attacker"] == state.current_player
        assert view["decision"]["kind"] == "attack"


def test_default_deck_setup() -> None:
    state = tabletop.make("kung-fu").new_state(2, seed=3)
    view = state.view(0)
    assert view["decks"] == {"red": 24, "blue": 24}
    assert len(view["hand"]) == 6
    assert [c["deck"] for c in view["hand"]].count("attack") == 3


@pytest.mark.parametrize("first", [0, 1])
def test_first_player_option(make_game, first) -> None:
    game = make_game(first_player=str(first))
    for seed in range(4):
        state = game.new_state(2, seed=seed)
        assert state.view(None)["attacker"] == first
        assert state.current_player == first


def test_random_first_player_gives_both_seats(game) -> None:
    firsts = {game.new_state(2, seed=s).view(None)["attacker"] for s in range(30)}
    assert firsts == {0, 1}


def test_second_player_bonus_parry_cards(make_game) -> None:
    game = make_game(first_player="0", second_player_bonus_parry_cards=2)
    view = game.new_state(2, seed=4).view(None)
    assert [(p["red_in_hand"], p["blue_in_hand"]) for p in view["players"]] == [(3, 3), (3, 5)]
    game = make_game(first_player="1", second_player_bonus_parry_cards=1)
    view = game.new_state(2, seed=4).view(None)
    assert [(p["red_in_hand"], p["blue_in_hand"]) for p in view["players"]] == [(3, 4), (3, 3)]


def test_same_seed_same_game(game) -> None:
    a = game.new_state(2, seed=11)
    b = game.new_state(2, seed=11)
    assert a.to_dict() == b.to_dict()
    assert game.new_state(2, seed=12).to_dict() != a.to_dict()


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("max_voluntary_passes", -2),
        ("max_voluntary_passes", 6),
        ("second_player_bonus_parry_cards", 6),
        ("round_limit", 0),
        ("first_player", "2"),
        ("draw_split", "random"),
        ("deciding_fight", "sudden_death"),
        ("lose2_target", "both"),
        ("payment", "exact"),
        ("reshuffle_on_empty", "maybe"),
    ],
)
def test_bad_options_name_the_option(option, value) -> None:
    with pytest.raises(InvalidOptionsError) as err:
        tabletop.make("kung-fu", **{option: value})
    assert err.value.option == option


def test_unknown_option() -> None:
    with pytest.raises(InvalidOptionsError, match="unknown option"):
        tabletop.make("kung-fu", hand_size=5)


def test_options_from_strings() -> None:
    game = tabletop.make(
        "kung-fu", max_voluntary_passes="2", reshuffle_on_empty="off", first_player="1"
    )
    assert game.options == KungFuOptions(
        max_voluntary_passes=2, reshuffle_on_empty=False, first_player="1"
    )


def test_action_layout_of_the_default_deck() -> None:
    game = tabletop.make("kung-fu")
    t = game.cards.num_types
    assert t == 32
    assert game.info.num_distinct_actions == 5 * t + 19 == 179 == layout(t)["total"]
    names = game.cards.names
    expect = {
        0: f"attack with {names[0]} face up",
        t + 6: f"attack with {names[6]} face down",
        2 * t: "give up the initiative",
        2 * t + 1 + 16: f"parry with {names[16]}",
        3 * t + 1: "activate your card's effect",
        3 * t + 2: "do not activate",
        3 * t + 3 + 2: f"pay with {names[2]} (2 koku)",
        4 * t + 3: "draw 0 red, the rest blue",
        4 * t + 3 + 12: "draw 12 red, the rest blue",
        4 * t + 16: "take the initiative",
        4 * t + 17: "draw the difference",
        4 * t + 18 + 31: f"discard {names[31]} from your opponent's koku",
        5 * t + 18: "do not draw a card",
    }
    for i, label in expect.items():
        assert game.action_from_id(i).label == label
        assert game.action_from_id(i).id == i
    moves = [game.table.move[i] for i in range(game.info.num_distinct_actions)]
    assert moves.count(Move.DRAW_RED) == 13
    assert [moves.count(m) for m in (Move.PASS, Move.ACTIVATE, Move.TAKE_INITIATIVE)] == [1, 1, 1]


def test_action_count_follows_the_deck(game) -> None:
    t = game.cards.num_types
    assert t == 30
    assert game.info.num_distinct_actions == 5 * t + 19
    assert len(game.actions) == game.info.num_distinct_actions


def test_max_game_length_grows_with_the_round_limit(make_game) -> None:
    short = make_game(round_limit=10).info.max_game_length
    long = make_game(round_limit=100).info.max_game_length
    assert 0 < short < long
    seq = make_game(round_limit=10, draw_split="sequential").info.max_game_length
    assert seq > short
