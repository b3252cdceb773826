"""Pandakaï's Evolutions (docs/games/king-of-tokyo.md, "The 72 Evolutions").

Its hooks (:mod:`..hookspecs`): ``roll_pattern`` (Panda Express, Pandarwinism),
``buying``, ``resume_buy`` and ``blocked_card`` (Bamboozle: the "other_buy" window
around the active monster's purchases from the row), ``entered`` (the record of who
entered Tokyo this turn) and ``start_question`` (Bamboo Supply).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.core.decisions import Decision
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.dice import CLAW, ENERGY, HEART, ONE, THREE, TWO
from tabletop.games.king_of_tokyo.hookspecs import (
    BLOCKED_CARD,
    BUYING,
    ENTERED,
    RESUME_BUY,
    ROLL_PATTERN,
    START_QUESTION,
)
from tabletop.games.king_of_tokyo.phases import Ask
from tabletop.games.king_of_tokyo.power_up import (
    ABILITIES,
    ALSO_IN,
    QUESTIONS,
    WINDOW_NAMES,
    Ability,
    Question,
    ask,
    effect,
    passive,
    playable,
    pu_of,
    yes_or_no,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

PANDA_EXPRESS_TURN = 2  # the kind of extra turn in ``state.extra_turns``
# Yin & Yang: 1 <-> 3, 2 <-> heart, claw <-> energy.
OPPOSITE = {ONE: THREE, THREE: ONE, TWO: HEART, HEART: TWO, CLAW: ENERGY, ENERGY: CLAW}
ON_HOLD = "bamboozle_buying"  # turn_marks: row slot + 1 of the purchase on hold
BUY_OK = "bamboozle_passed"  # turn_marks: slot + 1 of a purchase Bamboozle let through
BLOCKED = "bamboozled"  # turn_marks: card instance + 1 the active monster may not buy


# -- Panda-Monium, Bear Necessities ---------------------------------------------------


@effect("panda_monium")
def panda_monium(state: KingOfTokyoState, seat: int) -> None:
    """Gain 6 energy; every other monster gains 3."""
    state.gain_energy(seat, 6, "Panda-Monium")
    for other in state.others(seat):
        state.gain_energy(other, 3, "Panda-Monium")


@effect("bear_necessities")
def bear_necessities(state: KingOfTokyoState, seat: int) -> None:
    """Lose 1 star, gain 2 energy and 2 hearts (in Tokyo too: not heart dice)."""
    state.lose_stars(seat, 1, "Bear Necessities")
    state.gain_energy(seat, 2, "Bear Necessities")
    state.heal(seat, 2, "Bear Necessities")


# -- Eats, Shoots and Leaves (after entering) ---------------------------------------------


@ENTERED.impl("eats_shoots_and_leaves")
def _note_entry(state: KingOfTokyoState, seat: int) -> None:
    """The record :func:`entered_this_turn` reads (Destructive Wave shares it)."""
    pu_of(state).turn_marks[f"entered{seat}"] = 1


def entered_this_turn(state: KingOfTokyoState, seat: int) -> bool:
    """The active ``seat`` took control of Tokyo this turn and is still there."""
    pu = pu_of(state)
    return (
        seat == state.active and bool(pu.turn_marks.get(f"entered{seat}")) and state.in_tokyo(seat)
    )


# "Play when you enter Tokyo": also an entry by a card (option destructive_wave_entry).
ALSO_IN["eats_shoots_and_leaves"] = frozenset({"card_entry"})


@playable("eats_shoots_and_leaves")
def _eats_playable(state: KingOfTokyoState, seat: int) -> bool:
    return entered_this_turn(state, seat)


@effect("eats_shoots_and_leaves")
def eats_shoots_and_leaves(state: KingOfTokyoState, seat: int) -> None:
    """Every monster outside Tokyo loses 2 hearts (card damage); gain 1 energy and
    leave Tokyo, where nobody takes the free spot (the enter step is over)."""
    victims = [s for s in state.others(seat) if not state.in_tokyo(s)]
    state.gain_energy(seat, 1, "Eats, Shoots and Leaves")
    state.leave_tokyo(seat)
    state.event(
        "eats_shoots_and_leaves",
        f"{state.monster_name(seat)} leaves Tokyo (Eats, Shoots and Leaves).",
        seat=seat,
        evolution="eats_shoots_and_leaves",
    )
    state.card_damage(victims, 2, seat)


# -- Bamboozle (when the active monster buys) -----------------------------------------------


@playable("bamboozle")
def _bamboozle_playable(state: KingOfTokyoState, seat: int) -> bool:
    return seat != state.active and ON_HOLD in pu_of(state).turn_marks


@BUYING.impl("bamboozle")
def offer_bamboozle(state: KingOfTokyoState, buyer: int, slot: int) -> bool:
    """The active monster buys the card in row ``slot``: a Bamboozle holder may stop it.

    Only purchases from the row in the active monster's own Buy phase (BGA: not
    Opportunist). Returns True when the purchase waits for the holder's answer.
    """
    pu = pu_of(state)
    if pu.turn_marks.get(BUY_OK) == slot + 1:
        del pu.turn_marks[BUY_OK]
        return False
    if buyer != state.active:
        return False
    pu.turn_marks[ON_HOLD] = slot + 1
    window = WINDOW_NAMES.index("other_buy")
    for seat in state.others(buyer):
        if pu.asks(state, seat, "other_buy"):
            card = state.row[slot]
            state.event(
                "bamboozle_wants",
                f"{state.monster_name(buyer)} wants to buy {state.cards.names[card]}.",
                seat=buyer,
                card=state.cards.instances[card].slug,
            )
            state.decisions.push(Decision(Ask.EVO_PLAY, seat, (window, card)))
            return True
    del pu.turn_marks[ON_HOLD]
    return False


@RESUME_BUY.impl("bamboozle")
def resume_buy(state: KingOfTokyoState) -> bool:
    """Nobody played Bamboozle: the purchase on hold goes through."""
    pu = pu_of(state)
    slot = pu.turn_marks.pop(ON_HOLD, 0)
    if not slot:
        return False
    _buy(state, state.active, slot - 1)
    return True


@BLOCKED_CARD.impl("bamboozle")
def blocked_card(state: KingOfTokyoState, p: int) -> int:
    """The card Bamboozle made off limits to ``p`` this turn, or -1."""
    pu = state.pu
    if pu is None or p != state.active:
        return -1
    return pu.turn_marks.get(BLOCKED, 0) - 1


def _buy(state: KingOfTokyoState, buyer: int, slot: int) -> None:
    pu_of(state).turn_marks[BUY_OK] = slot + 1
    state.buy_from_row(buyer, slot)


def _forced_options(state: KingOfTokyoState, buyer: int) -> list[int]:
    blocked = blocked_card(state, buyer)
    energy = state.monsters[buyer].energy
    return sorted(
        c for c in state.row if c >= 0 and c != blocked and state.cost_for(buyer, c) <= energy
    )


@effect("bamboozle")
def bamboozle(state: KingOfTokyoState, seat: int) -> None:
    """Undo the purchase; that card is off limits this turn; force another one."""
    pu = pu_of(state)
    slot = pu.turn_marks.pop(ON_HOLD, 0) - 1
    if slot < 0:
        return
    buyer = state.active
    card = state.row[slot]
    pu.turn_marks[BLOCKED] = card + 1
    state.event(
        "bamboozle_blocked",
        f"{state.monster_name(buyer)} may not buy {state.cards.names[card]} this turn (Bamboozle).",
        seat=buyer,
        card=state.cards.instances[card].slug,
        evolution="bamboozle",
    )
    options = _forced_options(state, buyer)
    if len(options) == 1:
        _force(state, buyer, options[0])
    elif options:
        ask(state, seat, "bamboozle", buyer)
    else:
        state.event(
            "bamboozle_no_card",
            f"{state.monster_name(buyer)} cannot afford another card.",
            seat=buyer,
        )


def _force(state: KingOfTokyoState, buyer: int, card: int) -> None:
    state.event(
        "bamboozle_forced",
        f"Bamboozle: {state.monster_name(buyer)} must buy {state.cards.names[card]}.",
        seat=buyer,
        card=state.cards.instances[card].slug,
        evolution="bamboozle",
    )
    _buy(state, buyer, state.row.index(card))


def _bamboozle_options(
    state: KingOfTokyoState, seat: int, context: tuple[int, ...]
) -> list[Action]:
    table = state.table
    return [table.evo_card[c] for c in _forced_options(state, context[0])]


def _bamboozle_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    _force(state, context[0], arg)


QUESTIONS["bamboozle"] = Question(
    "Bamboozle: choose the card the active monster must buy instead",
    _bamboozle_options,
    _bamboozle_answer,
)


# -- Panda Express, Pandarwinism (step D2) ----------------------------------------------------


passive("panda_express")  # Permanent: see :func:`panda_express`.


passive("pandarwinism")  # Permanent: see :func:`pandarwinism`.


@ROLL_PATTERN.impl("panda_express")
def panda_express(state: KingOfTokyoState, a: int, counts: tuple[int, ...], claws: int) -> None:
    """All six faces (a claw added by a card counts, 2016 claw rule): 2 stars and
    another turn."""
    express = pu_of(state).count(a, "panda_express")
    if express and all(counts[f] for f in (ONE, TWO, THREE, HEART, ENERGY)) and claws:
        state.gain_stars(a, 2 * express, "Panda Express")
        state.extra_turns += (a, PANDA_EXPRESS_TURN)
        state.event(
            "panda_express_turn",
            f"{state.monster_name(a)} will take another turn (Panda Express).",
            seat=a,
            evolution="panda_express",
        )


@ROLL_PATTERN.impl("pandarwinism")
def pandarwinism(state: KingOfTokyoState, a: int, counts: tuple[int, ...], claws: int) -> None:
    """Three hearts or more: 1 star, plus 1 per heart beyond the third (heart dice only)."""
    darwin = pu_of(state).count(a, "pandarwinism")
    if darwin and counts[HEART] >= 3:
        state.gain_stars(a, (counts[HEART] - 2) * darwin, "Pandarwinism")


# -- Bamboo Supply (start of turn) -------------------------------------------------------------


passive("bamboo_supply")  # Permanent: asked at the start of each of its holder's turns.


@START_QUESTION.impl("bamboo_supply")
def _bamboo_start(state: KingOfTokyoState, a: int) -> None:
    """Put 1 energy from the bank on the card, or take everything on it."""
    pu = pu_of(state)
    for card in pu.sources(a, "bamboo_supply"):
        if pu.counters.get(card, 0):
            ask(state, a, "bamboo_supply", card)
        else:
            _store(state, a, card)


def _store(state: KingOfTokyoState, seat: int, card: int) -> None:
    pu = pu_of(state)
    pu.counters[card] = pu.counters.get(card, 0) + 1
    state.event(
        "bamboo_supply_store",
        f"{state.monster_name(seat)} puts 1 energy on Bamboo Supply ({pu.counters[card]} on it).",
        seat=seat,
        stored=pu.counters[card],
        evolution="bamboo_supply",
    )


def _bamboo_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    card = context[0]
    if move == Move.EVO_YES:
        _store(state, seat, card)
        return
    pu = pu_of(state)
    stored = pu.counters.pop(card, 0)
    state.monsters[seat].energy += stored  # collected, not gained (no Friend of Children)
    state.event(
        "bamboo_supply_take",
        f"{state.monster_name(seat)} takes {stored} energy from Bamboo Supply.",
        seat=seat,
        stored=stored,
        evolution="bamboo_supply",
    )


QUESTIONS["bamboo_supply"] = Question(
    "Bamboo Supply: put 1 energy on the card, or take the energy on it",
    yes_or_no("bamboo_supply"),
    _bamboo_answer,
)


# -- Yin & Yang (change-die step) ----------------------------------------------------------------


passive("yin_yang")  # Permanent: its ability is offered in the change-die step.


def _yin_yang_can(state: KingOfTokyoState, seat: int, card: int) -> bool:
    return seat == state.active and bool(state.dice) and not pu_of(state).used_this_turn(card)


def _yin_yang_use(state: KingOfTokyoState, seat: int, card: int) -> None:
    """Turn every die to its opposite face (once per turn: turning them back is no use)."""
    pu = pu_of(state)
    pu.use_once(card)
    frozen = pu.marks.get("encased_face", -1)  # Encased in Ice: that die stays as it is
    dice = [OPPOSITE[f] for f in state.dice]
    if frozen in state.dice:
        dice[state.dice.index(frozen)] = frozen
    state.dice = sorted(dice)
    state.event(
        "yin_yang",
        f"{state.monster_name(seat)} turns its dice over (Yin & Yang).",
        seat=seat,
        dice=list(state.dice),
        evolution="yin_yang",
    )


ABILITIES["yin_yang"] = Ability(frozenset({"change_dice"}), _yin_yang_can, _yin_yang_use)


ALSO_IN["bear_necessities"] = frozenset({"damage"})  # a healing Temporary answers damage
