"""Cyber Bunny's Evolutions (docs/games/king-of-tokyo.md, "The 72 Evolutions").

The state tallies the energy gained this turn (Stroke of Genius). Its hooks
(:mod:`..hookspecs`): ``discount`` (Secret Laboratory), ``bought`` (King of the
Gizmo), ``turn_start``, ``start_question``, ``claw_bonus`` and ``roll_pattern``
(Energy Sword), ``before_landing`` (Electric Carrot), ``after_last_roll`` (Heart of the
Rabbit's window) and ``entered`` (Heart of the Rabbit comes back).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.core.text import plural
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.dice import CLAW
from tabletop.games.king_of_tokyo.hookspecs import (
    AFTER_LAST_ROLL,
    BEFORE_LANDING,
    BOUGHT,
    CLAW_BONUS,
    DISCOUNT,
    ENTERED,
    ROLL_PATTERN,
    START_QUESTION,
    TURN_START,
)
from tabletop.games.king_of_tokyo.phases import Noted
from tabletop.games.king_of_tokyo.power_up import (
    QUESTIONS,
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

SWORD_COST = 2
SWORD_PAID = 2  # counters on a paid Energy Sword (this turn)


# -- Stroke of Genius (end of turn), Emergency Battery ------------------------------------


def stroke_of_genius(state: KingOfTokyoState, seat: int, gained: int) -> None:
    """Gain as much energy as this monster gained so far this turn (any monster's turn,
    tallied by ``gain_energy``)."""
    state.gain_energy(seat, gained, "Stroke of Genius")


tally_reward("stroke_of_genius", "energy", stroke_of_genius)


@effect("emergency_battery")
def emergency_battery(state: KingOfTokyoState, seat: int) -> None:
    """Gain 3 energy."""
    state.gain_energy(seat, 3, "Emergency Battery")


# -- Rabbit's Foot (damage) --------------------------------------------------------------


@effect("rabbits_foot")
def rabbits_foot(state: KingOfTokyoState, seat: int) -> None:
    """No hearts lost for the rest of this turn: the pending loss is cancelled, and the
    monster is protected like Wings does (reset at the next turn)."""
    state.immune |= 1 << seat
    if state.hits and state.hits[0][0] == seat:
        state.hits[0][1] = 0
    state.event(
        "rabbits_foot",
        f"{state.monster_name(seat)} cannot lose hearts this turn (Rabbit's Foot).",
        seat=seat,
        evolution="rabbits_foot",
    )


# -- Heart of the Rabbit (after another monster's last roll) ---------------------------------


@playable("heart_of_the_rabbit")
def _rabbit_playable(state: KingOfTokyoState, seat: int) -> bool:
    return seat != state.active and bool(state.dice)


@AFTER_LAST_ROLL.impl("heart_of_the_rabbit")
def probers(state: KingOfTokyoState, a: int) -> bool:
    """Whether another monster may play an "after_other_roll" Evolution now."""
    pu = pu_of(state)
    return any(pu.asks(state, s, "after_other_roll") for s in state.others(a))


@effect("heart_of_the_rabbit")
def heart_of_the_rabbit(state: KingOfTokyoState, seat: int) -> None:
    """Reroll one of the active monster's dice (like Psychic Probe); marked as played,
    so taking control of Tokyo brings it back from the discard pile."""
    pu = pu_of(state)
    number = evolution_number("heart_of_the_rabbit")
    pu.counters[number] = 1  # played (not merely discarded from a draw)
    faces = state.changeable_faces()
    if len(faces) == 1:
        _reroll(state, seat, faces[0])
    elif faces:
        ask(state, seat, "heart_of_the_rabbit")


def _reroll(state: KingOfTokyoState, seat: int, face: int) -> None:
    state.reroll_die(face, "Heart of the Rabbit", seat)


def _rabbit_options(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> list[Action]:
    table = state.table
    return [table.evo_face[f] for f in state.changeable_faces()]


def _rabbit_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    _reroll(state, seat, arg)


QUESTIONS["heart_of_the_rabbit"] = Question(
    "Heart of the Rabbit: choose a die of the active monster to reroll",
    _rabbit_options,
    _rabbit_answer,
)


@ENTERED.impl("heart_of_the_rabbit")
def on_enter(state: KingOfTokyoState, seat: int) -> None:
    """``seat`` takes control of Tokyo: a played Heart of the Rabbit comes back."""
    pu = pu_of(state)
    number = evolution_number("heart_of_the_rabbit")
    pile = pu.discard[seat]
    if number in pile and pu.counters.get(number) and pu.owner.get(number, seat) == seat:
        pile.remove(number)
        del pu.counters[number]
        pu.hand[seat].append(number)
        state.remember(seat, Noted.RETURNED, number)
        state.event(
            "heart_of_the_rabbit_back",
            f"{state.monster_name(seat)} takes Heart of the Rabbit back into its hand.",
            seat=seat,
            evolution="heart_of_the_rabbit",
        )


# -- Secret Laboratory, King of the Gizmo ---------------------------------------------------


passive("secret_laboratory")  # Permanent: see :func:`discount`.


@DISCOUNT.impl("secret_laboratory")
def discount(state: KingOfTokyoState, p: int) -> int:
    """Secret Laboratory: Power cards cost 1 energy less (never below 0)."""
    return pu_of(state).count(p, "secret_laboratory")


passive("king_of_the_gizmo")  # Permanent: see :func:`gizmo`.


@BOUGHT.impl("king_of_the_gizmo")
def gizmo(state: KingOfTokyoState, p: int) -> None:
    """King of the Gizmo: each Power card purchased gives 1 star."""
    state.gain_stars(p, pu_of(state).count(p, "king_of_the_gizmo"), "King of the Gizmo")


# -- Energy Sword (start of turn, resolve) ------------------------------------------------------


passive("energy_sword")  # Permanent: asked at the start of each of its holder's turns.


@START_QUESTION.impl("energy_sword")
def _sword_start(state: KingOfTokyoState, a: int) -> None:
    """Pay 2 energy (to the bank) for this turn, or not."""
    pu = pu_of(state)
    for card in pu.sources(a, "energy_sword"):
        pu.counters.pop(card, None)
        if state.monsters[a].energy >= SWORD_COST:
            ask(state, a, "energy_sword", card)


@TURN_START.impl("energy_sword")
def _sword_reset(state: KingOfTokyoState, a: int) -> None:
    """A payment lasts one turn: every paid Energy Sword is cleared as a turn starts."""
    pu = pu_of(state)
    for seat in range(len(state.monsters)):
        for card in pu.sources(seat, "energy_sword"):
            pu.counters.pop(card, None)


def _sword_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    m = state.monsters[seat]
    if move == Move.EVO_YES and m.energy >= SWORD_COST:
        m.energy -= SWORD_COST
        pu_of(state).counters[context[0]] = SWORD_PAID
        state.event(
            "energy_sword_paid",
            f"{state.monster_name(seat)} pays 2 energy for Energy Sword.",
            seat=seat,
            evolution="energy_sword",
        )


QUESTIONS["energy_sword"] = Question(
    "Energy Sword: pay 2 energy for this turn?", yes_or_no("energy_sword"), _sword_answer
)


def _paid_swords(state: KingOfTokyoState, a: int) -> int:
    pu = pu_of(state)
    if a != state.active:
        return 0
    return sum(1 for c in pu.sources(a, "energy_sword") if pu.counters.get(c) == SWORD_PAID)


@CLAW_BONUS.impl("energy_sword")
def sword_claws(state: KingOfTokyoState, a: int, counts: tuple[int, ...]) -> int:
    """A paid Energy Sword adds 1 claw when a claw die was rolled (step D1)."""
    return _paid_swords(state, a) if counts[CLAW] else 0


@ROLL_PATTERN.impl("energy_sword")
def sword_energy(state: KingOfTokyoState, a: int, counts: tuple[int, ...], claws: int) -> None:
    """A paid Energy Sword: 1 energy per claw die (step D2)."""
    n = _paid_swords(state, a) * counts[CLAW]
    if n:
        state.gain_energy(a, n, "Energy Sword")


# -- Electric Carrot (claws, in Tokyo) ---------------------------------------------------------


passive("electric_carrot")  # Permanent: see :func:`carrot`.


@BEFORE_LANDING.impl("electric_carrot")
def carrot(state: KingOfTokyoState) -> bool:
    """The first queued hit is about to land, its victim's prevention done: if it is a
    smash that still costs hearts (the victim is *wounded*) from a monster in Tokyo with
    Electric Carrot, its victim loses 1 more heart unless it gives 1 energy. True while
    the victim is asked (its answer lands the hit)."""
    victim, hearts, attacker, smash, _ = state.hits[0]
    if not smash or hearts <= 0 or attacker < 0 or attacker == victim:
        return False
    pu = pu_of(state)
    n = pu.count(attacker, "electric_carrot")
    mark = f"carrot:{victim}"
    if not n or not state.in_tokyo(attacker) or mark in pu.turn_marks:
        return False
    pu.turn_marks[mark] = 1  # one smash a turn per victim
    if state.monsters[victim].energy >= 1:
        ask(state, victim, "electric_carrot", attacker)
        return True
    _more_hearts(state, victim, n)
    return False


def _more_hearts(state: KingOfTokyoState, victim: int, n: int) -> None:
    state.hits[0][1] += n
    state.event(
        "electric_carrot",
        f"{state.monster_name(victim)} loses {plural(n, 'more heart')} (Electric Carrot).",
        seat=victim,
        hearts=n,
        evolution="electric_carrot",
    )


def _carrot_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    attacker = context[0]
    n = pu_of(state).count(attacker, "electric_carrot")
    if move == Move.EVO_YES:
        n -= state.transfer_energy(seat, attacker, n, "Electric Carrot")
    if n:
        _more_hearts(state, seat, n)
    state.land_hit()


QUESTIONS["electric_carrot"] = Question(
    "Electric Carrot: give 1 energy, or lose 1 more heart",
    yes_or_no("electric_carrot"),
    _carrot_answer,
)
