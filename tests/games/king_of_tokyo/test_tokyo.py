"""Tokyo: entering (2011 and 2016), stars for being there, yielding, Tokyo Bay, elimination.

Dice faces that resolve without a decision: ``NOTHING`` scores nothing; claws are
added by name. A monster with no energy is not asked anything in its Buy phase, so
after ``roll`` the next monster's turn has begun (its dice rolled, its start-of-turn
stars gained).
"""

from __future__ import annotations

from typing import Any

from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.scenario import (
    BUY_1,
    NOTHING,
    STAY,
    YIELD,
    act,
    asked,
    energy,
    fresh,
    give,
    hearts,
    put,
    roll,
    setup,
    stars,
    start_turn,
    turn,
)


def claws(n: int, *rest: str) -> tuple[str, ...]:
    """``n`` claws, the other dice from ``rest`` or non-scoring numbers."""
    filler = rest or ("1", "2", "3", "1", "2", "3")
    return ("claw",) * n + tuple(filler[: 6 - n])


def where(state: KingOfTokyoState) -> tuple[int, int]:
    return state.city, state.bay


# -- entering Tokyo, 2011 ------------------------------------------------------------


def test_2011_a_claw_takes_the_empty_city_without_attacking() -> None:
    state = turn()
    roll(state, *claws(3))
    assert where(state) == (0, -1)
    assert stars(state) == [1, 0, 0, 0]
    assert hearts(state) == [10, 10, 10, 10]


def test_2011_taking_the_empty_city_does_not_attack_the_bay() -> None:
    state = turn(players=5, bay=2)
    roll(state, *claws(2))
    assert where(state) == (0, 2)
    assert hearts(state)[2] == 10  # not attacked
    assert stars(state)[0] == 1


def test_2011_no_claw_no_entry() -> None:
    state = turn()
    roll(state, *NOTHING)
    assert where(state) == (-1, -1)
    assert state.active == 1  # the turn is over, nobody entered
    assert stars(state) == [0, 0, 0, 0]


def test_2011_attacker_stays_outside_when_the_city_stays() -> None:
    state = turn(city=1)
    roll(state, *claws(2))
    assert hearts(state)[1] == 8
    assert asked(state) == "yield" and state.current_player == 1
    act(state, STAY)
    assert where(state) == (1, -1)
    assert stars(state)[0] == 0


def test_2011_five_players_attacker_takes_the_free_bay_after_damage() -> None:
    state = turn(players=5, city=1)
    roll(state, *claws(2))
    assert hearts(state)[1] == 8  # the City occupant was attacked first
    act(state, STAY)
    assert where(state) == (1, 0)
    assert stars(state)[0] == 1


def test_2011_five_players_a_fully_prevented_attack_does_not_take_the_bay() -> None:
    """2011 glossary: an attack that costs nothing is no attack, so no Bay entry."""
    state = turn(players=5, cards={1: "armor_plating"}, city=1)
    roll(state, *claws(1))
    assert hearts(state)[1] == 10
    assert where(state) == (1, -1)
    assert stars(state)[0] == 0


def test_2011_five_players_city_yields_the_attacker_takes_it_and_the_bay_stays_free() -> None:
    state = turn(players=5, city=1)
    roll(state, *claws(2))
    act(state, YIELD)
    assert where(state) == (0, -1)  # the City is always filled first
    assert stars(state)[0] == 1


# -- entering Tokyo, 2016 ------------------------------------------------------------


def test_2016_entry_is_mandatory_without_claws() -> None:
    state = turn(edition="2016")
    roll(state, *NOTHING)
    assert where(state) == (0, -1)
    assert stars(state) == [1, 0, 0, 0]


def test_2016_claws_on_an_empty_tokyo_hit_nobody_then_enter() -> None:
    state = turn(edition="2016")
    roll(state, *claws(4))
    assert where(state) == (0, -1)
    assert hearts(state) == [10, 10, 10, 10]
    assert stars(state)[0] == 1


def test_2016_five_players_fill_the_free_bay_without_claws() -> None:
    state = turn(players=5, edition="2016", city=1)
    roll(state, *NOTHING)
    assert where(state) == (1, 0)
    assert stars(state)[0] == 1


