"""The end of the game (20 stars, last monster standing, nobody), and the set-up options."""

from __future__ import annotations

from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.scenario import (
    BUY_1,
    END_BUY,
    NOTHING,
    act,
    asked,
    fresh,
    give,
    hearts,
    mimic,
    position,
    put,
    roll,
    set_row,
    setup,
    stars,
    start_turn,
)

TWO_STARS_AND_CLAWS = ("2", "2", "2", "claw", "claw", "claw")


def _eighteen_stars_and_a_city(edition: str = "2011", **options: Any) -> KingOfTokyoState:
    """Seat 0 has 18 stars and 2 energy (it will be asked in its Buy phase); seat 1
    is in Tokyo City with 3 hearts; seat 0 rolls three 2s (2 stars) and 3 claws."""
    state = position(
        edition=edition, options=options, city=1, stars=18, energy=2, seats={1: dict(hearts=3)}
    )
    start_turn(state, 0)
    roll(state, *TWO_STARS_AND_CLAWS)
    return state


def test_2011_twenty_stars_win_at_once_before_the_claws() -> None:
    state = _eighteen_stars_and_a_city()
    assert state.is_terminal()
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]
    assert stars(state)[0] == 20
    assert hearts(state)[1] == 3  # the claws never resolved
    assert state.legal_actions() == []


def test_2016_twenty_stars_win_at_the_end_of_the_turn() -> None:
    state = _eighteen_stars_and_a_city(edition="2016")
    assert not state.is_terminal()
    assert hearts(state)[1] == 0  # the claws resolved
    assert state.city == 0  # and the attacker took the City: 21 stars
    assert asked(state) == "buy" and state.current_player == 0
    act(state, END_BUY)
    assert state.is_terminal()
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]


def test_game_end_option_overrides_the_edition() -> None:
    state = _eighteen_stars_and_a_city(edition="2016", game_end="immediate")
    assert state.is_terminal() and state.winners() == [0]
    assert hearts(state)[1] == 3
    state = _eighteen_stars_and_a_city(game_end="end_of_turn")
    assert not state.is_terminal()
    assert hearts(state)[1] == 0
    act(state, END_BUY)
    assert state.is_terminal() and state.winners() == [0]


def test_2011_twenty_stars_in_the_buy_phase_win_at_once() -> None:
    state = position(row="skyscraper", stars=16, energy=20)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert state.is_terminal() and state.winners() == [0]


def test_last_monster_standing_wins() -> None:
    state = position(2, city=1, seats={1: dict(hearts=2, stars=19)})
    start_turn(state, 0)
    roll(state, *("claw", "claw", "1", "2", "3", "1"))
    assert state.is_terminal()
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0]


def test_last_monster_standing_wins_in_2016_too() -> None:
    state = position(3, edition="2016", city=1, seats={0: dict(hearts=2), 2: dict(hearts=1)})
    start_turn(state, 1)
    roll(state, *("claw", "claw", "1", "2", "3", "1"))
    assert state.is_terminal()
    assert state.winners() == [1]
    assert state.returns() == [0.0, 1.0, 0.0]


def test_2016_last_monster_standing_must_survive_its_own_end_of_turn() -> None:
    """2016 checks at the end of the turn: the last monster's own Poison still counts."""
    for edition, winners in (("2016", []), ("2011", [1])):
        state = position(
            2, edition=edition, city=1, seats={0: dict(hearts=2), 1: dict(poison=3, hearts=3)}
        )
        start_turn(state, 1)
        roll(state, *("claw", "claw", "1", "2", "3", "1"))
        assert state.is_terminal(), edition
        assert state.winners() == winners, edition


def test_everybody_eliminated_at_once_nobody_wins() -> None:
    for edition in ("2011", "2016"):
        state = fresh(4, edition=edition)
        for seat in range(4):
            setup(state, seat, hearts=2, stars=17)
        set_row(state, "high_altitude_bombing")
        setup(state, 0, energy=4)
        put(state, 0, "city")  # already in Tokyo: the 2016 entry rule changes nothing
        start_turn(state, 0)
        roll(state, *NOTHING)
        act(state, BUY_1)
        assert state.is_terminal(), edition
        assert state.winners() == []
        assert state.returns() == [0.0, 0.0, 0.0, 0.0]


def test_a_monster_must_survive_to_win() -> None:
    """Jet Fighters takes the buyer to 20 stars and 0 hearts: it is out, not a winner."""
    for edition in ("2011", "2016"):
        state = position(
            3, edition=edition, row="jet_fighters", city=0, stars=15, hearts=4, energy=5
        )
        start_turn(state, 0)  # +2 stars in Tokyo: 17
        roll(state, *NOTHING)
        act(state, BUY_1)
        assert not state.monsters[0].alive, edition
        assert not state.is_terminal(), edition
        assert state.active == 1


