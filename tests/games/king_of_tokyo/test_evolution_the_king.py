"""The King's Evolutions."""

from __future__ import annotations

import pytest

from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.pu_scenario import card_damage, hand, in_play, number, powered
from tests.games.king_of_tokyo.scenario import (
    EDITIONS,
    END_BUY,
    STAY,
    YIELD,
    act,
    asked,
    give,
    hearts,
    labels,
    put,
    roll,
    setup,
    stars,
    start_turn,
)

SMASH_2 = ("claw", "claw", "1", "2", "3", "3")
PLAY = "play_evolution"


def _pu(state: KingOfTokyoState):  # type: ignore[no-untyped-def]
    assert state.pu is not None
    return state.pu


def _end_turn(state: KingOfTokyoState) -> None:
    """Answer the active monster's Buy phase (if asked) and decline what follows."""
    active = state.active
    while state.active == active and state.current_player == active:
        if END_BUY in labels(state):
            act(state, END_BUY)
        elif "decline" in labels(state):
            act(state, "decline")
        else:
            break


# -- Monkey Rush ------------------------------------------------------------------------


@EDITIONS
def test_monkey_rush(edition: str) -> None:
    """Another monster's Enter Tokyo step, after the occupant yielded: take the City."""
    state = powered(4, edition=edition)
    hand(state, 2, "monkey_rush")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_2)
    act(state, YIELD)
    assert asked(state) == PLAY and state.current_player == 2
    assert labels(state) == ["play Monkey Rush", "decline"]
    act(state, "play Monkey Rush")
    assert state.city == 2
    assert stars(state) == [0, 0, 1, 0]  # the entry star, and the attacker does not enter
    assert number("monkey_rush") in _pu(state).discard[2]


def test_monkey_rush_declined_lets_the_attacker_in() -> None:
    state = powered(4)
    hand(state, 2, "monkey_rush")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_2)
    act(state, YIELD, "decline")
    assert state.city == 0 and stars(state)[0] == 1
    assert _pu(state).hand[2] == [number("monkey_rush")]


def test_monkey_rush_takes_the_city_and_the_attacker_the_bay() -> None:
    state = powered(5)
    hand(state, 3, "monkey_rush")
    put(state, 1, "city")
    put(state, 2, "bay")
    start_turn(state, 0)
    roll(state, *SMASH_2)
    act(state, YIELD)  # the City yields
    act(state, STAY)  # the Bay stays
    assert state.current_player == 3
    act(state, "play Monkey Rush")
    assert state.city == 3 and state.bay == 2
    state2 = powered(5)
    hand(state2, 3, "monkey_rush")
    put(state2, 1, "city")
    start_turn(state2, 0)
    roll(state2, *SMASH_2)
    act(state2, YIELD)
    act(state2, "play Monkey Rush")  # the City: the attacker still takes the free Bay
    assert state2.city == 3 and state2.bay == 0


def test_monkey_rush_needs_a_monster_to_have_left_tokyo() -> None:
    """Tokyo empty all turn (nobody left it): not offered, the attacker takes the City."""
    state = powered(4, edition="2016")
    hand(state, 2, "monkey_rush")
    start_turn(state, 0)
    roll(state, "1", "1", "2", "2", "3", "3")
    assert state.city == 0
    assert _pu(state).hand[2] == [number("monkey_rush")]
    # Nor on its holder's own turn, nor in its own Buy phase.
    start_turn(state, 2)
    assert asked(state) != PLAY


def test_monkey_rush_after_an_elimination_in_tokyo() -> None:
    state = powered(4)
    hand(state, 2, "monkey_rush")
    put(state, 1, "city")
    setup(state, 1, hearts=2)
    start_turn(state, 0)
    roll(state, *SMASH_2)
    assert not state.monsters[1].alive
    assert state.current_player == 2 and "play Monkey Rush" in labels(state)


# -- Simian Scamper ---------------------------------------------------------------------


def _scamper(edition: str = "2011") -> KingOfTokyoState:
    state = powered(4, edition=edition)
    hand(state, 1, "simian_scamper")
    put(state, 1, "city")
    setup(state, 0, energy=20)  # the turn waits in the Buy phase
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    return state