def test_2016_tokyo_entry_option_overrides_the_edition() -> None:
    state = turn(edition="2016", options={"tokyo_entry": "claw"})
    roll(state, *NOTHING)
    assert where(state) == (-1, -1)
    state = turn(options={"tokyo_entry": "mandatory"})
    roll(state, *NOTHING)
    assert where(state) == (0, -1)


# -- being in Tokyo ------------------------------------------------------------------


def test_one_star_on_entry_two_at_the_start_of_a_turn_in_tokyo() -> None:
    state = turn()
    roll(state, *claws(1))
    assert stars(state)[0] == 1
    for seat in (1, 2, 3):
        assert state.active == seat
        roll(state, *NOTHING)
    assert state.active == 0  # seat 0's turn has begun in Tokyo
    assert stars(state) == [3, 0, 0, 0]


def test_the_bay_gives_the_same_stars() -> None:
    state = turn(1, players=5, bay=1)
    assert stars(state)[1] == 2


def test_no_healing_with_heart_dice_in_tokyo() -> None:
    state = turn(city=0, hearts=5, seats={1: dict(hearts=5)})
    roll(state, "heart", "heart", "heart", "1", "2", "3")
    assert hearts(state)[0] == 5
    assert state.active == 1
    roll(state, "heart", "heart", "heart", "1", "2", "3")
    assert hearts(state)[1] == 8  # outside Tokyo the same dice heal


# -- yielding ------------------------------------------------------------------------


def test_no_yield_when_the_smash_is_fully_prevented() -> None:
    state = turn(cards={1: "armor_plating"}, city=1)
    roll(state, *claws(1))
    assert hearts(state)[1] == 10
    assert asked(state) != "yield"
    assert where(state) == (1, -1) and state.active == 1
    # Two claws get through Armor Plating: now the City monster may yield.
    start_turn(state, 0)
    roll(state, *claws(2))
    assert hearts(state)[1] == 8
    assert asked(state) == "yield" and state.current_player == 1


def test_no_yield_for_card_damage() -> None:
    state = turn(row="flame_thrower", city=1, energy=5)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert hearts(state)[1] == 8
    assert asked(state) == "buy" and state.current_player == 0
    assert where(state) == (1, -1)


def test_yield_lets_the_attacker_take_the_city() -> None:
    state = turn(city=1)
    roll(state, *claws(1))
    act(state, YIELD)
    assert where(state) == (0, -1)
    assert stars(state) == [1, 0, 0, 0]
    assert hearts(state)[1] == 9  # the hearts stay lost


def test_each_tokyo_monster_decides_city_yields_bay_stays() -> None:
    state = turn(players=5, city=1, bay=2)
    roll(state, *claws(1))
    assert asked(state) == "yield" and state.current_player == 1
    act(state, YIELD)
    assert asked(state) == "yield" and state.current_player == 2
    act(state, STAY)
    assert where(state) == (0, 2)
    assert stars(state)[0] == 1 and stars(state)[2] == 0


def test_both_yield_attacker_takes_the_city_and_the_bay_stays_empty() -> None:
    state = turn(players=5, city=1, bay=2)
    roll(state, *claws(1))
    act(state, YIELD, YIELD)
    assert where(state) == (0, -1)
    assert stars(state)[0] == 1


def test_only_the_bay_yields_attacker_takes_the_bay() -> None:
    state = turn(players=5, city=1, bay=2)
    roll(state, *claws(1))
    act(state, STAY, YIELD)
    assert where(state) == (1, 0)
    assert stars(state)[0] == 1


def test_bay_moves_up_option() -> None:
    state = turn(players=5, options={"bay_moves_up": True}, city=1, bay=2)
    roll(state, *claws(1))
    act(state, YIELD, STAY)
    assert where(state) == (2, 0)
    assert stars(state)[0] == 1
    assert stars(state)[2] == 0  # moving up is not an entry


def test_nobody_in_tokyo_is_asked_when_not_smashed() -> None:
    state = turn(players=5, city=1, bay=2)
    roll(state, *NOTHING)
    assert asked(state) != "yield"
    assert where(state) == (1, 2) and state.active == 1