def test_poisoned_at_twenty_stars_in_2016_loses() -> None:
    """2016: the check is at the end of the turn, after Poison."""
    # Seat 0 is in Tokyo: +2 stars at the start of the turn: 20.
    state = position(3, edition="2016", city=0, stars=18, hearts=1, poison=1)
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert not state.monsters[0].alive
    assert not state.is_terminal()


def test_ties_at_twenty_share_the_win() -> None:
    """Eater of the Dead and a Mimic copy of it reach 20 on the same elimination."""
    state = fresh(4)
    (eater,) = give(state, 0, "eater_of_the_dead")
    mimic(state, 1, eater)
    setup(state, 0, stars=17)
    setup(state, 1, stars=17)
    put(state, 2, "city")
    setup(state, 2, hearts=2)
    start_turn(state, 0)
    roll(state, *("claw", "claw", "1", "2", "3", "1"))
    assert state.is_terminal()
    assert state.winners() == [0, 1]
    assert state.returns() == [1.0, 1.0, 0.0, 0.0]


def test_ties_at_twenty_share_the_win_at_the_end_of_a_2016_turn() -> None:
    state = position(edition="2016", city=3, stars=18, seats={1: dict(stars=21)})
    start_turn(state, 0)
    roll(state, "2", "2", "2", "1", "1", "3")
    assert state.is_terminal()
    assert state.winners() == [0, 1]


def test_turn_limit_ends_with_no_winner() -> None:
    state = fresh(4, turn_limit=10)
    start_turn(state, 0)
    for turn in range(10):
        assert not state.is_terminal(), turn
        roll(state, *NOTHING)
    assert state.is_terminal()
    assert state.winners() == []
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]


def test_turn_limit_is_validated() -> None:
    with pytest.raises(InvalidOptionsError) as err:
        tabletop.make("king-of-tokyo", turn_limit=5)
    assert err.value.option == "turn_limit"


# -- first player --------------------------------------------------------------------


def _first(seed: int, num_players: int = 4, **options: Any) -> int:
    state = tabletop.make("king-of-tokyo", **options).new_state(num_players, seed=seed)
    assert isinstance(state, KingOfTokyoState)
    assert state.active == state.base == state.current_player
    return state.active


def test_first_player_roll_is_deterministic_per_seed() -> None:
    firsts = [_first(seed) for seed in range(30)]
    assert firsts == [_first(seed) for seed in range(30)]
    assert len(set(firsts)) > 1  # not always the same seat
    assert all(0 <= f < 4 for f in firsts)


def test_first_player_roll_is_the_default_and_logged() -> None:
    state = tabletop.make("king-of-tokyo").new_state(4, seed=3)
    assert isinstance(state, KingOfTokyoState)
    note = next(e.text for e in state.log if "most claws" in e.text)
    assert state.view(None)["monsters"][state.active]["name"] in note


def test_first_player_random() -> None:
    firsts = [_first(seed, 5, first_player="random") for seed in range(30)]
    assert firsts == [_first(seed, 5, first_player="random") for seed in range(30)]
    assert len(set(firsts)) > 1
    assert all(0 <= f < 5 for f in firsts)


def test_first_player_fixed_seat() -> None:
    for seed in range(5):
        assert _first(seed, 4, first_player="2") == 2
        assert _first(seed, 6, first_player="5") == 5


def test_first_player_beyond_the_seats_is_an_error() -> None:
    with pytest.raises(InvalidOptionsError) as err:
        _first(1, 3, first_player="3")
    assert err.value.option == "first_player"


def test_first_player_unknown_value_is_an_error() -> None:
    with pytest.raises(InvalidOptionsError) as err:
        tabletop.make("king-of-tokyo", first_player="7")
    assert err.value.option == "first_player"


# -- invalid options -----------------------------------------------------------------


@pytest.mark.parametrize(
    "monsters",
    [
        "giga_zaur,kraken,the_king",  # three monsters for four players
        "giga_zaur,kraken,the_king,alienoid,meka_dragon",  # five for four
    ],
)
def test_monsters_of_the_wrong_length(monsters: str) -> None:
    game = tabletop.make("king-of-tokyo", monsters=monsters)
    with pytest.raises(InvalidOptionsError) as err:
        game.new_state(4, seed=1)
    assert err.value.option == "monsters"


def test_unknown_monster() -> None:
    with pytest.raises(InvalidOptionsError) as err:
        tabletop.make("king-of-tokyo", monsters="giga_zaur,godzilla")
    assert err.value.option == "monsters"
    assert "godzilla" in str(err.value)


def test_duplicate_monster() -> None:
    with pytest.raises(InvalidOptionsError) as err:
        tabletop.make("king-of-tokyo", monsters="kraken,kraken")
    assert err.value.option == "monsters"


def test_chosen_monsters_sit_in_order() -> None:
    state = fresh(3, monsters="pandakai,kraken,cyber_kitty")
    assert [m.name for m in state.monsters] == ["pandakai", "kraken", "cyber_kitty"]


def test_unknown_edition() -> None:
    with pytest.raises(InvalidOptionsError) as err:
        tabletop.make("king-of-tokyo", edition="2020")
    assert err.value.option == "edition"
