"""Power card effects, registered by card id at the hooks of :mod:`.hookspecs`.

The rules call a hook only for the cards somebody owns (``state.live`` holds a bit per
card type in play), so a card nobody owns costs nothing; ``data/hooks.json`` gives the
order in which a hook's cards run. Effects that are part of a rules step itself (the
claw count, damage prevention, buying, die changes) are written in the rules module of
that step (:mod:`.resolution`, :mod:`.damage`, :mod:`.shop`, :mod:`.rolling`) and name
their card there; ``docs/games/king-of-tokyo.md`` lists where each card acts. Effects
change the game through the state's effect API only ("Adding a card" there).

A hook receives the state, the seat of the owner and the number of copies it has
(Mimic copies count): copies stack unless the card gives an absolute value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.dice import CLAW, ONE, THREE, TWO
from tabletop.games.king_of_tokyo.hookspecs import (
    DISCARD_CARD_BOUGHT,
    END_OF_TURN,
    ROLL_BONUS,
    START_OF_TURN,
    SeatEffect,
)
from tabletop.games.king_of_tokyo.phases import EnergyLoss

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


# -- start of turn (step A) -------------------------------------------------------


@START_OF_TURN.impl(Card.BATTERY_MONSTER)
def battery_monster(state: KingOfTokyoState, seat: int, copies: int) -> None:
    """Move 2 energy from each Battery Monster (or Mimic copy) to the pool."""
    state.drain_batteries(seat)


@START_OF_TURN.impl(Card.URBAVORE)
def urbavore_star(state: KingOfTokyoState, seat: int, copies: int) -> None:
    if state.in_tokyo(seat):
        state.gain_stars(seat, copies, "Urbavore")


# -- roll bonuses (step D) --------------------------------------------------------


@ROLL_BONUS.impl(Card.DETRITIVORE)
def detritivore(
    state: KingOfTokyoState, seat: int, copies: int, counts: tuple[int, ...], claws: int
) -> None:
    if counts[ONE] and counts[TWO] and counts[THREE]:
        state.gain_stars(seat, 2 * copies, state.card_name(Card.DETRITIVORE))


@ROLL_BONUS.impl(Card.COMPLETE_DESTRUCTION)
def complete_destruction(
    state: KingOfTokyoState, seat: int, copies: int, counts: tuple[int, ...], claws: int
) -> None:
    # The claw face may come from a card (BGA): ``claws`` counts every claw.
    if all(counts[:CLAW]) and (claws or counts[CLAW]):
        state.gain_stars(seat, 9 * copies, "Complete Destruction")


@ROLL_BONUS.impl(Card.GOURMET)
def gourmet(
    state: KingOfTokyoState, seat: int, copies: int, counts: tuple[int, ...], claws: int
) -> None:
    if counts[ONE] >= 3:
        state.gain_stars(seat, 2 * copies, "Gourmet")


@ROLL_BONUS.impl(Card.FREEZE_TIME)
def freeze_time(
    state: KingOfTokyoState, seat: int, copies: int, counts: tuple[int, ...], claws: int
) -> None:
    if counts[ONE] >= 3:
        state.grant_freeze_time(seat)


# -- end of turn (step J) ---------------------------------------------


@END_OF_TURN.impl(Card.ROOTING_FOR_THE_UNDERDOG)
def rooting_for_the_underdog(state: KingOfTokyoState, seat: int, copies: int) -> None:
    """The fewest stars: +1 star. Option ``underdog_tie``: "gains" (the card: tied for
    the fewest, you still have the fewest) or "nothing" (BGA: strictly fewer only)."""
    me = state.monsters[seat]
    others = [m.stars for m in state.monsters if m.alive and m.seat != seat]
    fewest = me.stars <= min(others, default=me.stars)
    if state.options.underdog_tie == "nothing":
        fewest = fewest and me.stars not in others
    if fewest:
        state.gain_stars(seat, copies, state.card_name(Card.ROOTING_FOR_THE_UNDERDOG))


@END_OF_TURN.impl(Card.ENERGY_HOARDER)
def energy_hoarder(state: KingOfTokyoState, seat: int, copies: int) -> None:
    stars = state.monsters[seat].energy // 6
    if stars:
        state.gain_stars(seat, stars * copies, "Energy Hoarder")


@END_OF_TURN.impl(Card.HERBIVORE)
def herbivore(state: KingOfTokyoState, seat: int, copies: int) -> None:
    if not state.hurt_this_turn:
        state.gain_stars(seat, copies, "Herbivore")


@END_OF_TURN.impl(Card.SOLAR_POWERED)
def solar_powered(state: KingOfTokyoState, seat: int, copies: int) -> None:
    if state.monsters[seat].energy == 0:
        state.gain_energy(seat, copies, "Solar Powered")


# -- Discard cards (3.2): resolve at once when bought --------------------------------


def _stars(amount: int) -> SeatEffect:
    def effect(state: KingOfTokyoState, buyer: int) -> None:
        state.gain_stars(buyer, amount, state.card_name(state.resolving))

    return effect


for _card, _amount in (
    (Card.APARTMENT_BUILDING, 3),
    (Card.COMMUTER_TRAIN, 2),
    (Card.CORNER_STORE, 1),
    (Card.SKYSCRAPER, 4),
):
    DISCARD_CARD_BOUGHT.add(_card, _stars(_amount))


def _stars_then_self_damage(stars: int, hearts: int) -> SeatEffect:
    """Gain the stars first; the loss may then eliminate the buyer (3.2)."""

    def effect(state: KingOfTokyoState, buyer: int) -> None:
        state.gain_stars(buyer, stars, state.card_name(state.resolving))
        state.card_damage([buyer], hearts, buyer)

    return effect


DISCARD_CARD_BOUGHT.add(Card.JET_FIGHTERS, _stars_then_self_damage(5, 4))
DISCARD_CARD_BOUGHT.add(Card.NATIONAL_GUARD, _stars_then_self_damage(2, 2))
DISCARD_CARD_BOUGHT.add(Card.TANK, _stars_then_self_damage(4, 3))


@DISCARD_CARD_BOUGHT.impl(Card.DEATH_FROM_ABOVE)
def death_from_above(state: KingOfTokyoState, buyer: int) -> None:
    state.gain_stars(buyer, 2, state.card_name(Card.DEATH_FROM_ABOVE))
    state.take_tokyo_city(buyer)


@DISCARD_CARD_BOUGHT.impl(Card.ENERGIZE)
def energize(state: KingOfTokyoState, buyer: int) -> None:
    state.gain_energy(buyer, 9, "Energize")


@DISCARD_CARD_BOUGHT.impl(Card.EVACUATION_ORDERS)
def evacuation_orders(state: KingOfTokyoState, buyer: int) -> None:
    for other in state.others(buyer):
        state.lose_stars(other, 5, "Evacuation Orders")


@DISCARD_CARD_BOUGHT.impl(Card.FLAME_THROWER)
def flame_thrower(state: KingOfTokyoState, buyer: int) -> None:
    state.card_damage(state.others(buyer), 2, buyer)


@DISCARD_CARD_BOUGHT.impl(Card.FRENZY)
def frenzy(state: KingOfTokyoState, buyer: int) -> None:
    state.grant_frenzy(buyer)


@DISCARD_CARD_BOUGHT.impl(Card.GAS_REFINERY)
def gas_refinery(state: KingOfTokyoState, buyer: int) -> None:
    state.gain_stars(buyer, 2, "Gas Refinery")
    state.card_damage(state.others(buyer), 3, buyer)


@DISCARD_CARD_BOUGHT.impl(Card.HEAL)
def heal(state: KingOfTokyoState, buyer: int) -> None:
    state.heal(buyer, 2, "Heal")


@DISCARD_CARD_BOUGHT.impl(Card.HIGH_ALTITUDE_BOMBING)
def high_altitude_bombing(state: KingOfTokyoState, buyer: int) -> None:
    state.card_damage([*state.others(buyer), buyer], 3, buyer)


@DISCARD_CARD_BOUGHT.impl(Card.NUCLEAR_POWER_PLANT)
def nuclear_power_plant(state: KingOfTokyoState, buyer: int) -> None:
    state.gain_stars(buyer, 2, "Nuclear Power Plant")
    state.heal(buyer, 3, "Nuclear Power Plant")


@DISCARD_CARD_BOUGHT.impl(Card.VAST_STORM)
def vast_storm(state: KingOfTokyoState, buyer: int) -> None:
    state.gain_stars(buyer, 2, "Vast Storm")
    for other in state.others(buyer):
        if state.monsters[other].energy >= 2:
            state.take_energy(other, EnergyLoss.VAST_STORM)
