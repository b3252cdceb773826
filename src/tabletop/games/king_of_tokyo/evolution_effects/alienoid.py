"""Alienoid's Evolutions (docs/games/king-of-tokyo.md, "The 72 Evolutions").

Exotic Arms keeps the 2 energy bet on it as its counters (``pu.counters``), Adapting
Technology its Alienoid counters; a Keep card bought with Superior Alien Technology
carries a UFO token, ``pu.marks["ufo:<card instance>"]`` (removed when the card leaves
its owner, see ``damage.detach``). Its hooks (:mod:`..hookspecs`): ``claw_extras``
(Funny Looking but Dangerous, Exotic Arms), ``start_question`` (Exotic Arms' bet, the
UFO dice), ``buy_choices``, ``buying`` and ``view`` (Superior Alien Technology) and
``position_counters`` (Adapting Technology).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.dice import CLAW, FACE_NAMES, TWO
from tabletop.games.king_of_tokyo.hookspecs import (
    BUY_CHOICES,
    BUYING,
    CLAW_EXTRAS,
    POSITION_COUNTERS,
    START_QUESTION,
    VIEW,
)
from tabletop.games.king_of_tokyo.power_up import (
    ABILITIES,
    QUESTIONS,
    Ability,
    Question,
    ask,
    effect,
    evolution_number,
    passive,
    playable,
    pu_of,
    tally_reward,
    yes_or_no,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

PRECISION_MAX_COST = 4
ADAPTING_COUNTERS = 3
EXOTIC_BET = 2
EXOTIC_CLAWS = 3
UFO_MAX = 3


@effect("alien_scourge")
def alien_scourge(state: KingOfTokyoState, seat: int) -> None:
    """Gain 2 stars."""
    state.gain_stars(seat, 2, "Alien Scourge")


# -- Precision Field Support --------------------------------------------------------------


@playable("precision_field_support")
def _precision_playable(state: KingOfTokyoState, seat: int) -> bool:
    return bool(state.deck or state.discard)


@effect("precision_field_support")
def precision_field_support(state: KingOfTokyoState, seat: int) -> None:
    """Reveal Power cards until a Keep card of printed cost 4 or less: take it free.

    The other revealed cards are discarded; an empty deck is refilled from the
    discard pile (the revealed cards stay aside meanwhile).
    """
    cards = state.cards
    revealed: list[int] = []
    found = -1
    while True:
        if not state.deck:
            if not state.discard:
                break
            state.deck, state.discard = state.discard, []
            state.rng.shuffle(state.deck)
            state.event(  # the sentence (and kind) of a refill of the row: shop.py
                "deck_reshuffled",
                "The Power deck is empty: the discard pile is shuffled into a new deck.",
            )
        c = state.deck.pop()
        if cards.keep[c] and cards.cost[c] <= PRECISION_MAX_COST:
            found = c
            break
        revealed.append(c)
    if revealed:
        if state.keeps_log:
            names = ", ".join(cards.names[c] for c in revealed)
            state.event(
                "precision_field_support_reveal",
                f"Precision Field Support reveals and discards {names}.",
                seat=seat,
                card_list=[cards.instances[c].slug for c in revealed],
                evolution="precision_field_support",
            )
        state.discard.extend(revealed)
    if found >= 0:
        state.take_card(seat, found, 0, "puts into play (Precision Field Support)", purchase=False)


# -- Anger Batteries ------------------------------------------------------------------------


def anger_batteries(state: KingOfTokyoState, seat: int, lost: int) -> None:
    """Gain 1 energy per heart lost this turn (after prevention)."""
    state.gain_energy(seat, lost, "Anger Batteries")


tally_reward("anger_batteries", "lost", anger_batteries)


# -- Adapting Technology ------------------------------------------------------------------------


@effect("adapting_technology")
def adapting_technology(state: KingOfTokyoState, seat: int) -> None:
    """Put 3 counters on it."""
    pu_of(state).counters[evolution_number("adapting_technology")] = ADAPTING_COUNTERS


@POSITION_COUNTERS.impl("adapting_technology")
def _adapting_in_position(state: KingOfTokyoState, seat: int) -> None:
    """A position's face-up Adapting Technology comes with its 3 counters."""
    pu = pu_of(state)
    number = evolution_number("adapting_technology")
    if number in pu.table[seat]:
        pu.counters[number] = ADAPTING_COUNTERS