# -- Tokyo Bay -----------------------------------------------------------------------


def test_no_bay_with_four_monsters() -> None:
    state = turn(city=1)
    roll(state, *claws(1))
    act(state, STAY)
    assert where(state) == (1, -1)


def test_no_bay_without_the_tokyo_bay_option() -> None:
    state = turn(players=5, options={"tokyo_bay": False}, city=1)
    roll(state, *claws(1))
    act(state, STAY)
    assert where(state) == (1, -1)
    state = turn(players=6, edition="2016", options={"tokyo_bay": False}, city=1)
    roll(state, *NOTHING)
    assert where(state) == (1, -1)


def _flame_the_city(edition: str = "2011", **options: Any) -> KingOfTokyoState:
    """Five monsters, seat 0 buys Flame Thrower: the City occupant (seat 1, 2 hearts) is
    eliminated; seat 2 is in the Bay."""
    state = turn(
        players=5,
        edition=edition,
        options=options,
        row="flame_thrower",
        city=1,
        bay=2,
        energy=5,
        seats={1: dict(hearts=2)},
    )
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert not state.monsters[1].alive
    return state


def test_bay_at_four_2011_the_bay_monster_leaves() -> None:
    state = _flame_the_city()
    # The Bay empties; a Discard card elimination is not replaced by the buyer.
    assert where(state) == (-1, -1)
    assert stars(state)[2] == 0


def test_bay_at_four_2016_the_bay_monster_moves_to_an_empty_city() -> None:
    state = _flame_the_city(edition="2016")
    assert where(state) == (2, -1)
    assert stars(state)[2] == 0  # not an entry
    state = _flame_the_city(bay_at_four="move_to_city")  # the option in 2011 mode
    assert where(state) == (2, -1)


def test_bay_at_four_2016_the_bay_monster_leaves_when_the_city_is_held() -> None:
    state = turn(1, players=5, edition="2016", city=1, bay=2, seats={3: dict(hearts=2)})
    roll(state, *claws(2))  # the City monster eliminates seat 3 outside
    assert not state.monsters[3].alive
    assert where(state) == (1, -1)


def test_rulebook_five_player_tokyo_bay_example() -> None:
    """The 2011 rulebook's five-player example, turn by turn.

    Seats in turn order: Meka Dragon, Gigazaur, Cyber Bunny, Kong (The King),
    Kraken. Gigazaur starts with 8 hearts so that the last attack eliminates it,
    as in the example.
    """
    state = fresh(5, monsters="meka_dragon,giga_zaur,cyber_bunny,the_king,kraken")
    meka, giga, bunny, kong, kraken = range(5)
    put(state, giga, "city")
    put(state, kraken, "bay")
    setup(state, giga, hearts=8)
    start_turn(state, meka)

    # Meka Dragon keeps 4 claws: Gigazaur and Kraken lose 4 and both yield; Meka
    # Dragon takes Tokyo City (+1) and Tokyo Bay stays empty.
    roll(state, *claws(4))
    assert hearts(state) == [10, 4, 10, 10, 6]
    assert asked(state) == "yield" and state.current_player == giga
    act(state, YIELD)
    assert asked(state) == "yield" and state.current_player == kraken
    act(state, YIELD)
    assert where(state) == (meka, -1)
    assert stars(state) == [1, 0, 0, 0, 0]

    # Gigazaur keeps 1 claw: only Meka Dragon is hit; it stays, and Gigazaur must
    # take the empty Bay (+1).
    assert state.active == giga
    roll(state, *claws(1))
    assert hearts(state) == [9, 4, 10, 10, 6]
    assert asked(state) == "yield" and state.current_player == meka
    act(state, STAY)
    assert where(state) == (meka, giga)
    assert stars(state) == [1, 1, 0, 0, 0]

    # Cyber Bunny keeps 1 claw: Gigazaur and Meka Dragon lose 1; Gigazaur yields
    # the Bay, Meka Dragon stays; Cyber Bunny enters the Bay (+1).
    assert state.active == bunny
    roll(state, *claws(1))
    assert hearts(state) == [8, 3, 10, 10, 6]
    assert asked(state) == "yield" and state.current_player == meka
    act(state, STAY)
    assert asked(state) == "yield" and state.current_player == giga
    act(state, YIELD)
    assert where(state) == (meka, bunny)
    assert stars(state) == [1, 1, 1, 0, 0]

    # Kong and Kraken roll no claws.
    for seat in (kong, kraken):
        assert state.active == seat
        roll(state, *NOTHING)
    assert where(state) == (meka, bunny)

    # Meka Dragon starts its turn in Tokyo (+2) and keeps 3 claws: Gigazaur, Kong
    # and Kraken lose 3, not Cyber Bunny in the Bay. Gigazaur is eliminated; with 4
    # monsters left the Bay empties: Cyber Bunny is outside, Meka Dragon stays.
    assert state.active == meka
    assert stars(state) == [3, 1, 1, 0, 0]
    roll(state, *claws(3))
    assert hearts(state) == [8, 0, 10, 7, 3]
    assert not state.monsters[giga].alive
    assert state.alive_count == 4
    assert where(state) == (meka, -1)
    assert not state.is_terminal()


