"""Rapid Healing: "Spend 2 energy at any time to gain 1 heart."

Option ``rapid_healing="any_time"`` (the card, default): besides its own Buy phase,
the owner is asked before every loss of hearts (the prevention question of
:mod:`.damage`), before a loss of energy another card forces on it (Vast Storm, Play
with Your Food: it may spend the energy first), and at each step boundary of every
turn (:func:`~.windows.any_time`'s points). It is asked only while it may heal: 2
energy and a heart below its maximum. ``"buy_or_lethal"``: only in its own Buy phase
and against a loss that would eliminate it (fewer questions, fast simulations).

Rapid Healing is a face-up card and energy and hearts are public, so being asked
tells nobody anything new.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.decisions import Decision
from tabletop.games.king_of_tokyo import gains
from tabletop.games.king_of_tokyo.constants import RAPID_HEAL_COST, RAPID_HEALING
from tabletop.games.king_of_tokyo.phases import Ask, EnergyLoss

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

# The step boundaries of a turn, as bits of ``state.heal_steps``.
STEPS = ("before_roll", "rolled", "resolved", "entered", "bought", "end")


def can_heal(state: KingOfTokyoState, p: int) -> bool:
    """Whether ``p`` may pay 2 energy to heal 1 heart now."""
    m = state.monsters[p]
    return bool(m.mask & RAPID_HEALING and m.energy >= RAPID_HEAL_COST and m.hearts < m.max_hearts)


def any_time(state: KingOfTokyoState) -> bool:
    """Whether the card's own timing is on (option ``rapid_healing``)."""
    return state.kot_game.options.rapid_healing == "any_time"


def in_play(state: KingOfTokyoState) -> bool:
    """Whether a living monster owns Rapid Healing and the step windows are on."""
    return bool(state.live & RAPID_HEALING) and any_time(state)


def answers_hit(state: KingOfTokyoState, p: int, hearts: int) -> bool:
    """Whether ``p`` is asked about Rapid Healing before losing ``hearts`` hearts."""
    if not can_heal(state, p):
        return False
    return any_time(state) or state.monsters[p].hearts <= hearts


def heal(state: KingOfTokyoState, p: int) -> None:
    """Pay 2 energy, gain 1 heart."""
    state.monsters[p].energy -= RAPID_HEAL_COST
    gains.heal(state, p, 1, "Rapid Healing")


def at_step(state: KingOfTokyoState, step: str, *, skip_active: bool = False) -> bool:
    """A step boundary: each monster that may heal is asked, from the active monster
    clockwise, once per boundary per turn (``skip_active``: the active monster's own
    Buy phase comes next). True while one is asked."""
    if not in_play(state):
        return False
    bit = 1 << STEPS.index(step)
    if state.heal_steps & bit:
        return False
    state.heal_steps |= bit
    active = state.active
    asked = [
        seat
        for seat in state.clockwise(active)
        if not (skip_active and seat == active) and can_heal(state, seat)
    ]
    for seat in reversed(asked):  # the first asked on top of the stack
        state.decisions.push(Decision(Ask.RAPID_HEAL, seat, (EnergyLoss.NONE, -1)))
    return bool(asked)


def before_energy_loss(state: KingOfTokyoState, p: int, occasion: int, to: int = -1) -> None:
    """``p`` is about to lose energy (``occasion``): it may heal first, if it can;
    the loss lands when its question closes, or now."""
    if any_time(state) and can_heal(state, p):
        state.decisions.push(Decision(Ask.RAPID_HEAL, p, (occasion, to)))
    else:
        settle(state, p, occasion, to)


def answer(state: KingOfTokyoState, p: int, data: tuple[int, ...], heals: bool) -> None:
    """The owner healed once (asked again while it may) or went on."""
    if heals:
        heal(state, p)
        if can_heal(state, p):
            state.decisions.push(Decision(Ask.RAPID_HEAL, p, data))
            return
    settle(state, p, data[0], data[1])


def settle(state: KingOfTokyoState, p: int, occasion: int, to: int) -> None:
    """The loss a question held back lands."""
    m = state.monsters[p]
    if occasion == EnergyLoss.VAST_STORM:
        gains.lose_energy(state, p, m.energy // 2, "Vast Storm")
    elif occasion == EnergyLoss.PLAY_WITH_YOUR_FOOD:
        gains.transfer_energy(state, p, to, 1, "Play with Your Food")