def _adapting_can(state: KingOfTokyoState, seat: int, card: int) -> bool:
    return bool(
        state.active == seat
        and pu_of(state).counters.get(card, 0) > 0
        and (state.deck or state.discard)
    )


def _adapting_use(state: KingOfTokyoState, seat: int, card: int) -> None:
    """Remove a counter instead of paying 2 energy to sweep; discard it when empty."""
    pu = pu_of(state)
    left = pu.counters[card] - 1
    pu.counters[card] = left
    if left <= 0:
        pu.discard_from_table(seat, card)
        state.event(
            "adapting_technology_discard",
            f"{state.monster_name(seat)} discards Adapting Technology (no counter left).",
            seat=seat,
            evolution="adapting_technology",
        )
    state.sweep_row(seat, "removes an Adapting Technology counter")


ABILITIES["adapting_technology"] = Ability(frozenset({"buy"}), _adapting_can, _adapting_use)


# -- Funny Looking but Dangerous, Exotic Arms: the attack --------------------------------------


passive("funny_looking_but_dangerous")  # Permanent: see :func:`funny_looking`.


passive("exotic_arms")  # Permanent: the bet is asked at the start of each of your turns.


@CLAW_EXTRAS.impl("funny_looking_but_dangerous")
def funny_looking(
    state: KingOfTokyoState, a: int, counts: tuple[int, ...], damage: dict[int, int]
) -> None:
    """Step D7, three 2s: every other monster loses 1 heart, with the smash for a smashed one
    (``damage``, target -> hearts), else as a card loss."""
    if counts[TWO] >= 3:
        extra = pu_of(state).count(a, "funny_looking_but_dangerous")
        if extra:
            side = []
            for o in state.others(a):
                if o in damage:
                    damage[o] += extra
                else:
                    side.append(o)
            state.card_damage(side, extra, a)


@CLAW_EXTRAS.impl("exotic_arms")
def exotic_arms(
    state: KingOfTokyoState, a: int, counts: tuple[int, ...], damage: dict[int, int]
) -> None:
    """Step D7, Exotic Arms with 2 energy on it: 3 claw faces give the energy back and 2 extra
    hearts per smashed monster; fewer lose the energy and 2 of your hearts."""
    pu = pu_of(state)
    for card in pu.sources(a, "exotic_arms"):
        if pu.counters.get(card, 0) < EXOTIC_BET:
            continue
        pu.counters.pop(card)
        if counts[CLAW] >= EXOTIC_CLAWS:
            state.monsters[a].energy += EXOTIC_BET
            state.event(
                "exotic_arms_won",
                f"Exotic Arms: {state.monster_name(a)} takes its 2 energy back.",
                seat=a,
                evolution="exotic_arms",
            )
            for t in damage:
                damage[t] += 2
        else:
            state.event(
                "exotic_arms_lost",
                f"Exotic Arms: {state.monster_name(a)} loses its bet and 2 hearts.",
                seat=a,
                evolution="exotic_arms",
            )
            state.card_damage([a], 2, a)


@START_QUESTION.impl("exotic_arms")
def exotic_arms_bet(state: KingOfTokyoState, a: int) -> None:
    """Step A3: place 2 of your energy on Exotic Arms, or not."""
    pu = pu_of(state)
    for card in reversed(pu.sources(a, "exotic_arms")):
        if state.monsters[a].energy >= EXOTIC_BET and pu.counters.get(card, 0) == 0:
            ask(state, a, "exotic_arms", card)


