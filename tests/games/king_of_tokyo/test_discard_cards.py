"""The 18 Discard cards (17 kinds): bought from the row, they resolve at once.

Each test buys the card in the Buy phase of a turn whose dice resolve without a
decision (two 1s, two 2s, two 3s: no stars, no hearts, no energy, no claws). The
buyer keeps 2 energy more than the cost so that it is still asked in its Buy phase
afterwards (a sweep stays possible): nothing else of the turn has happened yet.
Heart losses from Discard cards are card damage (reference 3.2): nobody may yield,
nobody gets Poison or Shrink tokens.
"""

from __future__ import annotations

from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.scenario import (
    BUY_1,
    END_BUY,
    NOTHING,
    act,
    asked,
    energy,
    fresh,
    hearts,
    instance_of,
    labels,
    position,
    roll,
    set_row,
    setup,
    stack_deck,
    stars,
    start_turn,
)


def buy_phase(
    state: KingOfTokyoState, seat: int, *row: str, energy: int, top: str | None = None
) -> KingOfTokyoState:
    """Show ``row`` (``top`` on the deck), set ``seat``'s energy, play up to its Buy phase."""
    set_row(state, *row)
    if top is not None:
        stack_deck(state, top)
    setup(state, seat, energy=energy)
    start_turn(state, seat)
    roll(state, *NOTHING)
    assert asked(state) == "buy" and state.current_player == seat
    return state


def buy(state: KingOfTokyoState, slot: int = 1) -> None:
    act(state, f"buy the card in slot {slot} of the row")


def assert_card_damage_only(state: KingOfTokyoState, buyer: int) -> None:
    """No yield was offered and no token was given: the buyer is still buying."""
    assert asked(state) == "buy" and state.current_player == buyer
    assert all(m.poison == 0 and m.shrink == 0 for m in state.monsters)


def test_apartment_building() -> None:
    state = buy_phase(fresh(4), 0, "apartment_building", energy=7)
    card = state.row[0]
    buy(state)
    assert stars(state) == [3, 0, 0, 0]
    assert energy(state)[0] == 2  # cost 5
    assert card in state.discard and card not in state.monsters[0].cards


def test_commuter_train() -> None:
    state = buy_phase(fresh(4), 0, "commuter_train", energy=6)
    buy(state)
    assert stars(state) == [2, 0, 0, 0]
    assert energy(state)[0] == 2  # cost 4


def test_corner_store() -> None:
    state = buy_phase(fresh(4), 0, "corner_store", energy=5)
    buy(state)
    assert stars(state) == [1, 0, 0, 0]
    assert energy(state)[0] == 2  # cost 3


def test_death_from_above() -> None:
    # 2016 (BGA), from outside with five monsters: take the City (+2, +1 for
    # entering); the City and Bay occupants both leave, with no yield question.
    state = position(5, edition="2016", city=1, bay=2)
    buy_phase(state, 0, "death_from_above", energy=7)
    before = stars(state)
    buy(state)
    assert (state.city, state.bay) == (0, -1)
    assert stars(state)[0] - before[0] == 3
    assert asked(state) == "buy" and state.current_player == 0

    # 2016, from the Bay: move up to the City without the entry star.
    state = position(5, edition="2016", city=1, bay=0)
    buy_phase(state, 0, "death_from_above", energy=7)
    before = stars(state)
    buy(state)
    assert (state.city, state.bay) == (0, -1)
    assert stars(state)[0] - before[0] == 2

    # 2016, already in the City: only the 2 stars, but the Bay empties.
    state = position(5, edition="2016", city=0, bay=2)
    buy_phase(state, 0, "death_from_above", energy=7)
    before = stars(state)
    buy(state)
    assert (state.city, state.bay) == (0, -1)
    assert stars(state)[0] - before[0] == 2

    # 2011 (Drop from High Altitude): a monster in the Bay already controls Tokyo:
    # it gains the 2 stars and stays in the Bay.
    state = position(5, city=1, bay=0)
    buy_phase(state, 0, "death_from_above", energy=7)
    before = stars(state)
    buy(state)
    assert (state.city, state.bay) == (1, 0)
    assert stars(state)[0] - before[0] == 2

    # 2011 from outside: take the City (+2, +1); only the City occupant leaves.
    state = position(5, city=1, bay=2)
    buy_phase(state, 0, "death_from_above", energy=7)
    before = stars(state)
    buy(state)
    assert (state.city, state.bay) == (0, 2)
    assert stars(state)[0] - before[0] == 3
    assert asked(state) == "buy" and state.current_player == 0

    # 2011 from outside with Tokyo empty (no claw, so the buyer had not entered).
    state = buy_phase(fresh(4), 0, "death_from_above", energy=7)
    assert state.city == -1
    buy(state)
    assert state.city == 0
    assert stars(state) == [3, 0, 0, 0]