@EDITIONS
def test_simian_scamper(edition: str) -> None:
    """Offered with the yield decision: the smash waits, and is not lost with the card."""
    state = _scamper(edition)
    assert asked(state) == "yield" and state.current_player == 1
    assert hearts(state)[1] == 10  # held back, like Jets
    assert labels(state) == [YIELD, STAY, "play Simian Scamper"]
    act(state, "play Simian Scamper")
    assert hearts(state)[1] == 10 and state.city == 0
    assert asked(state) == "buy"
    pu = _pu(state)
    assert number("simian_scamper") in pu.table[1]  # face up for the turn
    assert state.immune & (1 << 1)  # no hearts lost for the rest of this turn
    card_damage(state, 1, 3, 0)
    assert hearts(state)[1] == 10
    _end_turn(state)
    assert number("simian_scamper") in pu.discard[1] and not pu.table[1]


def test_simian_scamper_not_played() -> None:
    """Yielding or staying without it, the held-back smash lands."""
    state = _scamper()
    act(state, YIELD)
    assert hearts(state)[1] == 7 and state.city == 0
    state = _scamper()
    act(state, STAY)
    assert hearts(state)[1] == 7 and state.city == 1
    # Without the card, the hearts are lost before the yield decision.
    state = powered(4)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert asked(state) == "yield" and hearts(state)[1] == 7
    assert "play Simian Scamper" not in labels(state)


def test_simian_scamper_not_elsewhere() -> None:
    state = powered(4)
    hand(state, 1, "simian_scamper")
    start_turn(state, 1)
    assert asked(state) != PLAY  # not at the start of its own turn


# -- Jungle Frenzy ----------------------------------------------------------------------


def _frenzy(decision: str, edition: str = "2011") -> KingOfTokyoState:
    state = powered(4, edition=edition)
    hand(state, 0, "jungle_frenzy")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_2)
    act(state, decision)
    return state


@EDITIONS
def test_jungle_frenzy(edition: str) -> None:
    """You wounded the Tokyo monster and did not enter: another turn after this one."""
    state = _frenzy(STAY, edition)
    assert asked(state) == PLAY and state.current_player == 0
    assert "play Jungle Frenzy" in labels(state)
    act(state, "play Jungle Frenzy")
    _end_turn(state)
    assert state.active == 0 and state.turn == 1  # the extra turn


def test_jungle_frenzy_not_after_entering() -> None:
    state = _frenzy(YIELD)  # the attacker takes Tokyo
    assert state.city == 0
    assert asked(state) != PLAY and _pu(state).hand[0] == [number("jungle_frenzy")]


def test_jungle_frenzy_needs_a_wounded_tokyo_monster() -> None:
    state = powered(4)
    hand(state, 0, "jungle_frenzy")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "1", "1", "2", "2", "3", "3")  # no claw
    assert asked(state) != PLAY
    # Declined: the turn passes as usual.
    state = _frenzy(STAY)
    act(state, "decline")
    _end_turn(state)
    assert state.active == 1


# -- Giant Banana ------------------------------------------------------------------------


def test_giant_banana() -> None:
    """Gain 2 hearts, in Tokyo too; at the start of your turn or against damage."""
    state = powered(4, evolution_windows="own_turn")  # no window of every turn in the way
    hand(state, 0, "giant_banana")
    put(state, 0, "city")
    setup(state, 0, hearts=5)
    start_turn(state, 0)
    assert asked(state) == PLAY and "play Giant Banana" in labels(state)
    act(state, "play Giant Banana")
    assert hearts(state)[0] == 5 + 2
    # Against damage on another monster's turn: offered with the incoming hearts.
    state = powered(4, evolution_windows="own_turn")
    hand(state, 1, "giant_banana")
    put(state, 1, "city")
    setup(state, 1, hearts=3)
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert asked(state) == "prevent_damage" and state.current_player == 1
    act(state, "play Giant Banana")
    assert hearts(state)[1] == 3 + 2 - 3 and state.monsters[1].alive


# -- Chest Thumping -----------------------------------------------------------------------


@EDITIONS
def test_chest_thumping(edition: str) -> None:
    """The attacker makes a wounded monster leave Tokyo: no yield (no Burrowing)."""
    state = powered(4, edition=edition)
    in_play(state, 0, "chest_thumping")
    give(state, 1, "burrowing")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_2)
    assert asked(state) == "evolution_question" and state.current_player == 0
    assert labels(state) == ["make it leave Tokyo (Chest Thumping)", "let it choose"]
    act(state, "make it leave Tokyo (Chest Thumping)")
    assert state.city == 0  # the attacker takes the free City
    assert hearts(state)[0] == 10  # a forced exit is no yield: no Burrowing
    assert hearts(state)[1] == 8


def test_chest_thumping_let_it_choose() -> None:
    state = powered(4)
    in_play(state, 0, "chest_thumping")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_2)
    act(state, "let it choose")
    assert asked(state) == "yield" and state.current_player == 1
    act(state, STAY)
    assert state.city == 1