def _exotic_options(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> list[Action]:
    table = state.table
    n = evolution_number("exotic_arms")
    if state.monsters[seat].energy < EXOTIC_BET:
        return [table.evo_no[n]]
    return [table.evo_yes[n], table.evo_no[n]]


def _exotic_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    if move != Move.EVO_YES:
        return
    state.monsters[seat].energy -= EXOTIC_BET
    pu_of(state).counters[context[0]] = EXOTIC_BET
    state.event(
        "exotic_arms_bet",
        f"{state.monster_name(seat)} puts 2 energy on Exotic Arms.",
        seat=seat,
        evolution="exotic_arms",
    )


QUESTIONS["exotic_arms"] = Question(
    "Exotic Arms: put 2 of your energy on it before rolling?", _exotic_options, _exotic_answer
)


# -- Mothership Support ---------------------------------------------------------------------


# Permanent: an ability used on your own turn (Buy phase, or against damage).
passive("mothership_support")


def _mothership_can(state: KingOfTokyoState, seat: int, card: int) -> bool:
    m = state.monsters[seat]
    return bool(
        state.active == seat
        and m.energy >= 1
        and m.hearts < m.max_hearts
        and not pu_of(state).used_this_turn(card)
    )


def _mothership_use(state: KingOfTokyoState, seat: int, card: int) -> None:
    pu_of(state).use_once(card)
    state.monsters[seat].energy -= 1
    state.heal(seat, 1, "Mothership Support")


ABILITIES["mothership_support"] = Ability(
    frozenset({"buy", "damage"}), _mothership_can, _mothership_use
)


# -- Superior Alien Technology ----------------------------------------------------------------


passive("superior_alien_technology")  # Permanent: see :func:`superior_buy` and :func:`ufo_dice`.


def ufo_cards(state: KingOfTokyoState, seat: int) -> list[int]:
    """``seat``'s Keep cards that carry a UFO token."""
    marks = pu_of(state).marks
    return [c for c in state.monsters[seat].cards if f"ufo:{c}" in marks]


def _half(cost: int) -> int:
    return (cost + 1) // 2


def superior_on(state: KingOfTokyoState, p: int) -> bool:
    pu = pu_of(state)
    return pu.has(p, "superior_alien_technology") and len(ufo_cards(state, p)) < UFO_MAX


@BUY_CHOICES.impl("superior_alien_technology")
def superior_slots(state: KingOfTokyoState, p: int, out: list[Action]) -> None:
    """Row slots with a Keep card ``p`` can only afford at half cost."""
    if not superior_on(state, p):
        return
    table = state.table
    energy = state.monsters[p].energy
    keep = state.cards.keep
    for s, c in enumerate(state.row):
        if c >= 0 and keep[c] and table.buy[s] not in out and _half(state.cost_for(p, c)) <= energy:
            out.insert(s, table.buy[s])


@BUYING.impl("superior_alien_technology")
def superior_buy(state: KingOfTokyoState, p: int, slot: int) -> bool:
    """Buying a Keep card from the row: at half cost with a UFO token, or not."""
    c = state.row[slot]
    if not state.cards.keep[c] or not superior_on(state, p):
        return False
    if state.cost_for(p, c) > state.monsters[p].energy:
        _buy(state, p, slot, True)
    else:
        ask(state, p, "superior_alien_technology", slot)
    return True


def _buy(state: KingOfTokyoState, p: int, slot: int, half: bool) -> None:
    c = state.row[slot]
    state.row[slot] = -1
    cost = state.cost_for(p, c)
    if half:
        cost = _half(cost)
        pu_of(state).marks[f"ufo:{c}"] = p
    state.take_card(p, c, cost, "buys")
    if half:
        state.event(
            "superior_alien_technology_ufo",
            f"{state.cards.names[c]} gets a UFO token (Superior Alien Technology).",
            seat=p,
            card=state.cards.instances[c].slug,
            evolution="superior_alien_technology",
        )
    state.refill_row([slot])


def _superior_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    _buy(state, seat, context[0], move == Move.EVO_YES)


QUESTIONS["superior_alien_technology"] = Question(
    "Superior Alien Technology: buy this Keep card for half its cost (with a UFO token)?",
    yes_or_no("superior_alien_technology"),
    _superior_answer,
)


@START_QUESTION.impl("superior_alien_technology")
def ufo_dice(state: KingOfTokyoState, a: int) -> None:
    """Step A3: one die per UFO card; a claw discards that card."""
    if not pu_of(state).has(a, "superior_alien_technology"):
        return
    for c in ufo_cards(state, a):
        if c not in state.monsters[a].cards:
            continue  # gone with one before: losing Even Bigger's 2 hearts (2011) can
            # knock the monster out or make it start again (It Has a Child), cards and all
        face = state.roll_die()
        if state.keeps_log:
            state.event(
                "superior_alien_technology_die",
                f"UFO die for {state.cards.names[c]}: {FACE_NAMES[face]}.",
                seat=a,
                card=state.cards.instances[c].slug,
                face=face,
            )
        if face == CLAW:
            state.discard_card(a, c)


@VIEW.impl("superior_alien_technology")
def _view_ufo(state: KingOfTokyoState, seat: int, out: dict[str, object]) -> None:
    """``ufo_cards``: the Keep cards of ``seat`` that carry a UFO token."""
    marks = pu_of(state).marks
    ufo = sorted(c for c in state.monsters[seat].cards if f"ufo:{c}" in marks)
    if ufo:
        out["ufo_cards"] = ufo