# -- the 2-player variant ------------------------------------------------------------


def test_two_player_variant_gives_energy_instead_of_stars() -> None:
    state = turn(players=2, options={"two_player_variant": True})
    roll(state, *claws(1))
    assert state.city == 0
    assert stars(state) == [0, 0] and energy(state) == [1, 0]
    assert state.active == 1
    roll(state, *NOTHING)
    assert state.active == 0  # seat 0 starts its turn in Tokyo
    assert stars(state) == [0, 0] and energy(state) == [2, 0]


def test_without_the_variant_two_players_score_stars() -> None:
    state = turn(players=2)
    roll(state, *claws(1))
    assert stars(state) == [1, 0] and energy(state) == [0, 0]


# -- elimination ---------------------------------------------------------------------


def test_elimination_discards_cards_and_the_attacker_takes_the_city() -> None:
    state = fresh(4)
    (card,) = give(state, 1, "armor_plating")
    put(state, 1, "city")
    setup(state, 1, hearts=2)
    start_turn(state, 0)
    roll(state, *claws(2))
    m = state.monsters[1]
    assert not m.alive and m.cards == []
    assert card in state.discard
    assert where(state) == (0, -1)  # the attacker took the free City
    assert stars(state)[0] == 1
    assert state.alive_count == 3 and not state.is_terminal()


def test_elimination_in_the_bay_the_attacker_takes_the_bay() -> None:
    state = turn(players=6, city=1, bay=2, seats={2: dict(hearts=1)})
    roll(state, *claws(1))
    assert not state.monsters[2].alive
    assert asked(state) == "yield" and state.current_player == 1
    act(state, STAY)
    assert where(state) == (1, 0)  # 5 monsters remain: the Bay is still open


def test_attack_eliminates_the_city_and_leaves_four() -> None:
    # 2011: the Bay monster leaves Tokyo (after taking its damage) and the attacker
    # takes the City of the monster it eliminated.
    state = turn(players=5, city=1, bay=2, seats={1: dict(hearts=2)})
    roll(state, *claws(2))
    assert not state.monsters[1].alive
    assert hearts(state)[2] == 8
    assert asked(state) != "yield"
    assert where(state) == (0, -1)
    assert stars(state)[0] == 1
    # 2016: the Bay monster moves to the empty City at once, then decides as the
    # wounded City monster.
    state = turn(players=5, edition="2016", city=1, bay=2, seats={1: dict(hearts=2)})
    roll(state, *claws(2))
    assert where(state) == (2, -1)
    assert asked(state) == "yield" and state.current_player == 2
    act(state, STAY)
    assert where(state) == (2, -1)  # no Bay with four monsters: the attacker stays out
    assert stars(state)[0] == 0


def test_eliminated_monster_turn_is_skipped() -> None:
    state = turn(city=1, seats={1: dict(hearts=2)})
    roll(state, *claws(2))
    assert state.city == 0
    assert state.active == 2  # seat 1 is out, seat 2 plays next