def test_chest_thumping_played_from_hand_at_the_yield_step() -> None:
    state = powered(4)
    hand(state, 0, "chest_thumping")
    put(state, 1, "city")
    start_turn(state, 0)
    assert asked(state) != PLAY  # not at the start of the turn: it has a timing
    roll(state, *SMASH_2)
    assert asked(state) == PLAY and labels(state) == ["play Chest Thumping", "decline"]
    act(state, "play Chest Thumping")
    assert number("chest_thumping") in _pu(state).table[0]
    act(state, "make it leave Tokyo (Chest Thumping)")
    assert state.city == 0


def test_chest_thumping_and_jets() -> None:
    """Jets still spares a monster forced out its held-back smash."""
    state = powered(4)
    in_play(state, 0, "chest_thumping")
    give(state, 1, "jets")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_2)
    act(state, "make it leave Tokyo (Chest Thumping)")
    assert hearts(state)[1] == 10 and state.city == 0


# -- Alpha Male -----------------------------------------------------------------------------


def test_alpha_male() -> None:
    """Once per turn, a star when your claws make monsters lose hearts."""
    state = powered(5)
    in_play(state, 0, "alpha_male")
    put(state, 1, "city")
    put(state, 2, "bay")
    start_turn(state, 0)
    roll(state, *SMASH_2)
    act(state, STAY, STAY)
    assert stars(state)[0] == 1  # two monsters wounded: still one star
    state = powered(5)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_2)
    assert stars(state)[0] == 0  # without the card


def test_alpha_male_needs_hearts_lost() -> None:
    state = powered(4)
    in_play(state, 0, "alpha_male")
    give(state, 1, "armor_plating")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")  # 1 claw, ignored by Armor Plating
    assert stars(state)[0] == 0


# -- I Am the King! ----------------------------------------------------------------------------


@EDITIONS
def test_i_am_the_king(edition: str) -> None:
    """+1 star on taking control of Tokyo, and +1 starting a turn there."""
    state = powered(4, edition=edition)
    in_play(state, 0, "i_am_the_king")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert state.city == 0 and stars(state)[0] == 1 + 1
    setup(state, 0, stars=0)
    start_turn(state, 0)
    assert stars(state)[0] == 2 + 1
    # Without it.
    state = powered(4, edition=edition)
    put(state, 0, "city")
    start_turn(state, 0)
    assert stars(state)[0] == 2


def test_i_am_the_king_with_monkey_rush() -> None:
    state = powered(4)
    in_play(state, 2, "i_am_the_king")
    hand(state, 2, "monkey_rush")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_2)
    act(state, YIELD, "play Monkey Rush")
    assert stars(state)[2] == 1 + 1


# -- Twas Beauty Killed the Beast ---------------------------------------------------------------


def test_twas_beauty_killed_the_beast() -> None:
    """Only in Tokyo; 1 star at the end of every turn; leaving Tokyo costs every star."""
    state = powered(4)
    hand(state, 0, "twas_beauty_killed_the_beast")
    start_turn(state, 0)
    assert asked(state) != PLAY  # outside Tokyo: not playable
    put(state, 0, "city")
    start_turn(state, 0)
    assert asked(state) == PLAY
    act(state, "play Twas Beauty Killed the Beast")
    assert stars(state)[0] == 2  # starting in Tokyo
    roll(state, "1", "1", "2", "2", "3", "3")
    _end_turn(state)
    assert stars(state)[0] == 2 + 1 and state.active == 1
    roll(state, "1", "1", "2", "2", "3", "3")  # another monster's turn: a star too
    _end_turn(state)
    assert stars(state)[0] == 4
    # Leaving Tokyo (here: yielding) discards it and drops the stars to 0.
    start_turn(state, 1)
    roll(state, *SMASH_2)
    act(state, YIELD)
    assert stars(state)[0] == 0
    pu = _pu(state)
    assert number("twas_beauty_killed_the_beast") in pu.discard[0]
    _end_turn(state)
    assert stars(state)[0] == 0


@pytest.mark.parametrize("edition", ["2011", "2016"])
def test_twas_beauty_death_from_above(edition: str) -> None:
    """Any way of leaving counts: pushed out by Death From Above."""
    state = powered(4, edition=edition)
    in_play(state, 1, "twas_beauty_killed_the_beast")
    put(state, 1, "city")
    setup(state, 1, stars=5)
    state.take_tokyo_city(0)
    assert state.city == 0 and stars(state)[1] == 0
    assert not _pu(state).table[1]
