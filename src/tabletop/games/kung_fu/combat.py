"""The comparison and its result: the rulebook's "D. Result".

Implements steps 2 and 3 of the "Resolution order" (R6: ``negate_parry``, then the
boosts give the final values; the comparison and combat damage, life never below 0)
and the winning defender's choice of step 6 (take the initiative, or draw the
difference; R8: taking it and a switch effect are one and the same switch). A round
without activated effects is finished from here; otherwise the effects follow
(:mod:`~tabletop.games.kung_fu.effects`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tabletop.games.kung_fu.drawing import draw
from tabletop.games.kung_fu.phases import Stage
from tabletop.games.kung_fu.rounds import cleanup, deciding_result

if TYPE_CHECKING:
    from tabletop.games.kung_fu.state import KungFuState

_EFFECTS: Final = Stage.EFFECTS
_KNOCKOUT: Final = Stage.KNOCKOUT
_SWITCH: Final = Stage.SWITCH


def resolve(state: KungFuState) -> None:
    """Negate, boosts, the comparison and combat damage (R6 steps 2-3).

    A round without activated effects is finished here straight away (knock-out,
    the defender's choice, cleanup): the common case, kept short.
    """
    g = state.kf_game
    cards = g.cards
    a = state.att_player
    d = 1 - a
    ac = state.att_card
    pc = state.par_card
    active = state.active
    acting = active[0] or active[1]
    att = cards.boosted[ac] if active[0] else cards.value[ac]
    par = 0 if pc < 0 or state.negated else cards.boosted[pc] if active[1] else cards.value[pc]
    state.att_value = att
    state.par_value = par
    log = state.keeps_log
    if acting:
        boosts(state, a, att, par)
    if state.deciding:
        deciding_result(state, att, par)
        return
    if att > par:
        loss = lose(state, d, att - par)
        state.damage = loss
        if log:
            state.event(
                "damage",
                f"attack {att} beats parry {par}: player {d + 1} loses {loss} life",
                player=d,
                amount=loss,
                attack=att,
                parry=par,
            )
    elif log:
        if att == par:
            text = f"attack {att} equals parry {par}: nothing happens"
            state.event("tie", text, attack=att, parry=par)
        else:
            text = f"parry {par} beats attack {att}"
            state.event("parried", text, player=d, attack=att, parry=par)
    if acting:
        state.eff_side = 0
        state.eff_index = 0
        state.stage = _EFFECTS
    elif not state.life[d]:
        state.stage = _KNOCKOUT
    elif par > att:
        state.stage = _SWITCH
        state.ask.push(g.ask_choice[d])
    else:
        cleanup(state)


def boosts(state: KungFuState, a: int, att: int, par: int) -> None:
    """Note the negation and the boosts bought this round."""
    cards = state.kf_game.cards
    d = 1 - a
    log = state.keeps_log
    if state.negated:
        state.summary.append(f"player {a + 1} negates the parry")
        if log:
            text = f"player {a + 1} negates the parry of player {d + 1}"
            state.event("negate", text, player=a, other=d)
    if state.active[0] and cards.has_boost[state.att_card]:
        text = f"player {a + 1} boosts the attack to {att}"
        state.summary.append(text)
        state.event("boost", text, player=a, side="attack", value=att)
    pc = state.par_card
    if state.active[1] and pc >= 0 and cards.has_boost[pc]:
        text = f"player {d + 1} boosts the parry to {par}"
        state.summary.append(text)
        state.event("boost", text, player=d, side="parry", value=par)


def lose(state: KungFuState, p: int, amount: int) -> int:
    """``p`` loses up to ``amount`` life (never below 0); returns the loss."""
    life = state.life[p]
    loss = amount if amount < life else life
    state.life[p] = life - loss
    state.lost[p] += loss
    return loss


# -- the winning defender's choice (step 6) --------------------------------------


def take_initiative(state: KungFuState, p: int) -> None:
    """The defender ``p`` takes the initiative (the switch comes at step 7)."""
    state.took = True
    text = f"player {p + 1} takes the initiative"
    state.summary.append(text)
    state.event("take_initiative", text, player=p)


def draw_difference(state: KungFuState, p: int) -> None:
    """The defender ``p`` draws the difference between parry and attack."""
    diff = state.par_value - state.att_value
    text = f"player {p + 1} draws the difference ({diff})"
    state.summary.append(text)
    state.event("draw_difference", text, player=p, amount=diff)
    draw(state, p, diff)