def test_energize() -> None:
    state = buy_phase(fresh(4), 0, "energize", energy=10)
    buy(state)
    assert energy(state) == [2 + 9, 0, 0, 0]  # cost 8
    # Friend of Children adds 1 to the gain.
    state = position(cards={0: "friend_of_children"})
    buy_phase(state, 0, "energize", energy=10)
    buy(state)
    assert energy(state)[0] == 2 + 10


def test_evacuation_orders() -> None:
    state = fresh(4)
    first, second = (
        instance_of(state, "evacuation_orders"),
        instance_of(state, "evacuation_orders", nth=1),
    )
    assert first != second  # both copies are in the deck
    for seat, n in enumerate((6, 7, 3, 0)):
        setup(state, seat, stars=n)
    buy_phase(state, 0, "evacuation_orders", "evacuation_orders", energy=16)
    assert sorted(state.row[:2]) == sorted([first, second])
    buy(state, 1)
    assert stars(state) == [6, 2, 0, 0]  # never below 0; the buyer keeps its stars
    buy(state, 2)
    assert stars(state) == [6, 0, 0, 0]
    assert energy(state)[0] == 2  # 7 each
    assert first in state.discard and second in state.discard


def test_flame_thrower() -> None:
    state = position(cards={0: ("poison_spit", "shrink_ray")}, city=1)
    buy_phase(state, 0, "flame_thrower", energy=5)
    buy(state)
    assert hearts(state) == [10, 8, 8, 8]
    assert energy(state)[0] == 2  # cost 3
    assert state.city == 1  # no yield for card damage
    assert_card_damage_only(state, 0)

    # Prevention applies as to any loss: Wings saves its owner the 2 hearts.
    state = position(cards={2: "wings"}, seats={2: dict(energy=2)})
    buy_phase(state, 0, "flame_thrower", energy=5)
    buy(state)
    assert asked(state) == "prevent_damage" and state.current_player == 2
    act(state, "pay 2 energy to lose no hearts this turn (Wings)")
    assert hearts(state) == [10, 8, 10, 8]
    assert asked(state) == "buy" and state.current_player == 0


def test_frenzy() -> None:
    # Another turn right after this one; the end of this turn happens normally
    # (the buyer's Poison hurts it) before the extra turn.
    state = position(poison=1)
    buy_phase(state, 0, "frenzy", energy=9)
    buy(state)
    act(state, END_BUY)
    assert state.active == 0 and state.current_player == 0
    assert hearts(state)[0] == 9
    roll(state, *NOTHING)
    assert state.active == 0  # still in the extra turn, asked to buy (2 energy)
    act(state, END_BUY)
    assert state.active == 1 and hearts(state)[0] == 8

    # frenzy_end_of_turn off (a Dized FAQ entry): the end of the Frenzy turn is skipped.
    state = position(options={"frenzy_end_of_turn": False}, poison=1)
    buy_phase(state, 0, "frenzy", energy=9)
    buy(state)
    act(state, END_BUY)
    assert state.active == 0 and hearts(state)[0] == 10
    roll(state, *NOTHING)
    act(state, END_BUY)
    assert state.active == 1 and hearts(state)[0] == 9

    # Bought through Opportunist on seat 0's turn: seat 2 plays right after seat 0's
    # turn, then play resumes after seat 0 (seat 1, then seat 2 again).
    state = position(cards={2: "opportunist"}, seats={2: dict(energy=7)})
    buy_phase(state, 0, "corner_store", energy=5, top="frenzy")
    buy(state)
    assert asked(state) == "opportunist" and state.current_player == 2
    act(state, BUY_1)
    assert energy(state)[2] == 0
    assert state.current_player == 0  # seat 0's Buy phase goes on
    act(state, END_BUY)
    order = []
    for _ in range(4):
        order.append(state.active)
        roll(state, *NOTHING)
        if asked(state) == "buy":
            act(state, END_BUY)
    assert order == [2, 1, 2, 3]


def test_gas_refinery() -> None:
    state = position(cards={0: ("poison_spit", "shrink_ray")}, city=2)
    buy_phase(state, 0, "gas_refinery", energy=8)
    buy(state)
    assert stars(state) == [2, 0, 0, 0]
    assert hearts(state) == [10, 7, 7, 7]
    assert state.city == 2
    assert_card_damage_only(state, 0)


def test_heal() -> None:
    # Allowed in Tokyo, where heart dice do not heal.
    state = position(city=0, hearts=5)
    buy_phase(state, 0, "heal", energy=5)
    buy(state)
    assert hearts(state)[0] == 7
    # Never above the maximum.
    state = position(hearts=9)
    buy_phase(state, 0, "heal", energy=5)
    buy(state)
    assert hearts(state)[0] == 10
    # Regeneration adds 1.
    state = position(cards={0: "regeneration"}, hearts=5)
    buy_phase(state, 0, "heal", energy=5)
    buy(state)
    assert hearts(state)[0] == 8


def test_high_altitude_bombing() -> None:
    state = position(cards={0: "poison_spit"}, city=1)
    buy_phase(state, 0, "high_altitude_bombing", energy=6)
    buy(state)
    assert hearts(state) == [7, 7, 7, 7]  # the buyer too
    assert state.city == 1
    assert_card_damage_only(state, 0)

    # It can eliminate everybody at once: nobody wins.
    state = fresh(3)
    for seat in range(3):
        setup(state, seat, hearts=3)
    buy_phase(state, 0, "high_altitude_bombing", energy=6)
    buy(state)
    assert state.is_terminal()
    assert not any(m.alive for m in state.monsters)
    assert state.winners() == []
    assert state.returns() == [0.0, 0.0, 0.0]


def test_jet_fighters() -> None:
    state = buy_phase(fresh(4), 0, "jet_fighters", energy=7)
    buy(state)
    assert stars(state)[0] == 5 and hearts(state)[0] == 6

    # Stars first, then the loss; a monster that dies of it loses even with 20 stars.
    state = position(2, stars=15, hearts=4)
    buy_phase(state, 0, "jet_fighters", energy=7)
    seen = len(state.log)
    buy(state)
    kinds = [(e.kind, e.data.get("seat")) for e in state.log[seen:]]
    assert kinds.index(("stars", 0)) < kinds.index(("damage", 0))
    assert not state.monsters[0].alive
    assert state.is_terminal() and state.winners() == [1]
    assert state.returns() == [0.0, 1.0]


def test_national_guard() -> None:
    state = buy_phase(fresh(4), 0, "national_guard", energy=5)
    buy(state)
    assert stars(state)[0] == 2 and hearts(state)[0] == 8
    assert energy(state)[0] == 2  # cost 3


def test_nuclear_power_plant() -> None:
    state = position(hearts=5)
    buy_phase(state, 0, "nuclear_power_plant", energy=8)
    buy(state)
    assert stars(state)[0] == 2 and hearts(state)[0] == 8
    state = position(hearts=9)
    buy_phase(state, 0, "nuclear_power_plant", energy=8)
    buy(state)
    assert hearts(state)[0] == 10


def test_skyscraper() -> None:
    state = buy_phase(fresh(4), 0, "skyscraper", energy=8)
    buy(state)
    assert stars(state) == [4, 0, 0, 0]
    assert energy(state)[0] == 2  # cost 6


def test_tank() -> None:
    state = buy_phase(fresh(4), 0, "tank", energy=6)
    buy(state)
    assert stars(state)[0] == 4 and hearts(state)[0] == 7
    assert energy(state)[0] == 2  # cost 4


def test_vast_storm() -> None:
    state = position(seats={1: dict(energy=7), 2: dict(energy=1)})
    buy_phase(state, 0, "vast_storm", energy=8)
    buy(state)
    assert stars(state) == [2, 0, 0, 0]
    assert energy(state) == [2, 4, 1, 0]  # each other loses half, rounded down


def test_discard_card_is_not_kept() -> None:
    """A Discard card goes to the discard pile, never in front of its buyer."""
    state = buy_phase(fresh(4), 0, "skyscraper", energy=8)
    card = state.row[0]
    buy(state)
    assert card in state.discard
    assert state.monsters[0].cards == []
    assert END_BUY in labels(state)
